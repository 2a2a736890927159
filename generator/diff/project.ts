// `erpgen diff --project tsconfig.json`: the team's code type-checked against the package the old snapshot gives
// and the one the new snapshot gives, and against probe packages (project-map.ts says what they are for and how
// errors are traced to changes). Everything is made in a temporary folder: the packages, the probes and a
// tsconfig per compile that extends the team's and points the package's name at the package to check (a
// `paths` entry, with the team's own `paths` kept). Nothing of theirs is written.
//
// The compiler is the project's own `typescript` (tsc, run as a process), so its version and options are the
// ones the team builds with; erpgen itself does not depend on TypeScript.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Config } from '../config.js';
import { UserError } from '../errors.js';
import { generate } from '../generate.js';
import { moduleFiles } from '../emit/package-files.js';
import { rowModule } from '../emit/row-module.js';
import { transactionModule } from '../emit/transaction-module.js';
import { KnownValueIndex } from '../model/known-values.js';
import { nameServices, type ObjectNames } from '../model/naming.js';
import { objectModulePath, serviceModulePath, type PlannedObject } from '../model/plan.js';
import type { QueryObject } from '../model/schema.js';
import type { TransactionService } from '../model/transactions.js';
import { openServices } from '../source/snapshot.js';
import type { Change } from './compare.js';
import {
  mapErrors,
  escapeRegExp,
  namePatterns,
  parseDiagnostics,
  probeKey,
  type Diagnostic,
  type Probe,
  type ProjectResult,
  type Removal,
} from './project-map.js';
import type { SnapshotDiff } from './snapshots.js';

/** The new versions of what changed, as the diff saw them go by. */
export interface ChangedModels {
  readonly objects: Map<string, QueryObject>;
  readonly services: Map<string, TransactionService>;
}

export const modelKey = (surface: string, name: string) => `${surface}:${name}`;

export interface ProjectInput {
  readonly tsconfig: string;
  readonly config: Config;
  readonly before: string;
  readonly after: string;
  readonly diff: SnapshotDiff;
  readonly models: ChangedModels;
}

// --- the team's compiler and tsconfig -------------------------------------------------------------------------

function findTsconfig(given: string): string {
  let file = resolve(given);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'tsconfig.json');
  if (!existsSync(file)) throw new UserError(`--project ${given}: no such tsconfig file`);
  return file;
}

function findCompiler(projectDir: string, shown: string): { tsc: string; version: string } {
  let pkgFile: string;
  try {
    pkgFile = createRequire(join(projectDir, 'package.json')).resolve('typescript/package.json');
  } catch {
    throw new UserError(
      `--project ${shown}: TypeScript is not installed for this project (npm install -D typescript there): erpgen checks your code with your own compiler`,
    );
  }
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version?: string; bin?: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.['tsc'];
  if (!bin) throw new UserError(`--project ${shown}: the typescript package found at ${dirname(pkgFile)} has no tsc`);
  return { tsc: join(dirname(pkgFile), bin), version: pkg.version ?? '?' };
}

/** JSON with comments and trailing commas, as tsconfig files are written. */
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === ',' && /^\s*[}\]]/.test(text.slice(i + 1).replace(/^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, ''))) {
      // a trailing comma
    } else out += c;
  }
  return JSON.parse(out);
}

interface TsconfigFile {
  readonly file: string;
  readonly json: {
    extends?: string | string[];
    compilerOptions?: { paths?: Record<string, string[]>; baseUrl?: string };
    files?: unknown;
    include?: unknown;
  };
}

/** The tsconfig and every file it extends, bases first (the order the compiler applies them). */
function tsconfigChain(file: string, seen = new Set<string>()): TsconfigFile[] {
  if (seen.has(file)) return [];
  seen.add(file);
  let json: TsconfigFile['json'];
  try {
    json = parseJsonc(readFileSync(file, 'utf8')) as TsconfigFile['json'];
  } catch (error) {
    throw new UserError(`${file}: cannot read this tsconfig (${(error as Error).message})`);
  }
  const bases = json.extends === undefined ? [] : Array.isArray(json.extends) ? json.extends : [json.extends];
  const chain: TsconfigFile[] = [];
  for (const base of bases) {
    const from = dirname(file);
    const candidates =
      base.startsWith('.') || isAbsolute(base) ? [resolve(from, base), resolve(from, `${base}.json`)] : [];
    if (!candidates.length) {
      const req = createRequire(file);
      for (const name of [base, `${base}.json`, `${base}/tsconfig.json`])
        try {
          candidates.push(req.resolve(name));
        } catch {
          // try the next form
        }
    }
    const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
    if (found) chain.push(...tsconfigChain(found, seen));
  }
  chain.push({ file, json });
  return chain;
}

interface TeamSettings {
  /** their `paths`, made absolute */
  readonly paths: Record<string, string[]>;
  /** whether some file of the chain says which files to compile (else the default is the tsconfig's folder) */
  readonly namesFiles: boolean;
  /** whether it sets these itself (else their defaults depend on where the tsconfig is, and are given) */
  readonly setsRootDir: boolean;
  readonly setsTypeRoots: boolean;
}

/** What a tsconfig in another folder must say so that the team's settings mean what they mean in theirs. */
function teamSettings(tsconfig: string): TeamSettings {
  const chain = tsconfigChain(tsconfig);
  const withPaths = chain.filter((c) => c.json.compilerOptions?.paths).pop();
  const withBase = chain.filter((c) => c.json.compilerOptions?.baseUrl !== undefined).pop();
  const base = withBase
    ? resolve(dirname(withBase.file), withBase.json.compilerOptions!.baseUrl!)
    : withPaths && dirname(withPaths.file);
  const paths: Record<string, string[]> = {};
  for (const [key, targets] of Object.entries(withPaths?.json.compilerOptions?.paths ?? {}))
    paths[key] = targets.map((t) => resolve(base!, t));
  const sets = (option: string) =>
    chain.some((c) => (c.json.compilerOptions as Record<string, unknown> | undefined)?.[option] !== undefined);
  return {
    paths,
    namesFiles: chain.some((c) => c.json.files !== undefined || c.json.include !== undefined),
    setsRootDir: sets('rootDir'),
    setsTypeRoots: sets('typeRoots'),
  };
}

// --- packages ---------------------------------------------------------------------------------------------

function writeFiles(dir: string, files: Iterable<readonly [string, string]>): void {
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

/**
 * A probe package: only the modules it changes, beside the runtime of the new package (linked, so that the
 * runtime's types are the same declarations whichever module reaches them); the rest resolves to the new
 * package (`paths` tries the probe first).
 */
function probePackage(dir: string, newPackage: string, files: Iterable<readonly [string, string]>): void {
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(newPackage, 'runtime'), join(dir, 'runtime'), 'junction');
  for (const f of ['package.json', 'known-values.ts', 'known-values.js', 'known-values.d.ts'])
    if (existsSync(join(newPackage, f))) copyFileSync(join(newPackage, f), join(dir, f));
  writeFiles(dir, files);
}

/** tsc's report; with `listFiles`, the files of the program too (one absolute path a line). */
function runTsc(tsc: string, tsconfig: string, cwd: string, listFiles = false): Promise<string> {
  return new Promise((done, fail) => {
    const args = [tsc, '-p', tsconfig, '--pretty', 'false', ...(listFiles ? ['--listFiles'] : [])];
    const child = spawn(process.execPath, args, { cwd });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 || code === 1 || code === 2
        ? done(output)
        : fail(new UserError(`tsc stopped (exit ${code}): ${output.trim().split('\n')[0] ?? ''}`)),
    );
  });
}

// --- probes -------------------------------------------------------------------------------------------------

const ADDED = new Set([
  'object-added',
  'service-added',
  'column-added',
  'field-added',
  'field-added-required',
  'element-added',
]);

interface ProbePlan {
  readonly members: Probe[];
  readonly elements: Probe[];
  readonly removals: Removal[];
}

function planProbes(
  changes: readonly Change[],
  names: {
    object: (surface: string, name: string, side: 'before' | 'after') => ObjectNames | undefined;
    service: (name: string, side: 'before' | 'after') => ObjectNames | undefined;
  },
  models: ChangedModels,
  packageName: string,
): ProbePlan {
  const probes = new Map<string, Probe & { changes: number[] }>();
  const probe = (key: string, p: Omit<Probe, 'changes' | 'key'>, change: number) => {
    const known = probes.get(key) ?? { ...p, key, changes: [] };
    known.changes.push(change);
    probes.set(key, known);
  };
  const removals: Removal[] = [];
  changes.forEach((c, i) => {
    const s = c.subject;
    if ('surface' in s) {
      const side = c.rule === 'object-removed' ? 'before' : 'after';
      const n = names.object(s.surface, s.object, side);
      if (!n) return;
      const module = `${packageName}/${objectModulePath({ surface: s.surface, stem: n.stem })}`;
      const context = [`${n.type}Row`, `${n.type}Kinds`, `${n.type}Column`, `"${s.object}"`];
      if (c.rule === 'object-removed') {
        removals.push({
          change: i,
          patterns: [new RegExp(`Cannot find module ['"]${escapeRegExp(module)}['"]`)],
          context: [],
          module,
        });
        return;
      }
      const columns =
        s.kind === 'column'
          ? [s.column]
          : c.rule === 'object-key-changed'
            ? symmetricDifference(c.from as string[], c.to as string[])
            : [];
      const current = models.objects.get(modelKey(s.surface, s.object));
      for (const column of columns) {
        if (c.rule === 'column-removed') removals.push({ change: i, patterns: namePatterns(column), context, module });
        else if (!ADDED.has(c.rule) && current?.columns.some((col) => col.name === column))
          probe(probeKey('column', s.surface, s.object, column), { kind: 'column', name: column, context, module }, i);
      }
      return;
    }
    const side = c.rule === 'service-removed' ? 'before' : 'after';
    const n = names.service(s.service, side);
    if (!n) return;
    const module = `${packageName}/${serviceModulePath(n)}`;
    const context = [`${n.type}Forms`, `${n.type}Lists`, ...(s.kind === 'service' ? [] : [s.element])];
    if (c.rule === 'service-removed')
      removals.push({
        change: i,
        patterns: [new RegExp(`Cannot find module ['"]${escapeRegExp(module)}['"]`)],
        context: [],
        module,
      });
    else if (s.kind === 'element') {
      if (c.rule === 'element-removed')
        removals.push({ change: i, patterns: namePatterns(s.element), context, module });
      else if (!ADDED.has(c.rule))
        probe(probeKey('element', s.service, s.element), { kind: 'element', name: s.element, context, module }, i);
    } else if (s.kind === 'field') {
      if (c.rule === 'field-removed')
        removals.push({
          change: i,
          patterns: [
            new RegExp(`'${escapeRegExp(s.field)}' is not a field of ${escapeRegExp(s.element)}`),
            ...namePatterns(s.field),
          ],
          context,
          module,
        });
      else if (!ADDED.has(c.rule)) {
        const key = probeKey('field', s.service, s.element, s.field);
        probe(key, { kind: 'field', name: s.field, context, module }, i);
        // a column's length change is used where the fields on that column are written
        const column = c.via === undefined ? -1 : changes.findIndex((o) => isLengthOf(o, c.via!));
        if (column >= 0) probe(key, { kind: 'field', name: s.field, context, module }, column);
      }
    }
  });
  const all = [...probes.entries()];
  return {
    members: all.filter(([, p]) => p.kind !== 'element').map(([, p]) => p),
    elements: all.filter(([, p]) => p.kind === 'element').map(([, p]) => p),
    removals,
  };
}

function isLengthOf(c: Change, dbColumn: string): boolean {
  const s = c.subject;
  return (
    (c.rule === 'column-length-shrunk' || c.rule === 'column-length-grown') &&
    s.kind === 'column' &&
    s.surface === 'table' &&
    `${s.object}.${s.column}`.toLowerCase() === dbColumn.toLowerCase()
  );
}

function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  return [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];
}

/** The modules of a probe package: the new versions of the changed objects and services, less what it probes. */
function probeFiles(
  keys: ReadonlySet<string>,
  models: ChangedModels,
  plan: readonly PlannedObject[],
  serviceNames: ReadonlyMap<string, ObjectNames>,
  config: Config,
): Array<readonly [string, string]> {
  const files: Array<readonly [string, string]> = [];
  const knownValues = new KnownValueIndex(config.knownValues);
  for (const o of plan) {
    const object = models.objects.get(modelKey(o.surface, o.name));
    if (!object || o.omitted) continue;
    const columns = object.columns.filter((c) => !keys.has(probeKey('column', o.surface, o.name, c.name)));
    if (columns.length === object.columns.length) continue;
    const module = rowModule({ ...object, columns }, o, { decimals: config.decimals, knownValues, source: 'a probe' });
    files.push(...moduleFiles(objectModulePath(o), module, config.emit));
  }
  for (const [name, service] of models.services) {
    const elements = service.elements
      .filter((e) => !keys.has(probeKey('element', name, e.name)))
      .map((e) => {
        const fields = e.fields.filter((f) => !keys.has(probeKey('field', name, e.name, f.name)));
        const kept = new Set(fields.map((f) => f.name));
        return { ...e, fields, keyFields: e.keyFields.filter((k) => kept.has(k)) };
      });
    const same =
      elements.length === service.elements.length &&
      elements.every((e, i) => e.fields.length === service.elements[i]!.fields.length);
    const names = serviceNames.get(name);
    if (same || !names) continue;
    files.push(
      ...moduleFiles(
        serviceModulePath(names),
        transactionModule({ ...service, elements }, names, new Map()),
        config.emit,
      ),
    );
  }
  return files;
}

// --- the run ------------------------------------------------------------------------------------------------

export async function checkProject(input: ProjectInput): Promise<ProjectResult> {
  const { config, diff } = input;
  const tsconfig = findTsconfig(input.tsconfig);
  const projectDir = dirname(tsconfig);
  const shown = relative(process.cwd(), tsconfig) || tsconfig;
  const compiler = findCompiler(projectDir, shown);
  const team = teamSettings(tsconfig);
  const work = mkdtempSync(join(tmpdir(), 'erpgen-diff-project-'));
  try {
    const ext = config.emit === 'ts' ? '.ts' : '.d.ts';
    const packageAt = (name: string, snapshot: string) => generate({ ...config, snapshot, out: join(work, name) });
    await packageAt('old', input.before);
    await packageAt('new', input.after);

    const serviceNames = {
      before: nameServices(openServices(input.before)?.definitions.map((d) => d.name) ?? []),
      after: nameServices(openServices(input.after)?.definitions.map((d) => d.name) ?? []),
    };
    const objectNames = {
      before: new Map(diff.plans.before.map((o) => [modelKey(o.surface, o.name), o])),
      after: new Map(diff.plans.after.map((o) => [modelKey(o.surface, o.name), o])),
    };
    const plan = planProbes(
      diff.changes,
      {
        object: (surface, name, side) => objectNames[side].get(modelKey(surface, name)),
        service: (name, side) => serviceNames[side].get(name),
      },
      input.models,
      config.packageName,
    );

    const variants: Array<{ name: string; dirs: string[] }> = [
      { name: 'old', dirs: [join(work, 'old')] },
      { name: 'new', dirs: [join(work, 'new')] },
    ];
    const groups = [plan.members, plan.elements].filter((g) => g.length > 0);
    groups.forEach((group, i) => {
      const keys = new Set(group.map((p) => p.key));
      const dir = join(work, `probe${i}`);
      probePackage(
        dir,
        join(work, 'new'),
        probeFiles(keys, input.models, diff.plans.after, serviceNames.after, config),
      );
      variants.push({ name: `probe${i}`, dirs: [dir, join(work, 'new')] });
    });

    const major = Number(compiler.version.split('.')[0]);
    const outputs: string[] = [];
    // two at a time: the machine's cores, and tsc is one process each
    for (let i = 0; i < variants.length; i += 2) {
      const batch = variants.slice(i, i + 2).map((v) => {
        const file = join(work, `${v.name}.tsconfig.json`);
        writeFileSync(
          file,
          JSON.stringify(variantTsconfig(tsconfig, projectDir, team, major, config.packageName, v.dirs, ext), null, 2),
        );
        return runTsc(compiler.tsc, file, projectDir, v.name === 'new');
      });
      outputs.push(...(await Promise.all(batch)));
    }
    // a project that never reaches the package (another package name, the wrong tsconfig) would check nothing
    const newPackage = realpathSync(join(work, 'new'));
    if (!outputs[1]!.split(/\r?\n/).some((line) => resolve(line.trim()).startsWith(newPackage + sep)))
      throw new UserError(
        `--project ${shown}: no file of the project imports ${config.packageName} (the packageName of erpgen.config.json): give the tsconfig of the project that imports it (not one that only lists references)`,
      );
    const diagnostics = outputs.map((output) => {
      const { located, global } = parseDiagnostics(output);
      if (global.length) throw new UserError(`--project ${shown}: tsc cannot check the project: ${global[0]}`);
      // errors inside the packages themselves are not the team's code
      return located.filter((d) => !resolve(projectDir, d.file).startsWith(work + sep));
    });
    const sources = new Map<string, string | undefined>();
    return mapErrors(
      {
        before: diagnostics[0]!,
        after: diagnostics[1]!,
        probes: groups.map((probes, i) => ({ diagnostics: diagnostics[2 + i]! as Diagnostic[], probes })),
      },
      plan.removals,
      diff.changes,
      {
        read: (file) => {
          if (!sources.has(file)) {
            try {
              sources.set(file, readFileSync(resolve(projectDir, file), 'utf8'));
            } catch {
              sources.set(file, undefined);
            }
          }
          return sources.get(file);
        },
      },
      { tsconfig: shown, compiler: `TypeScript ${compiler.version}` },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `node_modules/@types` of the folder and every folder above it: the default `typeRoots` of a tsconfig there. */
function typeRootsOf(dir: string): string[] {
  const roots: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules/@types'))) roots.push(join(at, 'node_modules/@types'));
    if (dirname(at) === at) return roots;
  }
}

function variantTsconfig(
  tsconfig: string,
  projectDir: string,
  team: TeamSettings,
  compilerMajor: number,
  packageName: string,
  dirs: readonly string[],
  ext: string,
): object {
  const paths = { ...team.paths };
  delete paths[packageName];
  delete paths[`${packageName}/*`];
  paths[packageName] = dirs.map((d) => join(d, `index${ext}`));
  paths[`${packageName}/*`] = dirs.map((d) => join(d, `*${ext}`));
  return {
    extends: tsconfig,
    compilerOptions: {
      noEmit: true,
      incremental: false,
      composite: false,
      emitDeclarationOnly: false,
      paths,
      // TypeScript 6 and later default rootDir to the tsconfig's folder: theirs, not this one
      ...(team.setsRootDir || compilerMajor < 6 ? {} : { rootDir: projectDir }),
      ...(team.setsTypeRoots ? {} : { typeRoots: typeRootsOf(projectDir) }),
    },
    ...(team.namesFiles ? {} : { include: [join(projectDir, '**/*')], exclude: [join(projectDir, 'node_modules')] }),
  };
}
