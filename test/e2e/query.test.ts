// End to end: the generated package (@acme/erp-schema, as a user imports it) and its client against the
// simulated query service, over real HTTP on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  and,
  changedSince,
  defineObject,
  ErpFilterRejectedError,
  ErpHttpError,
  ErpNotAuthorizedError,
  ErpNotFoundError,
  ErpServerError,
  ErpUnexpectedResponseError,
  not,
  or,
  query,
} from '@acme/erp-schema';
import { createClient, type ErpClient } from '@acme/erp-schema/client';
import { customer, type CustomerRow } from '@acme/erp-schema/tables/customer';
import { inv_mast } from '@acme/erp-schema/tables/inv_mast';
import { price_page } from '@acme/erp-schema/tables/price_page';
import { svc_view_es_customer } from '@acme/erp-schema/views/svc_view_es_customer';
import { isValidEncodedFilter } from '../support/odata-abnf.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { CUSTOMER_ROWS, SPECIAL_ITEM_IDS } from '../../sandbox/seed.js';

let server: Sandbox;
let client: ErpClient;

beforeAll(async () => {
  server = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    tokens: { 'test-token': { tables: '*' }, 'narrow-token': { tables: ['customer'] } },
  });
  client = createClient({ baseUrl: server.url, auth: 'test-token' });
});
afterAll(() => server.close());

async function all<R>(rows: AsyncIterable<R>): Promise<R[]> {
  const out: R[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('paging', () => {
  it('returns every row exactly once, in pages of $top until a short page', async () => {
    const before = server.requests.length;
    const rows = await all(client.rows(query(customer).select('company_id', 'customer_id').top(100)));
    expect(rows).toHaveLength(CUSTOMER_ROWS);
    expect(new Set(rows.map((r) => `${r.company_id}/${r.customer_id}`)).size).toBe(CUSTOMER_ROWS);
    const requests = server.requests.slice(before);
    expect(requests).toHaveLength(Math.ceil(CUSTOMER_ROWS / 100));
    // paging needs a stable order: without orderBy the client orders by the key columns
    for (const r of requests)
      expect(new URLSearchParams(r.query).get('$orderby')).toBe('company_id asc,customer_id asc');
    expect(requests.map((r) => new URLSearchParams(r.query).get('$skip') ?? '0')).toEqual(
      requests.map((_, i) => String(i * 100)),
    );
  });

  it("ends after one request when the first page is short, and keeps the caller's order and skip", async () => {
    const before = server.requests.length;
    const rows = await all(
      client.rows(
        query(customer)
          .orderBy('customer_id', 'desc')
          .skip(CUSTOMER_ROWS - 10)
          .top(50),
      ),
    );
    expect(rows).toHaveLength(10);
    expect(server.requests.slice(before)).toHaveLength(1);
    expect(new URLSearchParams(server.requests.at(-1)!.query).get('$orderby')).toBe('customer_id desc');
  });

  it('always sends $top: the default page size when the query gives none', async () => {
    const page = await client.page(query(customer));
    expect(page.rows).toHaveLength(1000);
    expect(new URLSearchParams(server.requests.at(-1)!.query).get('$top')).toBe('1000');
  });

  it('returns @odata.count when asked', async () => {
    const page = await client.page(query(customer).top(5).count());
    expect(page.rows).toHaveLength(5);
    expect(page.count).toBe(CUSTOMER_ROWS);
  });
});

describe('rows', () => {
  it('narrowed rows hold exactly the selected columns', async () => {
    const page = await client.page(query(customer).select('customer_id', 'customer_name', 'credit_limit').top(3));
    for (const row of page.rows)
      expect(Object.keys(row).sort()).toEqual(['credit_limit', 'customer_id', 'customer_name']);
  });

  it('unnarrowed rows hold every column of the row interface', async () => {
    const page = await client.page(query(customer).top(1));
    expect(Object.keys(page.rows[0]!).sort()).toEqual(Object.keys(customer.columns).sort());
  });

  it('sends Accept: application/json and the bearer token on every request', async () => {
    await client.page(query(price_page).top(1));
    const last = server.requests.at(-1)!;
    expect(last.headers['accept']).toBe('application/json');
    expect(last.headers['authorization']).toBe('Bearer test-token');
  });
});

describe('filters, read back by the server exactly as given', () => {
  it("escapes quotes (O'Neil) and finds the row", async () => {
    const page = await client.page(query(customer).filter((c) => c.customer_name.startsWith("O'Neil")));
    expect(page.rows.map((r) => r.customer_name)).toEqual(["O'Neil Supply"]);
  });

  it('percent-encodes the special characters of item identifiers', async () => {
    for (const id of SPECIAL_ITEM_IDS) {
      const page = await client.page(
        query(inv_mast)
          .select('item_id')
          .filter((c) => c.item_id.eq(id)),
      );
      expect(page.rows, id).toEqual([{ item_id: id }]);
    }
  });

  it('sends in() as an or-chain, so the server does not return every row', async () => {
    const page = await client.page(
      query(customer)
        .filter((c) => c.credit_status.in(['COD', 'TBD']))
        .top(5000),
    );
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.length).toBeLessThan(CUSTOMER_ROWS);
    expect(new Set(page.rows.map((r) => r.credit_status))).toEqual(new Set(['COD', 'TBD']));
  });

  it('combines and / or / not with the right parentheses', async () => {
    const rows = await all(
      client.rows(
        query(customer)
          .select('delete_flag', 'credit_status', 'terms_id')
          .filter((c) =>
            and(
              c.delete_flag.eq('N'),
              or(c.credit_status.eq('GOOD'), c.credit_status.eq('WATCH')),
              not(c.terms_id.eq(null)),
            ),
          )
          .top(500),
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.delete_flag).toBe('N');
      expect(['GOOD', 'WATCH']).toContain(r.credit_status);
      expect(r.terms_id).not.toBeNull();
    }
  });

  it('compares date-times and decimals', async () => {
    const since = new Date('2020-01-01T00:00:00Z');
    const rows = await all(
      client.rows(
        query(customer)
          .select('date_created', 'credit_limit')
          .filter((c) => and(c.date_created.ge(since), c.credit_limit.gt(1000)))
          .top(500),
      ),
    );
    for (const r of rows) {
      expect(new Date(r.date_created).getTime()).toBeGreaterThanOrEqual(since.getTime());
      expect(r.credit_limit).toBeGreaterThan(1000);
    }
  });

  it('changedSince pages a search view by its modification stamp', async () => {
    const since = '2023-06-01T00:00:00Z';
    const rows = await all(
      client.rows(changedSince(query(svc_view_es_customer).select('unique_id', 'max_date_last_modified'), since)),
    );
    expect(rows.length).toBeGreaterThan(0);
    const stamps = rows.map((r) => new Date(r.max_date_last_modified!).getTime());
    for (const t of stamps) expect(t).toBeGreaterThan(new Date(since).getTime());
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
  });
});

describe('each error kind surfaces as its typed error, naming the object and the query', () => {
  // descriptors the way a stale package would have them: the server no longer agrees
  const ghost = defineObject<{ id: number }>()({
    name: 'ghost_table',
    surface: 'table',
    key: ['id'],
    columns: { id: 'int' },
  });
  const wrongSurface = defineObject<CustomerRow>()({ ...customer, surface: 'view' });
  const droppedColumn = defineObject<{ customer_id: number; retired_column: string }>()({
    name: 'customer',
    surface: 'table',
    key: ['customer_id'],
    columns: { customer_id: 'decimal', retired_column: 'string' },
  });
  const retyped = defineObject<{ customer_id: number; credit_limit: string }>()({
    name: 'customer',
    surface: 'table',
    key: ['customer_id'],
    columns: { customer_id: 'decimal', credit_limit: 'string' },
  });

  async function failure(run: () => Promise<unknown>): Promise<ErpHttpError> {
    try {
      await run();
    } catch (error) {
      expect(error).toBeInstanceOf(ErpHttpError);
      return error as ErpHttpError;
    }
    throw new Error('expected a failure');
  }

  it('404 with an empty body: unknown object', async () => {
    const e = await failure(() => client.page(query(ghost)));
    expect(e).toBeInstanceOf(ErpNotFoundError);
    expect(e.object).toBe('table/ghost_table');
    expect(e.message).toContain('GET /odataservice/odata/table/ghost_table?$top=1000');
  });

  it('404 with an empty body: a table asked for on the view surface', async () => {
    const e = await failure(() => client.page(query(wrongSurface).top(1)));
    expect(e).toBeInstanceOf(ErpNotFoundError);
    expect(e.object).toBe('view/customer');
  });

  it('404 with an empty body: unknown column in $select', async () => {
    const e = await failure(() => client.page(query(droppedColumn).select('retired_column')));
    expect(e).toBeInstanceOf(ErpNotFoundError);
    expect(e.request).toContain('$select=retired_column');
  });

  it("404 with the server's message: the filter was rejected", async () => {
    const e = await failure(() => client.page(query(retyped).filter((c) => c.credit_limit.eq('1000'))));
    expect(e).toBeInstanceOf(ErpFilterRejectedError);
    expect(e.serverMessage).toMatch(/incompatible types.*'Edm\.Decimal' and 'Edm\.String'/);
    expect(e.message).toContain(e.serverMessage!);
  });

  it('401: a token without the object in its scope, and a token the server does not know', async () => {
    const narrow = createClient({ baseUrl: server.url, auth: 'narrow-token' });
    await expect(narrow.page(query(customer).top(1))).resolves.toBeDefined();
    const e = await failure(() => narrow.page(query(price_page)));
    expect(e).toBeInstanceOf(ErpNotAuthorizedError);
    // A9: the server says no more than it says to a user without the permission; a fixed token carries no aud
    expect(e.serverMessage).toBe('Authorization has been denied for this request.');
    let invalidated = 0;
    const stale = createClient({
      baseUrl: server.url,
      auth: { token: async () => 'stale-token-7f3a', invalidate: () => invalidated++ },
    });
    const e2 = await failure(() => stale.page(query(customer)));
    expect(e2).toBeInstanceOf(ErpNotAuthorizedError);
    expect(e2.message).not.toContain('stale-token-7f3a');
    expect(invalidated).toBe(1);
  });

  describe('from a misbehaving server', () => {
    let bad: Server;
    let badClient: ErpClient;
    beforeAll(async () => {
      bad = createServer((req, res) => {
        const path = req.url ?? '';
        if (path.includes('/table/boom'))
          res.writeHead(503, { 'content-type': 'application/json' }).end('{"Message":"backend is down"}');
        else if (path.includes('/table/xml'))
          res.writeHead(200, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><feed/>');
        else if (path.includes('/table/html'))
          res
            .writeHead(404, { 'content-type': 'text/html' })
            .end('<!DOCTYPE html><html><body>404 - File or directory not found.</body></html>');
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"rows":[]}');
      });
      await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
      badClient = createClient({
        baseUrl: `http://127.0.0.1:${(bad.address() as AddressInfo).port}/`,
        auth: 'test-token',
        retry: { random: () => 0 },
      });
    });
    afterAll(() => new Promise<void>((resolve) => bad.close(() => resolve())));
    const named = (name: string) =>
      defineObject<{ id: number }>()({ name, surface: 'table', key: ['id'], columns: { id: 'int' } });

    it('5xx', async () => {
      const e = await failure(() => badClient.page(query(named('boom'))));
      expect(e).toBeInstanceOf(ErpServerError);
      expect(e.status).toBe(503);
      expect(e.serverMessage).toBe('backend is down');
      expect(e.attempts).toBe(4);
    });

    it('XML where JSON was expected', async () => {
      const e = await failure(() => badClient.page(query(named('xml'))));
      expect(e).toBeInstanceOf(ErpUnexpectedResponseError);
      expect(e.message).toMatch(/XML where JSON was expected/);
    });

    it('an HTML page where JSON was expected (the 404 page of the web server)', async () => {
      const e = await failure(() => badClient.page(query(named('html'))));
      expect(e).toBeInstanceOf(ErpUnexpectedResponseError);
      expect(e.message).toMatch(/HTML page where JSON was expected/);
    });

    it('JSON without a value array', async () => {
      const e = await failure(() => badClient.page(query(named('other'))));
      expect(e).toBeInstanceOf(ErpUnexpectedResponseError);
    });

    it('a server that is not there', async () => {
      const gone = createClient({ baseUrl: 'http://127.0.0.1:1', auth: 'test-token' });
      const e = await failure(() => gone.page(query(named('any'))));
      expect(e.message).toMatch(/could not reach http:\/\/127\.0\.0\.1:1/);
    });
  });
});

describe('what went over the wire', () => {
  it('every $filter the client sent is valid OData by the ABNF grammar', () => {
    const filters = server.requests
      .map((r) => /(?:^|&)\$filter=([^&]*)/.exec(r.query)?.[1])
      .filter((f): f is string => f !== undefined);
    expect(filters.length).toBeGreaterThan(10);
    for (const f of filters) expect(isValidEncodedFilter(f), decodeURIComponent(f)).toBe(true);
  });
});
