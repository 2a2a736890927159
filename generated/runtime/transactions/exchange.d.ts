import { ErpUnexpectedResponseError } from '../errors.js';
import type { FamilyContext } from '../family.js';
import type { Exchange } from '../http.js';
import {
  type TransactionOutcome,
  type TransactionRequest,
  type TransactionResponse,
  type TruncateMode,
  type Truncation,
} from '../transaction-wire.js';
export interface TransactionOptions {
  /** return the answer even when transactions failed, to branch on each `Results.Transactions[].Status` */
  readonly allowFailures?: boolean;
  /** for this request, overriding the client's `truncate`: `'error'` refuses text longer than its column */
  readonly truncate?: TruncateMode;
}
/**
 * The cuts made in building `request` (transaction.ts): under `truncate: 'error'` an ErpTruncationError before
 * anything is sent; else each is one line of the client's log, and the answer carries them as `warnings`.
 */
export declare function checkCuts(
  context: FamilyContext,
  request: TransactionRequest,
  options?: TransactionOptions,
): readonly Truncation[];
/** The server's answer with the cuts made before sending it. */
export declare const withWarnings: (response: TransactionResponse, cuts: readonly Truncation[]) => TransactionOutcome;
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
/** The answer, unless a transaction did not pass and the caller did not allow failures (ErpTransactionFailedError). */
export declare function outcome(
  context: FamilyContext,
  response: TransactionResponse,
  request: TransactionRequest,
  options?: TransactionOptions,
): TransactionResponse;
/** A report service (`m_*`) on /transaction answers Succeeded and produces nothing: refused before sending. */
export declare function checkNotReport(request: TransactionRequest): void;
