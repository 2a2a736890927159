// `erpgen generate`'s options (options.ts, GENERATE_OPTIONS) as plain data: where each is given, and a flag's
// kind, choices and default. A plain `erpgen generate` reads its command line and config file with these
// (commands/generate-fast.ts, config-accept.ts) rather than load zod and yargs, which cost more than the rest of
// reading the sample; anything they do not know goes to the full command line. The zod table stays the one that
// declares the options: test/generator/options/generate-keys.test.ts holds this one equal to it.

export interface PlainOption {
  readonly on: 'flag' | 'config' | 'both';
  /** a folder or file: a flag's is relative to the working folder, a config key's to the config file */
  readonly path?: true;
  /** how a run is shown at a terminal: the CLI's alone */
  readonly terminal?: true;
  /** what a flag takes: a word, one of `choices`, a word per use (repeatable), or nothing (a switch) */
  readonly kind?: 'string' | 'choice' | 'array' | 'boolean';
  readonly choices?: readonly string[];
  /** a flag's value when it is not given (a flag that is also a config key has none: the config's applies) */
  readonly default?: unknown;
}

/** In GENERATE_OPTIONS' order, which is the order of the flags read, of the config's keys and of a fix command. */
export const GENERATE_KEYS = {
  config: { on: 'flag', path: true, kind: 'string' },
  $schema: { on: 'config' },
  snapshot: { on: 'both', path: true, kind: 'string' },
  out: { on: 'both', path: true, kind: 'string' },
  packageName: { on: 'config' },
  include: { on: 'both', kind: 'array' },
  exclude: { on: 'both', kind: 'array' },
  decimals: { on: 'both', kind: 'choice', choices: ['number', 'string'] },
  includeUnreachable: { on: 'config' },
  knownValues: { on: 'config' },
  definitions: { on: 'config' },
  defaultPageSize: { on: 'config' },
  emit: { on: 'both', kind: 'choice', choices: ['js', 'ts'] },
  check: { on: 'flag', kind: 'boolean', default: false },
  format: { on: 'flag', terminal: true, kind: 'choice', choices: ['text', 'json'], default: 'text' },
  quiet: { on: 'flag', terminal: true, kind: 'boolean', default: false },
} as const satisfies Readonly<Record<string, PlainOption>>;
