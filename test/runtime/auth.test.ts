// End to end: signing in with tokenAuth() from the generated package's client entry, against `erpgen sandbox` on
// 127.0.0.1 (tokens, lifetimes, scopes and permissions as the service documents say), with tokens the sandbox issued.
// Rules: A1 (the token call), A2 (the lifetime read, never assumed), A3 (the XML answer), A4 (one token, renewed within
// 5 minutes of expiry), A5 (no v1 endpoint), A7 (an unregistered key: 500, redacted), A8 (invalid_grant), A9 (scope
// told from permission by `aud`), A10 (the allow-list fixed in the token), Q4 (a table the server does not serve yet).
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ErpNotAuthorizedError,
  ErpNotFoundError,
  ErpSignInError,
  ErpUnexpectedResponseError,
  query,
} from '@acme/erp-schema';
import { createClient, tokenAuth, type FetchLike, type TokenAuth } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { price_page } from '@acme/erp-schema/tables/price_page';
import type { Sandbox } from '../../sandbox/sandbox.js';
import type { Credentials } from '../../sandbox/token-route.js';
import { PASSWORD, sandboxes, snapshotWithout, tokenCalls, USER } from '../support/sandbox.js';
import { failure, json, jwt, serverPool } from '../support/fault-server.js';

const KEY = '6f1c2a9e-0b7d-4c3e-9a51-2d8e7f4b1c60';
const serve = serverPool();
afterAll(serve.closeAll);
const sandbox = sandboxes();

/** a sandbox accepting these users (user -> password) and consumer keys (key -> scope) */
function tokenServer(
  credentials: Credentials,
  options: { xml?: boolean; lifetime?: number; rows?: number } = {},
): Promise<Sandbox> {
  return sandbox({
    credentials,
    rowsPerObject: options.rows ?? 10,
    faults: {
      ...(options.xml ? { xmlTokens: true } : {}),
      ...(options.lifetime !== undefined ? { tokenLifetime: options.lifetime } : {}),
    },
  });
}

async function all<R>(rows: AsyncIterable<R>): Promise<R[]> {
  const out: R[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('the token call', () => {
  it('A1, A2, A4: user credentials: POST /api/security/token/v2 with a JSON body, the lifetime from ExpiresInSeconds, renewed within 5 minutes of expiry', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD } });
    let now = 1_000_000;
    const auth = tokenAuth({ baseUrl: `${server.url}/`, username: 'demo', password: PASSWORD, now: () => now });
    const client = createClient({ baseUrl: server.url, auth });
    expect((await client.page(query(customer).top(3))).rows).toHaveLength(3);
    const first = await auth.token();
    const call = server.requests[0]!;
    expect(`${call.method} ${call.path}`).toBe('POST /api/security/token/v2');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['authorization']).toBeUndefined();
    expect(JSON.parse(call.body!)).toEqual({ username: 'demo', password: PASSWORD });
    expect(server.requests[1]!.headers['authorization']).toBe(`Bearer ${first}`);
    // 86,400 s: still the same token 23 h 54 min later, a new one within the last 5 minutes
    now += (86_400 - 6 * 60) * 1000;
    await client.page(query(customer).top(1));
    expect(tokenCalls(server)).toBe(1);
    now += 2 * 60 * 1000;
    await client.page(query(customer).top(1));
    expect(tokenCalls(server)).toBe(2);
    const second = await auth.token();
    expect(second).not.toBe(first);
    expect(server.requests.at(-1)!.headers['authorization']).toBe(`Bearer ${second}`);
  });

  it('A1, A2: a consumer key: ClientSecret and GrantType, the optional user name, the lifetime from ExpiresIn', async () => {
    const server = await tokenServer({ users: { jsmith: PASSWORD }, consumerKeys: { [KEY]: '/api;/odata:customer' } });
    let now = 0;
    const auth = tokenAuth({ baseUrl: server.url, consumerKey: KEY, username: 'jsmith', now: () => now });
    await auth.token();
    expect(JSON.parse(server.requests[0]!.body!)).toEqual({
      ClientSecret: KEY,
      GrantType: 'client_credentials',
      username: 'jsmith',
    });
    now += 10 * 365 * 86_400_000; // ten years on: the 20-year key token is still good
    await auth.token();
    expect(auth.tokenCalls).toBe(1);
    const withoutUser = tokenAuth({ baseUrl: server.url, consumerKey: KEY });
    await withoutUser.token();
    expect(JSON.parse(server.requests[1]!.body!)).toEqual({ ClientSecret: KEY, GrantType: 'client_credentials' });
  });

  it('A3: falls back to the XML answer (<AccessToken>, <ExpiresIn>)', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD } }, { xml: true, lifetime: 3600 });
    let now = 0;
    const auth = tokenAuth({ baseUrl: server.url, username: 'demo', password: PASSWORD, now: () => now });
    expect(await auth.token()).toMatch(/^eyJ/);
    expect(server.requests[0]!.headers['accept']).toBe('application/json');
    now += 3600_000 - 6 * 60_000;
    await auth.token();
    expect(auth.tokenCalls).toBe(1);
    now += 2 * 60_000; // within 5 minutes of the XML lifetime
    await auth.token();
    expect(auth.tokenCalls).toBe(2);
  });

  it('A5: never uses the deprecated header endpoint, and sends no credentials in headers', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD } });
    await tokenAuth({ baseUrl: server.url, username: 'demo', password: PASSWORD }).token();
    expect(server.requests.map((r) => r.path)).toEqual(['/api/security/token/v2']);
    expect(JSON.stringify(server.requests[0]!.headers)).not.toContain(PASSWORD);
  });
});

describe('one token for every call', () => {
  it('A4: concurrent callers share one token request', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD } });
    const client = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ baseUrl: server.url, username: 'demo', password: PASSWORD }),
    });
    await Promise.all(Array.from({ length: 20 }, () => client.page(query(customer).top(1))));
    expect(tokenCalls(server)).toBe(1);
  });

  it('A4: a 10,000-row paged read makes one token call', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD } }, { rows: 10_000 });
    const client = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ baseUrl: server.url, username: 'demo', password: PASSWORD }),
    });
    const rows = await all(client.rows(query(price_page).top(500)));
    expect(rows).toHaveLength(10_000);
    expect(server.requests.filter((r) => r.path.startsWith('/odataservice/'))).toHaveLength(21);
    expect(tokenCalls(server)).toBe(1);
  });

  it('renewal across a forced expiry with concurrent callers: one token call, each request retried once', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD } });
    const lines: string[] = [];
    const auth = tokenAuth({ baseUrl: server.url, username: 'demo', password: PASSWORD });
    const client = createClient({ baseUrl: server.url, auth, log: (l) => lines.push(l) });
    await client.page(query(customer).top(1));
    server.expireTokens(); // the server forgets the token (another session, a restart)
    const before = server.requests.length;
    const pages = await Promise.all(Array.from({ length: 10 }, () => client.page(query(customer).top(2))));
    expect(pages.every((p) => p.rows.length === 2)).toBe(true);
    expect(tokenCalls(server)).toBe(2);
    // ten refused, ten resent with the new token, one token call
    expect(server.requests.length - before).toBe(21);
    expect(lines.filter((l) => /^retrying GET \/odataservice\/.* with a new token after a 401$/.test(l))).toHaveLength(
      10,
    );
  });
});

describe('401 is not one thing', () => {
  it('A9: an out-of-scope table keeps the token and says so, from the aud claim', async () => {
    const server = await tokenServer({ consumerKeys: { [KEY]: '/api;/odata:customer,oe_hdr' } });
    const auth = tokenAuth({ baseUrl: server.url, consumerKey: KEY });
    const client = createClient({ baseUrl: server.url, auth });
    await client.page(query(customer).top(1));
    const e = await failure(() => client.page(query(price_page).top(1)));
    expect(e).toBeInstanceOf(ErpNotAuthorizedError);
    expect((e as ErpNotAuthorizedError).reason).toBe('out-of-scope');
    expect(e.message).toMatch(/`price_page` is not in the consumer key's OData allow-list/);
    expect(tokenCalls(server)).toBe(1);
    await client.page(query(customer).top(1));
    expect(tokenCalls(server)).toBe(1);
  });

  it('A10: the allow-list is fixed in the token: after a scope change, only a new token sees the new list', async () => {
    const server = await tokenServer({ consumerKeys: { [KEY]: '/odata:customer' } });
    const before = createClient({ baseUrl: server.url, auth: tokenAuth({ baseUrl: server.url, consumerKey: KEY }) });
    await before.page(query(customer).top(1));
    server.setCredentials({ consumerKeys: { [KEY]: '/odata:customer,price_page' } });
    const e = await failure(() => before.page(query(price_page).top(1)));
    expect((e as ErpNotAuthorizedError).reason).toBe('out-of-scope');
    expect(e.message).toMatch(/after a scope change a new token is needed/);
    const after = createClient({ baseUrl: server.url, auth: tokenAuth({ baseUrl: server.url, consumerKey: KEY }) });
    await expect(after.page(query(price_page).top(1))).resolves.toBeDefined();
  });

  it('an invalid token is dropped, renewed and the request retried once', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD } });
    const auth = tokenAuth({ baseUrl: server.url, username: 'demo', password: PASSWORD });
    const client = createClient({ baseUrl: server.url, auth });
    await client.page(query(customer).top(1));
    server.expireTokens();
    await expect(client.page(query(customer).top(1))).resolves.toBeDefined();
    expect(tokenCalls(server)).toBe(2);
  });

  // the service answers the same 401 for a stale token and a missing permission: the first refusal costs one
  // renewal to tell them apart; after it, the object is known to be refused with that token, which is kept
  it('A9: a user without the OData permission: a new token is refused too; one renewal, the token then kept', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD, clerk: PASSWORD }, withoutOdataPermission: ['clerk'] });
    const auth = tokenAuth({ baseUrl: server.url, username: 'clerk', password: PASSWORD });
    const client = createClient({ baseUrl: server.url, auth });
    const e = await failure(() => client.page(query(customer).top(1)));
    expect(e).toBeInstanceOf(ErpNotAuthorizedError);
    expect((e as ErpNotAuthorizedError).reason).toBe('permission');
    expect(e.message).toMatch(/Allow OData API Service.*data service permission/);
    expect(tokenCalls(server)).toBe(2);
    const again = await failure(() => client.page(query(customer).top(1)));
    expect((again as ErpNotAuthorizedError).reason).toBe('permission');
    expect(tokenCalls(server)).toBe(2);
  });

  it('a token renewed because the old one was refused, then refused too: permission (one renewal)', async () => {
    const server = await tokenServer({ users: { clerk: PASSWORD }, withoutOdataPermission: ['clerk'] });
    const auth = tokenAuth({ baseUrl: server.url, username: 'clerk', password: PASSWORD });
    await auth.token(); // an earlier call, e.g. another family, signed in
    server.expireTokens();
    const client = createClient({ baseUrl: server.url, auth });
    const e = await failure(() => client.page(query(customer).top(1)));
    expect((e as ErpNotAuthorizedError).reason).toBe('permission');
    expect(tokenCalls(server)).toBe(2);
  });

  it('A6: "Authorization header was not present" says the header was lost on a redirect', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD } });
    const auth = tokenAuth({ baseUrl: server.url, username: 'demo', password: PASSWORD });
    // a proxy in between that drops the header on the router's 307, as some clients do
    const dropping: FetchLike = (url, init) => {
      const headers = { ...init.headers };
      if (url.includes('/api/ui/router/')) delete headers['Authorization'];
      return fetch(url, { ...init, headers } as RequestInit);
    };
    const client = createClient({ baseUrl: server.url, auth, fetch: dropping });
    const e = await failure(() => client.uiServer());
    expect(e).toBeInstanceOf(ErpNotAuthorizedError);
    expect((e as ErpNotAuthorizedError).reason).toBe('header-lost');
    expect(e.message).toMatch(/Authorization header did not reach the server.*redirect/);
  });

  it('A9: a key whose scope has no /odata: the query surface answers its not-authorized 401, read as out of scope', async () => {
    const server = await tokenServer({ consumerKeys: { [KEY]: '/api' } });
    const auth = tokenAuth({ baseUrl: server.url, consumerKey: KEY });
    const e = await failure(() => createClient({ baseUrl: server.url, auth }).page(query(customer).top(1)));
    expect(e).toBeInstanceOf(ErpNotAuthorizedError);
    expect((e as ErpNotAuthorizedError).status).toBe(401);
    expect((e as ErpNotAuthorizedError).reason).toBe('out-of-scope');
    expect(e.message).toMatch(/`customer` is not in the consumer key's OData allow-list/);
    // the token was not the problem: it is kept, not renewed
    expect(tokenCalls(server)).toBe(1);
  });

  it('a fixed token the server refuses: the causes are listed, nothing renewed', async () => {
    const server = await tokenServer({});
    const e = await failure(() =>
      createClient({ baseUrl: server.url, auth: jwt({ exp: 1 }) }).page(query(customer).top(1)),
    );
    expect((e as ErpNotAuthorizedError).reason).toBe('invalid-token');
    expect(e.message).toMatch(/invalid or has expired/);
  });
});

describe('sign-in errors a user can act on, each one line', () => {
  const line = (e: Error) => expect(e.message).not.toMatch(/\n/);

  it('A8: wrong user or password: 401 invalid_grant', async () => {
    const server = await tokenServer({ users: { demo: PASSWORD } });
    const auth = tokenAuth({ baseUrl: server.url, username: 'demo', password: 'wrong-pass-2931' });
    const e = await failure(() => createClient({ baseUrl: server.url, auth }).page(query(customer)));
    expect(e).toBeInstanceOf(ErpSignInError);
    expect((e as ErpSignInError).failure).toBe('credentials');
    expect(e.message).toMatch(/wrong user name or password \(invalid_grant\)/);
    // the user name is never shown: given the password by mistake, the message would show that
    expect(e.message).not.toContain('demo');
    expect(e.message).not.toContain('wrong-pass-2931');
    line(e);
  });

  it('A7: a consumer key not registered on this tenant: HTTP 500 TokenException, the echoed key redacted', async () => {
    const server = await tokenServer({ consumerKeys: {} });
    const auth = tokenAuth({ baseUrl: server.url, consumerKey: KEY });
    const e = await failure(() => auth.token());
    expect(e).toBeInstanceOf(ErpSignInError);
    expect((e as ErpSignInError).failure).toBe('unknown-key');
    expect(e.message).toMatch(/consumer key is not registered on this tenant/);
    expect(e.message).toMatch(/restored from another environment carries that environment's keys/);
    expect(e.message).not.toContain(KEY);
    // the server's message kept on the error is redacted where it is read, not only the message (the last line of
    // defence scrubs message and stack alone); the sandbox echoes the key in InnerException, as the real one does
    const said = (e as ErpSignInError).serverMessage ?? '';
    expect(said).toMatch(/TokenException|not registered|\[redacted/i);
    expect(said).not.toContain(KEY);
    expect(inspect(e, { depth: 6 })).not.toContain(KEY);
    line(e);
    // not retried: a 500 the server meant
    expect(tokenCalls(server)).toBe(1);
  });

  it('A13: a key without scope: 403 insufficient_scope at sign-in, its own error', async () => {
    const server = await tokenServer({ consumerKeys: { [KEY]: '' } });
    const e = await failure(() => tokenAuth({ baseUrl: server.url, consumerKey: KEY }).token());
    expect((e as ErpSignInError).failure).toBe('no-scope');
    expect(e.message).toMatch(/has no scope \(insufficient_scope\)/);
    line(e);
  });

  it('a failed sign-in is not cached: the next call asks again', async () => {
    const server = await tokenServer({ consumerKeys: {} });
    const auth: TokenAuth = tokenAuth({ baseUrl: server.url, consumerKey: KEY });
    await failure(() => auth.token());
    server.setCredentials({ consumerKeys: { [KEY]: '/odata:customer' } });
    const token = await auth.token();
    expect(server.tokensIssued()).toBe(1);
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).aud).toBe('/odata:customer');
  });

  it('an empty key or password (an unset environment variable) is refused before any call', () => {
    expect(() => tokenAuth({ baseUrl: 'http://127.0.0.1:9', consumerKey: '' })).toThrow(
      /tokenAuth: consumerKey is an empty string \(is the environment variable that holds it set\?\)/,
    );
    expect(() => tokenAuth({ baseUrl: 'http://127.0.0.1:9', username: 'demo', password: '' })).toThrow(
      /tokenAuth: password is an empty string/,
    );
  });

  it('an answer without AccessToken is a typed error', async () => {
    // not a service behaviour: a broken answer
    const server = await serve((_req, res) => json(res, 200, { Token: 'x' }));
    const e = await failure(() => tokenAuth({ baseUrl: server.url, username: 'u', password: 'p' }).token());
    expect(e).toBeInstanceOf(ErpUnexpectedResponseError);
    expect(e.message).toMatch(/holds no AccessToken/);
  });
});

describe('404 and the base URL', () => {
  it('Q4: a table the server does not serve yet: the 404 says the data service must be refreshed', async () => {
    const server = await sandbox({ snapshot: snapshotWithout(['price_page']) });
    const client = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ baseUrl: server.url, username: USER, password: PASSWORD }),
    });
    await expect(client.page(query(customer).top(1))).resolves.toBeDefined();
    const e = await failure(() => client.page(query(price_page).top(1)));
    expect(e).toBeInstanceOf(ErpNotFoundError);
    expect(e.message).toContain("`table/price_page` is in this package's schema");
    expect(e.message).toMatch(
      /a table added on the server is served only after the data service is refreshed \(middleware administration site\)/,
    );
  });

  it('a known object missing names the host and path, the data service refresh and the base URL check', async () => {
    const server = await tokenServer({});
    const client = createClient({ baseUrl: `${server.url}/extra`, auth: 'a-token' });
    const e = await failure(() => client.page(query(customer).top(1)));
    expect(e).toBeInstanceOf(ErpNotFoundError);
    expect(e.message).toContain(`not found: ${server.url}/extra/odataservice/odata/table/customer`);
    expect(e.message).toMatch(/check|base URL is wrong/);
    expect(e.message).toMatch(/served only after the data service is refreshed/);
  });

  it("the UI server's address: the web server's HTML 404 says to check the base URL", async () => {
    const server = await serve((_req, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html>404 - File not found</html>'),
    );
    const client = createClient({ baseUrl: `${server.url}/uiserver0`, auth: 'a-token' });
    const e = await failure(() => client.page(query(customer).top(1)));
    expect(e).toBeInstanceOf(ErpUnexpectedResponseError);
    expect(e.message).toContain(`${server.url}/uiserver0/odataservice/odata/table/customer`);
    expect(e.message).toMatch(/check the base URL/);
  });
});
