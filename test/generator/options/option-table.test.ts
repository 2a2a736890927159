// The option tables (generator/options/options.ts) and what is derived from them: flag names, the values a
// command reads (checked, with their defaults, one line naming flag and value when wrong), the yargs flags, and
// the config file's keys.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs from 'yargs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { flagName, readFlags, type Table } from '../../../generator/options/option-table.js';
import { commandLine, withFlags } from '../../../generator/commands/yargs-flags.js';
import { DIFF_OPTIONS, FETCH_OPTIONS, GENERATE_OPTIONS, SANDBOX_OPTIONS } from '../../../generator/options/options.js';
import { loadConfig } from '../../../generator/config.js';
import { UserError } from '../../../generator/errors.js';
import { tempDir } from '../../support/cli.js';

describe('flag names', () => {
  it.each([
    ['out', 'out'],
    ['baseUrl', 'base-url'],
    ['maxMetadataMb', 'max-metadata-mb'],
    ['burst500', 'burst-500'],
    ['price500', 'price-500'],
    ['consumerKey', 'consumer-key'],
  ])('%s is --%s', (key, flag) => expect(flagName(key)).toBe(flag));
});

/** What readFlags gives, or the one line (and exit code) it refuses with. */
function read(table: Table, values: object, terminal = true): unknown {
  try {
    return readFlags(table, values, terminal);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { refused: error.message, exitCode: error.exitCode };
  }
}

describe('the values a command reads', () => {
  const cases: Array<[string, { table: Table; given: object; terminal?: boolean; want: unknown }]> = [
    [
      'generate with nothing given: the flags of its own with their defaults, none of those the config file has',
      { table: GENERATE_OPTIONS, given: {}, want: { check: false, format: 'text', quiet: false } },
    ],
    [
      'a flag that is also a config key, given',
      {
        table: GENERATE_OPTIONS,
        given: { decimals: 'string' },
        want: { decimals: 'string', check: false, format: 'text', quiet: false },
      },
    ],
    [
      'a list given empty is not given',
      { table: GENERATE_OPTIONS, given: { include: [] }, want: { check: false, format: 'text', quiet: false } },
    ],
    [
      'the API has no terminal flags',
      { table: GENERATE_OPTIONS, given: { quiet: true, check: true }, terminal: false, want: { check: true } },
    ],
    [
      'a choice not among the choices (as the API can be given)',
      {
        table: GENERATE_OPTIONS,
        given: { emit: 'py' },
        want: { refused: '--emit py: expected js or ts', exitCode: 2 },
      },
    ],
    [
      'a number out of range names flag and value',
      {
        table: FETCH_OPTIONS,
        given: { timeout: -1 },
        want: { refused: '--timeout -1: give a number of seconds', exitCode: 2 },
      },
    ],
    [
      'what is not a number is not shown as NaN',
      {
        table: FETCH_OPTIONS,
        given: { timeout: Number.NaN },
        want: { refused: '--timeout: give a number of seconds', exitCode: 2 },
      },
    ],
    [
      'a fault plan N of every M',
      {
        table: SANDBOX_OPTIONS,
        given: { snapshot: 's', burst500: '3/10' },
        want: expect.objectContaining({ burst500: { count: 3, every: 10 }, port: 0, rows: 25, overloadStatus: 503 }),
      },
    ],
    [
      'a fault plan that cannot be one',
      {
        table: SANDBOX_OPTIONS,
        given: { snapshot: 's', burst500: '5/2' },
        want: { refused: '--burst-500 5/2: expected N or N/M (N faulty requests, or N of every M)', exitCode: 2 },
      },
    ],
    [
      'an overload status the sandbox does not play',
      {
        table: SANDBOX_OPTIONS,
        given: { snapshot: 's', overloadStatus: 500 },
        want: { refused: '--overload-status 500: expected 502, 503 or 504', exitCode: 2 },
      },
    ],
    [
      'a port out of range',
      {
        table: SANDBOX_OPTIONS,
        given: { snapshot: 's', port: 70000 },
        want: { refused: '--port 70000: expected a port number', exitCode: 2 },
      },
    ],
    [
      'a positional is named without dashes',
      {
        table: DIFF_OPTIONS,
        given: { old: 7 },
        want: { refused: 'old 7: Invalid input: expected string, received number', exitCode: 2 },
      },
    ],
  ];
  it.each(cases)('%s', (_, { table, given, terminal, want }) => expect(read(table, given, terminal)).toEqual(want));
});

describe('the yargs flags', () => {
  /** The table's flags on a yargs program: what it parses, or the complaint it fails with. */
  function parse(table: Table, args: string[]): Record<string, unknown> | string {
    let failure = '';
    const argv = withFlags(yargs(args), table)
      .strict()
      .fail((message) => {
        failure = message;
      })
      .parseSync();
    return failure || argv;
  }

  it('every flag of every table in --help by its kebab name, except the hidden ones; no config-only key', async () => {
    for (const table of [GENERATE_OPTIONS, FETCH_OPTIONS, SANDBOX_OPTIONS]) {
      const help = await withFlags(yargs([]), table).getHelp();
      for (const [key, option] of Object.entries(table))
        expect(help.includes(`--${flagName(key)} `), key).toBe(option.on !== 'config' && !('hidden' in option));
    }
  });

  it('kinds, choices and defaults come from the zod types; a flag that is also a config key has no default', () => {
    const none = parse(GENERATE_OPTIONS, []);
    expect(none).toMatchObject({ check: false, format: 'text', quiet: false });
    expect(none).not.toHaveProperty('emit');
    expect(parse(GENERATE_OPTIONS, ['--emit', 'py'])).toMatch(/^Invalid values:/);
    expect(parse(GENERATE_OPTIONS, ['--include', 'a', 'b'])).toMatchObject({ include: ['a', 'b'] });
    const required = { name: { type: z.string(), describe: 'a name', on: 'flag' } } as const satisfies Table;
    expect(parse(required, [])).toBe('Missing required argument: name');
    expect(parse(SANDBOX_OPTIONS, [])).toMatchObject({ sample: false, port: 0 });
    expect(parse(SANDBOX_OPTIONS, ['--snapshot', 's', '--burst-500', '3/10', '--port', '80'])).toMatchObject({
      burst500: '3/10',
      port: 80,
      overloadStatus: 503,
    });
  });

  it('positionals make the command line', () => {
    expect(commandLine('diff', DIFF_OPTIONS)).toBe('diff <old> [new]');
    expect(commandLine('generate', GENERATE_OPTIONS)).toBe('generate');
  });
});

describe('the config file', () => {
  const dir = tempDir();
  const config = (content: object, flags = {}) => {
    writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify(content));
    try {
      return loadConfig(flags, dir);
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('takes the config keys of generate and, under fetch, of fetch; nothing that is a flag only', () => {
    expect(config({ packageName: 'x', fetch: { baseUrl: 'https://erp.example', maxMetadataMb: 8 } })).toMatchObject({
      packageName: 'x',
      fetch: { baseUrl: 'https://erp.example', maxMetadataMb: 8 },
    });
    expect(config({ check: true })).toBe('erpgen.config.json: (top level): unknown key "check"');
    expect(config({ fetch: { timeout: 5 } })).toBe('erpgen.config.json: fetch: unknown key "timeout"');
    expect(config({ fetch: { maxMetadataMb: 0 } })).toBe(
      'erpgen.config.json: fetch.maxMetadataMb: give a number of mebibytes',
    );
  });

  it("a flag given wins; paths from a flag are the working folder's, from the file the file's", () => {
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(
      join(dir, 'sub/erpgen.config.json'),
      JSON.stringify({ snapshot: 'snap', include: ['a*'], decimals: 'string' }),
    );
    const loaded = loadConfig({ config: 'sub/erpgen.config.json', out: 'elsewhere', include: [] }, dir);
    expect(loaded).toMatchObject({
      snapshot: join(dir, 'sub/snap'),
      out: join(dir, 'elsewhere'),
      include: ['a*'],
      decimals: 'string',
      emit: 'js',
      file: join('sub', 'erpgen.config.json'),
    });
  });
});
