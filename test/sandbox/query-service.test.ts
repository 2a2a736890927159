// End-to-end tests of the simulated query service: a real server on the curated sample snapshot, real HTTP
// requests with fetch. Each behaviour of the service that the simulation reproduces has a test here that fails
// when it breaks. Tests that add rows use their own objects or rows they can tell apart, so order never matters.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindOf } from '../../generator/model/edm.js';
import { readCsdlIndex, readCsdlObjects } from '../../generator/parse/csdl.js';
import type { QueryObject, Surface } from '../../generator/model/schema.js';
import { parseFilter } from '../../sandbox/query/filter-parser.js';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';

const SNAPSHOT = fileURLToPath(new URL('../../schema/', import.meta.url));
const AUTH = { Authorization: 'Bearer test-token', Accept: 'application/json' };
const ODATA_JSON = 'application/json; odata.metadata=minimal; odata.streaming=true';

type Row = Record<string, unknown>;

let server: Sandbox;
/** started without `tokens`, with 3 rows per object: checks defaults and determinism */
let small: Sandbox;

beforeAll(async () => {
  [server, small] = await Promise.all([
    startSandbox({
      snapshot: SNAPSHOT,
      tokens: { 'test-token': { tables: '*' }, 'narrow-token': { tables: ['customer', 'svc_view_es_customer'] } },
    }),
    startSandbox({ snapshot: SNAPSHOT, rowsPerObject: 3 }),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.close(), small?.close()]);
});

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

async function get(path: string, headers: Record<string, string> = AUTH, on = server): Promise<Answer> {
  const res = await fetch(on.url + path, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function path(surface: Surface, name: string, query = ''): string {
  return `/odataservice/odata/${surface}/${encodeURIComponent(name)}${query === '' ? '' : `?${query}`}`;
}

/** `$filter=` with the expression percent-encoded as a client must send it */
function filter(expression: string): string {
  return `$filter=${encodeURIComponent(expression)}`;
}

async function rows(surface: Surface, name: string, query = '', on = server): Promise<Row[]> {
  const answer = await get(path(surface, name, query), AUTH, on);
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as { value: Row[] }).value;
}

async function count(surface: Surface, name: string, expression: string): Promise<number> {
  const answer = await get(path(surface, name, `$count=true&$top=0&${filter(expression)}`));
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as { '@odata.count': number })['@odata.count'];
}

/** a 404 with the OData error body; returns its message */
async function refused(surface: Surface, name: string, query: string): Promise<string> {
  const answer = await get(path(surface, name, query));
  expect(answer.status, answer.text).toBe(404);
  const body = JSON.parse(answer.text) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('');
  expect(typeof body.error.message).toBe('string');
  return body.error.message;
}

async function emptyNotFound(p: string): Promise<void> {
  const answer = await get(p);
  expect(answer.status).toBe(404);
  expect(answer.text).toBe('');
}

function readObjects(file: string, surface: Surface): QueryObject[] {
  const index = readCsdlIndex(`${SNAPSHOT}${file}`, surface);
  const objects: QueryObject[] = [];
  readCsdlObjects(index.document, index.objects, (o) => objects.push(o));
  return objects;
}

describe('schema documents', () => {
  it('serves the snapshot bytes as application/json when the request accepts JSON', async () => {
    for (const [surface, file] of [
      ['table', 'tables.metadata.json'],
      ['view', 'views.metadata.json'],
    ] as const) {
      const res = await fetch(`${server.url}/odataservice/odata/${surface}/$metadata`, { headers: AUTH });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(`${SNAPSHOT}${file}`))).toBe(true);
    }
  });

  it('answers XML without Accept: application/json', async () => {
    const answer = await get('/odataservice/odata/table/$metadata', { Authorization: 'Bearer test-token' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml');
    expect(answer.text).toMatch(/^<\?xml version="1\.0"[^>]*\?><edmx:Edmx /);
  });

  it('has no combined $metadata at the service root', async () => {
    await emptyNotFound('/odataservice/odata/$metadata');
  });

  it('needs a token', async () => {
    expect((await get('/odataservice/odata/view/$metadata', { Accept: 'application/json' })).status).toBe(401);
  });
});

describe('authentication', () => {
  const denied = { error: { code: '401', message: 'Authorization has been denied for this request.' } };

  it('refuses an unknown token with the OData 401 body', async () => {
    const answer = await get(path('table', 'customer', '$top=1'), { Authorization: 'Bearer wrong-token' });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toEqual(denied);
  });

  it("refuses a request without a Bearer header with the hosting layer's 'header was not present' body", async () => {
    const attempts: Array<Record<string, string>> = [
      { Accept: 'application/json' },
      { Authorization: 'Basic dGVzdDp0ZXN0' },
      { Authorization: 'test-token' },
    ];
    for (const headers of attempts) {
      const answer = await get(path('table', 'customer', '$top=1'), headers);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({
        Description: "Authorization header was not present or 'Bearer' was missing",
        Error: 'Unauthorized',
        Uri: `${server.url}${path('table', 'customer', '$top=1')}`,
      });
    }
  });

  it("refuses an object outside the token's allow-list, and serves the ones on it", async () => {
    const narrow = { Authorization: 'Bearer narrow-token' };
    expect((await get(path('table', 'customer', '$top=1'), narrow)).status).toBe(200);
    expect((await get(path('view', 'svc_view_es_customer', '$top=1'), narrow)).status).toBe(200);
    const answer = await get(path('table', 'price_page', '$top=1'), narrow);
    expect(answer.status).toBe(401);
    expect((JSON.parse(answer.text) as { error: { message: string } }).error.message).toBe(
      'Authorization has been denied for this request.',
    );
    // existence is decided before the allow-list: an unknown object is a 404 for every token
    const unknown = await get(path('table', 'no_such_table'), narrow);
    expect([unknown.status, unknown.text]).toEqual([404, '']);
  });

  it("accepts 'test-token' for everything when no tokens are given", async () => {
    expect((await rows('table', 'price_page', '', small)).length).toBe(3);
  });
});

describe('objects and surfaces', () => {
  it('answers an empty 404 for an unknown object and for the wrong surface', async () => {
    await emptyNotFound(path('table', 'no_such_table'));
    await emptyNotFound(path('table', 'svc_view_es_customer'));
    await emptyNotFound(path('view', 'customer'));
    await emptyNotFound(path('table', 'CUSTOMER')); // names are case-sensitive
    await emptyNotFound('/odataservice/odata/table/customer/extra');
    await emptyNotFound('/odataservice/odata/entity/customer');
  });

  it('answers the web server HTML 404 page for `bin` on both surfaces, even without a token', async () => {
    for (const surface of ['table', 'view'] as const) {
      for (const headers of [AUTH, {}]) {
        const answer = await get(path(surface, 'bin'), headers);
        expect(answer.status).toBe(404);
        expect(answer.headers.get('content-type')).toBe('text/html');
        expect(answer.text).toMatch(/^<!DOCTYPE html/);
        expect(answer.text).toContain('404');
      }
    }
    expect((await rows('table', 'bin_ud', '$top=1')).length).toBe(1);
  });

  it('percent-decodes object names', async () => {
    for (const name of ['order lines', 'a*/b', 'größe_tabelle', '__proto__', '2fa_settings', 'and', 'constructor']) {
      const value = await rows('table', name, '$top=2');
      expect(value.length, name).toBe(2);
    }
  });

  it('keeps objects whose names differ only by case apart', async () => {
    for (const name of ['Customer_Audit', 'customer_audit', 'CUSTOMER_AUDIT']) {
      server.clear(name);
      server.insert(name, [{ id: 1, label: name }]);
    }
    for (const name of ['Customer_Audit', 'customer_audit', 'CUSTOMER_AUDIT']) {
      expect(await rows('table', name)).toEqual([{ id: 1, label: name }]);
    }
  });

  it('answers an empty 404 for paths no family serves', async () => {
    await emptyNotFound('/api/sales/customers/ACME_10');
    await emptyNotFound('/');
  });
});

describe('collections', () => {
  it('answers with the OData headers, the context and the rows', async () => {
    const answer = await get(path('table', 'price_page', '$top=2'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('odata-version')).toBe('4.0');
    expect(answer.headers.get('content-type')).toBe(ODATA_JSON);
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['@odata.context', 'value']);
    expect(body['@odata.context']).toBe(`${server.url}/odataservice/odata/table/$metadata#price_page`);
    expect((body['value'] as Row[]).map((r) => r['price_page_uid'])).toEqual([1, 2]);
    const view = JSON.parse((await get(path('view', 'svc_view_es_customer', '$top=1'))).text) as Record<
      string,
      unknown
    >;
    expect(view['@odata.context']).toBe(`${server.url}/odataservice/odata/view/$metadata#svc_view_es_customer`);
  });

  it('returns every row without $top (no server paging, no nextLink)', async () => {
    const answer = await get(path('table', 'customer', '$select=customer_id'));
    expect(answer.text).not.toContain('nextLink');
    const value = (JSON.parse(answer.text) as { value: Row[] }).value;
    expect(value.length).toBe(1234);
    expect(new Set(value.map((r) => r['customer_id'])).size).toBe(1234);
  });

  it('adds @odata.count, counted before $top and $skip', async () => {
    const body = JSON.parse(
      (await get(path('table', 'customer', '$count=true&$top=10&$skip=5&$select=customer_id'))).text,
    );
    expect(body['@odata.count']).toBe(1234);
    expect(Object.keys(body)).toEqual(['@odata.context', '@odata.count', 'value']);
    expect(body.value.map((r: Row) => r['customer_id'])).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(await count('table', 'customer', "delete_flag eq 'Y'")).toBeLessThan(1234);
  });

  it('pages with $top and $skip through all 1,234 customers in a stable order', async () => {
    const seen: unknown[] = [];
    for (let skip = 0; ; skip += 500) {
      const page = await rows('table', 'customer', `$select=customer_id&$orderby=customer_name&$top=500&$skip=${skip}`);
      seen.push(...page.map((r) => r['customer_id']));
      if (page.length < 500) break;
    }
    expect(seen.length).toBe(1234);
    expect(new Set(seen).size).toBe(1234);
    expect(await rows('table', 'customer', '$select=customer_id&$top=0')).toEqual([]);
  });

  it('returns the $select columns in the order asked', async () => {
    const [row] = await rows('table', 'customer', '$select=customer_name,customer_id,credit_limit&$top=1');
    expect(Object.keys(row!)).toEqual(['customer_name', 'customer_id', 'credit_limit']);
  });

  it('is read-only: other methods than GET are refused', async () => {
    const res = await fetch(server.url + path('table', 'customer'), { method: 'POST', headers: AUTH, body: '{}' });
    expect(res.status).toBe(405);
    expect(await res.text()).toBe('');
  });

  it('treats $select=* as every column', async () => {
    const [row] = await rows('table', 'order lines', '$select=*&$top=1');
    expect(Object.keys(row!)).toEqual(['id', 'label']);
  });

  it('answers an empty 404 for an unknown column in $select or $orderby', async () => {
    await emptyNotFound(path('table', 'customer', '$select=customer_id,no_such_column'));
    await emptyNotFound(path('table', 'price_page', '$select=delete_flag')); // wrong status column
    await emptyNotFound(path('table', 'customer', '$orderby=no_such_column desc'));
  });

  it('orders by several columns, strings without regard to case', async () => {
    const value = await rows(
      'table',
      'customer',
      '$select=customer_name,customer_id&$orderby=customer_name desc,customer_id asc',
    );
    const names = value.map((r) => r['customer_name']).filter((n): n is string => n !== null);
    for (let i = 1; i < names.length; i++) {
      expect(names[i - 1]!.toLowerCase() >= names[i]!.toLowerCase(), `${names[i - 1]} before ${names[i]}`).toBe(true);
    }
    expect(value.at(-1)!['customer_name']).toBeNull(); // NULL sorts lowest, as on SQL Server
    const byFlag = await rows(
      'table',
      'price_page',
      '$select=row_status_flag,price_page_uid&$orderby=row_status_flag asc,price_page_uid desc',
    );
    const pairs = byFlag.map((r) => [r['row_status_flag'] as number, r['price_page_uid'] as number]);
    expect(pairs).toEqual([...pairs].sort((a, b) => a[0]! - b[0]! || b[1]! - a[1]!));
  });

  it('refuses $expand, unknown or repeated $-options and bad $top/$skip/$count with a message', async () => {
    expect(await refused('table', 'customer', '$expand=customer_salesrep')).toMatch(/\$expand/);
    expect(await refused('table', 'customer', '$search=acme')).toMatch(/\$search/);
    expect(await refused('table', 'customer', '$top=1&$top=2')).toMatch(/\$top/);
    expect(await refused('table', 'customer', '$top=-1')).toMatch(/\$top/);
    expect(await refused('table', 'customer', '$skip=abc')).toMatch(/\$skip/);
    expect(await refused('table', 'customer', '$count=yes')).toMatch(/count/);
    // options without `$` are custom options, which OData ignores
    expect((await rows('table', 'price_page', 'foo=bar&$top=1')).length).toBe(1);
  });
});

describe('seeded rows', () => {
  const objects = [...readObjects('tables.metadata.json', 'table'), ...readObjects('views.metadata.json', 'view')];
  const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

  it('fit every column of every object: type, nullability, length, scale', async () => {
    for (const object of objects.filter((o) => o.name !== 'bin')) {
      const answer = await get(path(object.surface, object.name, '$top=40'), AUTH, small);
      expect(answer.status, object.name).toBe(200);
      const value = (JSON.parse(answer.text) as { value: Row[] }).value;
      expect(value.length, object.name).toBeGreaterThan(0);
      for (const row of value) {
        expect(Object.keys(row)).toEqual(object.columns.map((c) => c.name));
        for (const column of object.columns) {
          const v = row[column.name];
          const where = `${object.name}.${column.name} = ${JSON.stringify(v)}`;
          if (v === null) {
            expect(column.nullable, where).toBe(true);
            continue;
          }
          switch (kindOf(column.edmType)) {
            case 'string':
              expect(typeof v, where).toBe('string');
              if (typeof column.maxLength === 'number')
                expect([...(v as string)].length, where).toBeLessThanOrEqual(column.maxLength);
              break;
            case 'int':
              expect(Number.isInteger(v), where).toBe(true);
              break;
            case 'decimal':
            case 'float':
              expect(typeof v, where).toBe('number');
              break;
            case 'boolean':
              expect(typeof v, where).toBe('boolean');
              break;
            case 'date':
              expect(v, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
              break;
            case 'datetime':
              expect(v, where).toMatch(DATE_TIME);
              break;
            case 'guid':
              expect(v, where).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
              break;
          }
        }
      }
      // decimals are written with exactly their scale: read the JSON text, not parsed doubles
      for (const column of object.columns) {
        if (column.edmType !== 'Edm.Decimal' || typeof column.scale !== 'number') continue;
        const pattern = new RegExp(
          `${JSON.stringify(column.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(-?\\d+(?:\\.(\\d+))?|null)`,
          'g',
        );
        for (const m of answer.text.matchAll(pattern)) {
          if (m[1] !== 'null') expect((m[2] ?? '').length, `${object.name}.${column.name} ${m[1]}`).toBe(column.scale);
        }
      }
    }
  });

  it('follow the documented column facts', async () => {
    const flags = await rows('table', 'customer', '$select=delete_flag,credit_status');
    expect(new Set(flags.map((r) => r['delete_flag']))).toEqual(new Set(['Y', 'N']));
    expect(new Set(flags.map((r) => r['credit_status']))).toEqual(
      new Set(['GOOD', 'ACA', 'WATCH', 'TRC', 'PRC', 'COD', 'TBD']),
    );
    const statuses = new Set(
      (await rows('table', 'price_page', '$select=row_status_flag')).map((r) => r['row_status_flag']),
    );
    expect([...statuses].every((s) => [704, 705, 700].includes(s as number))).toBe(true);
    const orders = await rows('table', 'oe_hdr', '$select=completed,projected_order');
    expect(new Set(orders.map((r) => r['completed']))).toEqual(new Set(['Y', 'N', 'T']));
    expect([...new Set(orders.map((r) => r['projected_order']))].sort()).toEqual(['N', 'Y']);
    const items = await rows('table', 'inv_mast', '$select=delete_flag');
    expect(items.every((r) => r['delete_flag'] === 'Y' || r['delete_flag'] === 'N')).toBe(true);
    // the decoding table holds one row per code, in key order
    const codes = await rows('table', 'credit_status', '$select=credit_status');
    expect(codes.map((r) => r['credit_status'])).toEqual(['ACA', 'COD', 'GOOD', 'PRC', 'TBD', 'TRC', 'WATCH']);
  });

  it('include the special customer names and item ids', async () => {
    for (const name of ["O'Neil Supply", 'Smith & Sons', '50% Off', 'Ünïcödé GmbH']) {
      const found = await rows(
        'table',
        'customer',
        `$select=customer_name&${filter(`customer_name eq '${name.replace(/'/g, "''")}'`)}`,
      );
      expect(found, name).toEqual([{ customer_name: name }]);
    }
    for (const id of ['AB#12', 'A/B-7', 'X+Y', 'Q&A', 'WITH SPACE', '100%']) {
      const found = await rows('table', 'inv_mast', `$select=item_id&${filter(`item_id eq '${id}'`)}`);
      expect(found, id).toEqual([{ item_id: id }]);
    }
  });

  it('are deterministic: another server serves the same rows', async () => {
    for (const [surface, name] of [
      ['table', 'oe_hdr'],
      ['table', 'edge_columns'],
      ['view', 'svc_view_es_sales_order'],
    ] as const) {
      const a = (await get(path(surface, name, '$top=3'))).text;
      const b = (await get(path(surface, name, '$top=3'), AUTH, small)).text;
      expect(a.slice(a.indexOf('"value"')), name).toBe(b.slice(b.indexOf('"value"')));
    }
  });

  it('write Int64 values beyond 2^53 exactly', async () => {
    const answer = await get(path('table', 'edge_columns', `$select=id,big_count&${filter('id eq 1')}`));
    expect(answer.text).toContain('"big_count":9007199254740993}');
  });
});

describe('query string decoding', () => {
  it("decodes %2B as '+' and a raw '+' as a space", async () => {
    const plus = await rows('table', 'inv_mast', "$select=item_id&$filter=item_id eq 'X%2BY'");
    expect(plus).toEqual([{ item_id: 'X+Y' }]);
    const space = await rows('table', 'inv_mast', "$select=item_id&$filter=item_id+eq+'WITH+SPACE'");
    expect(space).toEqual([{ item_id: 'WITH SPACE' }]);
    expect(await rows('table', 'inv_mast', "$select=item_id&$filter=item_id eq 'X+Y'")).toEqual([]);
  });

  it('logs every request with the raw path, raw query and headers', async () => {
    const before = server.requests.length;
    await get("/odataservice/odata/table/order%20lines?$filter=label%20eq%20'X%2BY'&$top=1");
    const logged = server.requests.slice(before);
    expect(logged.length).toBe(1);
    expect(logged[0]!.method).toBe('GET');
    expect(logged[0]!.path).toBe('/odataservice/odata/table/order%20lines');
    expect(logged[0]!.query).toMatch(/^\$filter=label%20eq%20(%27|')X%2BY(%27|')&\$top=1$/);
    expect(logged[0]!.headers['authorization']).toBe('Bearer test-token');
  });
});

describe('$filter', () => {
  const uids = async (expression: string): Promise<unknown[]> =>
    (await rows('table', 'price_page', `$select=price_page_uid&${filter(expression)}`)).map((r) => r['price_page_uid']);

  it('compares with eq ne gt ge lt le', async () => {
    expect(await uids('price_page_uid eq 7')).toEqual([7]);
    expect((await uids('price_page_uid ne 1')).length).toBe(24);
    expect(await uids('price_page_uid gt 22')).toEqual([23, 24, 25]);
    expect(await uids('price_page_uid ge 24')).toEqual([24, 25]);
    expect(await uids('price_page_uid lt 3')).toEqual([1, 2]);
    expect(await uids('price_page_uid le 2')).toEqual([1, 2]);
    expect(await uids('price_page_uid lt 2.5')).toEqual([1, 2]);
    expect(await uids('price_page_uid ge -5 and price_page_uid lt 2')).toEqual([1]);
  });

  it('combines with and, or, not and parentheses, and binding tighter than or', async () => {
    expect(await uids('price_page_uid eq 1 or price_page_uid eq 2 and price_page_uid eq 3')).toEqual([1]);
    expect(await uids('(price_page_uid eq 1 or price_page_uid eq 2) and price_page_uid eq 2')).toEqual([2]);
    expect(await uids('not (price_page_uid le 22)')).toEqual([23, 24, 25]);
    expect(await uids('not(price_page_uid le 23) and not (price_page_uid eq 25)')).toEqual([24]);
  });

  it('compares strings without regard to case, with quotes, & and % kept literal', async () => {
    const names = async (expression: string): Promise<unknown[]> =>
      (await rows('table', 'customer', `$select=customer_name&${filter(expression)}`)).map((r) => r['customer_name']);
    expect(await names("customer_name eq 'SMITH & SONS'")).toEqual(['Smith & Sons']);
    expect(await names("startswith(customer_name,'o''neil')")).toEqual(["O'Neil Supply"]);
    expect(await names("endswith(customer_name,'GMBH')")).toEqual(['Ünïcödé GmbH']);
    expect(await names("contains(customer_name,'ÜNÏCÖDÉ')")).toEqual(['Ünïcödé GmbH']);
    // `%` is not a wildcard: names ending in 0050 or 0500 do not match
    expect(await names("contains(customer_name,'50%')")).toEqual(['50% Off']);
    expect(await names("contains(customer_name,'_')")).toEqual([]);
  });

  it('tests nulls with eq null / ne null; other comparisons never match null (SQL semantics)', async () => {
    const nulls = await count('table', 'customer', 'customer_name eq null');
    const notNulls = await count('table', 'customer', 'customer_name ne null');
    expect(nulls).toBeGreaterThan(0);
    expect(nulls + notNulls).toBe(1234);
    expect(await count('table', 'customer', "customer_name ne 'Smith & Sons'")).toBe(notNulls - 1);
    expect(await count('table', 'customer', "not (customer_name eq 'Smith & Sons')")).toBe(notNulls - 1);
  });

  it('compares decimals exactly, beyond what a double holds, and writes them verbatim', async () => {
    server.insert('svc_view_es_customer', [
      { unique_id: 'EXACT-1', credit_limit: '12345678901234.5678' },
      { unique_id: 'EXACT-2', credit_limit: '12345678901234.5679' },
      { unique_id: 'EXACT-3', credit_limit: '-0.5' },
    ]);
    const ids = async (expression: string): Promise<unknown[]> =>
      (await rows('view', 'svc_view_es_customer', `$select=unique_id&${filter(expression)}`)).map(
        (r) => r['unique_id'],
      );
    expect(await ids('credit_limit eq 12345678901234.5678')).toEqual(['EXACT-1']);
    expect(await ids('credit_limit gt 12345678901234.5678')).toEqual(['EXACT-2']);
    expect(await ids('credit_limit lt 0')).toEqual(['EXACT-3']);
    expect(await ids('credit_limit lt -0.49 and credit_limit gt -0.51')).toEqual(['EXACT-3']);
    const answer = await get(
      path('view', 'svc_view_es_customer', `$select=credit_limit&${filter("startswith(unique_id,'EXACT-')")}`),
    );
    expect(answer.text).toContain(
      '[{"credit_limit":12345678901234.5678},{"credit_limit":12345678901234.5679},{"credit_limit":-0.5000}]',
    );
  });

  it('compares dates and date-times against Edm.Date and Edm.DateTimeOffset columns', async () => {
    server.insert('invoice_hdr', [
      { invoice_no: 'T-1', invoice_date: '2024-01-31T23:59:59.999Z' },
      { invoice_no: 'T-2', invoice_date: '2024-02-01T00:00:00.000Z' },
      { invoice_no: 'T-3', invoice_date: '2024-02-01T12:30:00.000Z' },
    ]);
    const invoices = async (expression: string): Promise<unknown[]> =>
      (
        await rows(
          'table',
          'invoice_hdr',
          `$select=invoice_no&${filter(`startswith(invoice_no,'T-') and ${expression}`)}`,
        )
      ).map((r) => r['invoice_no']);
    expect(await invoices('invoice_date ge 2024-02-01')).toEqual(['T-2', 'T-3']);
    expect(await invoices('invoice_date lt 2024-02-01T00:00:00Z')).toEqual(['T-1']);
    expect(await invoices('invoice_date eq 2024-02-01T12:30:00.000Z')).toEqual(['T-3']);
    expect(await invoices('invoice_date eq 2024-02-01T14:30:00+02:00')).toEqual(['T-3']);
    expect(await invoices('invoice_date gt 2024-01-31T23:59:59.9991Z')).toEqual(['T-2', 'T-3']);
    const [row] = await rows('table', 'invoice_hdr', `$select=invoice_date&${filter("invoice_no eq 't-3'")}`);
    expect(row).toEqual({ invoice_date: '2024-02-01T12:30:00.000Z' });

    server.insert('edge_columns', [
      { id: 1001, birthday: '2020-02-29', is_active: true, row_guid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
      { id: 1002, birthday: '2021-01-01', is_active: false, row_guid: 'ffffffff-0000-4000-8000-000000000001' },
    ]);
    const edge = async (expression: string): Promise<unknown[]> =>
      (await rows('table', 'edge_columns', `$select=id&${filter(`id gt 1000 and ${expression}`)}`)).map((r) => r['id']);
    expect(await edge('birthday lt 2021-01-01')).toEqual([1001]);
    expect(await edge('birthday ge 2020-02-29T00:00:00Z')).toEqual([1001, 1002]);
    expect(await edge('birthday gt 2020-02-29T00:00:00Z')).toEqual([1002]);
    expect(await edge('is_active eq true')).toEqual([1001]);
    expect(await edge('is_active')).toEqual([1001]);
    expect(await edge('row_guid eq 0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D')).toEqual([1001]);
    expect(await edge('big_count eq 9007199254740993')).toEqual([]);
    expect(await rows('table', 'edge_columns', `$select=id&${filter('big_count eq 9007199254740993')}`)).toEqual([
      { id: 1 },
    ]);
    expect(await rows('table', 'edge_columns', `$select=id&${filter('big_count eq 9007199254740992')}`)).toEqual([]);
  });

  it('takes a column on the right side as a string literal holding its name', async () => {
    // on a string column: 200 with the rows whose value is the column's name as text
    expect(await count('table', 'customer', 'customer_name eq credit_status')).toBe(0);
    server.insert('invoice_hdr', [{ invoice_no: 'Q-1', ship2_name: 'SHIP2_CITY', ship2_city: 'Springfield' }]);
    const found = await rows('table', 'invoice_hdr', `$select=invoice_no&${filter('ship2_name eq ship2_city')}`);
    expect(found).toEqual([{ invoice_no: 'Q-1' }]);
    // on a typed column: the database's conversion failure
    expect(await refused('table', 'customer', filter('credit_limit eq customer_name'))).toMatch(/convert/i);
    expect(await refused('table', 'price_page', filter('price_page_uid eq description'))).toMatch(/Conversion failed/);
  });

  it('refuses arithmetic', async () => {
    for (const op of ['add', 'sub', 'mul', 'div', 'mod']) {
      expect(await refused('table', 'customer', filter(`credit_limit ${op} 5 gt 10`))).toContain(`'${op}'`);
    }
  });

  it('ignores a filter containing `in`: every row answers', async () => {
    expect(await count('table', 'customer', 'customer_id in (1,2)')).toBe(1234);
    expect(await count('table', 'customer', "customer_id eq 1 and customer_name in ('a','b')")).toBe(1234);
  });

  it('refuses now(), substringof and other functions', async () => {
    expect(await refused('table', 'customer', filter('date_created lt now()'))).toContain("'now'");
    expect(await refused('table', 'customer', filter("substringof('acme',customer_name)"))).toContain("'substringof'");
    expect(await refused('table', 'customer', filter("tolower(customer_name) eq 'x'"))).toContain("'tolower'");
  });

  it('refuses a quoted value against a non-string column with the operand-types message', async () => {
    expect(await refused('table', 'customer', filter("credit_limit eq '1000'"))).toBe(
      "The query specified in the URI is not valid. A binary operator with incompatible types was detected. Found operand types 'Edm.Decimal' and 'Edm.String' for operator kind 'Equal'.",
    );
    const kinds = {
      ne: 'NotEqual',
      gt: 'GreaterThan',
      ge: 'GreaterThanOrEqual',
      lt: 'LessThan',
      le: 'LessThanOrEqual',
    };
    for (const [op, kind] of Object.entries(kinds)) {
      expect(await refused('table', 'price_page', filter(`price_page_uid ${op} '1'`))).toContain(
        `Found operand types 'Edm.Int32' and 'Edm.String' for operator kind '${kind}'.`,
      );
    }
    expect(await refused('table', 'customer', filter('customer_name eq 5'))).toContain("'Edm.String' and 'Edm.Int32'");
  });

  it('refuses string functions on non-string columns', async () => {
    for (const fn of ['startswith', 'endswith', 'contains']) {
      expect(await refused('table', 'customer', filter(`${fn}(credit_limit,'1')`))).toContain(`'${fn}'`);
    }
  });

  it('names a missing property', async () => {
    expect(await refused('table', 'customer', filter('x eq 1'))).toBe(
      "Could not find a property named 'x' on type 'dbo.customer'.",
    );
    expect(await refused('table', 'price_page', filter("delete_flag eq 'N'"))).toBe(
      "Could not find a property named 'delete_flag' on type 'dbo.price_page'.",
    );
    expect(await refused('view', 'svc_view_es_customer', filter("x eq 'a'"))).toContain(
      "on type 'dbo.svc_view_es_customer'.",
    );
    expect(await refused('table', 'customer', filter('customer_name eq nope'))).toContain("'nope'");
  });

  it('refuses syntax errors with an OData error body', async () => {
    for (const bad of [
      'credit_limit gt 1e5',
      'credit_limit gt 1.5E3',
      "customer_name eq 'unterminated",
      '(customer_id eq 1',
      'customer_id eq',
      'customer_id EQ 1',
      'customer_id eq 1 customer_id',
      '',
      "customer_name eq 'a' and",
    ]) {
      await refused('table', 'customer', filter(bad));
    }
    // `not` binds tighter than a comparison, as in OData: `(not customer_name) eq 'x'` fails
    expect(await refused('table', 'customer', filter("not customer_name eq 'x'"))).toContain("operator kind 'Not'");
  });
});

describe('insert and clear', () => {
  it('replaces the rows of an object; left-out columns are generated or null', async () => {
    server.clear('terms');
    expect(await rows('table', 'terms')).toEqual([]);
    server.insert('terms', [
      { terms_id: 'N30', terms_desc: 'Net 30', net_days: 30 },
      { terms_id: 'N10', net_days: '10' },
    ]);
    const value = await rows(
      'table',
      'terms',
      '$select=terms_id,terms_desc,net_days,discount_pct,delete_flag,terms_uid&$orderby=net_days',
    );
    expect(value.map((r) => [r['terms_id'], r['terms_desc'], r['net_days'], r['discount_pct']])).toEqual([
      ['N10', null, 10, null],
      ['N30', 'Net 30', 30, null],
    ]);
    expect(
      value.every((r) => (r['delete_flag'] === 'Y' || r['delete_flag'] === 'N') && Number.isInteger(r['terms_uid'])),
    ).toBe(true);
  });

  it('refuses rows that do not fit the object', () => {
    expect(() => server.insert('terms', [{ no_such_column: 1 }])).toThrow(/no_such_column/);
    expect(() => server.insert('terms', [{ terms_id: 'X'.repeat(9) }])).toThrow(/longer than 8/);
    expect(() => server.insert('terms', [{ net_days: 'ten' }])).toThrow(/decimal/);
    expect(() => server.insert('terms', [{ terms_uid: 2 ** 31 }])).toThrow(/out of range/);
    expect(() => server.insert('no_such_table', [{}])).toThrow(/no_such_table/);
  });
});

describe('filter parser', () => {
  it('parses `not` tighter than comparisons and `and` tighter than `or`', () => {
    const tree = parseFilter("not a eq 'x' or b eq 1 and c eq null");
    expect(tree).toMatchObject({
      kind: 'or',
      left: { kind: 'compare', op: 'eq', left: { kind: 'not', operand: { kind: 'property', name: 'a' } } },
      right: {
        kind: 'and',
        left: { kind: 'compare' },
        right: { kind: 'compare', right: { literal: { type: 'null' } } },
      },
    });
  });

  it('reads every literal form', () => {
    const literal = (text: string): unknown =>
      (parseFilter(`a eq ${text}`) as { right: { literal: unknown } }).right.literal;
    expect(literal("'it''s'")).toEqual({ type: 'string', value: "it's" });
    expect(literal('-12.50')).toEqual({ type: 'number', text: '-12.50', integer: false });
    expect(literal('42')).toEqual({ type: 'number', text: '42', integer: true });
    expect(literal('2024-02-29')).toEqual({ type: 'date', text: '2024-02-29' });
    expect(literal('2024-02-29T10:00:00.123Z')).toEqual({ type: 'datetime', text: '2024-02-29T10:00:00.123Z' });
    expect(literal('deadbeef-0000-4000-8000-000000000000')).toEqual({
      type: 'guid',
      text: 'deadbeef-0000-4000-8000-000000000000',
    });
    expect(literal('false')).toEqual({ type: 'boolean', value: false });
    expect(() => parseFilter('a eq 1e5')).toThrow(/Syntax error at position 5/);
  });
});
