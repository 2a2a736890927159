// A file thread (generator/write/file-worker.ts) gives a batch's bytes back as soon as it is done with them, not
// when its collector happens to run: left to it, the batches written last (the catalog's among them) stayed, 15-17
// MB per thread, at the moment the ten-times tenant's run peaks.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { PENDING, type Batch, type Reply, type ThreadData } from '../../../generator/write/file-protocol.js';

const SOURCE = fileURLToPath(new URL('../../../generator/write/file-worker.ts', import.meta.url));

/** the thread from its TypeScript source, as the writer starts it where erpgen runs from its sources */
function startThread(data: ThreadData): Worker {
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const load = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(SOURCE)}, ${JSON.stringify(SOURCE)})`;
  return new Worker(load, { eval: true, workerData: data });
}

let thread: Worker | undefined;
afterEach(async () => {
  await thread?.terminate();
});

describe('a file thread', () => {
  it("frees a batch's bytes once it is done with them", async () => {
    const state = new SharedArrayBuffer(8);
    thread = startThread({ state, samples: 0, sampleBytes: 0 });
    const size = 24 << 20;
    const before = process.memoryUsage().arrayBuffers;
    // allocated here, so counted here until freed, on whichever thread that happens
    const bytes = new ArrayBuffer(size);
    expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThanOrEqual(size);
    Atomics.add(new Int32Array(state), PENDING, size);
    // one file of `size` bytes, in check mode (nothing staged), compared with nothing
    const batch: Batch = { bytes, files: [0, '', '', 0, size] };
    thread.postMessage(batch, [bytes]);
    // the thread takes its messages in order: its reply to 'end' comes after the batch is done
    const reply = await new Promise<Reply>((resolve, reject) => {
      thread!.once('message', resolve);
      thread!.once('error', reject);
      thread!.postMessage('end');
    });
    expect('indexes' in reply && reply.indexes).toEqual([0]);
    expect(Atomics.load(new Int32Array(state), PENDING)).toBe(0);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(size / 2);
  });
});
