import { ErpError, type WriteMismatch } from './errors.js';
import type { ServiceDescriptor } from './define-service.js';
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
export declare function recordService(request: object, service: ServiceDescriptor): void;
export declare function serviceOf(request: object): ServiceDescriptor | undefined;
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
/**
 * What became of one transaction of a POST (the documents: a transaction is atomic, the transactions of one POST
 * are independent, so each has its own outcome).
 */
export interface TransactionReport {
  /** its place in the request, from 0 */
  readonly index: number;
  /**
   * `Results.Transactions[i].Status`: `passed` or `failed`; `unknown` when the answer does not say (an async request
   * whose result came back as text only: read the record back before sending it again)
   */
  readonly status: 'passed' | 'failed' | 'unknown';
  /** its own messages, without the `Transaction {n}:: ` prefix (a message naming no transaction is every one's) */
  readonly messages: readonly string[];
  /**
   * The key fields of the record it wrote, by name (`{ order_no: '1000123' }`): those the server gave (in the
   * answer), else those sent; of `keyElement`. Empty when neither says (a new record that failed).
   */
  readonly keys: Readonly<Record<string, string>>;
  /** the Form element the keys are of (`TABPAGE_1.order`): the one a read-back names */
  readonly keyElement: string | undefined;
  /** `false` when not read back (verify off, or the transaction did not pass); else what the read-back found */
  readonly verified: false | Verification;
}
/** A passed transaction read back (`/api/v2/transaction/get` by its record's keys) and compared, field by field. */
export interface Verification {
  /** the fields sent that were compared */
  readonly fields: number;
  /** fields stored in another form than sent (case, padding, rounding, ...): each also logged (an error when strict) */
  readonly normalised: readonly WriteMismatch[];
  /**
   * fields whose stored value is not what was sent (the value before, or empty): the call throws an
   * ErpWriteNotAppliedError naming them (an ErpTransactionFailedError when a transaction of the POST failed as well)
   */
  readonly notApplied: readonly WriteMismatch[];
}
/** The client's answer to a transaction: the server's, each transaction's outcome, and what the client cut. */
export interface TransactionOutcome extends TransactionResponse {
  /** free text cut to its column's length in building the request (each also logged): empty when nothing was cut */
  readonly warnings: readonly Truncation[];
  /** one outcome per transaction sent, in order */
  readonly transactions: readonly TransactionReport[];
  /**
   * Each failed transaction as a request of its own (the same Name, UseCodeValues and IgnoreDisabled), to fix and
   * send alone; a passed one is never in it (resending it would apply it twice). Empty when none failed.
   */
  readonly failed: readonly TransactionRequest[];
}
/**
 * A transaction the server did not pass; `messages` are the server's, `response` the whole answer as it was
 * sent, `result` every transaction's outcome (`result.failed`: the failed ones' requests, to fix and send alone).
 * The message shows the server's messages redacted (they may echo what was sent), and what they mean where it knows
 * (a disabled column, a required one: the `erpgen.config.json` line that makes it a compile error); `response` and
 * `result` are not enumerable, so that a logger that prints the error's properties does not print what was sent.
 */
export declare class ErpTransactionFailedError extends ErpError {
  name: string;
  readonly service: string;
  readonly response: TransactionResponse;
  readonly result: TransactionOutcome | undefined;
  constructor(
    service: string,
    response: TransactionResponse,
    clean?: (text: string) => string,
    result?: TransactionOutcome,
    hints?: readonly string[],
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
/** Whether every transaction passed: `Summary.Failed` is 0 and every result says Passed. */
export declare const allPassed: (response: TransactionResponse) => boolean;
/** Fails unless every transaction passed (allPassed); `result`, when given, is the error's. */
export declare function assertPassed(
  response: TransactionResponse,
  service: string,
  clean?: (text: string) => string,
  result?: TransactionOutcome,
): TransactionResponse;
