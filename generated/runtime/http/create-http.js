// One HTTP exchange with the server, the way every family needs it: `Accept: application/json` on every call
// (without it the service may answer XML, or an empty 500 on the UI server), the bearer token on every call,
// a timeout that covers the body too, the retry policy (retry.ts), and each way the service or the network
// says no turned into its typed error. Nothing a server sends is trusted, and whatever a server said is redacted
// before it is shown (redact.ts). The pieces, each in a module beside this one:
// - redirects.ts: followed by hand, within the origin only, so no token or body reaches another host;
// - body.ts: bodies read up to a cap, and what a body is when it is not JSON;
// - not-authorized.ts: the one retry with a new token a 401 may earn (unauthorized-reason.ts: what a 401 means);
// - failure.ts: a failed answer as its typed error (loaded on the first one); connection.ts: a failure before or while the answer arrives.
import { ErpHttpError, ErpUnexpectedResponseError } from '../errors.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  describeBody,
  ERROR_BODY_BYTES,
  parseJson,
  readCapped,
  readUpTo,
  SNIPPET,
  utf8Text,
} from './body.js';
import { connectionLost, deadline } from './connection.js';
import { tokenOf, withToken } from './not-authorized.js';
import { follow } from './redirects.js';
import { preview, redact, redactBody } from '../redact.js';
import { toRetryPolicy } from '../retry.js';
/** The exchange every family and the token call use, from the client's options (http/types.ts says them). */
export function createHttp(options) {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const fixed = typeof options.auth === 'string' ? options.auth : undefined;
  const provider = fixed !== undefined ? { token: async () => fixed } : options.auth;
  const policy = toRetryPolicy(options.retry, options.log);
  /** every token sent: cut out of messages even after it was replaced */
  const tokensSent = new Set(fixed !== undefined ? [fixed] : []);
  const refusals = new Map();
  const secrets = () => [...tokensSent, ...(provider.secrets?.() ?? [])];
  const clean = (text) => redact(text, secrets());
  const cleanBody = (text) => redactBody(text, secrets());
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const observer = options.observer;
  const tokens = {
    provider,
    canRenew: fixed === undefined && provider.invalidate !== undefined,
    refusals,
    clean,
    ...(options.log ? { log: options.log } : {}),
  };
  /** One attempt with one token: the response, its body read in full, or a typed error. */
  async function attempt(exchange, token, read, attemptNo) {
    const info = (status, serverMessage) => ({
      request: clean(`${exchange.method} ${exchange.shown}`),
      status,
      ...(exchange.object ? { object: exchange.object } : {}),
      ...(serverMessage ? { serverMessage: cleanBody(serverMessage) } : {}),
    });
    const headers = { Accept: 'application/json' };
    if (token !== '') {
      tokensSent.add(token);
      headers['Authorization'] = `Bearer ${token}`;
    }
    if (exchange.text !== undefined) headers['Content-Type'] = exchange.text.contentType;
    else if (exchange.body !== undefined) headers['Content-Type'] = 'application/json';
    const limit = deadline(timeoutMs, exchange.signal);
    let contentEncoding = '';
    const lost = connectionLost(exchange, limit, timeoutMs, info, clean, () => contentEncoding);
    let redirects = 0;
    const answered = await observer?.sent(requestEvent(exchange, attemptNo), exchange.trace);
    try {
      const response = await follow(exchange, {
        fetch: doFetch,
        headers,
        signal: limit.signal,
        info,
        lost,
        clean,
        ...(options.log ? { log: options.log } : {}),
        followed: () => void redirects++,
      });
      contentEncoding = response.headers.get('content-encoding') ?? '';
      const bodyLost = (error) => lost(error, response.status);
      if (!response.ok) {
        const { bytes } = await readUpTo(response, ERROR_BODY_BYTES, bodyLost);
        // the failure path loads on the first failed answer: a client whose calls succeed never needs it
        const { fail } = await import('./failure.js');
        fail(exchange, response, utf8Text(bytes), token, info, { clean, cleanBody, refusals });
      }
      const body = await read(response, bodyLost, info);
      answered?.(response.status, redirects);
      return { response, body };
    } catch (error) {
      answered?.(error instanceof ErpHttpError ? error.status : 0, redirects, error);
      throw error;
    } finally {
      limit.done();
    }
  }
  /** What the hooks are told of an attempt: who asks for what, the path redacted. */
  function requestEvent(exchange, attemptNo) {
    return {
      family: exchange.family ?? 'query',
      ...(exchange.object !== undefined ? { object: exchange.object } : {}),
      method: exchange.method,
      path: clean(exchange.shown),
      attempt: attemptNo,
    };
  }
  async function send(exchange, read) {
    const kind = exchange.kind ?? (exchange.method === 'GET' ? 'read' : 'write');
    // every send counts, a resend with a new token after a 401 too
    let attempts = (exchange.attempt ?? 1) - 1;
    try {
      return await policy.run(
        clean(`${exchange.method} ${exchange.shown}`),
        kind,
        () => withToken(exchange, tokens, (token) => attempt(exchange, token, read, ++attempts)),
        observer &&
          ((retry) =>
            observer.retried({
              ...requestEvent(exchange, attempts),
              delayMs: retry.delayMs,
              reason: retry.reason,
              failure: retry.failure,
            })),
      );
    } catch (error) {
      throw scrubbed(error, clean);
    }
  }
  const show = (value, length = SNIPPET) => preview(value, cleanBody, length);
  const cap = (exchange) => readCapped(exchange.maxBytes ?? maxResponseBytes);
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
          let chunk;
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
function scrubbed(error, clean) {
  if (error instanceof Error) {
    error.message = clean(error.message);
    if (typeof error.stack === 'string') error.stack = clean(error.stack);
  }
  return error;
}
