// End to end against the sandbox over HTTP: the client's hooks (onRequest, onResponse, onRetry, onPage) and its
// logger, as a team's metrics and logs receive them. Each test records every event and line in order and checks
// the sequence a call makes: a paged read, a transaction, an entity call, a retry, a token renewal, a redirect.
// At the end, every event and line of the file is serialised and searched for the secrets it must not hold.
import { afterAll, describe, expect, it } from 'vitest';
import { ErpError, query } from '@acme/erp-schema';
import { createClient, tokenAuth, type ClientOptions, type FetchLike, type TokenAuth } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { Order } from '@acme/erp-schema/transactions/Order';
import type { Sandbox } from '../../sandbox/sandbox.js';
import { newOrder, PASSWORD, sandboxes, USER } from '../support/sandbox.js';

const KEY = '5d0e6b3a-2c4f-4e81-9a7d-0b1c2d3e4f50';
const sandbox = sandboxes();
/** every event and line of every client of the file, and every token issued: searched for secrets at the end */
const everything: unknown[] = [];
const providers: TokenAuth[] = [];

interface Recorded {
  readonly events: Array<{ readonly hook: string; readonly event: Record<string, unknown> }>;
  readonly lines: string[];
  /** `hook family method path-without-query status`, one per event, in order */
  readonly trail: () => string[];
}

function recorder(): Recorded & Pick<ClientOptions, 'onRequest' | 'onResponse' | 'onRetry' | 'onPage' | 'log'> {
  const events: Recorded['events'] = [];
  const lines: string[] = [];
  const keep = (hook: string) => (event: object) => {
    events.push({ hook, event: { ...event } });
    everything.push({ hook, event });
  };
  return {
    events,
    lines,
    onRequest: keep('onRequest'),
    onResponse: keep('onResponse'),
    onRetry: keep('onRetry'),
    onPage: keep('onPage'),
    log: (line) => {
      lines.push(line);
      everything.push(line);
    },
    trail: () =>
      events.map(({ hook, event: e }) =>
        hook === 'onPage'
          ? `onPage ${e['object']} page ${e['page']} rows ${e['rows']} next ${e['hasNext']}`
          : `${hook} ${e['family']} ${e['method']} ${String(e['path']).split('?')[0]}${hook === 'onResponse' ? ` ${e['status']}` : ''}${hook === 'onRetry' ? ` ${e['reason']}` : ''} #${e['attempt']}`,
      ),
  };
}

/** a client of `server` signed in as USER by a tokenAuth with no baseUrl of its own, recording its hooks */
function recordedClient(server: Sandbox, options: Partial<ClientOptions> & { now?: () => number } = {}) {
  const { now, ...rest } = options;
  const auth = tokenAuth({ username: USER, password: PASSWORD, ...(now !== undefined ? { now } : {}) });
  providers.push(auth);
  const r = recorder();
  const client = createClient({
    baseUrl: server.url,
    auth,
    onRequest: r.onRequest,
    onResponse: r.onResponse,
    onRetry: r.onRetry,
    onPage: r.onPage,
    log: r.log,
    retry: { random: () => 0.5, sleep: async () => {} },
    ...rest,
  });
  return { client, auth, ...r };
}

async function all<R>(rows: AsyncIterable<R>): Promise<R[]> {
  const out: R[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('the hooks, in order, for each kind of call', () => {
  it('a paged read: the sign-in, then per page onRequest, onResponse and onPage, the last page short', async () => {
    const server = await sandbox();
    server.seed(
      customer,
      [1, 2, 3, 4, 5].map((id) => ({ customer_id: id })),
    );
    const r = recordedClient(server);
    const rows = await all(r.client.rows(query(customer).select('customer_id').top(2)));
    expect(rows).toHaveLength(5);
    const path = '/odataservice/odata/table/customer';
    expect(r.trail()).toEqual([
      'onRequest auth POST /api/security/token/v2 #1',
      'onResponse auth POST /api/security/token/v2 200 #1',
      `onRequest query GET ${path} #1`,
      `onResponse query GET ${path} 200 #1`,
      'onPage table/customer page 1 rows 2 next true',
      `onRequest query GET ${path} #1`,
      `onResponse query GET ${path} 200 #1`,
      'onPage table/customer page 2 rows 2 next true',
      `onRequest query GET ${path} #1`,
      `onResponse query GET ${path} 200 #1`,
      'onPage table/customer page 3 rows 1 next false',
    ]);
    const page2 = r.events.filter((e) => e.hook === 'onResponse')[2]!.event;
    expect(page2).toMatchObject({ family: 'query', object: 'table/customer', method: 'GET', redirects: 0 });
    // the query string as the client's messages show it, $skip and all
    expect(page2['path']).toMatch(/^\/odataservice\/odata\/table\/customer\?.*\$top=2.*\$skip=2/);
    expect(typeof page2['durationMs']).toBe('number');
    expect(page2['durationMs']).toBeGreaterThanOrEqual(0);
    expect(page2['error']).toBeUndefined();
    // the sign-in is a line in the client's logger, though tokenAuth was given no logger and no baseUrl
    expect(r.lines).toEqual([
      expect.stringMatching(/^signed in at http:\/\/127\.0\.0\.1:\d+ as user "api_user" \(token valid for 86400 s\)$/),
    ]);
  });

  it('a transaction: the router lookup, then the POST as the transactions family with the service as object', async () => {
    const server = await sandbox();
    const r = recordedClient(server);
    await r.client.transaction(Order.request([newOrder('PO-HOOKS-1')], { useCodeValues: false }));
    expect(r.trail()).toEqual([
      'onRequest auth POST /api/security/token/v2 #1',
      'onResponse auth POST /api/security/token/v2 200 #1',
      'onRequest router GET /api/ui/router/v1/ #1',
      'onResponse router GET /api/ui/router/v1/ 200 #1',
      'onRequest transactions POST /api/v2/transaction #1',
      'onResponse transactions POST /api/v2/transaction 200 #1',
    ]);
    expect(r.events[4]!.event).toEqual({
      family: 'transactions',
      object: 'Order',
      method: 'POST',
      path: '/api/v2/transaction',
      attempt: 1,
    });
  });

  it('an entity call, and one that fails: the error named in onResponse, redacted', async () => {
    const server = await sandbox();
    const r = recordedClient(server);
    await r.client.entity.customers.get({ companyId: 'ACME', customerId: 198 });
    await expect(r.client.entity.customers.get({ companyId: 'ACME', customerId: 999_999 })).rejects.toThrow(ErpError);
    const trail = r.trail().slice(2);
    expect(trail).toEqual([
      'onRequest entity GET /api/entity/customers/ACME_198 #1',
      'onResponse entity GET /api/entity/customers/ACME_198 200 #1',
      'onRequest entity GET /api/entity/customers/ACME_999999 #1',
      'onResponse entity GET /api/entity/customers/ACME_999999 404 #1',
    ]);
    const failed = r.events[5]!.event as { object?: string; error?: { name: string; message: string } };
    expect(failed.object).toBe('entity/customers');
    expect(failed.error?.name).toMatch(/^Erp\w+Error$/);
    expect(failed.error?.message).toMatch(/404/);
  });

  it('a retry: onResponse 503, onRetry with its reason and delay, then attempt 2, and one log line', async () => {
    const server = await sandbox();
    const r = recordedClient(server);
    await r.client.page(query(customer).top(1)); // signed in before the fault starts
    server.setFaults({ overload: { count: 1, status: 503 } });
    await r.client.page(query(customer).top(1));
    const path = '/odataservice/odata/table/customer';
    expect(r.trail().slice(5)).toEqual([
      `onRequest query GET ${path} #1`,
      `onResponse query GET ${path} 503 #1`,
      `onRetry query GET ${path} transient #1`,
      `onRequest query GET ${path} #2`,
      `onResponse query GET ${path} 200 #2`,
      'onPage table/customer page 1 rows 1 next true',
    ]);
    const retry = r.events.find((e) => e.hook === 'onRetry')!.event;
    expect(retry).toMatchObject({ reason: 'transient', failure: 'HTTP 503', attempt: 1, object: 'table/customer' });
    expect(typeof retry['delayMs']).toBe('number');
    expect(r.events[6]!.event['error']).toMatchObject({ name: 'ErpServerError' });
    expect(r.lines.filter((l) => l.startsWith('retrying '))).toEqual([
      expect.stringMatching(
        /^retrying GET \/odataservice\/odata\/table\/customer\?\S+ after HTTP 503 \(attempt 2 of 4, in \d+ ms\)$/,
      ),
    ]);
  });

  it('a token renewal near expiry and after a refusal: each is one line in the client logger, and a token call in the hooks', async () => {
    const server = await sandbox({ faults: { tokenLifetime: 60 } });
    let now = 1_000_000;
    const r = recordedClient(server, { now: () => now });
    await r.client.page(query(customer).top(1));
    // within half the lifetime of expiry: renewed before use (the client's clock, not the server's, decides)
    now += 40_000;
    await r.client.page(query(customer).top(1));
    // the server forgets every token: the 401 drops it, a new one is asked, the request resent
    server.expireTokens();
    await r.client.page(query(customer).top(1));
    expect(r.lines).toEqual([
      expect.stringMatching(/^signed in at http:\/\/127\.0\.0\.1:\d+ as user "api_user" \(token valid for 60 s\)$/),
      expect.stringMatching(
        /^renewed the token at http:\/\/127\.0\.0\.1:\d+ for user "api_user": the old one expires in 20 s \(token valid for 60 s\)$/,
      ),
      expect.stringMatching(
        /^renewed the token at http:\/\/127\.0\.0\.1:\d+ for user "api_user": the server refused the old one \(token valid for 60 s\)$/,
      ),
      expect.stringMatching(/^retrying GET \/odataservice\/odata\/table\/customer\?\S+ with a new token after a 401$/),
    ]);
    const path = '/odataservice/odata/table/customer';
    expect(r.trail().filter((t) => !t.startsWith('onPage'))).toEqual([
      'onRequest auth POST /api/security/token/v2 #1',
      'onResponse auth POST /api/security/token/v2 200 #1',
      `onRequest query GET ${path} #1`,
      `onResponse query GET ${path} 200 #1`,
      'onRequest auth POST /api/security/token/v2 #1',
      'onResponse auth POST /api/security/token/v2 200 #1',
      `onRequest query GET ${path} #1`,
      `onResponse query GET ${path} 200 #1`,
      `onRequest query GET ${path} #1`,
      `onResponse query GET ${path} 401 #1`,
      'onRequest auth POST /api/security/token/v2 #1',
      'onResponse auth POST /api/security/token/v2 200 #1',
      `onRequest query GET ${path} #2`,
      `onResponse query GET ${path} 200 #2`,
    ]);
    expect(r.auth.tokenCalls).toBe(3);
  });

  it('a redirect within the origin: one line, and the attempt reports it followed', async () => {
    const server = await sandbox();
    // a proxy that drops the router's trailing slash: the router answers 307 back to it
    let dropped = false;
    const dropSlash: FetchLike = (url, init) =>
      fetch(dropped ? url : ((dropped = url.includes('/router/')), url.replace('/v1/?', '/v1?')), init as RequestInit);
    const r = recordedClient(server, { fetch: dropSlash });
    await r.client.uiServer();
    expect(r.trail().slice(2)).toEqual([
      'onRequest router GET /api/ui/router/v1/ #1',
      'onResponse router GET /api/ui/router/v1/ 200 #1',
    ]);
    expect(r.events[3]!.event).toMatchObject({ redirects: 1, status: 200 });
    expect(r.lines.slice(1)).toEqual([
      'following a 307 redirect of GET /api/ui/router/v1/?urlType=external to /api/ui/router/v1/?urlType=external',
    ]);
    // the client's fetch carried the token call too (tokenAuth was given none)
    expect(server.requests[0]!.path).toBe('/api/security/token/v2');
  });
});

describe('hooks that fail, and secrets', () => {
  it('a hook that throws (or rejects) does not break the request: its first failure is one line, later ones none', async () => {
    const server = await sandbox();
    const lines: string[] = [];
    const client = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ username: USER, password: PASSWORD }),
      log: (line) => lines.push(line),
      onResponse: () => {
        throw new Error(`metrics down (password was ${PASSWORD})`);
      },
      onPage: () => Promise.reject(new Error('async metrics down')),
    });
    expect((await client.page(query(customer).top(2))).rows).toHaveLength(2);
    expect((await client.page(query(customer).top(2))).rows).toHaveLength(2);
    const before = everything.length;
    // a secret in a query string (a filter on a value that is the password) is cut out of the path the hooks see
    const recorded = recorder();
    const filtered = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ username: USER, password: PASSWORD }),
      ...recorded,
    });
    await filtered.page(query(customer).filter((c) => c.customer_name.eq(PASSWORD)));
    const paths = recorded.events
      .filter((e) => e.hook !== 'onPage' && e.event['family'] === 'query')
      .map((e) => String(e.event['path']));
    expect(paths).toHaveLength(2);
    for (const path of paths) {
      expect(path).toContain('customer_name');
      expect(path).toContain('[redacted]');
      expect(path).not.toMatch(/horse/);
    }
    expect(everything.length).toBeGreaterThan(before);
    await new Promise((resolve) => setImmediate(resolve));
    everything.push(...lines);
    expect(lines.filter((l) => l.includes('hook threw'))).toEqual([
      'the onResponse hook threw (Error: metrics down (password was [redacted])); the request went on, and later failures of onResponse are not logged',
      'the onPage hook threw (Error: async metrics down); the request went on, and later failures of onPage are not logged',
    ]);
  });

  it('a consumer key client: the key never reaches an event or a line', async () => {
    const server = await sandbox({ credentials: { users: {}, consumerKeys: { [KEY]: '/api' } } });
    const auth = tokenAuth({ consumerKey: KEY });
    providers.push(auth);
    const r = recorder();
    const client = createClient({ baseUrl: server.url, auth, ...r });
    await client.entity.customers.get({ companyId: 'ACME', customerId: 198 });
    await expect(client.page(query(customer).top(1))).rejects.toThrow(ErpError);
    expect(r.events.length).toBeGreaterThanOrEqual(6);
    expect(r.lines.some((l) => l.startsWith('signed in at '))).toBe(true);
  });

  it('tokenAuth refuses a client of another origin than its baseUrl, or than the client it already serves', async () => {
    const a = await sandbox();
    const b = await sandbox();
    expect(() =>
      createClient({ baseUrl: b.url, auth: tokenAuth({ baseUrl: a.url, username: USER, password: PASSWORD }) }),
    ).toThrow(/tokenAuth: its baseUrl \(http:\/\/127\.0\.0\.1:\d+\) is not the origin of the client it is given to/);
    const shared = tokenAuth({ username: USER, password: PASSWORD });
    createClient({ baseUrl: a.url, auth: shared });
    createClient({ baseUrl: `${a.url}/`, auth: shared });
    expect(() => createClient({ baseUrl: b.url, auth: shared })).toThrow(
      /tokenAuth: already signing in at http:\/\/127\.0\.0\.1:\d+, so it cannot serve a client of http:\/\/127\.0\.0\.1:\d+ too/,
    );
    // on its own, without a baseUrl, it says what it lacks
    await expect(tokenAuth({ username: USER, password: PASSWORD }).token()).rejects.toThrow(
      /tokenAuth: no baseUrl to sign in at/,
    );
    // a same-origin baseUrl is kept; nothing is sent when the client is made
    expect(a.requests.filter((q) => q.path.startsWith('/api/security/'))).toHaveLength(0);
  });

  it('a hand-written AuthProvider without attach works as before, and is told nothing', async () => {
    const server = await sandbox();
    const issuer = tokenAuth({ baseUrl: server.url, username: USER, password: PASSWORD });
    providers.push(issuer);
    const r = recorder();
    const client = createClient({ baseUrl: server.url, auth: { token: () => issuer.token() }, ...r });
    await client.page(query(customer).top(1));
    // its token call is its own: not the client's
    expect(r.trail()).toEqual([
      'onRequest query GET /odataservice/odata/table/customer #1',
      'onResponse query GET /odataservice/odata/table/customer 200 #1',
      'onPage table/customer page 1 rows 1 next true',
    ]);
  });

  afterAll(() => {
    // every secret: the passwords and keys, and every token any client of the file was issued
    const secrets = [PASSWORD, KEY, ...providers.flatMap((p) => p.secrets())];
    expect(secrets.length).toBeGreaterThan(4);
    const text = JSON.stringify(everything);
    expect(everything.length).toBeGreaterThan(50);
    for (const secret of new Set(secrets)) expect(text.includes(secret), `a secret in an event or line`).toBe(false);
    expect(text).not.toMatch(/Bearer |eyJ[\w-]{4,}\./);
  });
});
