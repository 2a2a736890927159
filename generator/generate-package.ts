// The package generated (`erpgen generate`'s pipeline): source -> parse -> model -> emit -> write, in one
// direction. This module decides whether there is work, and only then loads the stages (stages.ts: the parser,
// the model and the emitters), so that a run with nothing to do loads what hashing needs (run-inputs.ts).
import type { Config } from './config.js';
import type { Notice } from './diagnostics.js';
import type { ProgressCounts } from './progress.js';
import { inputBytes, openRun, previousRun, type RunInputs } from './run-inputs.js';
import type { CacheRecord, Sample } from './write/output.js';

/** What `generatePackage` takes besides the config: the API's `generate` (commands/generate.ts) passes its own. */
export interface GeneratePackageOptions {
  /** compare only: report what differs, write nothing */
  readonly check?: boolean;
  /** as modules are emitted: objects and services done, of their totals */
  readonly onProgress?: (done: ProgressCounts, total: ProgressCounts) => void;
  /** each notice, as data (objects left out, and why): the API's `generate` adds the line the CLI says */
  readonly onNotice?: (notice: Notice) => void;
  /**
   * stops the run (a Ctrl-C): it ends with a `Stopped` error and leaves the output as it was, as long as it has
   * not begun to move files into it (then it finishes)
   */
  readonly signal?: AbortSignal;
  /** the run's inputs, hashed (run-inputs.ts), when the caller has opened them already */
  readonly run?: RunInputs;
  /**
   * only the table, view and service modules whose paths (`tables/customer`) this takes are written, the rest of
   * the package whole (`erpgen diff --project` checks a project against the modules it imports)
   */
  readonly only?: (modulePath: string) => boolean;
  /**
   * bytes of service definitions from which a second thread prints services too (services-thread.ts; its
   * default): for the tests, which run both ways on small snapshots
   */
  readonly servicesThreadAfter?: number;
}

export interface GenerateResult {
  /** tables and views generated */
  readonly objects: number;
  /** transaction services generated */
  readonly services: number;
  readonly files: number;
  /** written (or, with `check`, that would be written) */
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
  /** with `check`, when the output is stale: what `--check` explains it with */
  readonly stale?: StaleDetails;
}

export interface StaleDetails {
  /** the first few files that differ, with the text erpgen would write */
  readonly samples: readonly Sample[];
  /** what this run's output is made of (fingerprint.ts), and what the previous run recorded */
  readonly parts: readonly string[];
  readonly record: CacheRecord | undefined;
  /** module path (no extension) -> what it is: `table customer`, `service Order` */
  readonly modules: ReadonlyMap<string, string>;
}

/**
 * Generates the package of `config` into its output folder: the stages in turn, each taking what the earlier ones
 * returned. With `check`, nothing is written: the result says what would be.
 */
export async function generatePackage(config: Config, options: GeneratePackageOptions = {}): Promise<GenerateResult> {
  const check = options.check ?? false;
  const run = options.run ?? openRun(config, check);
  const previous = await upToDate(run, check, options);
  if (previous) return previous;
  const stage = await import('./stages.js');
  const output = new stage.Output(config, run, options);
  run.writer.bigRun(inputBytes(run));
  let services: ReturnType<typeof stage.servicesThread>;
  try {
    const plan = stage.readPlan(config, run, output);
    const jobs = stage.serviceJobs(run, plan, output);
    services = stage.servicesThread(config, jobs, options.servicesThreadAfter);
    const emitted = await stage.emitObjects(config, plan, output, services);
    await stage.emitServices(jobs, emitted.sizes, output, services);
    stage.emitPackageFiles(config, run, plan, emitted, output);
    if (check) return await stage.differences(run, plan, emitted, output);
    return await stage.commit(config, run, plan.services.size, output, options.signal);
  } catch (error) {
    await run.writer.discard();
    throw error;
  } finally {
    await services?.stop();
  }
}

/**
 * Is there work? The one place it is decided: the previous run's result when the output is what this run would
 * write (its notices said again), else undefined, with the folder's lock held. The output is looked at before the
 * lock (a no-op takes no lock), and again once the lock is held when the folder may have changed meanwhile (a
 * run that held it, the commit a killed run left, finished).
 */
async function upToDate(
  run: RunInputs,
  check: boolean,
  options: GeneratePackageOptions,
): Promise<GenerateResult | undefined> {
  const tell = options.onNotice ?? (() => undefined);
  const before = previousRun(run, check, tell);
  if (before) return before;
  if (!(await run.writer.prepare({ signal: options.signal, notice: options.onNotice }))) return undefined;
  const after = previousRun(run, check, tell);
  if (after) await run.writer.discard();
  return after;
}
