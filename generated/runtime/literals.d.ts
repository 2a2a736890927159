import type { ColumnKind } from './object.js';
declare const decimalBrand: unique symbol;
/** A decimal given as text, so that it stays exact (19-digit decimals do not fit a JS number). */
export type Decimal = string & {
  readonly [decimalBrand]: true;
};
/** `decimal('12345678901234567.89')`: an exact decimal for filters on Edm.Decimal columns. */
export declare function decimal(text: string): Decimal;
/** A date as the service takes it, `YYYY-MM-DD`. */
export type DateString = `${number}-${number}-${number}`;
/** A date-time with a `Z` or `±hh:mm` offset, as ISO 8601 writes it. */
export type DateTimeString = `${number}-${number}-${number}T${string}`;
/** Plain decimal text of a finite number: 1e21 and 1e-7 written out in full. */
export declare function plainNumber(value: number, what: string): string;
/**
 * The $filter literal of `value` for a column of `kind`; `what` names the column in errors.
 * Types keep wrong values out at compile time; this checks again at run time, for values from `any`.
 */
export declare function literal(kind: ColumnKind, value: unknown, what: string): string;
export {};
