// The flags of a plain `erpgen generate` command line, read without yargs (which costs a sample's run more than
// its parse): only the forms whose reading is beyond doubt, each as yargs reads it. Anything else (a bare word, a
// short or negated flag, --help, a flag unknown, given twice, with a value missing, empty, quoted or beginning with
// a dash, a choice not among the choices) is left to the full command line (cli.ts), so that its messages and
// did-you-means stay yargs' and the option table's.
import type { Flags } from '../options/option-table.js';
import type { GENERATE_OPTIONS } from '../options/options.js';
import { flagName } from '../options/option-table.js';
import { GENERATE_KEYS, type PlainOption } from '../options/generate-keys.js';

const FLAGS = new Map<string, [string, PlainOption]>(
  Object.entries(GENERATE_KEYS as Record<string, PlainOption>)
    .filter(([, o]) => o.on !== 'config')
    .map(([key, o]) => [flagName(key), [key, o]]),
);

/** A word yargs could read as something else than a plain value. */
const unplain = (word: string) => word === '' || /^['"-]/.test(word);

/**
 * The flags of `erpgen generate <words>`, as readFlags gives them from yargs' reading (checked, with their
 * defaults; a flag that is also a config key only when given), or undefined when the words need yargs.
 */
export function plainFlags(words: readonly string[]): Flags<typeof GENERATE_OPTIONS> | undefined {
  const given = new Map<string, unknown>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith('--')) return undefined;
    const equals = word.indexOf('=');
    const found = FLAGS.get(equals < 0 ? word.slice(2) : word.slice(2, equals));
    if (!found) return undefined;
    const [key, option] = found;
    if (option.kind === 'boolean') {
      // `--check=false`; `--check false` ends at the bare word
      if (equals >= 0 || given.has(key)) return undefined;
      given.set(key, true);
      continue;
    }
    const value = equals >= 0 ? word.slice(equals + 1) : words[++i];
    if (value === undefined || unplain(value)) return undefined;
    if (option.kind === 'choice' && !option.choices!.includes(value)) return undefined;
    if (option.kind === 'array') {
      // (`--include a b`, which yargs reads as a list of two, ends at the bare word)
      given.set(key, [...((given.get(key) as string[] | undefined) ?? []), value]);
    } else {
      if (given.has(key)) return undefined;
      given.set(key, value);
    }
  }
  const flags: Record<string, unknown> = {};
  for (const [, [key, option]] of FLAGS) {
    const value = given.has(key) ? given.get(key) : option.default;
    if (value !== undefined) flags[key] = value;
  }
  return flags as Flags<typeof GENERATE_OPTIONS>;
}
