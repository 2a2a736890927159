import type { TransactionOutcome } from './transaction-wire.js';
export declare class ErpError extends Error {
  name: string;
  /** how many times the request was sent before this error (1 unless the retry policy retried it) */
  readonly attempts: number;
  /** for a paging run (`client.rows()`): the rows delivered to the caller before it failed or was cancelled */
  readonly rowsDelivered: number | undefined;
}
/** A value a filter cannot carry (an invalid date, a non-finite number, ...): refused before sending. */
export declare class ErpLiteralError extends ErpError {
  name: string;
}
/**
 * An option of createClient or tokenAuth that cannot work (a token with its `Bearer ` prefix, an unset variable's
 * `undefined`), found when the client or provider is made, before anything is sent.
 */
export declare class ErpConfigError extends ErpError {
  name: string;
}
/** A builder used in a way the service would reject, found before anything is sent. */
export declare class ErpQueryError extends ErpError {
  name: string;
}
/**
 * A checkpoint given to `client.changes(q, { since })` that this package cannot go on from: not a checkpoint at all
 * (cut short, edited, another program's), of another format version, or taken of another object or of the same
 * object with another key or stamp (the schema changed since). Nothing was sent; start again from a time, or from
 * the beginning.
 */
export declare class ErpCheckpointError extends ErpQueryError {
  name: string;
}
/**
 * The AuthProvider given to the client failed to give a token (its `token()` threw or returned no string). The
 * provider's own error is the `cause`; the message shows it redacted.
 */
export declare class ErpAuthError extends ErpError {
  name: string;
  constructor(message: string, cause?: unknown);
}
export interface RequestInfo {
  /** the object asked for, `table/customer` or `view/svc_view_es_customer`, when there is one */
  readonly object?: string;
  /** method and path with the query string, as sent */
  readonly request: string;
  readonly status: number;
  /** the server's own message, when it gave one */
  readonly serverMessage?: string;
}
/** An HTTP answer the client could not use; the subclasses say what the service means by it. */
export declare class ErpHttpError extends ErpError {
  name: string;
  readonly object: string | undefined;
  readonly request: string;
  readonly status: number;
  readonly serverMessage: string | undefined;
  constructor(summary: string, info: RequestInfo);
}
/**
 * 404 with an empty body: the object does not exist, is on the other surface, or a selected or ordered
 * column does not exist. (A table created after the service started also answers this until the data
 * service is refreshed on the middleware administration site.)
 */
export declare class ErpNotFoundError extends ErpHttpError {
  name: string;
}
/** 404 with an OData error: the service rejected the filter (quoted number, unknown column, syntax). */
export declare class ErpFilterRejectedError extends ErpHttpError {
  name: string;
}
/**
 * Why a 401 was given, as far as the client can tell: `invalid-token` (unknown, expired or superseded: each
 * token call may invalidate earlier tokens), `out-of-scope` (the consumer key's OData allow-list, read from the
 * token's `aud` claim, does not name the object), `permission` (a freshly issued token is refused too: the user
 * lacks `Allow OData API Service` or the role's data service permission for the object), `header-lost` (the
 * Authorization header did not arrive: dropped while following a redirect), `unknown` (a fixed token: the
 * client cannot ask for another to tell the causes apart).
 */
export type NotAuthorizedReason = 'invalid-token' | 'out-of-scope' | 'permission' | 'header-lost' | 'unknown';
/** 401: no valid token, the object is outside the consumer key's scope, or the user lacks the permission. */
export declare class ErpNotAuthorizedError extends ErpHttpError {
  name: string;
  readonly reason: NotAuthorizedReason;
  constructor(summary: string, info: RequestInfo, reason: NotAuthorizedReason);
}
/** 403 (`insufficient_scope`): the token's scope does not cover this endpoint, or the user lacks the permission. */
export declare class ErpForbiddenError extends ErpHttpError {
  name: string;
}
/**
 * The token call failed in a way the user can act on: `credentials` (401 `invalid_grant`: wrong user name or
 * password), `unknown-key` (500 TokenException: the consumer key is not registered on this tenant), `no-scope`
 * (403: the key has no scope), or `other`.
 */
export type SignInFailure = 'credentials' | 'unknown-key' | 'no-scope' | 'other';
export declare class ErpSignInError extends ErpHttpError {
  name: string;
  readonly failure: SignInFailure;
  constructor(summary: string, info: RequestInfo, failure: SignInFailure);
}
/**
 * No usable answer arrived: the server could not be reached, or the connection closed before the whole answer
 * (status 0 when no status line came). `reset` is true when the connection was dropped, which a read may retry.
 */
export declare class ErpConnectionError extends ErpHttpError {
  name: string;
  readonly reset: boolean;
  constructor(summary: string, info: RequestInfo, reset: boolean);
}
/**
 * The server answered with a redirect to another origin (scheme, host or port), or with more redirects than the
 * client follows. Redirects are followed by hand, within the origin only, so that no credential, token or body
 * reaches a host it was not given for: `from` and `to` are the two origins (`to` is undefined for a loop).
 */
export declare class ErpRedirectError extends ErpHttpError {
  name: string;
  readonly from: string;
  readonly to: string | undefined;
  constructor(summary: string, info: RequestInfo, from: string, to: string | undefined);
}
/** The answer (or the rest of its body) did not come within the client's timeout. */
export declare class ErpTimeoutError extends ErpHttpError {
  name: string;
}
/** The caller's AbortSignal stopped the request (for `client.rows()`, see `rowsDelivered`). */
export declare class ErpCancelledError extends ErpHttpError {
  name: string;
}
/** 5xx: the server failed (or, for some client mistakes, says so with a 500). */
export declare class ErpServerError extends ErpHttpError {
  name: string;
}
/**
 * A body that is not the JSON asked for: XML (no `Accept: application/json`), an HTML error page, garbage, a
 * body that cannot be decoded, rows that are not objects, or a 200 carrying an OData error object.
 */
export declare class ErpUnexpectedResponseError extends ErpHttpError {
  name: string;
}
/** An answer longer than the client reads (`maxResponseBytes`): a runaway or hostile server; nothing was kept. */
export declare class ErpResponseTooLargeError extends ErpUnexpectedResponseError {
  name: string;
}
/**
 * Paging would never end or would repeat rows: the server answered more rows than `$top` asked for, or the
 * same page for a later `$skip` (it ignores `$skip`). The client stops instead of requesting forever.
 */
export declare class ErpPagingError extends ErpUnexpectedResponseError {
  name: string;
}
/**
 * A transaction met the intermittent unexpected response window: a previous request left a dialog open in a
 * pooled session. Retried after a short random delay when nothing was applied; if it persists, split the
 * transaction or use `client.transactionAsync()`.
 */
export declare class ErpResponseWindowError extends ErpHttpError {
  name: string;
}
/**
 * The server refused because a record was locked (a deadlock victim, a lock wait that timed out): nothing was
 * applied, so the request may be sent again after a pause of 1 to 2 seconds (bulk runs lock the item master).
 */
export declare class ErpLockedError extends ErpServerError {
  name: string;
}
/** The server runs another build than the package was generated from (`drift: 'error'`). */
export declare class ErpDriftError extends ErpError {
  name: string;
  /** the build the package's snapshot was fetched from (as shown: control characters escaped, cut to 64) */
  readonly packageBuild: string;
  /** the build the server reports, as shown (it is the server's text: control characters escaped, cut to 64) */
  readonly serverBuild: string;
  constructor(packageBuild: string, serverBuild: string);
}
/** What is wrong with a row: see ErpRowValidationError. */
export type RowProblem = 'unknown-column' | 'missing-column' | 'wrong-kind' | 'null' | 'too-long';
/** A row the server sent does not fit its object's columns as the snapshot describes them (`validate: 'error'`). */
export declare class ErpRowValidationError extends ErpError {
  name: string;
  /** `table/customer` */
  readonly object: string;
  readonly column: string;
  /** the row's index among the rows the call delivered, from 0 */
  readonly rowIndex: number;
  readonly problem: RowProblem;
  constructor(message: string, object: string, column: string, rowIndex: number, problem: RowProblem);
}
/**
 * A field of a verified write whose read-back differs from what was sent: `service` (a transaction service, or the
 * family's object: `inventory/parts`, `udt/udt_pallet`, `entity/customers`), `element` (a data element, a record's
 * part, a window's datawindow), the field, and both values as text. `stored` is `''` when the field is empty or
 * absent from what was read.
 */
export interface WriteMismatch {
  readonly service: string;
  readonly element: string;
  /** the row, from 1, when the element was given more than one */
  readonly row?: number;
  readonly field: string;
  readonly sent: string;
  readonly stored: string;
  /**
   * `not-applied`: not stored (what is there is not what was sent: the value before, or empty for a new record);
   * `normalised`: stored in another form (`how` says which: case, padding, rounding, ...), a warning unless the
   * write was verified with `'strict'`
   */
  readonly kind: 'not-applied' | 'normalised';
  /** for a normalised value: how the stored form differs (`case`, `padding`, `rounded to 4 places`, ...) */
  readonly how?: string;
}
/**
 * A write the server answered as a success whose effect is not there when read back: verified writes
 * (`verify`, on by default for a transaction sent with `ignoreDisabled`), an inventory item's appendOrUpdate, a UDT
 * update or delete that reports `[0] rows`. `fields` names each field not applied (and, under `verify: 'strict'`,
 * each stored in another form). The write is not resent: read the record, fix what the server refused, send again.
 */
export declare class ErpWriteNotAppliedError extends ErpHttpError {
  name: string;
  readonly service: string;
  readonly fields: readonly WriteMismatch[];
  /** for a transaction: every transaction's outcome, read back (`result.transactions[i].verified`); not enumerable */
  readonly result: TransactionOutcome | undefined;
  constructor(summary: string, info: RequestInfo, service: string, fields: readonly WriteMismatch[]);
}
/**
 * A write the server answered as a success that could not be verified (a transaction whose record has no keys the
 * client knows, or whose read-back failed: `cause`): it was applied once, so do not send it again; read the record
 * yourself. `result` holds every transaction's outcome (not enumerable).
 */
export declare class ErpWriteUnverifiedError extends ErpError {
  name: string;
  readonly result: TransactionOutcome;
  constructor(message: string, result: TransactionOutcome, cause?: unknown);
}
