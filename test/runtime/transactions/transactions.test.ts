// End to end: the generated transaction builders and the client against the simulated Transaction API, over
// real HTTP on 127.0.0.1. The server validates bodies the way the service documents say, so these tests check
// the builders against the service's rules, not against themselves.
import { describe, expect } from 'vitest';
import { ErpError, ErpServerError, ErpWriteNotAppliedError } from '@acme/erp-schema';
import {
  ErpTransactionBuildError,
  ErpTransactionFailedError,
  type ErpClient,
  type TransactionRequest,
} from '@acme/erp-schema/client';
import { Customer } from '@acme/erp-schema/transactions/Customer';
import { InventoryAdjustment } from '@acme/erp-schema/transactions/InventoryAdjustment';
import { Order } from '@acme/erp-schema/transactions/Order';
import { PickZone } from '@acme/erp-schema/transactions/PickZone';
import { m_openorderreport } from '@acme/erp-schema/transactions/m_openorderreport';
import type { Sandbox } from '../../../sandbox/sandbox.js';
import { e2eTest } from '../../support/e2e.js';
import { startSignedIn } from '../../support/sandbox.js';

const it = e2eTest({ transactions: { disabled: { PickZone: { 'FORM.form': ['company_name'] } }, asyncPolls: 2 } });
// signed in with a token the sandbox issued; the token call is made before the tests look at what was sent
it.beforeAll(({ e2e }) => e2e.auth.token());

const newOrder = () =>
  Order.transaction()
    .form('TABPAGE_1.order', {
      customer_id: 100198,
      sales_loc_id: 10,
      source_loc_id: 10,
      po_no: 'PO-TEST-001',
      order_date: new Date(2030, 0, 5),
      taker: 'JSMITH',
    })
    .list('TP_ITEMS.items', [
      { oe_order_item_id: 'WIDGET-001', unit_quantity: 5 },
      { oe_order_item_id: 'WIDGET-002', unit_quantity: 2 },
    ]);

function requestsSince(server: Sandbox, before: number): string[] {
  return server.requests.slice(before).map((r) => `${r.method} ${r.path}`);
}

describe('a good Order passes', () => {
  it('is written, finds the UI server through the router (with the trailing slash) and reads back', async ({
    e2e: { client, server },
  }) => {
    const before = server.requests.length;
    const result = await client.transaction(Order.request([newOrder()], { useCodeValues: false }));
    expect(result.Summary).toEqual({ Succeeded: 1, Failed: 0, Other: 0 });
    expect(result.Results?.Transactions[0]?.Status).toBe('Passed');
    expect(requestsSince(server, before)).toEqual(['GET /api/ui/router/v1/', 'POST /uiserver0/api/v2/transaction']);
    const orderNo = result
      .Results!.Transactions[0]!.DataElements!.find((e) => e.Name === 'TABPAGE_1.order')!
      .Rows[0]!.Edits.find((e) => e.Name === 'order_no')!.Value;
    const read = await client.transactionGet(Order.get('TABPAGE_1.order', { order_no: orderNo }));
    const header = read.Transactions[0]!.DataElements.find((e) => e.Name === 'TABPAGE_1.order')!.Rows[0]!.Edits;
    expect(header).toContainEqual({ Name: 'po_no', Value: 'PO-TEST-001' });
    expect(header).toContainEqual({ Name: 'order_date', Value: '2030-01-05' });
    const items = read.Transactions[0]!.DataElements.find((e) => e.Name === 'TP_ITEMS.items')!.Rows;
    expect(items).toHaveLength(2);
  });

  it('a keyed upsert updates matching rows and inserts the others', async ({ e2e: { client } }) => {
    const update = Order.transaction()
      .form('TABPAGE_1.order', { order_no: '1013938', customer_id: 100198 }, { keys: ['order_no'] })
      .list(
        'TP_ITEMS.items',
        [
          { user_line_no: '010', oe_order_item_id: 'WIDGET-001', unit_quantity: 4 },
          { user_line_no: '030', oe_order_item_id: 'WIDGET-002', unit_quantity: 1 },
        ],
        { keys: ['user_line_no'] },
      );
    await client.transaction(Order.request([update], { useCodeValues: false }));
    const again = Order.transaction()
      .form('TABPAGE_1.order', { order_no: '1013938' }, { keys: ['order_no'] })
      .list('TP_ITEMS.items', [{ user_line_no: '010', unit_quantity: 9 }], { keys: ['user_line_no'] });
    await client.transaction(Order.request([again], { useCodeValues: false }));
    const read = await client.transactionGet(Order.get('TABPAGE_1.order', { order_no: '1013938' }));
    const lines = read.Transactions[0]!.DataElements.find((e) => e.Name === 'TP_ITEMS.items')!.Rows.map((r) =>
      Object.fromEntries(r.Edits.map((e) => [e.Name, e.Value])),
    );
    expect(lines.map((l) => [l['user_line_no'], l['unit_quantity']])).toEqual([
      ['010', '9'],
      ['030', '1'],
    ]);
  });

  it('other services: a customer, an inventory adjustment', async ({ e2e: { client } }) => {
    const customer = Customer.transaction()
      .form('TABPAGE_1.tp_1_dw_1', {
        customer_name: 'ACME Industrial Supply',
        salesrep_id: '100',
        mail_postal_code: '50309',
        mail_country: 'USA',
      })
      .form('SHIP_TO_GENERAL.ship_to_general', { default_branch: '10' });
    const adjust = InventoryAdjustment.transaction()
      .form('TABPAGE_1.tp_1_dw_1', { company_id: 'ACME', location_id: 10, reason_id: 'ADJUST' })
      .list('TABPAGE_17.tp_17_dw_17', [{ item_id: 'WIDGET-001', unit_quantity: -5 }]);
    await expect(client.transaction(Customer.request([customer], { useCodeValues: false }))).resolves.toMatchObject({
      Summary: { Failed: 0 },
    });
    await expect(
      client.transaction(InventoryAdjustment.request([adjust], { useCodeValues: false })),
    ).resolves.toMatchObject({ Summary: { Failed: 0 } });
  });

  it('asynchronously: submits, polls with backoff until done, parses Messages', async ({ e2e: { client, server } }) => {
    const before = server.requests.length;
    const result = await client.transactionAsync(Order.request([newOrder()], { useCodeValues: false }), {
      intervalMs: 5,
    });
    expect(result.Summary.Succeeded).toBe(1);
    expect(requestsSince(server, before)).toEqual([
      'POST /uiserver0/api/v2/transaction/async',
      'GET /uiserver0/api/v2/transaction/async',
      'GET /uiserver0/api/v2/transaction/async',
      'GET /uiserver0/api/v2/transaction/async',
    ]);
  });
});

describe('async deadline', () => {
  it('gives up with a clear error when the request is not done in time', async () => {
    const { server: slow, client: slowClient } = await startSignedIn({ transactions: { asyncPolls: 1_000_000 } });
    try {
      await expect(
        slowClient.transactionAsync(Order.request([newOrder()], { useCodeValues: false }), {
          intervalMs: 10,
          maxIntervalMs: 20,
          deadlineMs: 150,
        }),
      ).rejects.toThrow(/async request [0-9a-f-]+ not done by the deadline \(last Status "Active"\)/);
    } finally {
      await slow.close();
    }
  });
});

describe('a failed transaction never passes silently', () => {
  it('HTTP 200 with Summary.Failed: an ErpTransactionFailedError carrying the server messages', async ({
    e2e: { client },
  }) => {
    const noCustomer = Order.transaction().form('TABPAGE_1.order', { po_no: 'PO-2' });
    const e = await client
      .transaction(Order.request([noCustomer], { useCodeValues: false }))
      .catch((error: unknown) => error);
    expect(e).toBeInstanceOf(ErpTransactionFailedError);
    expect((e as ErpTransactionFailedError).messages).toEqual(['Transaction 1:: This column is required.']);
    expect((e as ErpTransactionFailedError).response.Results).toBeNull();
  });

  it('transactions in one POST are independent: allowFailures returns the answer to branch on', async ({
    e2e: { client },
  }) => {
    const bad = Order.transaction().form('TABPAGE_1.order', { po_no: 'PO-3' });
    const response = await client.transaction(Order.request([newOrder(), bad], { useCodeValues: false }), {
      allowFailures: true,
    });
    expect(response.Summary).toEqual({ Succeeded: 1, Failed: 1, Other: 0 });
    expect(response.Results!.Transactions.map((t) => t.Status)).toEqual(['Passed', 'Failed']);
    await expect(client.transaction(Order.request([newOrder(), bad], { useCodeValues: false }))).rejects.toBeInstanceOf(
      ErpTransactionFailedError,
    );
  });

  it('a failure through the async endpoint fails the same way', async ({ e2e: { client } }) => {
    const bad = Order.transaction().form('TABPAGE_1.order', { po_no: 'PO-4' });
    await expect(
      client.transactionAsync(Order.request([bad], { useCodeValues: false }), { intervalMs: 5 }),
    ).rejects.toBeInstanceOf(ErpTransactionFailedError);
  });

  it('a disabled column: the failure, and with ignoreDisabled a success that wrote nothing, which reading back shows', async ({
    e2e: { client, server },
  }) => {
    const pick = (zone = 'Z9') =>
      PickZone.transaction().form('FORM.form', {
        company_id: 'ACME',
        location_id: 10,
        bin_zone_id: zone,
        zone_desc: 'Zone 9',
        company_name: 'ACME',
      });
    await expect(client.transaction(PickZone.request([pick()], { useCodeValues: false }))).rejects.toThrow(
      /Column is disabled: company_name/,
    );
    // verified, as a request with ignoreDisabled is by default: the field the server skipped is an error
    const verified = await client
      .transaction(PickZone.request([pick('Z8')], { useCodeValues: false, ignoreDisabled: true }))
      .catch((e: unknown) => e);
    expect(verified).toBeInstanceOf(ErpWriteNotAppliedError);
    expect((verified as ErpWriteNotAppliedError).fields).toMatchObject([
      { service: 'PickZone', element: 'FORM.form', field: 'company_name', sent: 'ACME', stored: '' },
    ]);
    const ok = await client.transaction(PickZone.request([pick()], { useCodeValues: false, ignoreDisabled: true }), {
      verify: false,
    });
    expect(ok.Summary.Succeeded).toBe(1);
    const read = await client.transactionGet(PickZone.get('FORM.form', { location_id: 10, bin_zone_id: 'Z9' }));
    const edits = read.Transactions[0]!.DataElements[0]!.Rows[0]!.Edits;
    expect(edits).toContainEqual({ Name: 'zone_desc', Value: 'Zone 9' });
    expect(edits.find((e) => e.Name === 'company_name')).toBeUndefined();
  });

  it('an unknown service answers an empty 500', async ({ e2e: { client } }) => {
    const body: TransactionRequest = {
      ...Order.request([newOrder()], { useCodeValues: false }),
      Name: 'NoSuchService',
    };
    await expect(client.transaction(body)).rejects.toBeInstanceOf(ErpServerError);
  });
});

describe('each refusal fails before sending', () => {
  const untyped = (service: { transaction(): unknown }) =>
    service.transaction() as unknown as {
      form(e: string, v: unknown, o?: unknown): unknown;
      list(e: string, v: unknown, o?: unknown): unknown;
    };
  const refusals: Array<[string, () => unknown]> = [
    ['an unknown field', () => untyped(Order).form('TABPAGE_1.order', { no_such_field: 'x' })],
    ['an unknown element', () => untyped(Order).form('NO_SUCH.element', {})],
    [
      'a key missing from a row',
      () => untyped(Order).list('TP_ITEMS.items', [{ unit_quantity: 5 }], { keys: ['user_line_no'] }),
    ],
    ['a key that is not a field', () => untyped(Order).list('TP_ITEMS.items', [], { keys: ['no_such_field'] })],
    [
      'List rows the server would fold',
      () =>
        Order.transaction().list(
          'TP_ITEMS.items',
          [
            { user_line_no: '010', unit_quantity: 1 },
            { user_line_no: '010', unit_quantity: 2 },
          ],
          { keys: ['user_line_no'] },
        ),
    ],
    ['an identifier too long for its column', () => untyped(Order).form('TABPAGE_1.order', { order_no: '123456789' })],
    ['a value that is not a valid value', () => untyped(PickZone).form('FORM.form', { row_status_flag: 'Gone' })],
    ['a Decimal that is not a number', () => untyped(Order).form('TABPAGE_1.order', { customer_id: 'ACME' })],
  ];
  for (const [what, build] of refusals) {
    it(what, ({ e2e: { server } }) => {
      const before = server.requests.length;
      expect(build).toThrow(ErpTransactionBuildError);
      expect(server.requests.length).toBe(before);
    });
  }

  it('a report service sent to /transaction (it would succeed and produce nothing)', async ({
    e2e: { client, server },
  }) => {
    const before = server.requests.length;
    const report = m_openorderreport.request([m_openorderreport.transaction()], { useCodeValues: false });
    await expect(client.transaction(report)).rejects.toThrow(
      /report service: \/transaction answers Succeeded and produces nothing; use client\.report\(\)/,
    );
    expect(server.requests.length).toBe(before);
    const pdf = await client.report(report);
    expect(Buffer.from(pdf).subarray(0, 8).toString()).toBe('%PDF-1.4');
    await expect(client.report(Order.request([newOrder()], { useCodeValues: false }))).rejects.toBeInstanceOf(ErpError);
  });
});
