// Signing in for `erpgen fetch`, behind the interface the generated package's runtime token provider has
// (templates/runtime/auth.ts: token(), invalidate(), secrets(), tokenCalls), so that fetch can switch to that one
// provider once it is merged. The rules: POST /api/security/token/v2 with a JSON body, user credentials
// `{username, password}` or a consumer key `{ClientSecret, GrantType: 'client_credentials', username?}`; read JSON,
// fall back to XML (`<AccessToken>`); one token for the whole run (each token call opens a middleware session).
import { LiveError, requestText, type Retry } from './http.js';
import type { Redactor } from './redact.js';

export interface TokenProvider {
  token(): Promise<string>;
  /** drops the token a request was refused with, so the next call signs in again */
  invalidate(rejected?: string): void;
  readonly tokenCalls: number;
}

export type SignIn =
  | { readonly username: string; readonly password: string; readonly consumerKey?: undefined }
  | { readonly consumerKey: string; readonly username?: string | undefined; readonly password?: undefined };

export const TOKEN_PATH = '/api/security/token/v2';

/** AccessToken from a JSON answer, or from the `<AccessToken>` element of an XML one. */
export function accessTokenOf(text: string): string | undefined {
  try {
    const json = JSON.parse(text) as { AccessToken?: unknown };
    if (typeof json.AccessToken === 'string' && json.AccessToken !== '') return json.AccessToken;
  } catch {
    const m = /<(?:\w+:)?AccessToken>\s*([^<\s]+)\s*<\/(?:\w+:)?AccessToken>/.exec(text);
    if (m) return m[1];
  }
  return undefined;
}

/** The sign-in failures a user can act on, each as one line. */
function signInError(error: LiveError, who: string, origin: string, byKey: boolean): LiveError {
  const body = error.body;
  let message: string | undefined;
  if (error.status === 401)
    message =
      /invalid_grant/.test(body) || !byKey
        ? `sign-in refused at ${origin}: wrong user name or password for ${who} (invalid_grant)`
        : `sign-in refused at ${origin} for ${who}: ${body}`;
  else if (error.status === 403)
    message = `sign-in refused at ${origin}: ${who} has no scope (insufficient_scope); give the key an API scope on the administration site`;
  else if (error.status === 500 && byKey && /TokenException/i.test(body))
    message = `sign-in failed at ${origin}: the consumer key is not registered on this tenant (TokenException); a tenant restored from another environment carries that environment's keys: register the key here, or use this tenant's key`;
  return message === undefined ? error : new LiveError(message, error.status, body);
}

export function signInProvider(
  baseUrl: string,
  credentials: SignIn,
  redact: Redactor,
  retry: Retry,
  timeoutMs = 60_000,
): TokenProvider {
  const byKey = credentials.consumerKey !== undefined;
  redact.add(credentials.password, credentials.consumerKey);
  const origin = new URL(baseUrl).origin;
  const who = byKey
    ? `the consumer key${credentials.username !== undefined ? ` (user "${credentials.username}")` : ''}`
    : `user "${credentials.username}"`;
  let current: string | undefined;
  let pending: Promise<string> | undefined;
  let calls = 0;

  async function signIn(): Promise<string> {
    calls++;
    const body = byKey
      ? {
          ClientSecret: credentials.consumerKey,
          GrantType: 'client_credentials',
          ...(credentials.username !== undefined ? { username: credentials.username } : {}),
        }
      : { username: credentials.username, password: credentials.password };
    const exchange = {
      method: 'POST',
      url: `${baseUrl}${TOKEN_PATH}`,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      timeoutMs,
    } as const;
    let text: string;
    try {
      ({ text } = await retry.run(`POST ${TOKEN_PATH}`, 'read', () => requestText(exchange, redact)));
    } catch (error) {
      throw error instanceof LiveError ? signInError(error, who, origin, byKey) : error;
    }
    const token = accessTokenOf(text);
    if (token === undefined)
      throw new LiveError(`sign-in at ${origin}: the answer holds no AccessToken: ${redact.body(text)}`, 200);
    redact.add(token);
    current = token;
    return token;
  }

  return {
    token() {
      if (current !== undefined) return Promise.resolve(current);
      pending ??= signIn().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(rejected) {
      if (rejected === undefined || rejected === current) current = undefined;
    },
    get tokenCalls() {
      return calls;
    },
  };
}

/** The OData allow-list a token's `aud` claim carries (`/odata:a,b`), or undefined when it names none. */
export function allowListOf(token: string): readonly string[] | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  let aud: unknown;
  try {
    aud = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: unknown }).aud;
  } catch {
    return undefined;
  }
  const scopes = (Array.isArray(aud) ? aud : [aud]).filter((a): a is string => typeof a === 'string');
  const paths = scopes.flatMap((s) => s.split(';')).map((s) => s.trim());
  if (paths.includes('/odata')) return undefined;
  const lists = paths.filter((p) => p.startsWith('/odata:'));
  if (lists.length === 0) return undefined;
  return lists
    .flatMap((p) => p.slice('/odata:'.length).split(','))
    .map((n) => n.trim())
    .filter((n) => n !== '');
}
