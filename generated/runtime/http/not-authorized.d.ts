import type { AuthProvider, Exchange } from './types.js';
import type { Logger } from '../logger.js';
/** token -> objects it was refused for although it had just been issued for that very request: a permission */
export type Refusals = Map<string, Set<string>>;
/** The caller's `token()`, typed: whatever else it throws or gives is an ErpAuthError. */
export declare function tokenOf(provider: AuthProvider, clean: (text: string) => string): Promise<string>;
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
export declare function withToken<T>(
  exchange: Exchange,
  tokens: Tokens,
  attempt: (token: string) => Promise<T>,
): Promise<T>;
