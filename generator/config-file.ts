// erpgen.config.json read, and its keys made the settings of a run (config.ts), apart from the zod schema that
// checks them: a plain `erpgen generate` checks a plainly valid file without loading zod (config-accept.ts), and
// both readings must then give the same settings. Paths in the file are relative to the file; flags override it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Config, ConfigFlags } from './config.js';
import { DEFAULT_CONFIG_FILE } from './defaults.js';
import { UserError } from './errors.js';
import { mergeKnownValues, type KnownValueSet } from './model/known-values.js';
import { GENERATE_KEYS } from './options/generate-keys.js';

/** The config file that the flags name, or erpgen.config.json: absolute. */
export function configPath(flags: ConfigFlags, cwd = process.cwd()): string {
  return resolve(cwd, flags.config ?? DEFAULT_CONFIG_FILE);
}

/** The config file as read, before its keys are checked. */
export interface ConfigRead {
  readonly path: string;
  /** as messages name it */
  readonly shown: string;
  /** its JSON, or `{}` when there is no file */
  readonly raw: unknown;
  /** the folder its paths are relative to */
  readonly base: string;
}

/** Reads the config file the flags name: one that is not there is none, unless the flags name it. */
export function readConfigFile(flags: ConfigFlags, cwd = process.cwd()): ConfigRead {
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
  return { path, shown, raw, base };
}

/** The settings of a run from the file's checked keys (`data`, as the config's schema gives them) and the flags. */
export function configOf(
  data: Record<string, unknown>,
  flags: ConfigFlags,
  file: ConfigRead,
  cwd = process.cwd(),
): Config {
  const settings: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(GENERATE_KEYS)) {
    if (option.on === 'flag' || key === '$schema') continue;
    // a flag given wins; a list given empty is not given
    const raw = option.on === 'both' ? (flags as Record<string, unknown>)[key] : undefined;
    const flag = Array.isArray(raw) && raw.length === 0 ? undefined : raw;
    const value = flag ?? data[key];
    settings[key] = 'path' in option ? resolve(flag !== undefined ? cwd : file.base, value as string) : value;
  }
  return {
    ...(settings as Omit<Config, 'knownValues' | 'fetch' | 'file'>),
    knownValues: mergeKnownValues(data.knownValues as KnownValueSet[]),
    ...(data.fetch !== undefined ? { fetch: data.fetch as Config['fetch'] } : {}),
    ...(existsSync(file.path) ? { file: file.shown } : {}),
  };
}
