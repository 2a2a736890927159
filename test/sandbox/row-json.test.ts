// The query family's rows written by SQLite (row-json.ts `rowJsonSql`, Store.page) are the text the sandbox wrote
// before, row by row in JS (`rowJsonText` of the stored values: `jsonOf`): byte for byte, for odd values and names,
// every kind, and every way a page is read (from the first row, after the rows $skip skips, after a sort).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRowQuery } from '../../sandbox/query/options.js';
import { rowJsonSql, rowJsonText } from '../../sandbox/query/row-json.js';
import type { Column, QueryObject } from '../../sandbox/schema.js';
import { Store, type StoredObject } from '../../sandbox/store.js';

const column = (name: string, edmType: string, more: Partial<Column> = {}): Column => ({
  name,
  edmType,
  nullable: true,
  key: false,
  ...more,
});

// a key that may be null and repeat (as a view's may): pages must still come in one order, each row once
const odd: QueryObject = {
  name: 'odd',
  surface: 'table',
  entityType: 'dbo.odd',
  columns: [
    column('location_id', 'Edm.Decimal', { key: true, precision: 38, scale: 4 }),
    column('zone', 'Edm.String', { key: true }),
    column('__proto__', 'Edm.String'),
    column('constructor', 'Edm.Int64'),
    column(`quote'd "name" \\ größe 名前 😀`, 'Edm.String'),
    column('ratio', 'Edm.Double'),
    column('small', 'Edm.Single'),
    column('flag', 'Edm.Boolean'),
    column('bytes', 'Edm.Binary'),
    column('day', 'Edm.Date'),
    column('at', 'Edm.DateTimeOffset'),
    column('id', 'Edm.Guid'),
    column('time', 'Edm.TimeOfDay'),
    column('wait', 'Edm.Duration'),
    column('where', 'Edm.GeographyPoint'),
  ],
};

const TEXTS = [
  'plain',
  '',
  'quote " backslash \\ slash /',
  Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('') + '\u007f',
  'naïve größe 名前 😀 \u2028\u2029',
  'lone \ud800 and \udc00 surrogates',
  '{"looks":"like JSON"}',
  null,
];
const DECIMALS = ['0', '-0.0001', '12345678901234567890123456789012.1234', '1000.0000', '7', null];
const INT64 = [9223372036854775807n, -9223372036854775808n, 0n, 9007199254740993n, null];
const FLOATS = [0.1, 1e21, 5e-324, -0, 1 / 3, -1.5e-7, 123456789.125, null];

/** Row `i`: each column cycles through its odd values, so rows mix them (and keys repeat, nulls among them). */
function row(i: number): Record<string, unknown> {
  const pick = <T>(values: readonly T[], n = i) => values[n % values.length]!;
  return {
    location_id: pick(DECIMALS, Math.floor(i / 3)),
    zone: pick(TEXTS, i % 4),
    ['__proto__']: pick(TEXTS, i + 1),
    constructor: pick(INT64),
    [`quote'd "name" \\ größe 名前 😀`]: pick(TEXTS, i + 3),
    ratio: pick(FLOATS),
    small: pick([1.100000023841858, null, 3], i),
    flag: pick([true, false, null]),
    bytes: pick([new Uint8Array([0, 255, 34, 92]), new Uint8Array(0), null]),
    day: pick(['2024-02-29', null]),
    at: pick(['2024-01-02T03:04:05.678Z', '1999-12-31T23:59:59.000Z', null]),
    id: pick(['0F8FAD5B-D9CB-469F-A165-70867728950E', null]),
    time: pick(['23:59:59.1234567', null]),
    wait: pick(['P1DT2H', null]),
    where: pick([{ type: 'Point', coordinates: [1.5, -2e-7] }, 'text"\n', null]),
  };
}

let store: Store;
let stored: StoredObject;
beforeAll(async () => {
  store = await Store.open([odd], 0);
  stored = store.find('table', 'odd')!;
  store.insert(
    'odd',
    Array.from({ length: 60 }, (_, i) => row(i)),
  );
});
afterAll(() => store.close());

/**
 * Where the page's bytes as the store writes them now differ from the page as the sandbox wrote it before (each stored
 * value by jsonOf, the text encoded as UTF-8 as the server encodes a reply): both from a little before the first
 * difference (a page is long); undefined where they are the same.
 */
function difference(query: string): { query: string; now: string; before: string } | undefined {
  const q = readRowQuery(stored, query);
  const now = store.page(stored, q).rows;
  const before = Buffer.from(rowJsonText(q.columns, store.query(stored, q).rows).join(','));
  if (now.equals(before)) return undefined;
  let at = 0;
  while (now[at] === before[at]) at++;
  const around = (bytes: Buffer) => bytes.subarray(Math.max(0, at - 40), at + 80).toString('latin1');
  return { query, now: around(now), before: around(before) };
}

describe('rows written by SQLite', () => {
  it('are the text each stored value was written as in JS, for odd names and values of every kind', () => {
    expect(difference('')).toBeUndefined();
    const now = store.page(stored, readRowQuery(stored, '')).rows.toString();
    const rows = JSON.parse(`[${now}]`) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(60);
    // what the JS writer writes of a text is JSON.stringify's, and the odd names are the object's keys, in order
    expect(Object.keys(rows[0]!)).toEqual(odd.columns.map((c) => c.name));
    expect(now).toContain(`"__proto__":${JSON.stringify(TEXTS[1])}`);
    expect(now).toContain(`${JSON.stringify(odd.columns[4]!.name)}:${JSON.stringify(TEXTS[3])}`);
    for (const text of ['9223372036854775807', '-9223372036854775808', '12345678901234567890123456789012.1234'])
      expect(now).toContain(`:${text},`);
    expect(now).toContain('"ratio":1e+21,');
    expect(now).toContain('"ratio":5e-324,');
    expect(now).toContain('"bytes":"AP8iXA=="');
  });

  it('are the same text however the page is read: from the start, after $skip, ordered, selected, filtered', () => {
    const queries: string[] = [];
    for (const top of [1, 4, 7, 100])
      for (const skip of [0, 1, 3, 10, 29, 58, 59, 60, 61]) {
        queries.push(`$top=${top}&$skip=${skip}`);
        // the key's order from its index (a position after the rows skipped), and sorted orders (read as before)
        queries.push(`$top=${top}&$skip=${skip}&$orderby=location_id asc,zone asc`);
        queries.push(`$top=${top}&$skip=${skip}&$orderby=location_id desc`);
        queries.push(`$top=${top}&$skip=${skip}&$orderby=ratio desc,flag asc&$select=ratio,zone,flag`);
        queries.push(`$top=${top}&$skip=${skip}&$filter=${encodeURIComponent("zone ne 'plain'")}&$count=true`);
      }
    queries.push('$skip=7', '$select=__proto__&$skip=2', '$top=0&$skip=3');
    for (const query of queries) expect(difference(query)).toBeUndefined();
  });

  it('are written in JS where SQL cannot name a column: a lone surrogate or a NUL in its name', () => {
    const named = (name: string) => [{ column: column(name, 'Edm.String'), kind: 'string' as const, sql: '"c0"' }];
    expect(rowJsonSql(named('a\ud800'))).toBeUndefined();
    expect(rowJsonSql(named('a\u0000b'))).toBeUndefined();
    expect(rowJsonSql(named('a😀b'))).toBeDefined();
    expect(rowJsonText(named('a\ud800'), [['x']])).toEqual([`{"a\\ud800":"x"}`]);
  });
});
