// End to end: writes that must land (issue 26). A verified transaction is read back through /api/v2/transaction/get
// and compared field by field; a POST of several transactions gives one outcome each, and a failed one comes back
// as a request of its own, never with a passed one resent. Against the sandbox over HTTP, signed in with tokens it
// issued; the sandbox is told which columns its windows disable (`disabled`), as `erpgen sandbox --disabled` is.
import { describe, expect } from 'vitest';
import { ErpConfigError, ErpWriteNotAppliedError, ErpWriteUnverifiedError } from '@acme/erp-schema';
import {
  createClient,
  ErpTransactionFailedError,
  tokenAuth,
  type ErpClient,
  type TransactionOutcome,
} from '@acme/erp-schema/client';
import { Contact } from '@acme/erp-schema/transactions/Contact';
import { Order } from '@acme/erp-schema/transactions/Order';
import type { Sandbox } from '../../../sandbox/sandbox.js';
import { e2eTest } from '../../support/e2e.js';
import { bodiesTo, ordersWithPo as orders, PASSWORD, sandboxes, signedIn, USER } from '../../support/sandbox.js';

const HEADER = 'TABPAGE_1.order';
const ITEMS = 'TP_ITEMS.items';
const started = sandboxes();

const it = e2eTest({ disabled: ['Order/TABPAGE_1.order/job_name'] });

const order = (po: string, header: Record<string, unknown> = {}, lines = 1) =>
  Order.transaction()
    .form(HEADER, { customer_id: 100198, po_no: po, order_date: new Date(2030, 0, 5), taker: 'JSMITH', ...header })
    .list(
      ITEMS,
      Array.from({ length: lines }, (_, i) => ({
        oe_order_item_id: `WIDGET-${String(i + 1).padStart(3, '0')}`,
        unit_quantity: i + 1,
      })),
    );

/** the requests the sandbox received on a path of the Transaction API, from `before` on */
const posts = (server: Sandbox, path: string, before = 0) =>
  server.requests.slice(before).filter((r) => r.method === 'POST' && r.path === `/uiserver0/api/v2/${path}`);

const caught = async (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e,
  );

describe('verified transactions', () => {
  it('T7, T14: a disabled field sent with IgnoreDisabled passes and is not applied: verified (the default) it is an ErpWriteNotAppliedError naming the field, and the overlay line', async ({
    e2e: { client, server },
  }) => {
    const before = server.requests.length;
    const request = Order.request([order('PO-V-DISABLED', { job_name: 'Never stored' })], {
      useCodeValues: false,
      ignoreDisabled: true,
    });
    const error = (await caught(client.transaction(request))) as ErpWriteNotAppliedError;
    expect(error).toBeInstanceOf(ErpWriteNotAppliedError);
    expect(error.fields).toEqual([
      {
        service: 'Order',
        element: HEADER,
        field: 'job_name',
        sent: 'Never stored',
        stored: '',
        kind: 'not-applied',
      },
    ]);
    expect(error.message).toMatch(
      /^Order: the transaction passed, but read back by order_no=\d+, 1 field is not applied: TABPAGE_1\.order\.job_name: sent "Never stored", stored "" \(empty\)/,
    );
    expect(error.message).toContain(
      '"definitions": { "Order": { "TABPAGE_1.order": { "job_name": { "disabled": true } } } }',
    );
    // the write was applied once, and read once: one POST of each
    expect(posts(server, 'transaction', before)).toHaveLength(1);
    expect(posts(server, 'transaction/get', before)).toHaveLength(1);
    const [report] = error.result!.transactions;
    expect(report).toMatchObject({
      status: 'passed',
      keyElement: HEADER,
      verified: { notApplied: [{ field: 'job_name' }] },
    });
    expect(bodiesTo(server, 'POST', '/transaction/get').at(-1)).toEqual({
      ServiceName: 'Order',
      TransactionStates: [{ DataElementName: HEADER, Keys: [{ Name: 'order_no', Value: report!.keys['order_no'] }] }],
    });
    expect(await orders(client, 'PO-V-DISABLED')).toHaveLength(1);
  });

  it('T7: unverified (verify: false) the same request is the old answer: a success, no read-back, no request more', async ({
    e2e: { client, server },
  }) => {
    const before = server.requests.length;
    const result = await client.transaction(
      Order.request([order('PO-V-UNVERIFIED', { job_name: 'Never stored' })], {
        useCodeValues: false,
        ignoreDisabled: true,
      }),
      { verify: false },
    );
    expect(result.Summary).toEqual({ Succeeded: 1, Failed: 0, Other: 0 });
    expect(result.transactions[0]!.verified).toBe(false);
    expect(posts(server, 'transaction/get', before)).toHaveLength(0);
    expect(server.requests.length - before).toBe(1);
  });

  it('T14: a write that landed is verified: every field sent compared (dates by instant, decimals by value), exactly one request more', async ({
    e2e: main,
  }) => {
    const { client, server } = main;
    const before = server.requests.length;
    const result = await client.transaction(Order.request([order('PO-V-OK', {}, 3)], { useCodeValues: false }), {
      verify: true,
    });
    expect(posts(server, 'transaction', before)).toHaveLength(1);
    expect(posts(server, 'transaction/get', before)).toHaveLength(1);
    const [report] = result.transactions;
    // header: customer_id, po_no, order_date (sent 2030-01-05, read back as a date), taker; 3 lines of 2 fields
    expect(report!.verified).toEqual({ fields: 10, normalised: [], notApplied: [] });
    expect(report!.keys).toEqual({ order_no: expect.stringMatching(/^\d+$/) });
    expect(main.log.filter((l) => /stored in another form/.test(l))).toEqual([]);
  });

  it('T14: a value stored in another form (rounded to the column scale) is a warning with both values; under verify: strict an error', async ({
    e2e: main,
  }) => {
    const { client } = main;
    const rounded = () =>
      Order.transaction()
        .form(HEADER, { customer_id: 100198, po_no: 'PO-V-ROUND', taker: 'JSMITH' })
        .list(ITEMS, [{ oe_order_item_id: 'WIDGET-001', unit_quantity: 1, unit_price: '1.23456' }]);
    const lines = main.log.length;
    const result = await client.transaction(Order.request([rounded()], { useCodeValues: false }), { verify: true });
    const normalised = { element: ITEMS, field: 'unit_price', sent: '1.23456', stored: '1.2346', kind: 'normalised' };
    expect(result.transactions[0]!.verified).toMatchObject({
      normalised: [{ ...normalised, how: 'rounded to 4 decimal places' }],
      notApplied: [],
    });
    expect(main.log.slice(lines).filter((l) => /another form/.test(l))).toEqual([
      'Order TP_ITEMS.items.unit_price: sent "1.23456", stored "1.2346" (rounded to 4 decimal places): stored in another form than sent (verify: \'strict\' makes this an error)',
    ]);
    const strict = (await caught(
      client.transaction(Order.request([rounded()], { useCodeValues: false }), { verify: 'strict' }),
    )) as ErpWriteNotAppliedError;
    expect(strict).toBeInstanceOf(ErpWriteNotAppliedError);
    expect(strict.fields).toMatchObject([normalised]);
    expect(strict.message).toMatch(/1 is stored in another form \(an error under verify: 'strict'\)/);
  });

  it("T14: rounding is a form of the value sent only to the column's scale (the descriptor's scale: 4): a stored 1 for a sent 1.23456 is not applied", async ({
    e2e: { server },
  }) => {
    // the read-back says 1 where the sandbox stored 1.2346: a value the sent one rounds to at 0 places, not at the
    // column's 4; without the scale this was taken for the server's rounding and only warned about
    expect(Order.descriptor.elements[ITEMS]!.fields['unit_price']).toMatchObject({ type: 'Decimal', scale: 4 });
    const tampered = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ baseUrl: server.url, username: USER, password: PASSWORD }),
      log: () => undefined,
      fetch: async (url, init) => {
        const answer = await globalThis.fetch(url, init as RequestInit);
        if (!url.endsWith('/transaction/get')) return answer;
        const text = (await answer.text()).replace(/"1\.2346"/g, '"1"');
        return new Response(text, { status: answer.status, headers: answer.headers });
      },
    });
    const request = Order.request(
      [
        Order.transaction()
          .form(HEADER, { customer_id: 100198, po_no: 'PO-V-SCALE', taker: 'JSMITH' })
          .list(ITEMS, [{ oe_order_item_id: 'WIDGET-001', unit_quantity: 1, unit_price: '1.23456' }]),
      ],
      { useCodeValues: false },
    );
    const error = (await caught(tampered.transaction(request, { verify: true }))) as ErpWriteNotAppliedError;
    expect(error).toBeInstanceOf(ErpWriteNotAppliedError);
    expect(error.fields).toMatchObject([
      { element: ITEMS, field: 'unit_price', sent: '1.23456', stored: '1', kind: 'not-applied' },
    ]);
  });

  it("the client's verify option is every call's default: true reads back a request without IgnoreDisabled, false does not read back one with it", async ({
    e2e: main,
  }) => {
    const { client, server } = main;
    const always = main.recording({ verify: true, log: () => undefined });
    const before = server.requests.length;
    await always.transaction(Order.request([order('PO-V-CLIENT-1')], { useCodeValues: false }));
    expect(posts(server, 'transaction/get', before)).toHaveLength(1);
    const never = main.recording({ verify: false });
    const after = server.requests.length;
    const result = await never.transaction(
      Order.request([order('PO-V-CLIENT-2', { job_name: 'skipped' })], { useCodeValues: false, ignoreDisabled: true }),
    );
    expect(result.transactions[0]!.verified).toBe(false);
    expect(posts(server, 'transaction/get', after)).toHaveLength(0);
    // a call's own option overrides the client's
    await expect(
      never.transaction(
        Order.request([order('PO-V-CLIENT-3', { job_name: 'skipped' })], {
          useCodeValues: false,
          ignoreDisabled: true,
        }),
        { verify: true },
      ),
    ).rejects.toBeInstanceOf(ErpWriteNotAppliedError);
  });

  it("T14: the record is read back by the element that names it: a new order's header (its number the server gave), not a Form of lookups sent before it", async ({
    e2e: { client, server },
  }) => {
    const before = server.requests.length;
    const lookupFirst = Order.transaction()
      .form('TP_CUSTOMER.tp_customer', { customer_id: 100198 })
      .form(HEADER, { customer_id: 100198, po_no: 'PO-V-LOOKUP', taker: 'JSMITH' });
    const result = await client.transaction(Order.request([lookupFirst], { useCodeValues: false }), { verify: true });
    expect(result.transactions[0]).toMatchObject({
      keyElement: HEADER,
      verified: { fields: 4, notApplied: [], normalised: [] },
    });
    expect(posts(server, 'transaction/get', before)).toHaveLength(1);
  });

  it('a passed transaction that cannot be read back is an ErpWriteUnverifiedError saying not to send it again: no keys known, or a read that failed', async () => {
    const s = signedIn(await started());
    // a Contact's home address alone: no element of the request names the record, nor does the answer
    const home = Contact.request([Contact.transaction().form('TABPAGE_3.home', { home_phone: '555-0100' })], {
      useCodeValues: false,
    });
    const unnamed = await caught(s.client.transaction(home, { verify: true }));
    expect(unnamed).toBeInstanceOf(ErpWriteUnverifiedError);
    expect((unnamed as Error).message).toMatch(
      /^Contact: transaction 1 passed, but it cannot be read back: .*it was applied once: do not send it again/,
    );
    expect((unnamed as ErpWriteUnverifiedError).result.transactions[0]!.status).toBe('passed');
    expect(s.server.requests.filter((r) => r.path.endsWith('/transaction/get'))).toHaveLength(0);
    // the read-back meets a proxy that answers 503 to everything after the POST: retried as a read, then given up
    await s.client.uiServer();
    const before = s.server.requests.length;
    s.server.setFaults({ overload: { count: 100, after: 1 } });
    const unread = await caught(
      s.client.transaction(Order.request([order('PO-V-UNREAD')], { useCodeValues: false }), { verify: true }),
    );
    s.server.setFaults({});
    expect(unread).toBeInstanceOf(ErpWriteUnverifiedError);
    expect((unread as Error).message).toMatch(
      /^Order: the transaction passed, but reading it back failed \(.*HTTP 503.*\); it was applied once/,
    );
    const sent = s.server.requests.slice(before).map((r) => r.path.replace('/uiserver0/api/v2/', ''));
    expect(sent).toEqual(['transaction', 'transaction/get', 'transaction/get', 'transaction/get', 'transaction/get']);
    expect(await orders(s.client, 'PO-V-UNREAD')).toHaveLength(1);
  });

  it('a verify option that is none of true, false and strict is refused before anything is sent', async ({
    e2e: main,
  }) => {
    const { client, server } = main;
    const before = server.requests.length;
    const wrong = { verify: 'yes' } as unknown as { verify: boolean };
    await expect(
      client.transaction(Order.request([order('PO-V-WRONG')], { useCodeValues: false }), wrong),
    ).rejects.toThrow(/Order: verify is true, false or 'strict', not "yes"/);
    expect(() => main.recording(wrong)).toThrow(ErpConfigError);
    expect(server.requests.length).toBe(before);
  });
});

describe('one outcome per transaction, and never a passed one twice', () => {
  it('T9, T10: two transactions in one POST, the second failing: one outcome each, the call fails, result.failed is the second alone, nothing resent', async ({
    e2e: { client, server },
  }) => {
    const before = server.requests.length;
    const bad = Order.transaction().form(HEADER, { po_no: 'PO-V-T10-BAD' }); // no customer: refused
    const request = Order.request([order('PO-V-T10-GOOD'), bad], { useCodeValues: false });
    const error = (await caught(client.transaction(request))) as ErpTransactionFailedError;
    expect(error).toBeInstanceOf(ErpTransactionFailedError);
    const result = error.result as TransactionOutcome;
    expect(result.transactions.map((t) => [t.index, t.status, t.messages])).toEqual([
      [0, 'passed', []],
      [1, 'failed', ['This column is required.']],
    ]);
    expect(result.transactions[0]!.keys).toEqual({ order_no: expect.stringMatching(/^\d+$/) });
    expect(result.transactions[1]!.keys).toEqual({});
    // the failed transaction as a request of its own, the envelope kept
    expect(result.failed).toEqual([{ Name: 'Order', UseCodeValues: false, Transactions: [request.Transactions[1]] }]);
    // one POST: the passed transaction was applied once, and never resent
    expect(posts(server, 'transaction', before)).toHaveLength(1);
    expect(await orders(client, 'PO-V-T10-GOOD')).toHaveLength(1);
    expect(await orders(client, 'PO-V-T10-BAD')).toEqual([]);
    // the response and result are not enumerable: a logger printing the error's properties prints neither
    expect(Object.keys(error)).not.toContain('result');
    // fixed and sent alone
    const fixed = Order.request([order('PO-V-T10-BAD')], { useCodeValues: false });
    await client.transaction(fixed);
    expect(await orders(client, 'PO-V-T10-GOOD')).toHaveLength(1);
    expect(await orders(client, 'PO-V-T10-BAD')).toHaveLength(1);
  });

  it('T10: a failed transaction resent as result.failed gives it alone', async ({ e2e: { client, server } }) => {
    const bad = Order.transaction().form(HEADER, { po_no: 'PO-V-RESEND' });
    const error = (await caught(
      client.transaction(Order.request([order('PO-V-RESEND-OK'), bad], { useCodeValues: false })),
    )) as ErpTransactionFailedError;
    const before = server.requests.length;
    const again = (await caught(client.transaction(error.result!.failed[0]!))) as ErpTransactionFailedError;
    expect(again.result!.transactions.map((t) => t.status)).toEqual(['failed']);
    expect(bodiesTo(server, 'POST', '/api/v2/transaction').slice(-1)).toEqual([error.result!.failed[0]]);
    expect(server.requests.length - before).toBe(1);
    expect(await orders(client, 'PO-V-RESEND-OK')).toHaveLength(1);
  });

  it('T10, T14: a passed transaction of a failing POST is still verified: the error says whether it landed', async ({
    e2e: { client },
  }) => {
    const bad = Order.transaction().form(HEADER, { po_no: 'PO-V-MIXED-BAD' });
    const error = (await caught(
      client.transaction(
        Order.request([order('PO-V-MIXED', { job_name: 'skipped' }), bad], {
          useCodeValues: false,
          ignoreDisabled: true,
        }),
      ),
    )) as ErpTransactionFailedError;
    expect(error).toBeInstanceOf(ErpTransactionFailedError);
    expect(error.result!.transactions[0]!.verified).toMatchObject({
      notApplied: [{ field: 'job_name', sent: 'skipped' }],
    });
    expect(error.result!.transactions[1]!.verified).toBe(false);
  });

  it('T16: the response window met by one transaction of a POST whose other one passed is not retried; nor a 500 after a transaction was applied', async () => {
    const windowed = signedIn(await started({ transactions: { responseWindow: { count: 1 } } }));
    // the window takes the first transaction, the second passes: applied in part, so never resent
    const request = Order.request([order('PO-V-W1'), order('PO-V-W2')], { useCodeValues: false });
    const error = (await caught(windowed.client.transaction(request))) as ErpTransactionFailedError;
    expect(error).toBeInstanceOf(ErpTransactionFailedError);
    expect(error.result!.transactions.map((t) => t.status)).toEqual(['failed', 'passed']);
    expect(windowed.waits).toEqual([]);
    expect(windowed.server.requests.filter((r) => r.path.endsWith('/api/v2/transaction'))).toHaveLength(1);
    expect(error.result!.failed).toEqual([
      { Name: 'Order', UseCodeValues: false, Transactions: [request.Transactions[0]] },
    ]);
    // as a 500 after the first transaction: the first stays applied, and nothing is resent
    const as500 = signedIn(await started({ transactions: { responseWindow: { count: 2, as: '500' } } }));
    const both = Order.request([order('PO-V-W3'), order('PO-V-W4')], { useCodeValues: false });
    await expect(as500.client.transaction(both)).rejects.toThrow(/Unexpected response window/);
    expect(as500.server.requests.filter((r) => r.path.endsWith('/api/v2/transaction'))).toHaveLength(1);
    expect(as500.waits).toEqual([]);
  });

  it('a 401 on a POST (a token expired) is sent once more with a new token: the service applied nothing the first time, so the order exists once', async () => {
    const s = signedIn(await started());
    const recording = s.recording();
    await recording.transaction(Order.request([order('PO-V-401-A')], { useCodeValues: false }));
    s.server.expireTokens();
    const before = s.answers.length;
    await recording.transaction(Order.request([order('PO-V-401-B')], { useCodeValues: false }));
    const sent = s.answers.slice(before).filter((a) => a.path.endsWith('/api/v2/transaction'));
    expect(sent.map((a) => a.status)).toEqual([401, 200]);
    expect(await orders(recording, 'PO-V-401-B')).toHaveLength(1);
  });

  it('T13: an async submit whose connection drops is not resent (the service may have queued it)', async () => {
    const s = signedIn(await started());
    await s.client.uiServer();
    s.server.setFaults({ drop: { count: 1 } });
    await expect(
      s.client.transactionAsync(Order.request([order('PO-V-ASYNC-DROP')], { useCodeValues: false }), { intervalMs: 1 }),
    ).rejects.toThrow(/the write may have been applied: read it back before sending it again/);
    expect(s.server.requests.filter((r) => r.path.endsWith('/transaction/async'))).toHaveLength(1);
  });

  it('T13, T14: an async transaction is verified like a synchronous one', async ({ e2e: { client } }) => {
    const error = await caught(
      client.transactionAsync(
        Order.request([order('PO-V-ASYNC', { job_name: 'skipped' })], { useCodeValues: false, ignoreDisabled: true }),
        { intervalMs: 1 },
      ),
    );
    expect(error).toBeInstanceOf(ErpWriteNotAppliedError);
    expect((error as ErpWriteNotAppliedError).fields.map((f) => f.field)).toEqual(['job_name']);
  });
});

describe("the sandbox's disabled option", () => {
  it('takes SERVICE/ELEMENT/FIELD text or { service, element, field }; a name the snapshot lacks, or text of another form, is refused at start', async () => {
    const both = signedIn(
      await started({
        disabled: [
          'Order/TABPAGE_1.order/po_no',
          { service: 'Order', element: 'TP_ITEMS.items', field: 'extended_desc' },
        ],
      }),
    );
    const refused = (await caught(
      both.client.transaction(Order.request([order('PO-V-OPT')], { useCodeValues: false })),
    )) as ErpTransactionFailedError;
    const line = Order.transaction()
      .form(HEADER, { customer_id: 100198, taker: 'JSMITH' })
      .list(ITEMS, [{ oe_order_item_id: 'WIDGET-001', unit_quantity: 1, extended_desc: 'x' }]);
    await expect(both.client.transaction(Order.request([line], { useCodeValues: false }))).rejects.toThrow(
      /Column is disabled: extended_desc/,
    );
    expect(refused.messages).toEqual(['Transaction 1:: General Exception: Column is disabled: po_no']);
    await expect(started({ disabled: ['Order/TABPAGE_1.order'] })).rejects.toThrow(
      'disabled "Order/TABPAGE_1.order": expected SERVICE/ELEMENT/FIELD (e.g. Order/TABPAGE_1.order/po_no)',
    );
    await expect(started({ disabled: ['Order/TP_ITEMS.itens/extended_desc'] })).rejects.toThrow(
      'disabled: Order has no data element "TP_ITEMS.itens" (did you mean TP_ITEMS.items?)',
    );
    // @ts-expect-error a disabled column is text or { service, element, field }
    await expect(started({ disabled: [{ service: 'Order', field: 'po_no' }] })).rejects.toThrow();
  });
});

describe('what a refusal means', () => {
  it('T18: "Column is disabled: X" says which element and field were written, and prints the overlay line', async ({
    e2e: { client, server },
  }) => {
    const error = (await caught(
      client.transaction(Order.request([order('PO-V-COLUMN', { job_name: 'x' })], { useCodeValues: false })),
    )) as ErpTransactionFailedError;
    expect(error).toBeInstanceOf(ErpTransactionFailedError);
    expect(error.message).toContain(
      'Order TABPAGE_1.order.job_name is disabled on this server; say so in erpgen.config.json and writing it becomes a compile error: "definitions": { "Order": { "TABPAGE_1.order": { "job_name": { "disabled": true } } } }',
    );
  });

  it('T18: "This column is required." names no column: the error names the elements written, the fields flagged required left out, and the overlay line', async () => {
    // the window needs taker; the sandbox answers the documents' message, which names no column
    const s = signedIn(await started({ transactions: { required: { Order: { [HEADER]: ['taker'] } } } }));
    const noTaker = Order.transaction().form(HEADER, { customer_id: 100198, po_no: 'PO-V-REQ' });
    const error = (await caught(
      s.client.transaction(Order.request([noTaker], { useCodeValues: false })),
    )) as ErpTransactionFailedError;
    expect(error.messages).toEqual(['Transaction 1:: This column is required.']);
    expect(error.message).toMatch(
      /"This column is required\." names no column: the transaction wrote TABPAGE_1\.order, and left out these fields the definition flags as required: TABPAGE_1\.order\.sales_loc_id \(Sales Location ID\), TABPAGE_1\.order\.ship_to_id \(Ship To ID\), TABPAGE_1\.order\.order_date \(Order Date\), TABPAGE_1\.order\.company_id \(Company ID\), TABPAGE_1\.order\.taker \(Taker\)/,
    );
    expect(error.message).toContain(
      '"definitions": { "Order": { "TABPAGE_1.order": { "sales_loc_id": { "required": true } } } }',
    );
  });
});
