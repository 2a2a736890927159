// A file thread (file-thread.ts starts two for a big run): the file work (file-work.ts) of each batch it is sent.
// Every batch it is done with is taken off the shared count of pending bytes, which the main thread may be waiting
// on synchronously: so nothing here may end without doing that, and a breakdown is said in the shared state
// rather than left silent.
import { MessageChannel, parentPort, workerData } from 'node:worker_threads';
import { BROKEN, PENDING, type Batch, type ThreadData } from './file-protocol.js';
import { FileWork } from './file-work.js';

const data = workerData as ThreadData;
const state = new Int32Array(data.state);
const work = new FileWork(data.samples, data.sampleBytes);

/**
 * A port closed at once: a buffer posted on it is detached from this thread, and the message dropped with it, so
 * its memory goes back at once. A batch's bytes left to this thread's collector stayed long after they were
 * written (the thread allocates little, so it seldom collects): at the ten-times tenant's end, the catalog's and
 * the last batches' bytes, 15-17 MB per thread, when the run peaks.
 */
const dropped = new MessageChannel().port1;
dropped.close();

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
    dropped.postMessage(null, [message.bytes]);
  }
});
