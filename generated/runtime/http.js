// One HTTP exchange with the server, the way every family needs it: `Accept: application/json` on every call
// (without it the service may answer XML, or an empty 500 on the UI server), the bearer token on every call,
// a timeout that covers the body too, the retry policy (retry.ts), and each way the service or the network
// says no turned into its typed error. Whatever a server said is redacted before it is shown (redact.ts).
//
// 401 is not one thing on this service. The data query surface answers the same not-authorized 401 for an
// invalid or expired token, for a table outside a consumer key's OData allow-list, and for a user without the
// permission. The client tells them apart: a body saying the Authorization header was missing means it was
// lost on a redirect; an `invalid_token` body or an `exp` claim in the past means the token is stale; the
// token's `aud` claim says whether the key's allow-list names the object. What is left is retried once with
// a newly issued token (the old one may have been superseded: each token call may invalidate earlier ones);
// if the new token is refused too, the user lacks the permission, and that token is kept.
import {
  ErpCancelledError,
  ErpConnectionError,
  ErpFilterRejectedError,
  ErpForbiddenError,
  ErpHttpError,
  ErpNotAuthorizedError,
  ErpNotFoundError,
  ErpServerError,
  ErpTimeoutError,
  ErpUnexpectedResponseError,
} from './errors.js';
import { odataAllowList, tokenExpiry } from './jwt.js';
import { redact, redactBody, shownUrl } from './redact.js';
import { toRetryPolicy } from './retry.js';
const SNIPPET = 200;
// through globalThis: the package compiles without DOM or Node type definitions
const timers = globalThis;
/** `https://host:port` of a URL: where a request was going, without credentials, path or query */
export function origin(url) {
  const shown = shownUrl(url);
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(shown)?.[0] ?? shown;
}
function describeBody(text, contentType) {
  const head = text.trimStart().slice(0, SNIPPET);
  if (/^<!doctype html|^<html/i.test(head) || contentType.includes('text/html'))
    return 'an HTML page where JSON was expected';
  if (head.startsWith('<') || /\bxml\b/.test(contentType))
    return 'XML where JSON was expected (was `Accept: application/json` dropped by a proxy?)';
  return undefined;
}
/** The message of an OData error object, `{error: {code, message}}`. */
export function odataMessage(body) {
  const error = body?.error;
  return error !== null && typeof error === 'object' && typeof error.message === 'string' ? error.message : undefined;
}
/** The message fields the families use: `{ErrorMessage}`, `{Message}`, OAuth's `{error_description}`, OData's `{error}`. */
function anyMessage(body) {
  if (body === null || typeof body !== 'object') return undefined;
  const b = body;
  for (const key of ['ErrorMessage', 'Message', 'error_description', 'Description'])
    if (typeof b[key] === 'string' && b[key] !== '') return b[key];
  return odataMessage(body) ?? (typeof b['error'] === 'string' && b['error'] !== '' ? b['error'] : undefined);
}
/** JSON.parse that never throws (a deeply nested or malformed body is just not JSON). */
function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
/** A timeout over the whole exchange, body included, joined with the caller's signal. */
function deadline(timeoutMs, caller) {
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
function rootCause(error) {
  let e = error;
  while (e !== null && typeof e === 'object' && e.cause instanceof Error) e = e.cause;
  const message = e instanceof Error ? e.message : String(e);
  const code = e?.code;
  return { message, code: typeof code === 'string' ? code : undefined };
}
const readAll = async (response, lost) => {
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw lost(error);
  }
};
const RESET = /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ECONNABORTED)$/;
const DECODING = /^(Z_DATA_ERROR|Z_BUF_ERROR|ERR_PADDING_1|Z_NEED_DICT)$|^ERR_BROTLI/;
export function createHttp(options) {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const fixed = typeof options.auth === 'string' ? options.auth : undefined;
  const provider = fixed !== undefined ? { token: async () => fixed } : options.auth;
  const canRenew = fixed === undefined && provider.invalidate !== undefined;
  const policy = toRetryPolicy(options.retry, options.log);
  /** every token sent: cut out of messages even after it was replaced */
  const sent = new Set(fixed !== undefined ? [fixed] : []);
  /** token -> objects it was refused for although it had just been issued for that very request: a permission */
  const refusedFresh = new Map();
  const secrets = () => [...sent, ...(provider.secrets?.() ?? [])];
  const clean = (text) => redact(text, secrets());
  const cleanBody = (text) => redactBody(text, secrets());
  /** One attempt with one token: the response, its body read in full, or a typed error. */
  async function attempt(exchange, token, read) {
    const info = (status, serverMessage) => ({
      request: clean(`${exchange.method} ${exchange.shown}`),
      status,
      ...(exchange.object ? { object: exchange.object } : {}),
      ...(serverMessage ? { serverMessage: cleanBody(serverMessage) } : {}),
    });
    const headers = { Accept: 'application/json' };
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
    const lost = (error, answered) => {
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
      let response;
      try {
        response = await doFetch(exchange.url, {
          method: exchange.method,
          headers,
          ...(exchange.text !== undefined
            ? { body: exchange.text.content }
            : exchange.body !== undefined
              ? { body: JSON.stringify(exchange.body) }
              : {}),
          signal: limit.signal,
        });
      } catch (error) {
        throw lost(error, 0);
      }
      contentEncoding = response.headers.get('content-encoding') ?? '';
      const bodyLost = (error) => lost(error, response.status);
      if (!response.ok) fail(exchange, response, utf8Text(await readAll(response, bodyLost)), token, info);
      return { response, body: await read(response, bodyLost) };
    } finally {
      limit.done();
    }
  }
  function fail(exchange, response, text, token, info) {
    const status = response.status;
    const parsed = text.trim() === '' ? undefined : parseJson(text);
    const body = parsed?.value;
    const notJson =
      text.trim() !== '' && parsed === undefined
        ? (describeBody(text, response.headers.get('content-type') ?? '') ??
          `a body that is not JSON: ${cleanBody(JSON.stringify(text.slice(0, SNIPPET)))}`)
        : undefined;
    const explained = exchange.explain?.(status, body, text, info);
    if (explained !== undefined) throw explained;
    const message = anyMessage(body);
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
  function unauthorizedReason(exchange, text, body, token) {
    if (/Authorization header was not present|'Bearer' was missing/i.test(text)) return 'header-lost';
    const oauthError = body?.error;
    const expiry = tokenExpiry(token);
    if (oauthError === 'invalid_token' || (expiry !== undefined && expiry <= Date.now())) return 'invalid-token';
    if (exchange.odataObject !== undefined) {
      const allowed = odataAllowList(token);
      if (allowed !== undefined && !allowed.has(exchange.odataObject.toLowerCase())) return 'out-of-scope';
      if (refusedFresh.get(token)?.has(exchange.odataObject)) return 'permission';
    }
    return 'unknown';
  }
  function notAuthorizedSummary(reason, exchange) {
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
  function notFoundSummary(exchange, asked) {
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
  async function withToken(exchange, read) {
    const token = await provider.token();
    try {
      return await attempt(exchange, token, read);
    } catch (error) {
      if (!canRenew || !(error instanceof ErpNotAuthorizedError)) throw error;
      if (error.reason !== 'invalid-token' && error.reason !== 'unknown') throw error;
      provider.invalidate?.(token);
      const fresh = await provider.token();
      options.log?.(`retrying ${clean(`${exchange.method} ${exchange.shown}`)} with a new token after a 401`);
      try {
        return await attempt(exchange, fresh, read);
      } catch (second) {
        if (!(second instanceof ErpNotAuthorizedError) || second.reason !== 'unknown' || fresh === token) throw second;
        const info = {
          request: second.request,
          status: second.status,
          ...(second.object !== undefined ? { object: second.object } : {}),
          ...(second.serverMessage !== undefined ? { serverMessage: second.serverMessage } : {}),
        };
        if (exchange.odataObject !== undefined) {
          const refused = refusedFresh.get(fresh) ?? new Set();
          refusedFresh.set(fresh, refused.add(exchange.odataObject));
        }
        throw new ErpNotAuthorizedError(notAuthorizedSummary('permission', exchange), info, 'permission');
      }
    }
  }
  async function send(exchange, read) {
    const kind = exchange.kind ?? (exchange.method === 'GET' ? 'read' : 'write');
    return policy.run(clean(`${exchange.method} ${exchange.shown}`), kind, () => withToken(exchange, read));
  }
  return {
    async json(exchange) {
      const { response, body } = await send(exchange, readAll);
      const text = utf8Text(body);
      const parsed = parseJson(text);
      if (parsed !== undefined) return parsed.value;
      const what =
        describeBody(text, response.headers.get('content-type') ?? '') ??
        `a body that is not JSON: ${cleanBody(JSON.stringify(text.slice(0, SNIPPET)))}`;
      throw new ErpUnexpectedResponseError(`the server answered ${what}`, {
        request: clean(`${exchange.method} ${exchange.shown}`),
        status: response.status,
        ...(exchange.object ? { object: exchange.object } : {}),
      });
    },
    async bytes(exchange) {
      return (await send(exchange, readAll)).body;
    },
    async stream(exchange, open) {
      const { body } = await send(exchange, async (response, lost) => {
        const sink = await open();
        if (response.body === undefined || response.body === null) {
          const all = await readAll(response, lost);
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
  };
}
const utf8 = new globalThis.TextDecoder();
/** A body's bytes as text (UTF-8, invalid sequences replaced). */
export function utf8Text(bytes) {
  return utf8.decode(bytes);
}
