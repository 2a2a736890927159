// Reading a whole table and only what changed (docs/sync.md), end to end against the sandbox with tokens it issued:
// keyset paging over a composite key while rows are inserted and deleted between pages, and `changes()`: its order
// (stamp, then key), rows sharing a timestamp across page boundaries, a sync resumed from a checkpoint taken at every
// row of a read, rows modified during the read, and the checkpoints it refuses.
import { describe, expect } from 'vitest';
import { defineObject, ErpCheckpointError, ErpPagingError, ErpQueryError, query } from '@acme/erp-schema';
import { ErpConfigError } from '@acme/erp-schema';
import type { ErpClient, Sync } from '@acme/erp-schema/client';
import { bin_zone, type BinZoneRow } from '@acme/erp-schema/tables/bin_zone';
import { customer } from '@acme/erp-schema/tables/customer';
import { inventory_receipts_line } from '@acme/erp-schema/tables/inventory_receipts_line';
import { svc_view_es_customer } from '@acme/erp-schema/views/svc_view_es_customer';
import type { Sandbox } from '../../../sandbox/sandbox.js';
import { isValidEncodedFilter } from '../../support/odata-abnf.js';
import { e2eTest } from '../../support/e2e.js';
import { signedIn, snapshotEdited, startSampleSandbox } from '../../support/sandbox.js';

const it = e2eTest({ rowsPerObject: 3 });
it.beforeEach(({ e2e }) => e2e.server.reset());

async function all<R>(rows: AsyncIterable<R>): Promise<R[]> {
  const out: R[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

/** The query options of the data query requests since `before`. */
const sent = (server: Sandbox, before: number) =>
  server.requests
    .slice(before)
    .filter((r) => r.path.startsWith('/odataservice/odata/'))
    .map((r) => ({ raw: r.query, params: new URLSearchParams(r.query) }));

/** bin_zone rows: locations 1 to 3, zones named in mixed case (the service compares text without case). */
function zones(locations: number, perLocation: number): Array<{ location_id: number; bin_zone_id: string }> {
  const rows = [];
  for (let l = 1; l <= locations; l++)
    for (let z = 0; z < perLocation; z++)
      rows.push({ location_id: l, bin_zone_id: `${z % 2 ? 'z' : 'Z'}${String(z).padStart(2, '0')}` });
  return rows;
}
const zoneKey = (r: Pick<BinZoneRow, 'location_id' | 'bin_zone_id'>) => `${r.location_id}/${r.bin_zone_id}`;

describe("keyset paging: rows(q, { paging: 'keyset' })", () => {
  it('pages a composite key in key order, each page after the last key of the previous one (Q17, Q24, Q30)', async ({
    e2e: { client, server },
  }) => {
    server.seed(bin_zone, zones(3, 10));
    const before = server.requests.length;
    const rows = await all(
      client.rows(query(bin_zone).select('location_id', 'bin_zone_id').top(7), { paging: 'keyset' }),
    );
    expect(rows.map(zoneKey)).toEqual(zones(3, 10).map(zoneKey));
    const requests = sent(server, before);
    expect(requests).toHaveLength(5); // 7 + 7 + 7 + 7 + 2
    for (const { raw, params } of requests) {
      expect(params.get('$orderby')).toBe('location_id asc,bin_zone_id asc');
      expect(params.get('$top')).toBe('7');
      expect(params.has('$skip')).toBe(false);
      const filter = /(?:^|&)\$filter=([^&]*)/.exec(raw)?.[1];
      if (filter !== undefined) expect(isValidEncodedFilter(filter)).toBe(true);
    }
    expect(requests[0]!.params.has('$filter')).toBe(false);
    // the last row of page 1 is (1, Z06): the position, lexicographic, led by a bound on the first column
    expect(requests[1]!.params.get('$filter')).toBe(
      "location_id ge 1 and (location_id gt 1 or (location_id eq 1 and bin_zone_id gt 'Z06'))",
    );
  });

  it('reads every row that existed throughout exactly once while rows are inserted and deleted between pages', async ({
    e2e: { client, server },
  }) => {
    const seeded = zones(3, 12);
    // the same changes at the same points of a read, made by another client meanwhile
    const meddle = (page: number) => {
      if (page === 1) {
        // behind the position: deleted, and new ones inserted
        server.delete('bin_zone', { location_id: 1, bin_zone_id: 'Z00' });
        server.delete('bin_zone', { location_id: 1, bin_zone_id: 'z01' });
        server.insert('bin_zone', [{ location_id: 1, bin_zone_id: 'A1' }]);
        // ahead of it
        server.delete('bin_zone', { location_id: 2, bin_zone_id: 'Z04' });
        server.insert('bin_zone', [{ location_id: 2, bin_zone_id: 'Z04a' }]);
      }
      if (page === 3) {
        server.delete('bin_zone', { location_id: 2, bin_zone_id: 'z01' });
        server.delete('bin_zone', { location_id: 3, bin_zone_id: 'z11' });
        server.insert('bin_zone', [{ location_id: 3, bin_zone_id: 'Z99' }]);
      }
    };
    const read = async (paging: 'skip' | 'keyset') => {
      server.seed(bin_zone, seeded);
      const keys: string[] = [];
      for await (const row of client.rows(query(bin_zone).select('location_id', 'bin_zone_id').top(5), { paging })) {
        keys.push(zoneKey(row));
        if (keys.length % 5 === 0) meddle(keys.length / 5);
      }
      return keys;
    };
    const deleted = ['1/Z00', '1/z01', '2/Z04', '2/z01', '3/z11'];
    const throughout = seeded.map(zoneKey).filter((k) => !deleted.includes(k));

    const keyset = await read('keyset');
    expect(new Set(keyset).size).toBe(keyset.length);
    for (const key of throughout) expect(keyset.filter((k) => k === key)).toHaveLength(1);
    expect(keyset).toContain('2/Z04a'); // inserted ahead: read, once
    expect(keyset).toContain('3/Z99');
    expect(keyset).not.toContain('1/A1'); // inserted behind: not gone back for
    expect(keyset).not.toContain('2/Z04'); // deleted ahead

    // the same read with $skip loses rows: each row deleted behind the position moves a later one into a page read
    const skip = await read('skip');
    expect(throughout.filter((k) => !skip.includes(k)).length).toBeGreaterThan(0);
  });

  it("takes the query's filter, and adds the key columns to its select", async ({ e2e: { client, server } }) => {
    server.seed(bin_zone, zones(3, 6));
    const before = server.requests.length;
    const rows = await all(
      client.rows(
        query(bin_zone)
          .select('zone_desc')
          .filter((c) => c.location_id.ge(2))
          .top(4),
        { paging: 'keyset' },
      ),
    );
    expect(rows).toHaveLength(12);
    const [, second] = sent(server, before);
    expect(second!.params.get('$select')).toBe('zone_desc,location_id,bin_zone_id');
    expect(second!.params.get('$filter')).toBe(
      "(location_id ge 2) and (location_id ge 2 and (location_id gt 2 or (location_id eq 2 and bin_zone_id gt 'z03')))",
    );
  });

  it('pages a nullable key column (a view may declare one): null first, as OData orders it, tested with eq null / ne null (Q28)', async () => {
    const nullable = await startSampleSandbox({
      rowsPerObject: 3,
      snapshot: snapshotEdited((doc) => {
        const type = doc.dbo['bin_zone'];
        if (type) (type['bin_zone_id'] as Record<string, unknown>)['$Nullable'] = true;
      }),
    });
    try {
      const zone = defineObject<{ location_id: number; bin_zone_id: string | null }>()({
        name: 'bin_zone',
        surface: 'table',
        key: ['location_id', 'bin_zone_id'],
        columns: { location_id: 'decimal', bin_zone_id: 'string' },
      });
      const rows = [1, 2, 3, 4, 5].flatMap((l) => [null, 'a', 'b'].map((z) => ({ location_id: l, bin_zone_id: z })));
      nullable.seed(bin_zone, rows);
      const before = nullable.requests.length;
      // pages of 2 and 4 put page boundaries on a null and after one
      for (const top of [2, 4]) {
        const read = await all(
          signedIn(nullable).client.rows(query(zone).select('location_id', 'bin_zone_id').top(top), {
            paging: 'keyset',
          }),
        );
        expect(read).toEqual(rows);
      }
      const filters = nullable.requests.slice(before).map((r) => new URLSearchParams(r.query).get('$filter'));
      expect(filters).toContain(
        'location_id ge 2 and (location_id gt 2 or (location_id eq 2 and bin_zone_id ne null))',
      );
    } finally {
      await nullable.close();
    }
  });

  it('refuses, before sending anything, a query whose type cannot tell: its own order or skip, an object without a key', async ({
    e2e: { client, server },
  }) => {
    const before = server.requests.length;
    const loose = (q: { readonly object: unknown }) => q as Parameters<ErpClient['rows']>[0];
    await expect(
      all(client.rows(loose(query(customer).orderBy('customer_name')), { paging: 'keyset' })),
    ).rejects.toThrow(
      new ErpQueryError(
        "rows(table/customer, { paging: 'keyset' }): the query is ordered by customer_name asc; this read orders by company_id, customer_id itself (drop orderBy())",
      ),
    );
    await expect(all(client.rows(loose(query(customer).skip(10)), { paging: 'keyset' }))).rejects.toThrow(
      /the query skips 10 rows; this read starts after a position \(drop skip\(\)\)/,
    );
    const keyless = defineObject<{ note: string }>()({ name: 'keyless_log', surface: 'table', key: [], columns: {} });
    await expect(all(client.rows(loose(query(keyless)), { paging: 'keyset' }))).rejects.toThrow(
      /keyless_log has no key to page by: page it with \$skip \(the default\)/,
    );
    await expect(
      all(client.rows(query(customer), { paging: 'cursor' } as unknown as { paging: 'skip' })),
    ).rejects.toBeInstanceOf(ErpConfigError);
    // an order equal to the key's is no order of its own
    const same = query(customer).orderBy('company_id').orderBy('customer_id').select('customer_id').top(500);
    expect(await all(client.rows(loose(same), { paging: 'keyset' }))).toHaveLength(1234);
    expect(sent(server, before).every((r) => !r.params.has('$skip'))).toBe(true);
  });

  it('stops with an ErpPagingError when the key does not tell rows apart (it would skip rows at a page boundary)', async ({
    e2e: { client, server },
  }) => {
    // a view whose $Key (order_no) is not unique, as a view's may not be (not in the sample package: described here)
    const erp_view_oe_line = defineObject<{ order_no: string }>()({
      name: 'erp_view_oe_line',
      surface: 'view',
      key: ['order_no'],
      columns: { order_no: 'string' },
    });
    server.seed(
      erp_view_oe_line,
      [1, 2, 3, 4, 5, 6].map((n) => ({ order_no: n < 4 ? 'SO-1' : `SO-${n}` })),
    );
    const error = await all(client.rows(query(erp_view_oe_line).select('order_no').top(2), { paging: 'keyset' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ErpPagingError);
    expect((error as Error).message).toMatch(
      /two rows came with the same order_no \("SO-1"\): they do not tell rows apart/,
    );
  });
});

/** inventory_receipts_line rows: their key (receipt_number, line_number) and stamp. */
type Line = { receipt_number: number; line_number: number; date_last_modified: string };
const at = (minute: number) => `2024-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const lineKey = (r: Line) => `${r.date_last_modified} ${r.receipt_number}/${r.line_number}`;
const byPosition = (a: Line, b: Line) =>
  a.date_last_modified.localeCompare(b.date_last_modified) ||
  a.receipt_number - b.receipt_number ||
  a.line_number - b.line_number;

/** 26 lines: 14 of them stamped 10:01 (across several pages of 4), their keys not in the order they were written. */
function lines(): Line[] {
  const rows: Line[] = [];
  const stamps = [...Array(5).fill(0), ...Array(14).fill(1), ...Array(4).fill(2), ...Array(3).fill(3)] as number[];
  stamps.forEach((minute, i) =>
    rows.push({ receipt_number: 100 + ((i * 7) % 5), line_number: i, date_last_modified: at(minute) }),
  );
  return rows;
}
const lineQuery = () =>
  query(inventory_receipts_line).select('receipt_number', 'line_number', 'date_last_modified').top(4);

describe('changes()', () => {
  it('reads every row, oldest stamp first and then by key, and gives the position after the last row as a checkpoint', async ({
    e2e: { client, server },
  }) => {
    server.seed(inventory_receipts_line, lines());
    const before = server.requests.length;
    const sync = client.changes(lineQuery());
    const rows = await all(sync);
    expect(rows.map(lineKey)).toEqual([...lines()].sort(byPosition).map(lineKey));
    for (const { raw, params } of sent(server, before)) {
      expect(params.get('$orderby')).toBe('date_last_modified asc,receipt_number asc,line_number asc');
      const filter = /(?:^|&)\$filter=([^&]*)/.exec(raw)?.[1];
      if (filter !== undefined) expect(isValidEncodedFilter(filter)).toBe(true);
    }
    // a sync from the checkpoint finds nothing new, and keeps the checkpoint
    const again = client.changes(lineQuery(), { since: sync.checkpoint });
    expect(await all(again)).toEqual([]);
    expect(again.checkpoint).toBe(sync.checkpoint);
  });

  it('resumed from a checkpoint taken after any row, goes on with the next: rows sharing its timestamp, across page boundaries too, are neither lost nor repeated', async ({
    e2e: { client, server },
  }) => {
    server.seed(inventory_receipts_line, lines());
    const expected = [...lines()].sort(byPosition).map(lineKey);
    for (let crash = 0; crash <= expected.length; crash++) {
      // the first run stops after `crash` rows, its checkpoint stored; the second starts from it
      const first = client.changes(lineQuery());
      const read: string[] = [];
      let checkpoint = first.checkpoint;
      for await (const row of first) {
        if (read.length === crash) break;
        read.push(lineKey(row));
        checkpoint = first.checkpoint;
      }
      for await (const row of client.changes(lineQuery(), { since: checkpoint })) read.push(lineKey(row));
      expect({ crash, read }).toEqual({ crash, read: expected });
    }
  });

  it('since a time: the rows modified at or after it, those at the time itself included', async ({
    e2e: { client, server },
  }) => {
    server.seed(inventory_receipts_line, lines());
    const rows = await all(client.changes(lineQuery(), { since: new Date(at(2)) }));
    expect(rows.map(lineKey)).toEqual(
      lines()
        .filter((r) => r.date_last_modified >= at(2))
        .sort(byPosition)
        .map(lineKey),
    );
    const text = await all(client.changes(lineQuery(), { since: '2024-03-01T11:02:00+01:00' }));
    expect(text).toHaveLength(rows.length);
  });

  it('a later sync from a finished one reads what changed since, those stamped at its last timestamp included', async ({
    e2e: { client, server },
  }) => {
    server.seed(inventory_receipts_line, lines());
    const first = client.changes(lineQuery());
    await all(first);
    // the last row read is (10:03, 104/25); written since: one at that timestamp after it, one later, one earlier
    server.insert('inventory_receipts_line', [
      { receipt_number: 105, line_number: 1, date_last_modified: at(3) },
      { receipt_number: 100, line_number: 90, date_last_modified: at(4) },
    ]);
    server.update('inventory_receipts_line', { receipt_number: 100, line_number: 0 }, { date_last_modified: at(5) });
    const next = await all(client.changes(lineQuery(), { since: first.checkpoint }));
    expect(next.map(lineKey)).toEqual([`${at(3)} 105/1`, `${at(4)} 100/90`, `${at(5)} 100/0`]);
  });

  it('a row modified during the read: behind the position, delivered again as its new version; ahead of it, once', async ({
    e2e: { client, server },
  }) => {
    server.seed(inventory_receipts_line, lines());
    const read: string[] = [];
    for await (const row of client.changes(lineQuery())) {
      read.push(lineKey(row));
      if (read.length === 6) {
        // (10:00, 100/0) was read; (10:02, 100/20) is ahead
        server.update(
          'inventory_receipts_line',
          { receipt_number: 100, line_number: 0 },
          { date_last_modified: at(9) },
        );
        server.update(
          'inventory_receipts_line',
          { receipt_number: 100, line_number: 20 },
          { date_last_modified: at(8) },
        );
      }
    }
    expect(read.filter((k) => k.endsWith(' 100/0'))).toEqual([`${at(0)} 100/0`, `${at(9)} 100/0`]);
    expect(read.filter((k) => k.endsWith(' 100/20'))).toEqual([`${at(8)} 100/20`]);
    expect(read).toHaveLength(lines().length + 1);
  });

  it('reads a search view by max_date_last_modified (Q15), its null stamps first from the beginning (Q28)', async ({
    e2e: { client, server },
  }) => {
    const stamps = [null, null, null, at(1), at(1), at(2)];
    server.seed(
      svc_view_es_customer,
      stamps.map((stamp, i) => ({ unique_id: `C-${i}`, max_date_last_modified: stamp })),
    );
    const q = () => query(svc_view_es_customer).select('unique_id', 'max_date_last_modified').top(2);
    const before = server.requests.length;
    const first = client.changes(q());
    const head: string[] = [];
    for await (const row of first) if (head.push(row.unique_id) === 2) break;
    const rest = await all(client.changes(q(), { since: first.checkpoint }));
    expect([...head, ...rest.map((r) => r.unique_id)]).toEqual(stamps.map((_, i) => `C-${i}`));
    const filters = sent(server, before).map((r) => r.params.get('$filter'));
    expect(filters.find((f) => f?.startsWith('max_date_last_modified ne null'))).toBe(
      "max_date_last_modified ne null or (max_date_last_modified eq null and unique_id gt 'C-1')",
    );
    // from a time, rows without a stamp are not read
    expect(await all(client.changes(q(), { since: at(0) }))).toHaveLength(3);
  });

  it('refuses a checkpoint it cannot go on from with an ErpCheckpointError, before sending anything', async ({
    e2e: { client, server },
  }) => {
    server.seed(inventory_receipts_line, lines());
    const sync = client.changes(lineQuery());
    for await (const _ of sync) break;
    const checkpoint = sync.checkpoint;
    const before = server.requests.length;
    /** the message a sync from `since` is refused with, when it is made or on its first read: before it sends anything */
    const refused = async (since: unknown, q: Parameters<ErpClient['changes']>[0] = lineQuery()) => {
      const error = await (async () => all(client.changes(q, { since: since as string })))().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErpCheckpointError);
      return (error as Error).message;
    };
    expect(await refused(checkpoint, query(customer))).toBe(
      'changes(table/customer): the checkpoint was taken of "table/inventory_receipts_line", not of table/customer',
    );
    const [prefix, format, body, sum] = checkpoint.split('.');
    const flipped = body!.slice(0, 10) + (body![10] === 'A' ? 'B' : 'A') + body!.slice(11);
    expect(await refused([prefix, format, flipped, sum].join('.'))).toMatch(/cut short or altered/);
    expect(await refused(checkpoint.slice(0, -3))).toMatch(/cut short or altered/);
    expect(await refused([prefix, '2', body, sum].join('.'))).toMatch(
      /is of format "2", which this package does not read/,
    );
    expect(await refused('yesterday')).toBe(
      'changes(table/inventory_receipts_line): since is neither a checkpoint of changes() (erpgen-sync.…) nor a date-time (a Date, or ISO 8601 with Z or an offset): "yesterday"',
    );
    // the same table as a package regenerated after its key changed describes it
    const rekeyed = defineObject<Line>()({
      ...inventory_receipts_line,
      key: ['line_number', 'receipt_number'],
    });
    expect(await refused(checkpoint, query(rekeyed))).toMatch(
      /the package now orders table\/inventory_receipts_line by date_last_modified, line_number, receipt_number \(its key or stamp changed since\)/,
    );
    await expect(all(client.changes(query(bin_zone).orderBy('zone_desc') as never))).rejects.toThrow(ErpQueryError);
    // a string that is no checkpoint, nor a time, is refused when the sync is made
    expect(() => client.changes(lineQuery(), { since: 'yesterday' })).toThrow(ErpCheckpointError);
    expect(server.requests.length).toBe(before);
  });

  it('reads on from its checkpoint in each loop, one loop at a time', async ({ e2e: { client, server } }) => {
    server.seed(inventory_receipts_line, lines());
    const sync: Sync<Line> = client.changes(lineQuery());
    const first: Line[] = [];
    for await (const row of sync) if (first.push(row) === 3) break;
    const iterator = sync[Symbol.asyncIterator]();
    await iterator.next();
    await expect(all(sync)).rejects.toThrow(/this sync is being read already/);
    await iterator.return?.();
    const rest = await all(sync);
    expect(first.length + 1 + rest.length).toBe(lines().length);
  });
});
