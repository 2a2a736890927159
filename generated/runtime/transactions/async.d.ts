import type { FamilyContext } from '../family.js';
import { type TransactionOutcome, type TransactionRequest } from '../transaction-wire.js';
import { type TransactionOptions } from './exchange.js';
export interface AsyncOptions extends TransactionOptions {
  /** first wait between polls (default 500 ms); doubles up to `maxIntervalMs` (default 5 s) */
  readonly intervalMs?: number;
  readonly maxIntervalMs?: number;
  /** give up after this long (default 10 minutes) */
  readonly deadlineMs?: number;
}
export declare function transactionAsync(
  context: FamilyContext,
  request: TransactionRequest,
  options?: AsyncOptions,
): Promise<TransactionOutcome>;
