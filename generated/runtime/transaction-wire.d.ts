import { ErpError } from './errors.js';
export interface Edit {
  readonly Name: string;
  readonly Value: string;
}
export interface WireRow {
  readonly Edits: readonly Edit[];
  readonly RelativeDateEdits: readonly never[];
}
export interface WireDataElement {
  readonly Name: string;
  readonly Type: 'Form' | 'List';
  readonly Keys: readonly string[];
  readonly Rows: readonly WireRow[];
}
export interface WireTransaction {
  /** the only value the service accepts: keyed rows update on key match and insert otherwise */
  readonly Status: 'New';
  readonly DataElements: readonly WireDataElement[];
}
/** The body of POST /api/v2/transaction (and /transaction/async). */
export interface TransactionRequest {
  readonly Name: string;
  readonly UseCodeValues: boolean;
  readonly IgnoreDisabled?: boolean;
  readonly Transactions: readonly WireTransaction[];
}
/** The body of POST /api/v2/transaction/get. */
export interface TransactionGetRequest {
  readonly ServiceName: string;
  readonly TransactionStates: ReadonlyArray<{
    readonly DataElementName: string;
    readonly Keys: readonly Edit[];
  }>;
}
export interface TransactionResult {
  readonly Status: 'Passed' | 'Failed' | (string & {});
  readonly DataElements?: ReadonlyArray<{
    readonly Name: string;
    readonly Rows: ReadonlyArray<{
      readonly Edits: readonly Edit[];
    }>;
  }>;
}
/** The answer of POST /api/v2/transaction (HTTP 200 even when transactions failed). */
export interface TransactionResponse {
  readonly Messages: readonly string[];
  readonly Results: {
    readonly Name: string;
    readonly Transactions: readonly TransactionResult[];
  } | null;
  readonly Summary: {
    readonly Succeeded: number;
    readonly Failed: number;
    readonly Other: number;
  };
}
/** The answer of POST /api/v2/transaction/get: a transaction set holding the rows read. */
export interface TransactionSet {
  readonly Name: string;
  readonly Transactions: ReadonlyArray<{
    readonly Status?: string;
    readonly DataElements: readonly WireDataElement[];
  }>;
}
/**
 * A transaction the server did not pass; `messages` are the server's, `response` the whole answer as it was
 * sent. The message shows the server's messages redacted (they may echo what was sent); `response` is not
 * enumerable, so that a logger that prints the error's properties does not print the unredacted answer.
 */
export declare class ErpTransactionFailedError extends ErpError {
  name: string;
  readonly service: string;
  readonly response: TransactionResponse;
  constructor(service: string, response: TransactionResponse, clean?: (text: string) => string);
  get messages(): readonly string[];
}
/**
 * Checks the shape of an answer; a body that is not one is an error, not a silent success. `show` gives what
 * the error shows of the body (the client passes its own, which knows the secrets it sent).
 */
export declare function parseTransactionResponse(
  body: unknown,
  service: string,
  show?: (value: unknown) => string,
): TransactionResponse;
/** Fails unless every transaction passed: `Summary.Failed` is 0 and every result says Passed. */
export declare function assertPassed(
  response: TransactionResponse,
  service: string,
  clean?: (text: string) => string,
): TransactionResponse;
