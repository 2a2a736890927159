// How fast a sandbox starts and resets, for teams and tests that start one per test file and reset it between tests
// (the test kit, `erpgen/sandbox`):
// - a test file's sandbox: a fresh process (as a test runner starts one per file) that imports `erpgen/sandbox` and
//   starts the sample's sandbox, from the process's start to the sandbox's answer (the WebAssembly SQLite module
//   loads once per process);
// - a later sandbox in the same process, and a reset between tests (every row, record and session made again);
// - the first query of `customer` (1,234 seeded rows of 302 columns; a table's rows are made on its first use, so
//   the first query after a start or a reset pays for them).
// Target: a later sandbox of the sample snapshot starts in under 300 ms.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSandbox } from '../../sandbox/sandbox.js';
import { ROOT, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { writeSampleSnapshot } from '../tenant/snapshot.js';
import { median, spread, type Row } from './measure.js';

const QUERY = '/odataservice/odata/table/customer?$top=10';
const HEADERS = { Authorization: 'Bearer test-token', Accept: 'application/json' };

/** One sandbox: its start, its first query, then a reset and the query again (rows are made on first use). */
async function once(
  snapshot: string,
): Promise<{ start: number; firstQuery: number; reset: number; queryAfterReset: number }> {
  const query = async () => {
    const started = performance.now();
    await (await fetch(`${sandbox.url}${QUERY}`, { headers: HEADERS })).text();
    return performance.now() - started;
  };
  const started = performance.now();
  const sandbox = await startSandbox({ snapshot, logRequests: false });
  const start = performance.now() - started;
  const firstQuery = await query();
  const resetting = performance.now();
  await sandbox.reset();
  const reset = performance.now() - resetting;
  const queryAfterReset = await query();
  await sandbox.close();
  return { start, firstQuery, reset, queryAfterReset };
}

/** A test file's sandbox: milliseconds from a fresh process's start to its sandbox's first answer. */
function testFile(snapshot: string): number {
  const sandboxModule = pathToFileURL(join(ROOT, 'dist/sandbox/index.js')).href;
  const script = `
    const { startSandbox } = await import(${JSON.stringify(sandboxModule)});
    const sandbox = await startSandbox({ snapshot: ${JSON.stringify(snapshot)}, logRequests: false });
    await (await fetch(sandbox.url + '/api/ui/router/v1/')).text();
    process.stdout.write(String(performance.now()));
    await sandbox.close();`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`a test file's sandbox failed:\n${result.stderr}`);
  return Number(result.stdout);
}

export async function sandboxBench(work: string, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  const stock = join(work, 'stock');
  if (!existsSync(stock)) await writeSampleSnapshot(stock, { services: 'none' });
  const n = Math.max(runs, 5);
  for (const [name, snapshot] of [
    ['sample', SAMPLE_SNAPSHOT],
    ['stock tenant', stock],
  ] as const) {
    const files = Array.from({ length: n }, () => testFile(snapshot));
    const first = await once(snapshot);
    const later: Array<Awaited<ReturnType<typeof once>>> = [];
    for (let i = 0; i < n; i++) later.push(await once(snapshot));
    const start = median(later.map((l) => l.start));
    const sample = name === 'sample';
    rows.push(
      {
        name: `${name}: a test file's sandbox (fresh process: import erpgen/sandbox, start, first answer)`,
        value: spread(files, 'ms'),
      },
      { name: `${name}: first sandbox of a process, start`, value: `${first.start.toFixed(0)} ms (1 run)` },
      {
        name: `${name}: a later sandbox, start`,
        value: spread(
          later.map((l) => l.start),
          'ms',
        ),
        ...(sample ? { target: '< 300 ms', ok: start < 300 } : {}),
      },
      {
        name: `${name}: reset between tests`,
        value: spread(
          later.map((l) => l.reset),
          'ms',
        ),
      },
      {
        name: `${name}: first query of customer after a reset`,
        value: spread(
          later.map((l) => l.queryAfterReset),
          'ms',
        ),
      },
      { name: `${name}: first query of customer, first sandbox`, value: `${first.firstQuery.toFixed(0)} ms (1 run)` },
      {
        name: `${name}: first query of customer, a later sandbox`,
        value: spread(
          later.map((l) => l.firstQuery),
          'ms',
        ),
      },
    );
  }
  return rows;
}
