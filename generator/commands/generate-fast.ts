// A plain `erpgen generate` (its flags in the forms generate-args.ts reads, a config file config-accept.ts takes
// as it is), run without loading yargs and zod: together they cost a run of the shipped sample as much as the
// rest of it. Anything else goes to the full command line (cli.ts) before anything is shown, and meets the same
// code there with yargs' and zod's messages.
import type { ConfigFlags } from '../config.js';
import { acceptConfig } from '../config-accept.js';
import { configOf, readConfigFile } from '../config-file.js';
import { exitWith } from '../exit.js';
import { plainFlags } from './generate-args.js';
import { runGenerate, settingsOf, type Settings } from './generate-run.js';

/** The config file's settings when it is plainly valid; undefined when it must be read with zod. */
function plainConfig(flags: ConfigFlags) {
  const file = readConfigFile(flags);
  const data = acceptConfig(file.raw);
  return data && configOf(data, flags, file);
}

/**
 * Runs `erpgen generate ...` (`args`, the command's name first) and sets the exit code, when its flags and config
 * file are plain; false when they must be read by the full command line (nothing was done or shown).
 */
export async function generatePlainly(args: readonly string[]): Promise<boolean> {
  const flags = args[0] === 'generate' ? plainFlags(args.slice(1)) : undefined;
  if (!flags) return false;
  let settings: Settings | undefined;
  try {
    settings = settingsOf(flags, args, plainConfig);
  } catch {
    // a config file that cannot be read, or is no JSON: the full command line says so
    return false;
  }
  if (!settings) return false;
  const taken = settings;
  await exitWith(args, () => runGenerate(flags, () => taken));
  return true;
}
