// The `$query` expressions of the entity family: property names are the PascalCase field names of the entity;
// comparisons `eq ne gt ge lt le`; logical `and or not`; functions `startswith(Field, text)`,
// `endswith(Field, text)` and `substringof(text, Field)` (this family has substringof, the query surface does
// not); `ne null`; strings in single quotes with a quote doubled. Other query options (`$select`, `$orderby`,
// `$top`) are not part of the family's contract, so the builder has none.
import { ErpLiteralError } from '../errors.js';
import { plainNumber } from '../literals.js';
import type { FieldKind } from '../contract.js';
import type { DecimalString, YesNo } from './fields.js';

declare const entityBrand: unique symbol;

/** A `$query` expression over the entity whose fields are `F`: it cannot be used on another entity. */
export interface EntityQuery<F> {
  /** the expression as sent (before percent-encoding) */
  readonly text: string;
  readonly [entityBrand]?: (fields: F) => void;
}

interface Compare<T, F> {
  eq(value: T): EntityQuery<F>;
  ne(value: T): EntityQuery<F>;
}
interface Order<T, F> extends Compare<T, F> {
  gt(value: T): EntityQuery<F>;
  ge(value: T): EntityQuery<F>;
  lt(value: T): EntityQuery<F>;
  le(value: T): EntityQuery<F>;
}
interface Nullable<F> {
  /** `Field ne null` */
  ne(value: null): EntityQuery<F>;
}
export type TextField<F> = Order<string, F> &
  Nullable<F> & {
    startswith(text: string): EntityQuery<F>;
    endswith(text: string): EntityQuery<F>;
    /** `substringof('text', Field)`: the field contains the text */
    substringof(text: string): EntityQuery<F>;
  };
export type NumberField<F> = Order<number, F> & Nullable<F>;
/** a decimal compared exactly: a number, or its text (`'1.123456789'`) */
export type DecimalField<F> = Order<number | DecimalString, F> & Nullable<F>;
export type YesNoField<F> = Compare<YesNo, F> & Nullable<F>;
export type BoolField<F> = Compare<boolean, F> & Nullable<F>;

interface KindField<F> {
  'text!': TextField<F>;
  text: TextField<F>;
  'int!': NumberField<F>;
  int: NumberField<F>;
  decimal: DecimalField<F>;
  yesNo: YesNoField<F>;
  bool: BoolField<F>;
}

/** One accessor per field of the entity (only those: an unknown field does not compile). */
export type QueryFields<D extends Readonly<Record<string, FieldKind>>, F> = {
  readonly [K in keyof D]: KindField<F>[D[K]];
};

export interface Logic<F> {
  and(first: EntityQuery<F>, ...rest: EntityQuery<F>[]): EntityQuery<F>;
  or(first: EntityQuery<F>, ...rest: EntityQuery<F>[]): EntityQuery<F>;
  not(expression: EntityQuery<F>): EntityQuery<F>;
}

/** What `list({ query })` takes: `(c, { and, or, not }) => and(c.CustomerName.startswith('A'), ...)`. */
export type QueryBuilder<D extends Readonly<Record<string, FieldKind>>, F> = (
  fields: QueryFields<D, F>,
  logic: Logic<F>,
) => EntityQuery<F>;

const expression = <F>(text: string): EntityQuery<F> => ({ text });
const quoted = (text: string) => `'${text.split("'").join("''")}'`;

function literal(kind: FieldKind, value: unknown, where: string): string {
  if (value === null) return 'null';
  switch (kind) {
    case 'text!':
    case 'text':
    case 'yesNo':
      if (typeof value !== 'string') throw new ErpLiteralError(`${where}: ${String(value)} is not a string`);
      return quoted(value);
    case 'int!':
    case 'int':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw new ErpLiteralError(`${where}: ${String(value)} is not an integer`);
      return String(value);
    case 'decimal':
      if (typeof value === 'number') return plainNumber(value, where);
      if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return value;
      throw new ErpLiteralError(`${where}: ${JSON.stringify(value)} is not a decimal`);
    case 'bool':
      if (typeof value !== 'boolean') throw new ErpLiteralError(`${where}: ${String(value)} is not true or false`);
      return String(value);
  }
}

function accessor(name: string, kind: FieldKind): Record<string, (value: unknown) => EntityQuery<unknown>> {
  const compare =
    (op: string) =>
    (value: unknown): EntityQuery<unknown> => {
      if (value === null && op !== 'ne')
        throw new ErpLiteralError(`${name}.${op}(null): the service takes only \`ne null\``);
      return expression(`${name} ${op} ${literal(kind, value, `${name}.${op}`)}`);
    };
  const text =
    (render: (field: string, text: string) => string, fn: string) =>
    (value: unknown): EntityQuery<unknown> => {
      if (typeof value !== 'string') throw new ErpLiteralError(`${name}.${fn}: ${String(value)} is not a string`);
      return expression(render(name, quoted(value)));
    };
  return {
    eq: compare('eq'),
    ne: compare('ne'),
    gt: compare('gt'),
    ge: compare('ge'),
    lt: compare('lt'),
    le: compare('le'),
    startswith: text((f, t) => `startswith(${f},${t})`, 'startswith'),
    endswith: text((f, t) => `endswith(${f},${t})`, 'endswith'),
    substringof: text((f, t) => `substringof(${t},${f})`, 'substringof'),
  };
}

const join =
  (op: 'and' | 'or') =>
  (...parts: EntityQuery<unknown>[]): EntityQuery<unknown> =>
    expression(parts.length === 1 ? (parts[0]?.text ?? '') : parts.map((p) => `(${p.text})`).join(` ${op} `));

const LOGIC: Logic<unknown> = {
  and: join('and'),
  or: join('or'),
  not: (e) => expression(`not (${e.text})`),
};

/** The text of a `$query` built over an entity's field map. */
export function buildQuery<D extends Readonly<Record<string, FieldKind>>, F>(
  fields: D,
  build: QueryBuilder<D, F>,
): string {
  const accessors: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, kind] of Object.entries(fields)) accessors[name] = accessor(name, kind);
  const built = build(accessors as QueryFields<D, F>, LOGIC as Logic<F>);
  if (typeof built?.text !== 'string' || built.text === '')
    throw new ErpLiteralError('list({ query }): the query function returned no expression');
  return built.text;
}
