// The sandbox as a team's offline test kit: started without a snapshot (the sample erpgen ships), with a user it
// made; rows seeded by the generated package's descriptors (an unknown column does not compile: `npm test` compiles
// this file before running it) and read by every family; a reset between tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@acme/erp-schema';
import { createClient, tokenAuth, type ErpClient } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { oe_hdr } from '@acme/erp-schema/tables/oe_hdr';
import { Order } from '@acme/erp-schema/transactions/Order';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';

let sandbox: Sandbox;
let client: ErpClient;

beforeAll(async () => {
  sandbox = await startSandbox();
  client = createClient({ baseUrl: sandbox.url, auth: tokenAuth({ baseUrl: sandbox.url, ...sandbox.credentials! }) });
});
afterAll(() => sandbox.close());

describe('the sandbox as a test kit', () => {
  it('starts on the sample snapshot, with a user whose credentials it gives', async () => {
    expect(sandbox.credentials?.username).toBe('api_user');
    expect((await client.page(query(customer).top(3))).rows).toHaveLength(3);
  });

  it('seeds rows typed by the generated package, which every family then reads', async () => {
    sandbox.seed(customer, [
      { company_id: 'ACME', customer_id: 1, customer_name: 'ACME Rentals', credit_limit: '5000.25' },
      { company_id: 'ACME', customer_id: 2, customer_name: 'Bolt & Nut', delete_flag: 'Y' },
    ]);
    const rows = (await client.page(query(customer).select('customer_id', 'customer_name', 'credit_limit'))).rows;
    expect(rows).toEqual([
      { customer_id: 1, customer_name: 'ACME Rentals', credit_limit: 5000.25 },
      expect.objectContaining({ customer_id: 2, customer_name: 'Bolt & Nut' }),
    ]);
    // the entity family's records are the same rows
    const record = await client.entity.customers.get({ companyId: 'ACME', customerId: 1 });
    expect(record.CustomerName).toBe('ACME Rentals');
    // compiled, never run
    void (() => {
      // @ts-expect-error an unknown column does not compile
      sandbox.seed(customer, [{ customer_nmae: 'x' }]);
      // @ts-expect-error a value of another kind does not either
      sandbox.seed(customer, [{ customer_id: true }]);
    });
  });

  it('a seed is all or nothing: a refused row leaves the table as it was', async () => {
    sandbox.seed(customer, [{ company_id: 'ACME', customer_id: 7, customer_name: 'Kept' }]);
    const before = (await client.page(query(customer))).rows;
    expect(() =>
      sandbox.seed(customer, [
        { company_id: 'ACME', customer_id: 8, customer_name: 'Fine' },
        // a column the table does not have, past the types
        { company_id: 'ACME', customer_id: 9, customer_nmae: 'typo' } as never,
      ]),
    ).toThrow(/it has no column "customer_nmae"/);
    expect(() => sandbox.seed(customer, [{ customer_id: 'not a number' as never }])).toThrow();
    expect((await client.page(query(customer))).rows).toEqual(before);
  });

  it('a reset brings back the rows, records and sessions it started with; the token stays good', async () => {
    const written = await client.transaction(
      Order.request([Order.transaction().form('TABPAGE_1.order', { customer_id: 1, po_no: 'PO-KIT-1' })], {
        useCodeValues: false,
      }),
    );
    const orderNo = Order.records(written, 'TABPAGE_1.order')[0]?.order_no;
    const find = () =>
      client.page(
        query(oe_hdr)
          .select('order_no')
          .filter((c) => c.po_no.eq('PO-KIT-1')),
      );
    expect((await find()).rows).toEqual([{ order_no: orderNo }]);
    sandbox.seed(customer, []);
    await sandbox.reset();
    expect((await find()).rows).toEqual([]);
    expect((await client.page(query(customer).top(3))).rows).toHaveLength(3);
    expect(sandbox.tokensIssued()).toBe(1);
  });
});
