// End to end: interactive writes that must land (issue 26). A batched change refused part way says which items were
// applied, which was refused and why, which were not attempted (X5); a verified save reads the window back (the same
// comparison and error as every family); a missing record is judged by its message's Type on every build (X4: Status
// 0 on 25.2). Against the sandbox over HTTP, signed in with tokens it issued.
import { describe, expect } from 'vitest';
import { ErpWriteNotAppliedError } from '@acme/erp-schema';
import { ErpChangeRejectedError, type ErpClient } from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';
import { e2eTest } from '../../support/e2e.js';
import { sandboxes, signedIn } from '../../support/sandbox.js';

const started = sandboxes();
const it = e2eTest({ disabled: ['Order/TABPAGE_1.order/job_name'] });
it.beforeAll(({ e2e }) => {
  e2e.server.insert('oe_hdr', [{ order_no: '1013938', po_no: 'PO-STORED', job_name: 'Stored job' }]);
});

describe('a batched change refused part way', () => {
  it('X5: refused at its second item (a disabled column): the first applied, the second refused and why, the third not attempted', async ({
    e2e: { client, server },
  }) => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      const error = (await w
        .change('TABPAGE_1.order', { po_no: 'PO-X5', job_name: 'Refused', delivery_instructions: 'Never tried' })
        .catch((e: unknown) => e)) as ErpChangeRejectedError;
      expect(error).toBeInstanceOf(ErpChangeRejectedError);
      expect(error.applied.map((i) => [i.FieldName, i.Value])).toEqual([['po_no', 'PO-X5']]);
      expect(error.rejected).toMatchObject({ FieldName: 'job_name', Value: 'Refused' });
      expect(error.serverMessage).toBe('Column is disabled: job_name');
      expect(error.notAttempted.map((i) => i.FieldName)).toEqual(['delivery_instructions']);
      expect(error.message).toContain(
        'item 2 of 3 (job_name); the 1 item before it was applied, the 1 after it not attempted',
      );
      expect(error.message).toContain(
        '"definitions": { "Order": { "TABPAGE_1.order": { "job_name": { "disabled": true } } } }',
      );
      // the window holds exactly what the error says
      expect(server.interactive.windowValues(w.id)).toEqual({ d_oe_hdr_order: { po_no: 'PO-X5' } });
    });
  });
});

describe('a verified save', () => {
  it('T14: a save read back from the window: what a column rounded is a warning with both values; under strict an error', async ({
    e2e: main,
  }) => {
    const { client } = main;
    const lines = main.log.length;
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      await w.change('TABPAGE_1.order', { customer_id: 100198, po_no: 'PO-X-SAVE', taker: 'JSMITH' });
      await w.change('TP_ITEMS.items', { oe_order_item_id: 'WIDGET-001', unit_quantity: 2, unit_price: '1.23456' });
      const saved = await w.save({ verify: true });
      expect(saved.kind).toBe('ok');
    });
    expect(main.log.slice(lines).filter((l) => /another form/.test(l))).toEqual([
      `Order TP_ITEMS.items.unit_price: sent "1.23456", stored "1.2346" (rounded to 4 decimal places): stored in another form than sent (verify: 'strict' makes this an error)`,
    ]);
    const strict = await client.interactive
      .session(async (s) => {
        const w = await s.open(Order);
        await w.change('TABPAGE_1.order', { customer_id: 100198, po_no: 'PO-X-STRICT', taker: 'JSMITH' });
        await w.change('TP_ITEMS.items', { oe_order_item_id: 'WIDGET-001', unit_quantity: 2, unit_price: '1.23456' });
        await w.save({ verify: 'strict' });
      })
      .catch((e: unknown) => e);
    expect(strict).toBeInstanceOf(ErpWriteNotAppliedError);
    expect((strict as ErpWriteNotAppliedError).fields).toEqual([
      {
        service: 'Order',
        element: 'TP_ITEMS.items',
        field: 'unit_price',
        sent: '1.23456',
        stored: '1.2346',
        kind: 'normalised',
        how: 'rounded to 4 decimal places',
      },
    ]);
  });

  it('unverified (the default without the client option) a save reads nothing back', async ({
    e2e: { client, server },
  }) => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      await w.change('TABPAGE_1.order', { customer_id: 100198, po_no: 'PO-X-PLAIN', taker: 'JSMITH' });
      const before = server.requests.length;
      await w.save();
      expect(server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
        'PUT /uiserver0/api/ui/interactive/v2/data',
      ]);
    });
  });

  it("the client's verify option makes every save a verified one: a save that landed reads back clean", async ({
    e2e: main,
  }) => {
    const { server } = main;
    const verifying = main.recording({ verify: true });
    await verifying.interactive.session(async (s) => {
      const w = await s.open(Order);
      await w.change('TABPAGE_1.order', { customer_id: 100198, po_no: 'PO-X-CLIENT', taker: 'JSMITH' });
      const before = server.requests.length;
      await w.save();
      expect(server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
        'PUT /uiserver0/api/ui/interactive/v2/data',
        'GET /uiserver0/api/ui/interactive/v2/data',
      ]);
    });
  });
});

describe('a missing record, by build', () => {
  it('X4: on 25.2 a missing record answers Status 0 with a message of Type 2: judged by the Type, it is missing; a found one is ok', async () => {
    const old = signedIn(await started({ build: '25.2.5776.1' }));
    old.server.insert('oe_hdr', [{ order_no: '1013939', po_no: 'PO-OLD' }]);
    await old.client.interactive.session(async (s) => {
      const w = await s.open(Order);
      const missing = await w.change('TABPAGE_1.order', { order_no: 'NOSUCH' });
      expect([missing.status, missing.kind]).toEqual([0, 'missing']);
      expect(missing.messages.map((m) => m.Type)).toEqual([2]);
      const found = await w.change('TABPAGE_1.order', { order_no: '1013939' });
      expect(found.kind).toBe('ok');
    });
  });

  it('X4: on 26.1 the same load answers Status 2', async ({ e2e: { client } }) => {
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      const missing = await w.change('TABPAGE_1.order', { order_no: 'NOSUCH' });
      expect([missing.status, missing.kind]).toEqual([2, 'missing']);
    });
  });
});
