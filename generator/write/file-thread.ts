// The file work of a run (reading the previous output to compare, writing staged files) done on a thread of
// its own, so that it overlaps the parsing and printing on the main thread instead of adding to it: creating
// thousands of small files costs from a fraction of a second to several seconds, depending on the disk.
//
// Files go over in batches: their UTF-8 bytes one after the other in one buffer, which moves to the thread
// without a copy, and beside it a flat list of (target, staged, compare, end). A message per file, or a list
// of objects, cost the main thread more than the writing itself. The main thread is held back (synchronously:
// the parser it runs in is synchronous) only while more than PENDING_LIMIT bytes wait, so memory stays
// bounded at any tenant size.
import { Worker } from 'node:worker_threads';

export interface FileResults {
  /** indexes (in the order given) of the files that differ from the previous output */
  readonly changed: readonly number[];
  /** the sha256 of every file, in the order given */
  readonly hashes: readonly string[];
  /** in check mode, the text of the first few files that differ (for a `--check` to show how), by index */
  readonly samples: ReadonlyArray<{ readonly at: number; readonly text: string }>;
}

/** what one thread did: the indexes it was given, and their hashes in the same order */
interface ThreadResults {
  readonly changed: readonly number[];
  readonly indexes: readonly number[];
  readonly hashes: readonly string[];
  readonly samples: ReadonlyArray<{ readonly at: number; readonly text: string }>;
}

const PENDING_LIMIT = 4 << 20;
/** files that differ kept per thread in check mode, each up to SAMPLE_BYTES */
const SAMPLES = 6;
const SAMPLE_BYTES = 1 << 20;
const BATCH_BYTES = 256 << 10;

/**
 * per file: its index, the path to compare with, the path to stage at ('' in check mode), 1 to compare, and
 * where its bytes end in the buffer
 */
type Batch = { readonly bytes: ArrayBuffer; readonly files: ReadonlyArray<string | number> };
type Reply = ThreadResults | { readonly failed: string; readonly path: string };

/** the shared state: bytes waiting, and whether the thread broke down */
const PENDING = 0;
const BROKEN = 1;
/** no batch written for this long: the thread is taken for dead rather than waited for forever */
const STALLED_MS = 120_000;

/**
 * The worker's code. It runs as a script of its own (`eval`), so that the same code serves erpgen compiled and
 * erpgen's tests running its sources: it must use nothing from this module's scope.
 */
function thread(): void {
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const { mkdirSync, readFileSync, writeFileSync } = require('node:fs') as typeof import('node:fs');
  const { dirname } = require('node:path') as typeof import('node:path');
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const pending = new Int32Array(workerData as SharedArrayBuffer);
  const made = new Set<string>();
  const changed: number[] = [];
  const indexes: number[] = [];
  const hashes: string[] = [];
  const samples: Array<{ at: number; text: string }> = [];
  let failure: { failed: string; path: string } | undefined;
  const file = (at: number, target: string, staged: string, compare: boolean, bytes: Buffer) => {
    indexes.push(at);
    hashes.push(createHash('sha256').update(bytes).digest('hex'));
    if (compare) {
      let same = false;
      try {
        same = readFileSync(target).equals(bytes);
      } catch {
        same = false;
      }
      if (same) return;
    }
    changed.push(at);
    if (staged === '') {
      if (samples.length < SAMPLES && bytes.length <= SAMPLE_BYTES) samples.push({ at, text: bytes.toString('utf8') });
      return;
    }
    const dir = dirname(staged);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(staged, bytes);
  };
  parentPort!.on('message', (batch: Batch | 'end') => {
    if (batch === 'end') {
      parentPort!.postMessage(failure ?? { changed, indexes, hashes, samples });
      return;
    }
    const all = Buffer.from(batch.bytes);
    let start = 0;
    for (let i = 0; i < batch.files.length; i += 5) {
      const target = batch.files[i + 1] as string;
      const staged = batch.files[i + 2] as string;
      const end = batch.files[i + 4] as number;
      try {
        if (!failure)
          file(batch.files[i] as number, target, staged, batch.files[i + 3] === 1, all.subarray(start, end));
      } catch (error) {
        failure = { failed: (error as Error).message, path: staged || target };
      }
      start = end;
    }
    Atomics.sub(pending, 0, batch.bytes.byteLength);
    Atomics.notify(pending, 0);
  });
}

/**
 * `thread` as a script. Transpilers that keep function names (esbuild's `keepNames`, as tsx runs erpgen's
 * sources) wrap arrow functions in a `__name` helper of the module's, which the script must define. Should
 * the script fail, it says so in the shared state, since the main thread may be waiting on it synchronously.
 */
const SCRIPT = `var __name = (target) => target;
try {
  const SAMPLES = ${SAMPLES}, SAMPLE_BYTES = ${SAMPLE_BYTES};
  (${thread.toString()})();
} catch (error) {
  const state = new Int32Array(require('node:worker_threads').workerData);
  Atomics.store(state, ${BROKEN}, 1);
  Atomics.notify(state, ${PENDING});
  throw error;
}`;

class FileThread {
  private readonly pending = new Int32Array(new SharedArrayBuffer(8));
  private readonly worker = new Worker(SCRIPT, {
    eval: true,
    workerData: this.pending.buffer,
    // the thread's objects live for one batch: a small young generation is all it needs (the default's
    // semispaces would cost each thread tens of MB)
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  private readonly encoder = new TextEncoder();
  private bytes = new Uint8Array(BATCH_BYTES);
  private used = 0;
  private files: Array<string | number> = [];

  /** `staged`: where to write the file when it differs from `target` (none in check mode). */
  put(at: number, target: string, staged: string | undefined, content: string, compare: boolean): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit
    const room = content.length * 3;
    if (this.used + room > this.bytes.length) this.send();
    if (room > this.bytes.length) {
      // a big file (the catalog, package.json) goes alone, in a buffer of its exact size
      const bytes = this.encoder.encode(content);
      this.files.push(at, target, staged ?? '', compare ? 1 : 0, bytes.length);
      this.post(bytes.buffer as ArrayBuffer);
      return;
    }
    this.used += this.encoder.encodeInto(content, this.bytes.subarray(this.used)).written;
    this.files.push(at, target, staged ?? '', compare ? 1 : 0, this.used);
  }

  private send(): void {
    if (this.files.length) this.post(this.bytes.buffer.slice(0, this.used) as ArrayBuffer);
  }

  private post(bytes: ArrayBuffer): void {
    // held back while too much waits: the thread notifies as it writes
    let since = Date.now();
    for (let last = -1; ;) {
      if (Atomics.load(this.pending, BROKEN)) throw new Error('erpgen: a file thread broke down');
      const waiting = Atomics.load(this.pending, PENDING);
      if (waiting <= PENDING_LIMIT) break;
      if (waiting !== last) [last, since] = [waiting, Date.now()];
      else if (Date.now() - since > STALLED_MS)
        throw new Error(`erpgen: a file thread wrote nothing for ${STALLED_MS / 1000} s`);
      Atomics.wait(this.pending, PENDING, waiting, 1000);
    }
    Atomics.add(this.pending, PENDING, bytes.byteLength);
    const batch: Batch = { bytes, files: this.files };
    this.worker.postMessage(batch, [bytes]);
    this.used = 0;
    this.files = [];
  }

  /** Waits for every file given; then the thread is gone. Rejects with the first file that could not be written. */
  async finish(): Promise<ThreadResults> {
    this.send();
    const reply = await new Promise<Reply>((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
      this.worker.once('exit', () => reject(new Error('erpgen: a file thread stopped before it was done')));
      this.worker.postMessage('end');
    });
    await this.worker.terminate();
    if ('failed' in reply) throw Object.assign(new Error(reply.failed), { path: reply.path });
    return reply;
  }

  /** Stops the thread without doing what it has not done yet. */
  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * Two threads, taking the files in turn, each staging into a folder of its own: creating a file is mostly the
 * kernel's work, and on a small machine the two threads' creations run side by side only when they are in
 * different folders (in one folder they queue for its lock, and cost more than one thread alone).
 */
export class FileThreads {
  private readonly threads = [new FileThread(), new FileThread()];
  private count = 0;

  /**
   * `staging`: the folder each thread stages in a subfolder of (`0/`, `1/`), none in check mode. Returns the
   * subfolder the file went to.
   */
  put(path: string, target: string, staging: string | undefined, content: string, compare: boolean): number {
    const at = this.count++;
    const thread = at % this.threads.length;
    this.threads[thread]!.put(at, target, staging && `${staging}/${thread}/${path}`, content, compare);
    return thread;
  }

  async finish(): Promise<FileResults> {
    // every thread done before any failure is told: none may still be writing when the caller cleans up
    const settled = await Promise.allSettled(this.threads.map((t) => t.finish()));
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const results = settled.map((r) => (r as PromiseFulfilledResult<ThreadResults>).value);
    const hashes = new Array<string>(this.count);
    const changed: number[] = [];
    const samples: Array<{ at: number; text: string }> = [];
    for (const r of results) {
      r.indexes.forEach((at, i) => (hashes[at] = r.hashes[i]!));
      changed.push(...r.changed);
      samples.push(...r.samples);
    }
    return { changed: changed.sort((a, b) => a - b), hashes, samples: samples.sort((a, b) => a.at - b.at) };
  }

  async stop(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.stop()));
  }
}
