// `erpgen generate`, as a function (the programmatic API) and as a command (the same, shown at a terminal): the
// options read, the config loaded, then the pipeline (generate-package.ts), which decides whether there is work.
// At the command line, a run with nothing to do mostly ends before this module is loaded (generate-noop.ts), from
// what the runs of this one record.
import { relative } from 'node:path';
import type { StaleReport } from '../check-report.js';
import { configPath, loadConfig } from '../config.js';
import { diagnosticLine, noticeDiagnostic, type Diagnostic, type Notice } from '../diagnostics.js';
import { handOver } from '../early-stop.js';
import { generatePackage, type GenerateResult } from '../generate-package.js';
import { progressBar, type ProgressCounts } from '../progress.js';
import { openRun } from '../run-inputs.js';
import type { Invocation } from '../write/cache.js';
import { configShaOf, invocationKey, showDone } from './generate-noop.js';
import {
  flagName,
  readApiOptions,
  readFlags,
  type ApiOptions,
  type Command,
  type Flags,
} from '../options/option-table.js';
import { GENERATE_OPTIONS } from '../options/options.js';

export type GenerateOptions = ApiOptions<typeof GENERATE_OPTIONS> & {
  /** stops the run (it ends with a `Stopped` error, the output as it was) until it begins to move files into it */
  readonly signal?: AbortSignal;
  /**
   * each notice: an object left out and why, a pattern that matched nothing; its line as the CLI says it, and the
   * notice as data (its stable code and where it applies)
   */
  readonly onNotice?: (line: string, notice: Diagnostic) => void;
  /** as modules are emitted: objects and services done, of their totals */
  readonly onProgress?: (done: ProgressCounts, total: ProgressCounts) => void;
};

export interface GenerateReport extends Omit<GenerateResult, 'stale'> {
  /** the output folder, as messages name it (relative to the working folder) */
  readonly out: string;
  /** whether the output is what this run writes (with `check`: whether it was, since nothing is written) */
  readonly upToDate: boolean;
  /** with `check`, when the output is stale: why, what differs, how, and the command that fixes it */
  readonly stale?: StaleReport;
}

/** `npx erpgen generate` with the options that chose what is generated (those of checking and showing left out). */
function fixCommand(options: object): string {
  const words = ['npx', 'erpgen', 'generate'];
  const shell = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  for (const [key, option] of Object.entries(GENERATE_OPTIONS)) {
    if (option.on === 'config' || 'terminal' in option || key === 'check') continue;
    for (const value of ([] as unknown[]).concat((options as Record<string, unknown>)[key] ?? []))
      words.push(`--${flagName(key)}`, shell(String(value)));
  }
  return words.join(' ');
}

/**
 * Generates the package, as `erpgen generate` does: the same checks, messages and output. A problem with the
 * input, the flags or the output folder rejects with a `UserError` (its message is the CLI's one line, its
 * `exitCode` the CLI's exit code); a Ctrl-C (`signal`) with `Stopped`.
 */
export async function generate(options: GenerateOptions = {}): Promise<GenerateReport> {
  readApiOptions(GENERATE_OPTIONS, options, 'generate', GENERATE_EXTRA);
  return generateFrom(options);
}

/** What `generate()` takes besides the command's flags. */
const GENERATE_EXTRA = ['signal', 'onNotice', 'onProgress'] as const satisfies ReadonlyArray<keyof GenerateOptions>;

/**
 * `generate`, and from the command line `erpgen generate ...` (`args`): a command line that generate-noop.ts can
 * recognise is recorded with the settings it gave.
 */
async function generateFrom(options: GenerateOptions, args?: readonly string[]): Promise<GenerateReport> {
  const flags = readFlags(GENERATE_OPTIONS, options, false);
  const key = args && invocationKey(args);
  const configFile = configPath(flags);
  // hashed before it is read: a config file edited in between is then not taken for the one read
  const configSha = key === undefined ? undefined : configShaOf(configFile);
  const config = loadConfig(flags);
  const invocation: Invocation | undefined =
    key !== undefined && configSha !== undefined ? { key, configFile, configSha, config } : undefined;
  const out = relative(process.cwd(), config.out) || '.';
  const onNotice = options.onNotice;
  const notice = onNotice ? (n: Notice) => onNotice(n.message, noticeDiagnostic(n)) : () => undefined;
  const result = await generatePackage(config, {
    check: flags.check,
    run: openRun(config, flags.check, invocation),
    onNotice: notice,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const { stale: details, ...counts } = result;
  const upToDate = !flags.check || counts.changed.length + counts.removed.length === 0;
  if (upToDate || !details) return { ...counts, out, upToDate };
  const { staleReport } = await import('../check-report.js');
  return { ...counts, out, upToDate, stale: staleReport(config, result, out, fixCommand(flags)) };
}

async function run(flags: Flags<typeof GENERATE_OPTIONS>, args: readonly string[]): Promise<number> {
  const started = performance.now();
  const bar = flags.quiet ? undefined : progressBar(process.stderr);
  // Ctrl-C stops the run between two steps, which removes its staging folder (a second one kills at once)
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  process.once('SIGINT', onInterrupt);
  handOver();
  try {
    const report = await generateFrom(
      {
        ...flags,
        signal: stop.signal,
        ...(bar ? { onProgress: bar.update } : {}),
        onNotice: (_, notice) => {
          if (!flags.quiet) process.stderr.write(diagnosticLine(notice, flags.format));
        },
      },
      args,
    );
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

export const generateCommand: Command<typeof GENERATE_OPTIONS> = {
  name: 'generate',
  describe: 'Generate the typed package from a schema snapshot',
  options: GENERATE_OPTIONS,
  run,
};
