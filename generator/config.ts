// erpgen.config.json, validated with zod: its keys are the config options of `generate` (at the top) and of
// `fetch` (under `fetch`), as options/options.ts declares them. Paths in the file are relative to the file;
// flags override it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CONFIG_FILE } from './defaults.js';
import { configShape, type Flags, type OverrideKey } from './options/option-table.js';
import { FETCH_OPTIONS, GENERATE_OPTIONS } from './options/options.js';
import { UserError } from './errors.js';
import { didYouMean } from '../common/did-you-mean.js';
import { keyPath, quote } from './message-text.js';
import { mergeKnownValues, type KnownValueSet } from './model/known-values.js';

export const configSchema = z
  .object({
    ...configShape(GENERATE_OPTIONS),
    /** `erpgen fetch`: where and what; never a secret (those come from the environment or a prompt) */
    fetch: z
      .object(configShape(FETCH_OPTIONS))
      .strict()
      .optional()
      .describe('erpgen fetch: the server and what to fetch (never a secret: those come from the environment)'),
  })
  .strict();

type ConfigFile = z.infer<typeof configSchema>;
type FetchConfig = NonNullable<ConfigFile['fetch']>;

/** The settings of a run: the config file's, with the flags' over them, paths absolute. */
export interface Config extends Readonly<Omit<ConfigFile, '$schema' | 'knownValues' | 'fetch'>> {
  /** the built-in sets, with the file's added or replacing them by name */
  readonly knownValues: readonly KnownValueSet[];
  readonly fetch?: FetchConfig;
  /** the config file read, if any, relative to the working directory (for messages) */
  readonly file?: string;
}

/** What a command line (or an API call) gives: the config file to read, and values over the file's. */
export type ConfigFlags = Partial<
  Pick<Flags<typeof GENERATE_OPTIONS>, 'config' | OverrideKey<typeof GENERATE_OPTIONS>>
>;

/** The keys the object at `path` of the config file takes (through optional and default wrappers). */
function keysAt(path: readonly PropertyKey[]): string[] {
  let node: z.ZodType = configSchema;
  for (const step of [...path, undefined]) {
    for (;;) {
      const def = node.def as { type: string; innerType?: z.ZodType; element?: z.ZodType };
      if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') node = def.innerType!;
      else if (def.type === 'array' && typeof step === 'number') {
        node = def.element!;
        break;
      } else break;
    }
    if (typeof step !== 'string') continue;
    const shape = (node as z.ZodObject).shape as Record<string, z.ZodType> | undefined;
    if (!shape || !Object.hasOwn(shape, step)) return [];
    node = shape[step]!;
  }
  const shape = (node as Partial<z.ZodObject>).shape as Record<string, unknown> | undefined;
  return shape ? Object.keys(shape) : [];
}

/** A key the file should not have, and the one meant when one is close (`packagename`, `baseURL`). */
function unknownKeys(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const known = keysAt(issue.path);
  return issue.keys.map((key) => `unknown key ${quote(key)}${didYouMean(key, known, quote)}`).join(', ');
}

/**
 * The file's problems as one error: unknown keys alone are ERPGEN_CONFIG_UNKNOWN_KEY (a misspelling, most likely),
 * anything else ERPGEN_CONFIG_INVALID; where names the file and the first key at fault.
 */
function configError(shown: string, error: z.ZodError): UserError {
  const first = error.issues[0]!;
  const unknown = error.issues.every((issue) => issue.code === 'unrecognized_keys');
  const path = first.code === 'unrecognized_keys' ? [...first.path, first.keys[0]!] : first.path;
  return new UserError(unknown ? 'ERPGEN_CONFIG_UNKNOWN_KEY' : 'ERPGEN_CONFIG_INVALID', formatIssues(shown, error), {
    where: path.length ? { file: shown, option: keyPath(path) } : { file: shown },
  });
}

/** `path: message` per problem, the way a user would look for it in the file */
function formatIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const path = issue.path.length ? keyPath(issue.path) : '(top level)';
    return `${path}: ${unknownKeys(issue) ?? issue.message}`;
  });
  return `${file}: ${lines.join('; ')}`;
}

/** The config file that the flags name, or erpgen.config.json: absolute. */
export function configPath(flags: ConfigFlags, cwd = process.cwd()): string {
  return resolve(cwd, flags.config ?? DEFAULT_CONFIG_FILE);
}

export function loadConfig(flags: ConfigFlags, cwd = process.cwd()): Config {
  const explicit = flags.config !== undefined;
  const path = configPath(flags, cwd);
  const shown = relative(cwd, path) || path;
  let raw: unknown = {};
  let base = cwd;
  if (existsSync(path)) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new UserError(
        'ERPGEN_CONFIG_UNREADABLE',
        `${shown}: cannot read the config file (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
        { where: { file: shown } },
      );
    }
    try {
      raw = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new UserError('ERPGEN_CONFIG_INVALID_JSON', `${shown}: invalid JSON: ${(error as Error).message}`, {
        where: { file: shown },
      });
    }
    base = dirname(path);
  } else if (explicit) {
    throw new UserError('ERPGEN_CONFIG_NOT_FOUND', `${shown}: config file not found`, {
      where: { file: shown, option: '--config' },
    });
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) throw configError(shown, parsed.error);
  const file = parsed.data as Record<string, unknown>;
  const settings: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(GENERATE_OPTIONS)) {
    if (option.on === 'flag' || key === '$schema') continue;
    // a flag given wins; a list given empty is not given
    const raw = option.on === 'both' ? (flags as Record<string, unknown>)[key] : undefined;
    const flag = Array.isArray(raw) && raw.length === 0 ? undefined : raw;
    const value = flag ?? file[key];
    settings[key] = 'path' in option ? resolve(flag !== undefined ? cwd : base, value as string) : value;
  }
  return {
    ...(settings as Omit<Config, 'knownValues' | 'fetch' | 'file'>),
    knownValues: mergeKnownValues(parsed.data.knownValues),
    ...(parsed.data.fetch !== undefined ? { fetch: parsed.data.fetch } : {}),
    ...(existsSync(path) ? { file: shown } : {}),
  };
}
