// Bearer tokens and the OData allow-list a consumer key fixes inside its token. A missing, malformed or unknown
// token is refused before anything else the application does; the allow-list is checked once the object is
// known to exist (an unknown object is a 404 for every token).
import { jsonReply, odataErrorReply, type Reply } from './reply.js';

export interface TokenGrant {
  /** the objects (tables or views) the token may query: `'*'` for all; absent: none */
  readonly tables?: readonly string[] | '*';
}

export const DEFAULT_TOKENS: Readonly<Record<string, TokenGrant>> = { 'test-token': { tables: '*' } };

const DENIED = 'Authorization has been denied for this request.';

/** The grant of the request's bearer token, or the service's 401. */
export function authenticate(
  authorization: string | undefined,
  tokens: ReadonlyMap<string, TokenGrant>,
): { readonly grant: TokenGrant } | { readonly refused: Reply } {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const grant = m ? tokens.get(m[1]!) : undefined;
  return grant ? { grant } : { refused: odataErrorReply(401, '401', DENIED) };
}

/** Undefined when the token may read `name`, else the service's 401 not-authorized answer. */
export function authorizeObject(grant: TokenGrant, name: string): Reply | undefined {
  const allowed = grant.tables === '*' || (grant.tables ?? []).includes(name);
  if (allowed) return undefined;
  return odataErrorReply(401, '401', `${DENIED} The token is not authorized to query '${name}'.`);
}

const HEADER_MISSING = "Authorization header was not present or 'Bearer' was missing";

/**
 * The check the router and the UI server make: any known token will do (the OData allow-list does not apply). A
 * missing or non-Bearer header gets the hosting layer's `{Description, Error, Uri}` body, the one clients see when
 * they lose the header following the router's 307; an unknown token gets the OAuth-style body.
 */
export function authenticateBearer(
  authorization: string | undefined,
  tokens: ReadonlyMap<string, TokenGrant>,
  uri: string,
): Reply | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) return jsonReply(401, { Description: HEADER_MISSING, Error: 'Unauthorized', Uri: uri });
  if (tokens.has(m[1]!)) return undefined;
  return jsonReply(401, { error: 'invalid_token', error_description: 'The access token is invalid or has expired.' });
}
