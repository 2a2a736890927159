// V8's tiering for a small run of `erpgen generate` at the command line. Such a run (the shipped sample: 104
// objects, 12 services, 0.4 MB of schema) is over in a few hundred milliseconds, before V8's optimizing compiler
// pays for itself: it spent about a third of the sample run's CPU time compiling the printer's and the parser's
// functions (on the second core, which a busy machine's other processes want). A small run raises the budget a
// function spends in the interpreter and baseline code before it is optimized tenfold, so that only what is really
// hot in it is optimized; a bigger run (the stock tenant: 10 MB of schema) keeps V8's tiering as it is. Only the
// command line does this: the flag is the whole process's, and the programmatic `generate()` runs in the caller's.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { DEFINITIONS_FOLDER, SNAPSHOT_FILES } from '../source/layout.js';

/** at most this many bytes of schema documents, and this many service definitions, make a small run */
const SMALL_SCHEMA_BYTES = 2 << 20;
const SMALL_SERVICES = 50;

/** ten times node 20's (V8 11's) default */
const SMALL_RUN_BUDGET = 675_840;

/** Whether the snapshot in `dir` makes a small run; false when it cannot be read (the run says why). */
export function isSmallRun(dir: string): boolean {
  try {
    let bytes = 0;
    for (const file of Object.values(SNAPSHOT_FILES)) bytes += statSync(join(dir, file)).size;
    const definitions = join(dir, DEFINITIONS_FOLDER);
    const services = existsSync(definitions) ? readdirSync(definitions).length : 0;
    return bytes <= SMALL_SCHEMA_BYTES && services <= SMALL_SERVICES;
  } catch {
    return false;
  }
}

/**
 * How many times V8 grows the young generation when it grows it (node 20's default: 2). It starts at 1 MB, and the
 * sample's run allocates about 75 MB, nearly all of it garbage soon: doubling, the young generation reached its
 * 16 MB in steps and the run took 23 scavenges; growing sixteenfold, 12 (half the pauses), for a peak RSS of 88 MB
 * instead of 76. V8 reads the factor at each scavenge, so setting it once the process runs takes effect (the
 * initial size does not: --min-semi-space-size is read when the heap is made). A big run's young generation
 * reaches its 16 MB within its first second either way.
 */
const SMALL_RUN_YOUNG_GROWTH = 16;

/** Before a run of the snapshot in `dir` at the command line: a small one is optimized later, and collected less. */
export function tierFor(dir: string): void {
  if (isSmallRun(dir)) {
    setFlagsFromString(`--interrupt-budget=${SMALL_RUN_BUDGET}`);
    setFlagsFromString(`--semi-space-growth-factor=${SMALL_RUN_YOUNG_GROWTH}`);
  }
}
