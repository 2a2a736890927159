// What the client tells a team's metrics, logs and traces: structured hooks (`onRequest`, `onResponse`,
// `onRetry`, `onPage` on createClient) and, when a tracer is given, spans (tracing.ts). Every path an event
// carries is redacted the way the client's messages are (redact.ts), and no event carries a header or a body, so
// no password, consumer key or token reaches a hook. A hook is the caller's code: it runs in line (a Promise it
// returns is not awaited), and one that throws does not break the request: its first failure is one line in the
// client's logger, later ones of the same hook are dropped, so a broken metrics hook cannot flood the log. The
// code that calls the hooks and makes the spans loads only for a client given one (observer.ts).
import type { FAMILIES } from './families.js';
import type { Logger } from './logger.js';
import type { RetryReason } from './retry.js';
import type { Run, TracerLike } from './tracing.js';

/** Who made a request: a family of the client, the token call (`auth`) or the UI server lookup (`router`). */
export type RequestFamily = keyof typeof FAMILIES | 'auth' | 'router';

/** A request about to be sent (once per attempt; a redirect followed within the origin is part of it). */
export interface RequestEvent {
  readonly family: RequestFamily;
  /** the table or view (`table/customer`), service (`Order`) or resource (`entity/customers`) asked for */
  readonly object?: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** the path and query string as the client's messages show them: anything shaped like a secret is cut out */
  readonly path: string;
  /**
   * 1 for the first send; each retry (onRetry says why) and each resend with a new token after a 401 adds one. A
   * transaction resent after the unexpected response window counts on from the attempt it follows.
   */
  readonly attempt: number;
}

/** The outcome of one attempt: its answer's status, or the failure that ended it. */
export interface ResponseEvent extends RequestEvent {
  /** the HTTP status of the final answer (after redirects); 0 when none came (connection lost, timeout, cancel) */
  readonly status: number;
  /** from the send to the end of reading the answer (or the failure), in milliseconds */
  readonly durationMs: number;
  /** redirects followed within the origin on the way */
  readonly redirects: number;
  /** the typed error that ended the attempt (its name and redacted message), when it failed */
  readonly error?: { readonly name: string; readonly message: string };
}

/** A failed attempt that the retry policy will repeat. */
export interface RetryEvent {
  readonly family: RequestFamily;
  readonly object?: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** the attempt that failed (as in its ResponseEvent); the next one is `attempt + 1` */
  readonly attempt: number;
  /** the wait before the next attempt, in milliseconds */
  readonly delayMs: number;
  /** why the failure may be retried (retry.ts) */
  readonly reason: RetryReason;
  /** what the failure was: `HTTP 503`, `a connection reset`, `the unexpected response window`, `a lock` */
  readonly failure: string;
}

/** A page of a query read (`client.page()`, each page of `client.rows()`). */
export interface PageEvent {
  readonly family: 'query';
  readonly object: string;
  /** the page's number in the result, from 1 (`$skip / $top + 1`) */
  readonly page: number;
  /** rows on the page */
  readonly rows: number;
  /**
   * whether another page follows: the service sends no next link, so a full page (as many rows as `$top`) means
   * one more is asked (rows() asks it; it may be empty)
   */
  readonly hasNext: boolean;
}

/** The hooks createClient takes; each receives a fresh, redacted event. */
export interface ClientHooks {
  readonly onRequest?: (event: RequestEvent) => unknown;
  readonly onResponse?: (event: ResponseEvent) => unknown;
  readonly onRetry?: (event: RetryEvent) => unknown;
  readonly onPage?: (event: PageEvent) => unknown;
}

/** The client's ears, given to its HTTP layer, its families and a provider it attaches (auth.ts). */
export interface Observer {
  /** the client's logger, when one was given */
  readonly log?: Logger;
  /** an attempt is sent; the function it gives is called once its answer is read or it failed */
  sent(
    event: RequestEvent,
    parent: Run | undefined,
  ): Promise<(status: number, redirects: number, error?: unknown) => void>;
  retried(event: RetryEvent): void;
  paged(event: PageEvent): void;
  /** a run of requests (a paging run, a transaction's polling): with a tracer, their parent span */
  run(name: string, family: RequestFamily, object: string): Promise<Run>;
}

/** A run that is no span: what a client without a tracer gives. */
export const UNTRACED: Run = { count() {}, end() {} };

/**
 * The observer of a client with these hooks and tracer. Their code (observer.ts, the spans' tracing.ts) loads only
 * for a client given one, starting with the client, so that its first request rarely waits for it; an event other
 * than `sent` comes only after an attempt was sent, and so finds it loaded (it would wait for it otherwise).
 */
export function createObserver(
  options: ClientHooks & { readonly tracer?: TracerLike; readonly log?: Logger },
  clean: (text: string) => string,
): Observer {
  const { onRequest, onResponse, onRetry, onPage, tracer, log } = options;
  const logged = log !== undefined ? { log } : {};
  if ([onRequest, onResponse, onRetry, onPage, tracer].every((given) => given === undefined))
    return { ...logged, sent: async () => () => {}, retried() {}, paged() {}, run: async () => UNTRACED };
  let loaded: Observer | undefined;
  const loading = import('./observer.js').then(({ observer }) => (loaded = observer(options, clean, UNTRACED)));
  const later = (use: (observer: Observer) => void) => void (loaded ? use(loaded) : loading.then(use));
  return {
    ...logged,
    sent: async (event, parent) => (loaded ?? (await loading)).sent(event, parent),
    retried: (event) => later((observer) => observer.retried(event)),
    paged: (event) => later((observer) => observer.paged(event)),
    run: async (name, family, object) => (loaded ?? (await loading)).run(name, family, object),
  };
}
