// End to end, against sandboxes of the sample snapshot with tokens they issued: which host each family is called on
// (H1), the Accept header on every request (H2), the router's trailing slash (A6), the unregistered consumer key's
// echoed secret (A7), the consumer key kept to its origin and out of every text (A14), no Scope in the token request
// (A15), and the build read without probing version endpoints (A16).
import { inspect } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErpSignInError, ErpUnexpectedResponseError, query } from '@acme/erp-schema';
import { createClient, tokenAuth, type FetchLike } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { udt_pallet } from '@acme/erp-schema/tables/udt_pallet';
import { Order } from '@acme/erp-schema/transactions/Order';
import { newOrder, PASSWORD, sandboxes, signedIn, USER, type SignedIn } from '../../support/sandbox.js';

const sandbox = sandboxes();
let main: SignedIn;

beforeAll(async () => {
  main = signedIn(await sandbox());
  main.server.insert('udt_pallet', [{ row_uid: 7001, pallet_id: 'H1', location_id: 10, weight: 1, note: null }]);
});

/** every family once, through one client */
async function everyFamily(client = main.client) {
  await client.page(query(customer).top(1));
  await client.entity.customers.ping();
  await client.inventory.parts.get('WIDGET-001');
  await client.udt.update(udt_pallet, { note: 'every family' }, { row_uid: 7001 });
  await client.transaction(Order.request([newOrder('PO-H1')], { useCodeValues: false }));
  await client.interactive.session(async (s) => (await s.open(Order)).close());
  await client.serverBuild();
}

describe('H1, H2: hosts and headers', () => {
  it('H1: the query, entity, inventory, UDT and security families on the base host; the Transaction and Interactive APIs (and serverinfo) on the UI server the router names', async () => {
    const from = main.server.requests.length;
    await everyFamily();
    const paths = main.server.requests.slice(from).map((r) => r.path);
    const ui = paths.filter((p) => p.startsWith('/uiserver0/'));
    const base = paths.filter((p) => !p.startsWith('/uiserver0/'));
    expect(ui.length).toBeGreaterThan(3);
    expect(ui.every((p) => /^\/uiserver0\/(api\/v2\/|api\/ui\/interactive\/|ui\/common\/v1\/serverinfo)/.test(p))).toBe(
      true,
    );
    expect(
      base.every((p) =>
        /^\/(odataservice|api\/entity|api\/inventory|udtservice|api\/security|api\/ui\/router)\//.test(p),
      ),
    ).toBe(true);
    expect(base.some((p) => p.startsWith('/odataservice/'))).toBe(true);
    // the wrong host answers an empty 404: a query under the UI server, a transaction on the base host
    expect((await main.raw('/uiserver0/odataservice/odata/table/customer?$top=1')).status).toBe(404);
    expect((await main.raw('/api/v2/transaction', { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('H2: Accept: application/json on every request of every family; the REST families answer XML otherwise, which a client that lost the header cannot read', async () => {
    const from = main.server.requests.length;
    await everyFamily();
    const sent = main.server.requests.slice(from);
    expect(sent.length).toBeGreaterThanOrEqual(10);
    expect(sent.filter((r) => r.headers['accept'] !== 'application/json').map((r) => r.path)).toEqual([]);
    // what the service answers without it
    const ping = await main.raw('/api/entity/customers/ping', { headers: { Accept: '*/*' } });
    expect(ping.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await ping.text()).toMatch(
      /<PingResponse [^>]*><ResponseMessage>success<\/ResponseMessage><\/PingResponse>$/,
    );
    const prices = await main.raw('/api/inventory/parts/prices?companyId=ACME&customerId=10&salesLocId=10', {
      method: 'POST',
      body: JSON.stringify([{ ItemId: 'WIDGET-001', SourceLocId: 10 }]),
      headers: { Accept: 'application/xml' },
    });
    expect(await prices.text()).toMatch(/<ArrayOfItemPrice [^>]*><ItemPrice><UnitPrice>12\.500000000<\/UnitPrice>/);
    // a proxy that drops the header: the answer is XML, refused as such rather than misread
    const dropping: FetchLike = (url, init) => {
      const { Accept: _dropped, ...headers } = init.headers;
      return fetch(url, { ...init, headers } as RequestInit) as unknown as ReturnType<FetchLike>;
    };
    const lost = createClient({ baseUrl: main.url, auth: main.auth, fetch: dropping, drift: 'off' });
    const error = await lost.entity.customers.get({ companyId: 'ACME', customerId: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpUnexpectedResponseError);
    expect((error as Error).message).toMatch(/not JSON/);
  });
});

describe('A6, A16: the router and the build', () => {
  it('A6: the UI server is asked of the router once, with the trailing slash and the token; without the slash the router answers 307', async () => {
    const client = main.recording();
    await main.auth.token(); // the token call is not the router's
    const from = main.server.requests.length;
    expect(await client.uiServer()).toBe(`${main.url}/uiserver0`);
    await client.uiServer();
    const asked = main.server.requests.slice(from);
    expect(asked.map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual(['GET /api/ui/router/v1/?urlType=external']);
    expect(asked[0]!.headers['authorization']).toMatch(/^Bearer /);
    const slashless = await fetch(`${main.url}/api/ui/router/v1?urlType=external`, { redirect: 'manual' });
    expect([slashless.status, slashless.headers.get('location')]).toEqual([
      307,
      `${main.url}/api/ui/router/v1/?urlType=external`,
    ]);
    // followed by a client that drops the header on the way: the 401 the documents describe
    const followed = await fetch(slashless.headers.get('location')!);
    expect([followed.status, ((await followed.json()) as { Description: string }).Description]).toEqual([
      401,
      "Authorization header was not present or 'Bearer' was missing",
    ]);
  });

  it('A16: the build from serverinfo and from the session answer (Telemetry fullversion); no version endpoint is probed, and each answers 404', async () => {
    const client = createClient({ baseUrl: main.url, auth: main.auth });
    const from = main.server.requests.length;
    expect(await client.serverBuild()).toBe('26.1.5940.0');
    expect(await client.interactive.session(async (s) => s.build)).toBe('26.1.5940.0');
    await client.page(query(customer).top(1)); // the drift guard reads the build once too
    const probed = ['/api/version', '/api/v2/version', '/api/ui/version', '/version'];
    const sent = main.server.requests.slice(from).map((r) => r.path.replace(/^\/uiserver0/, ''));
    expect(sent.filter((p) => probed.includes(p))).toEqual([]);
    expect(sent.filter((p) => p.endsWith('/serverinfo')).length).toBeGreaterThan(0);
    for (const path of probed) expect((await main.raw(path)).status, path).toBe(404);
  });
});

describe('A7, A14, A15: the consumer key', () => {
  const KEY = '5e8f1c2a-9b7d-4c3e-8a51-2d8e7f4b1c99';
  /** the key in the forms a text may carry it: as given, upper case, percent-encoded, inside a JSON string */
  const forms = [KEY, KEY.toUpperCase(), encodeURIComponent(`"${KEY}"`), JSON.stringify(KEY).slice(1, -1)];
  const leaks = (text: string) => forms.filter((f) => text.includes(f));

  it('A7: a key not registered on this tenant: HTTP 500 TokenException, its cause shown with the echoed key cut out', async () => {
    const server = await sandbox({ credentials: { consumerKeys: {} } });
    const lines: string[] = [];
    const client = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ consumerKey: KEY }),
      log: (l) => lines.push(l),
    });
    const error = await client.page(query(customer).top(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpSignInError);
    expect((error as ErpSignInError).failure).toBe('unknown-key');
    expect((error as ErpSignInError).status).toBe(500);
    // the cause the server put in InnerException, which echoes the key
    expect((error as Error).message).toMatch(
      /Unable to generate client token\. No resource found for the consumer key \[redacted\]/,
    );
    expect(server.requests.at(-1)!.path).toBe('/api/security/token/v2');
    for (const text of [(error as Error).message, (error as Error).stack ?? '', inspect(error), ...lines])
      expect(leaks(text)).toEqual([]);
  });

  it('A14: the key goes only to the origin it signs in at, and no text a client makes holds it, in any form', async () => {
    const elsewhere = await sandbox({ credentials: { consumerKeys: { [KEY]: '/api' } } });
    const lines: string[] = [];
    const events: unknown[] = [];
    const auth = tokenAuth({ baseUrl: elsewhere.url, consumerKey: KEY });
    expect(() => createClient({ baseUrl: main.url, auth })).toThrow(
      /credentials are sent only to the server they sign in to/,
    );
    expect(elsewhere.requests).toEqual([]);
    // signed in where it belongs, with hooks and a log watching
    const home = await sandbox({ credentials: { users: { [USER]: PASSWORD }, consumerKeys: { [KEY]: '/api' } } });
    const client = createClient({
      baseUrl: home.url,
      auth: tokenAuth({ consumerKey: KEY, username: USER }),
      log: (l) => lines.push(l),
      onRequest: (e) => void events.push(e),
      onResponse: (e) => void events.push(e),
      drift: 'off',
    });
    await client.entity.customers.ping();
    const failed = await client.entity.customers
      .get({ companyId: 'ACME', customerId: 987_654 })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(lines.join('\n')).toMatch(/signed in at .* as the consumer key/);
    for (const text of [...lines, JSON.stringify(events), inspect(failed), (failed as Error).message])
      expect(leaks(text)).toEqual([]);
    // the key was sent once, in the token call's body, to this origin only
    const carrying = home.requests.filter((r) => (r.body ?? '').includes(KEY) || r.query.includes(KEY));
    expect(carrying.map((r) => r.path)).toEqual(['/api/security/token/v2']);
  });

  it('A15: the token request sends no Scope: the scope is the key configuration, and the service ignores one sent', async () => {
    const server = await sandbox({ credentials: { consumerKeys: { [KEY]: '/api;/odata:customer' } } });
    await tokenAuth({ baseUrl: server.url, consumerKey: KEY }).token();
    const body = JSON.parse(server.requests.at(-1)!.body!) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['ClientSecret', 'GrantType']);
    // asked for a wider scope in the body: the token carries the key's
    const asked = await fetch(`${server.url}/api/security/token/v2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        ClientSecret: KEY,
        GrantType: 'client_credentials',
        Scope: '/api;/odata:customer,supplier',
      }),
    });
    const token = ((await asked.json()) as { AccessToken: string }).AccessToken;
    const aud = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { aud: string }).aud;
    expect(aud).toBe('/api;/odata:customer');
  });
});
