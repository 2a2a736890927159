// A plain `erpgen generate` command line read without yargs (generator/commands/generate-args.ts): whatever it
// reads, it reads as the full command line does (cli.ts: yargs, then the option table's checks), and it hands
// every other command line over rather than read it otherwise. Each reading is compared with cli.ts's own, run
// with a stand-in for the command that keeps the flags it is given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main } from '../../../generator/cli.js';
import { generateCommand } from '../../../generator/commands/generate.js';
import { plainFlags } from '../../../generator/commands/generate-args.js';
import { GENERATE_KEYS } from '../../../generator/options/generate-keys.js';
import { GENERATE_OPTIONS } from '../../../generator/options/options.js';
import { UserError } from '../../../generator/errors.js';

/** What cli.ts gives `erpgen generate <words>`'s command: its flags, or the error it refuses the words with. */
async function fullReading(words: readonly string[]): Promise<{ flags: object } | { refused: string }> {
  let flags: object | undefined;
  const keep = { ...generateCommand, run: async (given: object) => ((flags = given), 0) };
  try {
    await main(['generate', ...words], [keep]);
  } catch (error) {
    if (error instanceof UserError) return { refused: error.message };
    throw error;
  }
  return flags ? { flags } : { refused: '(no command ran: --help or --version)' };
}

/** Holds the plain reading to the full one: the same flags, or none. */
async function agrees(words: readonly string[]): Promise<void> {
  const plain = plainFlags(words);
  if (plain === undefined) return;
  expect(await fullReading(words), JSON.stringify(words)).toEqual({ flags: plain });
}

const PLAIN: string[][] = [
  [],
  ['--snapshot', 'schema', '--out', 'out', '--include', '*', '--emit', 'js'],
  ['--out=out', '--snapshot=./s p a c e', '--include=oe_*', '--include', 'customer', '--exclude', 'x', '--exclude=y'],
  ['--check'],
  ['--check', '--quiet', '--format', 'json'],
  ['--format=json', '--check'],
  ['--config', 'sub/erpgen.config.json', '--emit', 'ts', '--decimals', 'string'],
  ['--decimals=number', '--emit=js', '--format=text'],
  // a word yargs could take for a number or a switch stays a word, as the option table reads it
  ['--out', '007', '--include', 'true', '--snapshot', '1e3'],
  ['--out', 'a=b', '--include', 'ünïcödé', '--exclude', '__proto__', '--snapshot', 'constructor'],
];

const HANDED_OVER: string[][] = [
  ['--emit', 'py'],
  ['--format', 'yaml'],
  ['--outt', 'x'],
  ['--snapshots', 'x'],
  ['-o', 'x'],
  ['--help'],
  ['--version'],
  ['--no-check'],
  ['--check', 'false'],
  ['--check=true'],
  ['--quiet', 'yes'],
  ['--out'],
  ['--out', ''],
  ['--out='],
  ['--out', '-x'],
  ['--out', '"quoted"'],
  ["--out='quoted'"],
  ['--out', 'a', '--out', 'b'],
  ['--check', '--check'],
  ['--include', 'a', 'b'],
  ['stray'],
  ['--'],
  ['--', '--out', 'x'],
  ['--include-unreachable'],
  ['--package-name', 'x'],
  ['--Out', 'x'],
  ['--out.x', 'y'],
  ['--password', 'p'],
];

describe('a plain generate command line, read without yargs', () => {
  it.each(PLAIN.map((words) => [words.join(' ') || '(no flags)', words]))(
    'is read as the full command line reads it: %s',
    async (_, words) => {
      expect(plainFlags(words), 'read plainly').toBeDefined();
      await agrees(words);
    },
  );

  it.each(HANDED_OVER.map((words) => [words.join(' '), words]))('is handed over to yargs: %s', (_, words) => {
    expect(plainFlags(words)).toBeUndefined();
  });

  it('reads flags with their defaults, and a flag that is also a config key only when given', () => {
    expect(plainFlags([])).toEqual({ check: false, format: 'text', quiet: false });
    expect(plainFlags(['--include', 'a', '--include=b'])).toEqual({
      include: ['a', 'b'],
      check: false,
      format: 'text',
      quiet: false,
    });
  });

  it('knows the flags of the option table and no other', () => {
    const table = Object.entries(GENERATE_OPTIONS).map(([k, o]) => [k, o.on, 'path' in o, 'terminal' in o]);
    const plain = Object.entries(GENERATE_KEYS).map(([k, o]) => [k, o.on, 'path' in o, 'terminal' in o]);
    expect(plain).toEqual(table);
  });

  it('agrees with the full command line on any mix of words (fast-check)', async () => {
    const word = fc.constantFrom(
      '--out',
      '--out=o',
      '--snapshot',
      '--include',
      '--include=a*',
      '--exclude',
      '--emit',
      '--emit=ts',
      '--decimals',
      '--format',
      '--format=json',
      '--config',
      '--check',
      '--quiet',
      '--no-quiet',
      '--help',
      '-q',
      'js',
      'ts',
      'json',
      'string',
      'number',
      'py',
      'x',
      '12',
      'true',
      '',
      '-',
      '--',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(word, { maxLength: 7 }), async (words) => {
        await agrees(words);
      }),
      { numRuns: 300 },
    );
  });
});
