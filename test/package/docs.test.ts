// Every example of the README, CONTRIBUTING.md and docs/ runs here against the sample, so none can drift from the
// package or the sample's data (test/support/doc-blocks.ts says what is done with which block). All the pages'
// modules are one project, compiled once by each compiler; then each page's program runs with node against the
// sample served by the sandbox (reset before each page), and each test block with `node --test`.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Project, ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../generator/config.js';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { tempDir } from '../support/cli.js';
import { tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';
import {
  docBlocks,
  docModules,
  docPages,
  docsProject,
  runNodeTest,
  type DocBlock,
  type DocModule,
} from '../support/doc-blocks.js';

const PASSWORD = 'try-it';
const pages = docPages();
const blocks = new Map(pages.map((page) => [page, docBlocks(page)]));
const modules: DocModule[] = pages.flatMap((page) => docModules(page, blocks.get(page)));
const byFile = new Map(modules.map((m) => [m.file, m]));
const dir = tempDir('erpgen-docs-');
const tsconfig = docsProject(dir, new Map(modules.map((m) => [m.file, m.text])));

/** A compile error: the module, its line (1-based) and its message. */
interface Found {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** What is wrong with the compile errors found: an error where none is claimed, a claimed one missing or other. */
function problems(found: readonly Found[]): string[] {
  const out: string[] = [];
  for (const f of found) if (!byFile.has(f.file)) out.push(`${f.file}:${f.line}: ${f.message}`);
  for (const m of modules) {
    const here = found.filter((f) => f.file === m.file);
    const at = (line: number) => {
      const o = m.origins[line - 1];
      return o ? `${o.page}:${o.line}` : `${m.file}:${line}`;
    };
    for (const f of here) {
      const own = m.origins[f.line - 1]?.own ?? true;
      // a compile or error block's module repeats the program before it: the program's own errors are its module's
      if (own && !m.errors.has(f.line)) out.push(`${at(f.line)}: ${f.message.split('\n')[0]}`);
    }
    for (const [line, text] of m.errors) {
      const there = here.filter((f) => f.line === line).map((f) => f.message.split('\n')[0]!);
      if (there.length === 0) out.push(`${at(line)}: claims an error, and compiles`);
      else if (!there.some((first) => first.includes(text)))
        out.push(`${at(line)}: the error is not "${text}" but: ${there.join(' / ')}`);
    }
  }
  return out;
}

let report7: string | undefined;
/** TypeScript 7's errors (`tsc --pretty false`, run once: it also writes build/, which the runs below use). */
function compiled7(): Found[] {
  const report = (report7 ??= tsc7(tsconfig));
  const found: Array<{ file: string; line: number; message: string }> = [];
  for (const line of report.split('\n')) {
    const m = /^(.*?)\((\d+),\d+\): error (TS\d+: .*)$/.exec(line);
    if (m) found.push({ file: m[1]!.split('/').at(-1)!, line: Number(m[2]), message: m[3]! });
    // the lines after an error, indented, are its message's
    else if (found.length && /^\s/.test(line)) found.at(-1)!.message += `\n${line.trim()}`;
    else if (line.trim()) found.push({ file: '(tsc)', line: 0, message: line });
  }
  return found;
}

/** TypeScript 6's errors (the language service's compiler, ts-morph). */
function compiled6(): Found[] {
  const project = new Project({ tsConfigFilePath: tsconfig });
  return project.getPreEmitDiagnostics().map((d) => ({
    file: d.getSourceFile()?.getBaseName() ?? '(tsc)',
    line: d.getLineNumber() ?? 0,
    message: `TS${d.getCode()}: ${ts.flattenDiagnosticMessageText(d.compilerObject.messageText, '\n')}`,
  }));
}

describe('the code blocks of the README and docs/', () => {
  it('are each of a kind the runner knows, and the README and docs have them', () => {
    // docBlocks throws on a block it does not know; a block is shown only when it says so (sh, text, ts shown, ...)
    const all: DocBlock[] = [...blocks.values()].flat();
    const count = (mode: DocBlock['mode']) => all.filter((b) => b.mode === mode).length;
    console.log(
      `doc blocks of ${pages.length} pages: ${count('program')} run as ${modules.filter((m) => m.mode === 'program').length} programs, ` +
        `${count('test')} tests, ${count('compile')} compiled, ${count('error')} that must not compile, ` +
        `${count('config') + count('json')} JSON checked, ${count('shown')} shown and not run`,
    );
    expect(all.filter((b) => b.mode === 'program').length).toBeGreaterThan(10);
    expect(modules.filter((m) => m.mode === 'test').length).toBeGreaterThan(0);
    expect(modules.filter((m) => m.mode === 'error').length).toBeGreaterThan(0);
    expect(modules.some((m) => m.page === 'README.md' && m.mode === 'program')).toBe(true);
  });

  it('erpgen.config.json examples are configs erpgen takes; JSON examples are JSON', () => {
    for (const block of [...blocks.values()].flat()) {
      const where = `${block.page}:${block.line}`;
      if (block.mode === 'json') expect(() => JSON.parse(block.code), where).not.toThrow();
      if (block.mode === 'config') {
        const parsed = configSchema.safeParse(JSON.parse(block.code));
        expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message), where).toEqual([]);
      }
    }
  });

  it.each([
    ['TypeScript 7', compiled7],
    ['TypeScript 6', compiled6],
  ])('compile with %s: no error but on the lines that claim one, and there the claimed one', (_, compile) => {
    expect(problems(compile())).toEqual([]);
  });
});

describe('run against the sample', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    compiled7(); // build/, when the compile test was not run
    sandbox = await startSandbox({ credentials: { users: { api_user: PASSWORD } } });
  });
  afterAll(() => sandbox.close());

  const programs = modules.filter((m) => m.mode === 'program');
  it('every program claims some of its output, so that a value not in the sample fails the run', () => {
    // a query of a customer the sample does not have finds no rows and throws nothing: only a claim of what it
    // printed catches it
    expect(programs.filter((m) => m.prints.length === 0).map((m) => m.page)).toEqual([]);
  });
  it.each(programs.map((m) => [m.page, m] as const))('%s: its program runs and prints what it says', async (_, m) => {
    await sandbox.reset();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(dir, 'build', m.file.replace(/\.ts$/, '.js'))],
      {
        cwd: dir,
        env: { ...process.env, ERP_BASE_URL: sandbox.url, ERP_PASSWORD: PASSWORD, NO_COLOR: '1' },
      },
    ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`${m.page}: ${error.stderr || error.message}\n${error.stdout ?? ''}`);
    });
    const lines = stdout.split('\n');
    let from = 0;
    for (const text of m.prints) {
      const at = lines.findIndex((l, i) => i >= from && l.includes(text));
      expect(at, `${m.page} prints "${text}" (after line ${from}) in:\n${stdout}`).toBeGreaterThanOrEqual(0);
      from = at + 1;
    }
  });

  const tests = modules.filter((m) => m.mode === 'test');
  it.each(tests.map((m) => [`${m.page}:${m.origins[0]!.line}`, m] as const))(
    '%s: the test passes with node --test',
    (_, m) => {
      const { code, report } = runNodeTest(dir, join('build', m.file.replace(/\.ts$/, '.js')));
      expect(report).toMatch(/^# pass [1-9]\d*$/m);
      expect([code, report]).toEqual([0, expect.stringMatching(/^# fail 0$/m)]);
    },
  );
});

describe("the generated package's README", () => {
  it('links to the client pages, where erpgen installs them (node_modules/erpgen/docs/), each a page of docs/', () => {
    const readme = readFileSync(join(ROOT, 'generated', 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\((\.\.\/node_modules\/erpgen\/docs\/([^)]+))\)/g)].map((m) => m[2]!);
    expect(links.length).toBeGreaterThan(10);
    for (const page of links) expect(pages, page).toContain(`docs/${page}`);
    // every family's page among them
    for (const page of ['queries.md', 'transactions.md', 'interactive.md', 'udt.md', 'rest.md', 'testing.md'])
      expect(links).toContain(page);
    // and package.json ships them
    const { files } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    expect(files).toContain('docs');
  });
});
