// Field kinds of the REST records, written once: each record is a map `field -> kind`, from which come its
// TypeScript type, the check its answers pass, and the `$query` operations of each field.
//
// Answers are checked here rather than with zod: zod in the runtime would make the generated package depend on
// it, and its declarations need the DOM or Node `URL` type, which the runtime does without (it compiles under
// lib ES2020 with no ambient types). `answerSchemas(z)` (../answer-schemas.ts) builds a zod schema per answer from these
// same maps with the caller's zod; erpgen's tests check every answer they receive with them.
import type { FieldKind, UserDefinedFieldKinds } from '../contract.js';
import type { Decimal, DecimalText } from '../literals.js';

/**
 * A decimal as the service wrote it (`"12.500000000"`): exact, every decimal place kept. Turn it into a number
 * only where rounding to a double does not matter; compare and add with a decimal library where it does. A write
 * takes it back as it is (it is a Decimal).
 */
export type DecimalString = DecimalText;

/** `Y` or `N`, the service's flags. */
export type YesNo = 'Y' | 'N';

export interface KindType {
  'text!': string;
  'int!': number;
  text: string | null;
  int: number | null;
  decimal: DecimalString | null;
  yesNo: YesNo | null;
  bool: boolean | null;
}

/**
 * What a write takes for each kind: a decimal as a number (`5000`) or its exact text (`'5000.10'`); either is sent
 * as a JSON number made from its exact text, never through a rounding step of the client's.
 */
export interface WriteKindType extends Omit<KindType, 'decimal'> {
  decimal: Decimal | null;
}

type Present = 'text!' | 'int!';

export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The record type of a field map: `!` fields required, the others optional and nullable. */
export type FieldsOf<D extends Readonly<Record<string, FieldKind>>> = Simplify<
  { [K in keyof D as D[K] extends Present ? K : never]: KindType[D[K]] } & {
    [K in keyof D as D[K] extends Present ? never : K]?: KindType[D[K]];
  }
>;

/** The fields a write of a record takes: as FieldsOf, a decimal as a number or its text. */
export type WriteFieldsOf<D extends Readonly<Record<string, FieldKind>>> = Simplify<
  { [K in keyof D as D[K] extends Present ? K : never]: WriteKindType[D[K]] } & {
    [K in keyof D as D[K] extends Present ? never : K]?: WriteKindType[D[K]];
  }
>;

/**
 * The user-defined fields of an extension table, from their kinds: all optional. A field named like a member of
 * Object (`constructor`, `toString`) reads that member where the record lacks it, and TypeScript checks an object
 * literal against that member: its type says so.
 */
export type UserFieldsOf<D extends Readonly<Record<string, FieldKind>>> = {
  -readonly [K in keyof D]?: KindType[D[K]] | (K extends keyof Object ? Object[K] : never);
};

/** What a write of the user-defined fields takes: as UserFieldsOf, a decimal as a number or its text. */
export type UserFieldWritesOf<D extends Readonly<Record<string, FieldKind>>> = {
  -readonly [K in keyof D]?: WriteKindType[D[K]] | (K extends keyof Object ? Object[K] : never);
};

/** The `UserDefinedFields` of a record whose table has no extension table in the snapshot: an open record. */
export type UserDefinedFields = Readonly<Record<string, unknown>>;

/** The nested objects a `get` may ask for: a list of the record's, or `'*'` for all of them. */
export type ExtendedProperties<X> = '*' | readonly (keyof X & string)[];

type Requested<X, P> = P extends '*' ? keyof X : P extends readonly (infer N)[] ? N : never;

/**
 * A record: its fields, `UserDefinedFields` (`U`: typed where the snapshot has the table's extension table), and
 * each nested object present when requested (or `A` as well: an entity's may be null though asked for), else null.
 */
export type RestRecord<F, X, P = readonly [], U = UserDefinedFields, A = never> = Simplify<
  F & { UserDefinedFields?: U } & { [K in keyof X]: K extends Requested<X, P> ? X[K] | A : null }
>;

/**
 * The user-defined fields of each table that has an extension table (`customer_ud` for `customer`) in the
 * snapshot the package was generated from: the generated `user-defined-fields` module adds one member per such
 * table (module augmentation), typed from the extension table's columns, all optional.
 */
export interface UserDefinedFieldTypes {}

/** The same, as a write takes them (the generated module adds one member per table, as to UserDefinedFieldTypes). */
export interface UserDefinedFieldWriteTypes {}

/** The `UserDefinedFields` of a record of `Table`: typed from the snapshot where it has them, else open. */
export type UserDefinedFieldsOf<Table extends string> = Table extends keyof UserDefinedFieldTypes
  ? UserDefinedFieldTypes[Table]
  : UserDefinedFields;

/** The `UserDefinedFields` a write of a record of `Table` takes. */
export type UserDefinedFieldWritesOf<Table extends string> = Table extends keyof UserDefinedFieldWriteTypes
  ? UserDefinedFieldWriteTypes[Table]
  : UserDefinedFields;

export type { UserDefinedFieldKinds } from '../contract.js';

/** The kinds of `table`'s user-defined fields, when the snapshot has its extension table. */
export function userFieldKinds(
  context: { readonly userDefinedFields: UserDefinedFieldKinds },
  table: string,
): Readonly<Record<string, FieldKind>> | undefined {
  return Object.prototype.hasOwnProperty.call(context.userDefinedFields, table)
    ? context.userDefinedFields[table]
    : undefined;
}

/** A nested object or collection whose fields the service documents do not show. */
export type Nested = Readonly<Record<string, unknown>> | readonly unknown[];

/** Where an answer departs from the documented shape: the path and what was wrong. */
export class ShapeIssue extends Error {
  readonly path: string;
  readonly problem: string;
  constructor(path: string, problem: string) {
    super(`${path}: ${problem}`);
    this.path = path;
    this.problem = problem;
  }
}

/** Checks a value (at `path`) and gives it back normalised (decimals as their text), or throws a ShapeIssue. */
export type Check = (value: unknown, path: string) => unknown;

const DECIMAL_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** One field's value, normalised; `undefined` or `null` only where the kind allows. */
function checkKind(kind: FieldKind, value: unknown, path: string): unknown {
  if (value === undefined || value === null) {
    if (kind === 'text!' || kind === 'int!') throw new ShapeIssue(path, `required, got ${describe(value)}`);
    return value;
  }
  switch (kind) {
    case 'text!':
    case 'text':
      if (typeof value === 'string') return value;
      break;
    case 'int!':
    case 'int':
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      break;
    case 'decimal':
      // an integral decimal arrives as a JSON integer; a fractional one as its text (parseExactJson)
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return value;
      break;
    case 'yesNo':
      if (value === 'Y' || value === 'N') return value;
      break;
    case 'bool':
      if (typeof value === 'boolean') return value;
      break;
  }
  throw new ShapeIssue(path, `expected ${kind.replace('!', '')}, got ${JSON.stringify(value)}`);
}

/**
 * A record: its fields by kind, its children (required or nullable), its user-defined fields by kind where the
 * snapshot typed them (`udf`), any other field kept as it came.
 */
export function recordCheck(
  fields: Readonly<Record<string, FieldKind>>,
  children: Readonly<Record<string, { readonly check: Check; readonly required: boolean }>> = {},
  udf?: Readonly<Record<string, FieldKind>>,
): Check {
  const userFields = udf ? recordCheck(udf) : objectCheck;
  return (value, path) => {
    if (!isObject(value)) throw new ShapeIssue(path, `expected an object, got ${describe(value)}`);
    const out: Record<string, unknown> = { ...value };
    for (const [name, kind] of Object.entries(fields)) {
      // own fields only: a user-defined field may be called `constructor`
      const given = Object.prototype.hasOwnProperty.call(value, name) ? value[name] : undefined;
      const checked = checkKind(kind, given, `${path}.${name}`);
      if (checked !== undefined) out[name] = checked;
    }
    const udfs = value['UserDefinedFields'];
    if (udfs !== undefined && udfs !== null) out['UserDefinedFields'] = userFields(udfs, `${path}.UserDefinedFields`);
    for (const [name, child] of Object.entries(children)) {
      const inner = value[name];
      if (inner === undefined || inner === null) {
        if (child.required) throw new ShapeIssue(`${path}.${name}`, `asked for, got ${describe(inner)}`);
        continue;
      }
      out[name] = child.check(inner, `${path}.${name}`);
    }
    return out;
  };
}

/** An array of values that each pass `entry`. */
export function arrayCheck(entry: Check): Check {
  return (value, path) => {
    if (!Array.isArray(value)) throw new ShapeIssue(path, `expected an array, got ${describe(value)}`);
    return value.map((item, i) => entry(item, `${path}[${i}]`));
  };
}

/** A child collection, `{list: [...]}`. */
export function listCheck(entry: Check): Check {
  return (value, path) => {
    if (!isObject(value)) throw new ShapeIssue(path, `expected {list: [...]}, got ${describe(value)}`);
    return { ...value, list: arrayCheck(entry)(value['list'], `${path}.list`) };
  };
}

/** Any object. */
export const objectCheck: Check = (value, path) => {
  if (!isObject(value)) throw new ShapeIssue(path, `expected an object, got ${describe(value)}`);
  return value;
};

/** An object or an array: a nested value whose shape is not documented. */
export const nestedCheck: Check = (value, path) => {
  if (value === null || typeof value !== 'object')
    throw new ShapeIssue(path, `expected an object, got ${describe(value)}`);
  return value;
};

/**
 * Where a record's decimals are, for writing them: its decimal fields, and the records nested in it by field (an
 * object, an array, or a `{list: [...]}` collection of them).
 */
export interface WriteShape {
  readonly decimals: ReadonlySet<string>;
  readonly nested?: Readonly<Record<string, WriteShape>>;
}

/** The write shape of a field map, with its nested records and its user-defined fields' kinds. */
export function writeShape(
  fields: Readonly<Record<string, FieldKind>>,
  nested: Readonly<Record<string, WriteShape>> = {},
  udf?: Readonly<Record<string, FieldKind>>,
): WriteShape {
  const decimals = (kinds: Readonly<Record<string, FieldKind>>) =>
    new Set(Object.keys(kinds).filter((name) => kinds[name] === 'decimal'));
  return {
    decimals: decimals(fields),
    nested: udf ? { ...nested, UserDefinedFields: { decimals: decimals(udf) } } : nested,
  };
}
