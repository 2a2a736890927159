// The only code that touches the output folder.
//
// - Incremental: a file whose bytes are unchanged is not rewritten (its mtime stays).
// - One writer at a time: a run that writes takes the folder's lock first (lock.ts; `prepare()`), and a second
//   run waits for it, saying who it waits for.
// - Staged, then committed by a journal (journal.ts): changed files are first written to a staging folder beside
//   the output; only when the whole run has succeeded is the journal written (the commit point), then the files
//   renamed into place and the files of vanished objects moved out, deleted after (a first run renames half of
//   them in one go: the folder one thread staged in). A run that fails before the journal leaves the previous
//   output exactly as it was; a run killed after it leaves the journal, which the next run finishes and `--check`
//   reports.
// - Inside the folder only (tree.ts): every path is taken against the real output folder, and a generated path
//   that would reach a link, or a folder where a file belongs, is refused before anything is written.
// - Beside the work: comparing and staging happen on two threads of their own (file-thread.ts), while this
//   thread parses and prints; for a small output, on this thread once every file is given.
// - Check mode (`--check`) compares only: it creates, renames and removes nothing.
// - Nothing to do, nothing done: beside the output, `.erpgen-cache` (cache.ts) records the fingerprint of what
//   the output was made of (fingerprint.ts), what the run said, and every file's hash and stat. A run with the
//   same fingerprint whose files are still those recorded stops there; anything else is a full run.
// - Owned files only: the file list (`.erpgen-files`) lists what erpgen wrote; only those are ever removed,
//   and erpgen refuses to write into a non-empty folder it did not make.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { notice, type Notice } from '../diagnostics.js';
import { UserError } from '../errors.js';
import { flat } from '../flat-string.js';
import { named } from '../message-text.js';
import {
  CACHE,
  fileHashes,
  filesIntact,
  invocationsAfter,
  readCache,
  records,
  writeCache,
  type CacheRecord,
  type Invocation,
  type RunSummary,
} from './cache.js';
import { FileThreads, THREADS_AFTER } from './file-thread.js';
import { copyDigest, digestRoom, FileWork, hexDigest } from './file-work.js';
import {
  applyJournal,
  journalPath,
  lazyList,
  readJournal,
  stagingPrefix,
  writeJournal,
  type Journal,
} from './journal.js';
import { lockOutput, tryLockOutput, waitForWriter, type LockOptions } from './lock.js';
import { release } from './release.js';
import { isOwnedPath, OutputTree, realOutput } from './tree.js';

export { CACHE, type CacheRecord, type Invocation, type RunSummary } from './cache.js';
export const FILE_LIST = '.erpgen-files';

/** A file that differs, with the text erpgen would write. */
export interface Sample {
  readonly path: string;
  readonly expected: string;
}

export interface WriteReport {
  readonly written: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
}

/**
 * A file's text given a part at a time (printer.ts: printModuleInParts), kept as UTF-8 in chunks, made one buffer of
 * its exact size at the end and the chunks freed at once (release.ts): a 10x tenant's catalog (5 MB in each form)
 * was otherwise its parts, the whole text made of them and its bytes at once, at the run's peak; and in one buffer
 * that doubled as it grew, 8 MB for each form and as much again of the smaller buffers it had outgrown, all held
 * until a full collection, while the file threads still held theirs.
 */
export class Utf8Parts {
  private readonly chunks: Uint8Array[] = [];
  private chunk = new Uint8Array(PART_CHUNK);
  private used = 0;
  private readonly encoder = new TextEncoder();

  readonly put = (part: string): void => {
    for (;;) {
      // encodeInto stops before a character that does not fit whole
      const { read, written } = this.encoder.encodeInto(part, this.chunk.subarray(this.used));
      this.used += written;
      if (read === part.length) return;
      part = part.slice(read);
      // up to 3 bytes at its end may be left unused
      this.chunks.push(this.chunk.subarray(0, this.used));
      this.chunk = new Uint8Array(PART_CHUNK);
      this.used = 0;
    }
  };

  /** The bytes given, in one buffer of their size (once: the chunks are gone after). */
  get content(): Uint8Array {
    const chunks = [...this.chunks, this.chunk.subarray(0, this.used)];
    const content = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      content.set(c, at);
      at += c.length;
      release(c.buffer as ArrayBuffer);
    }
    this.chunks.length = 0;
    this.chunk = new Uint8Array(0);
    this.used = 0;
    return content;
  }
}

/** the chunks of a Utf8Parts */
const PART_CHUNK = 1 << 20;

/**
 * Paths given one after another, kept as text joined a thousand at a time until all are given: as 143,000 strings
 * in an array (a 10x tenant) they were 8.6 MB of the main thread's heap for the whole run, and the copies of the
 * array as it grew; joined, half that. The array is made once the file threads are done, when the run's memory is
 * lowest.
 */
class PathList {
  private readonly joined: string[] = [];
  private batch: string[] = [];

  push(path: string): void {
    this.batch.push(path);
    if (this.batch.length === PATHS_JOINED) this.join();
  }

  /** Every path given, in order (the list is empty after). */
  all(): string[] {
    this.join();
    const all = this.joined.flatMap((text) => text.split('\0'));
    this.joined.length = 0;
    return all;
  }

  private join(): void {
    // NUL: the one character no path holds
    if (this.batch.length) this.joined.push(this.batch.join('\0'));
    this.batch = [];
  }
}

const PATHS_JOINED = 1000;

export class OutputWriter {
  /** the output folder's real path (tree.ts): every read, write and removal is under it */
  private readonly real: string;
  private readonly tree: OutputTree;
  private readonly staging: string;
  /** lets the folder's lock go (prepare() took it); undefined in check mode */
  private release: (() => void) | undefined;
  private prepared = false;
  /** every path of the new output, in the order given, while they are given */
  private readonly given = new PathList();
  /** the same, as an array, once every file is given (settle()) */
  private files: string[] = [];
  /** the files of the previous run, as its file list names them (read when first needed: a no-op does not) */
  private owned: ReadonlySet<string> | undefined;
  /** reads and writes the files, beside the parsing and printing; started by the first file */
  private started: FileThreads | undefined;
  private recorded: { record: CacheRecord | undefined } | undefined;
  private checked: { fingerprint: string; result: ReturnType<OutputWriter['upToDate']> } | undefined;

  /**
   * `check`: compare only, never write (for `--check`). `label` is how messages name the folder. `invocation`: the
   * command line whose settings this run has, recorded with it (commands/generate-noop.ts); `record`, the
   * output's `.erpgen-cache` when it has been read already. `threadsAfter`: the characters of files given before
   * the file threads start (file-thread.ts).
   */
  constructor(
    readonly out: string,
    private readonly check: boolean,
    private readonly label = out,
    private readonly invocation?: Invocation,
    record?: CacheRecord,
    private threadsAfter = THREADS_AFTER,
  ) {
    if (record) this.recorded = { record };
    this.real = realOutput(out, label);
    this.tree = new OutputTree(this.real, label);
    // a folder erpgen did not make is refused at once
    if (!existsSync(join(this.real, FILE_LIST))) this.owned = this.readFileList();
    this.staging = join(dirname(this.real), `${stagingPrefix(this.real)}${process.pid}`);
  }

  /**
   * Before the first file: takes the folder's lock, waiting for another run that holds it, and finishes the
   * commit of a run that was killed in it (journal.ts); `--check` takes nothing: it waits for a run that writes,
   * and refuses a folder whose commit was left half done. True when the folder may have changed since this
   * writer first looked at it (a run with nothing to do may look again).
   */
  async prepare(options: Omit<LockOptions, 'label'> = {}): Promise<boolean> {
    if (this.prepared) return false;
    const lock = { ...options, label: this.label };
    if (this.check) {
      const waited = await waitForWriter(this.real, lock);
      if (readJournal(this.real))
        throw new UserError(
          'ERPGEN_OUT_INTERRUPTED',
          `${this.label}: a run of erpgen was stopped while it moved its files into place (${journalPath(this.real)} records it): the folder mixes two packages; run erpgen generate to finish it`,
        );
      return this.ready(waited);
    }
    mkdirSync(dirname(this.real), { recursive: true });
    const { release, waited } = await lockOutput(this.real, lock);
    this.release = release;
    try {
      const finished = this.finishInterrupted(options.notice);
      removeLeftovers(this.real);
      // a fresh staging folder of our own (never one made before us, nor a link in its place)
      rmSync(this.staging, { recursive: true, force: true });
      mkdirSync(this.staging);
      return this.ready(waited || finished);
    } catch (error) {
      await this.discard();
      throw error;
    }
  }

  /** Prepared: what was read of the folder before is read again when it may have changed. */
  private ready(changed: boolean): boolean {
    if (changed) {
      this.tree.forget();
      this.owned = undefined;
      this.recorded = undefined;
      this.checked = undefined;
      if (!existsSync(join(this.real, FILE_LIST))) this.owned = this.readFileList();
    }
    this.prepared = true;
    return changed;
  }

  /** Finishes the commit a killed run left (its journal); true when there was one. */
  private finishInterrupted(tell: ((notice: Notice) => void) | undefined): boolean {
    const found = readJournal(this.real);
    if (!found) return false;
    const file = journalPath(this.real);
    if (!found.journal)
      throw new UserError(
        'ERPGEN_OUT_INTERRUPTED',
        `${this.label}: ${file} records a commit that was stopped half done, but ${found.why}: the folder may mix two packages; remove that file and every file of ${this.label} erpgen did not write, then run again`,
      );
    applyJournal(this.real, found.journal, this.tree);
    tell?.(
      notice(
        'ERPGEN_OUT_COMMIT_FINISHED',
        `${this.label}: finished moving the files of a run that was stopped while it did (pid ${found.journal.pid}, at ${named(found.journal.at)})`,
      ),
    );
    return true;
  }

  private get previous(): ReadonlySet<string> {
    return (this.owned ??= this.readFileList());
  }

  private readFileList(): ReadonlySet<string> {
    const list = join(this.real, FILE_LIST);
    // only plain relative paths: a damaged file list must never make erpgen delete outside its folder
    if (existsSync(list)) {
      this.tree.fileKind(FILE_LIST);
      return new Set(readFileSync(list, 'utf8').split('\n').filter(isOwnedPath));
    }
    if (existsSync(this.real)) {
      if (!statSync(this.real).isDirectory())
        throw new UserError('ERPGEN_OUT_NOT_A_FOLDER', `${this.label}: exists and is not a folder`);
      if (readdirSync(this.real).length > 0 && !this.check) {
        throw new UserError(
          'ERPGEN_OUT_NOT_ERPGEN',
          `${this.label}: the folder is not empty and was not made by erpgen (no ${FILE_LIST}); choose another --out or empty it`,
          { where: { file: this.label } },
        );
      }
    }
    return new Set();
  }

  /**
   * A big run (inputs of THREADS_AFTER bytes or more: its package is a few times its inputs) gives its files to the
   * file threads from the first: given to node's I/O here, its first files would cost the main thread, the run's
   * longest path, most of the threads' start-up again (0.3 s of node's file calls for the stock tenant's first
   * 4 MB). Before the first file only.
   */
  bigRun(inputBytes: number): void {
    if (inputBytes >= THREADS_AFTER && !this.started) this.threadsAfter = 0;
  }

  /**
   * Adds a file of the new output. `path` is relative to the output folder, with `/`; `content`, its text or its
   * UTF-8 bytes (Utf8Parts: which are the writer's from then on).
   */
  file(path: string, content: string | Uint8Array): void {
    if (!this.prepared) throw new Error('OutputWriter: prepare() before the first file');
    path = flat(path);
    // refused here when it would reach through a link, or a folder is in its place
    const there = this.tree.fileKind(path) === 'file';
    this.given.push(path);
    this.thread().put(
      path,
      join(this.real, path),
      this.check ? undefined : this.staging,
      content,
      // only a file that is there can be unchanged: a fresh output costs no failed reads
      there,
    );
  }

  /**
   * What the previous run generated and said, when the output is exactly what a run with this fingerprint
   * writes: the previous run recorded the same fingerprint, and every file it wrote is still there with the bytes
   * it wrote. Undefined otherwise.
   */
  upToDate(fingerprint: string): (RunSummary & { readonly files: number }) | undefined {
    if (this.checked?.fingerprint !== fingerprint) this.checked = { fingerprint, result: this.compare(fingerprint) };
    return this.checked.result;
  }

  private compare(fingerprint: string): (RunSummary & { readonly files: number }) | undefined {
    const record = this.record();
    if (!record?.run || record.fingerprint !== fingerprint) return undefined;
    // a commit left half done: the record is not the folder's
    if (existsSync(journalPath(this.real))) return undefined;
    const { intact, restat, paths } = filesIntact(this.real, record, this.listed());
    // the file list is one of the files: intact, it lists exactly the files recorded
    if (!intact || !paths.includes(FILE_LIST)) return undefined;
    // the files' stats changed, not their bytes: recorded again so that the next run need not hash them; and a
    // command line new to the record, so that it finds its settings next time
    const unrecorded = this.invocation !== undefined && !records(record, this.invocation);
    if ((restat || unrecorded) && !this.check) this.recordAgain(record, record.run, fingerprint);
    if (!this.check) this.tidy();
    return { ...record.run, files: paths.length };
  }

  /**
   * A run with nothing to do takes away what a killed run left beside the output (its lock, its staging folder,
   * which may hold a whole old package moved out), when no live run holds the folder: one listing of the parent
   * folder when there is nothing.
   */
  private tidy(): void {
    const prefix = `.${basename(this.real)}.erpgen-`;
    let left: string[];
    try {
      left = readdirSync(dirname(this.real)).filter((entry) => entry.startsWith(prefix));
    } catch {
      return;
    }
    if (left.length === 0) return;
    const release = tryLockOutput(this.real);
    if (!release) return;
    try {
      if (!existsSync(journalPath(this.real))) removeLeftovers(this.real);
    } catch {
      // tidying only saves disk: an output erpgen cannot tidy is up to date all the same
    } finally {
      release();
    }
  }

  /**
   * Writes the record again with the files' current stats (and this command line), under the folder's lock and
   * only while the files are still those recorded: a run that committed meanwhile must not have its files
   * vouched for by this record's hashes. Skipped when another run holds the lock: the record only saves work.
   */
  private recordAgain(record: CacheRecord, run: RunSummary, fingerprint: string): void {
    const release = tryLockOutput(this.real);
    if (!release) return;
    try {
      if (existsSync(journalPath(this.real)) || !filesIntact(this.real, record, this.listed()).intact) return;
      const invocations = invocationsAfter(record, record.parts, this.invocation);
      writeCache(this.real, fingerprint, record.parts, run, invocations, [...record.files]);
    } catch {
      // the record only saves later runs work: an output erpgen cannot write to is up to date all the same
    } finally {
      release();
    }
  }

  /** The files the output's file list names, in its order (which is the record's), or undefined. */
  private listed(): string[] | undefined {
    try {
      return readFileSync(join(this.real, FILE_LIST), 'utf8').split('\n').slice(0, -1);
    } catch {
      return undefined;
    }
  }

  /** What the previous run recorded in `.erpgen-cache`: its fingerprint and parts, and every file's sha256. */
  record(): CacheRecord | undefined {
    return (this.recorded ??= { record: readCache(this.real) }).record;
  }

  /** The files that differ from the previous output, once every file has been given; and every file's hash. */
  private async settle(): Promise<{
    changed: string[];
    indexes: readonly number[];
    digests: Uint8Array;
    samples: Sample[];
  }> {
    try {
      const { changed, digests, samples } = await this.thread().finish();
      // made now, the threads gone
      this.files = this.given.all();
      return {
        changed: changed.map((i) => this.files[i]!),
        indexes: changed,
        digests,
        samples: samples.map((s) => ({ path: this.files[s.at]!, expected: s.text })),
      };
    } catch (error) {
      throw this.writeFailed((error as { path?: string }).path ?? this.real, (error as Error).message);
    }
  }

  /** A file that could not be written (or compared), as the user is told. */
  private writeFailed(path: string, message: string): UserError {
    return new UserError(
      'ERPGEN_OUT_WRITE_FAILED',
      `${this.label}: cannot write ${relative(dirname(this.real), path)}: ${message}`,
    );
  }

  /** What `commit()` would remove: owned files of the previous run that this run did not produce. */
  private stale(): string[] {
    // a first run has nothing to remove: no set of its every path made to find that out
    if (this.previous.size === 0) return [];
    const current = new Set(this.files);
    const stale = [...this.previous].filter((p) => !current.has(p) && p !== FILE_LIST).sort();
    // refused when one would be removed through a link, or is a folder now
    for (const path of stale) this.tree.fileKind(path);
    return stale;
  }

  /** The differences, for `--check`: paths that would be written and removed, and how the first few would be. */
  async differences(): Promise<{ changed: string[]; removed: string[]; samples: Sample[] }> {
    const { changed: differing, samples } = await this.settle();
    const list = this.fileListText();
    const current = this.tree.fileKind(FILE_LIST) ? readFileSync(join(this.real, FILE_LIST), 'utf8') : undefined;
    const changed = differing.sort();
    if (current !== list) changed.push(FILE_LIST);
    return { changed, removed: this.stale(), samples };
  }

  /**
   * The file list added to what the file threads did, made once they are gone: at 143,000 paths its sorted copy,
   * text and bytes were the peak of a 10x tenant's memory while the threads still held theirs.
   */
  private listFiles(settled: Awaited<ReturnType<OutputWriter['settle']>>): typeof settled {
    const at = this.files.length;
    const compare = this.tree.fileKind(FILE_LIST) === 'file';
    const work = new FileWork(0, 0);
    work.file(
      at,
      join(this.real, FILE_LIST),
      join(this.staging, '0', FILE_LIST),
      compare,
      Buffer.from(this.fileListText()),
    );
    const reply = work.reply();
    if ('failed' in reply) throw this.writeFailed(reply.path, reply.failed);
    // in subfolder 0 (FileThreads.subfolder: given after the last)
    this.files.push(FILE_LIST);
    const changed = reply.changed.length > 0;
    const digests = digestRoom(at + 1);
    digests.set(settled.digests);
    copyDigest(reply.hashes, 0, digests, at);
    return {
      ...settled,
      changed: changed ? [...settled.changed, FILE_LIST] : settled.changed,
      indexes: changed ? [...settled.indexes, at] : settled.indexes,
      digests,
    };
  }

  private fileListText(): string {
    const paths = [...this.files, FILE_LIST].sort();
    for (let i = 1; i < paths.length; i++)
      if (paths[i] === paths[i - 1]) throw new Error(`erpgen emitted ${paths[i]} twice`);
    return paths.join('\n') + '\n';
  }

  /**
   * Moves the staged files into place and removes stale ones, by a journal (journal.ts) that a run killed in the
   * middle leaves for the next one to finish. Nothing before the journal touches the output. `ready` is called
   * once every file is staged, before that: what it throws discards the run. `parts` are what the fingerprint is
   * made of, recorded so that a later `--check` can say what changed; `run`, what the run generated and said, so
   * that a later run with nothing to do can say it again.
   */
  async commit(
    fingerprint: string,
    parts: readonly string[] = [],
    ready: () => void = () => undefined,
    run: RunSummary = { objects: 0, services: 0, notices: [] },
  ): Promise<WriteReport> {
    if (this.check) throw new Error('commit() in check mode');
    try {
      const { changed, indexes, digests } = this.listFiles(await this.settle());
      // the last moment a run can still stop with the output untouched
      ready();
      const removed = this.stale();
      const journal: Journal = {
        staging: relative(dirname(this.real), this.staging),
        pid: process.pid,
        at: new Date().toISOString(),
        first: !existsSync(this.real),
        // both lists made as they are written and read: as arrays of pairs (and the hashes in hex) they were 30 MB
        // of a 10x tenant's heap, the peak of its run
        moves: lazyList(
          indexes.length,
          (n) => [this.thread().subfolder(indexes[n]!), this.files[indexes[n]!]!] as const,
        ),
        removes: removed,
        record: {
          fingerprint,
          parts,
          run,
          invocations: invocationsAfter(this.record(), parts, this.invocation),
          files: fileHashes(
            this.files.length,
            (i) => this.files[i]!,
            (i) => hexDigest(digests, i),
          ),
        },
      };
      writeJournal(this.real, journal);
      try {
        applyJournal(this.real, journal, this.tree);
      } catch (error) {
        throw new UserError(
          'ERPGEN_OUT_WRITE_FAILED',
          `${this.label}: cannot move the files into place (${(error as Error).message}): what is left to do is recorded in ${journalPath(this.real)}, and the next erpgen generate finishes it`,
        );
      }
      return { written: changed.sort(), removed, unchanged: this.files.length - changed.length };
    } finally {
      await this.discard();
    }
  }

  private thread(): FileThreads {
    return (this.started ??= new FileThreads(this.threadsAfter));
  }

  /**
   * Drops the staging folder (the output stays as it was; unless a journal left for the next run needs it) and
   * lets the folder's lock go.
   */
  async discard(): Promise<void> {
    await this.started?.stop();
    if (!this.release) return; // check mode, or not prepared: nothing made, nothing held
    if (!existsSync(journalPath(this.real))) rmSync(this.staging, { recursive: true, force: true });
    this.release();
    this.release = undefined;
  }
}

/**
 * Removes what killed runs (no live process with their pid) left: beside `real` their staging folders and
 * unfinished journals, inside it their unfinished records (`.erpgen-cache.<pid>`).
 */
function removeLeftovers(real: string): void {
  const dead = (pid: string) => /^\d+$/.test(pid) && !isAlive(Number(pid));
  const beside = dirname(real);
  const staging = stagingPrefix(real);
  const journal = `${basename(journalPath(real))}.`;
  for (const entry of readdirSync(beside)) {
    const pid = entry.startsWith(staging)
      ? entry.slice(staging.length)
      : entry.startsWith(journal)
        ? entry.slice(journal.length)
        : '';
    if (dead(pid)) rmSync(join(beside, entry), { recursive: true, force: true });
  }
  const record = `${CACHE}.`;
  for (const entry of existsSync(real) ? readdirSync(real) : [])
    if (entry.startsWith(record) && dead(entry.slice(record.length))) rmSync(join(real, entry), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
