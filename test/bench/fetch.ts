// `erpgen fetch` of the stock-size tenant and of a ten times bigger one from `erpgen sandbox` on 127.0.0.1: wall time
// and peak RSS of the fetch process. Targets: under 10 s and under 150 MB for the stock tenant, memory flat in
// document size (the documents are streamed to disk).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { CLI } from '../support/paths.js';
import { writeSampleSnapshot } from '../tenant/snapshot.js';
import type { Row } from './generation.js';
import { measureNode } from './measure.js';

const PASSWORD = 'bench-password';

async function sandbox(snapshot: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [CLI, 'sandbox', '--snapshot', snapshot, '--user', 'bench', '--rows', '1'], {
    env: { ...process.env, ERP_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = /^(.*)\n/.exec(out);
      if (line) resolve(line[1]!);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function fetchBench(work: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, scale] of [
    ['stock', 1],
    ['10x', 10],
  ] as const) {
    const tenant = join(work, `fetch-${name}`);
    if (!existsSync(tenant)) await writeSampleSnapshot(tenant, scale === 1 ? {} : { scale });
    const server = await sandbox(tenant);
    const out = mkdtempSync(join(tmpdir(), 'erpgen-fetch-bench-'));
    try {
      process.env['ERP_PASSWORD'] = PASSWORD;
      const m = measureNode(
        CLI,
        ['fetch', '--base-url', server.url, '--out', 'snap', '--user', 'bench', '--quiet'],
        out,
      );
      rows.push({
        name: `fetch ${name} tenant: wall time`,
        value: `${m.seconds.toFixed(2)} s`,
        ...(scale === 1 ? { target: '< 10 s', ok: m.seconds < 10 } : {}),
      });
      rows.push({
        name: `fetch ${name} tenant: peak RSS`,
        value: `${m.peakRssMb.toFixed(0)} MB`,
        ...(scale === 1 ? { target: '< 150 MB', ok: m.peakRssMb < 150 } : {}),
      });
    } finally {
      delete process.env['ERP_PASSWORD'];
      rmSync(out, { recursive: true, force: true });
      await server.stop();
    }
  }
  return rows;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const work = mkdtempSync(join(tmpdir(), 'erpgen-bench-'));
  try {
    for (const r of await fetchBench(work))
      console.log(
        `  ${r.name.padEnd(32)} ${r.value}${r.target ? `  target ${r.target}: ${r.ok ? 'met' : 'MISSED'}` : ''}`,
      );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
