// End to end: each rule of the Transaction API (T1-T16) and of the interactive user and the build (A11, A12), proven
// with the generated package against the sandbox over HTTP, signed in with tokens the sandbox issued. Where the
// package refuses a mistake before sending, the sandbox is shown answering that mistake as the documents say.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { ErpHttpError, ErpResponseWindowError, ErpServerError, query } from '@acme/erp-schema';
import {
  commandsRequest,
  createClient,
  ErpInteractiveUsageError,
  ErpTransactionBuildError,
  ErpTransactionFailedError,
  tokenAuth,
  type ErpClient,
  type TransactionRequest,
  type WireTransaction,
} from '@acme/erp-schema/client';
import { oe_hdr } from '@acme/erp-schema/tables/oe_hdr';
import { Order } from '@acme/erp-schema/transactions/Order';
import { m_openorderreport } from '@acme/erp-schema/transactions/m_openorderreport';
import type { Sandbox, SandboxOptions } from '../../../sandbox/sandbox.js';
import { runCliAsync, tempDir } from '../../support/cli.js';
import { e2eTest } from '../../support/e2e.js';
import { SAMPLE_SNAPSHOT } from '../../support/paths.js';
import { bodiesTo, PASSWORD, sandboxes, signedIn, UI_KEY, USER, type SignedIn } from '../../support/sandbox.js';

const HEADER = 'TABPAGE_1.order';
const ITEMS = 'TP_ITEMS.items';

const started = sandboxes();
const it = e2eTest({ transactions: { disabled: { Order: { [HEADER]: ['job_name'] } } } });

const another = async (options: Partial<SandboxOptions>): Promise<SignedIn> => signedIn(await started(options));

const newOrder = (po: string) =>
  Order.transaction()
    .form(HEADER, { customer_id: 100198, po_no: po, order_date: new Date(2030, 0, 5) })
    .list(ITEMS, [{ oe_order_item_id: 'WIDGET-001', unit_quantity: 5 }]);

/** a request the builders would refuse, written by hand: what an untyped caller could send */
function raw(
  elements: Array<{ Name: string; Type: 'Form' | 'List'; Keys?: string[]; Rows: Array<Record<string, string>> }>,
): TransactionRequest {
  return {
    Name: 'Order',
    UseCodeValues: false,
    Transactions: [
      {
        Status: 'New',
        DataElements: elements.map((e) => ({
          Name: e.Name,
          Type: e.Type,
          Keys: e.Keys ?? [],
          Rows: e.Rows.map((r) => ({
            Edits: Object.entries(r).map(([Name, Value]) => ({ Name, Value })),
            RelativeDateEdits: [],
          })),
        })),
      },
    ],
  };
}

async function failure(on: ErpClient, request: TransactionRequest): Promise<string[]> {
  const error = await on.transaction(request).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ErpTransactionFailedError);
  return [...(error as ErpTransactionFailedError).messages];
}

async function ordersWithPo(on: ErpClient, po: string) {
  return (
    await on.page(
      query(oe_hdr)
        .filter((c) => c.po_no.eq(po))
        .top(10),
    )
  ).rows;
}

describe('the Transaction API rules', () => {
  it('T1: the envelope the builders make is what is sent and what the service takes', async ({
    e2e: { client, server },
  }) => {
    const request = Order.request([newOrder('PO-T1')], { useCodeValues: false, ignoreDisabled: false });
    expect(request).toEqual({
      Name: 'Order',
      UseCodeValues: false,
      IgnoreDisabled: false,
      Transactions: [
        {
          Status: 'New',
          DataElements: [
            {
              Name: HEADER,
              Type: 'Form',
              Keys: [],
              Rows: [
                {
                  Edits: [
                    { Name: 'customer_id', Value: '100198' },
                    { Name: 'po_no', Value: 'PO-T1' },
                    { Name: 'order_date', Value: '2030-01-05' },
                  ],
                  RelativeDateEdits: [],
                },
              ],
            },
            {
              Name: ITEMS,
              Type: 'List',
              Keys: [],
              Rows: [
                {
                  Edits: [
                    { Name: 'oe_order_item_id', Value: 'WIDGET-001' },
                    { Name: 'unit_quantity', Value: '5' },
                  ],
                  RelativeDateEdits: [],
                },
              ],
            },
          ],
        },
      ],
    });
    await expect(client.transaction(request)).resolves.toMatchObject({ Summary: { Succeeded: 1 } });
    expect(bodiesTo(server, 'POST', '/api/v2/transaction').at(-1)).toEqual(request);
  });

  it('T2: every Value is sent as a string; a number is refused by the service with a 400 whose message the error keeps', async ({
    e2e: { client },
  }) => {
    const edits = Order.request([newOrder('PO-T2')], { useCodeValues: false }).Transactions[0]!.DataElements.flatMap(
      (e) => e.Rows.flatMap((r) => r.Edits),
    );
    expect(edits.every((e) => typeof e.Value === 'string')).toBe(true);
    const numeric = raw([{ Name: HEADER, Type: 'Form', Rows: [{ customer_id: '1' }] }]);
    (numeric.Transactions[0]!.DataElements[0]!.Rows[0]!.Edits[0] as { Value: unknown }).Value = 1;
    const error = await client.transaction(numeric).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpHttpError);
    expect((error as ErpHttpError).status).toBe(400);
    // the documents' envelope {Messages, Results, Summary}: its message is the error's
    expect((error as ErpHttpError).serverMessage).toMatch(/Value must be a string/);
  });

  it('T3: every key in every row; the builders refuse a row without it, the service answers Sequence contains no matching element', async ({
    e2e: { client },
  }) => {
    expect(() =>
      Order.transaction().list(ITEMS, [{ user_line_no: '1' }, { unit_quantity: 2 } as never], {
        keys: ['user_line_no'],
      }),
    ).toThrow(ErpTransactionBuildError);
    const messages = await failure(
      client,
      raw([
        { Name: HEADER, Type: 'Form', Keys: ['order_no'], Rows: [{ order_no: 'T3000001' }] },
        { Name: ITEMS, Type: 'List', Keys: ['user_line_no'], Rows: [{ user_line_no: '1' }, { unit_quantity: '2' }] },
      ]),
    );
    expect(messages).toEqual(['Transaction 1:: General Exception: Sequence contains no matching element']);
  });

  it('T4: an unknown column does not compile; the service answers Invalid column name', async ({ e2e: { client } }) => {
    // @ts-expect-error not a field of TABPAGE_1.order
    expect(() => Order.transaction().form(HEADER, { po_number: 'X' })).toThrow(ErpTransactionBuildError);
    expect(await failure(client, raw([{ Name: HEADER, Type: 'Form', Rows: [{ po_number: 'X' }] }]))).toEqual([
      'Transaction 1:: Invalid column name: po_number',
    ]);
  });

  it('T5: a field with valid values takes its display label unless UseCodeValues; the service refuses a code as a label', async ({
    e2e: { client },
  }) => {
    expect(() => Order.transaction().form(HEADER, { approved: 'Y' as never })).toThrow(/send a display label/);
    expect(
      await failure(client, raw([{ Name: HEADER, Type: 'Form', Rows: [{ customer_id: '1', approved: 'Y' }] }])),
    ).toEqual(['Transaction 1:: Invalid approved value: Y']);
    const coded = Order.transaction({ useCodeValues: true }).form(HEADER, {
      customer_id: 100198,
      approved: 'Y',
      po_no: 'PO-T5',
    });
    await client.transaction(Order.request([coded], { useCodeValues: true }));
    expect((await ordersWithPo(client, 'PO-T5'))[0]!.approved).toBe('Y');
  });

  it('T6: a Status other than New cannot be built; the service answers 400 (26.1.5940.0) or a NullReferenceException 500 (earlier)', async ({
    e2e: { client },
  }) => {
    // @ts-expect-error the only Status the service accepts is New
    const existing: WireTransaction = { Status: 'Existing', DataElements: [] };
    const request = { ...raw([{ Name: HEADER, Type: 'Form', Rows: [{ customer_id: '1' }] }]) };
    const sent = { ...request, Transactions: [{ ...request.Transactions[0]!, Status: existing.Status }] };
    const error = await client.transaction(sent).catch((e: unknown) => e);
    expect((error as ErpHttpError).status).toBe(400);
    expect((error as ErpHttpError).serverMessage).toMatch(/'Existing' is not supported/);
    const old = await another({ build: '26.1.5910.3' });
    const oldError = await old.client.transaction(sent).catch((e: unknown) => e);
    expect(oldError).toBeInstanceOf(ErpServerError);
    expect((oldError as ErpServerError).serverMessage).toBe('Object reference not set to an instance of an object.');
  });

  it('T7: IgnoreDisabled reports success and writes nothing of the disabled column: unverified, reading back shows it', async ({
    e2e: { client },
  }) => {
    const tx = Order.transaction().form(HEADER, { customer_id: 100198, po_no: 'PO-T7', job_name: 'Never' });
    await expect(client.transaction(Order.request([tx], { useCodeValues: false }))).rejects.toThrow(
      /Column is disabled: job_name/,
    );
    const result = await client.transaction(Order.request([tx], { useCodeValues: false, ignoreDisabled: true }), {
      verify: false,
    });
    const orderNo = Order.records(result, HEADER)[0]!.order_no!;
    const [read] = Order.records(await client.transactionGet(Order.get(HEADER, { order_no: orderNo })), HEADER);
    expect(read!.job_name).not.toBe('Never');
    expect((await ordersWithPo(client, 'PO-T7'))[0]!.job_name).not.toBe('Never');
  });

  it('T8: rows equal on the keys, or on the KeyFields without keys, are refused; the service folds them, last wins', async ({
    e2e: { client },
  }) => {
    expect(() =>
      Order.transaction().list(ITEMS, [{ user_line_no: '1' }, { user_line_no: '1' }], { keys: ['user_line_no'] }),
    ).toThrow(/equal keys/);
    // user_line_no is TP_ITEMS.items' KeyField: without keys the service folds on it all the same
    expect(() => Order.transaction().list(ITEMS, [{ user_line_no: '1' }, { user_line_no: '1' }])).toThrow(
      /agree on the element's key fields \(user_line_no=1\)/,
    );
    const result = await client.transaction(
      raw([
        { Name: HEADER, Type: 'Form', Keys: ['order_no'], Rows: [{ order_no: 'T8000001' }] },
        {
          Name: ITEMS,
          Type: 'List',
          Rows: [
            { user_line_no: '1', oe_order_item_id: 'FIRST' },
            { user_line_no: '1', oe_order_item_id: 'LAST' },
          ],
        },
      ]),
    );
    expect(result.Summary.Succeeded).toBe(1);
    const set = await client.transactionGet(Order.get(HEADER, { order_no: 'T8000001' }));
    expect(Order.records(set, ITEMS).map((i) => i.oe_order_item_id)).toEqual(['LAST']);
  });

  it('T9: HTTP 200 with Summary.Failed is a failure, never a silent success', async ({ e2e: { client, server } }) => {
    const noCustomer = Order.transaction().form(HEADER, { po_no: 'PO-T9' });
    const error = await client
      .transaction(Order.request([noCustomer], { useCodeValues: false }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpTransactionFailedError);
    expect((error as ErpTransactionFailedError).response).toEqual({
      Messages: ['Transaction 1:: This column is required.'],
      Results: null,
      Summary: { Succeeded: 0, Failed: 1, Other: 0 },
    });
    expect(server.requests.at(-1)!.path).toBe('/uiserver0/api/v2/transaction');
    expect(await ordersWithPo(client, 'PO-T9')).toEqual([]);
  });

  it('T10: the transactions of one POST are independent, each with its own Status', async ({ e2e: { client } }) => {
    const bad = Order.transaction().form(HEADER, { po_no: 'PO-T10-BAD' });
    const answer = await client.transaction(
      Order.request([newOrder('PO-T10-A'), bad, newOrder('PO-T10-B')], { useCodeValues: false }),
      { allowFailures: true },
    );
    expect(answer.Summary).toEqual({ Succeeded: 2, Failed: 1, Other: 0 });
    expect(answer.Results!.Transactions.map((t) => t.Status)).toEqual(['Passed', 'Failed', 'Passed']);
    expect((await ordersWithPo(client, 'PO-T10-A')).length + (await ordersWithPo(client, 'PO-T10-B')).length).toBe(2);
  });

  it('T11: a report service goes to /process/pdfreport; /transaction would succeed and produce nothing', async ({
    e2e: { client, server },
  }) => {
    const report = m_openorderreport.request([m_openorderreport.transaction()], { useCodeValues: false });
    const before = server.requests.length;
    await expect(client.transaction(report)).rejects.toThrow(/use client\.report\(\)/);
    expect(server.requests.length).toBe(before);
    const pdf = await client.report(report);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(server.requests.at(-1)!.path).toBe('/uiserver0/api/v2/process/pdfreport');
  });

  it('T12: a service known to need /api/v2/commands: /transaction answers an empty 500 that says so, and commands write its record', async ({
    e2e: { client },
  }) => {
    const s = await another({ snapshot: itemNotepadSnapshot() });
    const request = itemNote('AB#12', 'from commands');
    const error = await s.client.transaction(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpServerError);
    expect((error as Error).message).toMatch(
      /ItemNotepad is one of the services known to need POST \/api\/v2\/commands: use client\.commands\(ItemNotepad, request\) \(the commands body is unverified/,
    );
    await s.client.commands(ITEM_NOTEPAD, request);
    const read = await s.client.transactionGet({
      ServiceName: 'ItemNotepad',
      TransactionStates: [{ DataElementName: 'TABPAGE_1.tp_1_dw_1', Keys: [{ Name: 'item_id', Value: 'AB#12' }] }],
    });
    const header = read.Transactions[0]!.DataElements.find((e) => e.Name === 'TABPAGE_1.tp_1_dw_1')!;
    expect(header.Rows[0]!.Edits).toContainEqual({ Name: 'item_desc', Value: 'from commands' });
    // a service not on the list keeps the hint: the empty 500 may mean an unknown service
    const unknown = await client.transaction({ ...request, Name: 'NoSuchService' }).catch((e: unknown) => e);
    expect((unknown as Error).message).toMatch(
      /the service is unknown, or it cannot run through \/transaction; some services need/,
    );
  });

  it('T12: a commands body the service cannot read is a 400 naming it, never a 500 with a stack', async ({
    e2e: main,
  }) => {
    const { server } = main;
    const post = async (body: string) => {
      const answer = await fetch(`${server.url}/uiserver0/api/v2/commands`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${await main.auth.token()}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body,
      });
      return { status: answer.status, text: await answer.text() };
    };
    for (const [body, message] of [
      ['{"Requests":[null]}', 'Requests[0] is not a command object.'],
      ['{"Requests":[{"Action":0,"Args":{"ServiceName":"Order"}},7]}', 'Requests[1] is not a command object.'],
      ['{"Requests":[{"Action":2}]}', 'Action 2 before a window was opened.'],
      ['{"Requests":null}', 'The commands request has no Requests.'],
    ] as const) {
      const answer = await post(body);
      expect(answer.status, body).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ ErrorMessage: message });
      expect(answer.text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
    }
  });

  it('T13: async submit (202, Active), polled with ?id= to Complete; the same outcome as the synchronous call', async ({
    e2e: { client, server },
  }) => {
    const result = await client.transactionAsync(Order.request([newOrder('PO-T13')], { useCodeValues: false }), {
      intervalMs: 1,
    });
    expect(result.Summary).toEqual({ Succeeded: 1, Failed: 0, Other: 0 });
    const polls = server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/transaction/async'));
    expect(polls.at(-1)!.query).toMatch(/^id=[0-9a-f-]{36}$/);
    expect(await ordersWithPo(client, 'PO-T13')).toHaveLength(1);
    const bad = Order.transaction().form(HEADER, { po_no: 'PO-T13-BAD' });
    const failed = await client
      .transactionAsync(Order.request([bad], { useCodeValues: false }), { intervalMs: 1 })
      .catch((e: unknown) => e);
    // Failed with its text (not JSON): an error carrying the text
    expect(failed).toBeInstanceOf(ErpTransactionFailedError);
    expect((failed as ErpTransactionFailedError).messages).toEqual(['Transaction 1:: This column is required.']);
  });

  it('T13: the numeric statuses of a 26.1 capture (200, 3 then 2) and a Complete whose Messages are not JSON', async () => {
    const numbers = await another({ transactions: { asyncStatus: 'numbers' } });
    const done = await numbers.client.transactionAsync(
      Order.request([newOrder('PO-T13-N')], { useCodeValues: false }),
      {
        intervalMs: 1,
      },
    );
    expect(done.Summary.Succeeded).toBe(1);
    const text = await another({ transactions: { asyncMessages: 'text' } });
    const unconfirmed = await text.client.transactionAsync(
      Order.request([newOrder('PO-T13-TEXT')], { useCodeValues: false }),
      { intervalMs: 1 },
    );
    // not an error by itself: the outcome is unknown to the answer, so every transaction counts as Other
    expect(unconfirmed).toMatchObject({
      Messages: ['Transaction 1:: '],
      Results: null,
      Summary: { Succeeded: 0, Failed: 0, Other: 1 },
      warnings: [],
      failed: [],
    });
    expect(unconfirmed.transactions).toMatchObject([{ index: 0, status: 'unknown', messages: [], verified: false }]);
    expect(text.log.some((l) => /Complete without a JSON result/.test(l))).toBe(true);
    // reading back tells what was written
    expect(await ordersWithPo(text.client, 'PO-T13-TEXT')).toHaveLength(1);
  });

  it('T14: /transaction/get reads back what a write numbered', async ({ e2e: { client, server } }) => {
    const result = await client.transaction(Order.request([newOrder('PO-T14')], { useCodeValues: false }));
    const orderNo = Order.records(result, HEADER)[0]!.order_no!;
    const set = await client.transactionGet(Order.get(HEADER, { order_no: orderNo }));
    expect(bodiesTo(server, 'POST', '/api/v2/transaction/get').at(-1)).toEqual({
      ServiceName: 'Order',
      TransactionStates: [{ DataElementName: HEADER, Keys: [{ Name: 'order_no', Value: orderNo }] }],
    });
    expect(Order.records(set, HEADER)[0]).toMatchObject({ order_no: orderNo, po_no: 'PO-T14' });
  });

  it('T15: lengths from the database: an identifier too long is refused, free text is cut with a warning; the service refuses what is too long', async ({
    e2e: { client },
  }) => {
    expect(() => Order.transaction().form(HEADER, { order_no: '123456789' })).toThrow(/an identifier is never cut/);
    expect(() => Order.transaction().form(HEADER, { po_no: 'P'.repeat(51) })).toThrow(/an identifier is never cut/);
    const long = Order.transaction().form(HEADER, {
      customer_id: 100198,
      po_no: 'PO-T15',
      placed_by_name: `Placed ${'x'.repeat(60)}`,
    });
    expect(long.warnings).toEqual([expect.stringMatching(/placed_by_name: cut from 67 to 60 characters/)]);
    await client.transaction(Order.request([long], { useCodeValues: false }));
    expect((await ordersWithPo(client, 'PO-T15'))[0]!.placed_by_name).toBe(`Placed ${'x'.repeat(53)}`);
    expect(
      await failure(client, raw([{ Name: HEADER, Type: 'Form', Rows: [{ customer_id: '1', po_no: 'y'.repeat(51) }] }])),
    ).toEqual(["Transaction 1:: String or binary data would be truncated in table 'oe_hdr', column 'po_no'."]);
  });

  it('T16: the unexpected response window (a sandbox switch) is retried after a short random delay, and applied once', async () => {
    const once = await another({ transactions: { responseWindow: { count: 1 } } });
    const result = await once.client.transaction(Order.request([newOrder('PO-T16')], { useCodeValues: false }));
    expect(result.Summary.Succeeded).toBe(1);
    expect(once.log).toContainEqual(
      expect.stringMatching(
        /retrying POST \/api\/v2\/transaction \(Order\) after the unexpected response window \(attempt 2 of 3, in 850 ms\)/,
      ),
    );
    expect(once.waits).toEqual([850]);
    expect(await ordersWithPo(once.client, 'PO-T16')).toHaveLength(1);
  });

  it('T16: a window that persists is an ErpResponseWindowError after 3 attempts, nothing written; the 500 form is retried too', async ({
    e2e: { client },
  }) => {
    const always = await another({ transactions: { responseWindow: { count: 5 } } });
    const error = await always.client
      .transaction(Order.request([newOrder('PO-T16-X')], { useCodeValues: false }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpResponseWindowError);
    expect((error as ErpResponseWindowError).attempts).toBe(3);
    expect((error as Error).message).toMatch(/split the transaction or use client\.transactionAsync\(\)/);
    expect(await ordersWithPo(always.client, 'PO-T16-X')).toEqual([]);
    const as500 = await another({ transactions: { responseWindow: { count: 1, as: '500' } } });
    await expect(
      as500.client.transaction(Order.request([newOrder('PO-T16-500')], { useCodeValues: false })),
    ).resolves.toMatchObject({ Summary: { Succeeded: 1 } });
    expect(as500.waits).toEqual([850]);
  });
});

describe('the interactive user and the build', () => {
  it('T17: Status New updates the record its Keys match and inserts otherwise: the same edit without Keys is an insert', async ({
    e2e: { client, server },
  }) => {
    await client.transaction(Order.request([newOrder('PO-T17')], { useCodeValues: false }));
    const [created] = await ordersWithPo(client, 'PO-T17');
    const orderNo = created!.order_no;
    const keyed = Order.transaction().form(
      HEADER,
      { order_no: orderNo, po_no: 'PO-T17-KEYED' },
      { keys: ['order_no'] },
    );
    await client.transaction(Order.request([keyed], { useCodeValues: false }));
    expect(bodiesTo(server, 'POST', '/api/v2/transaction').at(-1)).toMatchObject({
      Transactions: [{ Status: 'New', DataElements: [{ Name: HEADER, Keys: ['order_no'] }] }],
    });
    expect((await ordersWithPo(client, 'PO-T17-KEYED')).map((r) => r.order_no)).toEqual([orderNo]);
    expect(await ordersWithPo(client, 'PO-T17')).toEqual([]);
    // the edit without Keys is an insert: of the number named, which exists, so the database refuses it
    const unkeyed = Order.transaction().form(HEADER, {
      customer_id: 100198,
      order_no: orderNo,
      po_no: 'PO-T17-UNKEYED',
    });
    const refused = await failure(client, Order.request([unkeyed], { useCodeValues: false }));
    expect(refused[0]).toMatch(/Violation of PRIMARY KEY constraint 'PK_oe_hdr'/);
    expect(await ordersWithPo(client, 'PO-T17-UNKEYED')).toEqual([]);
    expect((await ordersWithPo(client, 'PO-T17-KEYED')).map((r) => r.order_no)).toEqual([orderNo]);
  });

  it('T18: This column is required. names no column: the client names the fields the definition marks required that the new rows leave out', async ({
    e2e: { client, server },
  }) => {
    const noCustomer = Order.transaction().form(HEADER, { po_no: 'PO-T18', order_date: '2030-01-05' });
    // before sending, on the caller's asking: reported, not enforced (Required is window metadata, wrong both ways)
    expect(noCustomer.missingRequired()).toContain('TABPAGE_1.order.customer_id (Customer ID)');
    const error = await client
      .transaction(Order.request([noCustomer], { useCodeValues: false }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpTransactionFailedError);
    const failed = error as ErpTransactionFailedError;
    // the server's message, which names nothing
    expect(failed.messages).toEqual(['Transaction 1:: This column is required.']);
    expect(failed.message).toMatch(
      /names no column: the transaction wrote .*, and left out these fields the definition flags as required: .*TABPAGE_1\.order\.customer_id \(Customer ID\)/,
    );
    expect(failed.message).not.toMatch(/order_date \(/);
    expect(await ordersWithPo(client, 'PO-T18')).toEqual([]);
  });

  it('T19: the service list hides the report services; ?type=report answers [] and another type 400, so the client asks without one', async ({
    e2e: main,
  }) => {
    const { client, server } = main;
    const from = server.requests.length;
    const names = await client.services();
    const asked = server.requests.slice(from).filter((r) => r.path.endsWith('/api/v2/services'));
    expect(asked.map((r) => r.query)).toEqual(['']);
    expect(names).toContain('Order');
    expect(names.filter((n) => n.startsWith('m_'))).toEqual([]);
    // the report services are there all the same, and run through the report endpoint (T11)
    expect((await main.raw('/uiserver0/api/v2/definition/m_openorderreport')).status).toBe(200);
    const report = await main.raw('/uiserver0/api/v2/services?type=report');
    expect([report.status, await report.json()]).toEqual([200, []]);
    expect((await main.raw('/uiserver0/api/v2/services?type=transaction')).status).toBe(400);
  });

  it('A11: a consumer key token without a user name cannot open a session (refused before calling; the sandbox answers 500); with a real user it can', async ({
    e2e: { server },
  }) => {
    const keyOnly = tokenAuth({ baseUrl: server.url, consumerKey: UI_KEY });
    const c = createClient({ baseUrl: server.url, auth: keyOnly });
    const before = server.requests.length;
    await expect(c.interactive.session(async () => undefined)).rejects.toBeInstanceOf(ErpInteractiveUsageError);
    expect(server.requests.slice(before).some((r) => r.path.includes('/interactive/'))).toBe(false);
    // what the service does with it: the user cannot be found
    const answer = await fetch(`${server.url}/uiserver0/api/ui/interactive/sessions/`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await keyOnly.token()}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(answer.status).toBe(500);
    expect(((await answer.json()) as { ErrorMessage: string }).ErrorMessage).toMatch(/user/);
    // the same key is enough for the Transaction API (the install user)
    await expect(c.transaction(Order.request([newOrder('PO-A11')], { useCodeValues: false }))).resolves.toBeDefined();
    const withUser = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ baseUrl: server.url, consumerKey: UI_KEY, username: USER }),
    });
    await expect(withUser.interactive.session(async (s) => s.id)).resolves.toMatch(/^[0-9a-f-]{36}$/);
  });

  it('A12: the build from serverinfo, sectioned (Version -> Application Version, never Monitoring.shortversion) or flat', async ({
    e2e: main,
  }) => {
    const { client, server } = main;
    expect(await client.serverBuild()).toBe('26.1.5940.0');
    const info = (await (
      await fetch(`${server.url}/uiserver0/ui/common/v1/serverinfo`, {
        headers: { Authorization: `Bearer ${await main.auth.token()}`, Accept: 'application/json' },
      })
    ).json()) as { Monitoring: { shortversion: string } };
    expect(info.Monitoring.shortversion).toBe('0.0');
    const flat = await another({ serverInfo: 'flat', build: '26.1.5930.1' });
    expect(await flat.client.serverBuild()).toBe('26.1.5930.1');
  });

  it('A12: erpgen fetch records the build of a flat serverinfo and reads a service list of bare names, which generate reads too', async () => {
    const s = await another({ serverInfo: 'flat', build: '25.2.5776.1', transactions: { serviceList: 'names' } });
    const dir = tempDir('erpgen-tx-fetch-');
    const run = await runCliAsync(['fetch', '--base-url', s.server.url, '--user', USER, '--out', 'snap'], dir, {
      ERP_PASSWORD: PASSWORD,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'snap', 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['serverBuild']).toBe('25.2.5776.1');
    expect(JSON.parse(readFileSync(join(dir, 'snap', 'services.json'), 'utf8'))).toContain('Order');
    const generated = await runCliAsync(['generate', '--snapshot', 'snap', '--out', 'pkg', '--quiet'], dir);
    expect(generated.stderr).toBe('');
    expect(readFileSync(join(dir, 'pkg', 'transactions', 'Order.js'), 'utf8')).toMatch(/Order/);
  });
});

// --- ItemNotepad: a service on the published commands list, defined in a copy of the sample snapshot -------------

const ITEM_NOTEPAD = {
  descriptor: {
    name: 'ItemNotepad',
    elements: {
      'TABPAGE_1.tp_1_dw_1': {
        type: 'Form' as const,
        keyFields: ['item_id'],
        datawindowName: 'd_item_notepad',
        fields: { item_id: { type: 'Char' as const }, item_desc: { type: 'Char' as const } },
      },
    },
  },
};

function itemNote(item: string, desc: string): TransactionRequest {
  return {
    Name: 'ItemNotepad',
    UseCodeValues: false,
    Transactions: [
      {
        Status: 'New',
        DataElements: [
          {
            Name: 'TABPAGE_1.tp_1_dw_1',
            Type: 'Form',
            Keys: ['item_id'],
            Rows: [
              {
                Edits: [
                  { Name: 'item_id', Value: item },
                  { Name: 'item_desc', Value: desc },
                ],
                RelativeDateEdits: [],
              },
            ],
          },
        ],
      },
    ],
  };
}

function itemNotepadSnapshot(): string {
  const dir = join(tempDir('erpgen-tx-notepad-'), 'snapshot');
  cpSync(SAMPLE_SNAPSHOT, dir, { recursive: true });
  const definition = {
    Name: 'ItemNotepad',
    TransactionDefinition: {
      KeyDefinitions: [{ Location: 'tp_1_dw_1', Name: 'item_id' }],
      DataElementDefinitions: [
        {
          Name: 'TABPAGE_1.tp_1_dw_1',
          Type: 'Form',
          KeyFields: ['item_id'],
          BusinessObjectName: 'inv_mast',
          DatawindowName: 'd_item_notepad',
          FieldDefinitions: [
            { Name: 'item_id', DbColumnName: 'inv_mast.item_id', DataType: 'Char', Label: 'Item ID' },
            { Name: 'item_desc', DbColumnName: 'inv_mast.item_desc', DataType: 'Char', Label: 'Description' },
          ],
        },
      ],
    },
  };
  writeFileSync(join(dir, 'definitions', 'ItemNotepad.json'), JSON.stringify(definition));
  return dir;
}

// the commands body for ItemNotepad is the one public client code sends (unverified: none was ever published)
it('T12: the commands body of a known service is built from its request: open, change the key first, save, close', () => {
  expect(commandsRequest(ITEM_NOTEPAD, itemNote('A', 'B')).Requests.map((r) => r.Action)).toEqual([0, 2, 6, 1]);
});
