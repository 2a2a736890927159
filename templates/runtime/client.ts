// The client of the data query surface, on Node's built-in fetch. It encodes the service's rules once:
// `Accept: application/json` on every call (without it the service may answer XML), a bearer token on every
// call, client-driven paging with $top/$skip until a short page (the service has no server paging and no
// nextLink), a stable order while paging, and typed errors for each way the service says no.
import {
  ErpFilterRejectedError,
  ErpHttpError,
  ErpNotAuthorizedError,
  ErpNotFoundError,
  ErpServerError,
  ErpUnexpectedResponseError,
  type RequestInfo,
} from './errors.js';
import { objectPath, queryString, type QueryOptions, type RunnableQuery } from './query.js';

/** Supplies bearer tokens; `invalidate()` is called after a 401 so the next call gets a fresh one. */
export interface AuthProvider {
  token(): Promise<string>;
  invalidate?(): void;
}

export interface ClientOptions {
  /** the server's base address, e.g. `https://erp.example.com` (the data query and REST families live there) */
  readonly baseUrl: string;
  /** a bearer token, or an auth provider that obtains and renews one */
  readonly auth: string | AuthProvider;
  /** per request, in milliseconds (default 300,000: the schema documents are large and slow) */
  readonly timeoutMs?: number;
  /** for tests and proxies; defaults to the global fetch */
  readonly fetch?: typeof fetch;
}

export interface Page<R> {
  readonly rows: R[];
  /** `@odata.count`, when the query asked for it */
  readonly count?: number;
}

export interface ErpClient {
  /** One request: the rows of the query's page, and `@odata.count` if asked. */
  page<R>(query: RunnableQuery<R>): Promise<Page<R>>;
  /**
   * Every row the query matches, requested page by page ($top rows, $skip advancing) until a short page.
   * Without an `orderBy`, the object's key columns order the pages so that no row is skipped or repeated.
   */
  rows<R>(query: RunnableQuery<R>): AsyncIterable<R>;
  /** GET a path on the base host and return its JSON body, with this client's headers and errors. */
  getJson(path: string, object?: string): Promise<unknown>;
}

const SNIPPET = 200;

function describeBody(text: string, contentType: string): string | undefined {
  const head = text.trimStart().slice(0, SNIPPET);
  if (/^<!doctype html|^<html/i.test(head) || contentType.includes('text/html'))
    return 'an HTML page where JSON was expected';
  if (head.startsWith('<') || /\bxml\b/.test(contentType))
    return 'XML where JSON was expected (was `Accept: application/json` dropped by a proxy?)';
  return undefined;
}

function odataMessage(body: unknown): string | undefined {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : undefined;
}

/** Other bodies the families use: `{Message}`, `{ErrorMessage}`, OAuth's `{error_description}`. */
function anyMessage(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ['ErrorMessage', 'Message', 'error_description', 'Description'])
    if (typeof b[key] === 'string') return b[key];
  return odataMessage(body);
}

export function createClient(options: ClientOptions): ErpClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const provider: AuthProvider =
    typeof options.auth === 'string' ? { token: async () => options.auth as string } : options.auth;

  async function getJson(path: string, object?: string): Promise<unknown> {
    const request = `GET ${path}`;
    const info = (status: number, serverMessage?: string): RequestInfo => ({
      request,
      status,
      ...(object ? { object } : {}),
      ...(serverMessage ? { serverMessage } : {}),
    });
    const token = await provider.token();
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // network failures carry no response; the cause (ECONNREFUSED, timeout) is what a user needs
      const cause =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      throw new ErpHttpError(`could not reach ${base}: ${cause}`, info(0));
    }
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let body: unknown;
    let parsed = false;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
        parsed = true;
      } catch {
        parsed = false;
      }
    }
    const notJson =
      text.trim() !== '' && !parsed
        ? (describeBody(text, contentType) ?? `a body that is not JSON: ${JSON.stringify(text.slice(0, SNIPPET))}`)
        : undefined;
    if (response.ok) {
      if (notJson) throw new ErpUnexpectedResponseError(`the server answered ${notJson}`, info(response.status));
      return body;
    }
    const status = response.status;
    if (status === 401) {
      provider.invalidate?.();
      throw new ErpNotAuthorizedError(
        'not authorized (no valid token, the object is outside the consumer key scope, or the user lacks the data service permission)',
        info(status, anyMessage(body)),
      );
    }
    if (status === 404) {
      if (text.trim() === '')
        throw new ErpNotFoundError(
          'not found: the object does not exist, is on the other surface, or a selected or ordered column does not exist',
          info(status),
        );
      if (notJson) throw new ErpUnexpectedResponseError(`not found, and the server answered ${notJson}`, info(status));
      const message = odataMessage(body);
      if (message) throw new ErpFilterRejectedError('the service rejected the query', info(status, message));
      throw new ErpNotFoundError('not found', info(status, anyMessage(body)));
    }
    if (status >= 500)
      throw new ErpServerError(
        'server error',
        info(status, anyMessage(body) ?? (notJson ? `(${notJson})` : undefined)),
      );
    throw new ErpHttpError(
      `unexpected HTTP ${status}`,
      info(status, anyMessage(body) ?? (notJson ? `(${notJson})` : undefined)),
    );
  }

  async function fetchPage<R>(query: RunnableQuery<R>, options: QueryOptions): Promise<Page<R>> {
    const object = `${query.object.surface}/${query.object.name}`;
    const body = await getJson(`${objectPath(query.object)}?${queryString(options)}`, object);
    const value = (body as { value?: unknown } | null)?.value;
    if (!Array.isArray(value)) {
      throw new ErpUnexpectedResponseError('the server answered JSON without a `value` array', {
        object,
        request: `GET ${objectPath(query.object)}?${queryString(options)}`,
        status: 200,
      });
    }
    const count = (body as Record<string, unknown>)['@odata.count'];
    return { rows: value as R[], ...(typeof count === 'number' ? { count } : {}) };
  }

  return {
    getJson,
    page: (query) => fetchPage(query, query.options),
    async *rows(query) {
      const pageSize = query.options.top;
      if (pageSize === 0) return;
      const orderBy = query.options.orderBy.length
        ? query.options.orderBy
        : query.object.key.map((k): readonly [string, 'asc'] => [k, 'asc']);
      let skip = query.options.skip ?? 0;
      for (;;) {
        const page = await fetchPage(query, { ...query.options, orderBy, skip });
        yield* page.rows;
        if (page.rows.length < pageSize) return;
        skip += pageSize;
      }
    },
  };
}
