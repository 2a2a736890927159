// The service's tokens are JWTs. The client reads two claims without verifying the signature (the server does
// that): `exp`, to know an expired token without asking, and `aud`, the consumer key's scope, whose OData
// allow-list (`/odata:table1,table2`, fixed inside the token when it is issued) tells an out-of-scope table
// apart from an invalid token — both answer the same 401 not-authorized.
// through globalThis: the package compiles without DOM or Node type definitions
const codec = globalThis;
/** The UTF-8 text of base64url (padded or not), or undefined when it is not base64. */
export function fromBase64Url(text) {
  try {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const binary = codec.atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return new codec.TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
/** The claims of a JWT, or undefined when the token is not one (an opaque token is fine: nothing is known). */
export function tokenClaims(token) {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return undefined;
  const json = fromBase64Url(payload);
  if (json === undefined) return undefined;
  try {
    const claims = JSON.parse(json);
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? claims : undefined;
  } catch {
    return undefined;
  }
}
/** When the token expires, in epoch milliseconds, if it says. */
export function tokenExpiry(token) {
  const exp = tokenClaims(token)?.['exp'];
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
}
/**
 * The tables and views a token may query on the data query surface, from the OData entries of its `aud`
 * claim (`/api;/odata:customer,oe_hdr`): undefined when the token says nothing about it (not a JWT, no `aud`, or
 * a user's token without an `/odata` entry, whose permissions live on the server), else the names, lower-cased.
 * A bare `/odata` names no table (the scope rule is that tables must be named), and neither does the scope of a
 * consumer key's token (one with `Svc.ConsumerUid`) without an `/odata` entry: both are an empty set.
 */
export function odataAllowList(token) {
  const aud = tokenClaims(token)?.['aud'];
  const scopes = (Array.isArray(aud) ? aud : [aud]).filter((s) => typeof s === 'string');
  let allowed;
  for (const entry of scopes.flatMap((s) => s.split(';'))) {
    const m = /^\s*\/odata(?::(.*))?$/i.exec(entry);
    if (!m) continue;
    allowed ??= new Set();
    for (const name of (m[1] ?? '').split(',')) if (name.trim() !== '') allowed.add(name.trim().toLowerCase());
  }
  // a consumer key's token (it names its consumer) whose scope has no /odata reaches no object of the query surface
  if (allowed === undefined && scopes.length > 0 && tokenClaims(token)?.['Svc.ConsumerUid'] !== undefined)
    return new Set();
  return allowed;
}
