// npm run bench [-- --runs N] [--only startup|generation|typecheck|consumer|editor|fetch|sandbox|diff|prices|validate|bundle]: the performance figures
// the issues set targets for. Benchmarks measure and report; they do not fail the build (timing belongs here,
// not in tests).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleBench } from './bundle.js';
import { consumerBench } from './consumer.js';
import { diffBench } from './diff.js';
import { endlessFetchBench, fetchBench } from './fetch.js';
import { generationBench, type Row } from './generation.js';
import { editorBench } from './editor.js';
import { pricesBench } from './prices.js';
import { sandboxBench } from './sandbox.js';
import { startupBench } from './startup.js';
import { typecheckBench } from './typecheck.js';
import { validateBench } from './validate.js';
import { writeSampleSnapshot } from '../tenant/snapshot.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } } });
const only = values.only;
const runs = Number(values.runs);
const work = mkdtempSync(join(tmpdir(), 'erpgen-bench-'));

function print(title: string, rows: readonly Row[]): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) {
    const verdict = r.target === undefined ? '' : `  target ${r.target}: ${r.ok ? 'met' : 'MISSED'}`;
    console.log(`  ${r.name.padEnd(width)}  ${r.value}${verdict}`);
  }
}

try {
  if (!only || only === 'startup')
    print(`Start-up (median of ${Math.max(runs, 15)} runs each)`, startupBench(Math.max(runs, 15)));
  if (!only || only === 'generation')
    print(`Generation (median of ${runs} runs; 10x: ${Math.min(runs, 2)} runs)`, await generationBench(work, runs));
  if (!only || only === 'typecheck') {
    const stock = join(work, 'stock');
    if (!existsSync(stock)) await writeSampleSnapshot(stock, { services: 'none' });
    // tsc runs are short and noisy: more of them for a stable median
    const tscRuns = Math.max(runs, 7);
    print(
      `Queries in the editor and compiler (median of ${tscRuns} tsc runs)`,
      await typecheckBench(work, stock, tscRuns),
    );
  }
  if (!only || only === 'consumer') {
    const stock = join(work, 'stock');
    if (!existsSync(stock)) await writeSampleSnapshot(stock, { services: 'none' });
    const consumerRuns = Math.max(runs, 5);
    print(
      `The stock package in a consumer's node_modules (median of ${consumerRuns} runs)`,
      await consumerBench(work, stock, consumerRuns),
    );
  }
  if (!only || only === 'editor')
    print(
      'Completion in the editor: after an edit and cold (Order: 102 elements, 1,266 fields; customer: 302 columns)',
      await editorBench(work, runs),
    );
  if (!only || only === 'fetch') {
    print('erpgen fetch from erpgen sandbox (one run each)', await fetchBench(work));
    print(
      'erpgen fetch against answers that never end (one run each)',
      await endlessFetchBench(work, join(work, 'fetch-stock')),
    );
  }
  if (!only || only === 'sandbox')
    print(`Sandbox start-up (a later sandbox: median of ${Math.max(runs, 5)})`, await sandboxBench(work, runs));
  if (!only || only === 'diff')
    print(
      `erpgen diff: a tenant against an upgraded copy (median of ${runs} runs; the 10x ones: one run)`,
      await diffBench(work, runs),
    );
  if (!only || only === 'prices')
    print(`Bulk pricing against the sandbox (median of ${runs} runs)`, await pricesBench(runs));
  if (!only || only === 'validate')
    print(
      `Row validation: a paged read against erpgen sandbox in its own process (median of ${Math.max(runs, 5)} runs)`,
      await validateBench(Math.max(runs, 5)),
    );
  if (!only || only === 'bundle')
    print(
      "The sample package in a consumer's bundle (esbuild, minified, code splitting; one build each)",
      await bundleBench(work),
    );
} finally {
  rmSync(work, { recursive: true, force: true });
}
