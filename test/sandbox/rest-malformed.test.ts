// Malformed requests to the entity, inventory and UDT families, over real HTTP with a token the sandbox issued: each
// gets the status the service gives (400 for a body or URL that does not bind, the documented error body of its
// family) and never an inside detail, and none of them is a bug of the simulation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';
import { snapshotWithout } from '../support/sandbox.js';

const bugs: unknown[] = [];
let server: Sandbox;
let token: string;

beforeAll(async () => {
  server = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    rowsPerObject: 1,
    credentials: { users: { u: 'p' } },
    onBug: (error) => void bugs.push(error),
  });
  const answer = await fetch(`${server.url}/api/security/token/v2`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ username: 'u', password: 'p' }),
  });
  token = ((await answer.json()) as { AccessToken: string }).AccessToken;
});
afterAll(() => server.close());

async function send(method: string, path: string, body?: string, type = 'application/json') {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': type },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  // no stack trace, no path of this machine, whatever the answer
  expect(text, `${method} ${path}`).not.toMatch(
    /\bat \S+ \(|\/(work|home|root|tmp)\/|node_modules|\.ts:\d|RangeError|TypeError/,
  );
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

const PRICES = '/api/inventory/parts/prices?companyId=ACME&customerId=1&salesLocId=10';
const DEEP_OBJECT = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
const DEEP_ARRAY = '['.repeat(100_000) + ']'.repeat(100_000);

describe("a 100,000-deep JSON body: 400, the family's error body", () => {
  const endpoints: ReadonlyArray<readonly [string, string, string]> = [
    ['POST', '/api/entity/customers', DEEP_OBJECT],
    ['PUT', '/api/entity/customers/ACME_10', DEEP_OBJECT],
    ['POST', '/api/entity/addresses', DEEP_ARRAY],
    ['PUT', '/api/entity/contacts/17', DEEP_ARRAY],
    ['POST', '/api/inventory/parts/', DEEP_OBJECT],
    ['PUT', '/api/inventory/parts/WIDGET-001', DEEP_ARRAY],
    ['POST', PRICES, DEEP_ARRAY],
    ['POST', '/api/inventory/v2/parts/prices?companyId=ACME&customerId=1&salesLocId=10', DEEP_OBJECT],
    ['PUT', '/udtservice/api/udtdata/updateudtdata', DEEP_OBJECT],
    ['DELETE', '/udtservice/api/udtdata/deleteudtdata', DEEP_ARRAY],
    ['POST', '/udtservice/api/udtdata/insertudtdata', DEEP_OBJECT],
  ];
  for (const [method, path, body] of endpoints)
    it(`${method} ${path.split('?')[0]}`, async () => {
      const answer = await send(method, path, body);
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(/nested deeper than the maximum depth of 64/);
    });

  it('and what it wrote: nothing', async () => {
    const customer = await send('GET', '/api/entity/customers/ACME_10');
    expect(customer.json()['CustomerName']).toBe('ABC Supply Company');
  });
});

describe('batch price items that do not bind: 400 naming the item, no "Item undefined (NaN)"', () => {
  const cases: ReadonlyArray<readonly [string, string, RegExp]> = [
    ['not objects', '[1,null,"x"]', /itemPriceInfo\[0\].*Error converting value 1 to type 'ItemPriceInfo'/],
    ['null', '[null]', /itemPriceInfo\[0\].*converting value null/],
    ['an array', '[[]]', /itemPriceInfo\[0\]/],
    ['without ItemId', '[{"SourceLocId":10}]', /itemPriceInfo\[0\]\.ItemId.*The ItemId field is required/],
    ['without SourceLocId', '[{"ItemId":"WIDGET-001"},{"ItemId":"X"}]', /itemPriceInfo\[0\]\.SourceLocId.*required/],
    [
      'a quantity that is not a number',
      '[{"ItemId":"WIDGET-001","SourceLocId":10,"UnitQuantity":"ten"}]',
      /UnitQuantity/,
    ],
    ['an object, not a list', '{"ItemId":"WIDGET-001"}', /An array is required/],
  ];
  for (const [what, body, message] of cases)
    it(what, async () => {
      const answer = await send('POST', PRICES, body);
      expect(answer.status).toBe(400);
      expect(answer.json()).toMatchObject({ Message: 'The request is invalid.' });
      expect(answer.text).toMatch(message);
      expect(answer.text).not.toMatch(/undefined|NaN/);
    });

  it('an XML item without its SourceLocId', async () => {
    const xml =
      '<ArrayOfItemPriceInfo><ItemPriceInfo><ItemId>WIDGET-001</ItemId></ItemPriceInfo></ArrayOfItemPriceInfo>';
    const answer = await send('POST', PRICES, xml, 'application/xml');
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/SourceLocId field is required/);
  });
});

describe("the entity family's $query: bounded, and refused as the family refuses a query", () => {
  const list = (q: string) => send('GET', `/api/entity/customers/?$query=${encodeURIComponent(q)}`);

  it('5,000 nested parentheses: the recursion limit', async () => {
    const answer = await list(`${'('.repeat(5000)}CustomerId eq 1${')'.repeat(5000)}`);
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({
      ErrorType: 'System.ArgumentException',
      ErrorMessage: 'Invalid query: The recursion limit has been exceeded.',
    });
  });

  it("1,000 nots; 400 and's in a row (a flat chain, not a deep one)", async () => {
    expect((await list(`${'not '.repeat(1000)}CustomerId eq 1`)).status).toBe(400);
    const chain = await list(Array.from({ length: 400 }, () => 'CustomerId ge 1').join(' and '));
    expect(chain.status).toBe(200);
  });

  it('the same limit on the inventory list', async () => {
    const answer = await send(
      'GET',
      `/api/inventory/parts/?$query=${encodeURIComponent(`${'('.repeat(5000)}ItemId eq 'A'${')'.repeat(5000)}`)}`,
    );
    expect(answer.status).toBe(400);
  });

  it('an unknown field, a syntax error', async () => {
    expect((await list('Nope eq 1')).json()['ErrorMessage']).toMatch(/Could not find a property named 'Nope'/);
    expect((await list("CustomerName eq 'unclosed")).status).toBe(400);
  });
});

describe("a bad percent escape: the web server's 400", () => {
  for (const path of [
    '/api/entity/customers/%E0%A4%A',
    '/api/entity/customers/ACME%ZZ10',
    '/api/entity/customers/?$query=%E0%A4%A',
    '/api/entity/customers/ACME_10?extendedproperties=%ZZ',
    '/api/inventory/parts/%E0%A4%A/v2/price?companyId=ACME',
    '/api/inventory/parts/WIDGET-001?extendedproperties=%E0',
  ])
    it(path, async () => {
      const answer = await send('GET', path);
      expect(answer.status).toBe(400);
      expect(answer.json()).toEqual({ Message: 'Bad Request' });
    });
});

describe('bodies of the wrong shape', () => {
  it('a record that is a list, a child entry that is not an object: 400 naming it', async () => {
    expect((await send('PUT', '/api/entity/customers/ACME_10', '[]')).json()).toEqual({
      Message: 'The request is invalid.',
      Errors: ['The request body is not a record.'],
    });
    const item = await send('PUT', '/api/inventory/parts/WIDGET-001', '{"Locations":{"list":[10]}}');
    expect(item.status).toBe(400);
    expect(item.json()['Errors']).toEqual(['Locations.list[0] must be an object, not 10.']);
    // and the item kept its location
    const read = await send('GET', '/api/inventory/parts/WIDGET-001?extendedproperties=Locations');
    expect((read.json()['Locations'] as { list: unknown[] }).list).toHaveLength(1);
  });

  it("UDT rows or columns that are not objects, a column the table does not have: the service's 400", async () => {
    const update = (rows: unknown) =>
      send('PUT', '/udtservice/api/udtdata/updateudtdata', JSON.stringify({ table: 'udt_pallet', rows }));
    expect((await update([null])).json()).toEqual({ error: ['Invalid Row Uid!'] });
    const columns = [{ columns: [null], conditions: [{ name: 'row_uid', value: '1' }] }];
    expect((await update(columns)).json()).toEqual({ error: ["Invalid column name 'undefined'."] });
    const insert = await send(
      'POST',
      '/udtservice/api/udtdata/insertudtdata',
      JSON.stringify({ table: 'udt_pallet', rows: [{ columns: [{ name: '__proto__', value: 'x' }] }] }),
    );
    expect(insert.json()).toEqual({ error: ["Invalid column name '__proto__'."] });
  });

  it("a snapshot without the families' tables: their endpoints are not enabled (404), and nothing breaks", async () => {
    const bare = await startSandbox({
      snapshot: snapshotWithout(['customer', 'inv_mast', 'inventory_supplier_x_loc', 'address']),
      rowsPerObject: 1,
      onBug: (error) => void bugs.push(error),
    });
    try {
      const get = async (path: string, init: RequestInit = {}) =>
        (await fetch(`${bare.url}${path}`, { ...init, headers: { Authorization: 'Bearer test-token' } })).status;
      expect(await get('/api/entity/customers/ACME_10')).toBe(404);
      expect(await get('/api/entity/customers/')).toBe(404);
      expect(await get('/api/inventory/parts/WIDGET-001')).toBe(404);
      expect(await get('/api/inventory/parts/ping')).toBe(200);
      // the vendor's table is there; its address table is not, so its address is not either
      expect(await get('/api/entity/vendors/ACME_20?extendedproperties=VendorAddress')).toBe(200);
      expect(await get('/api/entity/vendors', { method: 'POST', body: '{"CompanyId":"ACME"}' })).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('none of them was a bug of the simulation', () => {
    expect(bugs).toEqual([]);
  });
});
