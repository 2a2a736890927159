// A file thread (file-thread.ts starts two): for each file of a batch, its sha256; compared with the previous
// output unless it is new; staged when it differs (or, in check mode, kept as a sample). Every batch it is done
// with is taken off the shared count of pending bytes, which the main thread may be waiting on synchronously: so
// nothing here may end without doing that, and a breakdown is said in the shared state rather than left silent.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { BROKEN, PENDING, type Batch, type ThreadData } from './file-protocol.js';

const data = workerData as ThreadData;
const state = new Int32Array(data.state);
const made = new Set<string>();
const changed: number[] = [];
const indexes: number[] = [];
const hashes: string[] = [];
const samples: Array<{ at: number; text: string }> = [];
let failure: { failed: string; path: string } | undefined;

/** Whether `target` holds `bytes`; never through a link (the writer checked its folders: tree.ts). */
function sameAsBefore(target: string, bytes: Buffer): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(target, constants.O_RDONLY | constants.O_NOFOLLOW);
    return fstatSync(fd).size === bytes.length && readFileSync(fd).equals(bytes);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function file(at: number, target: string, staged: string, compare: boolean, bytes: Buffer): void {
  indexes.push(at);
  hashes.push(createHash('sha256').update(bytes).digest('hex'));
  if (compare && sameAsBefore(target, bytes)) return;
  changed.push(at);
  if (staged === '') {
    if (samples.length < data.samples && bytes.length <= data.sampleBytes)
      samples.push({ at, text: bytes.toString('utf8') });
    return;
  }
  const dir = dirname(staged);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  writeFileSync(staged, bytes);
}

function batch({ bytes, files }: Batch): void {
  const all = Buffer.from(bytes);
  let start = 0;
  for (let i = 0; i < files.length; i += 5) {
    const target = files[i + 1] as string;
    const staged = files[i + 2] as string;
    const end = files[i + 4] as number;
    try {
      if (!failure) file(files[i] as number, target, staged, files[i + 3] === 1, all.subarray(start, end));
    } catch (error) {
      failure = { failed: (error as Error).message, path: staged || target };
    }
    start = end;
  }
}

parentPort!.on('message', (message: Batch | 'end') => {
  if (message === 'end') {
    parentPort!.postMessage(failure ?? { changed, indexes, hashes, samples });
    return;
  }
  try {
    batch(message);
  } catch (error) {
    Atomics.store(state, BROKEN, 1);
    throw error;
  } finally {
    Atomics.sub(state, PENDING, message.bytes.byteLength);
    Atomics.notify(state, PENDING);
  }
});
