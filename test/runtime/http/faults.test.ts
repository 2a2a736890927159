// End to end: the client of the generated package against broken servers on 127.0.0.1, answers no real service
// gives — bodies cut short, undecodable or never ending, answers nested too deeply to print, servers that ignore
// $skip or $top, rows that are not objects, errors inside a 200 — and the unexpected response window of the
// Transaction API, and a caller who cancels. Every failure is a typed ErpError that shows the request. What the
// service itself does (5xx bursts, dropped connections, slow answers) is played by the sandbox: retries.test.ts.
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ErpCancelledError,
  ErpConnectionError,
  ErpError,
  ErpHttpError,
  ErpPagingError,
  ErpResponseWindowError,
  ErpServerError,
  ErpTimeoutError,
  ErpUnexpectedResponseError,
  query,
} from '@acme/erp-schema';
import {
  createClient,
  ErpTransactionFailedError,
  type ClientOptions,
  type ErpClient,
  type TransactionRequest,
} from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { json, startServer, type Handler, type TestServer } from '../../support/fault-server.js';

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

interface Harness {
  server: TestServer;
  client: ErpClient;
  lines: string[];
  delays: number[];
}

/** A server with `handler` and a client whose retries wait no time and record their delays. */
async function harness(handler: Handler, options: Partial<ClientOptions> = {}): Promise<Harness> {
  const server = await startServer(handler);
  servers.push(server);
  const lines: string[] = [];
  const delays: number[] = [];
  const client = createClient({
    baseUrl: server.url,
    auth: 'test-token',
    // a fault server answers only what each test plays: no drift check (test/runtime/drift.test.ts) beside it
    drift: 'off',
    log: (l) => lines.push(l),
    retry: {
      random: () => 0.5,
      sleep: async (ms) => void delays.push(ms),
    },
    ...options,
  });
  return { server, client, lines, delays };
}

async function failure(run: () => Promise<unknown>): Promise<ErpError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ErpError);
    return error as ErpError;
  }
  throw new Error('expected a failure');
}

async function all<R>(rows: AsyncIterable<R>): Promise<R[]> {
  const out: R[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

const odata = (req: { path: string }) => req.path.startsWith('/odataservice/');
const page = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ company_id: 'ACME', customer_id: from + i + 1 }));
/** rows from $skip, honouring $top, out of `total` */
const paged = (total: number) => (req: { query: URLSearchParams }) => {
  const top = Number(req.query.get('$top'));
  const skip = Number(req.query.get('$skip') ?? 0);
  return page(Math.max(0, Math.min(top, total - skip)), skip);
};

describe('errors while reading a body are typed', () => {
  it('a body cut short: a connection error, retried on a read, then the rows', async () => {
    let cuts = 0;
    const { client, lines } = await harness((req, res) => {
      if (cuts++ < 1) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        res.write('{"value":[{"company_id":');
        setImmediate(() => res.socket?.destroy());
        return;
      }
      json(res, 200, { value: page(2) });
    });
    expect((await client.page(query(customer).top(5))).rows).toHaveLength(2);
    expect(lines).toEqual([
      expect.stringMatching(
        /^retrying GET \/odataservice\/odata\/table\/customer\?.* after a connection reset \(attempt 2 of 4/,
      ),
    ]);
  });

  it('a body cut short every time: ErpConnectionError with the request and the attempts', async () => {
    const { client } = await harness((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"value":[');
      setImmediate(() => res.socket?.destroy());
    });
    const e = await failure(() => client.page(query(customer).top(5)));
    expect(e).toBeInstanceOf(ErpConnectionError);
    expect(e.message).toMatch(/closed before the whole answer arrived/);
    expect((e as ErpHttpError).request).toMatch(/^GET \/odataservice\/odata\/table\/customer\?/);
    expect(e.attempts).toBe(4);
    expect(e.message).toMatch(/\[4 attempts\]$/);
  });

  it('a bad Content-Encoding: the body could not be decoded', async () => {
    const { client } = await harness((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end('{"value":[]}'),
    );
    const e = await failure(() => client.page(query(customer).top(5)));
    expect(e).toBeInstanceOf(ErpUnexpectedResponseError);
    expect(e.message).toMatch(/could not be decoded \(Content-Encoding "gzip"\)/);
  });

  it('a good gzip body is read', async () => {
    const { client } = await harness((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(gzipSync(JSON.stringify({ value: page(3) }))),
    );
    expect((await client.page(query(customer).top(5))).rows).toHaveLength(3);
  });

  it('a body that never ends: ErpTimeoutError at the timeout', async () => {
    const { client } = await harness(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"value":[');
      },
      { timeoutMs: 300 },
    );
    const e = await failure(() => client.page(query(customer).top(5)));
    expect(e).toBeInstanceOf(ErpTimeoutError);
    expect(e.message).toMatch(/the answer from http:\/\/127\.0\.0\.1:\d+ did not finish within 300 ms/);
  });

  it('a deeply nested answer: typed errors, no stack overflow', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const { client } = await harness((req, res) => {
      if (req.path === '/api/ui/router/v1/') return void res.writeHead(200).end(`{"Where":${deep}}`);
      if (req.path.endsWith('/table/customer')) return void res.writeHead(200).end(`{"value":[{"a":${deep}}]}`);
      res.writeHead(500).end(`{"ErrorMessage":${deep}}`);
    });
    const router = await failure(() => client.uiServer());
    expect(router).toBeInstanceOf(ErpUnexpectedResponseError);
    expect(router.message).toMatch(/router: the answer has no Url: "\{\\"Where\\":\[\[\[/);
    const transactions = await harness(
      uiServer(
        (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(`{"Messages":${deep}}`),
      ),
    );
    const tx = await failure(() => transactions.client.transaction(request()));
    expect(tx.message).toMatch(/not a transaction response: \{an object nested too deeply to show\}/);
    // a row nested deeply is still an object: delivered, and paging does not choke on comparing it
    expect(await all(client.rows(query(customer).top(5)))).toHaveLength(1);
  });
});

describe('paging that would never end', () => {
  it('a server that ignores $skip: ErpPagingError after the first page', async () => {
    const { client } = await harness((_req, res) => json(res, 200, { value: page(10) }));
    const e = await failure(() => all(client.rows(query(customer).top(10))));
    expect(e).toBeInstanceOf(ErpPagingError);
    expect(e.message).toMatch(/the same 10 rows for \$skip=10 as for \$skip=0: it ignores \$skip/);
    expect(e.rowsDelivered).toBe(10);
  });

  it('a page longer than $top: ErpPagingError', async () => {
    const { client } = await harness((_req, res) => json(res, 200, { value: page(15) }));
    const e = await failure(() => all(client.rows(query(customer).top(10))));
    expect(e).toBeInstanceOf(ErpPagingError);
    expect(e.message).toMatch(/answered 15 rows where \$top asked for at most 10: it does not honour \$top/);
    expect(e.rowsDelivered).toBe(0);
  });

  it('rows that are not objects', async () => {
    const { client } = await harness((_req, res) => json(res, 200, { value: [{ a: 1 }, 42, null] }));
    const e = await failure(() => client.page(query(customer).top(10)));
    expect(e).toBeInstanceOf(ErpUnexpectedResponseError);
    expect(e.message).toMatch(/row 2 of the page is a number, not an object/);
  });

  it("a 200 carrying an OData error object keeps the server's message", async () => {
    const { client } = await harness((_req, res) =>
      json(res, 200, { error: { code: '500', message: 'The query timed out in the database.' } }),
    );
    const e = await failure(() => client.page(query(customer).top(10)));
    expect(e).toBeInstanceOf(ErpUnexpectedResponseError);
    expect((e as ErpHttpError).serverMessage).toBe('The query timed out in the database.');
    expect(e.message).toMatch(/HTTP 200 with an OData error object: The query timed out in the database\./);
  });
});

describe('retries, where the documents say they are safe', () => {
  it('a refused connection is not retried, and says where it was going', async () => {
    const closed = await startServer(() => undefined);
    await closed.close();
    const { client } = await harness(() => undefined, { baseUrl: closed.url });
    const e = await failure(() => client.page(query(customer).top(5)));
    expect(e).toBeInstanceOf(ErpConnectionError);
    expect(e.message).toContain(`could not reach ${closed.url}: connect ECONNREFUSED`);
    expect(e.attempts).toBe(1);
  });
});

function request(transactions = 1): TransactionRequest {
  return {
    Name: 'Order',
    UseCodeValues: false,
    Transactions: Array.from({ length: transactions }, () => ({ Status: 'New' as const, DataElements: [] })),
  };
}
const passed = {
  Messages: ['Transaction 1:: '],
  Results: { Name: 'Order', Transactions: [{ Status: 'Passed' }] },
  Summary: { Succeeded: 1, Failed: 0, Other: 0 },
};
const WINDOW = 'Transaction 1:: Unexpected response window: Send Email';
const windowAnswer = { Messages: [WINDOW], Results: null, Summary: { Succeeded: 0, Failed: 1, Other: 0 } };

/** A UI server behind the router; `transaction` answers each POST /api/v2/transaction in turn. */
function uiServer(transaction: Handler): Handler {
  return (req, res) => {
    if (req.path === '/api/ui/router/v1/') return json(res, 200, { Url: `http://${req.headers.host}/uiserver0` });
    return transaction(req, res);
  };
}

describe('the router', () => {
  it('an XML answer (<Url>) is read', async () => {
    const { client } = await harness((req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<RouterResponse xmlns="x"><Url>http://${req.headers.host}/uiserver0/</Url></RouterResponse>`),
    );
    await expect(client.uiServer()).resolves.toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uiserver0$/);
  });
});

describe('writes', () => {
  it('the unexpected response window: a short random-delay retry when nothing was applied', async () => {
    const answers = [windowAnswer, passed];
    const { client, lines, delays } = await harness(uiServer((_req, res) => json(res, 200, answers.shift())));
    await expect(client.transaction(request())).resolves.toMatchObject({ Summary: { Succeeded: 1 } });
    expect(lines).toEqual([
      expect.stringMatching(/after the unexpected response window \(attempt 2 of 3, in 850 ms\)/),
    ]);
    expect(delays).toEqual([850]); // 200 + 0.5 * (1500 - 200)
  });

  it('the window that persists: ErpResponseWindowError after 3 attempts, suggesting the async endpoint', async () => {
    const { client, server } = await harness(uiServer((_req, res) => json(res, 200, windowAnswer)));
    const e = await failure(() => client.transaction(request()));
    expect(e).toBeInstanceOf(ErpResponseWindowError);
    expect(e.message).toMatch(/unexpected response window.*split the transaction or use client\.transactionAsync\(\)/);
    expect(e.message).toContain('Send Email');
    expect(e.attempts).toBe(3);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  });

  it('the window that persists, with allowFailures: the last answer is returned to branch on', async () => {
    const { client, server } = await harness(uiServer((_req, res) => json(res, 200, windowAnswer)));
    const answer = await client.transaction(request(), { allowFailures: true });
    expect(answer).toMatchObject({ ...windowAnswer, warnings: [] });
    expect(answer.transactions.map((t) => t.status)).toEqual(['failed']);
    expect(answer.failed).toHaveLength(1);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  });

  it('the window as a 500 for a single transaction is retried too', async () => {
    const answers: Array<[number, unknown]> = [
      [500, { ErrorMessage: 'Unexpected response window: Send Email' }],
      [200, passed],
    ];
    const { client } = await harness(uiServer((_req, res) => json(res, ...answers.shift()!)));
    await expect(client.transaction(request())).resolves.toMatchObject({ Summary: { Succeeded: 1 } });
  });

  it('the window when another transaction of the request passed: never resent', async () => {
    const partly = {
      Messages: ['Transaction 1:: ', WINDOW],
      Results: null,
      Summary: { Succeeded: 1, Failed: 1, Other: 0 },
    };
    const { client, server } = await harness(uiServer((_req, res) => json(res, 200, partly)));
    const e = await failure(() => client.transaction(request(2)));
    expect(e).toBeInstanceOf(ErpTransactionFailedError);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const e500 = await harness(uiServer((_req, res) => json(res, 500, { ErrorMessage: WINDOW })));
    await failure(() => e500.client.transaction(request(2)));
    expect(e500.server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('cancelling and failing a paging run', () => {
  it('an AbortSignal stops client.rows(), saying how many rows were delivered', async () => {
    const { client, server } = await harness((req, res) => json(res, 200, { value: paged(100)(req) }));
    const controller = new AbortController();
    const seen: unknown[] = [];
    const e = await failure(async () => {
      for await (const row of client.rows(query(customer).top(10), { signal: controller.signal })) {
        seen.push(row);
        if (seen.length === 15) controller.abort();
      }
    });
    expect(e).toBeInstanceOf(ErpCancelledError);
    expect(e.rowsDelivered).toBe(20);
    expect(e.message).toMatch(/cancelled by the caller .*; 20 rows had been delivered/);
    expect(server.requests.filter(odata)).toHaveLength(2);
  });

  it('an abort while a page is in flight aborts the request', async () => {
    const controller = new AbortController();
    const { client } = await harness((req, res) => {
      if (req.query.get('$skip') === '10') {
        controller.abort();
        return; // never answers: only the abort ends the request
      }
      json(res, 200, { value: paged(100)(req) });
    });
    const e = await failure(() => all(client.rows(query(customer).top(10), { signal: controller.signal })));
    expect(e).toBeInstanceOf(ErpCancelledError);
    expect(e.rowsDelivered).toBe(10);
  });

  it('client.page() takes a signal too', async () => {
    const controller = new AbortController();
    const { client } = await harness(() => void controller.abort());
    const e = await failure(() => client.page(query(customer).top(10), { signal: controller.signal }));
    expect(e).toBeInstanceOf(ErpCancelledError);
    expect((e as ErpHttpError).request).toMatch(/^GET \/odataservice\/odata\/table\/customer\?/);
  });

  it("a server's message is shown made safe: controls and bidi overrides escaped, at most 1,000 characters", async () => {
    const hostile = `Deadlock\u001b[31m victim\r\nerpgen: all good\u0000\u202e${'x'.repeat(100_000)}`;
    const { client } = await harness((_req, res) => json(res, 500, { ErrorMessage: hostile }));
    const e = (await failure(() => client.page(query(customer).top(10)))) as ErpServerError;
    expect(e).toBeInstanceOf(ErpServerError);
    expect(e.serverMessage).toMatch(/^Deadlock\\u001b\[31m victim\\u000d\\u000aerpgen: all good\\u0000\\u202ex+…$/);
    expect(e.serverMessage!.length).toBe(1000);
    expect(e.message).toContain(e.serverMessage);
    expect(e.message).not.toMatch(/[\u0000-\u001f\u202e]/);
  });

  it('a paging run that fails says how many rows were delivered', async () => {
    const { client } = await harness((req, res) =>
      req.query.get('$skip') === '20'
        ? json(res, 500, { ErrorMessage: 'Deadlock victim' })
        : json(res, 200, { value: paged(100)(req) }),
    );
    const e = await failure(() => all(client.rows(query(customer).top(10))));
    expect(e).toBeInstanceOf(ErpServerError);
    expect(e.rowsDelivered).toBe(20);
    expect(e.message).toMatch(/Deadlock victim .*; 20 rows had been delivered$/);
  });
});
