// `erpgen generate` with nothing to do, answered from the record of an earlier run before the command line is
// parsed (generator/commands/generate-noop.ts): it answers only a command line a full run recorded, with the
// settings that run took from it, and says what the full command says; anything it cannot be sure of goes to the
// full command line (an undefined answer). In-process, so that the record and the answer come from the same code.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../../generator/cli.js';
import { invocationKey, nothingToDo } from '../../../generator/commands/generate-noop.js';
import { tempDir } from '../../support/cli.js';
import { SAMPLE_SNAPSHOT } from '../../support/paths.js';

const work = tempDir();
let n = 0;
let home: string;
let dir: string;
let logged: string[];
let told: string[];

beforeEach(() => {
  home = process.cwd();
  dir = join(work, `case${n++}`);
  mkdirSync(dir, { recursive: true });
  cpSync(SAMPLE_SNAPSHOT, join(dir, 'schema'), { recursive: true });
  writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify({ include: ['customer*', 'oe_*'] }));
  process.chdir(dir);
  logged = [];
  told = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void logged.push(line));
  vi.spyOn(process.stderr, 'write').mockImplementation((line) => Boolean(told.push(String(line))));
});

afterEach(() => {
  vi.restoreAllMocks();
  process.chdir(home);
});

const GENERATE = ['generate', '--snapshot', 'schema', '--out', 'generated'];

/** What the full command line says and exits with (the seconds it took left out). */
async function full(args: readonly string[]): Promise<{ code: number; said: string[] }> {
  logged = [];
  told = [];
  const code = await main([...args]);
  return { code, said: [...told, ...logged].map((l) => l.replace(/\d+\.\d s\)/, 's)')) };
}

/** What the quick answer says and exits with; undefined: it leaves the command line to the full command. */
function quick(args: readonly string[], cwd = dir): { code: number; said: string[] } | undefined {
  logged = [];
  told = [];
  const code = nothingToDo(args, cwd);
  return code === undefined
    ? undefined
    : { code, said: [...told, ...logged].map((l) => l.replace(/\d+\.\d s\)/, 's)')) };
}

describe('erpgen generate with nothing to do, before the command line is parsed', () => {
  it('answers a command line a run recorded, as the full command does, with and without --check', async () => {
    expect(quick(GENERATE)).toBeUndefined();
    expect((await full(GENERATE)).said.at(-1)).toMatch(/ \d+ file\(s\) written, 0 removed, 0 unchanged/);
    const noop = await full(GENERATE);
    expect(noop.said.at(-1)).toMatch(/ 0 file\(s\) written, 0 removed, \d+ unchanged/);
    expect(quick(GENERATE)).toEqual(noop);
    // how the run is shown, and --check, choose nothing of what is generated: the same record answers them
    for (const shown of [['--quiet'], ['--check'], ['--check', '--format', 'json'], ['--format=json', '--check']]) {
      const args = [...GENERATE.slice(0, 1), ...shown, ...GENERATE.slice(1)];
      expect(quick(args), shown.join(' ')).toEqual(await full(args));
    }
    expect(quick([...GENERATE, '--check', '--quiet'])).toEqual({ code: 0, said: [] });
  });

  it("says a recorded run's notices again, as JSON lines with their codes under --format json", async () => {
    const args = [...GENERATE, '--exclude', 'zz*'];
    await full(args);
    for (const shown of [[], ['--format', 'json'], ['--check', '--format', 'json']]) {
      const expected = await full([...args, ...shown]);
      expect(quick([...args, ...shown]), shown.join(' ')).toEqual(expected);
    }
    const json = quick([...args, '--format', 'json'])!;
    expect(JSON.parse(json.said[0]!)).toEqual({
      code: 'ERPGEN_EXCLUDE_UNMATCHED',
      level: 'notice',
      message: 'exclude pattern "zz*" matches no table or view of the snapshot',
      where: { option: 'exclude' },
    });
    expect(JSON.parse(json.said.at(-1)!)).toMatchObject({ upToDate: true, written: 0, removed: 0 });
  });

  it('takes nothing from a record for another command line, folder, config file or output', async () => {
    await full(GENERATE);
    expect(quick(GENERATE)).toBeDefined();
    // other words, even of the same meaning: the full command reads them (and records them)
    expect(quick([...GENERATE, '--emit', 'js'])).toBeUndefined();
    await full([...GENERATE, '--emit', 'js']);
    expect(quick([...GENERATE, '--emit', 'js'])).toBeDefined();
    expect(quick(GENERATE)).toBeDefined();
    // the same words from another folder
    mkdirSync(join(dir, 'sub'));
    expect(quick(['generate', '--snapshot', '../schema', '--out', '../generated'], join(dir, 'sub'))).toBeUndefined();
    // the config file edited: its settings are read again, and the output follows them
    writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify({ include: ['customer*'] }));
    expect(quick(GENERATE)).toBeUndefined();
    expect((await full(GENERATE)).said.at(-1)).toMatch(/ \d+ file\(s\) written, [1-9]\d* removed/);
    expect(quick(GENERATE)).toBeDefined();
    // ... or removed
    rmSync(join(dir, 'erpgen.config.json'));
    expect(quick(GENERATE)).toBeUndefined();
    // a file of the output edited by hand
    await full(GENERATE);
    const file = join(dir, 'generated/tables/customer.d.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}// edited\n`);
    expect(quick(GENERATE)).toBeUndefined();
    expect(quick([...GENERATE, '--check'])).toBeUndefined();
    expect((await full(GENERATE)).said.at(-1)).toMatch(/ 1 file\(s\) written, 0 removed/);
    expect(quick(GENERATE)).toBeDefined();
  });

  it('regenerates after an edit of the definitions overlay alone, and answers again after it', async () => {
    const config = (definitions: object) =>
      writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify({ include: ['customer*', 'oe_*'], definitions }));
    config({});
    await full(GENERATE);
    expect(quick(GENERATE)).toBeDefined();
    const order = join(dir, 'generated/transactions/Order.d.ts');
    expect(readFileSync(order, 'utf8')).not.toContain('$DisabledOnThisServer');
    config({ Order: { 'TABPAGE_1.order': { company_id: { disabled: true } } } });
    expect(quick(GENERATE)).toBeUndefined();
    expect((await full(GENERATE)).said.at(-1)).toMatch(/ [1-9]\d* file\(s\) written, 0 removed/);
    expect(readFileSync(order, 'utf8')).toContain('readonly company_id?: $DisabledOnThisServer;');
    expect(quick(GENERATE)).toBeDefined();
    // one fact of a line changed
    config({ Order: { 'TABPAGE_1.order': { company_id: { required: false } } } });
    expect(quick(GENERATE)).toBeUndefined();
    expect((await full(GENERATE)).said.at(-1)).toMatch(/ [1-9]\d* file\(s\) written, 0 removed/);
    expect(readFileSync(order, 'utf8')).not.toContain('$DisabledOnThisServer');
  });

  it('never answers a command line the full command refuses or reads otherwise', async () => {
    await full(GENERATE);
    for (const args of [
      [...GENERATE, '--unknown'],
      [...GENERATE, '--check', '--check'],
      [...GENERATE, '--no-check'],
      [...GENERATE, '--check=true'],
      [...GENERATE, '--quiet', 'stray'],
      [...GENERATE, '--format', 'xml'],
      [...GENERATE, '--help'],
      [...GENERATE, '--', '--check'],
      ['--quiet', ...GENERATE],
    ])
      expect(quick(args), args.join(' ')).toBeUndefined();
  });

  it('keys a command line by the words that choose what is generated', () => {
    const key = invocationKey(GENERATE, dir);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(invocationKey([...GENERATE, '--check', '--format', 'json', '--quiet'], dir)).toBe(key);
    expect(invocationKey(['generate', '--check', ...GENERATE.slice(1)], dir)).toBe(key);
    expect(invocationKey([...GENERATE, '--emit', 'ts'], dir)).not.toBe(key);
    expect(invocationKey(GENERATE, join(dir, 'sub'))).not.toBe(key);
    expect(invocationKey(['fetch'], dir)).toBeUndefined();
  });
});
