// 401 is not one thing on this service. The data query surface answers the same not-authorized 401 for an
// invalid or expired token, for a table outside a consumer key's OData allow-list, and for a user without the
// permission. The client tells them apart: a body saying the Authorization header was missing means it was
// lost on a redirect; an `invalid_token` body or an `exp` claim in the past means the token is stale; the
// token's `aud` claim says whether the key's allow-list names the object. What is left is retried once with
// a newly issued token (the old one may have been superseded: each token call may invalidate earlier ones);
// if the new token is refused too, the user lacks the permission, and that token is kept.
import {
  ErpAuthError,
  ErpError,
  ErpNotAuthorizedError,
  type NotAuthorizedReason,
  type RequestInfo,
} from '../errors.js';
import type { AuthProvider, Exchange } from './types.js';
import { odataAllowList, tokenExpiry } from '../jwt.js';
import type { Logger } from '../retry.js';

/** token -> objects it was refused for although it had just been issued for that very request: a permission */
export type Refusals = Map<string, Set<string>>;

/** Why a 401 came, as far as the answer and the token tell. */
export function unauthorizedReason(
  exchange: Exchange,
  text: string,
  body: unknown,
  token: string,
  refusals: Refusals,
): NotAuthorizedReason {
  if (/Authorization header was not present|'Bearer' was missing/i.test(text)) return 'header-lost';
  const oauthError = (body as { error?: unknown } | null)?.error;
  const expiry = tokenExpiry(token);
  if (oauthError === 'invalid_token' || (expiry !== undefined && expiry <= Date.now())) return 'invalid-token';
  if (exchange.odataObject !== undefined) {
    const allowed = odataAllowList(token);
    if (allowed !== undefined && !allowed.has(exchange.odataObject.toLowerCase())) return 'out-of-scope';
    if (refusals.get(token)?.has(exchange.odataObject)) return 'permission';
  }
  return 'unknown';
}

export function notAuthorizedSummary(reason: NotAuthorizedReason, exchange: Exchange): string {
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

/** The caller's `token()`, typed: whatever else it throws or gives is an ErpAuthError. */
export async function tokenOf(provider: AuthProvider, clean: (text: string) => string): Promise<string> {
  let token: unknown;
  try {
    token = await provider.token();
  } catch (error) {
    if (error instanceof ErpError) throw error;
    const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new ErpAuthError(`the auth provider failed to give a token: ${clean(said)}`, error);
  }
  if (typeof token !== 'string')
    throw new ErpAuthError(
      `the auth provider gave ${token === null ? 'null' : typeof token} where a token (a string) was expected`,
    );
  return token;
}

/** Where tokens come from, and what a renewal needs. */
export interface Tokens {
  readonly provider: AuthProvider;
  /** the provider can drop a refused token (`invalidate`), so asking again gives a new one */
  readonly canRenew: boolean;
  readonly refusals: Refusals;
  readonly clean: (text: string) => string;
  readonly log?: Logger;
}

/** One attempt, and on a 401 a new token may cure, one more with a newly issued token. */
export async function withToken<T>(
  exchange: Exchange,
  tokens: Tokens,
  attempt: (token: string) => Promise<T>,
): Promise<T> {
  const { provider, clean, refusals } = tokens;
  const token = await tokenOf(provider, clean);
  try {
    return await attempt(token);
  } catch (error) {
    if (!tokens.canRenew || !(error instanceof ErpNotAuthorizedError)) throw error;
    if (error.reason !== 'invalid-token' && error.reason !== 'unknown') throw error;
    provider.invalidate?.(token);
    const fresh = await tokenOf(provider, clean);
    tokens.log?.(`retrying ${clean(`${exchange.method} ${exchange.shown}`)} with a new token after a 401`);
    try {
      return await attempt(fresh);
    } catch (second) {
      if (!(second instanceof ErpNotAuthorizedError) || second.reason !== 'unknown' || fresh === token) throw second;
      const info: RequestInfo = {
        request: second.request,
        status: second.status,
        ...(second.object !== undefined ? { object: second.object } : {}),
        ...(second.serverMessage !== undefined ? { serverMessage: second.serverMessage } : {}),
      };
      if (exchange.odataObject !== undefined) {
        const refused = refusals.get(fresh) ?? new Set<string>();
        refusals.set(fresh, refused.add(exchange.odataObject));
      }
      throw new ErpNotAuthorizedError(notAuthorizedSummary('permission', exchange), info, 'permission');
    }
  }
}
