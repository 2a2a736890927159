export declare class ErpError extends Error {
  name: string;
}
/** A value a filter cannot carry (an invalid date, a non-finite number, ...): refused before sending. */
export declare class ErpLiteralError extends ErpError {
  name: string;
}
/** A builder used in a way the service would reject, found before anything is sent. */
export declare class ErpQueryError extends ErpError {
  name: string;
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
/** 401: no valid token, the object is outside the consumer key's scope, or the user lacks the permission. */
export declare class ErpNotAuthorizedError extends ErpHttpError {
  name: string;
}
/** 5xx: the server failed (or, for some client mistakes, says so with a 500). */
export declare class ErpServerError extends ErpHttpError {
  name: string;
}
/** A body that is not the JSON asked for: XML (no `Accept: application/json`), an HTML error page, garbage. */
export declare class ErpUnexpectedResponseError extends ErpHttpError {
  name: string;
}
