// End to end: the generated package (@acme/erp-schema, as a user imports it) and its client against the query
// surface of `erpgen sandbox`, over real HTTP on 127.0.0.1, with tokens the sandbox issued. The rule ids (Q1-Q27 of
// the service rules) name what each test proves; the compile-time refusals are in test/package/types/query.typetest.ts, and
// each is paired here with the sandbox answering that mistake as the documents say.
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
import { createClient, tokenAuth, type ErpClient } from '@acme/erp-schema/client';
import { tables, unreachable } from '@acme/erp-schema/catalog';
import { address } from '@acme/erp-schema/tables/address';
import { credit_status } from '@acme/erp-schema/tables/credit_status';
import { customer, type CustomerRow } from '@acme/erp-schema/tables/customer';
import { oe_hdr } from '@acme/erp-schema/tables/oe_hdr';
import { po_hdr } from '@acme/erp-schema/tables/po_hdr';
import { supplier } from '@acme/erp-schema/tables/supplier';
import { inv_mast } from '@acme/erp-schema/tables/inv_mast';
import { price_page } from '@acme/erp-schema/tables/price_page';
import { svc_view_es_customer } from '@acme/erp-schema/views/svc_view_es_customer';
import { isValidEncodedFilter } from '../../support/odata-abnf.js';
import { SAMPLE_SNAPSHOT } from '../../support/paths.js';
import { startSandbox, type Sandbox } from '../../../sandbox/sandbox.js';
import { CUSTOMER_ROWS, SPECIAL_ITEM_IDS } from '../../../sandbox/seed.js';

const USER = 'api_user';
const PASSWORD = 'pw-query-1';
const NARROW_KEY = '0f8e0000-0000-4000-8000-0000000000c1';
let server: Sandbox;
let client: ErpClient;
let token: string;

beforeAll(async () => {
  server = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    credentials: { users: { [USER]: PASSWORD }, consumerKeys: { [NARROW_KEY]: '/odata:customer' } },
  });
  const auth = tokenAuth({ baseUrl: server.url, username: USER, password: PASSWORD });
  // the tests count the requests of paging runs: no drift check (test/runtime/drift.test.ts) among them
  client = createClient({ baseUrl: server.url, auth, drift: 'off' });
  token = await auth.token();
});
afterAll(() => server.close());

/** What the sandbox answers a request the client would never send (a mistake the types refuse). */
async function raw(path: string, query = '', headers: Record<string, string> = {}) {
  const answer = await fetch(`${server.url}/odataservice/odata/${path}${query ? `?${query}` : ''}`, {
    // marked: these are mistakes on purpose, not what the client sends
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'X-Test-Raw': '1', ...headers },
  });
  const text = await answer.text();
  return { status: answer.status, text, type: answer.headers.get('content-type') ?? '' };
}
const filter = (text: string, extra = '$top=5') => `${extra}&$filter=${encodeURIComponent(text)}`;

async function all<R>(rows: AsyncIterable<R>): Promise<R[]> {
  const out: R[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('paging', () => {
  it('Q17: returns every row exactly once, in pages of $top until a short page (no server paging, no nextLink)', async () => {
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

  it('Q17: always sends $top: the default page size when the query gives none', async () => {
    const page = await client.page(query(customer));
    expect(page.rows).toHaveLength(1000);
    expect(new URLSearchParams(server.requests.at(-1)!.query).get('$top')).toBe('1000');
  });

  it('Q26: returns @odata.count when asked', async () => {
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

  it('Q5, A4: sends Accept: application/json and the bearer token on every request (one token)', async () => {
    await client.page(query(price_page).top(1));
    const last = server.requests.at(-1)!;
    expect(last.headers['accept']).toBe('application/json');
    expect(last.headers['authorization']).toBe(`Bearer ${token}`);
  });
});

describe('filters, read back by the server exactly as given', () => {
  it("Q24: escapes quotes (O'Neil) and finds the row", async () => {
    const page = await client.page(query(customer).filter((c) => c.customer_name.startsWith("O'Neil")));
    expect(page.rows.map((r) => r.customer_name)).toEqual(["O'Neil Supply"]);
  });

  it('Q25: percent-encodes the special characters of item identifiers (/ + # & space)', async () => {
    for (const id of SPECIAL_ITEM_IDS) {
      const page = await client.page(
        query(inv_mast)
          .select('item_id')
          .filter((c) => c.item_id.eq(id)),
      );
      expect(page.rows, id).toEqual([{ item_id: id }]);
    }
  });

  it('Q21: sends in() as an or-chain, so the server does not return every row', async () => {
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

  it('Q24, Q8: compares date-times and decimals (DTO literals, decimals unquoted)', async () => {
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

  it('Q15: changedSince pages a search view by its modification stamp', async () => {
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

  it('Q1: 404 with an empty body: unknown object', async () => {
    const e = await failure(() => client.page(query(ghost)));
    expect(e).toBeInstanceOf(ErpNotFoundError);
    expect(e.object).toBe('table/ghost_table');
    expect(e.message).toContain('GET /odataservice/odata/table/ghost_table?$top=1000');
  });

  it('Q1: 404 with an empty body: a table asked for on the view surface', async () => {
    const e = await failure(() => client.page(query(wrongSurface).top(1)));
    expect(e).toBeInstanceOf(ErpNotFoundError);
    expect(e.object).toBe('view/customer');
  });

  it('Q16: 404 with an empty body: unknown column in $select', async () => {
    const e = await failure(() => client.page(query(droppedColumn).select('retired_column')));
    expect(e).toBeInstanceOf(ErpNotFoundError);
    expect(e.request).toContain('$select=retired_column');
  });

  it("Q23, Q26: 404 with the server's message: the filter was rejected", async () => {
    const e = await failure(() => client.page(query(retyped).filter((c) => c.credit_limit.eq('1000'))));
    expect(e).toBeInstanceOf(ErpFilterRejectedError);
    expect(e.serverMessage).toMatch(/incompatible types.*'Edm\.Decimal' and 'Edm\.String'/);
    expect(e.message).toContain(e.serverMessage!);
  });

  it('A9, A10: 401: a token without the object in its scope, and a token the server does not know', async () => {
    const narrow = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ baseUrl: server.url, consumerKey: NARROW_KEY }),
    });
    await expect(narrow.page(query(customer).top(1))).resolves.toBeDefined();
    const e = await failure(() => narrow.page(query(price_page)));
    expect(e).toBeInstanceOf(ErpNotAuthorizedError);
    // A9: the server says no more than it says to a user without the permission: the client read `aud`
    expect(e.serverMessage).toBe('Authorization has been denied for this request.');
    expect((e as ErpNotAuthorizedError).reason).toBe('out-of-scope');
    let invalidated = 0;
    // the query's own refusal is counted: no drift check (whose request would be refused too) beside it
    const stale = createClient({
      baseUrl: server.url,
      auth: { token: async () => 'stale-token-7f3a', invalidate: () => invalidated++ },
      drift: 'off',
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

describe("the query surface's rules, as the sandbox plays them and the package encodes them", () => {
  it('Q2: there is no /odataservice/odata/$metadata; each surface has its own (Q5: JSON only when asked for)', async () => {
    const all = await raw('$metadata');
    expect([all.status, all.text]).toEqual([404, '']);
    const json = await raw('table/$metadata');
    expect([json.status, json.type]).toEqual([200, 'application/json']);
    const xml = await raw('view/$metadata', '', { Accept: '*/*' });
    expect(xml.type).toBe('application/xml');
    expect(xml.text).toMatch(/^<\?xml/);
  });

  it("Q3: bin is the web server's HTML 404 on both surfaces, and the package leaves it out, naming where to read", async () => {
    for (const surface of ['table', 'view']) {
      const bin = await raw(`${surface}/bin`, '$top=1');
      expect(bin.status).toBe(404);
      expect(bin.type).toBe('text/html');
    }
    expect(unreachable.bin).toMatch(/inv_loc\.primary_bin.*bin_ud/);
    expect(Object.keys(tables)).not.toContain('bin');
  });

  it('Q6, Q7: the objects are the container names; a property without $Type is an Edm.String', async () => {
    expect(Object.keys(tables)).toContain('customer');
    // company_id has no $Type in the schema document: a string column, and the sandbox serves strings
    expect(customer.columns.company_id).toBe('string');
    const page = await client.page(query(customer).select('company_id').top(3));
    for (const row of page.rows) expect(typeof row.company_id).toBe('string');
  });

  it('Q8: *_id columns typed Edm.Decimal are numbers, sent unquoted', async () => {
    expect(customer.columns.customer_id).toBe('decimal');
    const page = await client.page(
      query(customer)
        .select('customer_id')
        .filter((c) => c.customer_id.eq(17)),
    );
    expect(page.rows).toEqual([{ customer_id: 17 }]);
    expect(server.requests.at(-1)!.query).toContain('customer_id%20eq%2017');
  });

  it('Q9: row_status_flag holds 704/705/700, delete_flag Y/N; a wrong status column is a 404 naming it', async () => {
    const flags = await all(client.rows(query(price_page).select('row_status_flag').top(500)));
    expect(new Set(flags.map((r) => r.row_status_flag))).toEqual(new Set([704, 705, 700]));
    const deleted = await all(client.rows(query(customer).select('delete_flag').top(1000)));
    expect(new Set(deleted.map((r) => r.delete_flag))).toEqual(new Set(['Y', 'N']));
    const wrong = await raw('table/customer', filter('row_status_flag eq 704'));
    expect(wrong.status).toBe(404);
    expect(JSON.parse(wrong.text).error.message).toBe(
      "Could not find a property named 'row_status_flag' on type 'dbo.customer'.",
    );
  });

  it('Q10: the company column differs per table (company_id on oe_hdr, company_no on po_hdr, none on supplier)', async () => {
    expect(Object.keys(oe_hdr.columns)).toContain('company_id');
    expect(Object.keys(oe_hdr.columns)).not.toContain('company_no');
    expect(Object.keys(po_hdr.columns)).toContain('company_no');
    expect(Object.keys(supplier.columns).filter((c) => /^company_/.test(c))).toEqual([]);
    const wrong = await raw('table/po_hdr', filter("company_id eq 'ACME'"));
    expect(wrong.status).toBe(404);
  });

  it('Q11: address has only mail_/phys_ address columns; an unprefixed one is a 404', async () => {
    const columns = Object.keys(address.columns);
    expect(
      columns
        .filter((c) => /(^|_)(address1|city|state|postal_code|country)$/.test(c))
        .every((c) => /^(mail|phys)_/.test(c)),
    ).toBe(true);
    expect((await raw('table/address', '$top=1&$select=city')).status).toBe(404);
  });

  it('Q12, Q13: oe_hdr.completed is Y, N or T; projected_order marks a quote, quote_type is empty, no quote_flag', async () => {
    const orders = await all(client.rows(query(oe_hdr).select('completed', 'projected_order', 'quote_type').top(500)));
    expect(new Set(orders.map((r) => r.completed))).toEqual(new Set(['Y', 'N', 'T']));
    expect(new Set(orders.map((r) => r.projected_order))).toEqual(new Set(['Y', 'N']));
    expect(orders.every((r) => r.quote_type === null)).toBe(true);
    expect((await raw('table/oe_hdr', '$top=1&$select=quote_flag')).status).toBe(404);
  });

  it('Q14: credit_status decodes customer.credit_status: GOOD ACA WATCH TRC PRC COD TBD', async () => {
    const codes = (await client.page(query(credit_status).top(100))).rows.map((r) => r.credit_status);
    expect(new Set(codes)).toEqual(new Set(['GOOD', 'ACA', 'WATCH', 'TRC', 'PRC', 'COD', 'TBD']));
  });

  it('Q18: no substringof and no $expand: the sandbox answers 404 (the package has neither)', async () => {
    const substringof = await raw('table/customer', filter("substringof('A', customer_name)"));
    expect(substringof.status).toBe(404);
    expect(JSON.parse(substringof.text).error.message).toMatch(/unknown function with name 'substringof'/);
    expect((await raw('table/customer', '$top=1&$expand=customer_terms')).status).toBe(404);
    // contains is how a substring is asked for
    const page = await client.page(
      query(customer)
        .select('customer_name')
        .filter((c) => c.customer_name.contains('Supply'))
        .top(5),
    );
    expect(page.rows.length).toBeGreaterThan(0);
  });

  it('Q19: a column on the right: 404 on a typed column, wrong results on a string one (the package refuses both)', async () => {
    expect((await raw('table/customer', filter('credit_limit gt credit_limit_used'))).status).toBe(404);
    const strings = await raw('table/customer', filter('customer_name eq class_1id'));
    expect(strings.status).toBe(200);
  });

  it('Q20, Q22: arithmetic and now() are 404s (the package cannot write them)', async () => {
    expect((await raw('table/customer', filter('credit_limit add 1 gt 5'))).status).toBe(404);
    expect((await raw('table/customer', filter('date_created lt now()'))).status).toBe(404);
  });

  it('Q21: the service ignores in and answers every row; the package sends an or-chain', async () => {
    const ignored = await raw('table/credit_status', filter("credit_status in ('COD')", '$top=100'));
    expect(JSON.parse(ignored.text).value).toHaveLength(7);
    const sent = await client.page(query(credit_status).filter((c) => c.credit_status.in(['COD'])));
    expect(sent.rows).toHaveLength(1);
    expect(decodeURIComponent(server.requests.at(-1)!.query)).toContain("$filter=credit_status eq 'COD'");
  });

  it('Q23: a quoted numeric is a 404 with the operand types (the package refuses it at compile time)', async () => {
    const quoted = await raw('table/customer', filter("customer_id eq '5'"));
    expect(quoted.status).toBe(404);
    expect(JSON.parse(quoted.text).error.message).toMatch(/incompatible types.*'Edm\.Decimal' and 'Edm\.String'/);
  });
});

describe('what went over the wire', () => {
  it('every $filter the client sent is valid OData by the ABNF grammar', () => {
    const filters = server.requests
      .filter((r) => r.headers['x-test-raw'] === undefined)
      .map((r) => /(?:^|&)\$filter=([^&]*)/.exec(r.query)?.[1])
      .filter((f): f is string => f !== undefined);
    expect(filters.length).toBeGreaterThan(10);
    for (const f of filters) expect(isValidEncodedFilter(f), decodeURIComponent(f)).toBe(true);
  });
});
