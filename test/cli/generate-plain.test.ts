// A plain `erpgen generate` runs without loading yargs and zod (generator/commands/generate-fast.ts), and gives what
// the full command line gives: the same package, the same line; anything it does not read plainly (a flag in a
// form of yargs' own, a config file with a problem) goes to the full command line, which says what is wrong.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { CLI, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { readTree } from '../support/tree.js';

/** A module loader hook that writes the URL of every module node loads to the file $ERPGEN_MODULE_LOG. */
const HOOK = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.ERPGEN_MODULE_LOG, url + '\\n');
  return next(url, context);
}`;
const REGISTER = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)});`;

const dir = tempDir();

/** The CLI in `dir`, with the packages it loaded. */
function run(args: readonly string[], name: string) {
  const log = join(dir, `${name}.modules`);
  writeFileSync(log, '');
  const result = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, CLI, ...args],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ERPGEN_MODULE_LOG: log } },
  );
  const urls = readFileSync(log, 'utf8').split('\n');
  const packages = new Set(urls.map((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]).filter(Boolean));
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, packages };
}

/** A line of the run with its seconds left out. */
const timeless = (text: string) => text.replace(/\(\d+\.\d s\)/, '(s)');

describe('a plain erpgen generate', () => {
  const words = ['--snapshot', SAMPLE_SNAPSHOT, '--include', '*', '--quiet'];

  it('loads neither yargs nor zod, and writes what the full command line writes', () => {
    const plain = run(['generate', ...words, '--out', 'plain'], 'plain');
    // --no-check: a form only yargs reads, so this run takes the full command line
    const full = run(['generate', ...words, '--out', 'full', '--no-check'], 'full');
    expect([plain.code, full.code]).toEqual([0, 0]);
    expect([...plain.packages].filter((p) => p === 'yargs' || p === 'zod')).toEqual([]);
    // nor stream-json, whose tokenizer only a document that does not parse needs (parse/json-stream.ts)
    expect([...plain.packages].filter((p) => p?.startsWith('stream-'))).toEqual([]);
    expect(full.packages).toContain('yargs');
    expect(full.packages).toContain('zod');
    expect(timeless(plain.stdout).replace('plain', 'full')).toBe(timeless(full.stdout));
    expect(plain.stderr).toBe(full.stderr);
    expect(readTree(join(dir, 'plain'))).toEqual(readTree(join(dir, 'full')));
  });

  it('leaves a config file with a problem to the full command line, which names it as it did', () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ snapshots: 'schema' }));
    const result = run(['generate', '--config', 'bad.json', '--out', 'bad'], 'bad');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`erpgen: bad.json: (top level): unknown key "snapshots" (did you mean "snapshot"?)\n`);
    expect(result.packages).toContain('zod');
  });

  it('leaves an unknown flag to the full command line, which says which one was meant', () => {
    const result = run(['generate', '--snapshots', SAMPLE_SNAPSHOT], 'unknown');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'erpgen: --snapshots: no such flag of erpgen generate (did you mean --snapshot?) (see erpgen --help)\n',
    );
  });
});
