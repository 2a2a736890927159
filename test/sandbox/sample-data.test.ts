// The sample's tables agree with each other, as a newcomer's first queries expect (docs/sample.md lists values to
// try): an item location names its item's id, an order one of the customers, an order line an item, a pallet a
// location that stocks items. Against the sample as `erpgen sandbox --sample` and `startSandbox()` serve it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@acme/erp-schema';
import { createClient, tokenAuth, type ErpClient } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { inv_loc } from '@acme/erp-schema/tables/inv_loc';
import { inv_mast } from '@acme/erp-schema/tables/inv_mast';
import { location } from '@acme/erp-schema/tables/location';
import { oe_hdr } from '@acme/erp-schema/tables/oe_hdr';
import { oe_line } from '@acme/erp-schema/tables/oe_line';
import { udt_pallet } from '@acme/erp-schema/tables/udt_pallet';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';

let sandbox: Sandbox;
let client: ErpClient;
beforeAll(async () => {
  sandbox = await startSandbox({ credentials: { users: { api_user: 'try-it' } } });
  client = createClient({ baseUrl: sandbox.url, auth: tokenAuth({ username: 'api_user', password: 'try-it' }) });
});
afterAll(() => sandbox.close());

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('the sample', () => {
  it('an item location names the id of its item; AB#12 and WIDGET-001 are stocked at location 10', async () => {
    const items = new Map(
      (await all(client.rows(query(inv_mast).select('inv_mast_uid', 'item_id')))).map((i) => [i.inv_mast_uid, i]),
    );
    const locations = await all(client.rows(query(inv_loc).select('inv_mast_uid', 'location_id', 'item_id')));
    expect(locations.length).toBeGreaterThan(20);
    for (const l of locations)
      expect(l.item_id, `inv_loc ${l.location_id}/${l.inv_mast_uid}`).toBe(items.get(l.inv_mast_uid)?.item_id);
    // the items the pricing examples use are stocked at location 10
    const atTen = locations.filter((l) => l.location_id === 10).map((l) => l.item_id);
    expect(atTen).toEqual(expect.arrayContaining(['AB#12', 'WIDGET-001']));
  });

  it("an order's customer is a customer, an order line's item an item, a pallet's location a location with stock", async () => {
    const customers = new Set(
      (await all(client.rows(query(customer).select('customer_id')))).map((c) => c.customer_id),
    );
    for (const o of await all(client.rows(query(oe_hdr).select('order_no', 'customer_id'))))
      expect(customers.has(o.customer_id!), `order ${o.order_no}: customer ${o.customer_id}`).toBe(true);
    const items = new Map(
      (await all(client.rows(query(inv_mast).select('inv_mast_uid', 'item_id')))).map((i) => [
        i.inv_mast_uid,
        i.item_id,
      ]),
    );
    for (const l of await all(client.rows(query(oe_line).select('order_no', 'line_no', 'inv_mast_uid', 'item_id'))))
      expect(items.get(l.inv_mast_uid!), `line ${l.order_no}/${l.line_no}`).toBe(l.item_id);
    const places = new Set((await all(client.rows(query(location).select('location_id')))).map((l) => l.location_id));
    const stocked = new Set((await all(client.rows(query(inv_loc).select('location_id')))).map((l) => l.location_id));
    for (const p of await all(client.rows(query(udt_pallet).select('row_uid', 'location_id')))) {
      expect(places.has(p.location_id!), `pallet ${p.row_uid}`).toBe(true);
      expect(stocked.has(p.location_id!), `pallet ${p.row_uid}`).toBe(true);
    }
  });
});
