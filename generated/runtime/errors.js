// Every failure the runtime reports is an ErpError naming what was asked (the object and the query sent)
// and what the server said, so a log line is enough to act on. Tokens and keys never appear in them.
export class ErpError extends Error {
  name = 'ErpError';
}
/** A value a filter cannot carry (an invalid date, a non-finite number, ...): refused before sending. */
export class ErpLiteralError extends ErpError {
  name = 'ErpLiteralError';
}
/** A builder used in a way the service would reject, found before anything is sent. */
export class ErpQueryError extends ErpError {
  name = 'ErpQueryError';
}
/** An HTTP answer the client could not use; the subclasses say what the service means by it. */
export class ErpHttpError extends ErpError {
  name = 'ErpHttpError';
  object;
  request;
  status;
  serverMessage;
  constructor(summary, info) {
    super(`${summary}${info.serverMessage ? `: ${info.serverMessage}` : ''} (HTTP ${info.status}; ${info.request})`);
    this.object = info.object;
    this.request = info.request;
    this.status = info.status;
    this.serverMessage = info.serverMessage;
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
}
/** 5xx: the server failed (or, for some client mistakes, says so with a 500). */
export class ErpServerError extends ErpHttpError {
  name = 'ErpServerError';
}
/** A body that is not the JSON asked for: XML (no `Accept: application/json`), an HTML error page, garbage. */
export class ErpUnexpectedResponseError extends ErpHttpError {
  name = 'ErpUnexpectedResponseError';
}
