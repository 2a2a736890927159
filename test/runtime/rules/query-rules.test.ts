// End to end, one sandbox for the file: the query surface's rules whose encoding lives in the generator (what it
// reads from a schema document, the known values it writes) or in the literals and filters of the runtime, each
// proven against what the sandbox serves and refuses, with a token the sandbox issued.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, CreditStatus, defineObject, OrderCompleted, query } from '@acme/erp-schema';
import { ErpTransactionFailedError } from '@acme/erp-schema/client';
import { credit_status } from '@acme/erp-schema/tables/credit_status';
import { customer } from '@acme/erp-schema/tables/customer';
import { oe_hdr } from '@acme/erp-schema/tables/oe_hdr';
import { Order } from '@acme/erp-schema/transactions/Order';
import { fetchSnapshot } from '../../../generator/commands/fetch.js';
import { readCsdlIndex, readCsdlObjects } from '../../../generator/parse/csdl.js';
import { isValidEncodedFilter } from '../../support/odata-abnf.js';
import { PASSWORD, startSignedIn, USER, type SignedIn } from '../../support/sandbox.js';

let sandbox: SignedIn;
const out = mkdtempSync(join(tmpdir(), 'erpgen-rules-'));

beforeAll(async () => {
  // the sample's default size: enough orders for each value of oe_hdr.completed
  sandbox = await startSignedIn({ rowsPerObject: 25 });
});
afterAll(async () => {
  await sandbox.server.close();
  rmSync(out, { recursive: true, force: true });
});

/** the filters the client sent since `from`, decoded */
const filtersSince = (from: number) =>
  sandbox.server.requests
    .slice(from)
    .map((r) => /(?:^|&)\$filter=([^&]*)/.exec(r.query)?.[1])
    .filter((f): f is string => f !== undefined)
    .map(decodeURIComponent);

/** what the sandbox answers a query the client would never send */
async function raw(path: string, filter: string, extra = '') {
  const answer = await sandbox.raw(`/odataservice/odata/${path}?$top=5${extra}&$filter=${encodeURIComponent(filter)}`, {
    // marked: mistakes on purpose, not what the client sends
    headers: { 'X-Test-Raw': '1' },
  });
  return { status: answer.status, text: await answer.text() };
}

describe('Q2, Q6: the schema documents', () => {
  let fetched: Awaited<ReturnType<typeof fetchSnapshot>>;
  beforeAll(async () => {
    const from = sandbox.server.requests.length;
    fetched = await fetchSnapshot({ baseUrl: sandbox.url, out, signIn: { username: USER, password: PASSWORD } });
    fetchedPaths = sandbox.server.requests.slice(from).map((r) => r.path);
  });
  let fetchedPaths: string[] = [];

  it('Q2: erpgen fetch reads each surface its own $metadata; there is no combined one at the service root', async () => {
    expect(fetched.manifest.documents.table.objects).toBeGreaterThan(0);
    expect(fetchedPaths.filter((p) => p.endsWith('$metadata'))).toEqual([
      '/odataservice/odata/table/$metadata',
      '/odataservice/odata/view/$metadata',
    ]);
    const root = await sandbox.raw('/odataservice/odata/$metadata');
    expect([root.status, await root.text()]).toEqual([404, '']);
  });

  it('Q6: the objects are the container keys not starting with $, the columns the entity type keys but $Kind and $Key', async () => {
    const document = readCsdlIndex(join(out, 'tables.metadata.json'), 'table');
    const served = JSON.parse(await (await sandbox.raw('/odataservice/odata/table/$metadata')).text()) as {
      ns: { container: Record<string, unknown> };
      dbo: Record<string, Record<string, unknown>>;
    };
    const names = Object.keys(served.ns.container);
    expect(names).toContain('$Kind');
    expect(document.objects.map((o) => o.name)).toEqual(names.filter((n) => !n.startsWith('$')));
    // the entity type carries $Kind, $Key and annotations beside its columns
    expect(Object.keys(served.dbo['customer']!)).toEqual(expect.arrayContaining(['$Kind', '$Key']));
    const columns: string[] = [];
    readCsdlObjects(
      document.document,
      document.objects.filter((o) => o.name === 'customer'),
      (object) => columns.push(...object.columns.map((c) => c.name)),
    );
    // the columns read are exactly those of a row the sandbox answers, and so are the generated package's
    const page = await sandbox.client.page(query(customer).top(1));
    const rowColumns = Object.keys(page.rows[0]!).sort();
    expect([...columns].sort()).toEqual(rowColumns);
    expect(Object.keys(customer.columns).sort()).toEqual(rowColumns);
  });
});

describe('Q12, Q14: the documents’ closed sets of values, as the package names them', () => {
  it("Q12: oe_hdr.completed is Y, N or T (OrderCompleted); an order in T refuses a transaction's write", async () => {
    const served = new Set<unknown>();
    for await (const r of sandbox.client.rows(query(oe_hdr).select('completed').top(500))) served.add(r.completed);
    expect(served).toEqual(new Set(Object.values(OrderCompleted)));
    const editing = await sandbox.client.page(
      query(oe_hdr)
        .select('order_no', 'completed')
        .filter((o) => o.completed.eq(OrderCompleted.Editing))
        .top(5),
    );
    expect(editing.rows.length).toBeGreaterThan(0);
    expect(editing.rows.every((r) => r.completed === 'T')).toBe(true);
    const orderNo = editing.rows[0]!.order_no;
    const edit = Order.transaction().form(
      'TABPAGE_1.order',
      { order_no: orderNo, po_no: 'PO-Q12' },
      { keys: ['order_no'] },
    );
    const error = await sandbox.client
      .transaction(Order.request([edit], { useCodeValues: false }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpTransactionFailedError);
    expect((error as Error).message).toMatch(/editing state \(completed = T\)/);
  });

  it('Q14: credit_status decodes customer.credit_status: the codes the package names are the rows the table holds', async () => {
    const codes = (await sandbox.client.page(query(credit_status).top(100))).rows.map((r) => r.credit_status);
    expect(new Set(codes)).toEqual(new Set(Object.values(CreditStatus)));
    const from = sandbox.server.requests.length;
    const cod = await sandbox.client.page(
      query(customer)
        .select('customer_id', 'credit_status')
        .filter((c) => c.credit_status.eq(CreditStatus.COD))
        .top(50),
    );
    expect(cod.rows.length).toBeGreaterThan(0);
    expect(cod.rows.every((r) => r.credit_status === 'COD')).toBe(true);
    expect(filtersSince(from)).toEqual(["credit_status eq 'COD'"]);
  });
});

/** columns of one kind each, as the snapshot types edge_columns (a table the package does not generate) */
const edge = defineObject<{ id: number; is_active: boolean; row_guid: string; birthday: string | null }>()({
  name: 'edge_columns',
  surface: 'table',
  key: ['id'],
  columns: { id: 'int', is_active: 'boolean', row_guid: 'guid', birthday: 'date' },
});
const GUID = '0F8E0000-0000-4000-8000-0000000000C1';

describe('Q24: literals as the literal table writes them', () => {
  beforeAll(() => {
    sandbox.server.insert('edge_columns', [
      { id: 24_000, is_active: false, row_guid: GUID.toLowerCase(), birthday: '2030-01-05' },
    ]);
    sandbox.server.insert('customer', [
      {
        company_id: 'ACME',
        customer_id: 24_001,
        customer_name: "Q24 O'Brien",
        date_created: '2031-02-03T04:05:06.789Z',
      },
    ]);
  });

  it("Q24: a string with '' doubled, a date YYYY-MM-DD, a date-time with milliseconds and Z, a boolean and a GUID bare", async () => {
    const from = sandbox.server.requests.length;
    const byKinds = await sandbox.client.page(
      query(edge)
        .select('id')
        .filter((e) =>
          and(e.is_active.eq(false), e.row_guid.eq(GUID), e.birthday.eq(new Date(2030, 0, 5)), e.id.eq(24_000)),
        ),
    );
    expect(byKinds.rows).toEqual([{ id: 24_000 }]);
    const byText = await sandbox.client.page(
      query(customer)
        .select('customer_id')
        .filter((c) =>
          and(c.customer_name.eq("Q24 O'Brien"), c.date_created.eq(new Date(Date.UTC(2031, 1, 3, 4, 5, 6, 789)))),
        ),
    );
    expect(byText.rows).toEqual([{ customer_id: 24_001 }]);
    expect(filtersSince(from)).toEqual([
      `is_active eq false and row_guid eq ${GUID.toLowerCase()} and birthday eq 2030-01-05 and id eq 24000`,
      "customer_name eq 'Q24 O''Brien' and date_created eq 2031-02-03T04:05:06.789Z",
    ]);
  });

  it('Q24: the service refuses the other forms: a quoted boolean, GUID or date, a prefixed GUID', async () => {
    for (const wrong of [
      "is_active eq 'false'",
      `row_guid eq '${GUID}'`,
      `row_guid eq guid'${GUID}'`,
      "birthday eq '2030-01-05'",
    ])
      expect((await raw('table/edge_columns', wrong)).status, wrong).toBe(404);
    // a single quote not doubled ends the literal early: a syntax error
    expect((await raw('table/customer', "customer_name eq 'Q24 O'Brien'")).status).toBe(404);
  });
});

describe('Q28, Q29, Q30: the grammar the service takes', () => {
  it('Q28: null is tested with eq null / ne null only; another comparison with null is refused before sending, and the service would match nothing', async () => {
    const from = sandbox.server.requests.length;
    const withoutStatus = await sandbox.client.page(
      query(customer)
        .select('customer_id', 'credit_status')
        .filter((c) => c.credit_status.eq(null))
        .top(5),
    );
    expect(withoutStatus.rows.every((r) => r.credit_status === null)).toBe(true);
    await sandbox.client.page(
      query(customer)
        .filter((c) => c.credit_status.ne(null))
        .top(1),
    );
    expect(filtersSince(from)).toEqual(['credit_status eq null', 'credit_status ne null']);
    // a caller without the types (JavaScript, a cast): refused at run time
    const before = sandbox.server.requests.length;
    expect(() =>
      query(customer).filter((c) => (c.credit_status as unknown as { gt(v: null): never }).gt(null)),
    ).toThrow(/gt\(null\) is not a filter; only eq\(null\) and ne\(null\)/);
    expect(sandbox.server.requests.length).toBe(before);
    const answered = await raw('table/customer', 'credit_status gt null');
    expect([answered.status, (JSON.parse(answered.text) as { value: unknown[] }).value]).toEqual([200, []]);
  });

  it('Q29: no OData v3 construct: the package sends v4 forms ($count, contains, bare literals), the service refuses the v3 ones', async () => {
    const from = sandbox.server.requests.length;
    const page = await sandbox.client.page(
      query(customer)
        .select('customer_id')
        .filter((c) => and(c.customer_name.contains('Supply'), c.date_created.ge(new Date(Date.UTC(2000, 0, 1)))))
        .count()
        .top(1),
    );
    expect(page.count).toBeGreaterThan(0);
    const [sent] = sandbox.server.requests.slice(from).filter((r) => r.path.endsWith('/table/customer'));
    expect(decodeURIComponent(sent!.query)).toMatch(/\$count=true/);
    expect(decodeURIComponent(sent!.query)).not.toMatch(/inlinecount|substringof|datetime'/);
    expect((await raw('table/customer', "substringof('Supply', customer_name)")).status).toBe(404);
    expect((await raw('table/customer', "date_created ge datetime'2000-01-01T00:00:00'")).status).toBe(404);
    expect((await raw('table/customer', 'customer_id gt 0', '&$inlinecount=allpages')).status).toBe(404);
  });

  it('Q30: a syntax error is a 404; every filter the package wrote in this file is grammatical OData 4', async () => {
    expect((await raw('table/customer', 'customer_id eq')).status).toBe(404);
    expect((await raw('table/customer', '(customer_id eq 1')).status).toBe(404);
    const sent = sandbox.server.requests
      .filter((r) => r.headers['x-test-raw'] === undefined && r.query.includes('$filter='))
      .map((r) => /(?:^|&)\$filter=([^&]*)/.exec(r.query)![1]!);
    expect(sent.length).toBeGreaterThan(5);
    for (const f of sent) expect(isValidEncodedFilter(f), decodeURIComponent(f)).toBe(true);
  });
});
