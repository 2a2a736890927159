// How fast a sandbox starts, for teams and tests that start one per test file or per test: the start-up of a fresh
// process's first sandbox (the WebAssembly SQLite module loads once per process), of later ones in the same process,
// and the first query of `customer` (1,234 seeded rows of 302 columns, generated once per process). Target: a later
// sandbox of the sample snapshot starts in under 300 ms.
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/sandbox.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';
import { writeSampleSnapshot } from '../tenant/snapshot.js';
import type { Row } from './generation.js';
import { median } from './measure.js';
import { existsSync } from 'node:fs';

async function once(snapshot: string): Promise<{ start: number; firstQuery: number }> {
  const started = performance.now();
  const sandbox = await startSandbox({ snapshot, logRequests: false });
  const listening = performance.now();
  const answer = await fetch(`${sandbox.url}/odataservice/odata/table/customer?$top=10`, {
    headers: { Authorization: 'Bearer test-token', Accept: 'application/json' },
  });
  await answer.text();
  const queried = performance.now();
  await sandbox.close();
  return { start: listening - started, firstQuery: queried - listening };
}

export async function sandboxBench(work: string, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  const stock = join(work, 'stock');
  if (!existsSync(stock)) await writeSampleSnapshot(stock, { services: 'none' });
  for (const [name, snapshot] of [
    ['sample', SAMPLE_SNAPSHOT],
    ['stock tenant', stock],
  ] as const) {
    const first = await once(snapshot);
    const later: Array<{ start: number; firstQuery: number }> = [];
    for (let i = 0; i < Math.max(runs, 5); i++) later.push(await once(snapshot));
    const start = median(later.map((l) => l.start));
    rows.push(
      { name: `${name}: first sandbox of a process, start`, value: `${first.start.toFixed(0)} ms` },
      {
        name: `${name}: a later sandbox, start`,
        value: `${start.toFixed(0)} ms`,
        ...(name === 'sample' ? { target: '< 300 ms', ok: start < 300 } : {}),
      },
      { name: `${name}: first query of customer, first sandbox`, value: `${first.firstQuery.toFixed(0)} ms` },
      {
        name: `${name}: first query of customer, a later sandbox`,
        value: `${median(later.map((l) => l.firstQuery)).toFixed(0)} ms`,
      },
    );
  }
  return rows;
}
