// Bearer tokens: who may call which family. The server (server.ts) checks the token of every request against the
// scope its family needs, before it reads the body: a missing, malformed, unknown or expired token, or a consumer
// key whose scope does not reach the family, is refused there, once for all families. The OData allow-list is
// checked by the query family once the object is known to exist (an unknown object is a 404 for every token).
import { jsonReply, odataErrorReply, type Reply } from './reply.js';

export interface TokenGrant {
  /** the objects (tables or views) the token may query: `'*'` for all; absent: none */
  readonly tables?: readonly string[] | '*';
  /**
   * the scope paths of a consumer key's token (`aud` split on `;`); absent for user credentials and fixed test
   * tokens, which every family accepts
   */
  readonly scopes?: readonly string[];
  /** the user the token signs in as (its `sub`): '' for a consumer key without a user name; absent: `api` */
  readonly user?: string;
}

/** The grant of a token the server issued or was given, undefined when it is unknown or has expired. */
export type TokenCheck = (token: string) => TokenGrant | undefined;

/** Who is calling: the token a request carried and what it grants. */
export interface Caller {
  readonly token: string;
  readonly grant: TokenGrant;
  /** the user name the token signs in as ('' for a consumer key without one) */
  readonly user: string;
}

export const DEFAULT_TOKENS: Readonly<Record<string, TokenGrant>> = { 'test-token': { tables: '*' } };

/**
 * The scope families the documents give a consumer key: `/odata` (the data query surface, with its allow-list),
 * `/uiserver0` (interactive and transaction only: the UI server, and the router that names it), `/api` (all API
 * endpoints). `none`: the token endpoint, which takes no token.
 */
export type Access = 'none' | 'odata' | 'ui' | 'api';

const SCOPES_OF: Readonly<Record<Exclude<Access, 'none'>, (scope: string) => boolean>> = {
  odata: (s) => s === '/odata' || s.startsWith('/odata:'),
  ui: (s) => s === '/api' || s === '/ui' || s === '/uiserver0',
  api: (s) => s === '/api',
};

const DENIED = 'Authorization has been denied for this request.';
const HEADER_MISSING = "Authorization header was not present or 'Bearer' was missing";
const NOBODY: Caller = { token: '', grant: {}, user: '' };

function bearer(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

function insufficientScope(): Reply {
  return jsonReply(403, {
    error: 'insufficient_scope',
    error_description: "The consumer key's scope does not include this API.",
  });
}

/**
 * The check of a request's token for a family: the caller, or the refusal. A request without a Bearer header gets
 * the hosting layer's 401 (what clients see after losing the header on a 307); an unknown or expired token gets
 * the query family's OData 401 or, elsewhere, the OAuth-style one; a scope that does not reach the family, 403 (the
 * query family: its not-authorized 401).
 */
export function authenticate(
  authorization: string | undefined,
  access: Access,
  check: TokenCheck,
  uri: string,
): { readonly caller: Caller } | { readonly refused: Reply } {
  if (access === 'none') return { caller: NOBODY };
  const token = bearer(authorization);
  if (token === undefined)
    return { refused: jsonReply(401, { Description: HEADER_MISSING, Error: 'Unauthorized', Uri: uri }) };
  const grant = check(token);
  if (!grant)
    return {
      refused:
        access === 'odata'
          ? odataErrorReply(401, '401', DENIED)
          : jsonReply(401, {
              error: 'invalid_token',
              error_description: 'The access token is invalid or has expired.',
            }),
    };
  if (grant.scopes && !grant.scopes.some(SCOPES_OF[access]))
    // the query family answers a key whose scope does not reach it as it answers an object outside its allow-list
    // (401 not-authorized: the documents give 403 only for a key without any scope, at sign-in)
    return { refused: access === 'odata' ? odataErrorReply(401, '401', DENIED) : insufficientScope() };
  return { caller: { token, grant, user: grant.user ?? 'api' } };
}

/**
 * Undefined when the token may read `name`, else the service's 401. The message is the one a user without the
 * permission gets too: only the token's `aud` tells the two apart, as the documents say.
 */
export function authorizeObject(grant: TokenGrant, name: string): Reply | undefined {
  const allowed = grant.tables === '*' || (grant.tables ?? []).includes(name);
  return allowed ? undefined : odataErrorReply(401, '401', DENIED);
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
