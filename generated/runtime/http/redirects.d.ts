import { type ErpHttpError, type RequestInfo } from '../errors.js';
import type { Exchange, FetchLike, FetchResponse } from './types.js';
import type { Logger } from '../logger.js';
/** hops followed within the origin: the service's own redirects (a trailing slash) take one */
export declare const MAX_REDIRECTS = 5;
/** `https://host:port` of a URL: where a request was going, without credentials, path or query */
export declare function origin(url: string): string;
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
export declare function follow(exchange: Exchange, hop: Hop): Promise<FetchResponse>;
