import type { FamilyContext } from '../family.js';
import { type TransactionOutcome, type TransactionRequest } from '../transaction-wire.js';
import { type TransactionOptions } from './exchange.js';
export declare function transaction(
  context: FamilyContext,
  request: TransactionRequest,
  options?: TransactionOptions,
): Promise<TransactionOutcome>;
