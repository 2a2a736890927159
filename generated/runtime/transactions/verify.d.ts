import type { FamilyContext } from '../family.js';
import {
  type TransactionOutcome,
  type TransactionGetRequest,
  type TransactionRequest,
  type TransactionSet,
} from '../transaction-wire.js';
import { type VerifyMode } from '../write-check.js';
/**
 * Reads back every passed transaction of `outcome` (one request) and compares it: the outcome with each one's
 * `verified`. A failed transaction of the same POST is reported first (settleVerified comes after), so that its
 * error's `result` shows whether the passed ones landed.
 */
export declare function verifyOutcome(
  context: FamilyContext,
  request: TransactionRequest,
  outcome: TransactionOutcome,
  read: (get: TransactionGetRequest) => Promise<TransactionSet>,
): Promise<TransactionOutcome>;
/**
 * What the read-back found, settled: differences of form logged (an error under 'strict'), fields not applied an
 * ErpWriteNotAppliedError whose `result` is the whole outcome.
 */
export declare function settleVerified(
  context: FamilyContext,
  request: TransactionRequest,
  result: TransactionOutcome,
  mode: VerifyMode,
): void;
