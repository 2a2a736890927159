// `erpgen fetch` (a process) against a hostile or broken server on 127.0.0.1: a token endpoint that redirects to
// another origin, answers that never end (an error body, the service list, a schema document, a definition), a schema
// document that is one endless string, and service names that cannot be file names. Each ends in one line (or a
// warning, for one service) with the previous snapshot untouched, no temporary path named, and no canary secret in any
// printed line, file written or byte sent to the second origin. And `erpgen generate` on snapshots too big to be
// real: a 600 MB string (longer than V8 allows a string to be) and a 600 MB definition.
import type { ServerResponse } from 'node:http';
import { closeSync, cpSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endless, json, serverPool, type Logged, type TestServer } from '../support/fault-server.js';
import { runCliAsync, tempDir, type AsyncRun } from '../support/cli.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';
import { readTree } from '../support/tree.js';

const PASSWORD = 'PWMARK33-"q\\b\tt-é漢字-password-0123456789';
const KEY = 'KEYMARK44-"q\\b\tt-ключ-0123456789';
const TOKEN = 'TOKMARK55-token-0123456789abcdef';
const MARKERS = ['PWMARK33', 'KEYMARK44', 'TOKMARK55'];

const work = tempDir('erpgen-fetch-hostile-');
const printed: string[] = [];
const erpgen = (args: readonly string[], cwd: string, env: Record<string, string>) =>
  runCliAsync(args, cwd, env, (run) => printed.push(run.stdout, run.stderr));
const asUser = { ERP_PASSWORD: PASSWORD };
const asKey = { ERP_CONSUMER_KEY: KEY };

const serve = serverPool();
afterAll(serve.closeAll);

let elsewhere: TestServer;
beforeAll(async () => {
  elsewhere = await serve((_req, res) => json(res, 200, { AccessToken: 'stolen', ExpiresInSeconds: 86400 }));
});

/** A definition `erpgen generate` accepts, of a service of that name. */
const definition = (Name: string) => ({
  Name,
  TransactionDefinition: {
    DataElementDefinitions: [
      {
        Name: 'TABPAGE_1.main',
        Type: 'Form',
        KeyFields: [],
        FieldDefinitions: [{ Name: 'note', DataType: 'Char', DbColumnName: null, Required: false, ValidValues: null }],
      },
    ],
  },
});
const sample = (file: string) => readFileSync(join(SAMPLE_SNAPSHOT, file));

/**
 * The server's answers, each of which a test may replace: the token, the schema documents (the sample's), the
 * router, serverinfo, the service list and a definition per name.
 */
type Answer = (req: Logged, res: ServerResponse) => unknown;
async function server(replace: Record<string, Answer> = {}, services: readonly string[] = ['Plain']) {
  let url = '';
  const answers: Record<string, Answer> = {
    '/api/security/token/v2': (_req, res) => json(res, 200, { AccessToken: TOKEN, ExpiresInSeconds: 86400 }),
    '/odataservice/odata/table/$metadata': (_req, res) => res.writeHead(200).end(sample('tables.metadata.json')),
    '/odataservice/odata/view/$metadata': (_req, res) => res.writeHead(200).end(sample('views.metadata.json')),
    '/api/ui/router/v1/': (_req, res) => json(res, 200, { Url: `${url}/ui` }),
    '/ui/ui/common/v1/serverinfo': (_req, res) => json(res, 200, { Version: '26.1.5940.0' }),
    '/ui/api/v2/services': (_req, res) =>
      json(
        res,
        200,
        services.map((Name) => ({ Name })),
      ),
    ...replace,
  };
  const s = await serve((req, res) => {
    const answer = answers[req.path];
    if (answer) return answer(req, res);
    const m = /^\/ui\/api\/v2\/definition\/(.+)$/.exec(req.path);
    if (m) return json(res, 200, definition(decodeURIComponent(m[1]!)));
    return res.writeHead(404).end();
  });
  url = s.url;
  return s;
}

let n = 0;
/** a folder holding a previous snapshot, and its bytes */
function withPrevious(): { dir: string; before: Map<string, string> } {
  const dir = join(work, `run-${++n}`);
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'snap'), { recursive: true });
  return { dir, before: readTree(join(dir, 'snap')) };
}

function expectOneLine(run: AsyncRun, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr.trim()).toMatch(pattern);
  expect(run.stderr).not.toContain('.erpgen-fetch-');
}

const fetchArgs = (url: string, ...more: string[]) => ['fetch', '--base-url', url, '--out', 'snap', ...more];

describe('erpgen fetch against a hostile server', () => {
  it('a token endpoint that redirects elsewhere: one line naming both origins, nothing sent there', async () => {
    for (const env of [asUser, asKey]) {
      const s = await server({
        '/api/security/token/v2': (_req, res) => res.writeHead(307, { Location: `${elsewhere.url}/token` }).end(),
      });
      const { dir, before } = withPrevious();
      const run = await erpgen([...fetchArgs(s.url), '--user', 'api_user'], dir, env);
      expectOneLine(
        run,
        new RegExp(`307 redirect from ${s.url} to another origin, ${elsewhere.url}; .*nothing was sent there`),
      );
      expect(readTree(join(dir, 'snap'))).toEqual(before);
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it('an endless 500 to $metadata: the error body is read up to its cap, and the run ends in one line', async () => {
    const s = await server({
      '/odataservice/odata/table/$metadata': (_req, res) => endless(res, 500, '{"ErrorMessage": "'),
    });
    const { dir, before } = withPrevious();
    const run = await erpgen([...fetchArgs(s.url), '--user', 'api_user', '--timeout', '120'], dir, asUser);
    expectOneLine(
      run,
      /server error \(a body that is not JSON: .*\(HTTP 500; GET \/odataservice\/odata\/table\/\$metadata\)/,
    );
    expect(readTree(join(dir, 'snap'))).toEqual(before);
  });

  it('an endless service list: refused past its cap', async () => {
    const s = await server({ '/ui/api/v2/services': (_req, res) => endless(res, 200, '["') });
    const { dir, before } = withPrevious();
    const run = await erpgen([...fetchArgs(s.url), '--user', 'api_user'], dir, asUser);
    expectOneLine(
      run,
      /the answer is longer than 16777216 bytes, the most this client reads .*GET \/api\/v2\/services/,
    );
    expect(readTree(join(dir, 'snap'))).toEqual(before);
  });

  it('an endless $metadata: stops at --max-metadata-mb with one line, and nothing is written', async () => {
    const s = await server({ '/odataservice/odata/view/$metadata': (_req, res) => endless(res, 200, '{"') });
    const { dir, before } = withPrevious();
    const run = await erpgen([...fetchArgs(s.url), '--user', 'api_user', '--max-metadata-mb', '8'], dir, asUser);
    expectOneLine(
      run,
      /^erpgen: GET \/odataservice\/odata\/view\/\$metadata: the answer is longer than 8 MiB, the most erpgen fetch takes of one schema document \(--max-metadata-mb/,
    );
    expect(readTree(join(dir, 'snap'))).toEqual(before);
    expect(readdirSync(dir)).toEqual(['snap']);
  });

  it('a $metadata that is one 20 MB string: one line naming the document and the byte', async () => {
    const long = `{"$Version": "${'x'.repeat(20 * 1024 * 1024)}"}`;
    const s = await server({ '/odataservice/odata/table/$metadata': (_req, res) => res.writeHead(200).end(long) });
    const { dir, before } = withPrevious();
    const run = await erpgen([...fetchArgs(s.url), '--user', 'api_user'], dir, asUser);
    expectOneLine(
      run,
      /^erpgen: table\/\$metadata: holds a single value longer than 16 MiB \(a string that does not end\?\), which no schema document has \(at byte \d+\)$/,
    );
    expect(readTree(join(dir, 'snap'))).toEqual(before);
  });

  it('an endless definition is skipped with a warning; the run goes on', async () => {
    const s = await server(
      { '/ui/api/v2/definition/Endless': (_req, res) => endless(res, 200, '{"Name": "Endless", "x": "') },
      ['Endless', 'Plain'],
    );
    const { dir } = withPrevious();
    const run = await erpgen([...fetchArgs(s.url), '--user', 'api_user'], dir, asUser);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('skipped service Endless: the answer is longer than 64 MiB');
    const manifest = JSON.parse(readFileSync(join(dir, 'snap/manifest.json'), 'utf8'));
    // the report service of the snapshot replaced is fetched by name (the list hides report services)
    expect(manifest.services.fetched).toEqual(['Plain', 'm_openorderreport']);
  });

  it('service names that cannot be file names are kept under safe ones, and generate maps them back', async () => {
    const odd = [
      'L'.repeat(300),
      `${'ü'.repeat(100)}`,
      'CON',
      'lpt1.json',
      'a/b',
      'back\\slash',
      'ends with a dot.',
      'tilde~name',
      'Order',
      'ORDER',
      '..',
      'Plain',
    ];
    const s = await server({}, odd);
    const { dir } = withPrevious();
    const run = await erpgen([...fetchArgs(s.url), '--user', 'api_user'], dir, asUser);
    expect(run.code, run.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'snap/manifest.json'), 'utf8'));
    // a URL takes `..` as a step up its path: no request can name that service
    expect(manifest.services.skipped).toEqual([{ name: '..', reason: 'the name cannot be put in a URL path' }]);
    // with the report service of the snapshot replaced, fetched by name
    expect(manifest.services.fetched).toEqual([...odd.filter((name) => name !== '..'), 'm_openorderreport'].sort());
    const kept = new Map<string, string>(
      manifest.services.safeFileNames.map((r: { name: string; file: string }) => [r.name, r.file]),
    );
    // the plain names and the first of a case clash keep their own names; the others get a safe one
    expect([...kept.keys()].sort()).toEqual(
      [
        'L'.repeat(300),
        'ü'.repeat(100),
        'CON',
        'lpt1.json',
        'a/b',
        'back\\slash',
        'ends with a dot.',
        'tilde~name',
        'Order',
      ].sort(),
    );
    for (const file of kept.values()) expect(file).toMatch(/^[A-Za-z0-9_]{0,40}~[0-9a-f]{16}\.json$/);
    const files = readdirSync(join(dir, 'snap/definitions')).sort();
    expect(files).toContain('ORDER.json');
    expect(files).toContain('Plain.json');
    // generate finds every service, under its own name
    const generated = await erpgen(['generate', '--snapshot', 'snap', '--out', 'pkg', '--quiet'], dir, {});
    expect(generated.code, generated.stderr).toBe(0);
    const catalog = (await import(pathToFileURL(join(dir, 'pkg/catalog.js')).href)) as { services: object };
    expect(Object.keys(catalog.services).sort()).toEqual(manifest.services.fetched);
    // a file whose Name does not hash to its name is refused, naming it
    const [someFile] = [...kept.values()];
    const path = join(dir, 'snap/definitions', someFile!);
    writeFileSync(path, JSON.stringify(definition('Other')));
    const refused = await erpgen(['generate', '--snapshot', 'snap', '--out', 'pkg', '--quiet'], dir, {});
    expectOneLine(
      refused,
      new RegExp(
        `^erpgen: snap/definitions/${someFile!.replace(/[.~]/g, '\\$&')}: holds the definition of a service whose safe file name is Other~[0-9a-f]{16}\\.json, not this one$`,
      ),
    );
  });

  it('no canary secret in any line printed or file written', () => {
    for (const text of printed) for (const marker of MARKERS) expect(text).not.toContain(marker);
    for (const [path, text] of readTree(work))
      for (const marker of MARKERS) expect(text.includes(marker), `${path} holds ${marker}`).toBe(false);
    for (const r of elsewhere.requests) for (const marker of MARKERS) expect(JSON.stringify(r)).not.toContain(marker);
  });
});

describe('erpgen generate on snapshots too big to be real', () => {
  it('a 600 MB string in a schema document (longer than V8 allows): one line naming the file and the byte', async () => {
    const dir = join(work, 'huge-string');
    cpSync(SAMPLE_SNAPSHOT, join(dir, 'snap'), { recursive: true });
    const file = join(dir, 'snap/views.metadata.json');
    const fd = openSync(file, 'w');
    try {
      writeSync(fd, '{"$Version": "4.0", "$EntityContainer": "ns.container", "note": "');
      const block = Buffer.alloc(1 << 20, 'x');
      for (let i = 0; i < 600; i++) writeSync(fd, block);
      writeSync(fd, '"}');
    } finally {
      closeSync(fd);
    }
    try {
      const run = await erpgen(['generate', '--snapshot', 'snap', '--out', 'pkg', '--quiet'], dir, {});
      expectOneLine(
        run,
        /^erpgen: snap\/views\.metadata\.json: holds a single value longer than 16 MiB \(a string that does not end\?\), which no schema document has \(at byte \d+\)$/,
      );
      expect(readdirSync(dir)).toEqual(['snap']);
    } finally {
      rmSync(file);
    }
  });

  it('a 600 MB definition: refused by its size before it is read', async () => {
    const dir = join(work, 'huge-definition');
    cpSync(SAMPLE_SNAPSHOT, join(dir, 'snap'), { recursive: true });
    const file = join(dir, 'snap/definitions/Order.json');
    writeFileSync(file, '');
    // a file of that size without writing it: the size is all that is looked at
    const fd = openSync(file, 'r+');
    try {
      (await import('node:fs')).ftruncateSync(fd, 600 * 1024 * 1024);
    } finally {
      closeSync(fd);
    }
    const run = await erpgen(['generate', '--snapshot', 'snap', '--out', 'pkg', '--quiet'], dir, {});
    expectOneLine(
      run,
      /^erpgen: snap\/definitions\/Order\.json: 600 MiB, more than the 64 MiB a service list or definition can be/,
    );
  });
});
