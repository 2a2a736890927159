// Filters tied to their object. A filter lambda gets one accessor per column with only the operations the
// column's kind allows: comparisons for all, string functions for strings, `eq(null)` / `ne(null)` only on
// nullable columns, `in([...])` sent as an `or` chain (the service ignores `in` and returns every row).
// Every comparison is `column operator literal`: there is no way to put a column on the right, do
// arithmetic, call `now()` or `substringof`, which the service rejects.
import { ErpQueryError } from './errors.js';
import { literal, type DateString, type DateTimeString, type ExactDecimal } from './literals.js';
import type { ColumnKind } from './column-kinds.js';
import type { Surface } from './object.js';

declare const objectBrand: unique symbol;
declare const surfaceBrand: unique symbol;

/** How tightly an expression binds: decides where `and` / `or` / `not` need parentheses. */
type Precedence = 'or' | 'and' | 'atom';

/** A filter on object `N` of surface `S`; only a query of that object takes it. Built by column accessors. */
export interface Filter<N extends string = string, S extends Surface = Surface> {
  /** the $filter text, not yet percent-encoded */
  readonly text: string;
  readonly [objectBrand]: N;
  readonly [surfaceBrand]: S;
}

/** The only implementation; not exported from the package, so no filter text can be made up by hand. */
class FilterNode {
  readonly text: string;
  readonly precedence: Precedence;
  constructor(text: string, precedence: Precedence) {
    this.text = text;
    this.precedence = precedence;
  }

  toString(): string {
    return this.text;
  }
}

/** Filters are FilterNodes at run time; the brand exists only for the compiler. */
function node<N extends string, S extends Surface>(text: string, precedence: Precedence): Filter<N, S> {
  return new FilterNode(text, precedence) as unknown as Filter<N, S>;
}

export function isFilter(value: unknown): value is Filter {
  return value instanceof FilterNode;
}

function wrap(filter: Filter, tighter: Precedence): string {
  const rank = { or: 0, and: 1, atom: 2 } as const;
  return rank[(filter as unknown as FilterNode).precedence] < rank[tighter] ? `(${filter.text})` : filter.text;
}

function checkFilters(filters: readonly unknown[], what: string): asserts filters is Filter[] {
  if (filters.length === 0) throw new ErpQueryError(`${what}() needs at least one filter`);
  for (const f of filters)
    if (!isFilter(f)) throw new ErpQueryError(`${what}(): ${String(f)} is not a filter built by the column accessors`);
}

/** Every filter holds. */
export function and<N extends string, S extends Surface>(
  ...filters: [Filter<N, S>, ...Array<Filter<N, S>>]
): Filter<N, S> {
  checkFilters(filters, 'and');
  if (filters.length === 1) return filters[0]!;
  return node(filters.map((f) => wrap(f, 'and')).join(' and '), 'and');
}

/** At least one filter holds. */
export function or<N extends string, S extends Surface>(
  ...filters: [Filter<N, S>, ...Array<Filter<N, S>>]
): Filter<N, S> {
  checkFilters(filters, 'or');
  if (filters.length === 1) return filters[0]!;
  return node(filters.map((f) => wrap(f, 'or')).join(' or '), 'or');
}

/** The filter does not hold. (`not` binds tighter than `eq` in OData, so its operand is always in parentheses.) */
export function not<N extends string, S extends Surface>(filter: Filter<N, S>): Filter<N, S> {
  checkFilters([filter], 'not');
  return node(`not (${filter.text})`, 'atom');
}

// --- column accessors ---------------------------------------------------------------------------------

/** Comparisons every filterable column has. `V` is what a value may be; `Null` is `null` on nullable columns. */
export interface ComparableColumn<N extends string, S extends Surface, V, Null> {
  eq(value: V | Null): Filter<N, S>;
  ne(value: V | Null): Filter<N, S>;
  gt(value: V): Filter<N, S>;
  ge(value: V): Filter<N, S>;
  lt(value: V): Filter<N, S>;
  le(value: V): Filter<N, S>;
  /** Any of the values: sent as `(c eq a or c eq b ...)`, because the service ignores `in`. */
  in(values: readonly V[]): Filter<N, S>;
}

/** String columns also have the service's three string functions (matching ignores case on SQL Server). */
export interface StringColumn<N extends string, S extends Surface, V, Null> extends ComparableColumn<N, S, V, Null> {
  startsWith(text: string): Filter<N, S>;
  endsWith(text: string): Filter<N, S>;
  contains(text: string): Filter<N, S>;
}

/** Columns that can only be tested for null (binary, streams, geographic types). */
export interface NullTestColumn<N extends string, S extends Surface> {
  eq(value: null): Filter<N, S>;
  ne(value: null): Filter<N, S>;
}

/** The value a comparison takes: a row field's type without null, widened where the wire takes more. */
interface ValueByKind<T> {
  string: T;
  int: T;
  decimal: [T] extends [number] ? T | ExactDecimal : number | ExactDecimal;
  float: T;
  boolean: T;
  date: DateString | Date;
  datetime: DateTimeString | Date;
  time: T;
  duration: T;
  guid: T;
  binary: never;
  other: never;
}

/** The accessor of each kind of column; `T` is the row field's type, `Null` is `null` when it is nullable. */
interface AccessorByKind<N extends string, S extends Surface, T, Null> {
  string: StringColumn<N, S, T, Null>;
  int: ComparableColumn<N, S, T, Null>;
  decimal: ComparableColumn<N, S, ValueByKind<T>['decimal'], Null>;
  float: ComparableColumn<N, S, T, Null>;
  boolean: ComparableColumn<N, S, T, Null>;
  date: ComparableColumn<N, S, DateString | Date, Null>;
  datetime: ComparableColumn<N, S, DateTimeString | Date, Null>;
  time: ComparableColumn<N, S, T, Null>;
  duration: ComparableColumn<N, S, T, Null>;
  guid: ComparableColumn<N, S, T, Null>;
  binary: [Null] extends [never] ? never : NullTestColumn<N, S>;
  other: [Null] extends [never] ? never : NullTestColumn<N, S>;
}

/**
 * The accessor of one column: its operations follow its kind and nullability. (A lookup in an interface
 * rather than a chain of conditional types: an editor resolves it once per column it shows.)
 */
export type ColumnAccessor<N extends string, S extends Surface, Kind extends ColumnKind, T> = AccessorByKind<
  N,
  S,
  T & {},
  null extends T ? null : never
>[Kind];

/**
 * The argument of a filter lambda: one accessor per column of the object. Mapped over the row's own keys, so
 * each accessor carries the row property's documentation (its Edm type, nullability) to hovers and completion.
 */
export type Columns<Row, N extends string, S extends Surface, Kinds> = {
  readonly [K in keyof Row]-?: ColumnAccessor<N, S, KindOf<Kinds, K>, Row[K]>;
};

/**
 * The kind of column `C`, read off its one property in the object's kinds. (`Kinds[C & keyof Kinds]` made the
 * compiler list every column of the kinds, `keyof Kinds`, once per object queried.)
 */
type KindOf<Kinds, C extends PropertyKey> = Kinds extends { readonly [P in C]: infer Kind extends ColumnKind }
  ? Kind
  : never;

const OPERATORS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const;

/** OData names columns by identifier only: a column named `my col` or `2024` cannot appear in a query. */
export function checkColumnName(column: string, object: string): void {
  if (!/^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}\p{Cf}]{0,127}$/u.test(column)) {
    throw new ErpQueryError(
      `${object}: column ${JSON.stringify(column)} is not an OData identifier, so no query can name it (select all columns instead)`,
    );
  }
}

function accessor(column: string, kind: ColumnKind, object: string): object {
  const what = `${object}.${column}`;
  const compare = (op: string) => (value: unknown) => {
    checkColumnName(column, object);
    if (value === null && op !== 'eq' && op !== 'ne')
      throw new ErpQueryError(`${what}: ${op}(null) is not a filter; only eq(null) and ne(null) are`);
    return node(`${column} ${op} ${literal(kind, value, what)}`, 'atom');
  };
  const ops: Record<string, unknown> = {};
  if (kind === 'binary' || kind === 'other') {
    for (const op of ['eq', 'ne']) {
      ops[op] = (value: unknown) => {
        if (value !== null) throw new ErpQueryError(`${what}: a ${kind} column can only be compared with null`);
        return compare(op)(null);
      };
    }
    return ops;
  }
  for (const op of OPERATORS) ops[op] = compare(op);
  ops['in'] = (values: readonly unknown[]) => {
    if (!Array.isArray(values) || values.length === 0)
      throw new ErpQueryError(
        `${what}: in() needs at least one value (an empty list matches no row: skip the query instead)`,
      );
    const terms = values.map((v) => compare('eq')(v));
    return terms.length === 1 ? terms[0] : node(terms.map((t) => t.text).join(' or '), 'or');
  };
  if (kind === 'string') {
    for (const [method, fn] of [
      ['startsWith', 'startswith'],
      ['endsWith', 'endswith'],
      ['contains', 'contains'],
    ] as const) {
      ops[method] = (text: unknown) => {
        checkColumnName(column, object);
        if (typeof text !== 'string') throw new ErpQueryError(`${what}: ${method}() takes a string`);
        return node(`${fn}(${column},${literal('string', text, what)})`, 'atom');
      };
    }
  }
  return ops;
}

/** The accessors of an object's columns; created once per object and reused. */
export function columnAccessors(
  object: string,
  kinds: Readonly<Record<string, ColumnKind>>,
): Readonly<Record<string, object>> {
  // no prototype: a column may be named `constructor` or `__proto__` and must mean the column
  const columns: Record<string, object> = Object.create(null);
  for (const column of Object.keys(kinds)) {
    Object.defineProperty(columns, column, { value: accessor(column, kinds[column]!, object), enumerable: true });
  }
  return Object.freeze(columns);
}
