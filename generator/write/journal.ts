// The commit of a run, as a record that a later run can finish: after any crash (SIGKILL, power aside) the output
// folder holds either the previous package, or the new one, or a journal that says how to finish the new one.
//
// Before the output is touched, every file of the run is staged beside it (`.<name>.erpgen-staging-<pid>`), and
// the journal, `.<name>.erpgen-commit` beside the output, is written whole (to a temporary name, then renamed):
// the files to move into place, the files to remove and the record (`.erpgen-cache`) to write. That rename is the
// commit point. Applying the journal moves the new files in and the stale ones out (into the staging folder: only
// renames, so the folder is mixed for as long as a few thousand renames take, not the deletions) and removes the
// journal; then the record is written, and the staging folder, stale files and all, deleted. Every step can be
// done again, so a run that finds a journal (its writer died: the finder holds the lock) applies it again from
// the start, and a `--check` that finds one says that the folder is a mix.
//
// Why roll forward rather than swap the whole folder: the folder keeps its identity (editors and watchers, a
// mount, files of the team's beside erpgen's), files whose bytes did not change are not touched (their times
// stay, which tools and the no-op rely on), and the time the folder is mixed is the moving of what changed only.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { hashOf, writeCache, type FileHashes, type Invocation, type RunSummary } from './cache.js';
import { isOwnedPath, type OutputTree } from './tree.js';

export const journalPath = (real: string) => join(dirname(real), `.${basename(real)}.erpgen-commit`);
export const stagingPrefix = (real: string) => `.${basename(real)}.erpgen-staging-`;

export interface Journal {
  /** the staging folder, beside the output */
  readonly staging: string;
  /** who wrote it, and when */
  readonly pid: number;
  readonly at: string;
  /** the output did not exist: staging subfolder 0 becomes it, whole */
  readonly first: boolean;
  /** the files to move into place: their staging subfolder, their path (lazyList: made as iterated) */
  readonly moves: Iterable<readonly [subfolder: number, path: string]>;
  readonly removes: readonly string[];
  /** what `.erpgen-cache` records once the files are in place (cache.ts: writeCache) */
  readonly record: {
    readonly fingerprint: string;
    readonly parts: readonly string[];
    readonly run: RunSummary;
    readonly invocations: readonly Invocation[];
    readonly files: FileHashes | ReadonlyArray<readonly [path: string, sha256: string]>;
  };
}

/** the journal as JSON has it */
type JournalRead = Journal & {
  readonly moves: ReadonlyArray<readonly [subfolder: number, path: string]>;
  readonly record: { readonly files: ReadonlyArray<readonly [path: string, sha256: string]> };
};

/** `length` items, the `n`th `item(n)`, made as they are iterated (written to the journal, applied): never all at once */
export function lazyList<T>(length: number, item: (n: number) => T): Iterable<T> {
  return {
    *[Symbol.iterator]() {
      for (let n = 0; n < length; n++) yield item(n);
    },
  };
}

/** Writes the journal of `real` whole: from here on, a run that finds it finishes the commit. */
export function writeJournal(real: string, journal: Journal): void {
  const file = journalPath(real);
  const temporary = `${file}.${process.pid}`;
  // a new file of our own: never through a link left at its name
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, 'wx');
  try {
    writeJsonInParts(fd, journal);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/**
 * `JSON.stringify(value)` written to `fd` 64 KiB at a time: a 10x tenant's journal (every file moved, and the
 * record's hash of each) is 20 MB of text, which made whole (and encoded) took more memory than any other moment
 * of its run. Arrays (and other iterables: lazyList, FileHashes) and objects are taken apart; what is in them is
 * JSON.stringify's.
 */
function writeJsonInParts(fd: number, value: unknown): void {
  let part = '';
  const put = (text: string) => {
    part += text;
    if (part.length >= 1 << 16) {
      writeSync(fd, part);
      part = '';
    }
  };
  const write = (v: unknown): void => {
    if (Array.isArray(v) || (typeof v === 'object' && v !== null && Symbol.iterator in v)) {
      put('[');
      let i = 0;
      for (const item of v as Iterable<unknown>) {
        if (i++ > 0) put(',');
        // as JSON.stringify: what it leaves out of an object is null in an array
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') put('null');
        else write(item);
      }
      put(']');
    } else if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) {
      put('{');
      let first = true;
      for (const [key, item] of Object.entries(v)) {
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        put(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        write(item);
      }
      put('}');
    } else put(JSON.stringify(v));
  };
  write(value);
  writeSync(fd, part);
}

/**
 * The journal of `real`, when a commit is recorded there; a journal that cannot be trusted (edited, or naming
 * paths outside the folder) is refused by the caller through `why`.
 */
export function readJournal(real: string): { journal?: Journal; why?: string } | undefined {
  let text: string;
  try {
    text = readFileSync(journalPath(real), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const j = JSON.parse(text) as JournalRead;
    const prefix = stagingPrefix(real);
    const sound =
      typeof j.staging === 'string' &&
      j.staging.startsWith(prefix) &&
      /^\d+$/.test(j.staging.slice(prefix.length)) &&
      j.moves.every(([sub, path]) => (sub === 0 || sub === 1) && isOwnedPath(path)) &&
      j.removes.every(isOwnedPath) &&
      j.record.files.every(([path, sha]) => isOwnedPath(path) && /^[0-9a-f]{64}$/.test(sha));
    return sound ? { journal: j } : { why: 'it names paths outside the folder' };
  } catch {
    return { why: 'it cannot be read' };
  }
}

/**
 * Does what the journal says, again from the start when a run was killed while doing it: moves, removals, the
 * record; then drops the journal and the staging folder. `tree` is the output checked against links before any
 * move (a journal of a killed run is checked as a new one is).
 */
export function applyJournal(real: string, journal: Journal, tree: OutputTree): void {
  for (const [, path] of journal.moves) tree.fileKind(path);
  for (const path of journal.removes) tree.fileKind(path);
  const staging = join(dirname(real), journal.staging);
  // the previous record no longer describes the folder: nothing may trust it while files move
  rmSync(join(real, '.erpgen-cache'), { force: true });
  if (journal.first) {
    try {
      renameSync(join(staging, '0'), real);
    } catch (error) {
      // done already, by the run that was killed
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const made = new Set<string>();
  // a file staged but not found: moved already, or lost with a staging folder removed by hand (then its bytes
  // are checked before the record vouches for them)
  const unsure = new Set<string>();
  for (const [subfolder, path] of journal.moves) {
    if (journal.first && subfolder === 0) continue;
    const target = join(real, path);
    const folder = dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    try {
      renameSync(join(staging, String(subfolder), path), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      unsure.add(path);
    }
  }
  // a stale file is moved out, beside the staged ones, not deleted: a rename costs what a move in costs, where
  // deleting a file can cost a hundred times more (ms each on a busy disk); the staging folder goes afterwards
  const removed = join(staging, 'removed');
  const emptied = new Set<string>();
  for (const path of journal.removes) {
    const moved = join(removed, path);
    if (!made.has(dirname(moved))) {
      mkdirSync(dirname(moved), { recursive: true });
      made.add(dirname(moved));
    }
    try {
      renameSync(join(real, path), moved);
    } catch (error) {
      // gone already: moved by the run that was killed, or by hand
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) emptied.add(folder);
  }
  // the folders the removals emptied, deepest first (one rmdir each: it fails on a folder that is not empty)
  for (const folder of [...emptied].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(join(real, folder));
    } catch {
      // not empty, or not there
    }
  }
  const { fingerprint, parts, run, invocations, files } = journal.record;
  let vouched = true;
  if (unsure.size)
    for (const [path, sha] of files)
      if (unsure.has(path) && hashOf(join(real, path)) !== sha) {
        vouched = false;
        break;
      }
  // the folder is the new package: the commit is done. The record comes after (a run killed before it is written
  // leaves a whole package without one, which the next run compares file by file), and so does the deletion of
  // what was moved out.
  rmSync(journalPath(real), { force: true });
  // a record that could vouch for bytes not there is not written: the next run compares every file
  if (vouched) writeCache(real, fingerprint, parts, run, invocations, files);
  rmSync(staging, { recursive: true, force: true });
}
