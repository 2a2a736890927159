// `--format json` for CI: each notice, warning and user error one JSON line on standard error, `{ code, level,
// message, where }` with its stable code (docs/cli.md, "Codes"); the result one JSON line on standard output; the
// exit codes as in text. Text stays as it was: `erpgen: <message>`.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/cli.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';

const work = tempDir('erpgen-diagnostics-cli-');
let n = 0;
function fresh(): string {
  const dir = join(work, `case${n++}`);
  mkdirSync(dir, { recursive: true });
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'schema'), { recursive: true });
  return dir;
}

/** Standard error as JSON lines: each line must be one. */
function lines(stderr: string): Array<Record<string, unknown>> {
  return stderr
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const GENERATE = ['generate', '--snapshot', 'schema', '--out', 'generated', '--include', 'customer', 'bin'];

describe('erpgen generate --format json', () => {
  it('notices as JSON lines on stderr, the counts as one JSON line on stdout', () => {
    const dir = fresh();
    const result = runCli([...GENERATE, '--exclude', 'zz*', '--format', 'json'], dir);
    expect(result.code).toBe(0);
    expect(lines(result.stderr)).toEqual([
      {
        code: 'ERPGEN_EXCLUDE_UNMATCHED',
        level: 'notice',
        message: 'exclude pattern "zz*" matches no table or view of the snapshot',
        where: { option: 'exclude' },
      },
      {
        code: 'ERPGEN_LEFT_OUT_UNREACHABLE',
        level: 'notice',
        message: expect.stringMatching(/^left out table bin: unreachable on both surfaces/),
        where: { subject: 'table bin' },
      },
    ]);
    expect(result.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(result.stdout)).toEqual({
      upToDate: true,
      out: 'generated',
      objects: 1,
      services: 12,
      written: expect.any(Number),
      removed: 0,
      unchanged: 0,
    });
    // the same run in text says the same notices as it always did
    const text = runCli([...GENERATE, '--exclude', 'zz*'], dir);
    expect(text.stderr.split('\n').slice(0, 2)).toEqual([
      'erpgen: exclude pattern "zz*" matches no table or view of the snapshot',
      expect.stringMatching(/^erpgen: left out table bin: unreachable/),
    ]);
  });

  it('--check of a stale package: the report on stdout, ERPGEN_CHECK_STALE on stderr, exit 1', () => {
    const dir = fresh();
    expect(runCli(GENERATE, dir).code).toBe(0);
    writeFileSync(join(dir, 'generated/tables/customer.js'), 'edited\n');
    const result = runCli([...GENERATE, '--check', '--format', 'json', '--quiet'], dir);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ upToDate: false, changed: ['tables/customer.js'] });
    expect(lines(result.stderr)).toEqual([
      {
        code: 'ERPGEN_CHECK_STALE',
        level: 'error',
        message: 'generated is stale: 1 file differs from what `erpgen generate` would write',
        where: { file: 'generated' },
      },
    ]);
  });

  it('a user error: one JSON line with its code and place, the exit code of text', () => {
    const dir = fresh();
    const missing = runCli(['generate', '--snapshot', 'shema', '--format', 'json'], dir);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(lines(missing.stderr)).toEqual([
      {
        code: 'ERPGEN_SNAPSHOT_NOT_FOUND',
        level: 'error',
        message: expect.stringMatching(/^shema: snapshot folder not found \(did you mean schema\?\)/),
        where: { file: 'shema' },
      },
    ]);
    const flag = runCli(['generate', '--snapshots', 'schema', '--format=json'], dir);
    expect(flag.code).toBe(2);
    expect(lines(flag.stderr)).toEqual([
      {
        code: 'ERPGEN_UNKNOWN_FLAG',
        level: 'error',
        message: '--snapshots: no such flag of erpgen generate (did you mean --snapshot?) (see erpgen --help)',
        where: { option: '--snapshots' },
      },
    ]);
    writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify({ packagename: 'x' }));
    const config = runCli(['generate', '--format', 'json'], dir);
    expect(config.code).toBe(1);
    expect(lines(config.stderr)).toMatchObject([
      { code: 'ERPGEN_CONFIG_UNKNOWN_KEY', where: { file: 'erpgen.config.json', option: 'packagename' } },
    ]);
    // the same error in text: the line it always was
    expect(runCli(['generate'], dir).stderr).toBe(
      'erpgen: erpgen.config.json: (top level): unknown key "packagename" (did you mean "packageName"?)\n',
    );
  });

  it('a broken schema document: the file and the byte', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'schema/views.metadata.json'), '{"$Version": "4.0", "$EntityContainer": ');
    const result = runCli([...GENERATE, '--format', 'json'], dir);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      {
        code: 'ERPGEN_JSON_INVALID',
        level: 'error',
        message: expect.stringMatching(/^schema\/views\.metadata\.json: invalid JSON: the document ends too early/),
        where: { file: 'schema/views.metadata.json', offset: expect.any(Number) },
      },
    ]);
  });
});

describe('the other commands', () => {
  it('erpgen fetch --format json: its errors as JSON lines', () => {
    const result = runCli(['fetch', '--format', 'json'], fresh());
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      {
        code: 'ERPGEN_FETCH_NO_SERVER',
        level: 'error',
        message: 'no server: give --base-url, or set fetch.baseUrl in erpgen.config.json',
        where: { option: '--base-url' },
      },
    ]);
  });

  it('erpgen diff --format json: its trouble as a JSON line, exit 2', () => {
    const result = runCli(['diff', 'old', 'schema', '--format', 'json'], fresh());
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      { code: 'ERPGEN_DIFF_NOT_A_SNAPSHOT', level: 'error', message: 'old: no such folder', where: { file: 'old' } },
    ]);
  });

  it('an unknown command', () => {
    const result = runCli(['gen', '--format=json'], fresh());
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toMatchObject([
      {
        code: 'ERPGEN_UNKNOWN_COMMAND',
        level: 'error',
        message: expect.stringContaining('did you mean erpgen generate?'),
      },
    ]);
  });
});
