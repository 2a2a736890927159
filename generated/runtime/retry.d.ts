import type { Logger } from './logger.js';
/**
 * `read`: may be repeated without effect; `write`: may change data, so only the documented window is retried;
 * `atomic`: a write the service makes all or nothing and says so (an inventory item create: "any failed create is
 * atomic: a following GET answers 404"), so an opaque 500 it answered left nothing behind and is retried once, as
 * the documents say of the intermittent 500 ("retry once"). A connection lost before its answer is not such a
 * failure (the create may have been made): that is never retried.
 */
export type RequestKind = 'read' | 'write' | 'atomic';
export interface RetryOptions {
  /** attempts in all for a read that meets 502/503/504 or a connection reset (default 4) */
  readonly maxAttempts?: number;
  /** first backoff, doubled per attempt up to `maxDelayMs` (defaults 250 ms and 8 s); each wait is jittered */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  /** attempts in all for a transaction that met the unexpected response window (default 3) */
  readonly windowAttempts?: number;
  /** the window retry waits a random time in [min, max] (defaults 200 ms and 1,500 ms) */
  readonly windowDelayMs?: readonly [number, number];
  /** attempts in all for a request refused on a lock (default 3); each retry waits a random time in [min, max] */
  readonly lockAttempts?: number;
  readonly lockDelayMs?: readonly [number, number];
  /** a number in [0, 1), for the jitter (default Math.random); tests pass a fixed sequence */
  readonly random?: () => number;
  /** waits (default a timer); tests pass one that records the delay and returns at once */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly log?: Logger;
}
export interface RetryPolicy {
  /**
   * Runs `attempt` (given the attempt number, from 1) until it succeeds or fails in a way the policy does not
   * retry. `what` names the request in log lines (`GET /odataservice/...`), without secrets.
   */
  run<T>(
    what: string,
    kind: RequestKind,
    attempt: (attemptNo: number) => Promise<T>,
    onRetry?: (retry: Retrying) => void,
  ): Promise<T>;
}
/** A failed attempt about to be repeated, as a policy tells `run`'s caller (the client's onRetry hook). */
export interface Retrying {
  /** the attempt that failed, from 1 */
  readonly attemptNo: number;
  readonly delayMs: number;
  readonly reason: RetryReason;
  /** `HTTP 503`, `a connection reset`, ... */
  readonly failure: string;
}
/** Why a failure may be retried, or undefined when it may not. */
export type RetryReason = 'transient' | 'opaque-500' | 'response-window' | 'locked';
/**
 * The rule for the unexpected response window. The documents describe the condition (a dialog, for example an
 * email dialog, left open in a pooled session by a previous request) but not its wording, so the client
 * recognises a server message that names a response window or a dialog ("unexpected response window", "the
 * response window ... is open", "dialog") — and not "Window <<X>> is not available", which is the
 * unlicensed-window 500 that no retry cures. The client retries only an answer that applied nothing: an HTTP
 * 200 whose `Summary` has `Succeeded` 0 and `Failed` > 0 and a message matching this, or an HTTP 500 whose
 * message matches this for a request of a single transaction (a transaction is atomic; transactions in one
 * POST are independent, so a 500 for several may follow one that passed).
 */
export declare function isResponseWindow(message: string): boolean;
/** Whether a failure of a `kind` request may be retried, and why. */
export declare function retryReason(error: unknown, kind: RequestKind): RetryReason | undefined;
export declare function retryPolicy(options?: RetryOptions): RetryPolicy;
/** The policy of a caller that gives options or a ready policy (or nothing: the defaults). */
export declare function toRetryPolicy(retry: RetryPolicy | RetryOptions | undefined, log?: Logger): RetryPolicy;
