// Redirects, followed by hand (fetch is always asked for `redirect: 'manual'`): within the origin the request was
// made for (scheme, host and port), at most MAX_REDIRECTS hops, keeping the Authorization header (the router's 307
// needs it). A redirect to any other origin is an ErpRedirectError, so no token, credential or body ever reaches a
// host it was not given for.
import { ErpRedirectError, type ErpHttpError, type RequestInfo } from '../errors.js';
import type { Exchange, FetchLike, FetchResponse, FetchSignal } from './types.js';
import { shownUrl } from '../redact.js';
import type { Logger } from '../logger.js';
import { discard } from './body.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** hops followed within the origin: the service's own redirects (a trailing slash) take one */
export const MAX_REDIRECTS = 5;

interface UrlParts {
  readonly href: string;
  readonly origin: string;
}
// through globalThis: the package compiles without DOM or Node type definitions
const { URL: Url } = globalThis as unknown as { URL: new (url: string, base?: string) => UrlParts };

/** The origin of a URL the way the URL standard compares them; undefined for one that does not parse. */
function urlOrigin(url: string): string | undefined {
  try {
    return new Url(url).origin;
  } catch {
    return undefined;
  }
}

/** `https://host:port` of a URL: where a request was going, without credentials, path or query */
export function origin(url: string): string {
  const shown = shownUrl(url);
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(shown)?.[0] ?? shown;
}

/** What following a request needs of its attempt. */
export interface Hop {
  readonly fetch: FetchLike;
  readonly headers: Record<string, string>;
  readonly signal: unknown;
  readonly info: (status: number) => RequestInfo;
  /** a failure of the fetch itself, typed */
  readonly lost: (error: unknown, answered: number) => ErpHttpError;
  /** redacts a URL or request for the log line of a redirect followed */
  readonly clean: (text: string) => string;
  readonly log?: Logger;
  /** told of each redirect followed */
  readonly followed?: () => void;
}

/**
 * The request, and each redirect of it within its origin, until an answer that is not a redirect. A redirect
 * to another origin, or too many, is an ErpRedirectError: nothing is sent there.
 */
export async function follow(exchange: Exchange, hop: Hop): Promise<FetchResponse> {
  const { headers, info, clean } = hop;
  const from = urlOrigin(exchange.url);
  let url = exchange.url;
  let method: string = exchange.method;
  let body =
    exchange.text !== undefined
      ? exchange.text.content
      : exchange.body !== undefined
        ? JSON.stringify(exchange.body)
        : undefined;
  for (let hops = 0; ; hops++) {
    let response: FetchResponse;
    try {
      response = await hop.fetch(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        // the deadline's signal, made by the platform's AbortController (connection.ts)
        signal: hop.signal as FetchSignal,
        redirect: 'manual',
      });
    } catch (error) {
      throw hop.lost(error, 0);
    }
    const shownFrom = origin(exchange.url);
    if (response.type === 'opaqueredirect')
      throw new ErpRedirectError(
        `the server answered a redirect that this fetch hides (a browser's), so it cannot be checked to stay within ${shownFrom}; it was not followed`,
        info(response.status),
        shownFrom,
        undefined,
      );
    // a fetch of the caller's that followed a redirect itself: its answer is another host's, and is refused
    if (response.redirected === true && response.url !== undefined && urlOrigin(response.url) !== from)
      throw new ErpRedirectError(
        `the fetch given to the client followed a redirect from ${shownFrom} to ${origin(response.url)} (pass \`redirect: 'manual'\` on to it); the answer from there is refused`,
        info(response.status),
        shownFrom,
        origin(response.url),
      );
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return response;
    await discard(response);
    let next: UrlParts;
    try {
      next = new Url(location, url);
    } catch {
      throw new ErpRedirectError(
        `the server answered a ${response.status} redirect to an address that is not a URL; it was not followed`,
        info(response.status),
        shownFrom,
        undefined,
      );
    }
    if (next.origin !== from)
      throw new ErpRedirectError(
        `the server answered a ${response.status} redirect from ${shownFrom} to another origin, ${origin(next.href)}; the client follows redirects only within the origin it was given, so nothing was sent there`,
        info(response.status),
        shownFrom,
        origin(next.href),
      );
    if (hops + 1 > MAX_REDIRECTS)
      throw new ErpRedirectError(
        `the server answered more than ${MAX_REDIRECTS} redirects in a row (a redirect loop?)`,
        info(response.status),
        shownFrom,
        undefined,
      );
    // the methods as fetch changes them: a 303 reads what it points to, and so does a 301 or 302 of a POST
    if ((response.status === 303 && method !== 'GET') || (response.status <= 302 && method === 'POST')) {
      method = 'GET';
      body = undefined;
      delete headers['Content-Type'];
    }
    hop.log?.(
      `following a ${response.status} redirect of ${clean(`${exchange.method} ${exchange.shown}`)} to ${clean(shownUrl(next.href).slice(next.origin.length))}`,
    );
    hop.followed?.();
    url = next.href;
  }
}
