// The HTTP side of `erpgen fetch`: one request, or one download streamed to a file, with a timeout, the retry policy
// and every failure turned into a one-line LiveError whose text holds no secret.
//
// The retry policy here is the documented one, kept minimal until the generated package's runtime policy
// (templates/runtime/retry.ts) is merged and used instead: reads are retried on 502/503/504 and connection resets
// with jittered exponential backoff (4 attempts in all), and an opaque 500 (no message) once.
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { UserError } from '../../errors.js';
import { shownUrl, type Redactor } from './redact.js';

/** A failure of a request: status 0 when no answer came. The message is safe to print. */
export class LiveError extends UserError {
  constructor(
    message: string,
    readonly status: number,
    /** a server body, already redacted */
    readonly body = '',
    readonly retryable: 'transient' | 'opaque-500' | undefined = undefined,
  ) {
    super(message);
  }
}

export interface Exchange {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly timeoutMs: number;
}

/** The shape of the runtime's RetryPolicy (templates/runtime/retry.ts), so that one can replace this one. */
export interface Retry {
  run<T>(what: string, kind: 'read' | 'write', attempt: (attemptNo: number) => Promise<T>): Promise<T>;
}

export function minimalRetry(
  options: { attempts?: number; baseMs?: number; log?: (line: string) => void } = {},
): Retry {
  const attempts = options.attempts ?? 4;
  const base = options.baseMs ?? 250;
  return {
    async run(what, _kind, attempt) {
      for (let n = 1; ; n++) {
        try {
          return await attempt(n);
        } catch (error) {
          const reason = error instanceof LiveError ? error.retryable : undefined;
          const limit = reason === 'opaque-500' ? Math.min(2, attempts) : attempts;
          if (reason === undefined || n >= limit) {
            if (error instanceof LiveError && n > 1) error.message = `${error.message} [${n} attempts]`;
            throw error;
          }
          const delay = Math.round(Math.random() * Math.min(8_000, base * 2 ** (n - 1)));
          options.log?.(`retrying ${what} (attempt ${n + 1} of ${limit}, in ${delay} ms)`);
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    },
  };
}

/** What went wrong with the connection, in words; never the URL's credentials. */
function connectionProblem(error: unknown, timeoutMs: number): { text: string; reset: boolean } {
  const e = error as Error & { cause?: { code?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return { text: `no complete answer within ${Math.round(timeoutMs / 1000)} s`, reset: false };
  const code = e.cause?.code ?? (e as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return { text: 'connection refused', reset: false };
  if (code === 'ENOTFOUND') return { text: 'host not found', reset: false };
  return { text: `connection failed (${code ?? e.message})`, reset: true };
}

/** Sends one request; any status comes back as a Response (redirects are not followed). */
export async function send(exchange: Exchange, redact: Redactor): Promise<Response> {
  try {
    return await fetch(exchange.url, {
      method: exchange.method,
      headers: exchange.headers ?? {},
      ...(exchange.body !== undefined ? { body: exchange.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(exchange.timeoutMs),
    });
  } catch (error) {
    const problem = connectionProblem(error, exchange.timeoutMs);
    throw new LiveError(
      `${exchange.method} ${redact.text(shownUrl(exchange.url))}: ${problem.text}`,
      0,
      '',
      problem.reset ? 'transient' : undefined,
    );
  }
}

/** The error for a non-2xx answer (its body read and redacted). */
export async function statusError(exchange: Exchange, res: Response, redact: Redactor): Promise<LiveError> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    // the body is only for the message
  }
  const body = redact.body(text);
  const retryable =
    res.status === 502 || res.status === 503 || res.status === 504
      ? 'transient'
      : res.status === 500 && text.trim() === ''
        ? 'opaque-500'
        : undefined;
  return new LiveError(
    `${exchange.method} ${redact.text(shownUrl(exchange.url))}: HTTP ${res.status}${body === '' ? '' : `: ${body}`}`,
    res.status,
    body,
    retryable,
  );
}

/** Reads a small answer as text; a non-2xx answer throws. */
export async function requestText(exchange: Exchange, redact: Redactor): Promise<{ res: Response; text: string }> {
  const res = await send(exchange, redact);
  if (res.status < 200 || res.status >= 300) throw await statusError(exchange, res, redact);
  try {
    return { res, text: await res.text() };
  } catch (error) {
    const problem = connectionProblem(error, exchange.timeoutMs);
    throw new LiveError(
      `${exchange.method} ${redact.text(shownUrl(exchange.url))}: the answer broke off (${problem.text})`,
      0,
      '',
      'transient',
    );
  }
}

/**
 * Streams a 2xx answer's body to `file` as it arrives (memory holds one chunk, whatever the size) and returns the
 * byte count. `onBytes` sees the running total.
 */
export async function download(
  exchange: Exchange,
  file: string,
  redact: Redactor,
  onBytes: (total: number) => void = () => {},
): Promise<{ bytes: number; contentType: string }> {
  const res = await send(exchange, redact);
  if (res.status < 200 || res.status >= 300) throw await statusError(exchange, res, redact);
  let total = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      onBytes(total);
      done(null, chunk);
    },
  });
  try {
    const body = res.body ? Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>) : Readable.from([]);
    await pipeline(body, count, createWriteStream(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code?.startsWith('E') && (error as NodeJS.ErrnoException).syscall)
      throw new UserError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code}`);
    const problem = connectionProblem(error, exchange.timeoutMs);
    throw new LiveError(
      `${exchange.method} ${redact.text(shownUrl(exchange.url))}: the download broke off after ${total} bytes (${problem.text})`,
      0,
      '',
      'transient',
    );
  }
  return { bytes: total, contentType: res.headers.get('content-type') ?? '' };
}
