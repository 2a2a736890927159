import type { FamilyContext } from '../family.js';
import { type TransactionRequest, type TransactionResponse } from '../transaction-wire.js';
import { type TransactionOptions } from './exchange.js';
export declare function transaction(
  context: FamilyContext,
  request: TransactionRequest,
  options?: TransactionOptions,
): Promise<TransactionResponse>;
