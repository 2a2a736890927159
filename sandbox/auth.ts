// Bearer tokens: who may call which family. A missing, malformed, unknown or expired token is refused before anything
// else the application does; the OData allow-list is checked once the object is known to exist (an unknown object is
// a 404 for every token); a consumer key's scope decides which families its token reaches at all (403 otherwise).
import { jsonReply, odataErrorReply, type Reply } from './reply.js';

export interface TokenGrant {
  /** the objects (tables or views) the token may query: `'*'` for all; absent: none */
  readonly tables?: readonly string[] | '*';
  /**
   * the scope paths of a consumer key's token (`aud` split on `;`); absent for user credentials and fixed test
   * tokens, which every family accepts
   */
  readonly scopes?: readonly string[];
}

/** The grant of a token the server issued or was given, undefined when it is unknown or has expired. */
export type TokenCheck = (token: string) => TokenGrant | undefined;

export const DEFAULT_TOKENS: Readonly<Record<string, TokenGrant>> = { 'test-token': { tables: '*' } };

/** The endpoint families a consumer key's scope is checked against. */
export type Family = 'odata' | 'ui';

const SCOPES_OF: Readonly<Record<Family, (scope: string) => boolean>> = {
  odata: (s) => s === '/odata' || s.startsWith('/odata:'),
  // the router is under /api; the Transaction API and serverinfo are on the UI server (/uiserver0)
  ui: (s) => s === '/api' || s === '/ui' || s === '/uiserver0',
};

const DENIED = 'Authorization has been denied for this request.';
const HEADER_MISSING = "Authorization header was not present or 'Bearer' was missing";

function bearer(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

/** the hosting layer's answer to a request without a Bearer header: what clients see after losing it on a 307 */
function headerMissing(uri: string): Reply {
  return jsonReply(401, { Description: HEADER_MISSING, Error: 'Unauthorized', Uri: uri });
}

function insufficientScope(): Reply {
  return jsonReply(403, {
    error: 'insufficient_scope',
    error_description: "The consumer key's scope does not include this API.",
  });
}

/** The query family's check: the OData-style 401 for an unknown or expired token. */
export function authenticate(
  authorization: string | undefined,
  check: TokenCheck,
  uri: string,
): { readonly grant: TokenGrant } | { readonly refused: Reply } {
  const token = bearer(authorization);
  if (token === undefined) return { refused: headerMissing(uri) };
  const grant = check(token);
  if (!grant) return { refused: odataErrorReply(401, '401', DENIED) };
  if (grant.scopes && !grant.scopes.some(SCOPES_OF.odata)) return { refused: insufficientScope() };
  return { grant };
}

/** Undefined when the token may read `name`, else the service's 401 not-authorized answer. */
export function authorizeObject(grant: TokenGrant, name: string): Reply | undefined {
  const allowed = grant.tables === '*' || (grant.tables ?? []).includes(name);
  if (allowed) return undefined;
  return odataErrorReply(401, '401', `${DENIED} The token is not authorized to query '${name}'.`);
}

/**
 * The check the router and the UI server make: any valid token whose scope covers them (the OData allow-list does
 * not apply). An unknown or expired token gets the OAuth-style body.
 */
export function authenticateBearer(
  authorization: string | undefined,
  check: TokenCheck,
  uri: string,
): Reply | undefined {
  const token = bearer(authorization);
  if (token === undefined) return headerMissing(uri);
  const grant = check(token);
  if (!grant)
    return jsonReply(401, { error: 'invalid_token', error_description: 'The access token is invalid or has expired.' });
  if (grant.scopes && !grant.scopes.some(SCOPES_OF.ui)) return insufficientScope();
  return undefined;
}

/**
 * The grant a consumer key's scope gives: `/odata:a,b` names the objects it may query. The documents say tables
 * must be named, so a bare `/odata` reaches the family but names no object (every query is not authorized).
 */
export function grantOfScope(scope: string): TokenGrant {
  const scopes = scope
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const tables = new Set<string>();
  for (const s of scopes)
    if (s.startsWith('/odata:'))
      for (const name of s.slice('/odata:'.length).split(',')) if (name.trim() !== '') tables.add(name.trim());
  return { tables: [...tables], scopes };
}
