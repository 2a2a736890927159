// What a route answers, as plain data: the server writes it. Routes stay free of `node:http`, so adding a
// family means adding a function that maps a request to a Reply.

/** A request before its body is read: the raw path and raw query string, never decoded on the way in. */
export interface RequestHead {
  readonly method: string;
  /** raw path, e.g. `/odataservice/odata/table/order%20lines` */
  readonly path: string;
  /** raw query string without the `?`, '' when there is none */
  readonly query: string;
  /** header names in lower case */
  readonly headers: Readonly<Record<string, string | undefined>>;
}

/** A request as routes see it. */
export interface ServiceRequest extends RequestHead {
  /** the request body as UTF-8 text; '' when there is none */
  readonly body?: string;
}

export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer;
  /** milliseconds the answer is held back (a request the service takes that long over); default none */
  readonly afterMs?: number;
}

export function emptyReply(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: '' };
}

/** A JSON body written with JSON.stringify: the families other than the query one send plain JSON. */
export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

/**
 * The UI server's error body for a refused request: errors there follow `Accept` as RFC 7807 problem details, so a
 * client that sends `Accept: application/json` gets `application/problem+json`.
 */
export function problemReply(status: number, detail: string): Reply {
  const titles: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed' };
  return {
    status,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8' },
    body: JSON.stringify({ type: 'about:blank', title: titles[status] ?? 'Error', status, detail }),
  };
}

export const ODATA_JSON = 'application/json; odata.metadata=minimal; odata.streaming=true';

/** The query family's error object: `{"error":{"code":...,"message":...}}`. */
export function odataErrorReply(status: number, code: string, message: string): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; odata.metadata=minimal', 'OData-Version': '4.0' },
    body: JSON.stringify({ error: { code, message } }),
  };
}

/**
 * The web server's own 404 page. The service's IIS hides any path segment named `bin` (request filtering), so
 * such requests never reach the application: no JSON, no authentication, just this page.
 */
export function htmlNotFound(): Reply {
  return {
    status: 404,
    headers: { 'Content-Type': 'text/html' },
    body:
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\r\n' +
      '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>404 - File or directory not found.</title></head>' +
      '<body><div id="header"><h1>Server Error</h1></div><div id="content"><fieldset>' +
      '<h2>404 - File or directory not found.</h2>' +
      '<h3>The resource you are looking for might have been removed, had its name changed, or is temporarily unavailable.</h3>' +
      '</fieldset></div></body></html>',
  };
}

/** Parses a JSON body; undefined when it is not JSON. */
export function jsonBody(request: ServiceRequest): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(request.body ?? '') as unknown };
  } catch {
    return undefined;
  }
}
