// One HTTP exchange with the server, the way every family needs it: `Accept: application/json` on every call
// (without it the service may answer XML, or an empty 500 on the UI server), the bearer token on every call,
// a timeout that covers the body too, the retry policy (retry.ts), and each way the service or the network
// says no turned into its typed error. Whatever a server said is redacted before it is shown (redact.ts).
//
// Nothing a server sends is trusted. Redirects are followed by hand (fetch is always asked for `redirect:
// 'manual'`): within the origin the request was made for (scheme, host and port), at most MAX_REDIRECTS hops,
// keeping the Authorization header (the router's 307 needs it); a redirect to any other origin is an
// ErpRedirectError, so no token, credential or body ever reaches a host it was not given for. Bodies are read up
// to a cap: an error body only as far as a snippet needs, a successful answer up to `maxResponseBytes`.
//
// 401 is not one thing on this service. The data query surface answers the same not-authorized 401 for an
// invalid or expired token, for a table outside a consumer key's OData allow-list, and for a user without the
// permission. The client tells them apart: a body saying the Authorization header was missing means it was
// lost on a redirect; an `invalid_token` body or an `exp` claim in the past means the token is stale; the
// token's `aud` claim says whether the key's allow-list names the object. What is left is retried once with
// a newly issued token (the old one may have been superseded: each token call may invalidate earlier ones);
// if the new token is refused too, the user lacks the permission, and that token is kept.
import {
  ErpAuthError,
  ErpCancelledError,
  ErpConnectionError,
  ErpError,
  ErpFilterRejectedError,
  ErpForbiddenError,
  ErpHttpError,
  ErpNotAuthorizedError,
  ErpNotFoundError,
  ErpRedirectError,
  ErpResponseTooLargeError,
  ErpServerError,
  ErpTimeoutError,
  ErpUnexpectedResponseError,
  type NotAuthorizedReason,
  type RequestInfo,
} from './errors.js';
import { odataAllowList, tokenExpiry } from './jwt.js';
import { preview, redact, redactBody, shownUrl } from './redact.js';
import { toRetryPolicy, type Logger, type RequestKind, type RetryOptions, type RetryPolicy } from './retry.js';

/** Supplies bearer tokens. tokenAuth() is one; a fixed token string is another. */
export interface AuthProvider {
  token(): Promise<string>;
  /** after a 401 that a new token may cure, with the refused token: drop it, so that token() gets a new one */
  invalidate?(rejected?: string): void;
  /** the secrets the provider holds (password, consumer key): cut out of every message and log line */
  secrets?(): readonly string[];
}

/** The AbortSignal the client listens to (a DOM/Node AbortSignal fits). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** The part of a fetch Response the client reads (`body`, a web ReadableStream, for streamed downloads). */
export interface FetchResponse {
  readonly ok: boolean;
  readonly status: number;
  /** where the answer came from: a fetch that followed a redirect itself says so here */
  readonly url?: string;
  readonly redirected?: boolean;
  /** `opaqueredirect`: a browser's fetch hides a redirect it was told not to follow */
  readonly type?: string;
  readonly headers: { get(name: string): string | null };
  readonly body?: {
    getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
  } | null;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Where a streamed body goes (a file, a parser); its errors pass through untouched. */
export interface BodySink {
  write(chunk: Uint8Array): void | Promise<void>;
}

/**
 * The part of fetch the client calls: Node's global fetch fits, so does a test double or a proxying fetch. The
 * client always asks for `redirect: 'manual'` and follows redirects itself: a fetch of your own must pass that on
 * (a fetch that follows a redirect to another origin anyway is refused when its answer says so, but by then it
 * has sent the request there).
 */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal?: unknown;
    redirect: 'manual';
  },
) => Promise<FetchResponse>;

export interface HttpOptions {
  readonly auth: string | AuthProvider;
  /** per request, body included (default 300,000 ms) */
  readonly timeoutMs?: number;
  readonly fetch?: FetchLike;
  /** the retry policy, or options for the default one */
  readonly retry?: RetryPolicy | RetryOptions;
  /** one line per retry, per token renewal and per redirect followed */
  readonly log?: Logger;
  /** the most bytes of a successful answer read before it is refused (default 256 MiB); streams are the sink's */
  readonly maxResponseBytes?: number;
}

export interface Exchange {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  /** what messages show: method and path with the query string, never the host's credentials */
  readonly shown: string;
  /** the object asked for, `table/customer`, or the service, for messages */
  readonly object?: string;
  /** on the data query surface: the table or view, checked against a consumer key's OData allow-list */
  readonly odataObject?: string;
  readonly body?: unknown;
  /** a body sent as this text with its `Content-Type` (an XML body), instead of `body` as JSON */
  readonly text?: { readonly content: string; readonly contentType: string };
  /** `read` may be retried; `write` (the default for POST) is never resent once it may have arrived */
  readonly kind?: RequestKind;
  readonly signal?: AbortSignalLike;
  /** the most bytes of this answer read (default: the client's `maxResponseBytes`) */
  readonly maxBytes?: number;
  /**
   * A family's own reading of a failed answer (the token endpoint's sign-in errors): an error to throw, or
   * undefined for the common one. `info` builds the request shown, with the server's message redacted.
   */
  readonly explain?: (
    status: number,
    body: unknown,
    text: string,
    info: (status: number, serverMessage?: string) => RequestInfo,
  ) => ErpHttpError | undefined;
}

export interface Http {
  json(exchange: Exchange): Promise<unknown>;
  bytes(exchange: Exchange): Promise<Uint8Array>;
  /**
   * The body of a successful answer, chunk by chunk, into a sink opened afresh for each attempt (a retried
   * download starts over): memory stays flat whatever the size. Resolves to the bytes written.
   */
  stream(exchange: Exchange, open: () => BodySink | Promise<BodySink>): Promise<number>;
  /** a text with every secret this client knows (and anything shaped like one) cut out */
  redact(text: string): string;
  /** at most `length` characters of a value a server sent, as JSON, for a message: redacted, then cut */
  show(value: unknown, length?: number): string;
  /** the bearer token the next request will carry (a failing AuthProvider is an ErpAuthError) */
  token(): Promise<string>;
}

const SNIPPET = 200;
/** An error body is only shown as a snippet and read for its message fields: no more of it is read. */
const ERROR_BODY_BYTES = 256 * 1024;
const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** hops followed within the origin: the service's own redirects (a trailing slash) take one */
export const MAX_REDIRECTS = 5;

interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  AbortController: new () => { readonly signal: AbortSignalLike; abort(): void };
}
interface UrlParts {
  readonly href: string;
  readonly origin: string;
}
// through globalThis: the package compiles without DOM or Node type definitions
const timers = globalThis as unknown as Timers;
const { URL: Url } = globalThis as unknown as { URL: new (url: string, base?: string) => UrlParts };

/** The origin of a URL the way the URL standard compares them; undefined for one that does not parse. */
function urlOrigin(url: string): string | undefined {
  try {
    return new Url(url).origin;
  } catch {
    return undefined;
  }
}

/** `https://host:port` of a URL: where a request was going, without credentials, path or query */
export function origin(url: string): string {
  const shown = shownUrl(url);
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(shown)?.[0] ?? shown;
}

function describeBody(text: string, contentType: string): string | undefined {
  const head = text.trimStart().slice(0, SNIPPET);
  if (/^<!doctype html|^<html/i.test(head) || contentType.includes('text/html'))
    return 'an HTML page where JSON was expected';
  if (head.startsWith('<') || /\bxml\b/.test(contentType))
    return 'XML where JSON was expected (was `Accept: application/json` dropped by a proxy?)';
  return undefined;
}

/** The message of an OData error object, `{error: {code, message}}`. */
export function odataMessage(body: unknown): string | undefined {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return error !== null && typeof error === 'object' && typeof error.message === 'string' ? error.message : undefined;
}

/**
 * The server's message in any error body the families answer, so that no error drops it: `{ErrorMessage}` (REST,
 * Interactive), `{ExceptionMessage}` / `{Message}` (ASP.NET), `{errorMessage}` (UDT), OAuth's `{error_description}` and `{Description}`,
 * RFC 7807's `detail` (else its `title`), the Transaction API's `{Messages: [...]}`, OData's `{error: {message}}`,
 * `{error: '...' | [...]}` and ASP.NET validation's `{errors: {field: [...]}}`.
 */
export function errorMessageOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const text = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value.trim() === '' ? undefined : value;
    if (Array.isArray(value)) {
      const parts = value.map(text).filter((t): t is string => t !== undefined);
      return parts.length ? parts.join(' | ') : undefined;
    }
    return undefined;
  };
  // ASP.NET's generic `Message` ('An error has occurred.') says less than its `ExceptionMessage`
  for (const key of [
    'ErrorMessage',
    'ExceptionMessage',
    'Message',
    'message',
    'errorMessage',
    'error_description',
    'Description',
    'detail',
  ])
    if (text(b[key]) !== undefined) return text(b[key]);
  const errors = b['errors'];
  const validation =
    errors !== null && typeof errors === 'object' && !Array.isArray(errors)
      ? text(Object.values(errors as Record<string, unknown>).flat())
      : text(errors);
  return text(b['Messages']) ?? odataMessage(body) ?? text(b['error']) ?? validation ?? text(b['title']);
}

/** JSON.parse that never throws (a deeply nested or malformed body is just not JSON). */
function parseJson(text: string): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A timeout over the whole exchange, body included, joined with the caller's signal. */
function deadline(timeoutMs: number, caller: AbortSignalLike | undefined) {
  const controller = new timers.AbortController();
  let timedOut = false;
  const timer = timers.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (caller?.aborted) controller.abort();
  caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    cancelled: () => caller?.aborted === true,
    done() {
      timers.clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/** The innermost cause of a fetch failure: undici wraps the socket or zlib error in a bare TypeError. */
function rootCause(error: unknown): { message: string; code: string | undefined } {
  let e = error;
  while (e !== null && typeof e === 'object' && (e as { cause?: unknown }).cause instanceof Error)
    e = (e as { cause: unknown }).cause;
  const message = e instanceof Error ? e.message : String(e);
  const code = (e as { code?: unknown } | null)?.code;
  return { message, code: typeof code === 'string' ? code : undefined };
}

/**
 * Reads a body; `lost` types a failure of the connection or the decoding while it arrives, `info` describes the
 * request for an error of the reader's own.
 */
type Reader<T> = (
  response: FetchResponse,
  lost: (error: unknown) => ErpHttpError,
  info: (status: number) => RequestInfo,
) => Promise<T>;

/**
 * At most `cap` bytes of a body, chunk by chunk, and whether there was more (the rest is not read: the stream
 * is cancelled). A response without a stream (a test double) is read whole.
 */
async function readUpTo(
  response: FetchResponse,
  cap: number,
  lost: (error: unknown) => ErpHttpError,
): Promise<{ bytes: Uint8Array; more: boolean }> {
  try {
    if (response.body === undefined || response.body === null) {
      const all = new Uint8Array(await response.arrayBuffer());
      return { bytes: all.length > cap ? all.subarray(0, cap) : all, more: all.length > cap };
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done || value === undefined) break;
      if (total + value.length > cap) {
        chunks.push(value.subarray(0, cap - total));
        total = cap;
        await reader.cancel().catch(() => undefined);
        return { bytes: concat(chunks, total), more: true };
      }
      chunks.push(value);
      total += value.length;
    }
    return { bytes: concat(chunks, total), more: false };
  } catch (error) {
    throw lost(error);
  }
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Lets go of a body that will not be read (a redirect's): the connection is not held for it. */
async function discard(response: FetchResponse): Promise<void> {
  await response.body
    ?.getReader()
    .cancel()
    .catch(() => undefined);
}

/** The caller's `token()`, typed: whatever else it throws or gives is an ErpAuthError. */
async function tokenOf(provider: AuthProvider, clean: (text: string) => string): Promise<string> {
  let token: unknown;
  try {
    token = await provider.token();
  } catch (error) {
    if (error instanceof ErpError) throw error;
    const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new ErpAuthError(`the auth provider failed to give a token: ${clean(said)}`, error);
  }
  if (typeof token !== 'string')
    throw new ErpAuthError(
      `the auth provider gave ${token === null ? 'null' : typeof token} where a token (a string) was expected`,
    );
  return token;
}

const RESET = /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ECONNABORTED)$/;
const DECODING = /^(Z_DATA_ERROR|Z_BUF_ERROR|ERR_PADDING_1|Z_NEED_DICT)$|^ERR_BROTLI/;

export function createHttp(options: HttpOptions): Http {
  const doFetch: FetchLike = options.fetch ?? (globalThis as unknown as { fetch: FetchLike }).fetch;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const fixed = typeof options.auth === 'string' ? options.auth : undefined;
  const provider: AuthProvider = fixed !== undefined ? { token: async () => fixed } : (options.auth as AuthProvider);
  const canRenew = fixed === undefined && provider.invalidate !== undefined;
  const policy = toRetryPolicy(options.retry, options.log);
  /** every token sent: cut out of messages even after it was replaced */
  const sent = new Set<string>(fixed !== undefined ? [fixed] : []);
  /** token -> objects it was refused for although it had just been issued for that very request: a permission */
  const refusedFresh = new Map<string, Set<string>>();
  const secrets = () => [...sent, ...(provider.secrets?.() ?? [])];
  const clean = (text: string) => redact(text, secrets());
  const cleanBody = (text: string) => redactBody(text, secrets());
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  /** A successful answer's body, refused past its cap (a Content-Length over it is refused before reading). */
  const readCapped =
    (cap: number): Reader<Uint8Array> =>
    async (response, lost, info) => {
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      const { bytes, more } =
        declared > cap ? { bytes: new Uint8Array(0), more: true } : await readUpTo(response, cap, lost);
      if (more) {
        if (declared > cap) await discard(response);
        throw new ErpResponseTooLargeError(
          `the answer is longer than ${cap} bytes, the most this client reads (maxResponseBytes): a runaway or hostile server? Nothing of it was kept`,
          info(response.status),
        );
      }
      return bytes;
    };

  /** One attempt with one token: the response, its body read in full, or a typed error. */
  async function attempt<T>(
    exchange: Exchange,
    token: string,
    read: Reader<T>,
  ): Promise<{ response: FetchResponse; body: T }> {
    const info = (status: number, serverMessage?: string): RequestInfo => ({
      request: clean(`${exchange.method} ${exchange.shown}`),
      status,
      ...(exchange.object ? { object: exchange.object } : {}),
      ...(serverMessage ? { serverMessage: cleanBody(serverMessage) } : {}),
    });
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token !== '') {
      sent.add(token);
      headers['Authorization'] = `Bearer ${token}`;
    }
    if (exchange.text !== undefined) headers['Content-Type'] = exchange.text.contentType;
    else if (exchange.body !== undefined) headers['Content-Type'] = 'application/json';
    const limit = deadline(timeoutMs, exchange.signal);
    const where = origin(exchange.url);
    let contentEncoding = '';
    // a failure before or while the body arrives: the caller's cancel, the timeout, a body that cannot be
    // decoded, or a connection closed early (which, on a write, leaves the outcome unknown)
    const lost = (error: unknown, answered: number): ErpHttpError => {
      if (limit.cancelled()) return new ErpCancelledError('cancelled by the caller', info(answered));
      if (limit.timedOut())
        return new ErpTimeoutError(
          answered
            ? `the answer from ${where} did not finish within ${timeoutMs} ms`
            : `no answer from ${where} within ${timeoutMs} ms`,
          info(answered),
        );
      const cause = rootCause(error);
      const message = clean(cause.message);
      if (cause.code !== undefined && DECODING.test(cause.code))
        return new ErpUnexpectedResponseError(
          `the body from ${where} could not be decoded (Content-Encoding ${JSON.stringify(contentEncoding)}): ${message}`,
          info(answered),
        );
      const reset =
        (cause.code !== undefined && RESET.test(cause.code)) || /other side closed|socket hang up/i.test(message);
      const unknownOutcome =
        exchange.method !== 'GET' && (exchange.kind ?? 'write') === 'write'
          ? '; the write may have been applied: read it back before sending it again'
          : '';
      return new ErpConnectionError(
        answered
          ? `the connection to ${where} closed before the whole answer arrived (${message})${unknownOutcome}`
          : reset
            ? `the connection to ${where} closed before an answer came (${message})${unknownOutcome}`
            : `could not reach ${where}: ${message}`,
        info(answered),
        reset,
      );
    };
    try {
      const response = await follow(exchange, headers, limit.signal, info, lost);
      contentEncoding = response.headers.get('content-encoding') ?? '';
      const bodyLost = (error: unknown) => lost(error, response.status);
      if (!response.ok) {
        const { bytes } = await readUpTo(response, ERROR_BODY_BYTES, bodyLost);
        fail(exchange, response, utf8Text(bytes), token, info);
      }
      return { response, body: await read(response, bodyLost, info) };
    } finally {
      limit.done();
    }
  }

  /**
   * The request, and each redirect of it within its origin, until an answer that is not a redirect. A redirect
   * to another origin, or too many, is an ErpRedirectError: nothing is sent there.
   */
  async function follow(
    exchange: Exchange,
    headers: Record<string, string>,
    signal: unknown,
    info: (status: number) => RequestInfo,
    lost: (error: unknown, answered: number) => ErpHttpError,
  ): Promise<FetchResponse> {
    const from = urlOrigin(exchange.url);
    let url = exchange.url;
    let method: string = exchange.method;
    let body =
      exchange.text !== undefined
        ? exchange.text.content
        : exchange.body !== undefined
          ? JSON.stringify(exchange.body)
          : undefined;
    for (let hops = 0; ; hops++) {
      let response: FetchResponse;
      try {
        response = await doFetch(url, {
          method,
          headers,
          ...(body !== undefined ? { body } : {}),
          signal,
          redirect: 'manual',
        });
      } catch (error) {
        throw lost(error, 0);
      }
      const shownFrom = origin(exchange.url);
      if (response.type === 'opaqueredirect')
        throw new ErpRedirectError(
          `the server answered a redirect that this fetch hides (a browser's), so it cannot be checked to stay within ${shownFrom}; it was not followed`,
          info(response.status),
          shownFrom,
          undefined,
        );
      // a fetch of the caller's that followed a redirect itself: its answer is another host's, and is refused
      if (response.redirected === true && response.url !== undefined && urlOrigin(response.url) !== from)
        throw new ErpRedirectError(
          `the fetch given to the client followed a redirect from ${shownFrom} to ${origin(response.url)} (pass \`redirect: 'manual'\` on to it); the answer from there is refused`,
          info(response.status),
          shownFrom,
          origin(response.url),
        );
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (location === null) return response;
      await discard(response);
      let next: UrlParts;
      try {
        next = new Url(location, url);
      } catch {
        throw new ErpRedirectError(
          `the server answered a ${response.status} redirect to an address that is not a URL; it was not followed`,
          info(response.status),
          shownFrom,
          undefined,
        );
      }
      if (next.origin !== from)
        throw new ErpRedirectError(
          `the server answered a ${response.status} redirect from ${shownFrom} to another origin, ${origin(next.href)}; the client follows redirects only within the origin it was given, so nothing was sent there`,
          info(response.status),
          shownFrom,
          origin(next.href),
        );
      if (hops + 1 > MAX_REDIRECTS)
        throw new ErpRedirectError(
          `the server answered more than ${MAX_REDIRECTS} redirects in a row (a redirect loop?)`,
          info(response.status),
          shownFrom,
          undefined,
        );
      // the methods as fetch changes them: a 303 reads what it points to, and so does a 301 or 302 of a POST
      if ((response.status === 303 && method !== 'GET') || (response.status <= 302 && method === 'POST')) {
        method = 'GET';
        body = undefined;
        delete headers['Content-Type'];
      }
      options.log?.(
        `following a ${response.status} redirect of ${clean(`${exchange.method} ${exchange.shown}`)} to ${clean(shownUrl(next.href).slice(next.origin.length))}`,
      );
      url = next.href;
    }
  }

  function fail(
    exchange: Exchange,
    response: FetchResponse,
    text: string,
    token: string,
    info: (status: number, message?: string) => RequestInfo,
  ): never {
    const status = response.status;
    const parsed = text.trim() === '' ? undefined : parseJson(text);
    const body = parsed?.value;
    const notJson =
      text.trim() !== '' && parsed === undefined
        ? (describeBody(text, response.headers.get('content-type') ?? '') ??
          `a body that is not JSON: ${preview(text, cleanBody)}`)
        : undefined;
    const explained = exchange.explain?.(status, body, text, info);
    if (explained !== undefined) throw explained;
    const message = errorMessageOf(body);
    const asked = clean(shownUrl(exchange.url).split('?')[0] ?? '');
    if (status === 401) {
      const reason = unauthorizedReason(exchange, text, body, token);
      throw new ErpNotAuthorizedError(notAuthorizedSummary(reason, exchange), info(status, message), reason);
    }
    if (status === 403)
      throw new ErpForbiddenError(
        "forbidden: the token's scope does not cover this endpoint (insufficient_scope), or the user lacks the permission",
        info(status, message),
      );
    if (status === 404) {
      if (notJson)
        throw new ErpUnexpectedResponseError(
          `not found at ${asked}, and the server answered ${notJson}: check the base URL (the server's base address, not the UI server's, with no extra path segment)`,
          info(status),
        );
      const filterMessage = odataMessage(body);
      if (filterMessage)
        throw new ErpFilterRejectedError('the service rejected the query', info(status, filterMessage));
      throw new ErpNotFoundError(notFoundSummary(exchange, asked), info(status, message));
    }
    const described = notJson ? ` (${notJson})` : text.trim() === '' ? ' (empty body)' : '';
    if (status >= 500) throw new ErpServerError(`server error${described}`, info(status, message));
    throw new ErpHttpError(`unexpected HTTP ${status}${described}`, info(status, message));
  }

  function unauthorizedReason(exchange: Exchange, text: string, body: unknown, token: string): NotAuthorizedReason {
    if (/Authorization header was not present|'Bearer' was missing/i.test(text)) return 'header-lost';
    const oauthError = (body as { error?: unknown } | null)?.error;
    const expiry = tokenExpiry(token);
    if (oauthError === 'invalid_token' || (expiry !== undefined && expiry <= Date.now())) return 'invalid-token';
    if (exchange.odataObject !== undefined) {
      const allowed = odataAllowList(token);
      if (allowed !== undefined && !allowed.has(exchange.odataObject.toLowerCase())) return 'out-of-scope';
      if (refusedFresh.get(token)?.has(exchange.odataObject)) return 'permission';
    }
    return 'unknown';
  }

  function notAuthorizedSummary(reason: NotAuthorizedReason, exchange: Exchange): string {
    const object = exchange.odataObject !== undefined ? `\`${exchange.odataObject}\`` : 'this endpoint';
    switch (reason) {
      case 'header-lost':
        return 'not authorized: the Authorization header did not reach the server; it is dropped when a redirect is followed (the router and the list endpoints answer 307 without their trailing slash): call the address with the trailing slash';
      case 'invalid-token':
        return 'not authorized: the token is invalid or has expired (each token call may invalidate earlier tokens)';
      case 'out-of-scope':
        return `not authorized: ${object} is not in the consumer key's OData allow-list (the token's \`aud\` claim); after a scope change a new token is needed`;
      case 'permission':
        return exchange.odataObject !== undefined
          ? `not authorized: a newly issued token is refused too, so the user lacks the permission for ${object} (the application security setting "Allow OData API Service" and the role's data service permission for the table or view; a consumer key skips both)`
          : 'not authorized: a newly issued token is refused too, so its user or consumer key lacks the permission for this endpoint';
      case 'unknown':
        return 'not authorized: the token is invalid or has expired, the object is outside the consumer key scope, or the user lacks the permission';
    }
  }

  function notFoundSummary(exchange: Exchange, asked: string): string {
    if (exchange.odataObject === undefined)
      return `not found: ${asked}; check the base URL (the server's base address, not the UI server's, with no extra path segment)`;
    return (
      `not found: ${asked}; \`${exchange.object ?? exchange.odataObject}\` is in this package's schema, so either the base URL is wrong ` +
      "(it must be the server's base address, not the UI server's, with no extra path segment), or the server does not serve it: " +
      'a table added on the server is served only after the data service is refreshed (middleware administration site), ' +
      'and a selected or ordered column may have been dropped since the schema snapshot'
    );
  }

  /** One attempt, and on a 401 a new token may cure, one more with a newly issued token. */
  async function withToken<T>(exchange: Exchange, read: Reader<T>): Promise<{ response: FetchResponse; body: T }> {
    const token = await tokenOf(provider, clean);
    try {
      return await attempt(exchange, token, read);
    } catch (error) {
      if (!canRenew || !(error instanceof ErpNotAuthorizedError)) throw error;
      if (error.reason !== 'invalid-token' && error.reason !== 'unknown') throw error;
      provider.invalidate?.(token);
      const fresh = await tokenOf(provider, clean);
      options.log?.(`retrying ${clean(`${exchange.method} ${exchange.shown}`)} with a new token after a 401`);
      try {
        return await attempt(exchange, fresh, read);
      } catch (second) {
        if (!(second instanceof ErpNotAuthorizedError) || second.reason !== 'unknown' || fresh === token) throw second;
        const info: RequestInfo = {
          request: second.request,
          status: second.status,
          ...(second.object !== undefined ? { object: second.object } : {}),
          ...(second.serverMessage !== undefined ? { serverMessage: second.serverMessage } : {}),
        };
        if (exchange.odataObject !== undefined) {
          const refused = refusedFresh.get(fresh) ?? new Set<string>();
          refusedFresh.set(fresh, refused.add(exchange.odataObject));
        }
        throw new ErpNotAuthorizedError(notAuthorizedSummary('permission', exchange), info, 'permission');
      }
    }
  }

  async function send<T>(exchange: Exchange, read: Reader<T>): Promise<{ response: FetchResponse; body: T }> {
    const kind = exchange.kind ?? (exchange.method === 'GET' ? 'read' : 'write');
    try {
      return await policy.run(clean(`${exchange.method} ${exchange.shown}`), kind, () => withToken(exchange, read));
    } catch (error) {
      throw scrubbed(error, clean);
    }
  }

  const show = (value: unknown, length = SNIPPET) => preview(value, cleanBody, length);
  const cap = (exchange: Exchange) => readCapped(exchange.maxBytes ?? maxResponseBytes);

  return {
    async json(exchange) {
      const { response, body } = await send(exchange, cap(exchange));
      const text = utf8Text(body);
      const parsed = parseJson(text);
      if (parsed !== undefined) return parsed.value;
      const what =
        describeBody(text, response.headers.get('content-type') ?? '') ?? `a body that is not JSON: ${show(text)}`;
      throw new ErpUnexpectedResponseError(`the server answered ${what}`, {
        request: clean(`${exchange.method} ${exchange.shown}`),
        status: response.status,
        ...(exchange.object ? { object: exchange.object } : {}),
      });
    },
    async bytes(exchange) {
      return (await send(exchange, cap(exchange))).body;
    },
    async stream(exchange, open) {
      const { body } = await send(exchange, async (response, lost, info) => {
        const sink = await open();
        if (response.body === undefined || response.body === null) {
          const all = await cap(exchange)(response, lost, info);
          await sink.write(all);
          return all.length;
        }
        const reader = response.body.getReader();
        let written = 0;
        for (;;) {
          let chunk: { done: boolean; value?: Uint8Array };
          try {
            chunk = await reader.read();
          } catch (error) {
            throw lost(error);
          }
          if (chunk.done || chunk.value === undefined) return written;
          try {
            await sink.write(chunk.value);
          } catch (error) {
            await reader.cancel().catch(() => undefined);
            throw error;
          }
          written += chunk.value.length;
        }
      });
      return body;
    },
    redact: clean,
    show,
    token: () => tokenOf(provider, clean),
  };
}

/**
 * The last line of defence: an error on its way out of a request has its message and stack redacted once more,
 * whoever built it (a family's `explain`, a sink, the caller's fetch).
 */
function scrubbed(error: unknown, clean: (text: string) => string): unknown {
  if (error instanceof Error) {
    error.message = clean(error.message);
    if (typeof error.stack === 'string') error.stack = clean(error.stack);
  }
  return error;
}

const utf8 = new (
  globalThis as unknown as { TextDecoder: new () => { decode(bytes: Uint8Array): string } }
).TextDecoder();

/** A body's bytes as text (UTF-8, invalid sequences replaced). */
export function utf8Text(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}
