// A hostile or broken server against the generated package's runtime, over real HTTP on 127.0.0.1: redirects to
// another origin, secrets echoed back in every encoding, bodies that never end, an auth provider that fails. Canary
// secrets hold a quote, a backslash, a tab, non-ASCII text and a marker word, and are long enough to straddle the
// 200-character cut of a snippet. Every error message, `stack`, `util.inspect`, log line and byte that reached the
// second origin is searched for them, and so is every hook event and span a client of the echoing servers gave.
// A-rules: A6 (the router's 307 followed with Authorization kept), A7 (an echoed consumer key redacted), A14 (a
// consumer key shown in no encoding).
import { inspect } from 'node:util';
import type { ServerResponse } from 'node:http';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErpAuthError,
  ErpError,
  ErpRedirectError,
  ErpResponseTooLargeError,
  ErpServerError,
  query,
} from '@acme/erp-schema';
import { createClient, tokenAuth, type FetchLike } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { udt_pallet } from '@acme/erp-schema/tables/udt_pallet';
import { Order } from '@acme/erp-schema/transactions/Order';
import { endless, failure, json, serverPool, type Logged, type TestServer } from '../../support/fault-server.js';

// each starts with a marker that shows through every encoding but base64 (letters and digits no other encoding
// changes); base64 forms are searched apart. Each holds the characters encodings treat apart: `-` `.` `_` `~`, a
// space, a quote, a backslash, a tab, non-ASCII
const PASSWORD = 'PWMARK91-"quote\\back\ttab-é漢字-🙂-pa.ss_w~rd word-0123456789';
const KEY = 'KEYMARK72-"q\\b\tt-ключ-con.sumer_k~ey key-0123456789';
const USER = 'USERMARK53-api_user';
const TOKEN = 'TOKMARK64-"q\\b\tt-to.ken_~ x-0123456789abcdef';
const MARKERS = ['PWMARK91', 'KEYMARK72', 'TOKMARK64'];
/**
 * The base64 text any encoding of `text` contains wherever it sits in a longer encoded text (each of the three
 * alignments): Basic credentials encode `user:password`.
 */
function base64Cores(text: string): string[] {
  const bytes = Buffer.from(text);
  return [0, 1, 2].flatMap((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    return [core, core.replace(/\+/g, '-').replace(/\//g, '_')];
  });
}
/** what must never be shown: the markers (plain text, so every other encoding shows them as they are) and base64 */
const FORBIDDEN = [...MARKERS, ...[PASSWORD, KEY, TOKEN, `${USER}:${PASSWORD}`].flatMap(base64Cores)];

const logged: string[] = [];
const log = (line: string) => void logged.push(line);
const fast = { random: () => 0, sleep: async () => undefined };

function expectClean(what: string, text: string): void {
  for (const form of FORBIDDEN) expect(text.includes(form), `${what} shows ${JSON.stringify(form)}`).toBe(false);
}

/** Every way an error can be seen: its message, stack, inspection (cause included), and request fields. */
function expectCleanError(what: string, error: unknown): void {
  const e = error as Error & { request?: string; serverMessage?: string };
  expectClean(what, `${String(e)}\n${e.stack}\n${inspect(e, { depth: 6 })}\n${e.request}\n${e.serverMessage}`);
}

const serve = serverPool();
afterAll(serve.closeAll);

/** the second origin: whatever reaches it is recorded, and answers as if it were the server */
let elsewhere: TestServer;
beforeAll(async () => {
  elsewhere = await serve((req, res) =>
    req.path === '/api/security/token/v2'
      ? json(res, 200, { AccessToken: 'stolen-token', ExpiresInSeconds: 86400 })
      : json(res, 200, { value: [], Url: 'x' }),
  );
});
afterAll(() => {
  // nothing of ours ever reached the second origin: not a request, so not a byte of a secret either
  for (const r of elsewhere.requests) expectClean(`a request to the second origin (${r.path})`, JSON.stringify(r));
});

/** The token endpoint answering the canary token, the router naming the UI server, anything else by `rest`. */
async function server(rest: (req: Logged, res: ServerResponse, url: string) => unknown): Promise<TestServer> {
  let url = '';
  const s = await serve((req, res) => {
    if (req.path === '/api/security/token/v2') return json(res, 200, { AccessToken: TOKEN, ExpiresInSeconds: 86400 });
    if (req.path === '/api/ui/router/v1/') return json(res, 200, { Url: `${url}/uiserver0` });
    return rest(req, res, url);
  });
  url = s.url;
  return s;
}

const signIn = (baseUrl: string, fetch?: FetchLike) =>
  tokenAuth({ baseUrl, username: USER, password: PASSWORD, log, retry: fast, ...(fetch ? { fetch } : {}) });

describe('redirects never carry a credential, token or body to another origin', () => {
  it('the token call: a 307 or 308 to another port, or to localhost on the same port, is refused', async () => {
    for (const status of [307, 308]) {
      const s = await serve((_req, res) => res.writeHead(status, { Location: `${elsewhere.url}/steal` }).end());
      for (const auth of [
        signIn(s.url),
        tokenAuth({ baseUrl: s.url, consumerKey: KEY, username: USER, log, retry: fast }),
      ]) {
        const e = await failure(() => auth.token());
        expect(e).toBeInstanceOf(ErpRedirectError);
        expect((e as ErpRedirectError).from).toBe(s.url);
        expect((e as ErpRedirectError).to).toBe(elsewhere.url);
        expect(e.message).toContain(`to another origin, ${elsewhere.url}`);
        expectCleanError(`${status} token redirect`, e);
      }
    }
    // same port, another host name: another origin all the same
    let url = '';
    const s = await serve((req, res) =>
      req.path === '/api/security/token/v2'
        ? res.writeHead(308, { Location: url.replace('127.0.0.1', 'localhost') + '/steal' }).end()
        : json(res, 200, {}),
    );
    url = s.url;
    const e = await failure(() => signIn(s.url).token());
    expect(e).toBeInstanceOf(ErpRedirectError);
    expect(s.requests.filter((r) => r.path === '/steal')).toEqual([]);
    expect(elsewhere.requests).toEqual([]);
  });

  it('a redirect within the origin is followed: the body resent for a 307, the Authorization header kept (A6)', async () => {
    const s = await serve((req, res) => {
      if (req.path === '/api/security/token/v2')
        return res.writeHead(307, { Location: '/api/security/token/v3' }).end();
      if (req.path === '/api/security/token/v3') return json(res, 200, { AccessToken: TOKEN, ExpiresInSeconds: 86400 });
      // the router without its trailing slash answers 307 to the slash form: the token must arrive there
      if (req.path === '/odataservice/odata/table/customer')
        return res.writeHead(307, { Location: `/odataservice/odata/table/customer/?${req.query}` }).end();
      return json(res, 200, { value: [] });
    });
    const auth = signIn(s.url);
    expect(await auth.token()).toBe(TOKEN);
    const resent = s.requests.find((r) => r.path === '/api/security/token/v3')!;
    expect(resent.method).toBe('POST');
    expect(JSON.parse(resent.body)).toEqual({ username: USER, password: PASSWORD });
    expect(await createClient({ baseUrl: s.url, auth, log }).page(query(customer).top(1))).toEqual({ rows: [] });
    expect(s.requests.at(-1)!.path).toBe('/odataservice/odata/table/customer/');
    expect(s.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(logged).toContain('following a 307 redirect of POST /api/security/token/v2 to /api/security/token/v3');
  });

  it('every family: a data request redirected elsewhere is an ErpRedirectError naming both origins', async () => {
    const s = await server((req, res) => res.writeHead(307, { Location: `${elsewhere.url}${req.path}` }).end());
    const client = createClient({ baseUrl: s.url, auth: signIn(s.url), log, retry: fast });
    const calls: Record<string, () => Promise<unknown>> = {
      query: () => client.page(query(customer).top(1)),
      transaction: () =>
        client.transaction(
          Order.request([Order.transaction().form('TABPAGE_1.order', { customer_id: 1 })], { useCodeValues: false }),
        ),
      transactionGet: () => client.transactionGet(Order.get('TABPAGE_1.order', { order_no: '1' })),
      entity: () => client.entity.customers.get({ companyId: 'ACME', customerId: 1 }),
      inventory: () =>
        client.inventory.parts.price('AB#12', {
          companyId: 'ACME',
          customerId: 1,
          salesLocId: 10,
          sourceLocId: 10,
          uom: 'EA',
          priceUom: 'EA',
          unitQuantity: 1,
        }),
      interactive: () => client.interactive.session(async () => undefined),
      udt: () => client.udt.update(udt_pallet, { note: 'x' }, { row_uid: 1 }),
    };
    for (const [family, call] of Object.entries(calls)) {
      const e = await failure(call);
      expect(e, family).toBeInstanceOf(ErpRedirectError);
      expect((e as ErpRedirectError).to, family).toBe(elsewhere.url);
      expect(e.message, family).toContain(`from ${s.url} to another origin`);
      expectCleanError(family, e);
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it('a 303 after a write reads what it points to, within the origin; a loop ends after 5 hops', async () => {
    let hops = 0;
    const s = await server((req, res) => {
      if (req.path === '/uiserver0/api/v2/transaction/get') return res.writeHead(303, { Location: '/answer' }).end();
      if (req.path === '/answer')
        return json(res, 200, {
          Name: 'Order',
          Transactions: [{ DataElements: [] }],
          method: req.method,
          body: req.body,
        });
      hops++;
      return res.writeHead(302, { Location: `/loop/${hops}` }).end();
    });
    // the hops are counted: no drift check (test/runtime/drift.test.ts) beside them
    const client = createClient({ baseUrl: s.url, auth: TOKEN, log, retry: fast, drift: 'off' });
    const read = (await client.transactionGet(Order.get('TABPAGE_1.order', { order_no: '1' }))) as unknown as {
      method: string;
      body: string;
    };
    expect([read.method, read.body]).toEqual(['GET', '']);
    const e = await failure(() => client.page(query(customer).top(1)));
    expect(e).toBeInstanceOf(ErpRedirectError);
    expect(e.message).toContain('more than 5 redirects');
    expect(hops).toBe(6);
    // every hop carried the token: the redirect was within the origin
    expect(
      s.requests.filter((r) => r.path.startsWith('/loop/')).every((r) => r.headers.authorization === `Bearer ${TOKEN}`),
    ).toBe(true);
  });

  it("with a caller's fetch: it is asked for redirect 'manual'; one that follows anyway has its answer refused", async () => {
    const s = await server((req, res) => res.writeHead(307, { Location: `${elsewhere.url}${req.path}` }).end());
    const asked: string[] = [];
    const passing: FetchLike = (url, init) => {
      asked.push(init.redirect);
      return fetch(url, init as RequestInit);
    };
    const a = await failure(() =>
      createClient({ baseUrl: s.url, auth: signIn(s.url, passing), fetch: passing }).page(query(customer)),
    );
    expect(a).toBeInstanceOf(ErpRedirectError);
    expect(asked.every((r) => r === 'manual')).toBe(true);
    expect(elsewhere.requests).toEqual([]);
    // a fetch that overrides it has sent the request elsewhere by the time the answer comes: that answer is refused
    const following: FetchLike = (url, init) => fetch(url, { ...(init as RequestInit), redirect: 'follow' });
    const b = await failure(() =>
      createClient({ baseUrl: s.url, auth: 'fixed-token', fetch: following }).page(query(customer)),
    );
    expect(b).toBeInstanceOf(ErpRedirectError);
    expect(b.message).toContain("pass `redirect: 'manual'` on to it");
    elsewhere.requests.length = 0;
  });
});

const javaUrlEncoded = (s: string) =>
  encodeURIComponent(s)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
const entities = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/-/g, '&#45;')
    .replace(/\./g, '&period;')
    .replace(/_/g, '&lowbar;')
    .replace(/~/g, '&#x7E;');

/** every hook event and span of the clients that met an echoing server: searched at the end */
const watched: unknown[] = [];
const spans = new InMemorySpanExporter();
const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }).getTracer('hostile');
const watch = (event: object) => void watched.push({ ...event });
const hooks = { onRequest: watch, onResponse: watch, onRetry: watch, onPage: watch, tracer };

describe('redaction that cannot be sidestepped', () => {
  /** each way a server may echo what a request carried: whole, or its secrets encoded one way or another */
  const FORMS: ReadonlyArray<(said: string, secrets: readonly string[]) => string> = [
    (said) => said,
    (said) => JSON.stringify(said),
    (said) => JSON.stringify(JSON.stringify(said)),
    (_, secrets) => secrets.map(encodeURIComponent).join(' '),
    (_, secrets) => secrets.map((s) => encodeURIComponent(s).toLowerCase()).join(' '),
    (_, secrets) =>
      secrets
        .map((s) => s.replace(/[^\x20-\x7e]|["\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
        .join(' '),
    (_, secrets) =>
      secrets.map((s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')).join(' '),
    // percent-encoded twice (%2522), as a proxy or a redirect that encodes again sends it
    (_, secrets) => secrets.map((s) => encodeURIComponent(encodeURIComponent(s))).join(' '),
    // Java's URLEncoder: `~` and `!'()` encoded too, a space as `+`
    (_, secrets) => secrets.map(javaUrlEncoded).join(' '),
    // HTML entities named and numeric, for `-` `.` `_` `~` as well; escaped again; percent-encoded
    (_, secrets) => secrets.map(entities).join(' '),
    (_, secrets) => secrets.map((s) => entities(entities(s))).join(' '),
    (_, secrets) => secrets.map((s) => encodeURIComponent(entities(s))).join(' '),
    // JSON's \u escape for every character that is not a letter or digit
    (_, secrets) =>
      secrets
        .map((s) => s.replace(/[^A-Za-z0-9]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
        .join(' '),
    (_, secrets) => secrets.map((s) => Buffer.from(s).toString('base64')).join(' '),
    (_, secrets) =>
      secrets.includes(PASSWORD) ? `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` : '',
    (_, secrets) =>
      secrets.includes(PASSWORD) ? `creds=${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` : '',
  ];
  /** everything the request carried, echoed in one form after `pad` characters */
  const echo = (req: Logged, form: number, pad: number): string => {
    const said = `${req.body} ${req.headers.authorization ?? ''}`;
    // the secrets this request carried: a server can only echo what it was sent
    const secrets = [PASSWORD, KEY, TOKEN].filter(
      (secret) => req.body.includes(JSON.stringify(secret).slice(1, -1)) || said.includes(secret),
    );
    return `${'.'.repeat(pad)}${FORMS[form]!(said, secrets)}`;
  };
  const echoes = (req: Logged, pad: number) => FORMS.map((_, form) => echo(req, form, pad));

  it('a secret echoed in any form, in text, JSON or XML bodies, and across the cut of a snippet', async () => {
    for (const pad of [0, 185, 192, 199]) {
      for (let form = 0; form < FORMS.length; form++) {
        const s = await server((req, res) => {
          const text = echo(req, form, pad);
          switch (req.path) {
            case '/odataservice/odata/table/text500':
              return res.writeHead(500, { 'content-type': 'text/plain' }).end(text);
            case '/odataservice/odata/table/json400':
              return json(res, 400, { Message: text });
            case '/odataservice/odata/table/xml200':
              return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<r>${text}</r>`);
            case '/odataservice/odata/table/garbage200':
              return res.writeHead(200, { 'content-type': 'application/json' }).end(text);
            default:
              return json(res, 200, { value: [text] });
          }
        });
        const client = createClient({ baseUrl: s.url, auth: signIn(s.url), log, retry: fast, ...hooks });
        for (const name of ['text500', 'json400', 'xml200', 'garbage200', 'rows']) {
          const e = await failure(() => client.page(query({ ...customer, name } as typeof customer).top(5)));
          expect(e).toBeInstanceOf(ErpError);
          expectCleanError(`${name}, form ${form}, after ${pad} characters`, e);
        }
        // the token endpoint echoing the password back in the same ways
        const t = await serve((req, res) =>
          json(res, 401, { error: 'invalid_grant', error_description: echo(req, form, pad) }),
        );
        expectCleanError(`sign-in, form ${form}, after ${pad}`, await failure(() => signIn(t.url).token()));
        const k = await serve((req, res) =>
          json(res, 500, { ErrorType: 'Svc.Business.Common.TokenException', InnerException: echo(req, form, pad) }),
        );
        const keyAuth = tokenAuth({ baseUrl: k.url, consumerKey: KEY, log, retry: fast });
        expectCleanError(`unknown key, form ${form}, after ${pad}`, await failure(() => keyAuth.token()));
      }
    }
  });

  it('a transaction failure and a REST error echoing the token: message, stack and inspection clean', async () => {
    const s = await server((req, res) => {
      const said = echoes(req, 190);
      if (req.path.endsWith('/api/v2/transaction'))
        return json(res, 200, { Messages: said, Results: null, Summary: { Succeeded: 0, Failed: 1, Other: 0 } });
      return json(res, 500, {
        ErrorMessage: said.join(' '),
        ErrorType: 'Vendor.Svc.ServiceException',
        InnerException: { said },
        StackTrace: said.join('\n'),
      });
    });
    const client = createClient({ baseUrl: s.url, auth: signIn(s.url), log, retry: fast });
    const tx = await failure(() =>
      client.transaction(
        Order.request([Order.transaction().form('TABPAGE_1.order', { customer_id: 1 })], { useCodeValues: false }),
      ),
    );
    expectCleanError('transaction failed', tx);
    // the answer as sent is kept for the caller, but not where a logger would print it
    expect(Object.keys(tx)).not.toContain('response');
    expect((tx as unknown as { response: { Messages: string[] } }).response.Messages.length).toBeGreaterThan(0);
    expectCleanError('entity 500', await failure(() => client.entity.customers.get({ companyId: 'A', customerId: 1 })));
  });

  it('an AuthProvider that throws is an ErpAuthError with the cause kept, and shows no secret', async () => {
    const s = await server((_req, res) => json(res, 200, { value: [] }));
    const thrown = new Error(`vault refused: ${PASSWORD}`);
    const failing = createClient({
      baseUrl: s.url,
      auth: { token: () => Promise.reject(thrown), secrets: () => [PASSWORD] },
      log,
    });
    const e = await failure(() => failing.page(query(customer)));
    expect(e).toBeInstanceOf(ErpAuthError);
    expect(e).toBeInstanceOf(ErpError);
    expect(e.message).toBe('the auth provider failed to give a token: Error: vault refused: [redacted]');
    expect((e as Error & { cause?: unknown }).cause).toBe(thrown);
    expectClean('ErpAuthError message and stack', `${e.message}\n${e.stack}`);
    const odd = createClient({ baseUrl: s.url, auth: { token: async () => undefined as unknown as string } });
    const f = await failure(() => odd.page(query(customer)));
    expect(f).toBeInstanceOf(ErpAuthError);
    expect(f.message).toContain('gave undefined where a token (a string) was expected');
    expect(s.requests).toEqual([]);
  });

  it('a retried call says how many attempts once, and a token call retried is not retried again around it', async () => {
    const s = await serve((req, res) =>
      req.path === '/api/security/token/v2' ? json(res, 503, { Message: 'busy' }) : json(res, 200, { value: [] }),
    );
    const auth = tokenAuth({ baseUrl: s.url, username: USER, password: PASSWORD, retry: { ...fast, maxAttempts: 2 } });
    const client = createClient({ baseUrl: s.url, auth, retry: { ...fast, maxAttempts: 3 } });
    const e = await failure(() => client.page(query(customer)));
    expect(e).toBeInstanceOf(ErpServerError);
    expect(e.message.match(/\[\d+ attempts\]/g)).toEqual(['[2 attempts]']);
    expect(s.requests.length).toBe(2);
  });
});

describe('bounded reads', () => {
  it('an error body that never ends is read up to its cap and shown as a snippet', async () => {
    const s = await server((_req, res) => endless(res, 500, '{"Message": "'));
    const client = createClient({ baseUrl: s.url, auth: TOKEN, timeoutMs: 60_000, retry: { ...fast, maxAttempts: 1 } });
    const e = await failure(() => client.page(query(customer)));
    // not the timeout: the client stopped reading
    expect(e).toBeInstanceOf(ErpServerError);
    expect(e.message).toContain('a body that is not JSON: "{\\"Message\\": \\"xxxx');
  });

  it('a successful answer that never ends is refused past maxResponseBytes', async () => {
    const s = await server((_req, res) => endless(res, 200, '{"value": ["'));
    const client = createClient({ baseUrl: s.url, auth: TOKEN, timeoutMs: 60_000, maxResponseBytes: 1_000_000 });
    const e = await failure(() => client.page(query(customer)));
    expect(e).toBeInstanceOf(ErpResponseTooLargeError);
    expect(e.message).toContain('longer than 1000000 bytes');
    // and an announced length over the cap is refused before reading
    const big = await server((_req, res) =>
      res.writeHead(200, { 'content-length': '5000000' }).end('x'.repeat(5_000_000)),
    );
    const f = await failure(() =>
      createClient({ baseUrl: big.url, auth: TOKEN, maxResponseBytes: 1_000_000 }).page(query(customer)),
    );
    expect(f).toBeInstanceOf(ErpResponseTooLargeError);
  });
});

describe('the hooks and the tracer', () => {
  it('saw every echoing answer, and no secret in any event, span name, attribute or event', () => {
    expect(watched.length).toBeGreaterThan(100);
    const finished = spans.getFinishedSpans();
    expect(finished.length).toBeGreaterThan(100);
    expect(finished.some((span) => span.events.length > 0 || span.status.message)).toBe(true);
    expectClean('the hook events', JSON.stringify(watched));
    for (const span of finished)
      expectClean(
        `span ${span.name}`,
        JSON.stringify({ name: span.name, attributes: span.attributes, events: span.events, status: span.status }),
      );
  });
});

describe('the logger', () => {
  it('saw the redirects and sign-ins, and no secret in any line', () => {
    expect(logged.some((l) => l.startsWith('following a 307 redirect'))).toBe(true);
    expect(logged.some((l) => l.startsWith('signed in at '))).toBe(true);
    for (const line of logged) expectClean(`log line ${JSON.stringify(line.slice(0, 60))}`, line);
  });
});
