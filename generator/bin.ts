#!/usr/bin/env node
// `erpgen --version`, which tools ask most often, answers without loading the command line (yargs alone costs
// more than node's own start-up), and so does `erpgen generate` with nothing to do (commands/generate-noop.ts);
// everything else goes to cli.ts.
const args = process.argv.slice(2);
let done = false;
if (args.length === 1 && args[0] === '--version') {
  const { ERPGEN_VERSION } = await import('./version.js');
  console.log(ERPGEN_VERSION);
  done = true;
} else if (args[0] === 'generate') {
  const { nothingToDo } = await import('./commands/generate-noop.js');
  const code = nothingToDo(args);
  if (code !== undefined) process.exitCode = code;
  done = code !== undefined;
}
if (!done) {
  const { run } = await import('./cli.js');
  await run(args);
}
