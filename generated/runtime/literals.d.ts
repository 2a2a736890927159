import type { ColumnKind } from './column-kinds.js';
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
