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
/** The text of a `$query` built over an entity's field map. */
export declare function buildQuery<D extends Readonly<Record<string, FieldKind>>, F>(
  fields: D,
  build: QueryBuilder<D, F>,
): string;
export {};
