// End to end: one store. What the generated package writes through the Transaction API, an interactive save and
// /api/v2/commands is what the query surface then serves and /transaction/get reads back, and the rows the query
// surface lists read back through the Transaction API: the documents' "always read back" (T7, T14) can be followed
// against the sandbox. Signed in with tokens the sandbox issued (tokenAuth with a user's credentials).
import { describe, expect } from 'vitest';
import { query } from '@acme/erp-schema';
import {
  ErpInteractiveError,
  ErpTransactionFailedError,
  type ErpClient,
  type TransactionRequest,
} from '@acme/erp-schema/client';
import { address } from '@acme/erp-schema/tables/address';
import { oe_hdr } from '@acme/erp-schema/tables/oe_hdr';
import { oe_line } from '@acme/erp-schema/tables/oe_line';
import { Order } from '@acme/erp-schema/transactions/Order';
import { e2eTest } from '../support/e2e.js';
import { ordersWithPo } from '../support/sandbox.js';

const it = e2eTest({ transactions: { disabled: { Order: { 'TABPAGE_1.order': ['job_name'] } } } });

const HEADER = 'TABPAGE_1.order';
const ITEMS = 'TP_ITEMS.items';

const newOrder = (po: string, extra: Record<string, string> = {}) =>
  Order.transaction()
    .form(HEADER, { customer_id: 100198, sales_loc_id: 10, po_no: po, order_date: new Date(2030, 0, 5), ...extra })
    .list(ITEMS, [
      { oe_order_item_id: 'WIDGET-001', unit_quantity: 5 },
      { oe_order_item_id: 'WIDGET-002', unit_quantity: 2 },
    ]);

const headers = (client: ErpClient, po: string) => ordersWithPo(client, po);

async function header(client: ErpClient, orderNo: string) {
  const set = await client.transactionGet(Order.get(HEADER, { order_no: orderNo }));
  return Order.records(set, HEADER)[0];
}

describe('a transaction writes the rows the query surface serves', () => {
  it('T14: an Order written is one oe_hdr row and its oe_line rows, readable on the query surface and through transactionGet', async ({
    e2e: { client, server },
  }) => {
    const highest = (await client.page(query(oe_hdr).select('order_no').top(1000))).rows
      .map((r) => Number(r.order_no))
      .reduce((a, b) => Math.max(a, b), 0);
    const result = await client.transaction(Order.request([newOrder('PO-ONE-1')], { useCodeValues: false }));
    const orderNo = Order.records(result, HEADER)[0]!.order_no!;
    // the server's key: after every order the tenant has, never one a row already holds
    expect(Number(orderNo)).toBe(Math.max(highest + 1, 1000001));
    const rows = await headers(client, 'PO-ONE-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ order_no: orderNo, customer_id: 100198, po_no: 'PO-ONE-1', completed: 'N' });
    expect(rows[0]!.order_date).toMatch(/^2030-01-05T00:00:00/);
    const lines = (
      await client.page(
        query(oe_line)
          .filter((c) => c.order_no.eq(orderNo))
          .top(10),
      )
    ).rows;
    expect(lines.map((l) => [l.line_no, l.unit_quantity])).toEqual([
      [1, 5],
      [2, 2],
    ]);
    const read = await client.transactionGet(Order.get(HEADER, { order_no: orderNo }));
    expect(Order.records(read, HEADER)[0]).toMatchObject({
      order_no: orderNo,
      po_no: 'PO-ONE-1',
      order_date: '2030-01-05',
    });
    expect(Order.records(read, ITEMS).map((i) => [i.line_no, i.oe_order_item_id, i.unit_quantity])).toEqual([
      ['1', 'WIDGET-001', '5'],
      ['2', 'WIDGET-002', '2'],
    ]);
  });

  it('T14: an order the query surface lists reads back through transactionGet, with the values the query surface shows', async ({
    e2e: { client },
  }) => {
    const [listed] = (await client.page(query(oe_hdr).select('order_no', 'po_no', 'customer_id').top(1))).rows;
    const read = await header(client, listed!.order_no);
    expect(read).toBeDefined();
    expect(read!.order_no).toBe(listed!.order_no);
    expect(read!.po_no ?? null).toBe(listed!.po_no);
    expect(read!.customer_id === undefined ? null : Number(read!.customer_id)).toBe(listed!.customer_id);
  });

  it('a keyed write changes the row in place: the query surface sees the new value, nothing is added', async ({
    e2e: { client },
  }) => {
    const result = await client.transaction(Order.request([newOrder('PO-ONE-2')], { useCodeValues: false }));
    const orderNo = Order.records(result, HEADER)[0]!.order_no!;
    const update = Order.transaction().form(HEADER, { order_no: orderNo, po_no: 'PO-ONE-2B' }, { keys: ['order_no'] });
    await client.transaction(Order.request([update], { useCodeValues: false }));
    expect(await headers(client, 'PO-ONE-2')).toEqual([]);
    expect((await headers(client, 'PO-ONE-2B')).map((r) => r.order_no)).toEqual([orderNo]);
  });

  it('T5: a display label is stored as its code (ON as Y), and read back as the label', async ({ e2e: { client } }) => {
    const result = await client.transaction(
      Order.request([newOrder('PO-ONE-3', { approved: 'ON', cancel_flag: 'OFF' })], { useCodeValues: false }),
    );
    const orderNo = Order.records(result, HEADER)[0]!.order_no!;
    expect((await headers(client, 'PO-ONE-3'))[0]).toMatchObject({ approved: 'Y', cancel_flag: 'N' });
    expect(await header(client, orderNo)).toMatchObject({ approved: 'ON', cancel_flag: 'OFF' });
  });

  it('fields without a column (c_*) and display lookups of another table are echoed by transactionGet and change nothing queryable', async ({
    e2e: { client },
  }) => {
    const result = await client.transaction(
      Order.request([newOrder('PO-ONE-4', { c_job_no: 'JOB-77', customer_name: 'Lookup Only Name' })], {
        useCodeValues: false,
      }),
    );
    const orderNo = Order.records(result, HEADER)[0]!.order_no!;
    expect(await header(client, orderNo)).toMatchObject({ c_job_no: 'JOB-77', customer_name: 'Lookup Only Name' });
    const [row] = await headers(client, 'PO-ONE-4');
    expect(Object.keys(row!)).not.toContain('c_job_no');
    expect(Object.values(row!)).not.toContain('JOB-77');
    // customer_name is address.name on the window: the address rows are not the order's to change
    expect(
      (
        await client.page(
          query(address)
            .filter((c) => c.name.eq('Lookup Only Name'))
            .top(1),
        )
      ).rows,
    ).toEqual([]);
  });

  it('T7: with ignoreDisabled (unverified) a disabled column passes and is not written: reading back on either surface shows it', async ({
    e2e: { client },
  }) => {
    const result = await client.transaction(
      Order.request([newOrder('PO-ONE-5', { job_name: 'Ignored Job' })], {
        useCodeValues: false,
        ignoreDisabled: true,
      }),
      { verify: false },
    );
    expect(result.Summary).toEqual({ Succeeded: 1, Failed: 0, Other: 0 });
    const orderNo = Order.records(result, HEADER)[0]!.order_no!;
    expect((await headers(client, 'PO-ONE-5'))[0]!.job_name).not.toBe('Ignored Job');
    expect((await header(client, orderNo))!.job_name).not.toBe('Ignored Job');
  });
});

describe('a failed transaction leaves nothing behind', () => {
  it('T9: a line the database refuses (a duplicate key) fails the whole transaction: no header, no line', async ({
    e2e: { client },
  }) => {
    const twice = Order.transaction()
      .form(HEADER, { customer_id: 100198, po_no: 'PO-ONE-FAIL' })
      .list(ITEMS, [
        { user_line_no: 'A', line_no: 7, unit_quantity: 1 },
        { user_line_no: 'B', line_no: 7, unit_quantity: 2 },
      ]);
    const error = await client.transaction(Order.request([twice], { useCodeValues: false })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpTransactionFailedError);
    expect((error as ErpTransactionFailedError).messages[0]).toMatch(
      /Violation of PRIMARY KEY constraint 'PK_oe_line'/,
    );
    expect(await headers(client, 'PO-ONE-FAIL')).toEqual([]);
  });

  it("Q12: an order whose oe_hdr.completed is 'T' refuses a transaction and an interactive save, and stays as it was", async ({
    e2e: { client, server },
  }) => {
    server.insert('oe_hdr', [{ order_no: '7712345', completed: 'T', po_no: 'PO-IN-EDIT' }]);
    const edit = Order.transaction().form(HEADER, { order_no: '7712345', po_no: 'PO-CHANGED' }, { keys: ['order_no'] });
    await expect(client.transaction(Order.request([edit], { useCodeValues: false }))).rejects.toThrow(
      /Order 7712345 is in an editing state/,
    );
    const saved = await client.interactive
      .session(async (s) => {
        const w = await s.open(Order);
        await w.change(HEADER, { order_no: '7712345' });
        await w.change(HEADER, { po_no: 'PO-CHANGED' });
        return w.save();
      })
      .catch((e: unknown) => e);
    expect(saved).toBeInstanceOf(ErpInteractiveError);
    expect((await headers(client, 'PO-IN-EDIT')).map((r) => r.order_no)).toEqual(['7712345']);
    expect(await headers(client, 'PO-CHANGED')).toEqual([]);
  });

  it('T10: transactions of one POST are independent: the one that passed is written, the failed one is not', async ({
    e2e: { client },
  }) => {
    const bad = Order.transaction().form(HEADER, { po_no: 'PO-ONE-BAD' });
    const answer = await client.transaction(Order.request([newOrder('PO-ONE-GOOD'), bad], { useCodeValues: false }), {
      allowFailures: true,
    });
    expect(answer.Results!.Transactions.map((t) => t.Status)).toEqual(['Passed', 'Failed']);
    expect(await headers(client, 'PO-ONE-GOOD')).toHaveLength(1);
    expect(await headers(client, 'PO-ONE-BAD')).toEqual([]);
  });
});

describe('an interactive save and /commands write the same rows', () => {
  it('an interactive save of po_no changes oe_hdr; the query surface and transactionGet see it', async ({
    e2e: { client },
  }) => {
    const [listed] = (
      await client.page(
        query(oe_hdr)
          .filter((c) => c.completed.ne('T'))
          .top(1),
      )
    ).rows;
    const orderNo = listed!.order_no;
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      expect((await w.change(HEADER, { order_no: orderNo })).kind).toBe('ok');
      // the window shows the row the query surface serves
      expect((await w.rows(HEADER))[0]).toMatchObject({ order_no: orderNo });
      await w.change(HEADER, { po_no: 'PO-SAVED-1' });
      expect((await w.save()).kind).toBe('ok');
    });
    expect((await headers(client, 'PO-SAVED-1')).map((r) => r.order_no)).toEqual([orderNo]);
    expect((await header(client, orderNo))!.po_no).toBe('PO-SAVED-1');
  });

  it('a new record saved interactively gets the next order number, queryable at once', async ({ e2e: { client } }) => {
    const before = (await client.page(query(oe_hdr).select('order_no').top(1000))).rows.length;
    let orderNo: unknown;
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      await w.change(HEADER, { customer_id: 100198, po_no: 'PO-SAVED-NEW' });
      const saved = await w.save();
      orderNo = saved.events.find((e) => e.Name === 'keygenerated')?.Data.find((d) => d.Key === 'order_no')?.Value;
    });
    expect(orderNo).toMatch(/^\d+$/);
    expect((await headers(client, 'PO-SAVED-NEW')).map((r) => r.order_no)).toEqual([orderNo]);
    expect((await client.page(query(oe_hdr).select('order_no').top(1000))).rows).toHaveLength(before + 1);
  });

  it('T12: client.commands changes the row too', async ({ e2e: { client } }) => {
    const result = await client.transaction(Order.request([newOrder('PO-CMD-1')], { useCodeValues: false }));
    const orderNo = Order.records(result, HEADER)[0]!.order_no!;
    const request: TransactionRequest = Order.request(
      [Order.transaction().form(HEADER, { order_no: orderNo, po_no: 'PO-CMD-2' }, { keys: ['order_no'] })],
      { useCodeValues: false },
    );
    await client.commands(Order, request);
    expect(await headers(client, 'PO-CMD-1')).toEqual([]);
    expect((await headers(client, 'PO-CMD-2')).map((r) => r.order_no)).toEqual([orderNo]);
    expect((await header(client, orderNo))!.po_no).toBe('PO-CMD-2');
  });
});
