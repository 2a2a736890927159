import type { ColumnKind } from './column-kinds.js';
declare const decimalBrand: unique symbol;
/** Numeric text, kept digit for digit (`'5000.10'`, `'12345678901234567.89'`): how the runtime reads a decimal exactly. */
export type DecimalText = `${number}`;
/**
 * A decimal, wherever the package takes one: a transaction's Decimal field, an entity or inventory record written,
 * a window's change, a UDT column, a price quantity. A number (`5000`) or its exact text (`'5000.10'`); text is
 * sent digit for digit, a number as its shortest exact form, never through a rounding step of the client's. The
 * real service sends and takes JSON numbers; give text where a number would lose digits (beyond 15 significant).
 * A decimal read back from a REST record is its exact text (DecimalText).
 */
export type Decimal = number | DecimalText;
/**
 * Exact decimal text for a filter, made by `decimal()`: a filter takes a number, or this (a plain string there is
 * refused, the quoted-number mistake the query service rejects).
 */
export type ExactDecimal = DecimalText & {
  readonly [decimalBrand]: true;
};
/** `decimal('12345678901234567.89')`: an exact decimal for filters on Edm.Decimal columns. */
export declare function decimal(text: string): ExactDecimal;
/** A date as the service takes it, `YYYY-MM-DD`. */
export type DateString = `${number}-${number}-${number}`;
/** A date-time with a `Z` or `±hh:mm` offset, as ISO 8601 writes it. */
export type DateTimeString = `${number}-${number}-${number}T${string}`;
/** Plain decimal text of a finite number: 1e21 and 1e-7 written out in full. */
export declare function plainNumber(value: number, what: string): string;
/**
 * A Decimal as the exact text it is sent as, in every family that writes one: a number written out in full, numeric
 * text digit for digit (trimmed); undefined for anything else, which the caller refuses with its own error.
 */
export declare function decimalText(value: unknown, what: string): string | undefined;
/**
 * What a JavaScript Date means where the server wants a day, or a date and time without a zone: the calendar
 * day and the wall-clock time it shows in this process's local time zone.
 *
 * Why local and not UTC: a Date is an instant, and a day or a zoneless time is not, so a zone must be chosen,
 * and the one the user's code meant is the local one. `new Date(2030, 0, 5)`, a date picker's value and
 * `new Date()` for "today" are all made in local time; read back in UTC, a local midnight east of UTC (Tokyo,
 * Berlin) is the previous day, and so would be the day sent. The one Date that reads differently is
 * `new Date('2030-01-05')`, which JavaScript parses as UTC midnight (the previous evening west of UTC): give
 * the text `'2030-01-05'` itself, the unambiguous form, which is taken everywhere a date is. An
 * Edm.DateTimeOffset is an instant, so a Date for one keeps its instant (sent in UTC with `Z`).
 */
export declare function localDateTime(value: Date):
  | {
      date: string;
      time: string;
      midnight: boolean;
    }
  | undefined;
/** `YYYY-MM-DD` text naming a calendar day, as it is. */
export declare function isDateText(value: unknown): value is string;
/**
 * The $filter literal of `value` for a column of `kind`; `what` names the column in errors.
 * Types keep wrong values out at compile time; this checks again at run time, for values from `any`.
 */
export declare function literal(kind: ColumnKind, value: unknown, what: string): string;
export {};
