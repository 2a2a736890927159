import {
  type TransactionOutcome,
  type TransactionRequest,
  type TransactionResponse,
  type TransactionResult,
  type Truncation,
  type WireTransaction,
} from '../transaction-wire.js';
import type { ServiceDescriptor } from '../define-service.js';
/**
 * The key fields of the record a transaction wrote, and their element: a Form element sent whose keys are all known,
 * its keys those sent (`Keys`), else the definition's KeyFields (a request built by `Service.request()`), else the
 * fields the answer has that were not sent (the ones the server gave); each value from the answer (a key the server
 * gave), else as sent. The element that names the record is preferred: one the request keyed, then one whose keys
 * the server gave (a new record's number), then the first (a Form of lookups, such as a customer's, names another
 * table's row).
 */
export declare function recordKeys(
  sent: WireTransaction,
  answered: TransactionResult | undefined,
  service: ServiceDescriptor | undefined,
):
  | {
      readonly element: string;
      readonly keys: Readonly<Record<string, string>>;
    }
  | undefined;
/** The client's answer: the server's, with each transaction's outcome (not verified yet) and the failed ones. */
export declare function outcomeOf(
  request: TransactionRequest,
  response: TransactionResponse,
  warnings: readonly Truncation[],
): TransactionOutcome;
