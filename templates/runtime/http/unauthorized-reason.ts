// 401 is not one thing on this service. The data query surface answers the same not-authorized 401 for an
// invalid or expired token, for a table outside a consumer key's OData allow-list, and for a user without the
// permission. The client tells them apart: a body saying the Authorization header was missing means it was
// lost on a redirect; an `invalid_token` body or an `exp` claim in the past means the token is stale; the
// token's `aud` claim says whether the key's allow-list names the object; a newly issued token refused too
// (not-authorized.ts) means the permission is missing. Loaded with the failure path, on the first failed answer.
import type { NotAuthorizedReason } from '../errors.js';
import type { Exchange } from './types.js';
import { odataAllowList, tokenExpiry } from '../jwt.js';
import type { Refusals } from './not-authorized.js';

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
