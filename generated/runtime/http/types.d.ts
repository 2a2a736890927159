import type { ErpHttpError, RequestInfo } from '../errors.js';
import type { Observer, RequestFamily } from '../hooks.js';
import type { Logger } from '../logger.js';
import type { RequestKind, RetryOptions, RetryPolicy } from '../retry.js';
import type { Run } from '../tracing.js';
/** Supplies bearer tokens. tokenAuth() is one; a fixed token string is another. */
export interface AuthProvider {
  token(): Promise<string>;
  /** after a 401 that a new token may cure, with the refused token: drop it, so that token() gets a new one */
  invalidate?(rejected?: string): void;
  /** the secrets the provider holds (password, consumer key): cut out of every message and log line */
  secrets?(): readonly string[];
  /**
   * Called once by createClient with the client the provider serves, before any request: a provider that makes
   * requests of its own (tokenAuth's token call) takes the client's base URL, fetch, retry policy, logger and
   * hooks from it, and may refuse a client (an ErpError thrown here is createClient's). It returns the provider
   * the client calls: this one, or a view of it sharing its token. A provider without it is used as it is.
   */
  attach?(client: AuthAttachment): AuthProvider;
}
/** What createClient tells a provider of the client it serves. */
export interface AuthAttachment {
  /** the client's base URL, without a trailing slash */
  readonly baseUrl: string;
  /** the client's fetch, when it was given one */
  readonly fetch?: FetchLike;
  /** the client's retry policy */
  readonly retry: RetryPolicy;
  /** the client's logger, when it was given one */
  readonly log?: Logger;
  /** the client's hooks and tracer: a request of the provider's is told to them as the `auth` family's */
  readonly observer?: Observer;
}
/** The AbortSignal the client listens to (a DOM/Node AbortSignal fits). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(
    type: 'abort',
    listener: () => void,
    options?: {
      once?: boolean;
    },
  ): void;
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
  readonly headers: {
    get(name: string): string | null;
  };
  readonly body?: {
    getReader(): {
      read(): Promise<{
        done: boolean;
        value?: Uint8Array;
      }>;
      cancel(): Promise<void>;
    };
  } | null;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}
/** Where a streamed body goes (a file, a parser); its errors pass through untouched. */
export interface BodySink {
  write(chunk: Uint8Array): void | Promise<void>;
}
/**
 * The AbortSignal a fetch is given: the platform's own where the program knows one (Node's or the DOM's types), so
 * that the platform's fetch, and a wrapper that hands its arguments on to it, take what the client passes; else the
 * part of one the client uses.
 */
export type FetchSignal = typeof globalThis extends {
  AbortSignal: {
    prototype: infer S;
  };
}
  ? S
  : AbortSignalLike;
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
    signal?: FetchSignal;
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
  /** the client's hooks and tracer (hooks.ts), told of every attempt and retry */
  readonly observer?: Observer;
}
export interface Exchange {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  /** what messages show: method and path with the query string, never the host's credentials */
  readonly shown: string;
  /** the object asked for, `table/customer`, or the service, for messages */
  readonly object?: string;
  /** who asks, for the hooks and spans (the client sets it per family) */
  readonly family?: RequestFamily;
  /** the run (a paging run, a transaction's polling) whose span is this request's parent */
  readonly trace?: Run;
  /** the attempt this exchange is of an operation retried above it (a transaction resent), from 1 */
  readonly attempt?: number;
  /** on the data query surface: the table or view, checked against a consumer key's OData allow-list */
  readonly odataObject?: string;
  readonly body?: unknown;
  /** a body sent as this text with its `Content-Type` (an XML body), instead of `body` as JSON */
  readonly text?: {
    readonly content: string;
    readonly contentType: string;
  };
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
