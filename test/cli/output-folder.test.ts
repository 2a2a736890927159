// The output folder is the only place erpgen writes, reads back or deletes, and one run writes it at a time:
// links inside it are never followed (refused in one line, nothing touched), a folder in the place of a file is
// refused the same way, and a second run, in another process or in the same one, waits for the first and says
// who it waits for; a lock left by a process that is gone is taken over.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/commands/generate.js';
import { runCli, tempDir } from '../support/cli.js';
import { CLI, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { mtimes, readTree } from '../support/tree.js';

const work = tempDir('erpgen-output-');
let n = 0;

/** A folder with the sample snapshot and the package generated from it, as `gen`. */
function generated(): { dir: string; out: string } {
  const dir = join(work, `case${n++}`);
  mkdirSync(dir);
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'schema'), { recursive: true });
  expect(runCli(['generate', '--snapshot', 'schema', '--out', 'gen', '--quiet'], dir).code).toBe(0);
  return { dir, out: join(dir, 'gen') };
}

/** The snapshot changed, so that the next run has work to do (a column renamed in `terms`). */
function changeSnapshot(dir: string): void {
  const file = join(dir, 'schema/tables.metadata.json');
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"terms_desc"', '"terms_description"'));
}

const run = (dir: string, ...more: string[]) =>
  runCli(['generate', '--snapshot', 'schema', '--out', 'gen', ...more], dir);

/** one line (the sample's usual notice aside), exit 1, no stack */
function refused(result: ReturnType<typeof runCli>, pattern: RegExp): void {
  const lines = result.stderr
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('erpgen: left out table bin:'));
  expect(result.code).toBe(1);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** Nothing beside the output but the output: no staging folder, journal or lock left. */
const beside = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('.gen.'));

describe('links in the output folder', () => {
  it('a linked folder inside the output: refused in one line, nothing written there or anywhere', () => {
    const { dir, out } = generated();
    const outside = join(dir, 'outside');
    cpSync(join(out, 'tables'), outside, { recursive: true });
    rmSync(join(out, 'tables'), { recursive: true });
    symlinkSync(outside, join(out, 'tables'));
    changeSnapshot(dir);
    const before = readTree(outside);
    const times = mtimes(outside);
    const inside = readTree(out, (p) => p === 'tables');
    refused(
      run(dir),
      /^erpgen: gen\/tables is a link \(to ".*outside"\): erpgen writes, compares and removes only inside gen, never through a link/,
    );
    expect(readTree(outside)).toEqual(before);
    expect(mtimes(outside)).toEqual(times);
    expect(readTree(out, (p) => p === 'tables')).toEqual(inside);
    expect(beside(dir)).toEqual([]);
    // --check compares nothing through it either
    refused(run(dir, '--check'), /^erpgen: gen\/tables is a link/);
  });

  it('a line of the file list (.erpgen-files) that reaches a file through a linked folder: the file outside is not removed', () => {
    const { dir, out } = generated();
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'precious.js'), 'keep me\n');
    symlinkSync(outside, join(out, 'old'));
    // a manifest (damaged, or written by hand) that owns a file under the link: a stale file, to be removed
    const manifest = join(out, '.erpgen-files');
    writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}old/precious.js\n`);
    refused(run(dir), /^erpgen: gen\/old is a link \(to ".*outside"\)/);
    expect(readFileSync(join(outside, 'precious.js'), 'utf8')).toBe('keep me\n');
  });

  it('--check never shows what a linked file holds', () => {
    const { dir, out } = generated();
    const secret = join(dir, 'secret.txt');
    writeFileSync(secret, 'TOP SECRET: the payroll\n');
    rmSync(join(out, 'tables/terms.js'));
    symlinkSync(secret, join(out, 'tables/terms.js'));
    const result = run(dir, '--check');
    refused(result, /^erpgen: gen\/tables\/terms\.js is a link \(to ".*secret\.txt"\)/);
    expect(result.stderr + result.stdout).not.toContain('payroll');
    // nor does generate write through it
    refused(run(dir), /^erpgen: gen\/tables\/terms\.js is a link/);
    expect(readFileSync(secret, 'utf8')).toBe('TOP SECRET: the payroll\n');
  });

  it('an output folder that is itself a link is written where it points, its lock and staging beside that', () => {
    const dir = join(work, `case${n++}`);
    mkdirSync(join(dir, 'real'), { recursive: true });
    cpSync(SAMPLE_SNAPSHOT, join(dir, 'schema'), { recursive: true });
    symlinkSync(join(dir, 'real/pkg'), join(dir, 'gen'));
    // a link to nowhere: refused
    refused(run(dir), /^erpgen: gen: is a link to ".*pkg", which does not exist$/);
    mkdirSync(join(dir, 'real/pkg'));
    expect(run(dir, '--quiet').code).toBe(0);
    expect(existsSync(join(dir, 'real/pkg/tables/customer.js'))).toBe(true);
    expect(readdirSync(join(dir, 'real'))).toEqual(['pkg']);
    expect(run(dir, '--check').code).toBe(0);
  });
});

describe('a folder where a generated file belongs', () => {
  it('is refused in one line before anything moves (exit 1, not an internal error), and the output stays', () => {
    const { dir, out } = generated();
    changeSnapshot(dir);
    rmSync(join(out, 'tables/terms.d.ts'));
    mkdirSync(join(out, 'tables/terms.d.ts'));
    writeFileSync(join(out, 'tables/terms.d.ts/mine.txt'), 'mine\n');
    const before = readTree(out);
    const times = mtimes(out);
    refused(run(dir), /^erpgen: gen\/tables\/terms\.d\.ts is a folder where erpgen writes a file: move it away/);
    expect(readTree(out)).toEqual(before);
    expect(mtimes(out)).toEqual(times);
    expect(beside(dir)).toEqual([]);
    // and a file where it writes a folder
    rmSync(join(out, 'tables/terms.d.ts'), { recursive: true });
    rmSync(join(out, 'views'), { recursive: true });
    writeFileSync(join(out, 'views'), 'a file\n');
    refused(run(dir), /^erpgen: gen\/views is a file where erpgen writes a folder/);
    expect(readFileSync(join(out, 'views'), 'utf8')).toBe('a file\n');
  });
});

/** A lock file as erpgen writes it, naming `pid` on this host. */
function lockOf(dir: string, pid: number): string {
  const file = join(dir, '.gen.erpgen-lock');
  writeFileSync(file, JSON.stringify({ pid, host: hostname(), since: '2026-11-28T01:02:03.000Z', token: 'test' }));
  return file;
}

describe('one run at a time', () => {
  it('a second run waits for the one that holds the folder, and says who that is', async () => {
    const { dir, out } = generated();
    changeSnapshot(dir);
    const before = readTree(out);
    // held by a live process: this one
    const lock = lockOf(dir, process.pid);
    const child = spawn(process.execPath, [CLI, 'generate', '--snapshot', 'schema', '--out', 'gen'], { cwd: dir });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    while (!stderr.includes('waiting')) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stderr).toContain(
      `erpgen: gen: another erpgen is writing it (pid ${process.pid} on ${hostname()}, since 2026-11-28T01:02:03.000Z): waiting for it to finish\n`,
    );
    // it has written nothing while it waits
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readTree(out)).toEqual(before);
    rmSync(lock);
    expect(await exited).toBe(0);
    expect(readFileSync(join(out, 'tables/terms.d.ts'), 'utf8')).toContain('terms_description');
    expect(beside(dir)).toEqual([]);
  });

  it('a lock left by a process that is gone is taken over, saying so', () => {
    const { dir, out } = generated();
    changeSnapshot(dir);
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    lockOf(dir, gone);
    const result = run(dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `erpgen: gen: took over the lock of an erpgen that is no longer running (pid ${gone} on ${hostname()}, since 2026-11-28T01:02:03.000Z)`,
    );
    expect(readFileSync(join(out, 'tables/terms.d.ts'), 'utf8')).toContain('terms_description');
    expect(beside(dir)).toEqual([]);
  });

  it('two runs into one folder at once both succeed, and the folder is whole: what the last one wrote', async () => {
    const { dir, out } = generated();
    const start = (emit: string) =>
      new Promise<{ emit: string; code: number | null; at: number }>((resolve) => {
        const child = spawn(
          process.execPath,
          [CLI, 'generate', '--snapshot', 'schema', '--out', 'gen', '--emit', emit],
          {
            cwd: dir,
            stdio: 'ignore',
          },
        );
        child.once('exit', (code) => resolve({ emit, code, at: performance.now() }));
      });
    const runs = await Promise.all([start('ts'), start('js')]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const last = runs.sort((a, b) => a.at - b.at).at(-1)!.emit;
    expect(run(dir, '--emit', last, '--check').code).toBe(0);
    expect(existsSync(join(out, `tables/customer.${last}`))).toBe(true);
    expect(existsSync(join(out, `tables/customer.${last === 'ts' ? 'js' : 'ts'}`))).toBe(false);
    expect(beside(dir)).toEqual([]);
  });

  it('two generate() calls into one folder in one process: the second waits for the first, and both succeed', async () => {
    const { dir, out } = generated();
    writeFileSync(join(dir, 'erpgen.config.json'), '{}');
    const notices: string[] = [];
    const options = (emit: 'js' | 'ts') => ({
      config: join(dir, 'erpgen.config.json'),
      snapshot: join(dir, 'schema'),
      out,
      emit,
      onNotice: (line: string) => notices.push(line),
    });
    const [first, second] = await Promise.all([generate(options('ts')), generate(options('js'))]);
    expect(first.changed.length).toBeGreaterThan(0);
    expect(second.changed.length).toBeGreaterThan(0);
    expect(notices).toContain('gen: another generate in this process is writing it: waiting for it to finish');
    expect(existsSync(join(out, 'tables/customer.js'))).toBe(true);
    expect(existsSync(join(out, 'tables/customer.ts'))).toBe(false);
    expect((await generate({ ...options('js'), check: true })).upToDate).toBe(true);
    expect(beside(dir)).toEqual([]);
  });
});
