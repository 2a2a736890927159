import { type RequestInfo, type WriteMismatch } from './errors.js';
/**
 * Whether a write is read back and compared with what was sent: `true` (differences of form are warnings),
 * `'strict'` (they are errors too), `false` (no read-back: no request more, no cost).
 */
export type VerifyMode = boolean | 'strict';
/** How a write is checked (a call's `verify`, overriding the client's). */
export interface WriteOptions {
  /**
   * read the write back and compare each field sent with what is stored (true), differences of form as errors too
   * ('strict'), or not at all (false: no request more)
   */
  readonly verify?: VerifyMode;
}
/** How values of a field are compared: by value (`decimal`), by instant (`datetime`), as `text`. */
export type ValueKind = 'decimal' | 'datetime' | 'text';
export interface Verdict {
  readonly verdict: 'same' | 'normalised' | 'not-applied';
  /** for `normalised`: how the stored form differs */
  readonly how?: string;
}
export interface FieldFacts {
  /** how the field's values compare; inferred from the two values when not known */
  readonly kind?: ValueKind;
  /** a decimal column's scale, when known: only rounding to it is a form of the value sent */
  readonly scale?: number;
  /** the display labels of a field with valid values, and whether codes were sent instead (UseCodeValues) */
  readonly labels?: readonly string[];
  readonly codes?: boolean;
}
/** What a stored value is to the value sent: the same, another form of it, or not it (the write did not land). */
export declare function compareValue(sent: string, stored: string | undefined, facts?: FieldFacts): Verdict;
/**
 * One field of a record read back against the value sent: undefined when the same, else the mismatch (a REST
 * record's or a window's values, which come as JSON numbers, booleans and null as well as text).
 */
export declare function fieldMismatch(
  where: Pick<WriteMismatch, 'service' | 'element' | 'row' | 'field'>,
  sent: unknown,
  stored: unknown,
  facts?: FieldFacts,
): WriteMismatch | undefined;
/** `TABPAGE_1.order.job_name` or `TP_ITEMS.items row 2.unit_price` */
export declare const mismatchPlace: (m: WriteMismatch) => string;
/**
 * `TABPAGE_1.order.job_name: sent "Rush", stored "" (empty)`, the values shown by `show` (the client's: redacted
 * and cut short, since a record's text may be long).
 */
export declare function describeMismatch(m: WriteMismatch, show: (value: string) => string): string;
/**
 * The differences a read-back found, settled: the normalised ones are logged (one line each) unless `strict`; the
 * ones not applied (and under `strict` the normalised ones too) are one ErpWriteNotAppliedError, thrown.
 */
export declare function settle(
  found: readonly WriteMismatch[],
  mode: VerifyMode,
  where: {
    readonly service: string;
    readonly info: RequestInfo;
    /** what was done and read: `the transaction passed, but read back by order_no=1000123` */
    readonly summary: string;
    readonly hint?: string;
  },
  show: (value: string) => string,
  log: ((line: string) => void) | undefined,
): void;
