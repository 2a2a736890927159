// Ctrl-C in the first moments of `erpgen generate` or `erpgen fetch`, before the command has put its own handler
// in place (while Node loads the command line, its parser and the config): nothing has been written yet, and the
// run says so in one line and exits 130, as a stop later on does. The command takes over (`handOver`) when its
// own handler is in place.

import { diagnosticLine, formatOf } from './diagnostics.js';

let early: (() => void) | undefined;

export function stopEarly(): void {
  early = () => {
    const stopped = {
      code: 'ERPGEN_STOPPED',
      level: 'error',
      message: 'stopped before it began: nothing was written',
    } as const;
    process.stderr.write(diagnosticLine(stopped, formatOf(process.argv.slice(2))));
    process.exit(130);
  };
  process.on('SIGINT', early);
}

/** The command's own handler is in place: a Ctrl-C from now on is its. */
export function handOver(): void {
  if (early) process.off('SIGINT', early);
  early = undefined;
}
