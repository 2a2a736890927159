// A file thread (file-thread.ts starts two for a big run): the file work (file-work.ts) of each batch it is sent.
// Every batch it is done with is taken off the shared count of pending bytes, which the main thread may be waiting
// on synchronously: so nothing here may end without doing that, and a breakdown is said in the shared state
// rather than left silent.
import { parentPort, workerData } from 'node:worker_threads';
import { BROKEN, PENDING, type Batch, type ThreadData } from './file-protocol.js';
import { FileWork } from './file-work.js';
import { release } from './release.js';

const data = workerData as ThreadData;
const state = new Int32Array(data.state);
const work = new FileWork(data.samples, data.sampleBytes);

parentPort!.on('message', (message: Batch | 'end') => {
  if (message === 'end') {
    const reply = work.reply();
    parentPort!.postMessage(reply, 'hashes' in reply ? [reply.hashes.buffer as ArrayBuffer] : []);
    return;
  }
  try {
    work.batch(message);
  } catch (error) {
    Atomics.store(state, BROKEN, 1);
    throw error;
  } finally {
    Atomics.sub(state, PENDING, message.bytes.byteLength);
    Atomics.notify(state, PENDING);
    // freed as soon as written: left to this thread's collector (it allocates little, so it seldom collects), the
    // catalog's and the last batches' bytes stayed to the ten-times tenant's end, 15-17 MB per thread at its peak
    release(message.bytes);
  }
});
