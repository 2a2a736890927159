// A failure before or while the body arrives: the caller's cancel, the timeout (which covers the body too), a body
// that cannot be decoded, or a connection closed early (which, on a write, leaves the outcome unknown).
import {
  ErpCancelledError,
  ErpConnectionError,
  ErpTimeoutError,
  ErpUnexpectedResponseError,
  type ErpHttpError,
  type RequestInfo,
} from '../errors.js';
import type { AbortSignalLike, Exchange } from './types.js';
import { origin } from './redirects.js';

interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  AbortController: new () => { readonly signal: AbortSignalLike; abort(): void };
}
// through globalThis: the package compiles without DOM or Node type definitions
const timers = globalThis as unknown as Timers;

/** A timeout over the whole exchange, body included, joined with the caller's signal. */
export function deadline(timeoutMs: number, caller: AbortSignalLike | undefined) {
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

export type Deadline = ReturnType<typeof deadline>;

/** The innermost cause of a fetch failure: undici wraps the socket or zlib error in a bare TypeError. */
function rootCause(error: unknown): { message: string; code: string | undefined } {
  let e = error;
  while (e !== null && typeof e === 'object' && (e as { cause?: unknown }).cause instanceof Error)
    e = (e as { cause: unknown }).cause;
  const message = e instanceof Error ? e.message : String(e);
  const code = (e as { code?: unknown } | null)?.code;
  return { message, code: typeof code === 'string' ? code : undefined };
}

const RESET = /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ECONNABORTED)$/;
const DECODING = /^(Z_DATA_ERROR|Z_BUF_ERROR|ERR_PADDING_1|Z_NEED_DICT)$|^ERR_BROTLI/;

/**
 * The typed error of a failure of one attempt (`answered`: the status that came, 0 before an answer). `encoding`
 * is the answer's Content-Encoding, once it came.
 */
export function connectionLost(
  exchange: Exchange,
  limit: Deadline,
  timeoutMs: number,
  info: (status: number) => RequestInfo,
  clean: (text: string) => string,
  encoding: () => string,
): (error: unknown, answered: number) => ErpHttpError {
  const where = origin(exchange.url);
  return (error, answered) => {
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
        `the body from ${where} could not be decoded (Content-Encoding ${JSON.stringify(encoding())}): ${message}`,
        info(answered),
      );
    // OpenSSL's words for a server that answered TLS's greeting in plain HTTP
    if (cause.code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number/i.test(message))
      return new ErpConnectionError(
        `could not reach ${where}: it answers plain HTTP, not HTTPS (TLS): is the base URL's scheme meant to be http://?`,
        info(answered),
        false,
      );
    const reset =
      (cause.code !== undefined && RESET.test(cause.code)) || /other side closed|socket hang up/i.test(message);
    const unknownOutcome =
      exchange.method !== 'GET' && (exchange.kind ?? 'write') !== 'read'
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
}
