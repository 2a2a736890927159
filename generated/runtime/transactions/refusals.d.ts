import type { TransactionOutcome, TransactionRequest } from '../transaction-wire.js';
/** One sentence per refusal of a failed transaction that the server's message does not explain by itself. */
export declare function refusalHints(request: TransactionRequest, result: TransactionOutcome): string[];
