#!/usr/bin/env node
// `erpgen --version`, which tools ask most often, answers without loading the command line (yargs alone costs
// more than node's own start-up); everything else goes to cli.ts.
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === '--version') {
  const { ERPGEN_VERSION } = await import('./version.js');
  console.log(ERPGEN_VERSION);
} else {
  const { run } = await import('./cli.js');
  await run(args);
}
