// `erpgen generate` once its flags are read and its config file checked: the pipeline (generate-package.ts), which
// decides whether there is work, and what a terminal is shown of it. Apart from generate.ts, which reads the
// options with the option table (zod), so that a plain command line read without zod and yargs
// (generate-fast.ts) runs the same code.
import { relative } from 'node:path';
import type { StaleReport } from '../check-report.js';
import type { Config, ConfigFlags } from '../config.js';
import { configPath } from '../config-file.js';
import { diagnosticLine, noticeDiagnostic, type Diagnostic, type Notice } from '../diagnostics.js';
import { handOver } from '../early-stop.js';
import { generatePackage, type GenerateResult } from '../generate-package.js';
import { flagName, type Flags } from '../options/option-table.js';
import { GENERATE_KEYS, type PlainOption } from '../options/generate-keys.js';
import type { GENERATE_OPTIONS } from '../options/options.js';
import { progressBar, type ProgressCounts } from '../progress.js';
import { openRun } from '../run-inputs.js';
import type { Invocation } from '../write/cache.js';
import { configShaOf, invocationKey, showDone } from './generate-noop.js';
import { tierFor } from './tiering.js';

/** What `generate()` takes besides the command's flags. */
export interface GenerateHooks {
  /** stops the run (it ends with a `Stopped` error, the output as it was) until it begins to move files into it */
  readonly signal?: AbortSignal;
  /**
   * each notice: an object left out and why, a pattern that matched nothing; its line as the CLI says it, and the
   * notice as data (its stable code and where it applies)
   */
  readonly onNotice?: (line: string, notice: Diagnostic) => void;
  /** as modules are emitted: objects and services done, of their totals */
  readonly onProgress?: (done: ProgressCounts, total: ProgressCounts) => void;
}

export interface GenerateReport extends Omit<GenerateResult, 'stale'> {
  /** the output folder, as messages name it (relative to the working folder) */
  readonly out: string;
  /** whether the output is what this run writes (with `check`: whether it was, since nothing is written) */
  readonly upToDate: boolean;
  /** with `check`, when the output is stale: why, what differs, how, and the command that fixes it */
  readonly stale?: StaleReport;
}

/** The flags a run reads (those of showing it aside). */
export type RunFlags = ConfigFlags & { readonly check: boolean };

/** The settings of a run, and, from the command line, the invocation its record keeps (generate-noop.ts). */
export interface Settings {
  readonly config: Config;
  readonly invocation?: Invocation;
}

/**
 * The settings of `flags` (from the command line `erpgen generate ...`, `args`: a command line that
 * generate-noop.ts can recognise is recorded with them), the config file read by `load`; undefined when `load`
 * gives nothing.
 */
export function settingsOf(
  flags: ConfigFlags,
  args: readonly string[] | undefined,
  load: (flags: ConfigFlags) => Config | undefined,
): Settings | undefined {
  const key = args && invocationKey(args);
  const configFile = configPath(flags);
  // hashed before it is read: a config file edited in between is then not taken for the one read
  const configSha = key === undefined ? undefined : configShaOf(configFile);
  const config = load(flags);
  if (!config) return undefined;
  return key !== undefined && configSha !== undefined
    ? { config, invocation: { key, configFile, configSha, config } }
    : { config };
}

/** `npx erpgen generate` with the options that chose what is generated (those of checking and showing left out). */
function fixCommand(flags: object): string {
  const words = ['npx', 'erpgen', 'generate'];
  const shell = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  for (const [key, option] of Object.entries(GENERATE_KEYS as Record<string, PlainOption>)) {
    if (option.on === 'config' || option.terminal || key === 'check') continue;
    for (const value of ([] as unknown[]).concat((flags as Record<string, unknown>)[key] ?? []))
      words.push(`--${flagName(key)}`, shell(String(value)));
  }
  return words.join(' ');
}

/** Generates the package with these settings, as `generate()` does. */
export async function generateWith(flags: RunFlags, settings: Settings, hooks: GenerateHooks): Promise<GenerateReport> {
  const { config, invocation } = settings;
  const out = relative(process.cwd(), config.out) || '.';
  const onNotice = hooks.onNotice;
  const notice = onNotice ? (n: Notice) => onNotice(n.message, noticeDiagnostic(n)) : () => undefined;
  const result = await generatePackage(config, {
    check: flags.check,
    run: openRun(config, flags.check, invocation),
    onNotice: notice,
    ...(hooks.signal ? { signal: hooks.signal } : {}),
    ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
  });
  const { stale: details, ...counts } = result;
  const upToDate = !flags.check || counts.changed.length + counts.removed.length === 0;
  if (upToDate || !details) return { ...counts, out, upToDate };
  const { staleReport } = await import('../check-report.js');
  return { ...counts, out, upToDate, stale: staleReport(config, result, out, fixCommand(flags)) };
}

/**
 * `erpgen generate` at a terminal, its settings made by `settings` once the command has Ctrl-C in hand: shows
 * what it did and gives the exit code.
 */
export async function runGenerate(flags: Flags<typeof GENERATE_OPTIONS>, settings: () => Settings): Promise<number> {
  const started = performance.now();
  const bar = flags.quiet ? undefined : progressBar(process.stderr);
  // Ctrl-C stops the run between two steps, which removes its staging folder (a second one kills at once)
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  process.once('SIGINT', onInterrupt);
  handOver();
  try {
    const made = settings();
    tierFor(made.config.snapshot);
    const report = await generateWith(flags, made, {
      signal: stop.signal,
      ...(bar ? { onProgress: bar.update } : {}),
      onNotice: (_, notice) => {
        if (!flags.quiet) process.stderr.write(diagnosticLine(notice, flags.format));
      },
    });
    bar?.done();
    if (report.upToDate) return showDone(report, flags, started);
    const { staleDiagnostic, staleText } = await import('../check-report.js');
    if (flags.format === 'json') {
      // the report is the result (standard output), its first line the error (standard error), each one JSON line
      console.log(JSON.stringify({ upToDate: false, ...report.stale }));
      process.stderr.write(diagnosticLine(staleDiagnostic(report.stale!), 'json'));
    } else process.stderr.write(staleText(report.stale!));
    return 1;
  } finally {
    process.off('SIGINT', onInterrupt);
    bar?.done();
  }
}
