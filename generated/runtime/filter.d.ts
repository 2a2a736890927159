import { type DateString, type DateTimeString, type ExactDecimal } from './literals.js';
import type { ColumnKind } from './column-kinds.js';
import type { Surface } from './object.js';
declare const objectBrand: unique symbol;
declare const surfaceBrand: unique symbol;
/** A filter on object `N` of surface `S`; only a query of that object takes it. Built by column accessors. */
export interface Filter<N extends string = string, S extends Surface = Surface> {
  /** the $filter text, not yet percent-encoded */
  readonly text: string;
  readonly [objectBrand]: N;
  readonly [surfaceBrand]: S;
}
export declare function isFilter(value: unknown): value is Filter;
/** Every filter holds. */
export declare function and<N extends string, S extends Surface>(
  ...filters: [Filter<N, S>, ...Array<Filter<N, S>>]
): Filter<N, S>;
/** At least one filter holds. */
export declare function or<N extends string, S extends Surface>(
  ...filters: [Filter<N, S>, ...Array<Filter<N, S>>]
): Filter<N, S>;
/** The filter does not hold. (`not` binds tighter than `eq` in OData, so its operand is always in parentheses.) */
export declare function not<N extends string, S extends Surface>(filter: Filter<N, S>): Filter<N, S>;
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
type KindOf<Kinds, C extends PropertyKey> = Kinds extends {
  readonly [P in C]: infer Kind extends ColumnKind;
}
  ? Kind
  : never;
/** OData names columns by identifier only: a column named `my col` or `2024` cannot appear in a query. */
export declare function checkColumnName(column: string, object: string): void;
/** The accessors of an object's columns; created once per object and reused. */
export declare function columnAccessors(
  object: string,
  kinds: Readonly<Record<string, ColumnKind>>,
): Readonly<Record<string, object>>;
export {};
