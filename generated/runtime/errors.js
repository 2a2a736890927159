// Every failure the runtime reports is an ErpError naming what was asked (the object and the query sent)
// and what the server said, so a log line is enough to act on. Passwords, keys and tokens never appear in
// them: what a server said passes through redact.ts first.
import { shownText } from './redact.js';
/**
 * The most of a server's own message an error keeps: enough for every message the documents and the public captures
 * show (a transaction's messages joined), short of a line no log can hold.
 */
const SERVER_MESSAGE_MAX = 1000;
export class ErpError extends Error {
  name = 'ErpError';
  /** how many times the request was sent before this error (1 unless the retry policy retried it) */
  attempts = 1;
  /** for a paging run (`client.rows()`): the rows delivered to the caller before it failed or was cancelled */
  rowsDelivered;
}
/** A value a filter cannot carry (an invalid date, a non-finite number, ...): refused before sending. */
export class ErpLiteralError extends ErpError {
  name = 'ErpLiteralError';
}
/**
 * An option of createClient or tokenAuth that cannot work (a token with its `Bearer ` prefix, an unset variable's
 * `undefined`), found when the client or provider is made, before anything is sent.
 */
export class ErpConfigError extends ErpError {
  name = 'ErpConfigError';
}
/** A builder used in a way the service would reject, found before anything is sent. */
export class ErpQueryError extends ErpError {
  name = 'ErpQueryError';
}
/**
 * A checkpoint given to `client.changes(q, { since })` that this package cannot go on from: not a checkpoint at all
 * (cut short, edited, another program's), of another format version, or taken of another object or of the same
 * object with another key or stamp (the schema changed since). Nothing was sent; start again from a time, or from
 * the beginning.
 */
export class ErpCheckpointError extends ErpQueryError {
  name = 'ErpCheckpointError';
}
/**
 * The AuthProvider given to the client failed to give a token (its `token()` threw or returned no string). The
 * provider's own error is the `cause`; the message shows it redacted.
 */
export class ErpAuthError extends ErpError {
  name = 'ErpAuthError';
  constructor(message, cause) {
    super(message);
    // set by hand: Error's `cause` option is ES2022's lib, and the runtime compiles under lib ES2020 (a team's
    // project may have that lib: test/runtime/strict-compile.test.ts)
    if (cause !== undefined)
      Object.defineProperty(this, 'cause', { value: cause, writable: true, configurable: true, enumerable: false });
  }
}
const same = (text) => text;
/** An HTTP answer the client could not use; the subclasses say what the service means by it. */
export class ErpHttpError extends ErpError {
  name = 'ErpHttpError';
  object;
  request;
  status;
  serverMessage;
  constructor(summary, info) {
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
  name = 'ErpNotFoundError';
}
/** 404 with an OData error: the service rejected the filter (quoted number, unknown column, syntax). */
export class ErpFilterRejectedError extends ErpHttpError {
  name = 'ErpFilterRejectedError';
}
/** 401: no valid token, the object is outside the consumer key's scope, or the user lacks the permission. */
export class ErpNotAuthorizedError extends ErpHttpError {
  name = 'ErpNotAuthorizedError';
  reason;
  constructor(summary, info, reason) {
    super(summary, info);
    this.reason = reason;
  }
}
/** 403 (`insufficient_scope`): the token's scope does not cover this endpoint, or the user lacks the permission. */
export class ErpForbiddenError extends ErpHttpError {
  name = 'ErpForbiddenError';
}
export class ErpSignInError extends ErpHttpError {
  name = 'ErpSignInError';
  failure;
  constructor(summary, info, failure) {
    super(summary, info);
    this.failure = failure;
  }
}
/**
 * No usable answer arrived: the server could not be reached, or the connection closed before the whole answer
 * (status 0 when no status line came). `reset` is true when the connection was dropped, which a read may retry.
 */
export class ErpConnectionError extends ErpHttpError {
  name = 'ErpConnectionError';
  reset;
  constructor(summary, info, reset) {
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
  name = 'ErpRedirectError';
  from;
  to;
  constructor(summary, info, from, to) {
    super(summary, info);
    this.from = from;
    this.to = to;
  }
}
/** The answer (or the rest of its body) did not come within the client's timeout. */
export class ErpTimeoutError extends ErpHttpError {
  name = 'ErpTimeoutError';
}
/** The caller's AbortSignal stopped the request (for `client.rows()`, see `rowsDelivered`). */
export class ErpCancelledError extends ErpHttpError {
  name = 'ErpCancelledError';
}
/** 5xx: the server failed (or, for some client mistakes, says so with a 500). */
export class ErpServerError extends ErpHttpError {
  name = 'ErpServerError';
}
/**
 * A body that is not the JSON asked for: XML (no `Accept: application/json`), an HTML error page, garbage, a
 * body that cannot be decoded, rows that are not objects, or a 200 carrying an OData error object.
 */
export class ErpUnexpectedResponseError extends ErpHttpError {
  name = 'ErpUnexpectedResponseError';
}
/** An answer longer than the client reads (`maxResponseBytes`): a runaway or hostile server; nothing was kept. */
export class ErpResponseTooLargeError extends ErpUnexpectedResponseError {
  name = 'ErpResponseTooLargeError';
}
/**
 * Paging would never end or would repeat rows: the server answered more rows than `$top` asked for, or the
 * same page for a later `$skip` (it ignores `$skip`). The client stops instead of requesting forever.
 */
export class ErpPagingError extends ErpUnexpectedResponseError {
  name = 'ErpPagingError';
}
/**
 * A transaction met the intermittent unexpected response window: a previous request left a dialog open in a
 * pooled session. Retried after a short random delay when nothing was applied; if it persists, split the
 * transaction or use `client.transactionAsync()`.
 */
export class ErpResponseWindowError extends ErpHttpError {
  name = 'ErpResponseWindowError';
}
/**
 * The server refused because a record was locked (a deadlock victim, a lock wait that timed out): nothing was
 * applied, so the request may be sent again after a pause of 1 to 2 seconds (bulk runs lock the item master).
 */
export class ErpLockedError extends ErpServerError {
  name = 'ErpLockedError';
}
/** The server runs another build than the package was generated from (`drift: 'error'`). */
export class ErpDriftError extends ErpError {
  name = 'ErpDriftError';
  /** the build the package's snapshot was fetched from (as shown: control characters escaped, cut to 64) */
  packageBuild;
  /** the build the server reports, as shown (it is the server's text: control characters escaped, cut to 64) */
  serverBuild;
  constructor(packageBuild, serverBuild) {
    super(
      `the server runs build ${serverBuild}, but this package was generated from a snapshot of build ${packageBuild}: run \`npx erpgen fetch\` and \`npx erpgen generate\` to describe the server as it is now`,
    );
    this.packageBuild = packageBuild;
    this.serverBuild = serverBuild;
  }
}
/** A row the server sent does not fit its object's columns as the snapshot describes them (`validate: 'error'`). */
export class ErpRowValidationError extends ErpError {
  name = 'ErpRowValidationError';
  /** `table/customer` */
  object;
  column;
  /** the row's index among the rows the call delivered, from 0 */
  rowIndex;
  problem;
  constructor(message, object, column, rowIndex, problem) {
    super(message);
    this.object = object;
    this.column = column;
    this.rowIndex = rowIndex;
    this.problem = problem;
  }
}
/**
 * A write the server answered as a success whose effect is not there when read back: verified writes
 * (`verify`, on by default for a transaction sent with `ignoreDisabled`), an inventory item's appendOrUpdate, a UDT
 * update or delete that reports `[0] rows`. `fields` names each field not applied (and, under `verify: 'strict'`,
 * each stored in another form). The write is not resent: read the record, fix what the server refused, send again.
 */
export class ErpWriteNotAppliedError extends ErpHttpError {
  name = 'ErpWriteNotAppliedError';
  service;
  fields;
  constructor(summary, info, service, fields) {
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
  name = 'ErpWriteUnverifiedError';
  constructor(message, result, cause) {
    super(message);
    Object.defineProperty(this, 'result', { value: result, enumerable: false });
    // set by hand: Error's `cause` option is ES2022's lib, and the runtime compiles under lib ES2020 (a team's
    // project may have that lib: test/runtime/strict-compile.test.ts)
    if (cause !== undefined)
      Object.defineProperty(this, 'cause', { value: cause, writable: true, configurable: true, enumerable: false });
  }
}
