#!/usr/bin/env node
// `erpgen --version`, which tools ask most often, answers without loading the command line (yargs alone costs
// more than node's own start-up), and so does `erpgen generate` with nothing to do (commands/generate-noop.ts);
// everything else goes to cli.ts. A Ctrl-C before a command's own handler is in place is early-stop.ts's.
import { setFlagsFromString } from 'node:v8';
import { stopEarly } from './early-stop.js';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent. Generating
 * allocates far more than it keeps (each module printed, written and dropped), and V8's default growth (up to
 * several times the live heap on a fast allocator) let a ten-times tenant's heap reach 150-200 MB of garbage
 * around a live set of 40-90 MB: peak RSS 330-360 MB. At 30% the same run peaks at 275-290 MB, the stock tenant's
 * unchanged (about 165 MB: its heap never grew that far), the time within the runs' spread (`npm run bench --
 * --only generation`). A flag V8 reads at each collection, so setting it once the process runs takes effect.
 */
const HEAP_GROWING_PERCENT = 30;

async function main(args: string[]): Promise<void> {
  if (args[0] === 'generate' || args[0] === 'fetch') stopEarly();
  if (args[0] === 'generate') setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  if (args.length === 1 && args[0] === '--version') {
    const { ERPGEN_VERSION } = await import('./version.js');
    console.log(ERPGEN_VERSION);
    return;
  }
  if (args[0] === 'generate') {
    const { nothingToDo } = await import('./commands/generate-noop.js');
    const code = nothingToDo(args);
    if (code !== undefined) {
      process.exitCode = code;
      return;
    }
    // a plain one runs without yargs and zod, whose loading costs a small run as much as the rest of it
    const { generatePlainly } = await import('./commands/generate-fast.js');
    if (await generatePlainly(args)) return;
  }
  const { run } = await import('./cli.js');
  await run(args);
}

await main(process.argv.slice(2));
