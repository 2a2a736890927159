import type { FamilyContext } from '../family.js';
import type { RequestKind } from '../retry.js';
import { type Check, type WriteShape } from './fields.js';
/**
 * The JSON text of a write's body in which every decimal of `shape` (a number, or its text) is a bare JSON number
 * made from its exact text. Each decimal becomes a placeholder string that occurs nowhere else in the body, and the
 * placeholders are then replaced by the numbers' text.
 */
export declare function exactBody(value: unknown, shape: WriteShape, where: string): string;
/**
 * JSON text with every number that has a fraction or an exponent, and every integer too long for a double,
 * turned into a string of its exact text (strings are matched first, so digits inside them stay as they are).
 */
export declare function parseExactJson(json: string): unknown;
export interface RestCall {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** path and query string on the base host, already encoded */
  readonly path: string;
  /** the object named in messages: `entity/customers`, `inventory/parts` */
  readonly object: string;
  /** a JSON body, its decimals (where `shape` says) sent as exact JSON numbers */
  readonly body?: unknown;
  readonly shape?: WriteShape;
  /** a body of another form than JSON (XML), with its `Content-Type` */
  readonly text?: {
    readonly content: string;
    readonly contentType: string;
  };
  readonly kind?: RequestKind;
}
/** One REST exchange: the answer parsed exactly and checked against its record's fields (`check`). */
export declare function restCall(context: FamilyContext, call: RestCall, check: Check): Promise<unknown>;
/** `?name=value&...` of the given parameters in order, values percent-encoded; '' when there are none. */
export declare function queryOf(parameters: ReadonlyArray<readonly [string, string | number | undefined]>): string;
