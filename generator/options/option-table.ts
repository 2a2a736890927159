// A command's options as one table (options/options.ts): each option's name, zod type (its rules and default),
// description, and where it is given (a flag, a key of erpgen.config.json, or both). From the table come the
// yargs flags, the config file's schema, the programmatic API's option types and the values a command reads, so
// that an option is declared once. Flags are the table's camelCase names in kebab case (`maxMetadataMb` is
// `--max-metadata-mb`); config keys and the API's options are the camelCase names. What yargs makes of a table
// is yargs-flags.ts: the declarations of the programmatic API, which name this module, must not need yargs' types.
import type { z } from 'zod';
import { UserError } from '../errors.js';
import { named, quote } from '../message-text.js';

interface Option {
  /** the value: its type and rules, and its default when it has one (a flag and a config key share them) */
  readonly type: z.ZodType;
  /** what --help says */
  readonly describe: string;
  /** a flag, a key of erpgen.config.json, or both (the flag wins, the default is the config's) */
  readonly on: 'flag' | 'config' | 'both';
  /** how a run is shown at a terminal (--quiet, --format): the CLI's alone, not an option of the API */
  readonly terminal?: true;
  /** a folder or file: a flag's is relative to the working folder, a config key's to the config file */
  readonly path?: true;
  /** given as a word after the command (`erpgen diff <old> [new]`) rather than as a flag */
  readonly positional?: true;
  /** not in --help (the secret flags, which exist only to be refused) */
  readonly hidden?: true;
}

export type Table = Readonly<Record<string, Option>>;

type KeysOn<T extends Table, Where> = { [K in keyof T]: T[K]['on'] extends Where ? K : never }[keyof T] & string;
/** the keys given as a flag that override the config file's */
export type OverrideKey<T extends Table> = KeysOn<T, 'both'>;
type FlagKey<T extends Table> = KeysOn<T, 'flag' | 'both'>;
type ConfigKey<T extends Table> = KeysOn<T, 'config' | 'both'>;
type ApiKey<T extends Table> = { [K in FlagKey<T>]: T[K]['terminal'] extends true ? never : K }[FlagKey<T>];
type OptionalApiKey<T extends Table> = {
  [K in ApiKey<T>]: undefined extends z.input<T[K]['type']> ? K : never;
}[ApiKey<T>];
/** a flag that is also a config key has no default of its own: undefined when not given */
type FlagValue<O extends Option> = O['on'] extends 'both'
  ? z.output<O['type'] extends z.ZodDefault<infer Inner> ? Inner : O['type']> | undefined
  : z.output<O['type']>;

/** The flags as a command reads them, checked and with their defaults. */
export type Flags<T extends Table> = { readonly [K in FlagKey<T>]: FlagValue<T[K]> };

/** The options of the programmatic API: the flags but the terminal's, as the flags take them. */
export type ApiOptions<T extends Table> = {
  readonly [K in Exclude<ApiKey<T>, OptionalApiKey<T>>]: z.input<T[K]['type']>;
} & { readonly [K in OptionalApiKey<T>]?: z.input<T[K]['type']> };

/** The config file's keys a table declares, as zod types (for z.object). */
export type ConfigShape<T extends Table> = { [K in ConfigKey<T>]: T[K]['type'] };

/** A command of the CLI: its table, and how it runs at a terminal. */
export interface Command<T extends Table> {
  readonly name: string;
  readonly describe: string;
  readonly options: T;
  /** what --help says after the options */
  readonly epilog?: string;
  /** runs the command with the flags given (read from `args`), shows what it did, and gives the exit code */
  run(flags: Flags<T>, args: readonly string[]): Promise<number>;
}

/** `maxMetadataMb` -> `max-metadata-mb`, `burst500` -> `burst-500` */
export function flagName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/(?<=[a-z])(?=\d)/g, '-');
}

const entries = (table: Table): Array<[string, Option]> => Object.entries(table);

export function configShape<T extends Table>(table: T): ConfigShape<T> {
  return Object.fromEntries(
    entries(table)
      .filter(([, o]) => o.on !== 'flag')
      // the description is what an editor shows for the key (config.schema.json)
      .map(([k, o]) => [k, o.type.describe(o.describe)]),
  ) as ConfigShape<T>;
}

/** A flag's value as given, or undefined: a list given empty is not given. */
function given(value: unknown): unknown {
  return Array.isArray(value) && value.length === 0 ? undefined : value;
}

/** A choice not among the choices names them, as the other messages name what is expected. */
function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_value') return issue.message;
  const values = issue.values.map(String);
  return `expected ${values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values[0]}`;
}

/** How a problem with a flag's value is told: `--flag value: what is wrong` (a value that is no word unshown). */
function flagProblem(key: string, option: Option, value: unknown, message: string): UserError {
  const words = ([] as unknown[]).concat(value);
  const shown = words.every((w) => typeof w === 'string' || (typeof w === 'number' && !Number.isNaN(w)))
    ? ` ${words.join(' ')}`
    : '';
  const name = option.positional ? key : `--${flagName(key)}`;
  return new UserError('ERPGEN_FLAG_INVALID', `${name}${shown}: ${message}`, { exitCode: 2, where: { option: name } });
}

/**
 * The table's flags from parsed command-line words or API options (by camelCase name): each checked against its
 * zod type, with its default; a flag that is also a config key is undefined when not given. A value that does not
 * fit is one line naming the flag and the value (exit code 2), as yargs' own complaints are.
 */
export function readFlags<T extends Table>(table: T, values: object, terminal = true): Flags<T> {
  const out: Record<string, unknown> = {};
  for (const [key, option] of entries(table)) {
    if (option.on === 'config' || (option.terminal && !terminal)) continue;
    const value = given((values as Record<string, unknown>)[key]);
    let type = option.type;
    if (option.on === 'both') {
      if (value === undefined) continue;
      if (type.def.type === 'default') type = (type.def as unknown as { innerType: z.ZodType }).innerType;
    }
    const parsed = type.safeParse(value);
    if (!parsed.success) throw flagProblem(key, option, value, issueText(parsed.error.issues[0]!));
    if (parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as Flags<T>;
}

/**
 * The options of a programmatic call (`generate({ ... })`): an object of the command's options by their camelCase
 * names and the call's own (`extra`: `signal`, `onNotice`, ...), read as `readFlags` reads flags. Anything else (a
 * number, an array, a key the call does not take) is refused as a bad flag is (exit code 2), rather than run with
 * the defaults.
 */
export function readApiOptions<T extends Table>(
  table: T,
  options: unknown,
  call: string,
  extra: readonly string[] = [],
): Flags<T> {
  if (options === undefined) return readFlags(table, {}, false);
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new UserError('ERPGEN_ARGUMENTS', `${call}(): takes an object of options, not ${quote(options)}`, {
      exitCode: 2,
    });
  const taken = entries(table)
    .filter(([, option]) => option.on !== 'config' && !option.terminal)
    .map(([key]) => key);
  for (const key of Object.keys(options)) {
    if (taken.includes(key) || extra.includes(key)) continue;
    const option = (table as Record<string, Option>)[key];
    throw new UserError(
      'ERPGEN_ARGUMENTS',
      option?.on === 'config'
        ? `${call}(): ${named(key)} is read from erpgen.config.json (or the config option's file), not given here`
        : `${call}(): ${option?.terminal ? `${named(key)} is for the command line only` : `no option ${named(key)}`}; it takes ${[...taken, ...extra].join(', ')}`,
      { exitCode: 2, where: { option: key } },
    );
  }
  return readFlags(table, options, false);
}
