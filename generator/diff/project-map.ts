// `erpgen diff --project`: from compiler output to "this change breaks that line of your code". Pure: it reads
// the diagnostics of the compiles project.ts runs, and the team's source text; it runs nothing.
//
// How an error is traced to a change:
// 1. Uses, by probe. For every member that changed but still exists (a column whose length shrank, a field
//    now required, a column whose type changed, ...), a probe package is compiled: the new package with those
//    members taken out. Every place that names one of them then fails to compile, and the message names it
//    (`Property 'po_no' does not exist`, `'po_no' is not a field of TABPAGE_1.order`). Errors of the probe
//    compile that the plain new compile does not have are uses of the members they name. A use is a write when
//    the member is given a value there (a row's key in `form()`, `list()`, `w.change()`, a UDT update, an object
//    literal of the row's type), else a read. A change is traced to the uses its kind can break: a length, a
//    precision or a field becoming required to the writes only (a read of `po_no` is not broken by its length);
//    a type to every use of the value. Elements that changed are probed in a second package of their own
//    (without an element, its rows are not checked, so its fields could not be probed in the same compile).
// 2. New errors. An error of the new package that the old package does not give is traced to a removed member
//    its message names (`Cannot find module '<package>/tables/x'`, `Property 'credit_limt' does not exist`);
//    else, when the revert probe (the new package with every member whose type changed as it was) does not give
//    it, to those type changes: the one used on its line, else named by its message, else used in its file;
//    else to the changes used on its line (1.).
// 3. A name several changed members share (the same column in two tables, the same field in two elements) is
//    narrowed by what else the message names (`CustomerRow`, `of TABPAGE_1.order`), then by which of the
//    package's modules the file imports; what is still ambiguous is reported against each candidate.
//
// Where it can miss: uses that do not name a member (a row spread or copied whole, `Object.keys(row)`,
// `row[name]` with a computed name, generic code over `keyof CustomerRow`); a member named the same in two
// modules one file imports (reported against both). And a probe shows where a member is used, not whether the
// use breaks: a write of a field whose length shrank is listed whatever the length of the value written, as is a
// row of an element whose field became required, with it or without.
import type { Change } from './compare.js';
import { levelOf, WRITE_RULES } from './rules.js';

export interface Diagnostic {
  /** as the compiler printed it: relative to the project's folder */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly code: string;
  /** the first line of the message */
  readonly message: string;
  /** the whole message, with the lines the compiler adds to explain it */
  readonly text: string;
}

/** `file(line,col): error TSnnnn: message`, and the indented lines after it (`--pretty false`). */
export function parseDiagnostics(output: string): { located: Diagnostic[]; global: string[] } {
  const located: Diagnostic[] = [];
  const global: string[] = [];
  let last: { text: string[]; d: Omit<Diagnostic, 'text'> } | undefined;
  const flush = () => {
    if (last) located.push({ ...last.d, text: last.text.join('\n') });
    last = undefined;
  };
  for (const line of output.split(/\r?\n/)) {
    const m = /^(.+)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (m) {
      flush();
      last = {
        d: { file: m[1]!, line: Number(m[2]), column: Number(m[3]), code: m[4]!, message: m[5]! },
        text: [m[5]!],
      };
    } else if (last && /^\s/.test(line)) last.text.push(line.trim());
    else {
      flush();
      if (/error TS\d+:/.test(line)) global.push(line.trim());
    }
  }
  flush();
  return { located, global };
}

const keyOf = (d: Diagnostic) => `${d.file}:${d.line}:${d.column}:${d.code}`;

export interface Use {
  readonly file: string;
  readonly line: number;
  readonly how: 'writes it' | 'uses it' | 'imports it';
  /** the new compile error at this place, when there is one */
  readonly error?: { readonly code: string; readonly message: string };
}

export interface ProjectResult {
  readonly tsconfig: string;
  readonly compiler: string;
  /** errors the code has with the old package already (left out of what follows) */
  readonly oldErrors: number;
  readonly newErrors: number;
  /** changes (indexes into the diff's changes) used by the code, with where */
  readonly used: ReadonlyArray<{ readonly change: number; readonly uses: readonly Use[] }>;
  readonly untraced: ReadonlyArray<{ file: string; line: number; code: string; message: string }>;
  /** indexes of the changes no code uses */
  readonly unused: readonly number[];
}

/** A member of the package taken out by a probe, and the changes it stands for. */
/** A member's key: its kind and names, as JSON (names may hold any character, `:` too). */
export function probeKey(kind: 'column' | 'field' | 'element', ...names: string[]): string {
  return JSON.stringify([kind, ...names]);
}

export interface Probe {
  /** probeKey of the member */
  readonly key: string;
  readonly kind: 'column' | 'field' | 'element';
  readonly name: string;
  /** the words the compiler may use for its container: `CustomerRow`, `"customer"`, `TABPAGE_1.order` */
  readonly context: readonly string[];
  /** the specifier of the module it is in: `<package>/tables/customer` */
  readonly module: string;
  readonly changes: readonly number[];
}

/** A removed member, found by name in the new compile's messages. */
export interface Removal {
  readonly change: number;
  /** what a message says when code uses it */
  readonly patterns: readonly RegExp[];
  readonly context: readonly string[];
  readonly module: string;
}

export interface Compiles {
  readonly before: readonly Diagnostic[];
  readonly after: readonly Diagnostic[];
  /** one per probe package: its diagnostics and the probes it holds */
  readonly probes: ReadonlyArray<{ readonly diagnostics: readonly Diagnostic[]; readonly probes: readonly Probe[] }>;
  /** the revert probe, when a member's type changed: its diagnostics, and the changes it takes back */
  readonly revert?: { readonly diagnostics: readonly Diagnostic[]; readonly changes: readonly number[] };
}

/**
 * Whether a probe's error is a write of the member it names: the member given a value (a key of a row or an
 * object literal), not read (`row.po_no`, `select('po_no')`).
 */
function isWrite(d: Diagnostic): boolean {
  return (
    /is not a field of|Object literal may only specify known properties/.test(d.text) ||
    /^(Argument of type|Type) '\{/.test(d.message)
  );
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** How a message names a member: quoted, or as a property in a type's text. */
export function namePatterns(name: string): RegExp[] {
  const n = escapeRegExp(name);
  return [new RegExp(`'${n}'`), new RegExp(`"${n}"`), new RegExp(`[{;] (readonly )?${n}\\??:`)];
}

const mentions = (text: string, patterns: readonly RegExp[]) => patterns.some((p) => p.test(text));

/** The candidates the message or the file points at most narrowly. */
function narrow<T extends { readonly context: readonly string[]; readonly module: string }>(
  candidates: readonly T[],
  text: string,
  imports: (module: string) => boolean,
): T[] {
  if (candidates.length <= 1) return [...candidates];
  const inText = candidates.filter((c) => c.context.some((w) => text.includes(w)));
  if (inText.length === 1) return inText;
  const pool = inText.length ? inText : candidates;
  const imported = pool.filter((c) => imports(c.module));
  return imported.length ? imported : [...pool];
}

export interface Sources {
  /** the text of a file the compiler named (relative to the project), or undefined */
  read(file: string): string | undefined;
}

/**
 * The line an error is really about: a row that names a field it may not is reported at the row's `{`; the
 * field is on a line of its own further down. Looked for, from the error, as a key followed by `:`.
 */
function refineLine(text: string | undefined, line: number, column: number, name: string): number {
  if (text === undefined) return line;
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i]!.length + 1;
  offset += column - 1;
  const window = text.slice(offset, offset + 4000);
  const match = new RegExp(`(^|[{,\\s])(['"]?)${escapeRegExp(name)}\\2\\s*:`).exec(window);
  if (!match) return line;
  return line + (window.slice(0, match.index + match[1]!.length).match(/\n/g)?.length ?? 0);
}

export function mapErrors(
  compiles: Compiles,
  removals: readonly Removal[],
  changes: readonly Change[],
  sources: Sources,
  info: { readonly tsconfig: string; readonly compiler: string },
): ProjectResult {
  const uses = new Map<number, Map<string, Use>>();
  const add = (change: number, use: Use) => {
    const places = uses.get(change) ?? new Map<string, Use>();
    const key = `${use.file}:${use.line}`;
    // an error at a place says more than a use there
    if (!places.has(key) || (use.error && !places.get(key)!.error)) places.set(key, use);
    uses.set(change, places);
  };
  const importsOf = (file: string) => {
    const text = sources.read(file) ?? '';
    return (module: string) => text.includes(`'${module}'`) || text.includes(`"${module}"`);
  };

  // 1: the probes' uses
  const after = new Map<string, Diagnostic>(compiles.after.map((d) => [keyOf(d), d]));
  const usesByLine = new Map<string, Set<number>>();
  for (const { diagnostics, probes } of compiles.probes) {
    for (const d of diagnostics) {
      const before = after.get(keyOf(d));
      if (before && before.text === d.text) continue;
      const named = probes.filter(
        (p) => mentions(d.text, namePatterns(p.name)) && !(before && mentions(before.text, namePatterns(p.name))),
      );
      for (const p of narrow(named, d.text, importsOf(d.file))) {
        const line = refineLine(sources.read(d.file), d.line, d.column, p.name);
        const how = isWrite(d) ? 'writes it' : 'uses it';
        for (const c of p.changes) {
          // a length is not broken by a read
          if (how !== 'writes it' && WRITE_RULES.has(changes[c]!.rule)) continue;
          add(c, { file: d.file, line, how });
          const at = `${d.file}:${line}`;
          usesByLine.set(at, (usesByLine.get(at) ?? new Set()).add(c));
        }
      }
    }
  }

  // 2: the new errors
  const revertKeys = new Set(compiles.revert?.diagnostics.map(keyOf));
  const memberOf = (c: number): string | undefined => {
    const s = changes[c]!.subject;
    return 'field' in s ? s.field : 'column' in s ? s.column : undefined;
  };
  /** which of the type changes `candidates` an error is about: narrowed by its line, its message, its file */
  const typeChangesBehind = (d: Diagnostic, candidates: readonly number[]): number[] => {
    const onLine = usesByLine.get(`${d.file}:${d.line}`);
    const ways = [
      (c: number) => onLine?.has(c) === true,
      (c: number) => memberOf(c) !== undefined && mentions(d.text, namePatterns(memberOf(c)!)),
      (c: number) => [...(uses.get(c)?.values() ?? [])].some((u) => u.file === d.file),
    ];
    for (const way of ways) {
      const found = candidates.filter(way);
      if (found.length) return found;
    }
    return [...candidates];
  };
  const old = new Set(compiles.before.map(keyOf));
  const fresh = compiles.after.filter((d) => !old.has(keyOf(d)));
  const untraced: Array<{ file: string; line: number; code: string; message: string }> = [];
  for (const d of fresh) {
    const error = { code: d.code, message: d.message };
    const named = narrow(
      removals.filter((r) => mentions(d.text, r.patterns)),
      d.text,
      importsOf(d.file),
    );
    let traced = false;
    for (const r of named) {
      const { subject, rule } = changes[r.change]!;
      // a field missing from a row is not on a line of its own (a later row's may be)
      const member =
        rule === 'field-required-on-server'
          ? undefined
          : 'field' in subject
            ? subject.field
            : 'column' in subject
              ? subject.column
              : undefined;
      const line = member === undefined ? d.line : refineLine(sources.read(d.file), d.line, d.column, member);
      const how = /Cannot find module/.test(d.text)
        ? 'imports it'
        : rule === 'field-disabled'
          ? 'writes it'
          : 'uses it';
      add(r.change, { file: d.file, line, how, error });
      traced = true;
    }
    if (!traced && compiles.revert && !revertKeys.has(keyOf(d))) {
      // gone with the old types back: caused by a change of type (a breaking one: the others break nothing)
      const breaking = compiles.revert.changes.filter((c) => levelOf(changes[c]!.rule) === 'breaking');
      for (const c of typeChangesBehind(d, breaking)) {
        add(c, { file: d.file, line: d.line, how: 'uses it', error });
        traced = true;
      }
    }
    if (!traced) {
      // the error goes with the breaking changes used on its line, when there are any (a label removed, not the
      // labels added beside it); the others keep their plain use
      const used = [...(usesByLine.get(`${d.file}:${d.line}`) ?? [])];
      const breaking = used.filter((c) => levelOf(changes[c]!.rule) === 'breaking');
      for (const c of breaking.length ? breaking : used) {
        add(c, { file: d.file, line: d.line, how: 'uses it', error });
        traced = true;
      }
    }
    if (!traced) untraced.push({ file: d.file, line: d.line, code: d.code, message: d.message });
  }

  const used = [...uses.keys()]
    .sort((a, b) => a - b)
    .map((change) => ({
      change,
      uses: [...uses.get(change)!.values()].sort((a, b) =>
        a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line,
      ),
    }));
  return {
    ...info,
    oldErrors: compiles.before.length,
    newErrors: fresh.length,
    used,
    untraced,
    unused: changes.map((_, i) => i).filter((i) => !uses.has(i)),
  };
}
