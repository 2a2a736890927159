// Field kinds of the REST records, written once: each record is a map `field -> kind`, from which come its
// TypeScript type, the check its answers pass, and the `$query` operations of each field.
//
// Answers are checked here rather than with zod: zod in the runtime would make the generated package depend on
// it, and its declarations need the DOM or Node `URL` type, which the runtime does without (it compiles under
// lib ES2020 with no ambient types). erpgen's tests check every answer they receive with zod schemas built from
// these same maps.
import type { DecimalString, YesNo } from './rest.js';

/** `!`: always present and never null (key fields, `ObjectName`); the others may be absent or null. */
export type Kind = 'text!' | 'int!' | 'text' | 'int' | 'decimal' | 'yesNo' | 'bool';

export interface KindType {
  'text!': string;
  'int!': number;
  text: string | null;
  int: number | null;
  decimal: DecimalString | null;
  yesNo: YesNo | null;
  bool: boolean | null;
}

type Present = 'text!' | 'int!';

export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The record type of a field map: `!` fields required, the others optional and nullable. */
export type FieldsOf<D extends Readonly<Record<string, Kind>>> = Simplify<
  { [K in keyof D as D[K] extends Present ? K : never]: KindType[D[K]] } & {
    [K in keyof D as D[K] extends Present ? never : K]?: KindType[D[K]];
  }
>;

export type UserDefinedFields = Readonly<Record<string, unknown>>;

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
function checkKind(kind: Kind, value: unknown, path: string): unknown {
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

/** A record: its fields by kind, its children (required or nullable), any other field kept as it came. */
export function recordCheck(
  fields: Readonly<Record<string, Kind>>,
  children: Readonly<Record<string, { readonly check: Check; readonly required: boolean }>> = {},
): Check {
  return (value, path) => {
    if (!isObject(value)) throw new ShapeIssue(path, `expected an object, got ${describe(value)}`);
    const out: Record<string, unknown> = { ...value };
    for (const [name, kind] of Object.entries(fields)) {
      const checked = checkKind(kind, value[name], `${path}.${name}`);
      if (checked !== undefined) out[name] = checked;
    }
    const udf = value['UserDefinedFields'];
    if (udf !== undefined && udf !== null && !isObject(udf))
      throw new ShapeIssue(`${path}.UserDefinedFields`, `expected an object, got ${describe(udf)}`);
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
