// What a family route of the sandbox answers, as plain data (the same shape as the sandbox's own routes): routes
// stay free of `node:http`, so a family is a function from a request to a reply.

/** A request as routes see it: the raw path and raw query string, never decoded on the way in. */
export interface ServiceRequest {
  readonly method: string;
  readonly path: string;
  /** raw query string without the `?`, '' when there is none */
  readonly query: string;
  /** header names in lower case */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** the request body as UTF-8 text; '' when there is none */
  readonly body?: string;
}

export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer;
}

/** A route answers the requests it owns and returns undefined for the others. */
export type Route = (request: ServiceRequest) => Reply | undefined;

export function emptyReply(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: '' };
}

export function jsonReply(status: number, value: unknown): Reply {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(value) };
}

/** The bearer token of a request, if it has one. */
export function bearer(request: ServiceRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers['authorization'] ?? '')?.[1];
}

/** Parses a JSON body; undefined when it is not JSON. */
export function jsonBody(request: ServiceRequest): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(request.body ?? '') as unknown };
  } catch {
    return undefined;
  }
}
