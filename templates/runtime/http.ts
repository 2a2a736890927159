// One HTTP exchange with the server, the way every family needs it: `Accept: application/json` on every call
// (without it the service may answer XML, or an empty 500 on the UI server), the bearer token on every call,
// a timeout that covers the body too, the retry policy (retry.ts), and each way the service or the network
// says no turned into its typed error. Nothing a server sends is trusted, and whatever a server said is redacted
// before it is shown (redact.ts). The pieces, each in http/:
// - redirects.ts: followed by hand, within the origin only, so no token or body reaches another host;
// - body.ts: bodies read up to a cap;
// - not-authorized.ts: what a 401 means, and the one retry with a new token it may earn;
// - failure.ts: a failed answer as its typed error; connection.ts: a failure before or while the answer arrives.
import { ErpUnexpectedResponseError, type ErpHttpError, type RequestInfo } from './errors.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  ERROR_BODY_BYTES,
  readCapped,
  readUpTo,
  utf8Text,
  type Reader,
} from './http/body.js';
import { connectionLost, deadline } from './http/connection.js';
import { describeBody, fail, parseJson, SNIPPET } from './http/failure.js';
import { tokenOf, withToken, type Refusals, type Tokens } from './http/not-authorized.js';
import { follow } from './http/redirects.js';
import { preview, redact, redactBody } from './redact.js';
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

export function createHttp(options: HttpOptions): Http {
  const doFetch: FetchLike = options.fetch ?? (globalThis as unknown as { fetch: FetchLike }).fetch;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const fixed = typeof options.auth === 'string' ? options.auth : undefined;
  const provider: AuthProvider = fixed !== undefined ? { token: async () => fixed } : (options.auth as AuthProvider);
  const policy = toRetryPolicy(options.retry, options.log);
  /** every token sent: cut out of messages even after it was replaced */
  const sent = new Set<string>(fixed !== undefined ? [fixed] : []);
  const refusals: Refusals = new Map();
  const secrets = () => [...sent, ...(provider.secrets?.() ?? [])];
  const clean = (text: string) => redact(text, secrets());
  const cleanBody = (text: string) => redactBody(text, secrets());
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const tokens: Tokens = {
    provider,
    canRenew: fixed === undefined && provider.invalidate !== undefined,
    refusals,
    clean,
    ...(options.log ? { log: options.log } : {}),
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
    let contentEncoding = '';
    const lost = connectionLost(exchange, limit, timeoutMs, info, clean, () => contentEncoding);
    try {
      const response = await follow(exchange, {
        fetch: doFetch,
        headers,
        signal: limit.signal,
        info,
        lost,
        clean,
        ...(options.log ? { log: options.log } : {}),
      });
      contentEncoding = response.headers.get('content-encoding') ?? '';
      const bodyLost = (error: unknown) => lost(error, response.status);
      if (!response.ok) {
        const { bytes } = await readUpTo(response, ERROR_BODY_BYTES, bodyLost);
        fail(exchange, response, utf8Text(bytes), token, info, { clean, cleanBody, refusals });
      }
      return { response, body: await read(response, bodyLost, info) };
    } finally {
      limit.done();
    }
  }

  async function send<T>(exchange: Exchange, read: Reader<T>): Promise<{ response: FetchResponse; body: T }> {
    const kind = exchange.kind ?? (exchange.method === 'GET' ? 'read' : 'write');
    try {
      return await policy.run(clean(`${exchange.method} ${exchange.shown}`), kind, () =>
        withToken(exchange, tokens, (token) => attempt(exchange, token, read)),
      );
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
