// Row validation end to end: a sandbox of the sample after a made-up upgrade (a column that now holds another type,
// one made nullable and longer, one added, one gone) answers rows the sample package does not describe, and
// `validate` finds each problem where the rows arrive, over real HTTP.
import { describe, expect, it, onTestFinished } from 'vitest';
import { ErpRowValidationError, query } from '@acme/erp-schema';
import { createClient } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { inv_mast } from '@acme/erp-schema/tables/inv_mast';
import { oe_hdr } from '@acme/erp-schema/tables/oe_hdr';
import { svc_view_es_customer } from '@acme/erp-schema/views/svc_view_es_customer';
import { json, serverPool } from '../support/fault-server.js';
import { sandboxes, signedIn, snapshotEdited } from '../support/sandbox.js';

const LONG = `Bearer ${'s3cr3t'.repeat(10)}`;
const upgraded = snapshotEdited((doc, file) => {
  if (file !== 'tables.metadata.json') return;
  const type = doc.dbo['customer']!;
  expect(type['interchg_receiver_id']).toEqual({ $Nullable: true, $MaxLength: 20 });
  expect(type['resale_certificate']).toEqual({ $MaxLength: 50 });
  type['interchg_receiver_id'] = { $Type: 'Edm.Int32', $Nullable: true }; // Edm.String -> Edm.Int32
  type['resale_certificate'] = { $Nullable: true, $MaxLength: 80 }; // nullable now, and longer
  type['loyalty_tier'] = { $Nullable: true, $MaxLength: 10 }; // a column added
  delete type['intl_san']; // a column gone
});
const start = sandboxes();

async function upgradedSandbox() {
  const sandbox = await start({ snapshot: upgraded });
  // row 2 holds null where the package says not null, row 3 a string longer than the package's 50
  sandbox.seed(customer, [
    { interchg_receiver_id: 1, resale_certificate: 'RC-1' },
    { interchg_receiver_id: 0, resale_certificate: null },
    { resale_certificate: LONG },
  ] as never);
  return sandbox;
}

describe('row validation', () => {
  it('off by default: the rows come as the server sent them, nothing said', async () => {
    const sandbox = await upgradedSandbox();
    const lines: string[] = [];
    const { client } = signedIn(sandbox, { log: (line) => lines.push(line) });
    const rows = [];
    for await (const row of client.rows(query(customer))) rows.push(row);
    expect(rows.map((r) => r.interchg_receiver_id)).toEqual([1, 0, null]);
    expect(lines.filter((l) => /validation/.test(l))).toEqual([]);
  });

  it('warn: each problem said once per object and column, whatever the rows; a row in one line', async () => {
    const sandbox = await upgradedSandbox();
    const lines: string[] = [];
    const { client } = signedIn(sandbox, { log: (line) => lines.push(line) });
    for (let run = 0; run < 2; run++) for await (const _ of client.rows(query(customer).top(2), { validate: 'warn' }));
    const said = lines.filter((l) => /validation/.test(l));
    // row 0's three problems in one line, rows 1 and 2 one each
    expect(said).toHaveLength(3);
    const about = (column: string, text: RegExp) =>
      expect(
        said.filter((l) => l.includes(`column "${column}"`) && text.test(l)),
        column,
      ).toHaveLength(1);
    about('interchg_receiver_id', /table\/customer row 0: .* holds 1, not a value of kind string/);
    about('resale_certificate', /row 1: .*is null, but the snapshot says not null/);
    about('resale_certificate', /row 2: .*holds 67 characters, more than its MaxLength 50/);
    about('intl_san', /row 0: .*is missing from the row/);
    about('loyalty_tier', /row 0: .*is not in the snapshot/);
    // the value shown is redacted, then cut
    expect(said.join('\n')).not.toContain('s3cr3t');
  });

  it('warn against a hostile server: a row of 100,000 unknown columns is one short line; an object says 20 lines at most', async () => {
    const serve = serverPool();
    onTestFinished(serve.closeAll);
    let page = 0;
    const s = await serve((req, res) => {
      // every row with columns no snapshot has, new ones each time; a first row of 100,000 of them
      const row = (i: number, n: number) =>
        Object.fromEntries(Array.from({ length: n }, (_, j) => [`odd_${page}_${i}_${j}`, j]));
      page++;
      return json(res, 200, {
        value: [row(0, page === 1 ? 100_000 : 2), ...Array.from({ length: 49 }, (_, i) => row(i + 1, 2))],
      });
    });
    const lines: string[] = [];
    const client = createClient({
      baseUrl: s.url,
      auth: 'a-test-token-0123456789',
      drift: 'off',
      validate: 'warn',
      log: (l) => lines.push(l),
    });
    for (let i = 0; i < 3; i++) await client.page(query(customer).select('customer_id'));
    const said = lines.filter((l) => /validation/.test(l));
    expect(said).toHaveLength(20);
    expect(said[0]).toMatch(
      /^erpgen row validation: table\/customer row 0: column "customer_id" is missing from the row; column "odd_1_0_0" is not in the snapshot; column "odd_1_0_1" is not in the snapshot; and 99998 more \(said once/,
    );
    for (const line of said) expect(line.length).toBeLessThan(600);
    expect(said.at(-1)).toMatch(/; no more is said of table\/customer\)$/);
  });

  it('error: the first row that does not fit, by object, column, row index and problem', async () => {
    const sandbox = await upgradedSandbox();
    const { client } = signedIn(sandbox, { validate: 'error' });
    const kind = await client
      .page(query(customer).select('customer_id', 'interchg_receiver_id').orderBy('customer_id'))
      .catch((e: unknown) => e);
    expect(kind).toBeInstanceOf(ErpRowValidationError);
    expect(kind).toMatchObject({
      object: 'table/customer',
      column: 'interchg_receiver_id',
      rowIndex: 0,
      problem: 'wrong-kind',
    });
    expect((kind as Error).message).toBe(
      'table/customer row 0: column "interchg_receiver_id" holds 1, not a value of kind string',
    );
    // a paging run counts rows across its pages: the null is the second row, on the second page of one row each
    const run = async () => {
      for await (const _ of client.rows(query(customer).select('customer_id', 'resale_certificate').top(1)));
    };
    await expect(run()).rejects.toMatchObject({
      name: 'ErpRowValidationError',
      column: 'resale_certificate',
      rowIndex: 1,
      problem: 'null',
      rowsDelivered: 1,
    });
    const long = client.page(query(customer).select('resale_certificate').orderBy('customer_id').skip(2), {
      validate: 'error',
    });
    await expect(long).rejects.toMatchObject({ problem: 'too-long', column: 'resale_certificate' });
    // a call's own setting wins over the client's
    expect((await client.page(query(customer), { validate: 'off' })).rows).toHaveLength(3);
  });

  it('the rows of the sample, as the package describes them, pass', async () => {
    const sandbox = await start();
    const { client } = signedIn(sandbox, { validate: 'error' });
    const sizes = [
      (await client.page(query(customer).top(500))).rows.length,
      (await client.page(query(oe_hdr).top(500))).rows.length,
      (await client.page(query(inv_mast).top(500))).rows.length,
      (await client.page(query(svc_view_es_customer).top(500))).rows.length,
    ];
    expect(sizes.every((n) => n > 0)).toBe(true);
  });

  it('validate is refused when it is none of the three words', () => {
    expect(() => createClient({ baseUrl: 'http://127.0.0.1:9', auth: 't', validate: 'strict' as never })).toThrow(
      /validate is 'warn', 'error' or 'off', not "strict"/,
    );
  });
});
