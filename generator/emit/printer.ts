// The one printer of generated code. Emitters describe a module once, as a small syntax tree (what to print);
// this module prints it in any of three forms: `ts` (the TypeScript source), `js` (the same module without its
// types) and `dts` (its declarations, JSDoc and all). The layout is prettier's, by construction: the tree
// becomes a document of groups, indents and line breaks built the way prettier builds it for the same syntax,
// and layout.ts lays it out with prettier's algorithm at prettier's display width. So no emitted file needs
// formatting, which at thousands of modules would cost more than everything else a run does.
import {
  block,
  conditional,
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  layout,
  line,
  lines,
  made,
  PRINT_WIDTH,
  softline,
  type Doc,
  type Group,
} from './layout.js';
import { displayWidth } from './width.js';

/** The style emitted code is printed in; the generated package carries it so `prettier --check` agrees. */
export const PRETTIER_OPTIONS = { singleQuote: true, printWidth: PRINT_WIDTH } as const;

export type Form = 'ts' | 'js' | 'dts';

// --- the syntax tree: what emitters say -----------------------------------------------------------------

/** An expression: a string, number, boolean or null literal, or one of the nodes below. */
export type Expr = string | number | boolean | null | ObjectExpr | ArrayExpr | CallExpr | RefExpr | AsConstExpr;
type Entry = readonly [key: string, value: Expr];
/**
 * A listing's entries made one at a time as they are printed: a 10x tenant's catalog lists 71,600, which as an
 * array of entries (and their values' strings) was held whole while both its forms were printed.
 */
interface EntriesMade {
  readonly length: number;
  at(i: number): Entry;
}
export interface ObjectExpr {
  readonly object: readonly Entry[] | EntriesMade;
  /** a listing (names to values): one entry per line whatever the width, as prettier keeps such an object */
  readonly listing?: boolean;
}
export interface ArrayExpr {
  readonly array: readonly Expr[];
}
export interface CallExpr {
  readonly call: Expr;
  /** printed in `ts` only */
  readonly typeArgs?: readonly Type[];
  readonly args: readonly Expr[];
}
export interface RefExpr {
  readonly ref: string;
}
/** `value as const` in `ts`; its declared type is the literal type of the value */
export interface AsConstExpr {
  readonly asConst: Expr;
}

/** A type: a string is a type written out (`string`, `keyof CustomerRow`), else one of the nodes below. */
export type Type = string | LiteralType | UnionType | ObjectType | GenericType | TupleType;
export interface LiteralType {
  readonly literal: string | number | boolean;
}
export interface UnionType {
  readonly union: readonly Type[];
}
export interface ObjectType {
  readonly members: readonly Member[];
  readonly listing?: boolean;
}
export interface GenericType {
  readonly generic: string;
  readonly args: readonly Type[];
}
/** `readonly [A, B]` */
export interface TupleType {
  readonly tuple: readonly Type[];
}
/** `readonly key?: type`, with its JSDoc; `key?: type` when `mutable` */
export interface Member {
  readonly key: string;
  readonly type: Type;
  readonly optional?: boolean;
  readonly mutable?: boolean;
  readonly doc?: readonly string[];
}

export type Statement =
  /** `//` comment lines */
  | { readonly comment: readonly string[] }
  /**
   * `import { a as $a } from '...'`. `value`: needed by the code (`ts`, `js`); `type`: by the types (`ts`,
   * `dts`); `declaration`: only by the declarations (`dts`).
   */
  | { readonly import: readonly string[]; readonly from: string; readonly use: 'value' | 'type' | 'declaration' }
  | { readonly exportAll: string }
  | { readonly interface: string; readonly members: readonly Member[]; readonly doc?: readonly string[] }
  /** `declare module '...' { interface ... }`: members added to a module's interfaces (types only: none in `js`) */
  | {
      readonly declareModule: string;
      readonly interfaces: ReadonlyArray<{ readonly name: string; readonly members: readonly Member[] }>;
    }
  | { readonly typeAlias: string; readonly type: Type; readonly doc?: readonly string[] }
  /** `export const`; `type` is what the declaration says (by default, the literal type of an `as const` value) */
  | { readonly const: string; readonly value: Expr; readonly type?: Type; readonly doc?: readonly string[] };

/** Statements in blocks: a blank line between blocks, none inside one. */
export interface Module {
  readonly blocks: ReadonlyArray<readonly Statement[]>;
}

// --- tokens ----------------------------------------------------------------------------------------------

const PLAIN = /^[^'"\\\x00-\x1f\u2028\u2029\ud800-\udfff]*$/;

/** A string literal as prettier prints it with `singleQuote: true`. */
export function stringLiteral(text: string): string {
  // most server names need no escape at all
  if (PLAIN.test(text)) return `'${text}'`;
  const json = JSON.stringify(text);
  const singles = (text.match(/'/g) ?? []).length;
  const doubles = (text.match(/"/g) ?? []).length;
  if (doubles < singles) return json;
  // JSON escapes `"` and never `'`: swap to single quotes
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A property key: bare when it is an identifier name (reserved words included), else a string literal. */
export function propertyKey(name: string): string {
  // most names are ASCII: the Unicode test only for the others
  return ASCII_IDENTIFIER.test(name) || IDENTIFIER.test(name) ? name : stringLiteral(name);
}
const ASCII_IDENTIFIER = /^[A-Za-z$_][\w$]*$/;
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/**
 * A key in an object literal: `__proto__` must be computed, or it would set the prototype. In JavaScript
 * prettier also unquotes a key that is a plain number written the way JavaScript writes it (`'2024'`).
 */
function objectLiteralKey(name: string, form: Form): string {
  if (name === '__proto__') return `['__proto__']`;
  if (form === 'js' && /^(?:\d+|\d+\.\d+)$/.test(name) && String(Number(name)) === name) return name;
  return propertyKey(name);
}

/** Text inside a `/** ... *\/` comment: a `*\/` in a server name must not end the comment. */
function commentText(text: string): string {
  if (!/\*\/|[\r\n\u2028\u2029]/.test(text)) return text;
  return text.replace(/\*\//g, '*\\/').replace(/\r?\n|\r|\u2028|\u2029/g, ' ');
}

// --- from the tree to documents, as prettier builds them ----------------------------------------------------

/** A JSDoc comment as its lines (prettier never wraps a comment). */
function docLines(doc: readonly string[] | undefined): string[] {
  if (!doc?.length) return [];
  const clean = doc.map(commentText);
  if (clean.length === 1) return [`/** ${clean[0]} */`];
  return ['/**', ...clean.map((l) => (l === '' ? ' *' : ` * ${l}`)), ' */'];
}

function docComment(doc: readonly string[] | undefined): Doc {
  if (!doc?.length) return '';
  return join(hardline, docLines(doc)).concat(hardline);
}

/**
 * `{ a, b }` flat when it fits; a listing always one entry per line. `{}` when empty. A listing of entries that
 * are text already is laid out as lines.
 */
function braces(entries: readonly Doc[], separator: string, listing: boolean | undefined): Doc {
  if (entries.length === 0) return '{}';
  if (listing) {
    if (entries.every((e) => typeof e === 'string'))
      return group(['{', lines((entries as string[]).map((e) => e + separator)), hardline, '}'], true);
    return group(['{', indent(entries.map((e) => [hardline, e, separator])), hardline, '}'], true);
  }
  return group(['{', indent([line, join([separator, line], entries)]), ifBreak(separator), line, '}']);
}

/** entries of a listing made a block at a time (layout.ts: `block`), when it has more than this many */
const BLOCK_LINES = 2048;

/**
 * A listing of `count` entries, one per line, as `braces` lays it out: entry `i` is `entryAt(i)`, text (one or
 * more lines, by `\n`) or a document; each followed by `separator`. The entries are made and joined into
 * blocks as they are laid out (layout.ts: `made`; a 10x tenant's catalog lists 70,000): none is held for the
 * whole module.
 */
function longListing(count: number, entryAt: (i: number) => Doc, separator: string): Doc {
  // an entry that is a document, made while a block was being filled: it goes alone, next
  let held: { at: number; entry: Doc } | undefined;
  const next = (from: number) => {
    if (from >= count) return undefined;
    const texts: string[] = [];
    let i = from;
    for (; i < count && texts.length < BLOCK_LINES; i++) {
      const entry = held?.at === i ? held.entry : entryAt(i);
      held = undefined;
      if (typeof entry === 'string') texts.push(entry + separator);
      else if (texts.length) {
        held = { at: i, entry };
        break;
      } else return { doc: indent([hardline, entry, separator]), to: i + 1 };
    }
    return { doc: block(texts), to: i };
  };
  return group(['{', made(next), hardline, '}'], true);
}

function allEntries(entries: ObjectExpr['object']): readonly Entry[] {
  return Array.isArray(entries) ? entries : Array.from({ length: entries.length }, (_, i) => entries.at(i)!);
}

/** `[a, b]` flat when it fits, else one item per line with a trailing comma. */
function brackets(items: readonly Doc[], open = '['): Doc {
  if (items.length === 0) return `${open}]`;
  return group([open, indent([softline, join([',', line], items)]), ifBreak(','), softline, ']']);
}

function isTypeScript(form: Form): boolean {
  return form !== 'js';
}

function expression(e: Expr, form: Form): Doc {
  if (e === null) return 'null';
  if (typeof e === 'string') return stringLiteral(e);
  if (typeof e === 'number' || typeof e === 'boolean') return String(e);
  if ('object' in e) {
    const entries = e.object;
    if (e.listing && entries.length > BLOCK_LINES)
      return longListing(
        entries.length,
        (i) => {
          const [key, value] = entries.at(i)!;
          return property(key, value, form);
        },
        ',',
      );
    return braces(
      allEntries(entries).map(([key, value]) => property(key, value, form)),
      ',',
      e.listing,
    );
  }
  if ('array' in e) return brackets(e.array.map((item) => expression(item, form)));
  if ('ref' in e) return e.ref;
  if ('asConst' in e)
    return isTypeScript(form) ? [expression(e.asConst, form), ' as const'] : expression(e.asConst, form);
  const typeArgs = isTypeScript(form) && e.typeArgs?.length ? typeArguments(e.typeArgs) : '';
  return [expression(e.call, form), typeArgs, callArguments(e.args, form)];
}

/**
 * Call arguments as prettier prints them. A sole object or array argument hugs the parentheses, `f({`, when
 * that much fits; else it is put on its own lines, `f(\n  {`.
 */
function callArguments(args: readonly Expr[], form: Form): Doc {
  if (args.length === 0) return '()';
  const first = args[0];
  // `{...} as const` hugs as its object does (and is the object itself in `js`)
  const asConst = typeof first === 'object' && first !== null && 'asConst' in first;
  const only = asConst ? first.asConst : first;
  const suffix = asConst && isTypeScript(form) ? ' as const' : '';
  if (args.length === 1 && typeof only === 'object' && only !== null && ('object' in only || 'array' in only)) {
    const hugged = [expression(only, form), suffix];
    // a listing is one entry per line either way: its document serves both states (a descriptor's is most of a
    // row module's printing)
    const expanded =
      'object' in only && only.listing
        ? hugged
        : [
            'object' in only
              ? expression({ ...only, listing: true }, form)
              : group(brackets(only.array.map((item) => expression(item, form))), true),
            suffix,
          ];
    return conditional([
      ['(', hugged, ')'],
      ['(', expanded, ')'],
      group(['(', indent([line, hugged]), ',', line, ')'], true),
    ]);
  }
  const printed = args.map((a) => expression(a, form));
  return group(['(', indent([softline, join([',', line], printed)]), ifBreak(','), softline, ')']);
}

/**
 * `left = right` as prettier's "fluid" assignment layout: the right side stays on the line when its start
 * fits there, else it moves, indented, to the next line.
 */
function assignment(left: Doc, right: Doc): Doc {
  const after: Group = { ...group(indent(line)), tracked: true };
  return group([left, ' =', after, indentIfBreak(after, right)]);
}

/**
 * A property or member line whose flat form fits whatever its indentation (never deeper than 16 here) with the
 * `,` or `;` after it: printed as text, it lays out exactly as its group would, without measuring the group.
 * Most columns are such lines, and the layout of their groups was most of a run's printing time.
 */
const fitsAnywhere = (flat: string): boolean =>
  // no character is wider than two columns per UTF-16 unit: most lines need no measuring at all
  flat.length * 2 <= PRINT_WIDTH - 17 || (flat.length <= PRINT_WIDTH - 17 && displayWidth(flat) <= PRINT_WIDTH - 17);

/**
 * An expression as one line of text when it has nothing a layout would ever break here: literals, references,
 * and objects (not listings) and arrays of them. Undefined for calls and listings.
 */
function flatExpression(e: Expr, form: Form): string | undefined {
  if (e === null || typeof e !== 'object') return expression(e, form) as string;
  if ('ref' in e) return e.ref;
  if ('array' in e) {
    const items: string[] = [];
    for (const item of e.array) {
      const flat = flatExpression(item, form);
      if (flat === undefined) return undefined;
      items.push(flat);
    }
    return `[${items.join(', ')}]`;
  }
  if ('object' in e) {
    if (e.listing) return undefined;
    if (!e.object.length) return '{}';
    const entries: string[] = [];
    for (const [key, value] of allEntries(e.object)) {
      const flat = flatExpression(value, form);
      if (flat === undefined) return undefined;
      entries.push(`${objectLiteralKey(key, form)}: ${flat}`);
    }
    return `{ ${entries.join(', ')} }`;
  }
  return undefined;
}

/**
 * `key: value`, laid out as prettier lays out an object property: a string or a reference moves to its own line
 * when it does not fit, unless the key is too short for that to help (narrower than tab width + 3). A small object
 * or array value that fits on the line whatever its indentation is printed as text.
 */
function property(key: string, value: Expr, form: Form): Doc {
  const k = objectLiteralKey(key, form);
  if (typeof value === 'object' && value !== null && ('object' in value || 'array' in value)) {
    const flat = flatExpression(value, form);
    if (flat !== undefined && fitsAnywhere(`${k}: ${flat}`)) return `${k}: ${flat}`;
  }
  const v = expression(value, form);
  const simple = typeof value === 'string' || (typeof value === 'object' && value !== null && 'ref' in value);
  if (simple && !(!k.startsWith('[') && displayWidth(k) < 5)) {
    const flat = `${k}: ${v as string}`;
    if (fitsAnywhere(flat)) return flat;
    return group([k, ':', group(indent([line, v]))]);
  }
  return typeof v === 'string' ? `${k}: ${v}` : [k, ': ', v];
}

/**
 * `<A>` (prettier never breaks a sole simple type argument), else `<A, B>` or one per line; a union that does not fit
 * its line then, one member per line, each after `| ` (a key of wide names: `'一丁…' | '帀币…'`).
 */
function typeArguments(args: readonly Type[]): Doc {
  if (args.length === 1 && typeof args[0] === 'string') return `<${args[0]}>`;
  const argument = (t: Type): Doc =>
    isUnion(t) ? group([ifBreak('| '), join([line, '| '], t.union.map(typeDoc))]) : typeDoc(t);
  return group(['<', indent([softline, join([',', line], args.map(argument))]), softline, '>']);
}

function typeDoc(t: Type): Doc {
  if (typeof t === 'string') return t;
  if ('literal' in t) return typeof t.literal === 'string' ? stringLiteral(t.literal) : String(t.literal);
  if ('union' in t) return join(' | ', t.union.map(typeDoc));
  if ('members' in t)
    return t.listing && t.members.length > BLOCK_LINES
      ? longListing(t.members.length, (i) => listedMember(t.members[i]!), ';')
      : t.listing && t.members.length
        ? group(memberBlock(t.members), true)
        : braces(t.members.map(member), ';', t.listing);
  if ('generic' in t) return [t.generic, typeArguments(t.args)];
  return brackets(t.tuple.map(typeDoc), 'readonly [');
}

/** `readonly key?: type` when it needs no layout (most members: a union that fits, or no union); else undefined. */
const memberHead = (m: Member): string =>
  `${m.mutable ? '' : 'readonly '}${propertyKey(m.key)}${m.optional ? '?' : ''}:`;

function flatMember(m: Member): string | undefined {
  // an object type with members, or a generic, is laid out: not worked out here only to be dropped (a service's
  // element type holds all its fields)
  if (typeof m.type === 'object' && (('members' in m.type && m.type.members.length > 0) || 'generic' in m.type))
    return undefined;
  const head = memberHead(m);
  if (typeof m.type === 'object' && 'union' in m.type && m.type.union.length > 1) {
    const types = m.type.union.map(typeDoc);
    if (!types.every((t) => typeof t === 'string')) return undefined;
    const flat = `${head} ${types.join(' | ')}`;
    return fitsAnywhere(flat) ? flat : undefined;
  }
  const type = typeDoc(m.type);
  // nothing to break in `readonly key: type`: prettier keeps it on one line however long
  return typeof type === 'string' ? `${head} ${type}` : undefined;
}

/**
 * `readonly key?: type` with its JSDoc. A union that does not fit goes to the next line, and when it does
 * not fit there either, one member per line.
 */
function member(m: Member): Doc {
  const flat = flatMember(m);
  if (flat !== undefined) return m.doc?.length ? [docComment(m.doc), flat] : flat;
  const head = memberHead(m);
  if (isUnion(m.type)) return [docComment(m.doc), head, unionAfter(m.type)];
  return [docComment(m.doc), head, ' ', typeDoc(m.type)];
}

const isUnion = (t: Type): t is UnionType => typeof t === 'object' && 'union' in t && t.union.length > 1;

/**
 * A union after `:` or `=`, as prettier lays it out: on the same line when it fits there, else on the next line,
 * indented, and when it does not fit there either, one member per line, each after `| `.
 */
function unionAfter(t: UnionType): Doc {
  return group(indent([line, group([ifBreak('| '), join([line, '| '], t.union.map(typeDoc))])]));
}

/** A member with its JSDoc as lines of text (by `\n`, without its `;`), when it needs no layout. */
function memberText(m: Member): string | undefined {
  const flat = flatMember(m);
  if (flat === undefined || !m.doc?.length) return flat;
  return [...docLines(m.doc), flat].join('\n');
}

/** A member of a long listing: as text when it needs no layout. */
const listedMember = (m: Member): Doc => memberText(m) ?? member(m);

/** Members one per line, each with its JSDoc, as text: when none of them needs layout. */
function memberLines(members: readonly Member[]): string[] | undefined {
  const texts: string[] = [];
  for (const m of members) {
    const flat = flatMember(m);
    if (flat === undefined) return undefined;
    // most docs are one line: no array for them
    if (m.doc?.length === 1) texts.push(`/** ${commentText(m.doc[0]!)} */`);
    else if (m.doc?.length) texts.push(...docLines(m.doc));
    texts.push(`${flat};`);
  }
  return texts;
}

/** `{`, the members one per line, `}`: as lines of text when none needs layout. */
function memberBlock(members: readonly Member[]): Doc[] {
  const texts = memberLines(members);
  const body = texts ? lines(texts) : indent(members.map((m) => [hardline, member(m), ';']));
  return ['{', body, hardline, '}'];
}

/** The declared type of a literal value: what `as const` makes of it. */
function literalType(e: Expr, name: string): Type {
  if (e === null) return 'null';
  if (typeof e !== 'object') return { literal: e };
  if ('asConst' in e) return literalType(e.asConst, name);
  if ('object' in e)
    return {
      members: allEntries(e.object).map(([key, value]) => ({ key, type: literalType(value, name) })),
      listing: e.listing ?? false,
    };
  if ('array' in e) return { tuple: e.array.map((item) => literalType(item, name)) };
  throw new Error(`erpgen: the declaration of ${name} needs its type`);
}

/**
 * `literalType` laid out; a long listing's member types are made as they are laid out (the 10x tenant's catalog:
 * 70,000 members need not all be made first).
 */
function literalTypeDoc(e: Expr, name: string): Doc {
  const value = typeof e === 'object' && e !== null && 'asConst' in e ? e.asConst : e;
  if (typeof value !== 'object' || value === null || !('object' in value) || !value.listing)
    return typeDoc(literalType(e, name));
  const entries = value.object;
  if (entries.length <= BLOCK_LINES) return typeDoc(literalType(e, name));
  return longListing(
    entries.length,
    (i) => {
      const [key, value] = entries.at(i)!;
      return listedMember({ key, type: literalType(value, name) });
    },
    ';',
  );
}

function statement(s: Statement, form: Form): Doc | undefined {
  if ('comment' in s)
    return join(
      hardline,
      s.comment.map((l) => `// ${l}`),
    );
  if ('import' in s) {
    const wanted = s.use === 'value' ? form !== 'dts' : s.use === 'type' ? form !== 'js' : form === 'dts';
    if (!wanted) return undefined;
    const keyword = s.use === 'value' ? 'import ' : 'import type ';
    return [keyword, braces(s.import, ',', false), ` from ${stringLiteral(s.from)};`];
  }
  if ('exportAll' in s) return `export * from ${stringLiteral(s.exportAll)};`;
  if ('interface' in s) {
    if (form === 'js') return undefined;
    return [docComment(s.doc), `export interface ${s.interface} `, s.members.length ? memberBlock(s.members) : '{}'];
  }
  if ('declareModule' in s) {
    if (form === 'js') return undefined;
    const interfaces = s.interfaces.map((i) => [
      `interface ${i.name} `,
      i.members.length ? memberBlock(i.members) : '{}',
    ]);
    return [
      `declare module ${stringLiteral(s.declareModule)} {`,
      indent([hardline, join(hardline, interfaces)]),
      hardline,
      '}',
    ];
  }
  if ('typeAlias' in s)
    return form === 'js'
      ? undefined
      : isUnion(s.type)
        ? [docComment(s.doc), `export type ${s.typeAlias} =`, unionAfter(s.type), ';']
        : [docComment(s.doc), assignment(`export type ${s.typeAlias}`, typeDoc(s.type)), ';'];
  if (form === 'dts')
    return [
      docComment(s.doc),
      `export declare const ${s.const}: `,
      s.type ? typeDoc(s.type) : literalTypeDoc(s.value, s.const),
      ';',
    ];
  // In `ts`, a declared type is written on the const too: then an editor takes the value's type from it and
  // never infers it again from the descriptor after an edit of a file that uses it.
  const annotation = form === 'ts' && s.type !== undefined ? [': ', typeDoc(s.type)] : '';
  return [
    form === 'ts' ? docComment(s.doc) : '',
    assignment([`export const ${s.const}`, annotation], expression(s.value, form)),
    ';',
  ];
}

/** In declarations, the `type` and `declaration` imports of one module become one `import type`. */
function mergeImports(block: readonly Statement[], form: Form): readonly Statement[] {
  if (form !== 'dts') return block;
  const out: Statement[] = [];
  for (const s of block) {
    const previous = out[out.length - 1];
    if (
      'import' in s &&
      s.use !== 'value' &&
      previous &&
      'import' in previous &&
      previous.use !== 'value' &&
      previous.from === s.from
    )
      out[out.length - 1] = { ...previous, import: [...previous.import, ...s.import], use: 'declaration' };
    else out.push(s);
  }
  return out;
}

/** The module in one form, as prettier would print it. */
export function printModule(module: Module, form: Form): string {
  return `${layout(moduleDoc(module, form))}\n`;
}

/** As printModule, the text given to `put` a part (64 KiB or so) at a time: for a module of megabytes. */
export function printModuleInParts(module: Module, form: Form, put: (part: string) => void): void {
  layout(moduleDoc(module, form), put);
  put('\n');
}

function moduleDoc(module: Module, form: Form): Doc {
  const blocks: Doc[] = [];
  for (const block of module.blocks) {
    const docs = mergeImports(block, form)
      .map((s) => statement(s, form))
      .filter((d): d is Doc => d !== undefined);
    if (docs.length) blocks.push(join(hardline, docs));
  }
  return join([hardline, hardline], blocks);
}
