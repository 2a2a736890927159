// `erpgen fetch` as users run it: a process against the sandbox over real HTTP on 127.0.0.1. What it writes (a
// snapshot `erpgen generate` reads as it is, and the manifest), what it leaves alone when it fails or is killed, how it
// limits itself to a consumer key's allow-list, and that no secret reaches a file or a printed line.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { runCliAsync, tempDir, type AsyncRun as Run } from '../support/cli.js';
import { CLI, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { readTree } from '../support/tree.js';

/**
 * A generated package's files with what only the time of a fetch changes made the same: the manifest's digest and
 * the fetch time (provenance.js and README.md). The build and the snapshot's digest stay as they are.
 */
function package_(dir: string): Map<string, string> {
  const tree = readTree(dir);
  for (const [path, text] of tree)
    tree.set(
      path,
      text
        .replace(/^- `manifest\.json` `[0-9a-f]{64}`$/m, '- `manifest.json` (digest)')
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '(fetch time)'),
    );
  return tree;
}

const USER = 'api_user';
const PASSWORD = 'CANARY-PW-5b9e1c';
const KEY = 'CANARY-KEY-0f8e77a2-4d1c-4c55-9a3e';
const NARROW_KEY = 'CANARY-KEY-narrow-91c3';
const UNKNOWN_KEY = 'CANARY-KEY-unregistered-77aa';
const CANARIES = [PASSWORD, KEY, NARROW_KEY, UNKNOWN_KEY];

/** A consumer key's scope that names every table and view of the sample snapshot: tables must be named. */
function everyObjectScope(): string {
  const names = ['tables.metadata.json', 'views.metadata.json'].flatMap((file) => {
    const doc = JSON.parse(readFileSync(join(SAMPLE_SNAPSHOT, file), 'utf8').replace(/^\uFEFF/, ''));
    return Object.keys(doc.ns.container).filter((k) => !k.startsWith('$'));
  });
  return `/api;/odata:${names.join(',')}`;
}

const work = tempDir('erpgen-fetch-');
let server: Sandbox;
let n = 0;
/** every line any run printed, for the canary search */
const printed: string[] = [];

beforeAll(async () => {
  server = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    rowsPerObject: 1,
    credentials: {
      users: { [USER]: PASSWORD },
      consumerKeys: { [KEY]: everyObjectScope(), [NARROW_KEY]: '/api;/odata:customer,oe_hdr,svc_view_es_customer' },
    },
  });
});
afterAll(() => server.close());

/** The CLI as a child process; async, so the in-process sandbox keeps answering. Every line printed is kept. */
const erpgen = (args: readonly string[], cwd: string, env: Record<string, string> = {}) =>
  runCliAsync(args, cwd, env, (run) => printed.push(run.stdout, run.stderr));

function folder(): string {
  const dir = join(work, `case${n++}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const asUser = { ERP_PASSWORD: PASSWORD };
const fetchArgs = (out = 'snap', ...more: string[]) => ['fetch', '--base-url', server.url, '--out', out, ...more];

/** one line, no stack trace */
function expectOneLineError(run: Run, pattern: RegExp): void {
  expect(run.code).toBe(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr.trim()).toMatch(pattern);
}

describe('erpgen fetch', () => {
  it('with user credentials: a snapshot that generates the same package as the original', async () => {
    const dir = folder();
    // report services (m_*) are hidden from the list: they are fetched when named
    const run = await erpgen(
      [...fetchArgs('snap', '--user', USER, '--services', '*', 'm_openorderreport')],
      dir,
      asUser,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^erpgen: fetched http:\/\/127\.0\.0\.1:\d+ \(build 26\.1\.5940\.0\) into snap: 61 tables, 44 views, 12 services \(/,
    );
    // the documents and definitions are the server's bytes
    const original = readTree(SAMPLE_SNAPSHOT, (p) => p === 'manifest.json');
    const fetched = readTree(join(dir, 'snap'), (p) => p === 'manifest.json');
    expect([...fetched.keys()]).toEqual([...original.keys()]);
    for (const [path, text] of original) expect(fetched.get(path), path).toBe(text);
    const manifest = JSON.parse(readFileSync(join(dir, 'snap/manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      baseUrl: server.url,
      uiServer: `${server.url}/uiserver0`,
      serverBuild: '26.1.5940.0',
      signedInWith: 'user credentials',
      services: { listed: 11, skipped: [] },
      objectsLeftOut: { table: null, view: null },
    });
    expect(manifest.services.fetched).toContain('m_openorderreport');
    expect(Date.parse(manifest.fetchedAt)).not.toBeNaN();
    // and generate reads it as it is
    const a = await erpgen(['generate', '--snapshot', 'snap', '--out', 'from-fetched', '--quiet'], dir);
    const b = await erpgen(['generate', '--snapshot', SAMPLE_SNAPSHOT, '--out', 'from-original', '--quiet'], dir);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(package_(join(dir, 'from-fetched'))).toEqual(package_(join(dir, 'from-original')));
  });

  it("a hostile server's build: its line shows it escaped and cut", async () => {
    const hostile = await startSandbox({
      snapshot: SAMPLE_SNAPSHOT,
      rowsPerObject: 1,
      credentials: { users: { [USER]: PASSWORD } },
      build: `26.9\x1b[2J\r\nerpgen: all good\u202e${'9'.repeat(100_000)}`,
    });
    try {
      const dir = folder();
      const run = await erpgen(
        ['fetch', '--base-url', hostile.url, '--out', 'snap', '--user', USER, '--services', 'none-such*'],
        dir,
        asUser,
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.trim().split('\n')).toHaveLength(1);
      expect(run.stdout).toMatch(/\(build "26\.9\\u001b\[2J\\r\\nerpgen: all good\\u202e9+…"\) into snap/);
      expect(run.stdout).not.toMatch(/[\u0000-\u001f\u202e](?!$)/);
      expect(run.stdout.length).toBeLessThan(400);
    } finally {
      await hostile.close();
    }
  });

  it('with a consumer key: one token call, the router asked with its trailing slash, every request authorised', async () => {
    const dir = folder();
    const before = server.requests.length;
    const issued = server.tokensIssued();
    const run = await erpgen(fetchArgs('snap', '--services', '*', 'm_openorderreport'), dir, { ERP_CONSUMER_KEY: KEY });
    expect(run.code, run.stderr).toBe(0);
    expect(server.tokensIssued() - issued).toBe(1);
    const requests = server.requests.slice(before);
    const router = requests.filter((r) => r.path.startsWith('/api/ui/router/'));
    expect(router.map((r) => `${r.path}?${r.query}`)).toEqual(['/api/ui/router/v1/?urlType=external']);
    for (const r of requests.filter((r) => !r.path.startsWith('/api/security/'))) {
      expect(r.headers['authorization'], r.path).toMatch(/^Bearer /);
      expect(r.headers['accept'], r.path).toBe('application/json');
    }
    expect(JSON.parse(readFileSync(join(dir, 'snap/manifest.json'), 'utf8')).signedInWith).toBe('consumer key');
    const a = await erpgen(['generate', '--snapshot', 'snap', '--out', 'from-fetched', '--quiet'], dir);
    const b = await erpgen(['generate', '--snapshot', SAMPLE_SNAPSHOT, '--out', 'from-original', '--quiet'], dir);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(package_(join(dir, 'from-fetched'))).toEqual(package_(join(dir, 'from-original')));
  });

  it("limits the documents to a consumer key's OData allow-list, says so, and generate follows", async () => {
    const dir = folder();
    const run = await erpgen(fetchArgs(), dir, { ERP_CONSUMER_KEY: NARROW_KEY });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/the consumer key's OData allow-list names 3 object\(s\): fetching only those/);
    const tables = JSON.parse(readFileSync(join(dir, 'snap/tables.metadata.json'), 'utf8'));
    expect(Object.keys(tables.ns.container).filter((k) => !k.startsWith('$'))).toEqual(['customer', 'oe_hdr']);
    expect(Object.keys(tables.dbo).sort()).toEqual(['customer', 'oe_hdr']);
    const manifest = JSON.parse(readFileSync(join(dir, 'snap/manifest.json'), 'utf8'));
    expect(manifest.selection.odataAllowList).toEqual(['customer', 'oe_hdr', 'svc_view_es_customer']);
    expect(manifest.objectsLeftOut.table).toEqual({ count: 59, reason: "not on the consumer key's OData allow-list" });
    expect(manifest.documents.view).toMatchObject({ objects: 44, kept: 1, filtered: true });
    const gen = await erpgen(['generate', '--snapshot', 'snap', '--out', 'gen', '--quiet'], dir);
    expect(gen.code, gen.stderr).toBe(0);
    expect(readdirSync(join(dir, 'gen/tables')).sort()).toEqual([
      'customer.d.ts',
      'customer.js',
      'oe_hdr.d.ts',
      'oe_hdr.js',
    ]);
    expect(readdirSync(join(dir, 'gen/views')).sort()).toEqual([
      'svc_view_es_customer.d.ts',
      'svc_view_es_customer.js',
    ]);
  });

  it('--tables / --views and the config narrow the documents the same way', async () => {
    const dir = folder();
    writeFileSync(
      join(dir, 'erpgen.config.json'),
      JSON.stringify({ snapshot: 'snap', fetch: { baseUrl: server.url, tables: ['cust*'], services: ['Order'] } }),
    );
    const run = await erpgen(['fetch', '--user', USER, '--views', 'svc_view_es_*'], dir, asUser);
    expect(run.code, run.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'snap/manifest.json'), 'utf8'));
    expect(manifest.selection).toMatchObject({ tables: ['cust*'], views: ['svc_view_es_*'], services: ['Order'] });
    expect(manifest.services.fetched).toEqual(['Order']);
    expect(readdirSync(join(dir, 'snap/definitions'))).toEqual(['Order.json']);
    const tables = JSON.parse(readFileSync(join(dir, 'snap/tables.metadata.json'), 'utf8'));
    for (const name of Object.keys(tables.ns.container).filter((k) => !k.startsWith('$')))
      expect(name).toMatch(/^cust/);
    const gen = await erpgen(['generate', '--quiet', '--out', 'gen'], dir);
    expect(gen.code, gen.stderr).toBe(0);
  });

  it("T19: keeps the report services the team's snapshot holds (hidden from the list); diff against the sample sees no change", async () => {
    const dir = folder();
    // a team that started from the sample: its snapshot holds the report service m_openorderreport
    cpSync(SAMPLE_SNAPSHOT, join(dir, 'schema'), { recursive: true });
    writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify({ snapshot: 'schema' }));
    const before = server.requests.length;
    // into another folder (the config's snapshot names the team's) and into the team's snapshot itself
    for (const args of [['--out', 'fetched'], []]) {
      const run = await erpgen(['fetch', '--base-url', server.url, '--user', USER, ...args], dir, asUser);
      expect(run.code, run.stderr).toBe(0);
    }
    // the list for reports was asked for, as the documents say it is asked for (it answers none)
    const asked = server.requests.slice(before).filter((r) => r.path.endsWith('/api/v2/services'));
    expect(asked.map((r) => r.query)).toEqual(['', 'type=report', '', 'type=report']);
    for (const folder_ of ['fetched', 'schema']) {
      const manifest = JSON.parse(readFileSync(join(dir, folder_, 'manifest.json'), 'utf8'));
      expect(manifest.services.fetched).toContain('m_openorderreport');
      expect(manifest.services.reports).toEqual({ listed: [], kept: ['m_openorderreport'] });
      // services.json stays the server's list, which hides report services
      expect(readFileSync(join(dir, folder_, 'services.json'), 'utf8')).not.toContain('m_openorderreport');
    }
    const diff = await erpgen(['diff', SAMPLE_SNAPSHOT, 'fetched', '--format', 'json'], dir);
    expect(diff.code, diff.stderr).toBe(0);
    expect(JSON.parse(diff.stdout).changes).toEqual([]);

    // a fetch into a folder of its own, with no snapshot of the team's beside it: the report service is not known,
    // and diff says it was not fetched, not that it was removed
    const alone = folder();
    const run = await erpgen(['fetch', '--base-url', server.url, '--user', USER, '--out', 'fresh'], alone, asUser);
    expect(run.code, run.stderr).toBe(0);
    const text = await erpgen(['diff', SAMPLE_SNAPSHOT, 'fresh'], alone);
    expect(text.stdout).toContain(
      "  breaking      not fetched (a report service: the server's list hides them, so erpgen fetch fetches one when --services names it or the snapshot it replaces holds it: erpgen fetch --services m_openorderreport)  [service-not-fetched]",
    );
    expect(text.stdout).not.toContain('[service-removed]');
  });

  it('skips a definition that answers 500, warns, lists it in the manifest and goes on', async () => {
    const dir = folder();
    const snapshot = join(dir, 'served');
    cpSync(SAMPLE_SNAPSHOT, snapshot, { recursive: true });
    const list = JSON.parse(readFileSync(join(snapshot, 'services.json'), 'utf8')) as Array<{ Name: string }>;
    writeFileSync(join(snapshot, 'services.json'), JSON.stringify([...list, { Name: 'Unlicensed' }]));
    const other = await startSandbox({ snapshot, rowsPerObject: 1, credentials: { users: { [USER]: PASSWORD } } });
    try {
      const run = await erpgen(['fetch', '--base-url', other.url, '--out', 'snap', '--user', USER], dir, asUser);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^erpgen: skipped service Unlicensed: HTTP 500/m);
      const manifest = JSON.parse(readFileSync(join(dir, 'snap/manifest.json'), 'utf8'));
      expect(manifest.services.skipped).toEqual([
        { name: 'Unlicensed', reason: expect.stringMatching(/^HTTP 500/) as unknown as string },
      ]);
      expect(manifest.services.fetched).toHaveLength(11);
      expect(existsSync(join(dir, 'snap/definitions/Unlicensed.json'))).toBe(false);
      // the list written holds what was fetched, so generate has nothing to complain about
      const gen = await erpgen(['generate', '--snapshot', 'snap', '--out', 'gen'], dir);
      expect(gen.code).toBe(0);
      expect(gen.stderr).not.toMatch(/Unlicensed/);
    } finally {
      await other.close();
    }
  });

  it('rides out 500 bursts and dropped connections, and reads an XML token answer', async () => {
    const dir = folder();
    // the first request (tables $metadata) is dropped and the third (views $metadata) answers 500: both are reads,
    // so both are retried
    server.setFaults({ drop: { count: 1 }, burst500: { count: 1, after: 2 }, xmlTokens: true });
    const before = server.requests.length;
    try {
      const run = await erpgen(fetchArgs('snap', '--user', USER), dir, asUser);
      expect(run.code, run.stderr).toBe(0);
      const asked = server.requests.slice(before).map((r) => r.path);
      expect(asked.filter((p) => p === '/odataservice/odata/table/$metadata')).toHaveLength(2);
      expect(asked.filter((p) => p === '/odataservice/odata/view/$metadata')).toHaveLength(2);
      expect(JSON.parse(readFileSync(join(dir, 'snap/manifest.json'), 'utf8')).services.fetched).toHaveLength(11);
    } finally {
      server.setFaults({});
    }
  });

  it('renews a token the server stops accepting, once, and goes on', async () => {
    const dir = folder();
    // slow answers keep the fetch running while another client signs in as the same user, which ends its session
    server.setFaults({ oneSession: true, slowMs: 100 });
    const issued = server.tokensIssued();
    try {
      const run = erpgen(fetchArgs('snap', '--user', USER), dir, { ...asUser });
      while (server.tokensIssued() === issued) await new Promise((r) => setTimeout(r, 5));
      await fetch(`${server.url}/api/security/token/v2`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: USER, password: PASSWORD }),
      });
      const result = await run;
      expect(result.code, result.stderr).toBe(0);
      // the fetch's own token, the other client's, and the fetch's one renewal
      expect(server.tokensIssued() - issued).toBe(3);
    } finally {
      server.setFaults({});
    }
  });
});

describe('erpgen sandbox -> erpgen fetch -> erpgen generate, all as commands', () => {
  it('gives the same package as the sample snapshot, with user credentials and with a consumer key', async () => {
    const dir = folder();
    const args = ['sandbox', '--snapshot', SAMPLE_SNAPSHOT, '--user', USER, '--scope', everyObjectScope()];
    const sandbox = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, ERP_PASSWORD: PASSWORD, ERP_CONSUMER_KEY: KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    sandbox.stderr.on('data', (d: Buffer) => (err += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        sandbox.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const line = /^(.*)\n/.exec(out);
          if (line) resolve(line[1]!);
        });
        sandbox.once('exit', () => reject(new Error(`sandbox exited: ${err}`)));
      });
      const original = await erpgen(['generate', '--snapshot', SAMPLE_SNAPSHOT, '--out', 'original', '--quiet'], dir);
      expect(original.code).toBe(0);
      for (const [name, env, user] of [
        ['by-user', { ERP_PASSWORD: PASSWORD }, ['--user', USER]],
        ['by-key', { ERP_CONSUMER_KEY: KEY }, []],
      ] as const) {
        const args = [
          'fetch',
          '--base-url',
          url,
          '--out',
          `${name}-snap`,
          ...user,
          '--services',
          '*',
          'm_openorderreport',
        ];
        const fetched = await erpgen(args, dir, env);
        expect(fetched.code, fetched.stderr).toBe(0);
        const generated = await erpgen(['generate', '--snapshot', `${name}-snap`, '--out', name, '--quiet'], dir);
        expect(generated.code, generated.stderr).toBe(0);
        expect(package_(join(dir, name)), name).toEqual(package_(join(dir, 'original')));
      }
    } finally {
      const exited = new Promise((resolve) => sandbox.once('exit', resolve));
      sandbox.kill('SIGTERM');
      await exited;
      printed.push(out, err);
    }
  });
});

describe('Q27: the schema documents are slow: a long timeout', () => {
  it('Q27: 300 s per document by default; --timeout limits it, and a document over it ends the run in one line', async () => {
    const help = await erpgen(['fetch', '--help'], work);
    expect(help.stdout).toMatch(/--timeout +seconds allowed per schema document +\[number\] \[default: 300\]/);
    server.setFaults({ slowMs: 1_100 });
    try {
      // no service: fewer slow requests
      const slow = await erpgen(fetchArgs('snap', '--user', USER, '--services', 'none-such*'), folder(), asUser);
      expect(slow.code, slow.stderr).toBe(0);
      const short = await erpgen(fetchArgs('snap', '--user', USER, '--timeout', '1'), folder(), asUser);
      expectOneLineError(
        short,
        /no answer from http:\/\/127\.0\.0\.1:\d+ within 1000 ms .*GET \/odataservice\/odata\/table\/\$metadata/,
      );
    } finally {
      server.setFaults({});
    }
  });
});

describe('failures leave the previous snapshot as it was', () => {
  async function withPrevious(): Promise<{ dir: string; before: Map<string, string> }> {
    const dir = folder();
    cpSync(SAMPLE_SNAPSHOT, join(dir, 'snap'), { recursive: true });
    writeFileSync(join(dir, 'snap/manifest.json'), '{"previous": true}\n');
    return { dir, before: readTree(join(dir, 'snap')) };
  }
  const leftovers = (dir: string) => readdirSync(dir).filter((e) => e.includes('erpgen-fetch'));

  it('a wrong password: one line, exit 1, nothing touched', async () => {
    const { dir, before } = await withPrevious();
    const run = await erpgen(fetchArgs('snap', '--user', USER), dir, { ERP_PASSWORD: `${PASSWORD}-wrong` });
    expectOneLineError(
      run,
      /^erpgen: sign-in refused at http:\/\/127\.0\.0\.1:\d+: wrong user name or password \(invalid_grant\)/,
    );
    expect(readTree(join(dir, 'snap'))).toEqual(before);
    expect(leftovers(dir)).toEqual([]);
  });

  it('an unknown consumer key: says it is not registered on this tenant', async () => {
    const { dir, before } = await withPrevious();
    const run = await erpgen(fetchArgs(), dir, { ERP_CONSUMER_KEY: UNKNOWN_KEY });
    expectOneLineError(
      run,
      /not registered on this tenant, so no token can be generated for it \(TokenException\); a tenant restored from another environment carries that environment's keys/,
    );
    expect(readTree(join(dir, 'snap'))).toEqual(before);
  });

  it('a server that keeps answering 500: the error says how many attempts were made', async () => {
    const { dir, before } = await withPrevious();
    server.setFaults({ burst500: { count: 1_000_000 } });
    try {
      const run = await erpgen(fetchArgs('snap', '--user', USER), dir, asUser);
      expectOneLineError(run, /\(HTTP 500; GET \/odataservice\/odata\/table\/\$metadata\) \[2 attempts\]$/);
    } finally {
      server.setFaults({});
    }
    expect(readTree(join(dir, 'snap'))).toEqual(before);
    expect(leftovers(dir)).toEqual([]);
  });

  it('a fetch killed half way leaves the previous snapshot byte-identical', async () => {
    const { dir, before } = await withPrevious();
    server.setFaults({ slowMs: 150 });
    try {
      const run = erpgen(fetchArgs('snap', '--user', USER), dir, asUser);
      // wait until the run has begun writing its temporary folder, then kill it without warning
      while (leftovers(dir).length === 0 || readdirSync(join(dir, leftovers(dir)[0]!)).length === 0)
        await new Promise((r) => setTimeout(r, 10));
      run.kill('SIGKILL');
      expect((await run).signal).toBe('SIGKILL');
    } finally {
      server.setFaults({});
    }
    expect(readTree(join(dir, 'snap'))).toEqual(before);
    // the next run removes what the killed one left and succeeds
    const next = await erpgen(fetchArgs('snap', '--user', USER), dir, asUser);
    expect(next.code, next.stderr).toBe(0);
    expect(leftovers(dir)).toEqual([]);
    expect(readFileSync(join(dir, 'snap/manifest.json'), 'utf8')).not.toContain('previous');
  });

  it('an interrupted fetch (SIGINT) removes its temporary folder and says so in one line', async () => {
    const { dir, before } = await withPrevious();
    server.setFaults({ slowMs: 150 });
    try {
      const run = erpgen(fetchArgs('snap', '--user', USER), dir, asUser);
      while (leftovers(dir).length === 0) await new Promise((r) => setTimeout(r, 10));
      run.kill('SIGINT');
      const result = await run;
      expect(result.code ?? result.signal).not.toBe(0);
      expect(result.stderr).toBe('erpgen: stopped: snap is as it was, nothing was written\n');
    } finally {
      server.setFaults({});
    }
    expect(readTree(join(dir, 'snap'))).toEqual(before);
    expect(leftovers(dir)).toEqual([]);
  });

  it('a server that answers $metadata in XML: one line naming the document, nothing touched', async () => {
    const { dir, before } = await withPrevious();
    // a middleware that ignores Accept: application/json (not something the sandbox plays)
    const xml = createServer((req, res) => {
      if (req.url === '/api/security/token/v2') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ AccessToken: 'CANARY-TOKEN-xml-1', ExpiresInSeconds: 86400 }));
      } else {
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="utf-8"?><edmx:Edmx Version="4.0"/>');
      }
    });
    await new Promise<void>((resolve) => xml.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(xml.address() as AddressInfo).port}`;
      const run = await erpgen(['fetch', '--base-url', url, '--out', 'snap', '--user', USER], dir, asUser);
      expectOneLineError(
        run,
        /^erpgen: table\/\$metadata: is XML, not JSON CSDL .*Accept: application\/json.*\(at byte 0\)$/,
      );
      expect(run.stderr).not.toContain('CANARY-TOKEN-xml-1');
    } finally {
      xml.closeAllConnections();
      await new Promise((resolve) => xml.close(resolve));
    }
    expect(readTree(join(dir, 'snap'))).toEqual(before);
    expect(leftovers(dir)).toEqual([]);
  });

  it('refuses to replace a folder that is not a snapshot', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/index.ts'), 'export {};\n');
    const run = await erpgen(fetchArgs('src', '--user', USER), dir, asUser);
    expectOneLineError(run, /not empty and not a snapshot folder; refusing to replace it$/);
    expect(readFileSync(join(dir, 'src/index.ts'), 'utf8')).toBe('export {};\n');
  });
});

describe('credentials', () => {
  it('never takes a secret as a flag', async () => {
    const dir = folder();
    for (const flag of ['--password', '--consumer-key']) {
      const run = await erpgen([...fetchArgs('snap', '--user', USER), flag, 'CANARY-FLAG-VALUE-1'], dir);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^erpgen: ${flag}: secrets are not taken as flags`));
      expect(run.stderr).not.toContain('CANARY-FLAG-VALUE-1');
    }
  });

  it('never reads a secret from the config file', async () => {
    const dir = folder();
    writeFileSync(
      join(dir, 'erpgen.config.json'),
      JSON.stringify({ fetch: { baseUrl: server.url, password: 'CANARY-CONFIG-PW' } }),
    );
    const run = await erpgen(['fetch', '--user', USER], dir, asUser);
    expectOneLineError(run, /^erpgen: erpgen\.config\.json: fetch: unknown key/);
    expect(run.stderr).not.toContain('CANARY-CONFIG-PW');
  });

  it('without credentials and without a terminal: says what to set', async () => {
    const run = await erpgen(fetchArgs(), folder());
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('erpgen: no credentials: give --user and set ERP_PASSWORD, or set ERP_CONSUMER_KEY');
  });

  it('refuses credentials in the base URL without showing them', async () => {
    const url = server.url.replace('http://', `http://${USER}:CANARY-URL-PW@`);
    const run = await erpgen(['fetch', '--base-url', url, '--out', 'snap', '--user', USER], folder(), asUser);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/put no credentials in the URL/);
    expect(run.stderr).not.toContain('CANARY-URL-PW');
  });
});

describe('secrets canary', () => {
  it('no password, key or token in any file written or any line printed, on success and on failure', () => {
    const tokens = new Set<string>();
    for (const r of server.requests) {
      const m = /^Bearer (.+)$/.exec(r.headers['authorization'] ?? '');
      if (m) tokens.add(m[1]!);
    }
    expect(tokens.size).toBeGreaterThan(0);
    const secrets = [...CANARIES, ...tokens];
    const written = readTree(work);
    expect(written.size).toBeGreaterThan(100);
    for (const [path, text] of written)
      for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 12)}... in ${path}`).toBe(false);
    expect(printed.length).toBeGreaterThan(20);
    for (const text of printed) for (const secret of secrets) expect(text.includes(secret)).toBe(false);
  });
});
