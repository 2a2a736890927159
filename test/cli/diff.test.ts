// `erpgen diff` end to end, through the CLI as a process: the sample snapshot against made-up upgrades written
// into temp folders (a column removed that a consumer project uses, a length shrunk, a field made required, a
// service removed, a valid value renamed); the report in each format, the exit codes, `git:REV:path` against a
// temp repository, and `--project`: a team's project type-checked with its own compiler (TypeScript 7, and 6),
// each new compile error traced to the change behind it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCliOnTerminal, tempDir } from '../support/cli.js';
import { ROOT, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { readTree } from '../support/tree.js';

const work = tempDir('erpgen-diff-');
const CONFIG = join(ROOT, 'erpgen.config.json');

type Json = Record<string, any>;

function editJson(file: string, edit: (json: Json) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as Json;
  edit(json);
  writeFileSync(file, JSON.stringify(json));
}

/** The sample snapshot, upgraded the way a server upgrade and a licence change would. */
function upgrade(dir: string): void {
  editJson(join(dir, 'tables.metadata.json'), (doc) => {
    const customer = doc['dbo']['customer'];
    customer['credit_limt'] = customer['credit_limit']; // a typo the server shipped: removed + added, hinted
    delete customer['credit_limit'];
    doc['dbo']['oe_hdr']['po_no']['$MaxLength'] = 40;
  });
  editJson(join(dir, 'definitions/Order.json'), (order) => {
    const header = order['TransactionDefinition']['DataElementDefinitions'].find(
      (e: Json) => e['Name'] === 'TABPAGE_1.order',
    );
    for (const f of header['FieldDefinitions']) {
      if (f['Name'] === 'po_no') f['Required'] = true;
      if (f['Name'] === 'order_priority_uid') f['ValidValues'] = ['Normal', 'Urgent', 'Emergency'];
    }
  });
  rmSync(join(dir, 'definitions/PickZone.json'));
}

/** `folder` made a git repository of one commit holding what is in it; git in it, as a function */
function repository(folder: string, message: string): (...args: string[]) => string {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: folder,
      encoding: 'utf8',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', message);
  return git;
}

let cases = 0;
function snapshots(): { dir: string; before: string; after: string } {
  const dir = join(work, `case${cases++}`);
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'old'), { recursive: true });
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'new'), { recursive: true });
  upgrade(join(dir, 'new'));
  return { dir, before: 'old', after: 'new' };
}

function diff(dir: string, ...args: string[]) {
  return runCli(['diff', ...args, '--config', CONFIG], dir);
}

function expectUserError(result: ReturnType<typeof runCli>, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr.trim()).toMatch(pattern);
}

/** the changes as `rule where`, the way the JSON names them */
function changesOf(json: Json): string[] {
  return json['changes'].map((c: Json) => `${c['rule']} ${Object.values(c['subject']).slice(1).join(' ')}`);
}

const EXPECTED = [
  'column-removed table customer credit_limit',
  'column-added table customer credit_limt',
  'column-length-shrunk table oe_hdr po_no',
  'field-required Order TABPAGE_1.order po_no',
  'field-length-shrunk Order TABPAGE_1.order po_no',
  'field-values-removed Order TABPAGE_1.order order_priority_uid',
  'field-values-added Order TABPAGE_1.order order_priority_uid',
  'service-removed PickZone',
];

describe('erpgen diff', () => {
  it('text: grouped by table and service, each change under its rule, each rule stated once, no colour off a terminal', () => {
    const { dir, before, after } = snapshots();
    const result = diff(dir, before, after);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out.split('\n')[0]).toBe(
      'erpgen diff: old -> new (server build 26.1.5940.0): 6 breaking changes, 2 non-breaking',
    );
    expect(out).toContain(
      [
        'table customer',
        '  breaking      column credit_limit removed (Edm.Decimal, nullable) (renamed to credit_limt?)  [column-removed]',
        '  non-breaking  column credit_limt added (Edm.Decimal, nullable) (renamed from credit_limit?)  [column-added]',
        '',
        'table oe_hdr',
        '  breaking      column po_no shrank from 50 to 40 characters  [column-length-shrunk]',
        '',
        'service Order',
        '  breaking      TABPAGE_1.order field po_no is now required  [field-required]',
        '  breaking      TABPAGE_1.order field po_no shrank from 50 to 40 characters (column oe_hdr.po_no)  [field-length-shrunk]',
        '  breaking      TABPAGE_1.order field order_priority_uid lost valid value "Rush" (renamed to "Urgent"?)  [field-values-removed]',
        '  non-breaking  TABPAGE_1.order field order_priority_uid gained valid value "Urgent"  [field-values-added]',
        '',
        'service PickZone',
        '  breaking      removed (listed in services.json, but there is no definition: unlicensed, or not fetched)  [service-removed]',
      ].join('\n'),
    );
    const rules = out.slice(out.indexOf('\nRules\n'));
    for (const rule of ['column-removed', 'field-required', 'service-removed'])
      expect(rules.match(new RegExp(`^  ${rule} \\((non-)?breaking\\): `, 'gm'))).toHaveLength(1);
    expect(out).not.toContain('\x1b[');
  });

  it('text on a terminal (a pseudo-terminal): coloured, and only names and notes escaped, never the colours', () => {
    const { dir, before, after } = snapshots();
    // a column whose name holds an escape sequence of its own: shown escaped, in colour or not
    editJson(join(dir, before, 'tables.metadata.json'), (doc) => {
      doc['dbo']['terms']['bad\u001b[31mname'] = {};
    });
    const result = runCliOnTerminal(['diff', before, after, '--config', CONFIG], dir);
    expect(result.code).toBe(0);
    const lines = result.output.split('\n');
    expect(lines).toContain('\x1b[1mtable customer\x1b[22m');
    expect(lines).toContain(
      '  \x1b[31mbreaking    \x1b[39m  column credit_limit removed (Edm.Decimal, nullable) (renamed to credit_limt?)  \x1b[2m[column-removed]\x1b[22m',
    );
    expect(lines).toContain(
      '  \x1b[31mbreaking    \x1b[39m  column "bad\\u001b[31mname" removed (Edm.String)  \x1b[2m[column-removed]\x1b[22m',
    );
    expect(lines).toContain('\x1b[1mRules\x1b[22m');
    // no colour is shown as text: the one escape sequence shown escaped is the name's
    expect(result.output.replaceAll('"bad\\u001b[31mname"', '')).not.toContain('\\u001b');
  });

  it('json: every change with its rule, level, subject, before and after; the rules it used', () => {
    const { dir, before, after } = snapshots();
    const result = diff(dir, before, after, '--format', 'json');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as Json;
    expect(json['summary']).toEqual({ breaking: 6, nonBreaking: 2 });
    expect(changesOf(json)).toEqual(EXPECTED);
    expect(json['changes'][2]).toEqual({
      rule: 'column-length-shrunk',
      level: 'breaking',
      subject: { kind: 'column', surface: 'table', object: 'oe_hdr', column: 'po_no' },
      from: 50,
      to: 40,
      message: 'column oe_hdr.po_no shrank from 50 to 40 characters',
    });
    expect(json['changes'][4]).toMatchObject({ rule: 'field-length-shrunk', via: 'oe_hdr.po_no', from: 50, to: 40 });
    expect(json['changes'][5]).toMatchObject({ from: ['Rush'], hint: 'renamed to "Urgent"?' });
    expect(Object.keys(json['rules']).sort()).toEqual([...new Set(EXPECTED.map((c) => c.split(' ')[0]))].sort());
    expect(json['rules']['service-removed']['level']).toBe('breaking');
  });

  it('markdown: a table for a pull request comment, the rules folded away', () => {
    const { dir, before, after } = snapshots();
    const result = diff(dir, before, after, '--format', 'markdown');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('### erpgen diff: 6 breaking, 2 non-breaking');
    expect(lines).toContain('| level | where | change | rule |');
    expect(lines).toContain(
      '| **breaking** | table `customer` | column `credit_limit` removed (Edm.Decimal, nullable) (renamed to credit\\_limt?) | `column-removed` |',
    );
    expect(lines).toContain(
      '| **breaking** | service `Order` | `TABPAGE_1.order` field `po_no` shrank from 50 to 40 characters (column `oe_hdr.po_no`) | `field-length-shrunk` |',
    );
    expect(lines.filter((l) => l.startsWith('| ')).length).toBe(2 + EXPECTED.length);
    expect(result.stdout).toMatch(/<details><summary>Rules<\/summary>\n\n- `column-added` \(non-breaking\): /);
  });

  it('--fail-on: 1 when a change is at that level, 0 otherwise; no changes at all is 0 and says so', () => {
    const { dir, before, after } = snapshots();
    expect(diff(dir, before, after).code).toBe(0);
    expect(diff(dir, before, after, '--fail-on', 'breaking').code).toBe(1);
    expect(diff(dir, before, after, '--fail-on', 'any').code).toBe(1);
    const same = diff(dir, before, before, '--fail-on', 'any');
    expect(same.code).toBe(0);
    expect(same.stdout).toBe('erpgen diff: old -> old (server build 26.1.5940.0): no changes\n');
    // a snapshot whose only change is an added column: not breaking, but a change
    const added = join(dir, 'added');
    cpSync(join(dir, before), added, { recursive: true });
    editJson(join(added, 'tables.metadata.json'), (doc) => {
      doc['dbo']['terms']['terms_note'] = { $Nullable: true, $MaxLength: 80 };
    });
    expect(diff(dir, before, 'added', '--fail-on', 'breaking').code).toBe(0);
    const any = diff(dir, before, 'added', '--fail-on', 'any');
    expect(any.code).toBe(1);
    expect(any.stdout).toContain('non-breaking  column terms_note added (Edm.String, nullable)  [column-added]');
  });

  it("a fetched snapshot's manifest.json: the server builds, and why a service is gone", () => {
    const { dir, before, after } = snapshots();
    const manifest = (build: string, skipped: Array<{ name: string; reason: string }>) =>
      JSON.stringify({ serverBuild: build, services: { listed: 12, fetched: [], skipped } });
    writeFileSync(join(dir, before, 'manifest.json'), manifest('25.2.5412', []));
    writeFileSync(
      join(dir, after, 'manifest.json'),
      manifest('26.1.100', [{ name: 'PickZone', reason: 'HTTP 500 (an unlicensed window or an unknown service)' }]),
    );
    const result = diff(dir, before, after);
    expect(result.stdout.split('\n')[0]).toBe(
      'erpgen diff: old -> new (server build 25.2.5412 -> 26.1.100): 6 breaking changes, 2 non-breaking',
    );
    expect(result.stdout).toContain(
      '  breaking      removed (erpgen fetch skipped it: HTTP 500 (an unlicensed window or an unknown service))  [service-removed]',
    );
    const json = JSON.parse(diff(dir, before, after, '--format', 'json').stdout) as Json;
    expect([json['old']['build'], json['new']['build']]).toEqual(['25.2.5412', '26.1.100']);
  });

  it('NEW defaults to the snapshot of erpgen.config.json', () => {
    const { dir } = snapshots();
    cpSync(join(dir, 'new'), join(dir, 'schema'), { recursive: true });
    writeFileSync(join(dir, 'erpgen.config.json'), readFileSync(CONFIG));
    const result = runCli(['diff', 'old', '--format', 'json'], dir);
    expect(result.code).toBe(0);
    expect(changesOf(JSON.parse(result.stdout))).toEqual(EXPECTED);
  });

  it('git:REV:path reads the snapshot as of a revision, leaving the work tree, index and HEAD as they were', () => {
    const { dir } = snapshots();
    const repo = join(dir, 'repo');
    mkdirSync(join(repo, 'sub'), { recursive: true });
    cpSync(join(dir, 'old'), join(repo, 'schema'), { recursive: true });
    const git = repository(repo, 'the snapshot on main');
    rmSync(join(repo, 'schema'), { recursive: true });
    cpSync(join(dir, 'new'), join(repo, 'schema'), { recursive: true });
    const status = git('status', '--porcelain');
    const head = git('rev-parse', 'HEAD');

    const result = runCli(['diff', 'git:HEAD:schema', 'schema', '--format', 'json', '--config', CONFIG], repo);
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as Json;
    expect(json['old']['source']).toBe('git:HEAD:schema');
    expect(changesOf(json)).toEqual(EXPECTED);
    // from a subfolder, the path is relative to it, as a folder would be
    const inSub = runCli(
      ['diff', 'git:HEAD:../schema', '../schema', '--format', 'json', '--config', CONFIG],
      join(repo, 'sub'),
    );
    expect(changesOf(JSON.parse(inSub.stdout))).toEqual(EXPECTED);
    expect(git('status', '--porcelain')).toBe(status);
    expect(git('rev-parse', 'HEAD')).toBe(head);

    expectUserError(
      runCli(['diff', 'git:no-such-branch:schema', 'schema', '--config', CONFIG], repo),
      /^erpgen: git:no-such-branch:schema: no such git revision "no-such-branch"$/,
    );
    expectUserError(
      runCli(['diff', 'git:HEAD:sub', 'schema', '--config', CONFIG], repo),
      /^erpgen: git:HEAD:sub: not a snapshot at HEAD: sub has no tables\.metadata\.json and no views\.metadata\.json$/,
    );
    expectUserError(runCli(['diff', 'git:HEAD', 'schema', '--config', CONFIG], repo), /expected git:REV:path/);
    // a document of the revision that cannot be read is named as the revision's
    writeFileSync(join(repo, 'schema/views.metadata.json'), '{"$Version": "4.0", ');
    git('commit', '-q', '-a', '-m', 'a broken snapshot');
    expectUserError(
      runCli(['diff', 'git:HEAD:schema', join(dir, 'old'), '--config', CONFIG], repo),
      /^erpgen: git:HEAD:schema\/views\.metadata\.json: invalid JSON: /,
    );
    expectUserError(
      runCli(['diff', 'git:HEAD:schema', join(repo, 'schema'), '--config', CONFIG], dir),
      /^erpgen: git:HEAD:schema: the working folder is not in a git repository$/,
    );
  });

  it('odd names: escaped for a terminal and in Markdown, exact in JSON', () => {
    const { dir, after } = snapshots();
    const odd = ['__proto__', 'constructor', 'bad\u001b[31mname\nx|`y`'];
    const before = join(dir, 'odd');
    cpSync(join(dir, after), before, { recursive: true });
    editJson(join(before, 'tables.metadata.json'), (doc) => {
      for (const name of odd) Object.defineProperty(doc['dbo']['terms'], name, { value: {}, enumerable: true });
    });
    const text = diff(dir, 'odd', after);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      [
        'table terms',
        '  breaking      column __proto__ removed (Edm.String)  [column-removed]',
        '  breaking      column constructor removed (Edm.String)  [column-removed]',
        '  breaking      column "bad\\u001b[31mname\\nx|`y`" removed (Edm.String)  [column-removed]',
      ].join('\n'),
    );
    expect(text.stdout).not.toContain('\u001b');
    const json = JSON.parse(diff(dir, 'odd', after, '--format', 'json').stdout) as Json;
    const columns = (json['changes'] as Json[])
      .filter((c) => c['subject']['object'] === 'terms')
      .map((c) => c['subject']['column']);
    expect(columns).toEqual(odd);
    const markdown = diff(dir, 'odd', after, '--format', 'markdown').stdout;
    expect(markdown).toContain(
      '| **breaking** | table `terms` | column `` bad\\u001b[31mname\\nx\\|`y` `` removed (Edm.String)',
    );
  });

  it('bad input is one line, exit 2, no stack trace', () => {
    const { dir, before } = snapshots();
    expectUserError(diff(dir, 'nowhere', before), /^erpgen: nowhere: no such folder$/);
    writeFileSync(join(dir, 'a-file'), 'x');
    expectUserError(diff(dir, 'a-file', before), /^erpgen: a-file: not a folder/);
    mkdirSync(join(dir, 'empty'));
    expectUserError(
      diff(dir, before, 'empty'),
      /^erpgen: empty: not a snapshot folder: it has no tables\.metadata\.json and no views\.metadata\.json$/,
    );
    const broken = join(dir, 'broken');
    cpSync(join(dir, before), broken, { recursive: true });
    writeFileSync(join(broken, 'views.metadata.json'), '{"$Version": "4.0", ');
    expectUserError(diff(dir, before, 'broken'), /^erpgen: broken\/views\.metadata\.json: invalid JSON/);
    expectUserError(diff(dir, before, 'new', '--format', 'yaml'), /Invalid values/);
  });
});

// --- --project ------------------------------------------------------------------------------------------

const SOURCES: Record<string, string> = {
  'credit.ts': [
    "import { query } from '@acme/erp-schema';",
    "import { customer, type CustomerRow } from '@acme/erp-schema/tables/customer';",
    '',
    'export const limits = query(customer)',
    "  .select('customer_id', 'credit_limit')",
    '  .filter((c) => c.credit_limit.gt(1000));',
    'export function limit(row: CustomerRow): number {',
    '  return row.credit_limit ?? 0;',
    '}',
  ].join('\n'),
  'orders.ts': [
    "import { Order } from '@acme/erp-schema/transactions/Order';",
    '',
    "export const order = Order.transaction().form('TABPAGE_1.order', {",
    '  customer_id: 100198,',
    "  po_no: 'PO-1',",
    "  order_priority_uid: 'Rush',",
    '});',
  ].join('\n'),
  'pick.ts': [
    "import { PickZone } from '@acme/erp-schema/transactions/PickZone';",
    'export const name = PickZone.descriptor.name;',
  ].join('\n'),
  // through the team's own `paths`, which the check keeps
  'terms.ts': ["import { terms } from '@acme/erp-schema/tables/terms';", 'export const t = terms;'].join('\n'),
  'alias.ts': ["import { t } from '@app/terms.js';", 'export const again = t;'].join('\n'),
  // an error the code has with either package: not the upgrade's
  'broken.ts': "export const n: number = 'not a number';",
};

/** TypeScript 6's command line, from the compiler ts-morph bundles, with its lib files written beside it. */
const TS6_TSC = `#!/usr/bin/env node
const { ts, getLibFiles } = require(${JSON.stringify(join(ROOT, 'node_modules/@ts-morph/common'))});
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const libs = join(__dirname, 'lib');
if (!existsSync(libs)) {
  mkdirSync(libs);
  for (const f of getLibFiles()) writeFileSync(join(libs, f.fileName), f.text);
}
ts.sys.getExecutingFilePath = () => join(libs, 'tsc.js');
ts.executeCommandLine(ts.sys, () => {}, process.argv.slice(2));
`;

/** A team's project: sources, a tsconfig that extends a base with `paths`, and its own TypeScript. */
function teamProject(dir: string, compiler: 'ts7' | 'ts6' | 'none'): string {
  const app = join(dir, `app-${compiler}`);
  mkdirSync(join(app, 'src'), { recursive: true });
  for (const [file, text] of Object.entries(SOURCES)) writeFileSync(join(app, 'src', file), `${text}\n`);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'team-app', private: true, type: 'module' }));
  mkdirSync(join(app, 'config'));
  writeFileSync(
    join(app, 'config/base.json'),
    '{\n  // the team\'s shared settings\n  "compilerOptions": { "paths": { "@app/*": ["../src/*"] }, },\n}\n',
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      extends: './config/base.json',
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022'],
        types: [],
        strict: true,
        outDir: 'dist',
      },
      include: ['src'],
    }),
  );
  mkdirSync(join(app, 'node_modules'));
  if (compiler === 'ts7') symlinkSync(join(ROOT, 'node_modules/typescript'), join(app, 'node_modules/typescript'));
  if (compiler === 'ts6') {
    mkdirSync(join(app, 'node_modules/typescript/bin'), { recursive: true });
    writeFileSync(
      join(app, 'node_modules/typescript/package.json'),
      JSON.stringify({ name: 'typescript', version: '6.0.2', bin: { tsc: 'bin/tsc' } }),
    );
    writeFileSync(join(app, 'node_modules/typescript/bin/tsc'), TS6_TSC);
  }
  return app;
}

describe('erpgen diff --project', () => {
  for (const compiler of ['ts7', 'ts6'] as const) {
    it(`traces each new compile error to its change, and lists the uses of the rest (${compiler})`, () => {
      const { dir, before, after } = snapshots();
      const app = teamProject(dir, compiler);
      const theirs = (path: string) => path === 'node_modules';
      const files = readTree(app, theirs);
      const result = diff(dir, before, after, '--project', `app-${compiler}/tsconfig.json`, '--format', 'json');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const json = JSON.parse(result.stdout) as Json;
      const project = json['project'] as Json;
      expect(project['compiler']).toMatch(compiler === 'ts7' ? /^TypeScript 7\./ : /^TypeScript 6\.0\.2$/);
      // broken.ts fails with either package: left out; alias.ts compiles, so the team's paths were kept
      expect(project['oldErrors']).toBe(1);
      expect(project['newErrors']).toBe(5);
      const used = Object.fromEntries(
        (project['used'] as Json[]).map((u) => [
          EXPECTED[u['change']],
          u['uses'].map((p: Json) => `${p['file']}:${p['line']} ${p['error'] ? p['error']['code'] : p['how']}`),
        ]),
      );
      expect(used).toEqual({
        'column-removed table customer credit_limit': [
          'src/credit.ts:5 TS2345',
          'src/credit.ts:6 TS2551',
          'src/credit.ts:8 TS2551',
        ],
        // no compile error: the probe package finds where the field on that column is written
        'column-length-shrunk table oe_hdr po_no': ['src/orders.ts:5 writes it'],
        'field-required Order TABPAGE_1.order po_no': ['src/orders.ts:5 writes it'],
        'field-length-shrunk Order TABPAGE_1.order po_no': ['src/orders.ts:5 writes it'],
        'field-values-removed Order TABPAGE_1.order order_priority_uid': ['src/orders.ts:6 TS2322'],
        'field-values-added Order TABPAGE_1.order order_priority_uid': ['src/orders.ts:6 writes it'],
        'service-removed PickZone': ['src/pick.ts:1 TS2307'],
      });
      expect(project['untraced']).toEqual([]);
      expect(project['unused'].map((i: number) => EXPECTED[i])).toEqual(['column-added table customer credit_limt']);
      // nothing of the team's was written (their node_modules holds the compiler, the TypeScript 6 one's lib files)
      expect(readTree(app, theirs)).toEqual(files);
    });
  }

  it('says it in words: the change, then where the code uses it; the breaking changes no code uses apart', () => {
    const { dir, before, after } = snapshots();
    // this team does not use PickZone: its removal breaks nothing of theirs
    rmSync(join(teamProject(dir, 'ts7'), 'src/pick.ts'));
    const result = diff(dir, before, after, '--project', 'app-ts7');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      ['  column oe_hdr.po_no shrank from 50 to 40 characters', '    src/orders.ts:5  writes it'].join('\n'),
    );
    expect(result.stdout).toContain(
      [
        '  column customer.credit_limit removed (Edm.Decimal, nullable) (renamed to credit_limt?)',
        `    src/credit.ts:5  error TS2345: Argument of type '"credit_limit"' is not assignable`,
      ].join('\n'),
    );
    expect(result.stdout).toContain(
      [
        '  Changes no code of yours uses: 1 breaking (below), 1 non-breaking',
        '    service PickZone removed (listed in services.json, but there is no definition: unlicensed, or not fetched)',
      ].join('\n'),
    );
    const markdown = diff(dir, before, after, '--project', 'app-ts7', '--format', 'markdown').stdout;
    expect(markdown).toContain(
      ['- column `oe_hdr.po_no` shrank from 50 to 40 characters', '  - `src/orders.ts:5` writes it'].join('\n'),
    );
    expect(markdown).toContain(
      [
        'Changes no code of yours uses: 1 breaking (below), 1 non-breaking.',
        '',
        '- service `PickZone` removed (listed in services.json, but there is no definition: unlicensed, or not fetched)',
      ].join('\n'),
    );
    // with --fail-on breaking, new compile errors fail the run
    expect(diff(dir, before, after, '--project', 'app-ts7', '--fail-on', 'breaking').code).toBe(1);
  });

  it("needs the project's own TypeScript and the package's name, and says so in one line", () => {
    const { dir, before, after } = snapshots();
    teamProject(dir, 'none');
    expectUserError(
      diff(dir, before, after, '--project', 'app-none/tsconfig.json'),
      /^erpgen: --project app-none\/tsconfig\.json: TypeScript is not installed for this project \(npm install -D typescript there\)/,
    );
    // a project that does not import the package the config names would check nothing
    teamProject(dir, 'ts7');
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ packageName: '@other/erp-schema' }));
    expectUserError(
      runCli(['diff', before, after, '--config', 'other.json', '--project', 'app-ts7'], dir),
      /^erpgen: --project app-ts7\/tsconfig\.json: no file of the project imports @other\/erp-schema \(the packageName of erpgen\.config\.json\)/,
    );
    expectUserError(
      diff(dir, before, after, '--project', 'nowhere.json'),
      /^erpgen: --project nowhere\.json: no such tsconfig file$/,
    );
  });
});

// --- the definitions overlay --------------------------------------------------------------------------------

describe('erpgen diff and the definitions overlay', () => {
  /** a repository with the sample snapshot and a config whose overlay says taker is not required */
  function overlayRepo(): { repo: string; git: (...args: string[]) => string; config: (definitions: object) => void } {
    const repo = join(work, `overlay${cases++}`);
    mkdirSync(repo, { recursive: true });
    cpSync(SAMPLE_SNAPSHOT, join(repo, 'schema'), { recursive: true });
    const config = (definitions: object) =>
      writeFileSync(
        join(repo, 'erpgen.config.json'),
        JSON.stringify({ packageName: '@acme/erp-schema', include: ['customer'], definitions }),
      );
    config({ Order: { 'TABPAGE_1.order': { taker: { required: false } } } });
    const git = repository(repo, 'the snapshot and the overlay on main');
    return { repo, git, config };
  }

  /** the change in a pull request: company_id disabled, po_no required, taker's line gone, a line of nothing */
  const EDITED = {
    Order: {
      'TABPAGE_1.order': { company_id: { disabled: true }, po_no: { required: true } },
      'TP_GONE.x': { y: { disabled: true } },
    },
  };

  it('a git:REV side takes the config as of REV: the lines added, removed and changed, each with its rule and level', () => {
    const { repo, config } = overlayRepo();
    config(EDITED);
    const result = runCli(['diff', 'git:HEAD:schema', 'schema', '--format', 'json', '--fail-on', 'breaking'], repo);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as Json;
    expect(
      json['changes'].map((c: Json) => [
        c['rule'],
        c['level'],
        Object.values(c['subject']).slice(1).join(' '),
        c['note'],
      ]),
    ).toEqual([
      ['field-required-on-server', 'breaking', 'Order TABPAGE_1.order po_no', 'erpgen.config.json definitions'],
      ['field-disabled', 'breaking', 'Order TABPAGE_1.order company_id', 'erpgen.config.json definitions'],
      // the definition flags it Required: with the line gone, missingRequired() reports it again
      [
        'field-required',
        'breaking',
        'Order TABPAGE_1.order taker',
        '"required": false no longer in erpgen.config.json definitions',
      ],
      ['definitions-line-unmatched', 'breaking', 'Order TP_GONE.x', 'erpgen.config.json definitions'],
    ]);
    const text = runCli(['diff', 'git:HEAD:schema', 'schema'], repo).stdout;
    expect(text).toContain(
      'breaking      TABPAGE_1.order field company_id is disabled on this server (erpgen.config.json definitions)  [field-disabled]',
    );
    expect(text).toContain(
      'breaking      element TP_GONE.x: is named by the definitions overlay, but the new snapshot does not have it',
    );
    // the other way round: the lines the old side had, named where they were
    const back = JSON.parse(runCli(['diff', 'schema', 'git:HEAD:schema', '--format', 'json'], repo).stdout) as Json;
    expect(back['changes'].map((c: Json) => [c['rule'], c['note']])).toEqual([
      ['field-not-required-on-server', 'erpgen.config.json definitions'],
      ['field-enabled', 'erpgen.config.json definitions'],
      ['field-optional', '"required": false in git:HEAD:erpgen.config.json definitions'],
    ]);
  });

  it('two folders are compared under the one overlay of the config: only a line the new snapshot lacks is said', () => {
    const { repo, config } = overlayRepo();
    config(EDITED);
    cpSync(join(repo, 'schema'), join(repo, 'copy'), { recursive: true });
    const json = JSON.parse(runCli(['diff', 'copy', 'schema', '--format', 'json'], repo).stdout) as Json;
    expect(changesOf(json)).toEqual(['definitions-line-unmatched Order TP_GONE.x']);
    // a revision without the config file had no overlay
    const { repo: bare, git } = overlayRepo();
    git('rm', '-q', '--cached', 'erpgen.config.json');
    git('commit', '-q', '-m', 'no config');
    const none = JSON.parse(runCli(['diff', 'git:HEAD:schema', 'schema', '--format', 'json'], bare).stdout) as Json;
    expect(changesOf(none)).toEqual(['field-optional Order TABPAGE_1.order taker']);
  });

  it("an overlay the revision's config gets wrong is one line naming it there, exit 2", () => {
    const { repo, git, config } = overlayRepo();
    writeFileSync(
      join(repo, 'erpgen.config.json'),
      JSON.stringify({ definitions: { Order: { 'TABPAGE_1.order': { taker: { requierd: false } } } } }),
    );
    git('commit', '-q', '-a', '-m', 'a typo');
    config({});
    expectUserError(
      runCli(['diff', 'git:HEAD:schema', 'schema'], repo),
      /^erpgen: git:HEAD:erpgen\.config\.json: definitions\.Order\."TABPAGE_1\.order"\.taker\.requierd: "requierd" is not a fact the overlay knows: .* \(did you mean "required"\?\)$/,
    );
  });

  it('--project: a write of a field newly disabled, and a new row without one newly required, traced to their lines', () => {
    const { repo, config } = overlayRepo();
    config(EDITED);
    const app = teamProject(repo, 'ts7');
    rmSync(join(app, 'src'), { recursive: true });
    mkdirSync(join(app, 'src'));
    writeFileSync(
      join(app, 'src/orders.ts'),
      [
        "import { Order } from '@acme/erp-schema/transactions/Order';",
        '',
        "export const order = Order.transaction().form('TABPAGE_1.order', {",
        '  customer_id: 100198,',
        "  company_id: 'ACME',",
        "  po_no: 'PO-1',",
        '});',
        "export const other = Order.transaction().form('TABPAGE_1.order', { customer_id: 100198 });",
        '',
      ].join('\n'),
    );
    const result = runCli(
      ['diff', 'git:HEAD:schema', 'schema', '--project', 'app-ts7/tsconfig.json', '--format', 'json'],
      repo,
    );
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as Json;
    const changes = changesOf(json);
    const used = Object.fromEntries(
      (json['project']['used'] as Json[]).map((u) => [
        changes[u['change']],
        u['uses'].map((p: Json) => `${p['file']}:${p['line']} ${p['error'] ? p['error']['code'] : p['how']}`),
      ]),
    );
    expect(json['project']['newErrors']).toBe(2);
    expect(used['field-disabled Order TABPAGE_1.order company_id']).toEqual(['src/orders.ts:5 TS2345']);
    expect(used['field-required-on-server Order TABPAGE_1.order po_no']).toEqual(
      expect.arrayContaining(['src/orders.ts:8 TS2345']),
    );
    expect(json['project']['untraced']).toEqual([]);
  });
});
