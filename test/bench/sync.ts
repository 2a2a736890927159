// Reading a whole table (issue 31): one process, the sandbox started in it through the test kit with one table of
// 200,000 rows seeded (`bin_zone`: a composite key of a decimal and a text, as oe_line's), read in pages of 5,000
// with `$skip` paging (the default) and with keyset paging. For each: the wall time of the whole read, and the
// wall and server time (the sandbox's own, LoggedRequest.ms) of its last page against its first. Targets: with
// keyset the last page costs at most 1.5x the first (server time), and the whole read is at least 3x faster than
// with $skip: judged on the process's CPU time, which the machine's other work does not stretch (the client and the
// server are this one process; on a shared machine the wall time of the same read varies twofold), wall time shown.
// A small table's read says whether keyset could be the default (it stays $skip, Q17, until it is as fast there).
import { query } from '@acme/erp-schema';
import { createClient, tokenAuth } from '@acme/erp-schema/client';
import { bin_zone } from '@acme/erp-schema/tables/bin_zone';
import { startSandbox } from '../../sandbox/sandbox.js';
import { median, spread, type Row } from './measure.js';

const ROWS = 200_000;
const PAGE = 5_000;
const SMALL = 2_000;

/** `count` bin_zone rows: 1,000 zones a location, their names in mixed case. */
function zones(count: number): Array<{ location_id: number; bin_zone_id: string }> {
  return Array.from({ length: count }, (_, i) => ({
    location_id: Math.floor(i / 1000) + 1,
    bin_zone_id: `${i % 2 ? 'z' : 'Z'}${String(i % 1000).padStart(4, '0')}`,
  }));
}

interface Read {
  /** the whole read, ms: wall time, and this process's CPU time (client and server) */
  readonly wall: number;
  readonly cpu: number;
  /** each page's wall time (the request, answer read) and server time, ms */
  readonly pages: ReadonlyArray<{ readonly wall: number; readonly server: number }>;
}

export async function syncBench(runs: number): Promise<Row[]> {
  const server = await startSandbox({ rowsPerObject: 1, logRequests: true });
  try {
    const started = performance.now();
    server.seed(bin_zone, zones(ROWS));
    const seeded = performance.now() - started;
    const { username, password } = server.credentials!;
    const walls: number[] = [];
    const client = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ baseUrl: server.url, username, password }),
      drift: 'off',
      onResponse: (e) => void (e.object === 'table/bin_zone' && walls.push(e.durationMs)),
    });
    const read = async (paging: 'skip' | 'keyset', top: number, expected: number): Promise<Read> => {
      walls.length = 0;
      const before = server.requests.length;
      const wall = performance.now();
      const cpu = process.cpuUsage();
      let rows = 0;
      for await (const _ of client.rows(query(bin_zone).top(top), { paging })) rows++;
      const took = performance.now() - wall;
      const used = process.cpuUsage(cpu);
      if (rows !== expected) throw new Error(`${paging}: read ${rows} rows of bin_zone, not ${expected}`);
      const servers = server.requests
        .slice(before)
        .filter((r) => r.path.endsWith('/bin_zone'))
        .map((r) => r.ms ?? NaN);
      return {
        wall: took,
        cpu: (used.user + used.system) / 1000,
        pages: walls.map((w, i) => ({ wall: w, server: servers[i]! })),
      };
    };
    const measure = async (top: number, expected: number) => {
      const reads = { skip: [] as Read[], keyset: [] as Read[] };
      await read('keyset', top, expected); // warm-up: the table's first read, the JIT
      for (let run = 0; run < runs; run++)
        for (const paging of ['skip', 'keyset'] as const) reads[paging].push(await read(paging, top, expected));
      return reads;
    };

    const big = await measure(PAGE, ROWS);
    const rows: Row[] = [
      {
        name: `seeding ${ROWS.toLocaleString('en')} rows through the test kit (sandbox.seed)`,
        value: `${(seeded / 1000).toFixed(1)} s`,
      },
    ];
    const figures = (paging: 'skip' | 'keyset') => {
      const of = (pick: (r: Read) => number) => median(big[paging].map(pick));
      const first = { wall: of((r) => r.pages[0]!.wall), server: of((r) => r.pages[0]!.server) };
      // the last page with rows (the read ends with an empty one)
      const at = Math.ceil(ROWS / PAGE) - 1;
      const last = { wall: of((r) => r.pages[at]!.wall), server: of((r) => r.pages[at]!.server) };
      return {
        first,
        last,
        ratio: last.server / first.server,
        wall: big[paging].map((r) => r.wall / 1000),
        cpu: big[paging].map((r) => r.cpu / 1000),
      };
    };
    const skip = figures('skip');
    const keyset = figures('keyset');
    for (const [paging, f] of [
      ['$skip', skip],
      ['keyset', keyset],
    ] as const)
      rows.push({
        name: `${paging}: the last page (${Math.ceil(ROWS / PAGE)}) against the first, server time; wall`,
        value: `${f.last.server.toFixed(1)} ms against ${f.first.server.toFixed(1)} ms: ${f.ratio.toFixed(2)}x; wall ${f.last.wall.toFixed(1)} against ${f.first.wall.toFixed(1)} ms`,
        ...(paging === 'keyset' ? { target: 'at most 1.5x', ok: f.ratio <= 1.5 } : {}),
      });
    const faster = median(skip.cpu) / median(keyset.cpu);
    rows.push({
      name: `the whole table (${ROWS.toLocaleString('en')} rows, pages of ${PAGE.toLocaleString('en')}): $skip; keyset, CPU`,
      value: `${spread(skip.cpu, 's', 2)}; ${spread(keyset.cpu, 's', 2)}: keyset ${faster.toFixed(1)}x faster`,
      target: 'keyset at least 3x faster',
      ok: faster >= 3,
    });
    rows.push({
      name: 'the same reads, wall: $skip; keyset',
      value: `${spread(skip.wall, 's', 2)}; ${spread(keyset.wall, 's', 2)}: keyset ${(median(skip.wall) / median(keyset.wall)).toFixed(1)}x faster`,
    });

    server.seed(bin_zone, zones(SMALL));
    const small = await measure(500, SMALL);
    const smallSkip = small.skip.map((r) => r.wall);
    const smallKeyset = small.keyset.map((r) => r.wall);
    rows.push({
      name: `a small table (${SMALL.toLocaleString('en')} rows, pages of 500): $skip; keyset`,
      value: `${spread(smallSkip, 'ms')}; ${spread(smallKeyset, 'ms')}`,
    });
    return rows;
  } finally {
    await server.close();
  }
}
