// `erpgen generate`, as a function (the programmatic API) and as a command (the same, shown at a terminal): the
// options read with the option table and the config loaded, then the run (generate-run.ts). At the command line, a
// run with nothing to do mostly ends before this module is loaded (generate-noop.ts), from what the runs of this
// one record, and a plain one is read without it (generate-fast.ts).
import { loadConfig } from '../config.js';
import { readApiOptions, readFlags, type ApiOptions, type Command } from '../options/option-table.js';
import { GENERATE_OPTIONS } from '../options/options.js';
import { generateWith, runGenerate, settingsOf, type GenerateHooks, type GenerateReport } from './generate-run.js';

export type { GenerateReport } from './generate-run.js';

export type GenerateOptions = ApiOptions<typeof GENERATE_OPTIONS> & GenerateHooks;

/**
 * Generates the package, as `erpgen generate` does: the same checks, messages and output. A problem with the
 * input, the flags or the output folder rejects with a `UserError` (its message is the CLI's one line, its
 * `exitCode` the CLI's exit code); a Ctrl-C (`signal`) with `Stopped`.
 */
export async function generate(options: GenerateOptions = {}): Promise<GenerateReport> {
  readApiOptions(GENERATE_OPTIONS, options, 'generate', GENERATE_EXTRA);
  const flags = readFlags(GENERATE_OPTIONS, options, false);
  return generateWith(flags, settingsOf(flags, undefined, loadConfig)!, options);
}

/** What `generate()` takes besides the command's flags. */
const GENERATE_EXTRA = ['signal', 'onNotice', 'onProgress'] as const satisfies ReadonlyArray<keyof GenerateOptions>;

export const generateCommand: Command<typeof GENERATE_OPTIONS> = {
  name: 'generate',
  describe: 'Generate the typed package from a schema snapshot',
  options: GENERATE_OPTIONS,
  run: (flags, args) => runGenerate(flags, () => settingsOf(flags, args, loadConfig)!),
};
