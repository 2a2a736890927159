// How the sandbox executes a page of the query family (its README: "$skip and $filter"): the rows live in SQLite,
// each table with an index on its key, as a database's primary key. A page ordered by the key reads the index in
// order, a `$skip` reads the rows it skips (it is not free: the store counts them), and a keyset page (a bound on the
// key's first column) starts in the index where its position is. What the plan says and which rows are read is
// checked here; what it costs in time is measured by `npm run bench -- --only sync`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRowQuery } from '../../sandbox/query/options.js';
import type { QueryObject } from '../../sandbox/schema.js';
import { Store, type StoredObject } from '../../sandbox/store.js';

// a composite key of a decimal and a text, compared as the service does (exactly, and without case)
const zone: QueryObject = {
  name: 'zone',
  surface: 'table',
  entityType: 'dbo.zone',
  columns: [
    { name: 'location_id', edmType: 'Edm.Decimal', nullable: false, key: true, precision: 19, scale: 0 },
    { name: 'zone_id', edmType: 'Edm.String', nullable: false, key: true, maxLength: 10 },
    { name: 'note', edmType: 'Edm.String', nullable: true, key: false, maxLength: 20 },
  ],
};

let store: Store;
let stored: StoredObject;
beforeAll(async () => {
  store = await Store.open([zone], 0);
  stored = store.find('table', 'zone')!;
  const rows = [];
  for (let l = 1; l <= 30; l++)
    for (const z of ['b', 'A', 'c', 'D']) rows.push({ location_id: l, zone_id: `${z}${l % 3}` });
  store.insert('zone', rows);
});
afterAll(() => store.close());

const plan = (query: string) => store.plan(stored, readRowQuery(stored, query));
const keys = (query: string) =>
  store.query(stored, readRowQuery(stored, query)).rows.map((r) => `${String(r[0])}/${String(r[1])}`);
const ORDER = '$orderby=location_id asc,zone_id asc';
const after = (l: number, z: string) =>
  `$filter=${encodeURIComponent(`location_id ge ${l} and (location_id gt ${l} or (location_id eq ${l} and zone_id gt '${z}'))`)}`;

describe('a page of the query family, as SQLite runs it', () => {
  it('orders by the key from its index, and steps through the rows $skip skips: no sort of the whole table', () => {
    for (const query of [`${ORDER}&$top=5`, `${ORDER}&$top=5&$skip=100`, '$top=5&$skip=100']) {
      const steps = plan(query).join('\n');
      expect(steps).toMatch(/^SCAN .* USING INDEX /m);
      expect(steps).not.toMatch(/TEMP B-TREE/);
    }
    // another order: the table is sorted for it, as a database without an index on it does
    expect(plan('$orderby=note asc&$top=5').join('\n')).toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });

  it('reads the rows $skip skips (a deep page costs the rows before it), and only its own for a keyset page', () => {
    const read = (query: string) => {
      const before = store.rowsRead;
      const rows = store.query(stored, readRowQuery(stored, query)).rows.length;
      return { rows, read: store.rowsRead - before };
    };
    expect(read(`${ORDER}&$top=5`)).toEqual({ rows: 5, read: 5 });
    expect(read(`${ORDER}&$top=5&$skip=100`)).toEqual({ rows: 5, read: 105 });
    expect(read(`${ORDER}&$top=5&${after(26, 'c2')}`)).toEqual({ rows: 5, read: 5 });
    expect(read(`${ORDER}&$top=5&$skip=118`)).toEqual({ rows: 2, read: 120 });
    // past the last row: nothing (not the first rows again, which a step past SQLite's end would give)
    expect(read(`${ORDER}&$top=5&$skip=200`)).toEqual({ rows: 0, read: 120 });
  });

  it('starts a keyset page in the index at its position, and answers the same rows as $skip', () => {
    const steps = plan(`${ORDER}&$top=5&${after(7, 'b1')}`).join('\n');
    expect(steps).toMatch(/^SEARCH .* USING INDEX .*>\?/m);
    expect(steps).not.toMatch(/TEMP B-TREE/);
    // the key compared as the service compares it: decimals by value (10 after 9), text without case
    expect(keys(`${ORDER}&$top=5&${after(7, 'b1')}`)).toEqual(keys(`${ORDER}&$top=5&$skip=26`));
    expect(keys(`${ORDER}&$top=3&${after(9, 'c0')}`)).toEqual(['9/D0', '10/A1', '10/b1']);
  });

  it("keeps a key's comparison key with it when the key is changed", () => {
    expect(store.updateMatching('zone', { location_id: 3, zone_id: 'A0' }, { zone_id: 'Zz' })).toBe(1);
    expect(keys(`${ORDER}&$top=2&${after(3, 'D0')}`)).toEqual(['3/Zz', '4/A1']);
    expect(keys(`$filter=${encodeURIComponent("zone_id eq 'zZ'")}`)).toEqual(['3/Zz']);
  });
});
