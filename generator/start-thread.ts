// Starting a worker thread of erpgen's own (the file threads, write/file-thread.ts; the services thread,
// services-thread.ts): its module compiled beside the caller's (dist/generator; the command line's bundle keeps
// its chunks and the threads' entries in one folder for this, dist/cli: scripts/bundle-cli.mjs), or, where erpgen
// runs from its TypeScript sources (its tests and bench), the source itself through tsx's require hook, since a
// thread does not inherit the loader its parent runs under.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';

/** `compiled`: the thread's module as compiled (`new URL('./x.js', import.meta.url)`, beside the caller). */
export function startThread(
  compiled: URL,
  workerData: unknown,
  resourceLimits: ResourceLimits,
  transferList: readonly TransferListItem[] = [],
): Worker {
  const options = { workerData, resourceLimits, transferList: [...transferList] };
  if (!import.meta.url.endsWith('.ts')) {
    if (!existsSync(compiled)) throw new Error(`erpgen is installed without ${fileURLToPath(compiled)}`);
    return new Worker(compiled, options);
  }
  const source = fileURLToPath(compiled).replace(/\.js$/, '.ts');
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const load = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(source)}, ${JSON.stringify(source)})`;
  return new Worker(load, { ...options, eval: true });
}
