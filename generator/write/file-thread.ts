// The file work of a run (reading the previous output to compare, writing staged files: file-work.ts) done on
// threads of their own, so that it overlaps the parsing and printing on the main thread instead of adding to it:
// creating thousands of small files costs from a fraction of a second to several seconds, depending on the disk.
// A small run does without them (FileThreads).
//
// Files go over in batches: their UTF-8 bytes one after the other in one buffer, which moves to the thread
// without a copy, and beside it a flat list of (target, staged, compare, end). A message per file, or a list
// of objects, cost the main thread more than the writing itself. The main thread is held back (synchronously:
// the parser it runs in is synchronous) only while more than PENDING_LIMIT bytes wait, so memory stays
// bounded at any tenant size.
import { startThread } from '../start-thread.js';
import { BROKEN, PENDING, type Batch, type Reply, type ThreadData, type ThreadResults } from './file-protocol.js';
import { copyDigest, digestRoom, FileWorkHere } from './file-work.js';

export interface FileResults {
  /** indexes (in the order given) of the files that differ from the previous output */
  readonly changed: readonly number[];
  /** the sha256 of every file, in the order given, 32 bytes each (file-work.ts: hexDigest) */
  readonly digests: Uint8Array;
  /** in check mode, the text of the first few files that differ (for a `--check` to show how), by index */
  readonly samples: ReadonlyArray<{ readonly at: number; readonly text: string }>;
}

const PENDING_LIMIT = 4 << 20;
const THREADS = 2;
/** characters of files given before the threads start (the shipped sample's package is 2.2 MB) */
export const THREADS_AFTER = 4 << 20;
/** files that differ kept per thread in check mode, each up to SAMPLE_BYTES */
const SAMPLES = 6;
const SAMPLE_BYTES = 1 << 20;
/**
 * bytes of files per batch: a batch's message costs the main thread most of a millisecond however small it is (at
 * 256 KiB, the 143 MB of stock + 312 services took 560 of them, 0.39 s of its CPU; at 1 MiB 0.13 s)
 */
export const BATCH_BYTES = 1 << 20;
/** no batch written for this long: the thread is taken for dead rather than waited for forever */
const STALLED_MS = 120_000;

class FileThread {
  private readonly pending = new Int32Array(new SharedArrayBuffer(8));
  private readonly worker = startThread(
    new URL('./file-worker.js', import.meta.url),
    { state: this.pending.buffer as SharedArrayBuffer, samples: SAMPLES, sampleBytes: SAMPLE_BYTES },
    // the thread's objects live for one batch: a small young generation is all it needs (the default's
    // semispaces would cost each thread tens of MB)
    { maxYoungGenerationSizeMb: 4 },
  );
  private readonly encoder = new TextEncoder();
  private bytes = new Uint8Array(BATCH_BYTES);
  private used = 0;
  private files: Array<string | number> = [];

  /** `staged`: where to write the file when it differs from `target` (none in check mode). */
  put(at: number, target: string, staged: string | undefined, content: string | Uint8Array, compare: boolean): void {
    if (typeof content !== 'string') {
      this.putBytes(at, target, staged ?? '', content, compare);
      return;
    }
    // UTF-8 takes at most 3 bytes per UTF-16 unit
    const room = content.length * 3;
    if (this.used + room > this.bytes.length) this.send();
    if (room > this.bytes.length) {
      // a big file (the catalog, package.json) goes alone, in a buffer of its exact size
      this.putAlone(at, target, staged, this.encoder.encode(content), compare);
      return;
    }
    this.used += this.encoder.encodeInto(content, this.bytes.subarray(this.used)).written;
    this.files.push(at, target, staged ?? '', compare ? 1 : 0, this.used);
  }

  /**
   * As put, of a file given as its bytes. A big file's buffer moves to the thread: the bytes are the thread's from
   * here on.
   */
  private putBytes(at: number, target: string, staged: string, bytes: Uint8Array, compare: boolean): void {
    if (this.used + bytes.length > this.bytes.length) this.send();
    if (bytes.length > this.bytes.length) {
      // the thread reads up to the file's end: a buffer with room after it goes as it is
      this.putAlone(at, target, staged, bytes.byteOffset === 0 ? bytes : bytes.slice(), compare);
      return;
    }
    this.bytes.set(bytes, this.used);
    this.used += bytes.length;
    this.files.push(at, target, staged, compare ? 1 : 0, this.used);
  }

  private putAlone(at: number, target: string, staged: string | undefined, bytes: Uint8Array, compare: boolean): void {
    this.send();
    this.files.push(at, target, staged ?? '', compare ? 1 : 0, bytes.length);
    this.post(bytes.buffer as ArrayBuffer);
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
 *
 * The threads start only once the files given reach `threadsAfter` characters: starting a thread costs about what
 * a small package's whole file work does (a V8 context and node's modules: 100-200 ms of CPU each on a small
 * machine), so a small run (the shipped sample, a team's few tables) does its file work with node's I/O threads
 * as its files are given (file-work.ts), all in the first staging folder, which a first run then moves into place
 * in one rename; a big run's first files are done so too.
 */
export class FileThreads {
  private threads: FileThread[] | undefined;
  /** the work of the files given while no thread is started */
  private here: FileWorkHere | undefined;
  private hereChars = 0;
  private count = 0;
  /** the index of the first file given to the threads (files before it are staged in `0/`) */
  private threadsFrom = Infinity;

  /** `threadsAfter`: the characters of files given before the threads start (0: from the first file) */
  constructor(private readonly threadsAfter = THREADS_AFTER) {}

  /** `staging`: the folder each thread stages in a subfolder of (`0/`, `1/`: subfolder()), none in check mode. */
  put(path: string, target: string, staging: string | undefined, content: string | Uint8Array, compare: boolean): void {
    const at = this.count++;
    if (!this.threads && this.hereChars + content.length >= this.threadsAfter) {
      this.threads = Array.from({ length: THREADS }, () => new FileThread());
      this.threadsFrom = at;
    }
    const thread = this.subfolder(at);
    const staged = staging ? `${staging}/${thread}/${path}` : '';
    if (this.threads) this.threads[thread]!.put(at, target, staged || undefined, content, compare);
    else {
      const bytes =
        typeof content === 'string'
          ? Buffer.from(content)
          : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      (this.here ??= new FileWorkHere()).put({ at, target, staged, compare, bytes });
      this.hereChars += content.length;
    }
  }

  /**
   * The staging subfolder of the file given `at`th (`0` for one given after the last): worked out rather than
   * kept, as 143,000 numbers at a 10x tenant.
   */
  subfolder(at: number): number {
    return at >= this.threadsFrom && at < this.count ? at % THREADS : 0;
  }

  async finish(): Promise<FileResults> {
    // every part done before any failure is told: none may still be writing when the caller cleans up
    const settled = await Promise.allSettled([
      this.here?.finish(THREADS, SAMPLES, SAMPLE_BYTES) ?? [],
      ...(this.threads ?? []).map((t) => t.finish().then((r) => [r])),
    ]);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const results = settled.flatMap((r) => (r as PromiseFulfilledResult<ThreadResults[]>).value);
    const digests = digestRoom(this.count);
    const changed: number[] = [];
    const samples: Array<{ at: number; text: string }> = [];
    for (const r of results) {
      // as bytes until written (in hex, 143,000 strings of 64 characters at a 10x tenant: 11 MB of this heap)
      r.indexes.forEach((at, i) => copyDigest(r.hashes, i, digests, at));
      changed.push(...r.changed);
      samples.push(...r.samples);
    }
    // as many of each thread's share as a thread keeps, its first (the work done here kept as many besides)
    const kept = new Array<number>(THREADS).fill(0);
    const first = samples.sort((a, b) => a.at - b.at).filter((s) => kept[s.at % THREADS]!++ < SAMPLES);
    return { changed: changed.sort((a, b) => a - b), digests, samples: first };
  }

  async stop(): Promise<void> {
    await Promise.all([this.here?.stop(), ...(this.threads ?? []).map((t) => t.stop())]);
  }
}
