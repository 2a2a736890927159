import { ErpUnexpectedResponseError } from '../errors.js';
import type { FamilyContext } from '../family.js';
import type { Exchange } from '../http/types.js';
import {
  type TransactionGetRequest,
  type TransactionOutcome,
  type TransactionRequest,
  type TransactionResponse,
  type TransactionSet,
  type TruncateMode,
  type Truncation,
} from '../transaction-wire.js';
import type { VerifyMode } from '../write-check.js';
export interface TransactionOptions {
  /** return the answer even when transactions failed, to branch on each transaction's `status` */
  readonly allowFailures?: boolean;
  /** for this request, overriding the client's `truncate`: `'error'` refuses text longer than its column */
  readonly truncate?: TruncateMode;
  /**
   * Read every passed transaction back (`/api/v2/transaction/get`, one request more) and compare each field sent
   * with what is stored: `true` (a value stored in another form, such as rounded or in another case, is a warning
   * through the client's log), `'strict'` (an error too), `false` (no read-back). A field not stored is an
   * ErpWriteNotAppliedError. Default: the client's `verify`, else true when the request sets `IgnoreDisabled`
   * (which may answer success and write nothing), else false.
   */
  readonly verify?: VerifyMode;
}
/**
 * The cuts made in building `request` (define-service.ts): under `truncate: 'error'` an ErpTruncationError before
 * anything is sent; else each is one line of the client's log, and the answer carries them as `warnings`.
 */
export declare function checkCuts(
  context: FamilyContext,
  request: TransactionRequest,
  options?: TransactionOptions,
): readonly Truncation[];
/** One exchange on the UI server (found through the router once). */
export declare function onUiServer(
  context: FamilyContext,
  exchange: Omit<Exchange, 'url' | 'shown'> & {
    readonly path: string;
  },
): Promise<unknown>;
/** An answer of the right status but the wrong shape: what was asked, and a redacted preview of what came. */
export declare function unexpected(
  context: FamilyContext,
  summary: string,
  request: string,
  object?: string,
): ErpUnexpectedResponseError;
/** The answer as a JSON object, or an ErpUnexpectedResponseError saying what came instead. */
export declare function asObject(
  context: FamilyContext,
  value: unknown,
  what: string,
  request: string,
  object: string,
): Record<string, unknown>;
/** Whether this call reads back: the call's `verify`, else the client's, else whether IgnoreDisabled is set. */
export declare function verifyMode(
  context: FamilyContext,
  request: TransactionRequest,
  options: TransactionOptions | undefined,
): VerifyMode;
/** POST /api/v2/transaction/get: the records of these states, as a transaction set. */
export declare function transactionGet(context: FamilyContext, request: TransactionGetRequest): Promise<TransactionSet>;
/**
 * The client's answer to `request`: one outcome per transaction, each passed one read back when verifyMode says so; an
 * ErpTransactionFailedError unless every transaction passed (or the caller allows failures), then an
 * ErpWriteNotAppliedError when a passed one is not stored as sent.
 */
export declare function finish(
  context: FamilyContext,
  request: TransactionRequest,
  response: TransactionResponse,
  cuts: readonly Truncation[],
  options: TransactionOptions | undefined,
): Promise<TransactionOutcome>;
/** A report service (`m_*`) on /transaction answers Succeeded and produces nothing: refused before sending. */
export declare function checkNotReport(request: TransactionRequest): void;
