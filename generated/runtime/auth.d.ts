import type { AuthAttachment, AuthProvider, FetchLike } from './http/types.js';
import type { Logger } from './logger.js';
import type { RetryOptions, RetryPolicy } from './retry.js';
interface TokenAuthCommon {
  /**
   * the server's base address, e.g. `https://erp.example.com` (the token endpoint lives there). Optional when
   * tokenAuth is given to createClient, which gives it the client's; when given, it must be of the client's origin
   * (credentials are sent only to the server they sign in to)
   */
  readonly baseUrl?: string;
  /** for the token call, in milliseconds (default 60,000) */
  readonly timeoutMs?: number;
  /** for tests and proxies; defaults to the client's fetch inside createClient, else the global fetch */
  readonly fetch?: FetchLike;
  /**
   * the token call is a read for the retry policy: 502/503/504 and connection resets are retried (default: the
   * client's policy inside createClient)
   */
  readonly retry?: RetryPolicy | RetryOptions;
  /** one line per sign-in and renewal, never the secrets (default: the client's logger inside createClient) */
  readonly log?: Logger;
  /** the clock in epoch milliseconds (default Date.now), for tests of renewal */
  readonly now?: () => number;
}
/** User credentials: the user's own permissions apply (Allow OData API Service, the role's data permissions). */
export interface UserCredentials extends TokenAuthCommon {
  readonly username: string;
  readonly password: string;
  readonly consumerKey?: never;
}
/** A consumer key (its scope decides what is reachable); `username` attributes writes to a real user account. */
export interface ConsumerKeyCredentials extends TokenAuthCommon {
  readonly consumerKey: string;
  readonly username?: string;
  readonly password?: never;
}
export type TokenAuthOptions = UserCredentials | ConsumerKeyCredentials;
/** An AuthProvider that signs in with the token endpoint and shares one token among all callers. */
export interface TokenAuth extends AuthProvider {
  token(): Promise<string>;
  invalidate(rejected?: string): void;
  secrets(): readonly string[];
  /** what createClient calls: a view of this tokenAuth (the same token) signing in for that client */
  attach(client: AuthAttachment): TokenAuth;
  /** how many token calls were made (each one opens a middleware session) */
  readonly tokenCalls: number;
}
/** Renew this long before expiry: the service's rule is 5 minutes. */
export declare const RENEW_BEFORE_MS: number;
/** The token and its lifetime in seconds from the token endpoint's JSON answer, or its XML answer. */
export declare function parseTokenAnswer(text: string):
  | {
      token: string;
      lifetime: number | undefined;
    }
  | undefined;
/**
 * `tokenAuth({ username, password })` or `tokenAuth({ consumerKey, username? })`, for `createClient({ baseUrl,
 * auth: tokenAuth(...) })`: the client gives it its base URL, fetch, retry policy, logger and hooks (`attach`),
 * so each sign-in and renewal is a line in the client's logger. Give one instance to every client of the same
 * server; used on its own (`token()` outside a client), it needs a `baseUrl`.
 */
export declare function tokenAuth(options: TokenAuthOptions): TokenAuth;
export {};
