// End to end: reading back what was written, typed. `Service.records()` gives the rows of one element of a
// write's answer (the keys the server assigned) or of a read (`client.transactionGet()`), by field name,
// against the simulated Transaction API over real HTTP on 127.0.0.1.
import { describe, expect } from 'vitest';
import { ErpTransactionBuildError } from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';
import { e2eTest } from '../../support/e2e.js';

// the Transaction API's settings as the documents describe them
const it = e2eTest({ transactions: {} });

const newOrder = (po: string) =>
  Order.transaction()
    .form('TABPAGE_1.order', {
      customer_id: 100198,
      sales_loc_id: 10,
      source_loc_id: 10,
      po_no: po,
      order_date: new Date(2030, 0, 5),
      taker: 'JSMITH',
    })
    .list('TP_ITEMS.items', [
      { oe_order_item_id: 'WIDGET-001', unit_quantity: 5 },
      { oe_order_item_id: 'WIDGET-002', unit_quantity: 2 },
    ]);

describe('typed read-back', () => {
  it('the number of a created order comes from the answer in one step, and reads it back by field name', async ({
    e2e: { client },
  }) => {
    const result = await client.transaction(Order.request([newOrder('PO-READ-1')], { useCodeValues: false }));
    const [header] = Order.records(result, 'TABPAGE_1.order');
    const orderNo = header?.order_no;
    expect(orderNo).toMatch(/^\d+$/);
    // the same value the raw answer carries
    const raw = result.Results!.Transactions[0]!.DataElements!.find((e) => e.Name === 'TABPAGE_1.order')!.Rows[0]!;
    expect(raw.Edits).toContainEqual({ Name: 'order_no', Value: orderNo });

    const set = await client.transactionGet(Order.get('TABPAGE_1.order', { order_no: orderNo! }));
    const [read] = Order.records(set, 'TABPAGE_1.order');
    expect(read?.order_no).toBe(orderNo);
    expect(read?.po_no).toBe('PO-READ-1');
    expect(read?.order_date).toBe('2030-01-05');
    const items = Order.records(set, 'TP_ITEMS.items');
    expect(items.map((i) => [i.oe_order_item_id, i.unit_quantity])).toEqual([
      ['WIDGET-001', '5'],
      ['WIDGET-002', '2'],
    ]);
  });

  it('one record per row, in order, across every transaction of a request', async ({ e2e: { client } }) => {
    const result = await client.transaction(
      Order.request([newOrder('PO-READ-2'), newOrder('PO-READ-3')], { useCodeValues: false }),
    );
    const headers = Order.records(result, 'TABPAGE_1.order');
    expect(headers).toHaveLength(2);
    expect(new Set(headers.map((h) => h.order_no)).size).toBe(2);
  });

  it('an element the answer does not hold gives no rows; an element the service does not have is refused', async ({
    e2e: { client },
  }) => {
    const result = await client.transaction(Order.request([newOrder('PO-READ-4')], { useCodeValues: false }));
    expect(Order.records(result, 'TP_NOTES.notes')).toEqual([]);
    // @ts-expect-error not an element of Order
    expect(() => Order.records(result, 'NO_SUCH.element')).toThrow(ErpTransactionBuildError);
  });

  it('records are typed by the element: a field it does not have does not compile', async ({ e2e: { client } }) => {
    const result = await client.transaction(Order.request([newOrder('PO-READ-5')], { useCodeValues: false }));
    const [header] = Order.records(result, 'TABPAGE_1.order');
    header?.order_no satisfies string | undefined;
    // @ts-expect-error not a field of TABPAGE_1.order
    void header?.no_such_field;
    expect(header).toBeDefined();
  });
});
