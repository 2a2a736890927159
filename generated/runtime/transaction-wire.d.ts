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
/**
 * A value cut to its column's length when the transaction was built (free text only: identifiers are refused). The
 * value itself is not kept: `preview` is its first characters, redacted.
 */
export interface Truncation {
  readonly service: string;
  /** the data element, e.g. `TABPAGE_1.order` */
  readonly element: string;
  readonly field: string;
  /** the row, from 1, when the element was given more than one */
  readonly row?: number;
  /** the value's length in UTF-16 code units, as given */
  readonly length: number;
  /** its length as sent (the column's length, one fewer where a surrogate pair would be split) */
  readonly sentLength: number;
  /** the column's length */
  readonly maxLength: number;
  /** a short redacted preview of the value's start */
  readonly preview: string;
}
/** What `truncate` does with free text longer than its column: cut it and warn (default), or refuse the request. */
export type TruncateMode = 'cut' | 'error';
export declare function recordCuts(request: object, cuts: readonly Truncation[]): void;
/** The cuts made in building `request` (none for a request written by hand). */
export declare function cutsOf(request: object): readonly Truncation[];
export declare function recordMissingRequired(request: object, missing: ReadonlyArray<readonly string[]>): void;
/** What `recordMissingRequired` kept for `request` (nothing for a request written by hand). */
export declare function missingRequiredOf(request: object): ReadonlyArray<readonly string[]>;
/** The documents' message for a required column left out: it names none. */
export declare const UNNAMED_REQUIRED: RegExp;
/** Where a value was cut: `Order TP_ITEMS.items row 2.extended_desc`. */
export declare const cutPlace: (cut: Truncation) => string;
/** `Order TABPAGE_1.order.job_name: cut from 90 to 60 characters (the column's length)` */
export declare function describeCut(cut: Truncation): string;
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
/** The client's answer to a transaction: the server's, and what the client cut before sending it. */
export interface TransactionOutcome extends TransactionResponse {
  /** free text cut to its column's length in building the request (each also logged): empty when nothing was cut */
  readonly warnings: readonly Truncation[];
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
  constructor(
    service: string,
    response: TransactionResponse,
    clean?: (text: string) => string,
    /** what the client adds to the server's messages (the required fields a `This column is required.` may mean) */
    hint?: string,
  );
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
  hint?: string,
): TransactionResponse;
