// erpgen.config.json, validated with zod: its keys are the config options of `generate` (at the top) and of
// `fetch` (under `fetch`), as options/options.ts declares them. Reading the file and making its keys a run's
// settings is config-file.ts's (paths in the file are relative to the file; flags override it).
import { z } from 'zod';
import { configOf, readConfigFile } from './config-file.js';
import { configShape, type Flags, type OverrideKey } from './options/option-table.js';
import { FETCH_OPTIONS, GENERATE_OPTIONS } from './options/options.js';
import { UserError } from './errors.js';
import { didYouMean } from '../common/did-you-mean.js';
import { keyPath, quote } from './message-text.js';
import type { KnownValueSet } from './model/known-values.js';

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

export { configPath } from './config-file.js';

export function loadConfig(flags: ConfigFlags, cwd = process.cwd()): Config {
  const file = readConfigFile(flags, cwd);
  const parsed = configSchema.safeParse(file.raw);
  if (!parsed.success) throw configError(file.shown, parsed.error);
  return configOf(parsed.data as Record<string, unknown>, flags, file, cwd);
}
