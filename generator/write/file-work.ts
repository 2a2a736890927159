// The work done for each file of the output: its sha256; compared with the previous output unless it is new;
// staged when it differs (or, in check mode, kept as a sample). Done on a file thread (file-worker.ts) for a big
// run; for a small one on the main thread, with node's own I/O threads (FileWorkHere).
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, writeFile, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type { Batch, Reply, ThreadResults } from './file-protocol.js';

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

const DIGEST = 32;

/**
 * The sha256 of files one after the other, 32 bytes each, in a buffer that moves to the main thread without a
 * copy: as hex strings, a 10x tenant's 143,000 hashes were 11 MB of the threads' heaps and as much again cloned
 * into the main thread's while the threads still held theirs (the run's peak).
 */
class Digests {
  private bytes = new Uint8Array(DIGEST << 10);
  private count = 0;

  add(data: Uint8Array): void {
    if ((this.count + 1) * DIGEST > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes.set(createHash('sha256').update(data).digest(), this.count++ * DIGEST);
  }

  get all(): Uint8Array {
    return this.bytes.subarray(0, this.count * DIGEST);
  }
}

/** The `i`th hash of `digests` (as ThreadResults has them) in hex. */
export function hexDigest(digests: Uint8Array, i: number): string {
  return Buffer.from(digests.buffer, digests.byteOffset, digests.byteLength).toString(
    'hex',
    i * DIGEST,
    (i + 1) * DIGEST,
  );
}

/** `digests`' `i`th hash put at `at` in `into` */
export function copyDigest(digests: Uint8Array, i: number, into: Uint8Array, at: number): void {
  into.set(digests.subarray(i * DIGEST, (i + 1) * DIGEST), at * DIGEST);
}

/** room for `count` hashes */
export const digestRoom = (count: number) => new Uint8Array(count * DIGEST);

/** One thread's share of the files: what it did, and the first failure (after which it does nothing). */
export class FileWork {
  private readonly made = new Set<string>();
  private readonly changed: number[] = [];
  private readonly indexes: number[] = [];
  private readonly digests = new Digests();
  private readonly samples: Array<{ at: number; text: string }> = [];
  private failure: { failed: string; path: string } | undefined;

  /** `samples`: how many differing files to keep in check mode, each of up to `sampleBytes`. */
  constructor(
    private readonly sampleCount: number,
    private readonly sampleBytes: number,
  ) {}

  /** One file; `staged` is '' in check mode. A failure is kept for the reply, not thrown. */
  file(at: number, target: string, staged: string, compare: boolean, bytes: Buffer): void {
    if (this.failure) return;
    try {
      this.indexes.push(at);
      this.digests.add(bytes);
      if (compare && sameAsBefore(target, bytes)) return;
      this.changed.push(at);
      if (staged === '') {
        if (this.samples.length < this.sampleCount && bytes.length <= this.sampleBytes)
          this.samples.push({ at, text: bytes.toString('utf8') });
        return;
      }
      const dir = dirname(staged);
      if (!this.made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        this.made.add(dir);
      }
      writeFileSync(staged, bytes);
    } catch (error) {
      this.failure = { failed: (error as Error).message, path: staged || target };
    }
  }

  /** The files of a batch (file-protocol.ts). */
  batch({ bytes, files }: Batch): void {
    const all = Buffer.from(bytes);
    let start = 0;
    for (let i = 0; i < files.length; i += 5) {
      const end = files[i + 4] as number;
      this.file(
        files[i] as number,
        files[i + 1] as string,
        files[i + 2] as string,
        files[i + 3] === 1,
        all.subarray(start, end),
      );
      start = end;
    }
  }

  reply(): Reply {
    const { changed, indexes, samples } = this;
    return this.failure ?? { changed, indexes, hashes: this.digests.all, samples };
  }
}

/** A file given to the file work: its index, the path to compare with, where to stage it ('' in check mode). */
export interface GivenFile {
  readonly at: number;
  readonly target: string;
  readonly staged: string;
  readonly compare: boolean;
  readonly bytes: Buffer;
}

/** as sameAsBefore, without blocking: several run at once on node's I/O threads */
async function sameAsBeforeAsync(target: string, bytes: Buffer): Promise<boolean> {
  try {
    const handle = await open(target, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      return (await handle.stat()).size === bytes.length && (await handle.readFile()).equals(bytes);
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

/**
 * A file written on node's I/O threads through fs's callbacks: fs/promises' writeFile, a FileHandle per file with
 * its own open, write and close, cost a cold run of the shipped sample 10-20 ms more CPU time for its 400 files.
 */
const writeStaged = promisify(writeFile);

/** files compared and written at once: enough to keep node's four I/O threads busy */
const AT_ONCE = 16;

/**
 * The file work of a small run, on the main thread: each file compared and written as soon as it is given, on
 * node's I/O threads, several at a time, so that the disk's work (creating a file mostly waits for the kernel and
 * the disk) overlaps the parsing and printing instead of following them. Replies what `threads` FileWorks given
 * the files in turn would, without starting a thread; throws the first file (in the order given) that could not
 * be written.
 */
export class FileWorkHere {
  private readonly files: GivenFile[] = [];
  private readonly differs: boolean[] = [];
  private readonly failures: Array<{ failed: string; path: string } | undefined> = [];
  private readonly made = new Set<string>();
  private next = 0;
  private running = 0;
  private stopped = false;
  private drained: (() => void) | undefined;

  put(file: GivenFile): void {
    this.files.push(file);
    this.pump();
  }

  private pump(): void {
    while (!this.stopped && this.running < AT_ONCE && this.next < this.files.length) {
      const i = this.next++;
      this.running++;
      void this.one(i).then(() => {
        this.running--;
        this.pump();
        if (this.running === 0) this.drained?.();
      });
    }
  }

  private async one(i: number): Promise<void> {
    const { target, staged, compare, bytes } = this.files[i]!;
    try {
      const dir = dirname(staged);
      if (staged !== '' && !this.made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        this.made.add(dir);
      }
      this.differs[i] = !(compare && (await sameAsBeforeAsync(target, bytes)));
      if (this.differs[i] && staged !== '') await writeStaged(staged, bytes);
    } catch (error) {
      this.failures[i] = { failed: (error as Error).message, path: staged || target };
    }
  }

  /** Until every file begun is done, and (unless stopped) every file given. */
  private async idle(): Promise<void> {
    while (this.running > 0 || (!this.stopped && this.next < this.files.length))
      await new Promise<void>((resolve) => (this.drained = resolve));
  }

  /** Every file given done: what each of `threads` FileWorks would reply. */
  async finish(threads: number, sampleCount: number, sampleBytes: number): Promise<ThreadResults[]> {
    await this.idle();
    const failure = this.failures.find((f) => f !== undefined);
    if (failure) throw Object.assign(new Error(failure.failed), { path: failure.path });
    const results = Array.from({ length: threads }, () => ({
      changed: [] as number[],
      indexes: [] as number[],
      digests: new Digests(),
      samples: [] as Array<{ at: number; text: string }>,
    }));
    this.files.forEach(({ at, staged, bytes }, i) => {
      const r = results[at % threads]!;
      r.indexes.push(at);
      r.digests.add(bytes);
      if (!this.differs[i]) return;
      r.changed.push(at);
      if (staged === '' && r.samples.length < sampleCount && bytes.length <= sampleBytes)
        r.samples.push({ at, text: bytes.toString('utf8') });
    });
    return results.map(({ digests, ...r }) => ({ ...r, hashes: digests.all }));
  }

  /** Begins no other file, and waits for those begun: none is still being written when the caller cleans up. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }
}
