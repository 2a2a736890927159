#!/usr/bin/env node
// `erpgen --version`, which tools ask most often, answers without loading the command line (yargs alone costs
// more than node's own start-up), and so does `erpgen generate` with nothing to do (commands/generate-noop.ts);
// everything else goes to cli.ts. A Ctrl-C before a command's own handler is in place is early-stop.ts's.
import { stopEarly } from './early-stop.js';

async function main(args: string[]): Promise<void> {
  if (args[0] === 'generate' || args[0] === 'fetch') stopEarly();
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
