// erpgen.config.json, validated with zod. Paths in the file are relative to the file; flags override it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { z } from 'zod';
import { UserError } from './errors.js';
import { named } from './message-text.js';
import { mergeKnownValues, type KnownValueSet } from './model/known-values.js';
import type { EmitMode } from './emit/package-files.js';
import type { DecimalMode } from './model/edm.js';

export const DEFAULT_CONFIG_FILE = 'erpgen.config.json';

const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a TypeScript identifier');

const knownValueSet = z
  .object({
    name: z.string().regex(/^[A-Z][A-Za-z0-9_]*$/, 'must be a capitalised TypeScript identifier, e.g. RowStatusFlag'),
    description: z.string().default(''),
    columns: z.array(z.string().min(1)).min(1, 'must list at least one `object.column` glob'),
    values: z
      .record(identifier, z.union([z.string(), z.number().finite()]))
      .refine((values) => Object.keys(values).length > 0, 'must give at least one value')
      .refine((values) => {
        const types = new Set(Object.values(values).map((v) => typeof v));
        return types.size <= 1;
      }, 'must be all strings or all numbers'),
  })
  .strict();

export const configSchema = z
  .object({
    $schema: z.string().optional(),
    /** the snapshot folder: tables.metadata.json, views.metadata.json */
    snapshot: z.string().min(1).default('schema'),
    /** the generated package folder */
    out: z.string().min(1).default('generated'),
    /** `name` of the generated package.json */
    packageName: z
      .string()
      .regex(/^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/, 'must be a valid npm package name')
      .default('erp-schema'),
    /** globs over object names; an object is generated when it matches an include and no exclude */
    include: z.array(z.string().min(1)).default(['*']),
    exclude: z.array(z.string().min(1)).default([]),
    /** Edm.Decimal as `number` (default) or as `string`, exact beyond 15-16 significant digits */
    decimals: z.enum(['number', 'string']).default('number'),
    /** generate objects the service cannot serve (`bin`) anyway */
    includeUnreachable: z.boolean().default(false),
    /** added to, or replacing by name, the built-in known values */
    knownValues: z.array(knownValueSet).default([]),
    /** rows per page when a query gives no `top()` */
    defaultPageSize: z.number().int().positive().max(1_000_000).default(1000),
    /** `erpgen fetch`: where and what; never a secret (those come from the environment or a prompt) */
    fetch: z
      .object({
        baseUrl: z.string().min(1).optional(),
        services: z.array(z.string().min(1)).optional(),
        tables: z.array(z.string().min(1)).optional(),
        views: z.array(z.string().min(1)).optional(),
        /** the most MiB taken of one schema document */
        maxMetadataMb: z.number().positive().optional(),
      })
      .strict()
      .optional(),
    /** `js`: JavaScript plus declarations, runs everywhere; `ts`: TypeScript sources, for bundlers and tsx */
    emit: z.enum(['js', 'ts']).default('js'),
  })
  .strict();

export type ConfigFile = z.infer<typeof configSchema>;

export interface Config {
  /** absolute paths */
  readonly snapshot: string;
  readonly out: string;
  readonly packageName: string;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly decimals: DecimalMode;
  readonly includeUnreachable: boolean;
  readonly knownValues: readonly KnownValueSet[];
  readonly defaultPageSize: number;
  readonly fetch?: ConfigFile['fetch'];
  readonly emit: EmitMode;
  /** the config file read, if any, relative to the working directory (for messages) */
  readonly file?: string;
}

export interface ConfigFlags {
  readonly config?: string;
  readonly snapshot?: string;
  readonly out?: string;
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  readonly decimals?: DecimalMode;
  readonly emit?: EmitMode;
}

/** `path: message` per problem, the way a user would look for it in the file */
export function formatIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const path = issue.path.length
      ? issue.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : `.${named(String(p))}`))
          .join('')
          .replace(/^\./, '')
      : '(top level)';
    return `${path}: ${issue.message}`;
  });
  return `${file}: ${lines.join('; ')}`;
}

export function loadConfig(flags: ConfigFlags, cwd = process.cwd()): Config {
  const explicit = flags.config !== undefined;
  const path = resolve(cwd, flags.config ?? DEFAULT_CONFIG_FILE);
  const shown = relative(cwd, path) || path;
  let raw: unknown = {};
  let base = cwd;
  if (existsSync(path)) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new UserError(
        `${shown}: cannot read the config file (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    try {
      raw = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new UserError(`${shown}: invalid JSON: ${(error as Error).message}`);
    }
    base = dirname(path);
  } else if (explicit) {
    throw new UserError(`${shown}: config file not found`);
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) throw new UserError(formatIssues(shown, parsed.error));
  const file = parsed.data;
  return {
    snapshot: flags.snapshot !== undefined ? resolve(cwd, flags.snapshot) : resolve(base, file.snapshot),
    out: flags.out !== undefined ? resolve(cwd, flags.out) : resolve(base, file.out),
    packageName: file.packageName,
    include: flags.include?.length ? flags.include : file.include,
    exclude: flags.exclude?.length ? flags.exclude : file.exclude,
    decimals: flags.decimals ?? file.decimals,
    includeUnreachable: file.includeUnreachable,
    knownValues: mergeKnownValues(file.knownValues),
    defaultPageSize: file.defaultPageSize,
    ...(file.fetch !== undefined ? { fetch: file.fetch } : {}),
    emit: flags.emit ?? file.emit,
    ...(existsSync(path) ? { file: shown } : {}),
  };
}
