// POST /api/v2/commands through the transaction builders: the body built from a service's request, sent over real
// HTTP to the sandbox (which plays the actions in a window), and the /transaction error that points to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErpHttpError, ErpServerError } from '@acme/erp-schema';
import { commandsRequest, createClient, ErpTransactionBuildError, type ErpClient } from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';
import { startSandbox, type Sandbox } from '../../../sandbox/sandbox.js';
import { SAMPLE_SNAPSHOT } from '../../support/paths.js';
import { startSampleSandbox, uiServer } from '../../support/sandbox.js';

let server: Sandbox;
let client: ErpClient;

beforeAll(async () => {
  server = await startSampleSandbox({ tokens: { 'user-token': { tables: '*' } } });
  server.insert('oe_hdr', [{ order_no: '1013938' }]);
  // the tests read the requests in order: no drift check (test/runtime/drift.test.ts) among them
  client = createClient({ baseUrl: server.url, uiServerUrl: uiServer(server), auth: 'user-token', drift: 'off' });
});
afterAll(() => server.close());

const keyed = () =>
  Order.request(
    [Order.transaction().form('TABPAGE_1.order', { po_no: 'PO-9', order_no: '1013938' }, { keys: ['order_no'] })],
    { useCodeValues: false },
  );

describe('the commands body', () => {
  it('is built from the service request: open, change data by datawindow (keys first), save, close', () => {
    expect(commandsRequest(Order, keyed())).toEqual({
      Requests: [
        { Action: 0, DetailLevel: 0, Args: { ServiceName: 'Order' } },
        {
          Action: 2,
          DetailLevel: 0,
          Args: {
            List: [
              { DatawindowName: 'd_oe_hdr_order', FieldName: 'order_no', Value: '1013938' },
              { DatawindowName: 'd_oe_hdr_order', FieldName: 'po_no', Value: 'PO-9' },
            ],
          },
        },
        { Action: 6, DetailLevel: 0 },
        { Action: 1, DetailLevel: 0 },
      ],
    });
  });

  it('refuses a List of more than one row and a request of another service', () => {
    const twoRows = Order.request(
      [Order.transaction().list('TP_ITEMS.items', [{ oe_order_item_id: 'A' }, { oe_order_item_id: 'B' }])],
      { useCodeValues: false },
    );
    expect(() => commandsRequest(Order, twoRows)).toThrow(ErpTransactionBuildError);
    expect(() => commandsRequest(Order, { ...keyed(), Name: 'Customer' })).toThrow(/request is for Customer/);
  });
});

describe('client.commands', () => {
  it('posts the body to the UI server and returns the answer', async () => {
    const before = server.requests.length;
    const answer = (await client.commands(Order, keyed())) as { Results: Array<{ Action: number; Status: number }> };
    expect(answer.Results.map((r) => [r.Action, r.Status])).toEqual([
      [0, 1],
      [2, 1],
      [6, 1],
      [1, 1],
    ]);
    const sent = server.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /uiserver0/api/v2/commands']);
    expect(JSON.parse(sent[0]!.body!)).toEqual(commandsRequest(Order, keyed()));
  });

  it('a refused action is an error carrying the service message', async () => {
    const tooLong = {
      ...keyed(),
      Transactions: [
        {
          Status: 'New' as const,
          DataElements: [
            {
              Name: 'TABPAGE_1.order',
              Type: 'Form' as const,
              Keys: [],
              Rows: [{ Edits: [{ Name: 'po_no', Value: 'x'.repeat(51) }], RelativeDateEdits: [] }],
            },
          ],
        },
      ],
    };
    const error = await client.commands(Order, tooLong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpHttpError);
    expect((error as ErpHttpError).serverMessage).toMatch(/po_no/);
  });
});

describe('the /transaction error points to the commands endpoint', () => {
  let txServer: Sandbox;
  beforeAll(async () => {
    txServer = await startSandbox({ snapshot: SAMPLE_SNAPSHOT });
  });
  afterAll(() => txServer.close());

  it('an empty 500 from /transaction says some services need POST /api/v2/commands', async () => {
    const c = createClient({ baseUrl: txServer.url, auth: 'test-token' });
    const error = await c.transaction({ ...keyed(), Name: 'NoSuchService' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpServerError);
    expect((error as Error).message).toMatch(
      /some services need POST \/api\/v2\/commands instead: client\.commands\(NoSuchService, request\)/,
    );
  });
});
