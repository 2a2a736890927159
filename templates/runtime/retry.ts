// One retry policy for every call the package makes (and for `erpgen fetch`), retrying only where the service's
// documents say it is safe:
// - a read (GET, transaction/get, a report, the token call) that met a proxy, overload or backend timeout
//   (502, 503, 504) or a connection reset: bounded retries with jittered exponential backoff;
// - a read that met an opaque 500 (no message in the body): one retry, since the service also uses 500 for
//   client mistakes, which a second attempt will not cure; so too a write the service makes atomic (an inventory
//   item create), whose answered failure left nothing behind (`atomic`);
// - a transaction that met the intermittent unexpected response window (a previous request left a dialog open
//   in a pooled session): a short random-delay retry, when nothing of the request was applied (see
//   `isResponseWindow`); the final message suggests the async endpoint;
// - a read or write refused on a lock (ErpLockedError: nothing was applied): a retry after 1 to 2 seconds, as
//   the documents suggest for bulk runs, which contend for the item master;
// - any other write is never retried: a write whose answer was lost may have been applied;
// - a refused connection and a timeout are not retried: the server is not there (a wrong base URL fails at
//   once), or so slow that another attempt would only double the wait.
// Every retry is told to the caller's logger; the final error says how many attempts were made.
import type { Logger } from './logger.js';
import {
  ErpConnectionError,
  ErpError,
  ErpLockedError,
  ErpResponseWindowError,
  ErpServerError,
  ErpTimeoutError,
  type ErpHttpError,
} from './errors.js';

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

// through globalThis: the package compiles without DOM or Node type definitions
const { setTimeout: schedule } = globalThis as unknown as { setTimeout(run: () => void, ms: number): unknown };

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
export function isResponseWindow(message: string): boolean {
  return /\bresponse\s+window\b|\bdialog\b/i.test(message);
}

/** Whether a failure of a `kind` request may be retried, and why. */
export function retryReason(error: unknown, kind: RequestKind): RetryReason | undefined {
  if (isSettled(error)) return undefined;
  if (error instanceof ErpResponseWindowError) return 'response-window';
  if (error instanceof ErpLockedError) return 'locked';
  // a failed atomic write answered with a 500 that says nothing (the intermittent one) left nothing to resend over
  if (kind === 'atomic')
    return error instanceof ErpServerError && error.status === 500 && error.serverMessage === undefined
      ? 'opaque-500'
      : undefined;
  if (kind === 'write') return undefined;
  if (error instanceof ErpConnectionError && error.reset) return 'transient';
  if (error instanceof ErpServerError) {
    if (error.status === 502 || error.status === 503 || error.status === 504) return 'transient';
    if (error.status === 500 && error.serverMessage === undefined) return 'opaque-500';
  }
  return undefined;
}

/**
 * Marks an error that a policy has already given up on. A run inside another (a transaction's window retry
 * around the request's own) neither retries it again, which would multiply the attempts, nor counts it twice.
 */
const SETTLED = Symbol.for('erpgen.retry.settled');

const isSettled = (error: unknown): boolean =>
  error !== null && typeof error === 'object' && (error as { [SETTLED]?: true })[SETTLED] === true;

/** `attempts` on the error and in its message: the final error says how many attempts were made. */
function withAttempts(error: unknown, attempts: number): unknown {
  if (error instanceof ErpError && !isSettled(error)) {
    Object.defineProperty(error, SETTLED, { value: true });
    if (attempts > 1) {
      (error as { attempts: number }).attempts = attempts;
      error.message = `${error.message} [${attempts} attempts]`;
    }
  }
  return error;
}

function describe(error: unknown): string {
  if (error instanceof ErpTimeoutError) return 'a timeout';
  if (error instanceof ErpConnectionError) return 'a connection reset';
  if (error instanceof ErpResponseWindowError) return 'the unexpected response window';
  if (error instanceof ErpLockedError) return 'a lock';
  const status = (error as ErpHttpError).status;
  return typeof status === 'number' ? `HTTP ${status}` : 'a failure';
}

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const base = options.baseDelayMs ?? 250;
  const cap = options.maxDelayMs ?? 8_000;
  const windowAttempts = Math.max(1, options.windowAttempts ?? 3);
  const [windowMin, windowMax] = options.windowDelayMs ?? [200, 1_500];
  const [lockMin, lockMax] = options.lockDelayMs ?? [1_000, 2_000];
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => void schedule(resolve, ms)));
  const limit: Record<RetryReason, number> = {
    transient: maxAttempts,
    'opaque-500': Math.min(2, maxAttempts),
    'response-window': windowAttempts,
    locked: Math.max(1, options.lockAttempts ?? 3),
  };

  return {
    async run(what, kind, attempt, onRetry) {
      for (let attemptNo = 1; ; attemptNo++) {
        try {
          return await attempt(attemptNo);
        } catch (error) {
          const reason = retryReason(error, kind);
          if (reason === undefined || attemptNo >= limit[reason]) throw withAttempts(error, attemptNo);
          // full jitter: a random wait up to the exponential step, so that many clients do not retry in step
          const delay = Math.round(
            reason === 'response-window'
              ? windowMin + random() * (windowMax - windowMin)
              : reason === 'locked'
                ? lockMin + random() * (lockMax - lockMin)
                : random() * Math.min(cap, base * 2 ** (attemptNo - 1)),
          );
          const failure = describe(error);
          options.log?.(
            `retrying ${what} after ${failure} (attempt ${attemptNo + 1} of ${limit[reason]}, in ${delay} ms)`,
          );
          onRetry?.({ attemptNo, delayMs: delay, reason, failure });
          await sleep(delay);
        }
      }
    },
  };
}

/** The policy of a caller that gives options or a ready policy (or nothing: the defaults). */
export function toRetryPolicy(retry: RetryPolicy | RetryOptions | undefined, log?: Logger): RetryPolicy {
  if (retry !== undefined && 'run' in retry && typeof retry.run === 'function') return retry;
  const options = (retry ?? {}) as RetryOptions;
  return retryPolicy(log !== undefined && options.log === undefined ? { ...options, log } : options);
}
