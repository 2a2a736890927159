// A command's option table (options/option-table.ts) as yargs flags and positionals: for the command line alone (cli.ts), so
// that the programmatic API's declarations never name yargs, whose types a team's project does not have.
import type { Argv, Options as YargsOption, PositionalOptions } from 'yargs';
import type { z } from 'zod';
import { flagName, type Table } from '../options/option-table.js';

const entries = (table: Table) => Object.entries(table);

/** What a zod type is to yargs: its kind, choices, default, and whether it must be given. */
function yargsShape(type: z.ZodType): Pick<YargsOption, 'type' | 'array' | 'choices' | 'default' | 'demandOption'> {
  let node = type;
  let fallback: { value: unknown } | undefined;
  let optional = false;
  let array = false;
  for (;;) {
    const def = node.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };
    if (def.type === 'default') fallback = { value: (node.def as unknown as { defaultValue: unknown }).defaultValue };
    if (def.type === 'optional') optional = true;
    const next = def.type === 'array' ? def.element : def.type === 'pipe' ? def.in : def.innerType;
    if (def.type === 'array') array = true;
    if (!next) break;
    node = next;
  }
  const def = node.def as { type: string; entries?: object; values?: readonly unknown[] };
  const kind = def.type === 'literal' ? typeof def.values![0] : def.type;
  return {
    // choices say the kind themselves
    ...(def.type === 'enum'
      ? { choices: Object.values(def.entries!) }
      : {
          type:
            kind === 'number' ? ('number' as const) : kind === 'boolean' ? ('boolean' as const) : ('string' as const),
        }),
    ...(array ? { array: true } : {}),
    ...(fallback ? { default: fallback.value } : {}),
    ...(!fallback && !optional ? { demandOption: true } : {}),
  };
}

/** The table's flags and positionals on a yargs command. */
export function withFlags<Y>(y: Argv<Y>, table: Table): Argv<Y> {
  for (const [key, option] of entries(table)) {
    if (option.on === 'config') continue;
    const shape = yargsShape(option.type);
    // a flag that is also a config key takes the config's default, so it has none of its own
    if (option.on === 'both') delete shape.default;
    if (option.on === 'both') delete shape.demandOption;
    const spec = { ...shape, describe: option.describe, ...(option.hidden ? { hidden: true } : {}) };
    if (option.positional) y = y.positional(key, spec as PositionalOptions);
    else y = y.option(flagName(key), spec);
  }
  return y;
}

/** The words of a command with its positionals: `diff <old> [new]`. */
export function commandLine(name: string, table: Table): string {
  const words = entries(table)
    .filter(([, o]) => o.positional)
    .map(([k, o]) => (yargsShape(o.type).demandOption ? `<${k}>` : `[${k}]`));
  return [name, ...words].join(' ');
}
