// End-to-end tests of the simulated UI server router and Transaction API: real servers on a temp copy of the curated
// sample snapshot with the sample service definitions written into it, real HTTP requests with fetch, each signed
// with a token the sandbox itself issued (tokenAuth with a user's credentials). Each rule the
// service documents state, and the simulation reproduces, has a test here that fails when it breaks. Tests on the
// shared server write rows they can tell apart (their own order numbers and PO numbers), so order never matters;
// tests that depend on the server's numbering start their own server.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsdlIndex, readCsdlObjects } from '../../generator/parse/csdl.js';
import type { QueryObject } from '../../generator/model/schema.js';
import { sampleDefinitions, writeDefinitions } from '../tenant/definitions.js';
import { REFERENCE_DIR } from '../tenant/real-columns.js';
import { tokenAuth } from '@acme/erp-schema/client';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/sandbox.js';
import { CAPTURED_REQUIRED_MESSAGES } from '../../sandbox/transactions/rules.js';

const SCHEMA = fileURLToPath(new URL('../../schema/', import.meta.url));
const USER = 'tx_user';
const PASSWORD = 'tx service password';

/** per sandbox (by its address): the token it issued to USER, signed in with tokenAuth as a team would */
const tokens = new Map<string, string>();

/** the Authorization header of the sandbox a URL is on */
function authFor(url: string): Record<string, string> {
  const base = [...tokens.keys()].find((u) => url.startsWith(u));
  if (base === undefined) throw new Error(`no sandbox serves ${url}`);
  return { Authorization: `Bearer ${tokens.get(base)}` };
}

function jsonHeaders(url: string): Record<string, string> {
  return { ...authFor(url), Accept: 'application/json', 'Content-Type': 'application/json' };
}
const ORDER_FORM = 'TABPAGE_1.order';
const ORDER_ITEMS = 'TP_ITEMS.items';

/** request and response bodies, navigated freely: the assertions check their shape */
type Json = Record<string, any>;

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

interface Envelope {
  Messages: string[];
  Results: { Name: string; Transactions: Array<{ DataElements: Json[]; Status: string }> } | null;
  Summary: { Succeeded: number; Failed: number; Other: number };
}

let folder: string;
/** the sample snapshot with definitions */
let snapshot: string;
/** default transaction options, plus Order's company_id disabled */
let server: Sandbox;
const started: Sandbox[] = [];

async function start(options: Partial<SandboxOptions> = {}, on = snapshot): Promise<Sandbox> {
  const s = await startSandbox({
    snapshot: on,
    rowsPerObject: 1,
    credentials: { users: { [USER]: PASSWORD } },
    ...options,
  });
  started.push(s);
  tokens.set(s.url, await tokenAuth({ baseUrl: s.url, username: USER, password: PASSWORD }).token());
  return s;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'erpgen-transactions-'));
  snapshot = join(folder, 'sample');
  cpSync(SCHEMA, snapshot, { recursive: true });
  await writeDefinitions(snapshot, sampleDefinitions());
  server = await start({ transactions: { disabled: { Order: { [ORDER_FORM]: ['company_id'] } } } });
});

afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// --- helpers -----------------------------------------------------------------------------------------------------

function ui(on = server): string {
  return `${on.url}/uiserver0`;
}

async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const res = await fetch(url, { redirect: 'manual', headers: jsonHeaders(url), ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function post(
  path: string,
  body: unknown,
  on = server,
  headers: Record<string, string> = jsonHeaders(ui(on)),
): Promise<Answer> {
  return call(ui(on) + path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

/** a POST /transaction that must answer 200 with the envelope */
async function transact(body: unknown, on = server): Promise<Envelope> {
  const answer = await post('/api/v2/transaction', body, on);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  return JSON.parse(answer.text) as Envelope;
}

/** a POST /transaction that must pass; returns the written data elements */
async function passes(body: unknown, on = server): Promise<Json[]> {
  const envelope = await transact(body, on);
  expect(envelope.Messages, JSON.stringify(envelope)).toEqual(['Transaction 1:: ']);
  expect(envelope.Summary).toEqual({ Succeeded: 1, Failed: 0, Other: 0 });
  expect(envelope.Results!.Transactions[0]!.Status).toBe('Passed');
  return envelope.Results!.Transactions[0]!.DataElements;
}

/** a POST /transaction of one transaction that must fail; returns the reason after `Transaction 1:: ` */
async function fails(body: unknown, on = server): Promise<string> {
  const envelope = await transact(body, on);
  expect(envelope.Results, JSON.stringify(envelope)).toBeNull();
  expect(envelope.Summary).toEqual({ Succeeded: 0, Failed: 1, Other: 0 });
  expect(envelope.Messages).toHaveLength(1);
  expect(envelope.Messages[0]).toMatch(/^Transaction 1:: /);
  return envelope.Messages[0]!.slice('Transaction 1:: '.length);
}

/** a 400 with the body the documents show for the Transaction API, `{Messages, Results, Summary}`; returns its message */
async function badRequest(answer: Answer, status = 400): Promise<string> {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as Envelope;
  expect(body.Results).toBeNull();
  expect(body.Summary).toEqual({ Succeeded: 0, Failed: 0, Other: 0 });
  expect(body.Messages).toHaveLength(1);
  return body.Messages[0]!;
}

function emptyError(answer: Answer, status = 500): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.text).toBe('');
}

/** a real request body from the reference folder, without its `_source` note */
function payload(name: string): Json {
  const body = JSON.parse(readFileSync(join(REFERENCE_DIR, 'transaction-payloads', `${name}.json`), 'utf8')) as Json;
  delete body._source;
  return body;
}

function edits(values: Record<string, string>): Array<{ Name: string; Value: string }> {
  return Object.entries(values).map(([Name, Value]) => ({ Name, Value }));
}

interface ElementSpec {
  name: string;
  type?: 'Form' | 'List';
  keys?: string[];
  rows: Array<Record<string, string>>;
}

function element(spec: ElementSpec): Json {
  return {
    Name: spec.name,
    Type: spec.type ?? (spec.name === ORDER_ITEMS ? 'List' : 'Form'),
    Keys: spec.keys ?? [],
    Rows: spec.rows.map((r) => ({ Edits: edits(r), RelativeDateEdits: [] })),
  };
}

function transactionSet(name: string, transactions: ElementSpec[][], extra: Json = {}): Json {
  return {
    Name: name,
    UseCodeValues: false,
    ...extra,
    Transactions: transactions.map((elements) => ({ Status: 'New', DataElements: elements.map(element) })),
  };
}

/** an Order transaction keyed on its own order number: a new order the first time, the same one afterwards */
function keyedOrder(orderNo: string, header: Record<string, string> = {}, lines?: Array<Record<string, string>>): Json {
  const elements: ElementSpec[] = [{ name: ORDER_FORM, keys: ['order_no'], rows: [{ order_no: orderNo, ...header }] }];
  if (lines) elements.push({ name: ORDER_ITEMS, keys: ['user_line_no'], rows: lines });
  return transactionSet('Order', [elements]);
}

/** a new Order (no keys) with the required customer and the given header edits */
function newOrder(header: Record<string, string>, extra: Json = {}): Json {
  return transactionSet('Order', [[{ name: ORDER_FORM, rows: [{ customer_id: '100198', ...header }] }]], extra);
}

async function readBack(body: unknown, on = server): Promise<Json> {
  const answer = await post('/api/v2/transaction/get', body, on);
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text) as Json;
}

async function readOrder(orderNo: string, on = server): Promise<Json[]> {
  const set = await readBack(
    {
      ServiceName: 'Order',
      TransactionStates: [{ DataElementName: ORDER_FORM, Keys: [{ Name: 'order_no', Value: orderNo }] }],
    },
    on,
  );
  expect(set.Transactions).toHaveLength(1);
  expect(set.Transactions[0].Status).toBe('Passed');
  return set.Transactions[0].DataElements as Json[];
}

function editsOf(row: Json): Record<string, string> {
  return Object.fromEntries((row.Edits as Array<{ Name: string; Value: string }>).map((e) => [e.Name, e.Value]));
}

function orderRows(po: string, on = server): Array<Record<string, string>> {
  return on.transactionRows('Order', ORDER_FORM).filter((r) => r.po_no === po);
}

function maxLength(table: string, column: string): number {
  const index = readCsdlIndex(join(snapshot, 'tables.metadata.json'), 'table');
  const objects: QueryObject[] = [];
  readCsdlObjects(
    index.document,
    index.objects.filter((o) => o.name === table),
    (o) => objects.push(o),
  );
  const length = objects[0]?.columns.find((c) => c.name === column)?.maxLength;
  if (typeof length !== 'number') throw new Error(`${table}.${column} has no numeric $MaxLength in the snapshot`);
  return length;
}

// --- the router ------------------------------------------------------------------------------------------------

describe('UI server router', () => {
  it('answers the UI server address with the trailing slash, and that address serves the Transaction API', async () => {
    const answer = await call(`${server.url}/api/ui/router/v1/?urlType=external`, { headers: authFor(server.url) });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text) as { Url: string };
    expect(body).toEqual({ Url: `${server.url}/uiserver0` });
    expect((await call(`${body.Url}/api/v2/services`)).status).toBe(200);
  });

  it('answers 307 to the trailing-slash form without it, before any authentication', async () => {
    for (const headers of [authFor(server.url), {}]) {
      const answer = await call(`${server.url}/api/ui/router/v1?urlType=external`, { headers });
      expect(answer.status).toBe(307);
      expect(answer.headers.get('location')).toBe(`${server.url}/api/ui/router/v1/?urlType=external`);
    }
  });

  it("refuses a missing or non-Bearer Authorization header with the 'header was not present' 401", async () => {
    for (const headers of [{}, { Authorization: 'Basic dGVzdDp0ZXN0' }] as Array<Record<string, string>>) {
      const answer = await call(`${server.url}/api/ui/router/v1/?urlType=external`, { headers });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({
        Description: "Authorization header was not present or 'Bearer' was missing",
        Error: 'Unauthorized',
        Uri: `${server.url}/api/ui/router/v1/?urlType=external`,
      });
    }
  });

  it('refuses an unknown token', async () => {
    const answer = await call(`${server.url}/api/ui/router/v1/?urlType=external`, {
      headers: { Authorization: 'Bearer wrong-token' },
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'invalid_token' });
  });

  it('serves the Transaction API only on the UI server: the base host answers an empty 404', async () => {
    emptyError(await call(`${server.url}/api/v2/services`), 404);
    emptyError(
      await call(`${server.url}/api/v2/transaction`, {
        method: 'POST',
        body: JSON.stringify(payload('create-customer')),
      }),
      404,
    );
  });
});

// --- discovery ---------------------------------------------------------------------------------------------------

describe('services and definitions', () => {
  it('lists the services of services.json, without the report services', async () => {
    const answer = await call(`${ui()}/api/v2/services`);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(readFileSync(join(snapshot, 'services.json'), 'utf8'));
    const names = (JSON.parse(answer.text) as Array<{ Name: string }>).map((s) => s.Name);
    expect(names).toContain('Order');
    expect(names.some((n) => n.startsWith('m_'))).toBe(false);
  });

  it('answers [] for ?type=report and 400 for any other type', async () => {
    const reports = await call(`${ui()}/api/v2/services?type=report`);
    expect(reports.status).toBe(200);
    expect(JSON.parse(reports.text)).toEqual([]);
    expect(await badRequest(await call(`${ui()}/api/v2/services?type=window`))).toMatch(/window/);
  });

  it('answers a definition file verbatim, report services included, and an empty 500 for unknown names', async () => {
    for (const name of ['Order', 'm_openorderreport']) {
      const answer = await call(`${ui()}/api/v2/definition/${name}`);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(readFileSync(join(snapshot, 'definitions', `${name}.json`), 'utf8'));
    }
    expect(JSON.parse((await call(`${ui()}/api/v2/definition/Ord%65r`)).text).Name).toBe('Order');
    emptyError(await call(`${ui()}/api/v2/definition/NoSuchService`));
  });

  it('without Accept: application/json, an empty 500 up to 26.1.5910.3 (the rule the documents give the Interactive API)', async () => {
    const old = await start({ build: '26.1.5910.3' });
    const headers = { ...authFor(old.url), 'Content-Type': 'application/json' };
    for (const accept of [{}, { Accept: '*/*' }, { Accept: 'application/xml' }] as Array<Record<string, string>>) {
      emptyError(await call(`${ui(old)}/api/v2/services`, { headers: { ...headers, ...accept } }));
      emptyError(await call(`${ui(old)}/api/v2/definition/Order`, { headers: { ...headers, ...accept } }));
      emptyError(await post('/api/v2/transaction', payload('create-customer'), old, { ...headers, ...accept }));
    }
  });

  it('without Accept: application/json, the answer in XML with 200 from 26.1.5940.0 (a data contract, members in order)', async () => {
    const headers = { ...authFor(server.url), 'Content-Type': 'application/json' };
    const list = await call(`${ui()}/api/v2/services?type=report`, { headers });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(list.text).toMatch(/^<ArrayOfServiceInfo xmlns="[^"]+" xmlns:i="[^"]+"><\/ArrayOfServiceInfo>$/);
    const answer = await post('/api/v2/transaction', payload('create-customer'), server, headers);
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(
      /^<TransactionSetResult xmlns="[^"]+" xmlns:i="[^"]+"><Messages><string xmlns="[^"]+">Transaction 1:: <\/string><\/Messages><Results><Name>Customer<\/Name><Transactions><Transaction><DataElements>/,
    );
    expect(answer.text).toMatch(
      /<Summary><Failed>0<\/Failed><Other>0<\/Other><Succeeded>1<\/Succeeded><\/Summary><\/TransactionSetResult>$/,
    );
  });

  it('needs a bearer token on every endpoint, checked before Accept', async () => {
    const noToken = { Accept: 'application/json', 'Content-Type': 'application/json' };
    for (const answer of [
      await call(`${ui()}/api/v2/services`, { headers: noToken }),
      await call(`${ui()}/api/v2/definition/Order`, { headers: {} }),
      await post('/api/v2/transaction', payload('create-customer'), server, noToken),
      await post('/api/v2/transaction/get', payload('transaction-get-request'), server, noToken),
      await post('/api/v2/transaction/async', payload('create-customer'), server, noToken),
      await call(`${ui()}/api/v2/transaction/async?id=x`, { headers: noToken }),
      await post('/api/v2/process/pdfreport', transactionSet('m_openorderreport', [[]]), server, noToken),
    ]) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text).Description).toBe("Authorization header was not present or 'Bearer' was missing");
    }
    const wrong = { ...jsonHeaders(server.url), Authorization: 'Bearer wrong-token' };
    expect((await post('/api/v2/transaction', payload('create-customer'), server, wrong)).status).toBe(401);
  });

  it('without a definitions folder lists nothing and knows no service', async () => {
    const bare = join(folder, 'bare');
    cpSync(SCHEMA, bare, { recursive: true });
    rmSync(join(bare, 'definitions'), { recursive: true, force: true });
    rmSync(join(bare, 'services.json'), { force: true });
    const plain = await start({}, bare);
    const list = await call(`${ui(plain)}/api/v2/services`);
    expect(list.status).toBe(200);
    expect(JSON.parse(list.text)).toEqual([]);
    emptyError(await call(`${ui(plain)}/api/v2/definition/Order`));
    emptyError(await post('/api/v2/transaction', payload('create-sales-order'), plain));
    emptyError(await post('/api/v2/transaction/get', payload('transaction-get-request'), plain));
  });
});

// --- what is refused before any transaction runs --------------------------------------------------------------------

describe('request bodies', () => {
  it('refuses a body that is not Content-Type: application/json', async () => {
    const headers = { ...jsonHeaders(server.url), 'Content-Type': 'text/plain' };
    expect(await badRequest(await post('/api/v2/transaction', payload('create-customer'), server, headers))).toMatch(
      /application\/json/,
    );
  });

  it('refuses invalid JSON and an empty body', async () => {
    expect(await badRequest(await post('/api/v2/transaction', '{"Name": "Order",'))).toMatch(/JSON/);
    await badRequest(await post('/api/v2/transaction', ''));
  });

  it('refuses missing members, naming them', async () => {
    const body = payload('create-customer');
    const cases: Array<[(b: Json) => void, RegExp]> = [
      [(b) => delete b.Name, /^Name is missing/],
      [(b) => delete b.Transactions, /^Transactions is missing/],
      [(b) => delete b.Transactions[0].Status, /Transactions\[0\]\.Status is missing/],
      [(b) => delete b.Transactions[0].DataElements[0].Keys, /DataElements\[0\]\.Keys is missing/],
      [(b) => delete b.Transactions[0].DataElements[1].Rows[0].Edits, /DataElements\[1\]\.Rows\[0\]\.Edits is missing/],
      [(b) => delete b.Transactions[0].DataElements[0].Rows[0].Edits[2].Value, /Edits\[2\]\.Value is missing/],
    ];
    for (const [change, message] of cases) {
      const copy = structuredClone(body);
      change(copy);
      expect(await badRequest(await post('/api/v2/transaction', copy))).toMatch(message);
    }
  });

  it('refuses a Value that is a number or null: values are always strings', async () => {
    for (const value of [5, null, true]) {
      const body = payload('create-sales-order');
      body.Transactions[0].DataElements[1].Rows[0].Edits[1].Value = value;
      expect(await badRequest(await post('/api/v2/transaction', body))).toMatch(/Value must be a string/);
    }
  });

  it('answers an empty 500 for an unknown service name', async () => {
    emptyError(await post('/api/v2/transaction', { ...payload('create-customer'), Name: 'Customers' }));
  });

  it('T6: refuses a Status other than New with a 400 (26.1.5940.0 and later) and writes nothing', async () => {
    const body = keyedOrder('S0000001');
    body.Transactions.push({ ...body.Transactions[0], Status: 'Existing' });
    expect(await badRequest(await post('/api/v2/transaction', body))).toMatch(/'Existing'.*New/);
    expect(server.transactionRows('Order', ORDER_FORM).filter((r) => r.order_no === 'S0000001')).toEqual([]);
  });

  it('T6: before 26.1.5940.0 a Status other than New is a NullReferenceException 500, without a stack', async () => {
    const old = await start({ build: '26.1.5910.3' });
    const body = keyedOrder('S0000009');
    body.Transactions[0].Status = 'Existing';
    const answer = await post('/api/v2/transaction', body, old);
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.text)).toEqual({
      Message: 'An error has occurred.',
      ExceptionMessage: 'Object reference not set to an instance of an object.',
      ExceptionType: 'System.NullReferenceException',
    });
    expect(old.transactionRows('Order', ORDER_FORM).filter((r) => r.order_no === 'S0000009')).toEqual([]);
  });

  it('under the problem switch, a 400 is RFC 7807 problem details (one capture reports them)', async () => {
    const problems = await start({ transactions: { errorBody: 'problem' } });
    const answer = await post('/api/v2/transaction', '{"Name": "Order",', problems);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.text)).toMatchObject({
      status: 400,
      title: 'Bad Request',
      detail: expect.stringMatching(/JSON/),
    });
  });

  it('ignores members it does not know, as the service does', async () => {
    await passes({ ...payload('create-customer'), _source: 'a note', Extra: { any: 1 } });
  });
});

// --- the real request bodies ---------------------------------------------------------------------------------------

describe('real payloads', () => {
  it('create-sales-order passes; the server numbers the order after every existing one, and the line belongs to it', async () => {
    const body = payload('create-sales-order');
    const po = 'PO-REAL-SO';
    body.Transactions[0].DataElements[0].Rows[0].Edits.find((e: Json) => e.Name === 'po_no').Value = po;
    const highest = Math.max(...server.transactionRows('Order', ORDER_FORM).map((r) => Number(r.order_no) || 0));
    const written = await passes(body);
    expect(written.map((e) => e.Name)).toEqual([ORDER_FORM, ORDER_ITEMS]);
    const header = editsOf(written[0]!.Rows[0]);
    expect(header.order_no).toMatch(/^\d{7}$/);
    expect(Number(header.order_no)).toBe(Math.max(highest + 1, 1000001));
    expect(header).toMatchObject({ customer_id: '100198', po_no: po, taker: 'JSMITH', order_date: '2030-01-05' });
    expect(orderRows(po)).toEqual([expect.objectContaining(header)]);
    const elements = await readOrder(header.order_no!);
    expect(elements.map((e) => e.Name)).toEqual(expect.arrayContaining([ORDER_FORM, ORDER_ITEMS]));
    expect(elements.find((e) => e.Name === ORDER_ITEMS)!.Rows.map(editsOf)).toEqual([
      expect.objectContaining({ oe_order_item_id: 'WIDGET-001', unit_quantity: '5' }),
    ]);
  });

  it('create-customer passes and numbers the customer', async () => {
    const written = await passes(payload('create-customer'));
    expect(written.map((e) => e.Name)).toEqual(['TABPAGE_1.tp_1_dw_1', 'SHIP_TO_GENERAL.ship_to_general']);
    const customer = editsOf(written[0]!.Rows[0]);
    expect(customer.customer_id).toMatch(/^\d+$/);
    expect(customer).toMatchObject({ customer_name: 'ACME Industrial Supply', mail_postal_code: '50309' });
    expect(server.transactionRows('Customer', 'TABPAGE_1.tp_1_dw_1')).toContainEqual(expect.objectContaining(customer));
    expect(server.transactionRows('Customer', 'SHIP_TO_GENERAL.ship_to_general')).toContainEqual(
      expect.objectContaining({ default_branch: '10' }),
    );
  });

  it('inventory-adjustment passes (ValidValues label ADJUST, a negative quantity)', async () => {
    const written = await passes(payload('inventory-adjustment'));
    expect(editsOf(written[0]!.Rows[0])).toMatchObject({ company_id: 'ACME', reason_id: 'ADJUST' });
    expect(server.transactionRows('InventoryAdjustment', 'TABPAGE_17.tp_17_dw_17')).toContainEqual(
      expect.objectContaining({ item_id: 'WIDGET-001', unit_quantity: '-5' }),
    );
  });

  it('update-order-lines inserts order 1013938 when it does not exist, then updates its lines by key', async () => {
    const fresh = await start();
    const body = payload('update-order-lines');
    const lines = async () =>
      (await readOrder('1013938', fresh))
        .find((e) => e.Name === ORDER_ITEMS)!
        .Rows.map(editsOf)
        .map((r: Json) => [r.user_line_no, r.oe_order_item_id, r.unit_quantity]);
    await passes(body, fresh);
    const orders = () => fresh.transactionRows('Order', ORDER_FORM).filter((r) => r.order_no === '1013938');
    expect(orders()).toHaveLength(1);
    expect(await lines()).toEqual([
      ['010', 'WIDGET-001', '4'],
      ['030', 'WIDGET-002', '1'],
    ]);
    // the same payload again, line 030 changed: the order and its lines are updated, nothing is duplicated
    body.Transactions[0].DataElements[1].Rows[1].Edits[2].Value = '7';
    await passes(body, fresh);
    expect(orders()).toHaveLength(1);
    expect(await lines()).toEqual([
      ['010', 'WIDGET-001', '4'],
      ['030', 'WIDGET-002', '7'],
    ]);
  });

  it('transaction-get-request reads back order 1000001, which the query surface lists, and 1000002, which the server numbered next', async () => {
    const fresh = await start();
    // rowsPerObject 1: the tenant holds one order, 1000001; a new order never takes its number
    const seeded = fresh.transactionRows('Order', ORDER_FORM);
    expect(seeded.map((r) => r.order_no)).toEqual(['1000001']);
    const written = await passes(payload('create-sales-order'), fresh);
    expect(editsOf(written[0]!.Rows[0]).order_no).toBe('1000002');
    const set = await readBack(payload('transaction-get-request'), fresh);
    expect(set.Name).toBe('Order');
    expect(set.Transactions).toHaveLength(2);
    const [first, second] = set.Transactions as [Json, Json];
    const header = (t: Json) => editsOf((t.DataElements as Json[]).find((e) => e.Name === ORDER_FORM)!.Rows[0]);
    expect(first.Status).toBe('Passed');
    expect(header(first)).toEqual(seeded[0]);
    expect(header(second)).toMatchObject({ order_no: '1000002', customer_id: '100198', po_no: 'PO-TEST-001' });
    const items = (second.DataElements as Json[]).find((e) => e.Name === ORDER_ITEMS)!;
    expect(items).toMatchObject({ Name: ORDER_ITEMS, Type: 'List', Keys: ['user_line_no'] });
    expect(items.Rows.map(editsOf)).toEqual([
      expect.objectContaining({ oe_order_item_id: 'WIDGET-001', unit_quantity: '5' }),
    ]);
  });
});

// --- the rules a transaction is checked against ----------------------------------------------------------------------

describe('transaction rules', () => {
  it('fails an unknown data element, and one sent with the wrong Type', async () => {
    expect(await fails(transactionSet('Order', [[{ name: 'TABPAGE_9.nothing', rows: [{ a: '1' }] }]]))).toBe(
      'General Exception: Unable to find data element named TABPAGE_9.nothing in service Order',
    );
    expect(
      await fails(transactionSet('Order', [[{ name: ORDER_ITEMS, type: 'Form', rows: [{ unit_quantity: '1' }] }]])),
    ).toBe(`General Exception: Data element ${ORDER_ITEMS} is a List, not a Form`);
  });

  it('takes a Form sent with several rows (no document refuses it): each row edits the one header, in order', async () => {
    const body = transactionSet('Order', [[{ name: ORDER_FORM, rows: [{ customer_id: '1' }, { customer_id: '2' }] }]]);
    const written = await passes(body);
    const orderNo = written[0]!.Rows[0].Edits.find((e: Json) => e.Name === 'order_no').Value as string;
    const header = server.transactionRows('Order', ORDER_FORM).filter((r) => r['order_no'] === orderNo);
    expect(header).toHaveLength(1);
    expect(header[0]!['customer_id']).toBe('2');
  });

  it("refuses a write to an order left in the editing state (oe_hdr.completed = 'T'), as documented", async () => {
    server.insert('oe_hdr', [
      { order_no: '7700001', completed: 'T' },
      { order_no: '7700002', completed: 'N' },
    ]);
    const edit = (orderNo: string): Json =>
      transactionSet('Order', [
        [{ name: ORDER_FORM, keys: ['order_no'], rows: [{ order_no: orderNo, po_no: 'EDIT' }] }],
      ]);
    expect(await fails(edit('7700001'))).toBe(
      'General Exception: Order 7700001 is in an editing state (completed = T) and cannot be changed.',
    );
    await passes(edit('7700002'));
    // an order the Transaction API itself left in that state is refused too
    await passes(
      transactionSet(
        'Order',
        [[{ name: ORDER_FORM, keys: ['order_no'], rows: [{ order_no: '7700003', completed: 'T' }] }]],
        { UseCodeValues: true },
      ),
    );
    expect(await fails(edit('7700003'))).toMatch(/7700003 is in an editing state/);
  });

  it("fails a key or an edit that names no field of the element: 'Invalid column name'", async () => {
    expect(
      await fails(transactionSet('Order', [[{ name: ORDER_FORM, keys: ['order_number'], rows: [{ order_no: '1' }] }]])),
    ).toBe('Invalid column name: order_number');
    // oe_order_item_id is a field of the lines, not of the header
    expect(await fails(newOrder({ oe_order_item_id: 'WIDGET-001' }))).toBe('Invalid column name: oe_order_item_id');
  });

  it("fails a key that is a field but missing from a row's edits: 'Sequence contains no matching element'", async () => {
    const body = keyedOrder('S0000002', {}, [{ user_line_no: '1', unit_quantity: '1' }, { unit_quantity: '2' }]);
    expect(await fails(body)).toBe('General Exception: Sequence contains no matching element');
  });

  it('takes display labels for fields with ValidValues, and refuses others unless UseCodeValues is set', async () => {
    const adjustment = (reason: string, extra: Json = {}): Json =>
      transactionSet(
        'InventoryAdjustment',
        [[{ name: 'TABPAGE_1.tp_1_dw_1', rows: [{ company_id: 'ACME', location_id: '10', reason_id: reason }] }]],
        extra,
      );
    await passes(adjustment('SCRAP'));
    expect(await fails(adjustment('BOGUS'))).toBe('Invalid reason_id value: BOGUS');
    expect(await fails(adjustment('scrap'))).toBe('Invalid reason_id value: scrap');
    await passes(adjustment('BOGUS', { UseCodeValues: true }));
  });

  it('does not type-check a display label: a Decimal field with ValidValues takes its label, or with codes a number', async () => {
    await passes(newOrder({ po_no: 'PO-VV-1', currency_id: 'USD', order_priority_uid: 'Rush' }));
    expect(await fails(newOrder({ currency_id: '1' }))).toBe('Invalid currency_id value: 1');
    await passes(newOrder({ po_no: 'PO-VV-2', currency_id: '1' }, { UseCodeValues: true }));
    expect(await fails(newOrder({ currency_id: 'USD' }, { UseCodeValues: true }))).toBe(
      "Invalid value for currency_id: 'USD'",
    );
  });

  it('requires a numeric string in Decimal and Long fields and a date in Datetime fields', async () => {
    await passes(
      newOrder({
        po_no: 'PO-TYPES',
        profit_percent: '-12.5',
        source_code_no: '42',
        order_date: '2030-01-05',
        requested_date: '2030-01-06T08:30',
        expedite_date: '2030-01-07T08:30:15.123Z',
      }),
    );
    const cases: Array<[string, string]> = [
      ['customer_id', 'abc'],
      ['customer_id', '1,5'],
      ['customer_id', '1e3'],
      ['customer_id', ''],
      ['source_code_no', '4.'],
      ['order_date', '01/05/2030'],
      ['order_date', '2030-1-5'],
      ['order_date', '2030-01-05 08:30'],
      ['order_date', 'tomorrow'],
    ];
    for (const [field, value] of cases)
      expect(await fails(newOrder({ [field]: value }))).toBe(`Invalid value for ${field}: '${value}'`);
  });

  it("fails a value longer than its table column, with SQL Server's truncation message", async () => {
    const max = maxLength('oe_hdr', 'po_no');
    await passes(newOrder({ po_no: 'L'.repeat(max) }));
    expect(await fails(newOrder({ po_no: 'L'.repeat(max + 1) }))).toBe(
      "String or binary data would be truncated in table 'oe_hdr', column 'po_no'.",
    );
    expect(orderRows('L'.repeat(max + 1))).toEqual([]);
  });

  it("fails a new order without its required customer with the documents' 'This column is required.' (the capture under a switch)", async () => {
    const body = transactionSet('Order', [[{ name: ORDER_FORM, rows: [{ po_no: 'PO-NO-CUST', taker: 'JSMITH' }] }]]);
    const envelope = await transact(body);
    expect(envelope).toEqual({
      Messages: ['Transaction 1:: This column is required.'],
      Results: null,
      Summary: { Succeeded: 0, Failed: 1, Other: 0 },
    });
    expect(orderRows('PO-NO-CUST')).toEqual([]);
    // a captured failure of the real service names the column: played with --required-messages captured
    const captured = await start({ transactions: { requiredMessages: CAPTURED_REQUIRED_MESSAGES } });
    expect((await transact(body, captured)).Messages).toEqual(['Transaction 1:: Customer ID is required']);
  });

  it('does not check required fields on keyed rows, which may update a record that has them', async () => {
    await passes(keyedOrder('S0000003', { po_no: 'PO-KEYED' }));
  });

  it("fails a missing required field with the documents' 'This column is required.', naming no column, when configured", async () => {
    const custom = await start({
      transactions: { required: { InventoryAdjustment: { 'TABPAGE_17.tp_17_dw_17': ['item_id', 'unit_quantity'] } } },
    });
    const body = (rows: Array<Record<string, string>>): Json =>
      transactionSet('InventoryAdjustment', [
        [
          { name: 'TABPAGE_1.tp_1_dw_1', rows: [{ company_id: 'ACME', location_id: '10', reason_id: 'ADJUST' }] },
          { name: 'TABPAGE_17.tp_17_dw_17', type: 'List', rows },
        ],
      ]);
    expect(await fails(body([{ item_id: 'A', unit_quantity: '1' }, { unit_quantity: '2' }]), custom)).toBe(
      'This column is required.',
    );
    expect(await fails(body([{ item_id: 'A' }]), custom)).toBe('This column is required.');
    // a blank value is a missing one
    expect(await fails(body([{ item_id: '  ', unit_quantity: '1' }]), custom)).toBe('This column is required.');
    await passes(body([{ item_id: 'A', unit_quantity: '1' }]), custom);
    // a configured `required` replaces the default: an order without a customer passes here
    await passes(transactionSet('Order', [[{ name: ORDER_FORM, rows: [{ taker: 'X' }] }]]), custom);
  });

  it("fails an edit of a disabled column: 'Column is disabled'", async () => {
    expect(await fails(newOrder({ po_no: 'PO-DISABLED', company_id: 'ACME' }))).toBe(
      'General Exception: Column is disabled: company_id',
    );
    expect(orderRows('PO-DISABLED')).toEqual([]);
  });

  it('with IgnoreDisabled passes and silently does not write the disabled column (read back to see it)', async () => {
    const written = await passes(newOrder({ po_no: 'PO-IGNORED', company_id: 'BETA' }, { IgnoreDisabled: true }));
    const header = editsOf(written[0]!.Rows[0]);
    expect(header).not.toHaveProperty('company_id');
    expect(orderRows('PO-IGNORED')).toEqual([expect.objectContaining(header)]);
    // T7: read back, the company is not the one sent
    const form = (await readOrder(header.order_no!)).find((e) => e.Name === ORDER_FORM)!;
    const read = editsOf(form.Rows[0]);
    expect(read).toMatchObject({ order_no: header.order_no, customer_id: '100198', po_no: 'PO-IGNORED' });
    expect(read.company_id).not.toBe('BETA');
  });

  it('folds List rows that agree on their keys into the last one', async () => {
    const written = await passes(
      keyedOrder('S0000004', {}, [
        { user_line_no: '1', oe_order_item_id: 'FIRST', unit_quantity: '1' },
        { user_line_no: '2', oe_order_item_id: 'OTHER', unit_quantity: '2' },
        { user_line_no: '1', oe_order_item_id: 'LAST', unit_quantity: '3' },
      ]),
    );
    expect(written[1]!.Rows.map(editsOf)).toEqual([
      expect.objectContaining({ user_line_no: '2', oe_order_item_id: 'OTHER', unit_quantity: '2' }),
      expect.objectContaining({ user_line_no: '1', oe_order_item_id: 'LAST', unit_quantity: '3' }),
    ]);
    const items = (await readOrder('S0000004')).find((e) => e.Name === ORDER_ITEMS)!;
    expect(items.Rows.map(editsOf).map((r: Json) => r.oe_order_item_id)).toEqual(['OTHER', 'LAST']);
  });

  it('T8: folds List rows that agree on the definition KeyFields even when the request names no Keys', async () => {
    const written = await passes(
      transactionSet('Order', [
        [
          { name: ORDER_FORM, keys: ['order_no'], rows: [{ order_no: 'S0000014' }] },
          {
            name: ORDER_ITEMS,
            rows: [
              { user_line_no: '1', oe_order_item_id: 'FIRST', unit_quantity: '1' },
              { oe_order_item_id: 'NO-KEY', unit_quantity: '4' },
              { user_line_no: '1', oe_order_item_id: 'LAST', unit_quantity: '3' },
            ],
          },
        ],
      ]),
    );
    expect(written[1]!.Rows.map(editsOf).map((r: Json) => r.oe_order_item_id)).toEqual(['NO-KEY', 'LAST']);
    const items = (await readOrder('S0000014')).find((e) => e.Name === ORDER_ITEMS)!;
    expect(items.Rows.map(editsOf).map((r: Json) => [r.user_line_no, r.oe_order_item_id])).toEqual([
      ['1', 'NO-KEY'].map((v, i) => (i === 0 ? expect.any(String) : v)),
      ['1', 'LAST'],
    ]);
  });

  it('matches keyed List rows within their own record: the same line number in two orders is two rows', async () => {
    await passes(keyedOrder('S0000005', {}, [{ user_line_no: '1', unit_quantity: '1' }]));
    await passes(keyedOrder('S0000006', {}, [{ user_line_no: '1', unit_quantity: '2' }]));
    const lines = async (order: string) =>
      (await readOrder(order)).find((e) => e.Name === ORDER_ITEMS)!.Rows.map(editsOf);
    expect(await lines('S0000005')).toEqual([expect.objectContaining({ user_line_no: '1', unit_quantity: '1' })]);
    expect(await lines('S0000006')).toEqual([expect.objectContaining({ user_line_no: '1', unit_quantity: '2' })]);
  });

  it('makes each transaction atomic: a failure in a later element writes nothing of the earlier ones', async () => {
    const body = transactionSet('Order', [
      [
        { name: ORDER_FORM, rows: [{ customer_id: '1', po_no: 'PO-ATOMIC' }] },
        { name: ORDER_ITEMS, rows: [{ unit_quantity: 'many' }] },
      ],
    ]);
    expect(await fails(body)).toBe("Invalid value for unit_quantity: 'many'");
    expect(orderRows('PO-ATOMIC')).toEqual([]);
  });

  it('runs the transactions of one POST independently and in order, later ones seeing earlier writes', async () => {
    const body = transactionSet('Order', [
      [{ name: ORDER_FORM, rows: [{ po_no: 'PO-INDEP-BAD' }] }],
      [{ name: ORDER_FORM, keys: ['order_no'], rows: [{ order_no: 'S0000007', po_no: 'PO-INDEP' }] }],
      [{ name: ORDER_FORM, keys: ['order_no'], rows: [{ order_no: 'S0000007', taker: 'SECOND' }] }],
    ]);
    const envelope = await transact(body);
    expect(envelope.Messages).toEqual([
      'Transaction 1:: This column is required.',
      'Transaction 2:: ',
      'Transaction 3:: ',
    ]);
    expect(envelope.Summary).toEqual({ Succeeded: 2, Failed: 1, Other: 0 });
    expect(envelope.Results!.Name).toBe('Order');
    expect(envelope.Results!.Transactions.map((t) => t.Status)).toEqual(['Failed', 'Passed', 'Passed']);
    expect(orderRows('PO-INDEP-BAD')).toEqual([]);
    expect(orderRows('PO-INDEP')).toEqual([
      expect.objectContaining({ order_no: 'S0000007', po_no: 'PO-INDEP', taker: 'SECOND' }),
    ]);
  });

  it('answers the captured success shape for a keyed header', async () => {
    const envelope = await transact(keyedOrder('S0000008'));
    expect(envelope).toEqual({
      Messages: ['Transaction 1:: '],
      Results: {
        Name: 'Order',
        Transactions: [
          {
            DataElements: [{ Name: ORDER_FORM, Rows: [{ Edits: [{ Name: 'order_no', Value: 'S0000008' }] }] }],
            Status: 'Passed',
          },
        ],
      },
      Summary: { Succeeded: 1, Failed: 0, Other: 0 },
    });
  });

  it('skips edits marked IgnoreIfEmpty with an empty value, as in the Template', async () => {
    const body = newOrder({ po_no: 'PO-TEMPLATE' });
    body.Transactions[0].DataElements[0].Rows[0].Edits.push({ Name: 'profit_percent', Value: '', IgnoreIfEmpty: true });
    const written = await passes(body);
    expect(editsOf(written[0]!.Rows[0])).not.toHaveProperty('profit_percent');
    body.Transactions[0].DataElements[0].Rows[0].Edits.at(-1).IgnoreIfEmpty = false;
    expect(await fails(body)).toBe("Invalid value for profit_percent: ''");
  });

  it('answers Succeeded with no output for a report service sent to /transaction, writing nothing', async () => {
    const body = transactionSet('m_openorderreport', [
      [{ name: 'TABPAGE_1.tp_1_dw_1', rows: [{ company_id: 'ACME' }] }],
    ]);
    const envelope = await transact(body);
    expect(envelope).toEqual({
      Messages: ['Transaction 1:: '],
      Results: { Name: 'm_openorderreport', Transactions: [{ DataElements: [], Status: 'Passed' }] },
      Summary: { Succeeded: 1, Failed: 0, Other: 0 },
    });
    expect(server.transactionRows('m_openorderreport', 'TABPAGE_1.tp_1_dw_1')).toEqual([]);
  });
});

// --- reading back ------------------------------------------------------------------------------------------------------

describe('transaction/get', () => {
  it('answers an empty Rows list for a record that does not exist', async () => {
    expect(await readOrder('NOPE')).toEqual([{ Name: ORDER_FORM, Type: 'Form', Keys: ['order_no'], Rows: [] }]);
  });

  it('fails a state keyed on a List element, as public captures show the service doing; its rows come with the record', async () => {
    await passes(keyedOrder('S0000009', {}, [{ user_line_no: 'L-UNIQUE-9', unit_quantity: '3' }]));
    const keyedOnList = await post('/api/v2/transaction/get', {
      ServiceName: 'Order',
      TransactionStates: [{ DataElementName: ORDER_ITEMS, Keys: [{ Name: 'user_line_no', Value: 'L-UNIQUE-9' }] }],
    });
    expect(await badRequest(keyedOnList)).toMatch(/TP_ITEMS\.items is a List/);
    const set = await readBack({
      ServiceName: 'Order',
      TransactionStates: [{ DataElementName: ORDER_FORM, Keys: [{ Name: 'order_no', Value: 'S0000009' }] }],
    });
    expect(set.Transactions[0].DataElements).toContainEqual({
      Name: ORDER_ITEMS,
      Type: 'List',
      Keys: ['user_line_no'],
      Rows: [{ Edits: expect.arrayContaining(edits({ user_line_no: 'L-UNIQUE-9', unit_quantity: '3' })) }],
    });
  });

  it('answers an empty 500 for an unknown service and 400 for bad bodies, elements and key names', async () => {
    emptyError(await post('/api/v2/transaction/get', { ...payload('transaction-get-request'), ServiceName: 'Nope' }));
    expect(await badRequest(await post('/api/v2/transaction/get', { ServiceName: 'Order' }))).toMatch(
      /TransactionStates is missing/,
    );
    const state = (DataElementName: string, key: string): Json => ({
      ServiceName: 'Order',
      TransactionStates: [{ DataElementName, Keys: [{ Name: key, Value: '1' }] }],
    });
    expect(await badRequest(await post('/api/v2/transaction/get', state('TABPAGE_9.x', 'order_no')))).toMatch(
      /TABPAGE_9\.x/,
    );
    expect(await badRequest(await post('/api/v2/transaction/get', state(ORDER_FORM, 'order_number')))).toBe(
      'Invalid column name: order_number',
    );
  });
});

// --- async -----------------------------------------------------------------------------------------------------------

describe('transaction/async', () => {
  const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  async function poll(id: string, on = server): Promise<Json> {
    const answer = await call(`${ui(on)}/api/v2/transaction/async?id=${id}`);
    expect(answer.status, answer.text).toBe(200);
    return JSON.parse(answer.text) as Json;
  }

  it('T13: answers 202 {RequestId, Status: Active}, Active for two polls, then Complete with the sync envelope as a JSON string', async () => {
    const submitted = await post('/api/v2/transaction/async', keyedOrder('S0000010', { po_no: 'PO-ASYNC' }));
    expect(submitted.status, submitted.text).toBe(202);
    const status = JSON.parse(submitted.text) as Json;
    expect(status).toEqual({ RequestId: expect.stringMatching(GUID), Status: 'Active' });
    for (let i = 0; i < 2; i++) {
      expect(await poll(status.RequestId)).toEqual({
        RequestId: status.RequestId,
        Status: 'Active',
        Messages: null,
        CompletedDate: null,
      });
      expect(orderRows('PO-ASYNC')).toEqual([]); // not applied before it completes
    }
    const done = await poll(status.RequestId);
    expect(done).toMatchObject({ RequestId: status.RequestId, Status: 'Complete' });
    expect(done.CompletedDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(typeof done.Messages).toBe('string');
    expect(JSON.parse(done.Messages)).toEqual({
      Messages: ['Transaction 1:: '],
      Results: {
        Name: 'Order',
        Transactions: [
          {
            DataElements: [{ Name: ORDER_FORM, Rows: [{ Edits: edits({ order_no: 'S0000010', po_no: 'PO-ASYNC' }) }] }],
            Status: 'Passed',
          },
        ],
      },
      Summary: { Succeeded: 1, Failed: 0, Other: 0 },
    });
    expect(orderRows('PO-ASYNC')).toEqual([expect.objectContaining({ order_no: 'S0000010', po_no: 'PO-ASYNC' })]);
    // later polls answer the same completion; the transaction is not run again
    expect(await poll(status.RequestId)).toEqual(done);
  });

  it('T13: a request whose transactions all failed ends Failed, with their text (not JSON) in Messages', async () => {
    const quick = await start({ transactions: { asyncPolls: 0 } });
    const submitted = JSON.parse(
      (await post('/api/v2/transaction/async', newOrder({ customer_id: 'x' }), quick)).text,
    ) as Json;
    const done = await poll(submitted.RequestId, quick);
    expect(done).toMatchObject({ Status: 'Failed', Messages: "Transaction 1:: Invalid value for customer_id: 'x'" });
  });

  it('T13: under the numbers switch (a 26.1 capture): 200 with Status 3 while queued, 2 when done, failed ones too', async () => {
    const numbers = await start({ transactions: { asyncStatus: 'numbers', asyncPolls: 1 } });
    const submitted = await post('/api/v2/transaction/async', newOrder({ po_no: 'PO-NUM' }), numbers);
    expect(submitted.status).toBe(200);
    const status = JSON.parse(submitted.text) as Json;
    expect(status).toEqual({
      RequestId: expect.stringMatching(GUID),
      RequestType: 'V2 Transaction',
      Key: 'N/A',
      StartDate: expect.any(String),
      CompletedDate: null,
      Status: 3,
      CallbackResult: null,
      Messages: null,
    });
    expect(await poll(status.RequestId, numbers)).toMatchObject({ Status: 3, Messages: null });
    const done = await poll(status.RequestId, numbers);
    expect(done.Status).toBe(2);
    expect(JSON.parse(done.Messages).Summary).toEqual({ Succeeded: 1, Failed: 0, Other: 0 });
    const failed = JSON.parse(
      (await post('/api/v2/transaction/async', newOrder({ customer_id: 'x' }), numbers)).text,
    ) as Json;
    await poll(failed.RequestId, numbers);
    const failedDone = await poll(failed.RequestId, numbers);
    expect(failedDone.Status).toBe(2);
    expect(JSON.parse(failedDone.Messages).Summary).toEqual({ Succeeded: 0, Failed: 1, Other: 0 });
  });

  it('under the text switch, a Complete request carries messages that are not JSON', async () => {
    const text = await start({ transactions: { asyncMessages: 'text', asyncPolls: 0 } });
    const submitted = JSON.parse(
      (await post('/api/v2/transaction/async', newOrder({ po_no: 'PO-TEXT' }), text)).text,
    ) as Json;
    expect(await poll(submitted.RequestId, text)).toMatchObject({ Status: 'Complete', Messages: 'Transaction 1:: ' });
  });

  it('answers 404 for an unknown request id and 400 without one; checks the body at submission', async () => {
    const unknown = await call(`${ui()}/api/v2/transaction/async?id=00000000-0000-0000-0000-000000000000`);
    expect(await badRequest(unknown, 404)).toMatch(/00000000-0000-0000-0000-000000000000/);
    await badRequest(await call(`${ui()}/api/v2/transaction/async`));
    await badRequest(await post('/api/v2/transaction/async', { Name: 'Order' }));
    emptyError(await post('/api/v2/transaction/async', { ...payload('create-customer'), Name: 'Nope' }));
  });
});

// --- reports ------------------------------------------------------------------------------------------------------------

describe('process/pdfreport', () => {
  const criteria = (extra: Record<string, string> = {}): Json =>
    transactionSet('m_openorderreport', [
      [
        {
          name: 'TABPAGE_1.tp_1_dw_1',
          rows: [{ company_id: 'ACME', location_id: '10', sort_by: 'Customer', ...extra }],
        },
      ],
    ]);

  it('runs a report service and answers a PDF document', async () => {
    const res = await fetch(`${ui()}/api/v2/process/pdfreport`, {
      method: 'POST',
      headers: jsonHeaders(server.url),
      body: JSON.stringify(criteria()),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    expect(pdf).toContain('(Report m_openorderreport) Tj');
    // the cross-reference table points at the objects
    const xref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const first = Number(/\n(\d{10}) 00000 n /.exec(pdf)![1]);
    expect(pdf.slice(first, first + 7)).toBe('1 0 obj');
  });

  it('refuses a service that is not a report, criteria the report does not have, and unknown services', async () => {
    expect(await badRequest(await post('/api/v2/process/pdfreport', payload('create-customer')))).toMatch(
      /Customer is not a report service/,
    );
    expect(await badRequest(await post('/api/v2/process/pdfreport', criteria({ sort_order: 'x' })))).toBe(
      'Invalid column name: sort_order',
    );
    emptyError(await post('/api/v2/process/pdfreport', { ...criteria(), Name: 'm_nothing' }));
  });
});

// --- the request log ---------------------------------------------------------------------------------------------

describe('request log', () => {
  it('keeps the raw body text of each request, and none for requests without one', async () => {
    const before = server.requests.length;
    const text = '{"Name":"Order","Transactions":[]}';
    await post('/api/v2/transaction', text);
    await call(`${ui()}/api/v2/services?type=report`);
    const logged = server.requests.slice(before);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ method: 'POST', path: '/uiserver0/api/v2/transaction', query: '', body: text });
    expect(logged[0]!.headers['content-type']).toBe('application/json');
    expect(logged[1]).toMatchObject({ method: 'GET', path: '/uiserver0/api/v2/services', query: 'type=report' });
    expect(logged[1]).not.toHaveProperty('body');
  });
});
