// One HTTP exchange with the server, the way every family needs it: `Accept: application/json` on every call
// (without it the service may answer XML, or an empty 500 on the UI server), the bearer token on every call,
// a timeout, and each way the service says no turned into its typed error. Tokens never reach a message.
import {
  ErpFilterRejectedError,
  ErpHttpError,
  ErpNotAuthorizedError,
  ErpNotFoundError,
  ErpServerError,
  ErpUnexpectedResponseError,
} from './errors.js';
const SNIPPET = 200;
/** `https://host:port` of a URL: where a failed connection was going, without its path or query */
function origin(url) {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? url;
}
function describeBody(text, contentType) {
  const head = text.trimStart().slice(0, SNIPPET);
  if (/^<!doctype html|^<html/i.test(head) || contentType.includes('text/html'))
    return 'an HTML page where JSON was expected';
  if (head.startsWith('<') || /\bxml\b/.test(contentType))
    return 'XML where JSON was expected (was `Accept: application/json` dropped by a proxy?)';
  return undefined;
}
function odataMessage(body) {
  const error = body?.error;
  return typeof error?.message === 'string' ? error.message : undefined;
}
/** The message fields the families use: `{ErrorMessage}`, `{Message}`, OAuth's `{error_description}`, OData's `{error}`. */
function anyMessage(body) {
  if (body === null || typeof body !== 'object') return undefined;
  const b = body;
  for (const key of ['ErrorMessage', 'Message', 'error_description', 'Description'])
    if (typeof b[key] === 'string') return b[key];
  return odataMessage(body);
}
export function createHttp(options) {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const provider = typeof options.auth === 'string' ? { token: async () => options.auth } : options.auth;
  async function send(exchange) {
    const info = (status, serverMessage) => ({
      request: `${exchange.method} ${exchange.shown}`,
      status,
      ...(exchange.object ? { object: exchange.object } : {}),
      ...(serverMessage ? { serverMessage } : {}),
    });
    const token = await provider.token();
    const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (exchange.body !== undefined) headers['Content-Type'] = 'application/json';
    const timeout = globalThis.AbortSignal?.timeout?.(timeoutMs);
    let response;
    try {
      response = await doFetch(exchange.url, {
        method: exchange.method,
        headers,
        ...(exchange.body !== undefined ? { body: JSON.stringify(exchange.body) } : {}),
        ...(timeout ? { signal: timeout } : {}),
      });
    } catch (error) {
      // network failures carry no response; the cause (ECONNREFUSED, timeout) is what a user needs
      const inner = error?.cause;
      const cause = inner instanceof Error ? inner.message : error instanceof Error ? error.message : String(error);
      throw new ErpHttpError(`could not reach ${origin(exchange.url)}: ${cause}`, info(0));
    }
    if (!response.ok) await fail(response, info);
    return { response, info };
  }
  async function fail(response, info) {
    const status = response.status;
    const text = await response.text();
    let body;
    try {
      body = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    const notJson =
      text.trim() !== '' && body === undefined
        ? (describeBody(text, response.headers.get('content-type') ?? '') ??
          `a body that is not JSON: ${JSON.stringify(text.slice(0, SNIPPET))}`)
        : undefined;
    if (status === 401) {
      provider.invalidate?.();
      throw new ErpNotAuthorizedError(
        'not authorized (no valid token, the object is outside the consumer key scope, or the user lacks the permission)',
        info(status, anyMessage(body)),
      );
    }
    if (status === 404) {
      if (text.trim() === '')
        throw new ErpNotFoundError(
          'not found: the object does not exist, is on the other surface, or a selected or ordered column does not exist',
          info(status),
        );
      if (notJson) throw new ErpUnexpectedResponseError(`not found, and the server answered ${notJson}`, info(status));
      const message = odataMessage(body);
      if (message) throw new ErpFilterRejectedError('the service rejected the query', info(status, message));
      throw new ErpNotFoundError('not found', info(status, anyMessage(body)));
    }
    const message = anyMessage(body) ?? (notJson ? `(${notJson})` : text.trim() === '' ? '(empty body)' : undefined);
    if (status >= 500) throw new ErpServerError('server error', info(status, message));
    throw new ErpHttpError(`unexpected HTTP ${status}`, info(status, message));
  }
  return {
    async json(exchange) {
      const { response, info } = await send(exchange);
      const text = await response.text();
      try {
        return JSON.parse(text);
      } catch {
        const what =
          describeBody(text, response.headers.get('content-type') ?? '') ??
          `a body that is not JSON: ${JSON.stringify(text.slice(0, SNIPPET))}`;
        throw new ErpUnexpectedResponseError(`the server answered ${what}`, info(response.status));
      }
    },
    async bytes(exchange) {
      const { response } = await send(exchange);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
