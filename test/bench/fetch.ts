// `erpgen fetch` of the stock-size tenant and of a ten times bigger one from `erpgen sandbox` on 127.0.0.1: wall time
// and peak RSS of the fetch process. Targets: under 10 s and under 150 MB for the stock tenant, memory flat in
// document size (the documents are streamed to disk). Then `erpgen fetch` against a server whose answers never end
// (an error body, the service list, a schema document, a definition): peak RSS under 200 MB each.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { cliSandbox } from '../support/cli-sandbox.js';
import { CLI } from '../support/paths.js';
import { writeSampleSnapshot } from '../tenant/snapshot.js';
import { measureNode, measureNodeAsync, median, rssOf, wallOf, type Measurement, type Row } from './measure.js';
import { endless, json, startServer } from '../support/fault-server.js';
import type { ServerResponse } from 'node:http';

export const PASSWORD = 'bench-password';

/** `erpgen sandbox` of `snapshot` in its own process, `rows` rows per object, the user `bench` with PASSWORD. */
export async function sandbox(snapshot: string, rows = 1): Promise<{ url: string; stop: () => Promise<unknown> }> {
  return cliSandbox(['--snapshot', snapshot, '--user', 'bench', '--rows', `${rows}`], { ERP_PASSWORD: PASSWORD });
}

export async function fetchBench(work: string, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, scale] of [
    ['stock', 1],
    ['10x', 10],
  ] as const) {
    const tenant = join(work, `fetch-${name}`);
    if (!existsSync(tenant)) await writeSampleSnapshot(tenant, scale === 1 ? {} : { scale });
    const server = await sandbox(tenant);
    const measured: Measurement[] = [];
    try {
      process.env['ERP_PASSWORD'] = PASSWORD;
      for (let i = 0; i < (scale === 1 ? runs : 1); i++) {
        const out = mkdtempSync(join(tmpdir(), 'erpgen-fetch-bench-'));
        try {
          measured.push(
            measureNode(CLI, ['fetch', '--base-url', server.url, '--out', 'snap', '--user', 'bench', '--quiet'], out),
          );
        } finally {
          rmSync(out, { recursive: true, force: true });
        }
      }
    } finally {
      delete process.env['ERP_PASSWORD'];
      await server.stop();
    }
    const seconds = measured.map((m) => m.seconds);
    const rss = measured.map((m) => m.peakRssMb);
    rows.push({
      name: `fetch ${name} tenant: wall time`,
      value: wallOf(measured),
      ...(scale === 1 ? { target: '< 10 s', ok: median(seconds) < 10 } : {}),
    });
    rows.push({
      name: `fetch ${name} tenant: peak RSS`,
      value: rssOf(measured),
      ...(scale === 1 ? { target: '< 150 MB', ok: median(rss) < 150 } : {}),
    });
  }
  return rows;
}

/** The peak memory of `erpgen fetch` when one answer never ends: each run stops in one line, near its cap. */
export async function endlessFetchBench(work: string, snapshot: string): Promise<Row[]> {
  const rows: Row[] = [];
  const cases: ReadonlyArray<readonly [string, string, number, (res: ServerResponse) => void]> = [
    ['an endless 500 to $metadata', '/odataservice/odata/table/$metadata', 1, (res) => endless(res, 500, '{"x": "')],
    ['an endless service list', '/ui/api/v2/services', 1, (res) => endless(res, 200, '["')],
    ['an endless $metadata (512 MiB cap)', '/odataservice/odata/view/$metadata', 1, (res) => endless(res, 200, '{"')],
    ['an endless definition', '/ui/api/v2/definition/Order', 0, (res) => endless(res, 200, '{"Name": "')],
  ];
  for (const [what, path, exitCode, answer] of cases) {
    let url = '';
    const server = await startServer((req, res) => {
      if (req.path === path) return answer(res);
      switch (req.path) {
        case '/api/security/token/v2':
          return json(res, 200, { AccessToken: 'bench-token', ExpiresInSeconds: 86400 });
        case '/odataservice/odata/table/$metadata':
          return res.writeHead(200).end(readFileSync(join(snapshot, 'tables.metadata.json')));
        case '/odataservice/odata/view/$metadata':
          return res.writeHead(200).end(readFileSync(join(snapshot, 'views.metadata.json')));
        case '/api/ui/router/v1/':
          return json(res, 200, { Url: `${url}/ui` });
        case '/ui/api/v2/services':
          return json(res, 200, [{ Name: 'Order' }]);
        default:
          return res.writeHead(404).end();
      }
    });
    url = server.url;
    const out = mkdtempSync(join(tmpdir(), 'erpgen-fetch-bench-'));
    try {
      process.env['ERP_PASSWORD'] = PASSWORD;
      const m = await measureNodeAsync(
        CLI,
        ['fetch', '--base-url', server.url, '--out', 'snap', '--user', 'bench', '--quiet'],
        out,
        exitCode,
      );
      rows.push({
        name: `fetch against ${what}: peak RSS`,
        value: `${m.peakRssMb.toFixed(0)} MB (${m.seconds.toFixed(1)} s)`,
        target: '< 200 MB',
        ok: m.peakRssMb < 200,
      });
    } finally {
      delete process.env['ERP_PASSWORD'];
      rmSync(out, { recursive: true, force: true });
      await server.close();
    }
  }
  return rows;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const work = mkdtempSync(join(tmpdir(), 'erpgen-bench-'));
  try {
    for (const r of [...(await fetchBench(work, 1)), ...(await endlessFetchBench(work, join(work, 'fetch-stock')))])
      console.log(
        `  ${r.name.padEnd(32)} ${r.value}${r.target ? `  target ${r.target}: ${r.ok ? 'met' : 'MISSED'}` : ''}`,
      );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
