// A 401 may be cured by a newly issued token: each request is made with the provider's token, and a 401 that
// says the token is stale (or says nothing more) is retried once with a new one (the old one may have been
// superseded: each token call may invalidate earlier ones); if the new token is refused too, the user lacks the
// permission, and that token is kept. What a 401 means is read in unauthorized-reason.ts, on the failure path.
import { ErpAuthError, ErpError, ErpNotAuthorizedError, type RequestInfo } from '../errors.js';
import type { AuthProvider, Exchange } from './types.js';
import type { Logger } from '../logger.js';

/** token -> objects it was refused for although it had just been issued for that very request: a permission */
export type Refusals = Map<string, Set<string>>;

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
      const { notAuthorizedSummary } = await import('./unauthorized-reason.js');
      throw new ErpNotAuthorizedError(notAuthorizedSummary('permission', exchange), info, 'permission');
    }
  }
}
