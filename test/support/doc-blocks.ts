// The fenced code blocks of README.md, CONTRIBUTING.md and docs/*.md, run as tests (test/package/docs.test.ts), so
// that no example can drift from the package or the sample data. What a block is decides what is done with it:
//
// - ```ts: part of its page's program. A page's ts blocks, in order, are one ES module of a small project beside
//   a node_modules holding erpgen (this checkout) and the sample package (`@acme/erp-schema`, generated/); compiled
//   by both compilers and run with node against the sample served by the sandbox (ERP_BASE_URL, ERP_PASSWORD). A
//   line `...; // prints: text` claims a line of its output that holds `text`, after the ones claimed before it.
// - ```ts test: a test file of its own, compiled, then run with `node --test` (it starts its own sandbox, as a
//   team's test does): it must pass and fail none.
// - ```ts compile: compiled after the page's program blocks before it (it may use their imports), not run: for what
//   needs a real server or a name of the reader's (`declare const logger: ...`).
// - a ts block with a line that ends `// error` or `// error: text`: compiled the same way, and must fail to
//   compile on exactly those lines (the first line of an error there holding `text`), on no other.
// - ```json config: an erpgen.config.json, checked against the config's schema; ```json: valid JSON.
// - ```sh, ```jsonc, ```text, a block without a language, and ```ts shown (a part of a generated module, or code
//   meant for a package generated with other settings, whose own test the page names): shown, not run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeProjectTsconfig } from './compilers.js';
import { ROOT } from './paths.js';

/** The pages whose blocks run: the README, CONTRIBUTING.md and every page of docs/. */
export function docPages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs];
}

type Mode = 'program' | 'test' | 'compile' | 'error' | 'json' | 'config' | 'shown';

export interface DocBlock {
  readonly page: string;
  /** the page's line of the block's first code line (1-based) */
  readonly line: number;
  readonly lang: string;
  readonly mode: Mode;
  readonly code: string;
  /** for an error block: the block's lines (1-based) that must fail, each with the text its error must hold */
  readonly errors: ReadonlyMap<number, string>;
  /** for a program block: what its output must show, in order */
  readonly prints: readonly string[];
}

const SHOWN = new Set(['sh', 'jsonc', 'text', '']);

/** The fenced blocks of a page; a language or tag the runner does not know is an error naming the line. */
export function docBlocks(page: string): DocBlock[] {
  const lines = readFileSync(join(ROOT, page), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [lang = '', ...tags] = open[2]!.trim().split(/\s+/).filter(Boolean);
    const indent = open[1]!.length;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) end++;
    if (end === lines.length) throw new Error(`${page}:${i + 1}: a code block that does not end`);
    const code = lines
      .slice(start, end)
      .map((l) => l.slice(Math.min(indent, /^\s*/.exec(l)![0].length)))
      .join('\n');
    i = end;
    const errors = new Map<number, string>();
    const prints: string[] = [];
    code.split('\n').forEach((l, n) => {
      const error = /\/\/ error(?::\s*(.*))?$/.exec(l);
      if (error) errors.set(n + 1, error[1]?.trim() ?? '');
      const printed = /\/\/ prints: (.*)$/.exec(l);
      if (printed) prints.push(printed[1]!.trim());
    });
    const where = `${page}:${start}`;
    let mode: Mode;
    if (lang === 'ts') {
      const tag = tags.join(' ');
      if (!['', 'test', 'compile', 'shown'].includes(tag))
        throw new Error(`${where}: unknown tag "${tag}" of a ts block`);
      if (tag === 'shown') mode = 'shown';
      else mode = errors.size ? 'error' : tag === 'test' ? 'test' : tag === 'compile' ? 'compile' : 'program';
      if (mode !== 'program' && mode !== 'shown' && prints.length)
        throw new Error(`${where}: only a program block's output is checked`);
    } else if (lang === 'json') {
      if (tags.length > (tags[0] === 'config' ? 1 : 0)) throw new Error(`${where}: unknown tags of a json block`);
      mode = tags[0] === 'config' ? 'config' : 'json';
    } else if (SHOWN.has(lang) && tags.length === 0) mode = 'shown';
    else throw new Error(`${where}: a block of "${open[2]!.trim()}" the runner does not know`);
    blocks.push({ page, line: start + 1, lang, mode, code, errors, prints });
  }
  return blocks;
}

/** Where a line of a module came from: its page and the page's line. */
interface Origin {
  readonly page: string;
  readonly line: number;
  /** whether the line is the module's own block (an error block's lines), not a program block it follows */
  readonly own: boolean;
}

export interface DocModule {
  /** the file name in the project, e.g. `docs-queries.ts`, `docs-testing-2.test.ts` */
  readonly file: string;
  readonly mode: 'program' | 'test' | 'compile' | 'error';
  readonly page: string;
  readonly text: string;
  /** per line of `text` (0-based) */
  readonly origins: readonly Origin[];
  /** error modules: the module's lines (1-based) that must fail, with the text the error must hold */
  readonly errors: ReadonlyMap<number, string>;
  readonly prints: readonly string[];
}

const slug = (page: string) =>
  page
    .replace(/\.md$/, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();

/** The modules of a page: its program (the program blocks, in order), and a module per other ts block. */
export function docModules(page: string, blocks = docBlocks(page)): DocModule[] {
  const modules: DocModule[] = [];
  const program: { lines: string[]; origins: Origin[]; prints: string[] } = { lines: [], origins: [], prints: [] };
  const add = (into: { lines: string[]; origins: Origin[] }, block: DocBlock, own: boolean) =>
    block.code.split('\n').forEach((l, n) => {
      into.lines.push(l);
      into.origins.push({ page, line: block.line + n, own });
    });
  blocks.forEach((block, index) => {
    if (block.mode === 'program') {
      add(program, block, true);
      program.prints.push(...block.prints);
    } else if (block.mode === 'test') {
      const into = { lines: [] as string[], origins: [] as Origin[] };
      add(into, block, true);
      const file = `${slug(page)}-${index + 1}.test.ts`;
      modules.push({
        file,
        mode: 'test',
        page,
        text: `${into.lines.join('\n')}\n`,
        origins: into.origins,
        errors: new Map(),
        prints: [],
      });
    } else if (block.mode === 'compile' || block.mode === 'error') {
      // after the program so far: its imports and names are in scope
      const into = { lines: [...program.lines], origins: program.origins.map((o) => ({ ...o, own: false })) };
      const before = into.lines.length;
      add(into, block, true);
      const errors = new Map([...block.errors].map(([line, text]) => [before + line, text]));
      const file = `${slug(page)}-${index + 1}.ts`;
      modules.push({
        file,
        mode: block.mode,
        page,
        text: `${into.lines.join('\n')}\nexport {};\n`,
        origins: into.origins,
        errors,
        prints: [],
      });
    }
  });
  if (program.lines.length)
    modules.unshift({
      file: `${slug(page)}.ts`,
      mode: 'program',
      page,
      text: `${program.lines.join('\n')}\nexport {};\n`,
      origins: program.origins,
      errors: new Map(),
      prints: program.prints,
    });
  return modules;
}

/** Packages the blocks may import, besides erpgen and the sample package: erpgen's own dev dependencies. */
const LENT = ['@opentelemetry/api', '@opentelemetry/sdk-trace-base', 'zod'];

/**
 * A project in `dir` as a team has it (an ES module package, `module: nodenext`, strict, skipLibCheck off), whose
 * node_modules holds erpgen (this checkout, as npm links a folder), the sample package as `@acme/erp-schema` and
 * the packages of LENT; returns the tsconfig's path. `files`: the modules to write (name to text).
 */
export function docsProject(dir: string, files: ReadonlyMap<string, string>): string {
  mkdirSync(join(dir, 'node_modules', '@acme'), { recursive: true });
  mkdirSync(join(dir, 'node_modules', '@opentelemetry'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'erpgen'), 'dir');
  symlinkSync(join(ROOT, 'generated'), join(dir, 'node_modules', '@acme', 'erp-schema'), 'dir');
  for (const name of LENT) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'docs-examples', private: true, type: 'module' }));
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  const tsconfig = join(dir, 'tsconfig.json');
  writeFileSync(tsconfig, nodeProjectTsconfig({ files: [...files.keys()] }, { rootDir: '.', skipLibCheck: false }));
  return tsconfig;
}

/** `node --test` on a compiled test file (`file`, relative to `dir`): its exit code and TAP report. */
export function runNodeTest(dir: string, file: string): { code: number | null; report: string } {
  const result = spawnSync(process.execPath, ['--test', '--test-reporter=tap', file], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, report: `${result.stdout}${result.stderr}` };
}

/** The test kit's test as a team writes it: the `ts test` block of docs/testing.md. */
function kitTest(): string {
  const block = docBlocks('docs/testing.md').find((b) => b.mode === 'test');
  if (!block) throw new Error('docs/testing.md has no ts test block');
  return block.code;
}

/**
 * Writes the kit's test (docs/testing.md's, or `source`) as `test/customers.test.ts` of `<dir>/kit`, an ES module
 * project whose parent's node_modules holds erpgen and the generated package, with a tsconfig as a team has it
 * (skipLibCheck off); returns the tsconfig's path. test/package/install.test.ts runs it where erpgen was installed
 * from a tarball.
 */
export function writeKitProject(dir: string, source = kitTest()): string {
  const kit = join(dir, 'kit');
  mkdirSync(join(kit, 'test'), { recursive: true });
  writeFileSync(join(kit, 'package.json'), JSON.stringify({ name: 'team-tests', private: true, type: 'module' }));
  writeFileSync(join(kit, 'test', 'customers.test.ts'), source);
  const tsconfig = join(kit, 'tsconfig.json');
  writeFileSync(tsconfig, nodeProjectTsconfig({ include: ['test'] }, { rootDir: '.', skipLibCheck: false }));
  return tsconfig;
}

/** `node --test` on the kit's compiled test. */
export function runKitTest(dir: string): { code: number | null; report: string } {
  return runNodeTest(join(dir, 'kit'), join('build', 'test', 'customers.test.js'));
}
