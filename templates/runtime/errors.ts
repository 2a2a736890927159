// Every failure the runtime reports is an ErpError naming what was asked (the object and the query sent)
// and what the server said, so a log line is enough to act on. Passwords, keys and tokens never appear in
// them: what a server said passes through redact.ts first.
import { shownText } from './redact.js';
import type { TransactionOutcome } from './transaction-wire.js';

/**
 * The most of a server's own message an error keeps: enough for every message the documents and the public captures
 * show (a transaction's messages joined), short of a line no log can hold.
 */
const SERVER_MESSAGE_MAX = 1000;

export class ErpError extends Error {
  override name = 'ErpError';
  /** how many times the request was sent before this error (1 unless the retry policy retried it) */
  readonly attempts: number = 1;
  /** for a paging run (`client.rows()`): the rows delivered to the caller before it failed or was cancelled */
  readonly rowsDelivered: number | undefined;
}

/** A value a filter cannot carry (an invalid date, a non-finite number, ...): refused before sending. */
export class ErpLiteralError extends ErpError {
  override name = 'ErpLiteralError';
}

/**
 * An option of createClient or tokenAuth that cannot work (a token with its `Bearer ` prefix, an unset variable's
 * `undefined`), found when the client or provider is made, before anything is sent.
 */
export class ErpConfigError extends ErpError {
  override name = 'ErpConfigError';
}

/** A builder used in a way the service would reject, found before anything is sent. */
export class ErpQueryError extends ErpError {
  override name = 'ErpQueryError';
}

/**
 * A checkpoint given to `client.changes(q, { since })` that this package cannot go on from: not a checkpoint at all
 * (cut short, edited, another program's), of another format version, or taken of another object or of the same
 * object with another key or stamp (the schema changed since). Nothing was sent; start again from a time, or from
 * the beginning.
 */
export class ErpCheckpointError extends ErpQueryError {
  override name = 'ErpCheckpointError';
}

/**
 * The AuthProvider given to the client failed to give a token (its `token()` threw or returned no string). The
 * provider's own error is the `cause`; the message shows it redacted.
 */
export class ErpAuthError extends ErpError {
  override name = 'ErpAuthError';

  constructor(message: string, cause?: unknown) {
    super(message);
    // set by hand: Error's `cause` option is ES2022's lib, and the runtime compiles under lib ES2020 (a team's
    // project may have that lib: test/runtime/strict-compile.test.ts)
    if (cause !== undefined)
      Object.defineProperty(this, 'cause', { value: cause, writable: true, configurable: true, enumerable: false });
  }
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

const same = (text: string) => text;

/** An HTTP answer the client could not use; the subclasses say what the service means by it. */
export class ErpHttpError extends ErpError {
  override name = 'ErpHttpError';
  readonly object: string | undefined;
  readonly request: string;
  readonly status: number;
  readonly serverMessage: string | undefined;

  constructor(summary: string, info: RequestInfo) {
    // redacted where it was read; here made safe to show (controls, bidi overrides escaped) and cut, whoever built it
    const said = info.serverMessage === undefined ? undefined : shownText(info.serverMessage, same, SERVER_MESSAGE_MAX);
    super(`${summary}${said ? `: ${said}` : ''} (HTTP ${info.status}; ${info.request})`);
    this.object = info.object;
    this.request = info.request;
    this.status = info.status;
    this.serverMessage = said;
  }
}

/**
 * 404 with an empty body: the object does not exist, is on the other surface, or a selected or ordered
 * column does not exist. (A table created after the service started also answers this until the data
 * service is refreshed on the middleware administration site.)
 */
export class ErpNotFoundError extends ErpHttpError {
  override name = 'ErpNotFoundError';
}

/** 404 with an OData error: the service rejected the filter (quoted number, unknown column, syntax). */
export class ErpFilterRejectedError extends ErpHttpError {
  override name = 'ErpFilterRejectedError';
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
export class ErpNotAuthorizedError extends ErpHttpError {
  override name = 'ErpNotAuthorizedError';
  readonly reason: NotAuthorizedReason;

  constructor(summary: string, info: RequestInfo, reason: NotAuthorizedReason) {
    super(summary, info);
    this.reason = reason;
  }
}

/** 403 (`insufficient_scope`): the token's scope does not cover this endpoint, or the user lacks the permission. */
export class ErpForbiddenError extends ErpHttpError {
  override name = 'ErpForbiddenError';
}

/**
 * The token call failed in a way the user can act on: `credentials` (401 `invalid_grant`: wrong user name or
 * password), `unknown-key` (500 TokenException: the consumer key is not registered on this tenant), `no-scope`
 * (403: the key has no scope), or `other`.
 */
export type SignInFailure = 'credentials' | 'unknown-key' | 'no-scope' | 'other';

export class ErpSignInError extends ErpHttpError {
  override name = 'ErpSignInError';
  readonly failure: SignInFailure;

  constructor(summary: string, info: RequestInfo, failure: SignInFailure) {
    super(summary, info);
    this.failure = failure;
  }
}

/**
 * No usable answer arrived: the server could not be reached, or the connection closed before the whole answer
 * (status 0 when no status line came). `reset` is true when the connection was dropped, which a read may retry.
 */
export class ErpConnectionError extends ErpHttpError {
  override name = 'ErpConnectionError';
  readonly reset: boolean;

  constructor(summary: string, info: RequestInfo, reset: boolean) {
    super(summary, info);
    this.reset = reset;
  }
}

/**
 * The server answered with a redirect to another origin (scheme, host or port), or with more redirects than the
 * client follows. Redirects are followed by hand, within the origin only, so that no credential, token or body
 * reaches a host it was not given for: `from` and `to` are the two origins (`to` is undefined for a loop).
 */
export class ErpRedirectError extends ErpHttpError {
  override name = 'ErpRedirectError';
  readonly from: string;
  readonly to: string | undefined;

  constructor(summary: string, info: RequestInfo, from: string, to: string | undefined) {
    super(summary, info);
    this.from = from;
    this.to = to;
  }
}

/** The answer (or the rest of its body) did not come within the client's timeout. */
export class ErpTimeoutError extends ErpHttpError {
  override name = 'ErpTimeoutError';
}

/** The caller's AbortSignal stopped the request (for `client.rows()`, see `rowsDelivered`). */
export class ErpCancelledError extends ErpHttpError {
  override name = 'ErpCancelledError';
}

/** 5xx: the server failed (or, for some client mistakes, says so with a 500). */
export class ErpServerError extends ErpHttpError {
  override name = 'ErpServerError';
}

/**
 * A body that is not the JSON asked for: XML (no `Accept: application/json`), an HTML error page, garbage, a
 * body that cannot be decoded, rows that are not objects, or a 200 carrying an OData error object.
 */
export class ErpUnexpectedResponseError extends ErpHttpError {
  override name = 'ErpUnexpectedResponseError';
}

/** An answer longer than the client reads (`maxResponseBytes`): a runaway or hostile server; nothing was kept. */
export class ErpResponseTooLargeError extends ErpUnexpectedResponseError {
  override name = 'ErpResponseTooLargeError';
}

/**
 * Paging would never end or would repeat rows: the server answered more rows than `$top` asked for, or the
 * same page for a later `$skip` (it ignores `$skip`). The client stops instead of requesting forever.
 */
export class ErpPagingError extends ErpUnexpectedResponseError {
  override name = 'ErpPagingError';
}

/**
 * A transaction met the intermittent unexpected response window: a previous request left a dialog open in a
 * pooled session. Retried after a short random delay when nothing was applied; if it persists, split the
 * transaction or use `client.transactionAsync()`.
 */
export class ErpResponseWindowError extends ErpHttpError {
  override name = 'ErpResponseWindowError';
}

/**
 * The server refused because a record was locked (a deadlock victim, a lock wait that timed out): nothing was
 * applied, so the request may be sent again after a pause of 1 to 2 seconds (bulk runs lock the item master).
 */
export class ErpLockedError extends ErpServerError {
  override name = 'ErpLockedError';
}

/** The server runs another build than the package was generated from (`drift: 'error'`). */
export class ErpDriftError extends ErpError {
  override name = 'ErpDriftError';
  /** the build the package's snapshot was fetched from (as shown: control characters escaped, cut to 64) */
  readonly packageBuild: string;
  /** the build the server reports, as shown (it is the server's text: control characters escaped, cut to 64) */
  readonly serverBuild: string;

  constructor(packageBuild: string, serverBuild: string) {
    super(
      `the server runs build ${serverBuild}, but this package was generated from a snapshot of build ${packageBuild}: run \`npx erpgen fetch\` and \`npx erpgen generate\` to describe the server as it is now`,
    );
    this.packageBuild = packageBuild;
    this.serverBuild = serverBuild;
  }
}

/** What is wrong with a row: see ErpRowValidationError. */
export type RowProblem = 'unknown-column' | 'missing-column' | 'wrong-kind' | 'null' | 'too-long';

/** A row the server sent does not fit its object's columns as the snapshot describes them (`validate: 'error'`). */
export class ErpRowValidationError extends ErpError {
  override name = 'ErpRowValidationError';
  /** `table/customer` */
  readonly object: string;
  readonly column: string;
  /** the row's index among the rows the call delivered, from 0 */
  readonly rowIndex: number;
  readonly problem: RowProblem;

  constructor(message: string, object: string, column: string, rowIndex: number, problem: RowProblem) {
    super(message);
    this.object = object;
    this.column = column;
    this.rowIndex = rowIndex;
    this.problem = problem;
  }
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
export class ErpWriteNotAppliedError extends ErpHttpError {
  override name = 'ErpWriteNotAppliedError';
  readonly service: string;
  readonly fields: readonly WriteMismatch[];
  /** for a transaction: every transaction's outcome, read back (`result.transactions[i].verified`); not enumerable */
  declare readonly result: TransactionOutcome | undefined;

  constructor(summary: string, info: RequestInfo, service: string, fields: readonly WriteMismatch[]) {
    super(summary, info);
    this.service = service;
    this.fields = fields;
  }
}

/**
 * A write the server answered as a success that could not be verified (a transaction whose record has no keys the
 * client knows, or whose read-back failed: `cause`): it was applied once, so do not send it again; read the record
 * yourself. `result` holds every transaction's outcome (not enumerable).
 */
export class ErpWriteUnverifiedError extends ErpError {
  override name = 'ErpWriteUnverifiedError';
  declare readonly result: TransactionOutcome;
  constructor(message: string, result: TransactionOutcome, cause?: unknown) {
    super(message);
    Object.defineProperty(this, 'result', { value: result, enumerable: false });
    // set by hand: Error's `cause` option is ES2022's lib, and the runtime compiles under lib ES2020 (a team's
    // project may have that lib: test/runtime/strict-compile.test.ts)
    if (cause !== undefined)
      Object.defineProperty(this, 'cause', { value: cause, writable: true, configurable: true, enumerable: false });
  }
}
