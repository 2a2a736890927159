// The services thread (services-thread.ts starts it for a run with many services): once it is sent the column
// sizes, it takes services in turn with the main thread and sends each one's files, printed, as bytes. It stops at
// the first service that fails, or when the main thread's fails; it never runs ahead of the main thread by more
// than the bytes it is given as its limit.
import { workerData } from 'node:worker_threads';
import { ColumnFacts, type SizesData } from './model/column-facts.js';
import { moduleFiles } from './emit/package-files.js';
import { serviceModulePath } from './model/plan.js';
import { UserError } from './errors.js';
import { NEXT, PENDING, SENT, STOP, type Printed, type ServicesData, type ThreadError } from './services-protocol.js';
import { serviceModule } from './service-module.js';

const { jobs, emit, state: shared, port, pendingLimit } = workerData as ServicesData;
const state = new Int32Array(shared);
const encoder = new TextEncoder();

function send(message: Printed, transfer: ArrayBuffer[] = [], bytes = 0): void {
  Atomics.add(state, PENDING, bytes);
  port.postMessage(message, transfer);
  Atomics.add(state, SENT, 1);
  Atomics.notify(state, SENT);
}

function crossing(error: unknown): ThreadError {
  if (error instanceof UserError)
    return { code: error.code, message: error.message, exitCode: error.exitCode, where: error.where };
  return { message: String((error as Error)?.message ?? error), stack: (error as Error)?.stack };
}

port.once('message', (data: SizesData) => {
  const sizes = { lengths: new ColumnFacts(data.lengths), scales: new ColumnFacts(data.scales) };
  while (!Atomics.load(state, STOP)) {
    const at = Atomics.add(state, NEXT, 1);
    if (at >= jobs.length) break;
    for (let waiting; (waiting = Atomics.load(state, PENDING)) > pendingLimit;)
      Atomics.wait(state, PENDING, waiting, 100);
    const job = jobs[at]!;
    try {
      const module = serviceModule(job, sizes);
      const files = [...moduleFiles(serviceModulePath(job.names), module, emit)].map(
        ([path, text]) => [path, encoder.encode(text)] as const,
      );
      const bytes = files.reduce((sum, [, b]) => sum + b.byteLength, 0);
      send(
        { at, files },
        files.map(([, b]) => b.buffer as ArrayBuffer),
        bytes,
      );
    } catch (error) {
      Atomics.store(state, STOP, 1);
      send({ at, error: crossing(error) });
    }
  }
  send('done');
});
