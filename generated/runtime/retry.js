import {
  ErpConnectionError,
  ErpError,
  ErpLockedError,
  ErpResponseWindowError,
  ErpServerError,
  ErpTimeoutError,
} from './errors.js';
// through globalThis: the package compiles without DOM or Node type definitions
const { setTimeout: schedule } = globalThis;
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
export function isResponseWindow(message) {
  return /\bresponse\s+window\b|\bdialog\b/i.test(message);
}
/** Whether a failure of a `kind` request may be retried, and why. */
export function retryReason(error, kind) {
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
const isSettled = (error) => error !== null && typeof error === 'object' && error[SETTLED] === true;
/** `attempts` on the error and in its message: the final error says how many attempts were made. */
function withAttempts(error, attempts) {
  if (error instanceof ErpError && !isSettled(error)) {
    Object.defineProperty(error, SETTLED, { value: true });
    if (attempts > 1) {
      error.attempts = attempts;
      error.message = `${error.message} [${attempts} attempts]`;
    }
  }
  return error;
}
function describe(error) {
  if (error instanceof ErpTimeoutError) return 'a timeout';
  if (error instanceof ErpConnectionError) return 'a connection reset';
  if (error instanceof ErpResponseWindowError) return 'the unexpected response window';
  if (error instanceof ErpLockedError) return 'a lock';
  const status = error.status;
  return typeof status === 'number' ? `HTTP ${status}` : 'a failure';
}
export function retryPolicy(options = {}) {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const base = options.baseDelayMs ?? 250;
  const cap = options.maxDelayMs ?? 8_000;
  const windowAttempts = Math.max(1, options.windowAttempts ?? 3);
  const [windowMin, windowMax] = options.windowDelayMs ?? [200, 1_500];
  const [lockMin, lockMax] = options.lockDelayMs ?? [1_000, 2_000];
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => void schedule(resolve, ms)));
  const limit = {
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
export function toRetryPolicy(retry, log) {
  if (retry !== undefined && 'run' in retry && typeof retry.run === 'function') return retry;
  const options = retry ?? {};
  return retryPolicy(log !== undefined && options.log === undefined ? { ...options, log } : options);
}
