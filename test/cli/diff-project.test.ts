// `erpgen diff --project` at its edges: each change traced to the lines its kind of change can break (a length to
// the places that write the value, a type to every use of it, the error it causes where the compiler reports it),
// a generated folder the team imports by a relative path, and what it reads of theirs (a tsconfig of the wrong
// shape, /dev/zero, a FIFO) and runs (a compiler that never ends) each one line, bounded, exit 2.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDiff } from '../../generator/diff/run.js';
import { tempDir } from '../support/cli.js';
import { CLI, ROOT, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { teamProject } from '../support/team-project.js';
import { readTree } from '../support/tree.js';

const work = tempDir('erpgen-diff-project-');
type Json = Record<string, any>;

/** The sample, and the sample upgraded: po_no shorter, credit_limit_used now text. */
function snapshots(dir: string): void {
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'old'), { recursive: true });
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'new'), { recursive: true });
  const file = join(dir, 'new/tables.metadata.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Json;
  doc['dbo']['oe_hdr']['po_no']['$MaxLength'] = 40;
  doc['dbo']['customer']['credit_limit_used'] = { $Type: 'Edm.String', $MaxLength: 20 };
  writeFileSync(file, JSON.stringify(doc));
  writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify({ packageName: '@acme/erp-schema' }));
}

/** How the team imports the package: by its name, or its generated folder by a relative path. */
/** The package imported by its name (`''` is its index). */
const byName = (module: string) => (module ? `@acme/erp-schema/${module}` : '@acme/erp-schema');

function sources(from: (module: string) => string): Record<string, string> {
  return {
    'orders.ts': [
      `import { query } from '${from('')}';`,
      `import { createClient } from '${from('client')}';`,
      `import { oe_hdr, type OeHdrRow } from '${from('tables/oe_hdr')}';`,
      `import { Order } from '${from('transactions/Order')}';`,
      '',
      "export const recent = query(oe_hdr).select('order_no', 'po_no').filter((o) => o.po_no.ne(null));",
      'export const poOf = (row: OeHdrRow) => row.po_no;',
      '',
      "export const order = Order.transaction().form('TABPAGE_1.order', {",
      '  customer_id: 100198,',
      "  po_no: 'PO-1',",
      '});',
      '',
      'export async function retitle(client: ReturnType<typeof createClient>) {',
      '  await client.interactive.session(async (s) => {',
      '    const w = await s.open(Order);',
      "    await w.change('TABPAGE_1.order', {",
      "      order_no: '1013938',",
      "      po_no: 'PO-9',",
      '    });',
      '  });',
      '}',
    ].join('\n'),
    'credit.ts': [
      `import { type CustomerRow } from '${from('tables/customer')}';`,
      '',
      'export function headroom(row: CustomerRow): number {',
      '  const used = row.credit_limit_used;',
      '  return Math.max(0, 1000 - used);',
      '}',
    ].join('\n'),
  };
}

/** erpgen diff as a process, with a time limit of the test's own (a run that hangs fails, it does not hang). */
function diff(dir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, 'diff', 'old', 'new', ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, signal: result.signal };
}

function used(json: Json): Record<string, string[]> {
  const changes = json['changes'] as Json[];
  return Object.fromEntries(
    (json['project']['used'] as Json[]).map((u) => {
      const c = changes[u['change']]!;
      return [
        `${c['rule']} ${Object.values(c['subject']).slice(1).join(' ')}`,
        u['uses'].map((p: Json) => `${p['file']}:${p['line']} ${p['error'] ? p['error']['code'] : p['how']}`),
      ];
    }),
  );
}

const TRACED = {
  // the error the new type causes is on the next line, where the value is used: traced all the same
  'column-type-changed table customer credit_limit_used': ['src/credit.ts:4 uses it', 'src/credit.ts:5 TS2363'],
  // a length: the two places that write po_no (a transaction's form, an interactive window), not the reads
  'column-length-shrunk table oe_hdr po_no': ['src/orders.ts:11 writes it', 'src/orders.ts:19 writes it'],
  'field-length-shrunk Order TABPAGE_1.order po_no': ['src/orders.ts:11 writes it', 'src/orders.ts:19 writes it'],
};

/** one line on stderr, exit 2 (diff's trouble), no stack, nothing on stdout */
function trouble(result: ReturnType<typeof diff>, pattern: RegExp): void {
  expect(result.signal).toBeNull();
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr.trim()).toMatch(pattern);
}

/** Whether a process runs (a zombie, killed and not yet reaped by whoever adopted it, does not). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

let cases = 0;
function fresh(): string {
  const dir = join(work, `case${cases++}`);
  mkdirSync(dir);
  snapshots(dir);
  return dir;
}

describe('erpgen diff --project traces a change to what its kind of change breaks', () => {
  it('a length to the places that write the value, a type to every use of it and the error it causes', () => {
    const dir = fresh();
    teamProject(join(dir, 'app'), sources(byName));
    const result = diff(dir, '--project', 'app', '--format', 'json');
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as Json;
    expect(json['project']['oldErrors']).toBe(0);
    expect(used(json)).toEqual(TRACED);
    expect(json['project']['untraced']).toEqual([]);
  });

  it('finds a generated folder the team imports by a relative path, and leaves it as it was', () => {
    const dir = fresh();
    const app = join(dir, 'app');
    // the team's checked-in package, made from the old snapshot, imported as ../generated/...
    writeFileSync(
      join(dir, 'erpgen.config.json'),
      JSON.stringify({ packageName: '@acme/erp-schema', out: 'app/generated' }),
    );
    execFileSync(process.execPath, [CLI, 'generate', '--snapshot', 'old', '--quiet'], { cwd: dir });
    teamProject(
      app,
      sources((m) => `../generated/${m ? `${m}.js` : 'index.js'}`),
    );
    const theirs = readTree(app, (p) => p === 'node_modules');
    const result = diff(dir, '--project', 'app', '--format', 'json');
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as Json;
    expect(json['project']['oldErrors']).toBe(0);
    expect(used(json)).toEqual(TRACED);
    expect(readTree(app, (p) => p === 'node_modules')).toEqual(theirs);
  });

  it('says each step of a long run, for a terminal to show', async () => {
    const dir = fresh();
    teamProject(join(dir, 'app'), sources(byName));
    const steps: string[] = [];
    const flags = {
      old: join(dir, 'old'),
      new: join(dir, 'new'),
      config: join(dir, 'erpgen.config.json'),
      project: join(dir, 'app'),
      format: 'json' as const,
      failOn: undefined,
      projectTimeout: 600,
    };
    await runDiff(flags, undefined, (step) => steps.push(step));
    expect(steps.map((s) => s.replace(/\d+/g, 'N'))).toEqual([
      'comparing the snapshots',
      'listing the files of your project',
      'generating the old package (the N modules your code imports)',
      'generating the new package (the N modules your code imports)',
      'compiling your project (N and N of N compiles)',
      'compiling your project (N and N of N compiles)',
    ]);
  });
});

describe('erpgen diff --project reads and runs what is the team’s within bounds', () => {
  it('a tsconfig of the wrong shape: one line naming the file and the key', () => {
    const dir = fresh();
    const app = join(dir, 'app');
    teamProject(app, sources(byName));
    const cases: Array<[string, RegExp]> = [
      ['[]', /it is not a JSON object/],
      ['{"compilerOptions": []}', /"compilerOptions" is not an object/],
      ['{"extends": 5}', /"extends" is neither a string nor a list of strings/],
      ['{"compilerOptions": {"paths": {"@app/*": "src/*"}}}', /"compilerOptions.paths" is not an object of lists/],
      ['{"include": "src"}', /"include" is not a list of strings/],
    ];
    for (const [text, why] of cases) {
      writeFileSync(join(app, 'tsconfig.json'), text);
      trouble(
        diff(dir, '--project', 'app'),
        new RegExp(`^erpgen: app/tsconfig\\.json: not a tsconfig erpgen can read: ${why.source}`),
      );
    }
  });

  it('/dev/zero or a FIFO as the tsconfig: one line, nothing read without end', () => {
    const dir = fresh();
    trouble(diff(dir, '--project', '/dev/zero'), /^erpgen: --project \/dev\/zero: not a file/);
    const app = join(dir, 'app');
    teamProject(app, sources(byName));
    execFileSync('mkfifo', [join(app, 'base.json')]);
    trouble(diff(dir, '--project', 'app/base.json'), /^erpgen: --project app\/base\.json: not a file/);
    // a base it extends that is a FIFO is not opened either (nor given to their compiler, which would wait on it)
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ extends: './base.json', include: ['src'] }));
    trouble(
      diff(dir, '--project', 'app'),
      /^erpgen: app\/tsconfig\.json: "extends" names "\.\/base\.json", which is not a file$/,
    );
  });

  it('a compiler that never ends is stopped at --project-timeout, with a message that says so', () => {
    const dir = fresh();
    const app = join(dir, 'app');
    teamProject(app, sources(byName));
    // their TypeScript: a tsc that hangs, and its child (TypeScript 7's tsc runs the native compiler as one)
    const ts = join(app, 'node_modules/hanging-typescript');
    mkdirSync(join(ts, 'bin'), { recursive: true });
    writeFileSync(
      join(ts, 'package.json'),
      JSON.stringify({ name: 'typescript', version: '7.0.0', bin: { tsc: 'bin/tsc' } }),
    );
    writeFileSync(
      join(ts, 'bin/tsc'),
      `const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'pids'))}, process.pid + ' ' + child.pid);
setInterval(() => {}, 1000);
`,
    );
    const link = join(app, 'node_modules/typescript');
    execFileSync('rm', [link]);
    symlinkSync(ts, link);
    trouble(
      diff(dir, '--project', 'app', '--project-timeout', '2'),
      /^erpgen: --project app\/tsconfig\.json: tsc listing the files of your project did not finish within 2 s: stopped \(give it longer with --project-timeout\)$/,
    );
    // nothing of it is left running
    const pids = readFileSync(join(dir, 'pids'), 'utf8').split(' ').map(Number);
    for (const pid of pids) expect(running(pid), `pid ${pid}`).toBe(false);
  });
});
