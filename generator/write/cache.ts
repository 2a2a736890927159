// `.erpgen-cache`, beside the output (ignored by git, local to a working copy): what the last run that wrote the
// output recorded, so that a run with nothing to do finds so from hashes alone, without reading the snapshot.
//
//   fingerprint <sha256>            what the output is made of (fingerprint.ts)
//   part <line>                     the lines the fingerprint is made of, so a stale output can say what changed
//   run <objects> <services>        what the run generated
//   notice <JSON string>            each notice the run gave (what it left out, and why), to be given again
//   invocation <key> <sha256> <JSON>   a command line that gave these settings (commands/generate-noop.ts)
//   files <count> <sha256>          how many files, and the hash of their stats (size, mtime, ctime) in order
//   <sha256> <size> <mtime> <ctime> <path>   every file written, by path: its bytes' hash, its stat after the run
//   end <sha256>                    the hash of every line above: a record cut short or edited is not trusted
//
// A file whose size and times are those recorded is taken to hold the bytes recorded, as git takes its index: a
// hand edit changes the times (restoring the mtime changes the ctime). A file changed within the clock tick of
// the record's writing cannot be told by its times, so such a file is hashed. When every file's stat is as
// recorded, one hash over them all says so: a run with nothing to do stats the files the output's file list
// (.erpgen-files) names (in the same order) and compares that hash, without reading the record's lines one by one.
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';
import type { Notice } from '../diagnostics.js';

export const CACHE = '.erpgen-cache';

/** What a run generated and said: the same for every run with its fingerprint. */
export interface RunSummary {
  readonly objects: number;
  readonly services: number;
  readonly notices: readonly Notice[];
}

/**
 * A command line that gave a run's settings, so that the same command line finds them again without parsing
 * flags and config file (commands/generate-noop.ts).
 */
export interface Invocation {
  /** the command line's words that choose what is generated, with the working folder and erpgen's parsers */
  readonly key: string;
  /** the config file that command line reads (absolute), and the sha256 of its bytes ('none': there was none) */
  readonly configFile: string;
  readonly configSha: string;
  /** the settings the flags and the config file gave (config.ts), as JSON */
  readonly config: unknown;
}

/** The most command lines a record keeps (`npx erpgen generate`, the package's script, an editor's task...). */
const INVOCATIONS = 8;

export interface CacheRecord {
  readonly fingerprint: string;
  /** the lines the fingerprint is made of (fingerprint.ts); none in a record of an older erpgen */
  readonly parts: readonly string[];
  /** what the run generated; undefined when the record cannot be trusted (cut short, edited, older erpgen) */
  readonly run: RunSummary | undefined;
  /** the command lines that gave this output's settings, latest first (none when the record cannot be trusted) */
  readonly invocations: readonly Invocation[];
  /** path -> sha256 of the bytes written (read from the record when first asked: a no-op does not) */
  readonly files: ReadonlyMap<string, string>;
  /** the lines of the files, as `eachFile` reads them */
  readonly body: string;
  /** the hash of every file's stat after the run, in order (`statsOf`); none in an untrusted record */
  readonly stats: string | undefined;
  /** when the record was written: a file changed since within the same clock tick is hashed */
  readonly writtenMs: number;
}

/** The sha256 of a file's bytes, or undefined when it cannot be read or is a link (never followed). */
export function hashOf(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    return createHash('sha256').update(readFileSync(fd)).digest('hex');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The stat of a file itself (a link is not followed, and is no file). */
function statOf(file: string): Stats | undefined {
  const stat = lstatSync(file, { throwIfNoEntry: false });
  return stat?.isFile() ? stat : undefined;
}

/**
 * Whether the folders of `path` under `out` are folders (no link among them), as erpgen wrote them: asked once
 * per folder, in the order the paths come (a file list's order keeps a folder's files together).
 */
function foldersOf(out: string): (path: string) => boolean {
  let last = '';
  let lastOk = true;
  const known = new Map<string, boolean>();
  const isFolder = (folder: string): boolean => {
    let ok = known.get(folder);
    if (ok === undefined) {
      const slash = folder.lastIndexOf('/');
      ok =
        (slash < 0 || isFolder(folder.slice(0, slash))) &&
        lstatSync(`${out}/${folder}`, { throwIfNoEntry: false })?.isDirectory() === true;
      known.set(folder, ok);
    }
    return ok;
  };
  return (path) => {
    const slash = path.lastIndexOf('/');
    if (slash < 0) return true;
    const folder = path.slice(0, slash);
    if (folder !== last) [last, lastOk] = [folder, isFolder(folder)];
    return lastOk;
  };
}

const sealOf = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

const invocationLine = (i: Invocation): string =>
  `invocation ${i.key} ${i.configSha} ${JSON.stringify({ configFile: i.configFile, config: i.config })}`;

function invocationOf(line: string): Invocation | undefined {
  const [, key, configSha] = line.split(' ', 3);
  const rest = line.slice(`invocation ${key} ${configSha} `.length);
  try {
    const { configFile, config } = JSON.parse(rest) as { configFile?: unknown; config?: unknown };
    return key && configSha && typeof configFile === 'string' ? { key, configSha, configFile, config } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `visit` with every file the record's body lists, in its order, until it returns false. Read by position
 * rather than by pattern: a no-op reads one line per file of the output.
 */
function eachFile(
  body: string,
  visit: (path: string, sha256: string, size: number, mtimeMs: number, ctimeMs: number) => boolean,
): void {
  for (let start = 0; start < body.length;) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    const a = body.indexOf(' ', start + 65);
    const b = body.indexOf(' ', a + 1);
    const c = body.indexOf(' ', b + 1);
    if (body.charCodeAt(start + 64) === 32 && a >= 0 && c >= 0 && c < end) {
      const ok = visit(
        body.slice(c + 1, end),
        body.slice(start, start + 64),
        +body.slice(start + 65, a),
        +body.slice(a + 1, b),
        +body.slice(b + 1, c),
      );
      if (!ok) return;
    }
    start = end + 1;
  }
}

/** What the previous run recorded beside `out`, or undefined when there is no record. */
export function readCache(out: string): CacheRecord | undefined {
  let bytes: Buffer;
  let writtenMs: number;
  try {
    bytes = readFileSync(join(out, CACHE));
    writtenMs = statSync(join(out, CACHE)).mtimeMs;
  } catch {
    return undefined;
  }
  const text = bytes.toString('utf8');
  if (!text.startsWith('fingerprint ')) return undefined;
  const end = text.lastIndexOf('\nend ');
  // the bytes the text was read from (a record is ASCII but for its notices and paths): not encoded once more
  const endByte = bytes.lastIndexOf('\nend ');
  const sealed = end >= 0 && text.slice(end + '\nend '.length).trim() === sealOf(bytes.subarray(0, endByte + 1));
  const parts: string[] = [];
  const notices: Notice[] = [];
  const invocations: Invocation[] = [];
  let counts: number[] | undefined;
  let stats: string | undefined;
  // the head, up to the first line that is not one of its (the files' lines are read only when asked)
  let at = text.indexOf('\n') + 1;
  for (let next; at > 0 && at < text.length; at = next + 1) {
    next = text.indexOf('\n', at);
    if (next < 0) next = text.length;
    const line = text.slice(at, next);
    if (line.startsWith('part ')) parts.push(line.slice('part '.length));
    else if (line.startsWith('notice ')) {
      // a notice is `{code, message, where?}` (a record of an older erpgen held only the text: not trusted)
      const n = JSON.parse(line.slice('notice '.length)) as Partial<Notice> | null;
      if (typeof n?.code === 'string' && typeof n.message === 'string') notices.push(n as Notice);
      else counts = undefined;
    } else if (line.startsWith('run ')) counts = line.split(' ').slice(1).map(Number);
    else if (line.startsWith('invocation ')) {
      const invocation = invocationOf(line);
      if (invocation) invocations.push(invocation);
    } else if (line.startsWith('files ')) stats = line.split(' ')[2];
    else break;
  }
  const body = at > 0 && at < text.length ? text.slice(at, end >= 0 ? end + 1 : text.length) : '';
  const run =
    sealed && counts?.length === 2 && counts.every(Number.isInteger)
      ? { objects: counts[0]!, services: counts[1]!, notices }
      : undefined;
  let files: Map<string, string> | undefined;
  return {
    fingerprint: text.slice('fingerprint '.length, text.indexOf('\n')),
    parts,
    run,
    invocations: run ? invocations : [],
    get files() {
      if (!files) {
        const map = new Map<string, string>();
        eachFile(body, (path, sha256) => Boolean(map.set(path, sha256)));
        files = map;
      }
      return files;
    },
    body,
    stats: run ? stats : undefined,
    writtenMs,
  };
}

/**
 * The hash of the stats (size, mtime, ctime) of `paths` under `out`, in order; undefined when one is missing or
 * was changed at or after `before` (within the clock tick of the record's writing, its times tell nothing).
 */
function statsOf(out: string, paths: readonly string[], before: number): string | undefined {
  const values = new Float64Array(paths.length * 3);
  const inFolders = foldersOf(out);
  for (let i = 0; i < paths.length; i++) {
    if (!inFolders(paths[i]!)) return undefined;
    const stat = lstatSync(`${out}/${paths[i]}`, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.mtimeMs >= before || stat.ctimeMs >= before) return undefined;
    values[i * 3] = stat.size;
    values[i * 3 + 1] = stat.mtimeMs;
    values[i * 3 + 2] = stat.ctimeMs;
  }
  return createHash('sha256').update(values).digest('hex');
}

/**
 * Whether every file recorded still holds the bytes recorded: by its stat where that is unchanged, else by its
 * hash. `listed`: the files as the output's file list names them, which, when their stats are all as recorded,
 * spares reading the record's lines. `restat`: some file's stat changed though its bytes did not (a checkout, a
 * copy): the record is worth writing again, so that the next run trusts the stat again. `paths`: the files
 * recorded (all of them when intact).
 */
export function filesIntact(
  out: string,
  record: CacheRecord,
  listed?: readonly string[],
): { intact: boolean; restat: boolean; paths: readonly string[] } {
  const { writtenMs } = record;
  if (listed && record.stats && statsOf(out, listed, writtenMs) === record.stats)
    return { intact: true, restat: false, paths: listed };
  let restat = false;
  let intact = true;
  const paths: string[] = [];
  const inFolders = foldersOf(out);
  eachFile(record.body, (path, sha256, size, mtimeMs, ctimeMs) => {
    paths.push(path);
    const file = `${out}/${path}`;
    const stat = inFolders(path) ? statOf(file) : undefined;
    if (!stat) return (intact = false);
    const same =
      stat.size === size &&
      stat.mtimeMs === mtimeMs &&
      stat.ctimeMs === ctimeMs &&
      stat.mtimeMs < writtenMs &&
      stat.ctimeMs < writtenMs;
    if (same) return true;
    if (hashOf(file) !== sha256) return (intact = false);
    return (restat = true);
  });
  return { intact, restat, paths };
}

/**
 * The command lines to record with a run: `latest` first, then those of the previous record while erpgen's code
 * is the same (another erpgen may read the same command line differently).
 */
export function invocationsAfter(
  previous: CacheRecord | undefined,
  parts: readonly string[],
  latest: Invocation | undefined,
): Invocation[] {
  const kept = previous && previous.parts[0] === parts[0] ? previous.invocations : [];
  const all = latest ? [latest, ...kept.filter((i) => i.key !== latest.key)] : [...kept];
  return all.slice(0, INVOCATIONS);
}

/** Whether the record holds `invocation` as it is (its key, config file and settings). */
export function records(record: CacheRecord, invocation: Invocation): boolean {
  const line = invocationLine(invocation);
  return record.invocations.some((i) => invocationLine(i) === line);
}

/**
 * Every file of a run and its sha256 in hex, by index; iterated, as pairs. Made as asked (fileHashes): a 10x
 * tenant's 143,000 pairs, and the hashes in hex, were 20 MB of its heap at the commit, the peak of its run.
 */
export interface FileHashes extends Iterable<readonly [path: string, sha256: string]> {
  readonly length: number;
  path(i: number): string;
  sha256(i: number): string;
}

export function fileHashes(length: number, path: (i: number) => string, sha256: (i: number) => string): FileHashes {
  return {
    length,
    path,
    sha256,
    *[Symbol.iterator]() {
      for (let i = 0; i < length; i++) yield [path(i), sha256(i)] as const;
    },
  };
}

/** pairs of a path and its sha256 as FileHashes */
const pairedHashes = (pairs: ReadonlyArray<readonly [path: string, sha256: string]>): FileHashes =>
  fileHashes(
    pairs.length,
    (i) => pairs[i]![0],
    (i) => pairs[i]![1],
  );

/**
 * Records a run: its fingerprint and parts, what it generated and said, the command lines that gave its settings,
 * and every file's hash and stat.
 */
export function writeCache(
  out: string,
  fingerprint: string,
  parts: readonly string[],
  run: RunSummary,
  invocations: readonly Invocation[],
  given: FileHashes | ReadonlyArray<readonly [path: string, sha256: string]>,
): void {
  const files = 'path' in given ? given : pairedHashes(given);
  const lines = [
    `fingerprint ${fingerprint}`,
    ...parts.map((p) => `part ${p}`),
    `run ${run.objects} ${run.services}`,
    ...run.notices.map((n) => `notice ${JSON.stringify(n)}`),
    ...invocations.map(invocationLine),
  ];
  // by path, as the output's file list names them
  const byPath = (a: number, b: number) => {
    const [pa, pb] = [files.path(a), files.path(b)];
    return pa < pb ? -1 : pa > pb ? 1 : 0;
  };
  const sorted = Array.from({ length: files.length }, (_, i) => i).sort(byPath);
  const values = new Float64Array(sorted.length * 3);
  sorted.forEach((at, i) => {
    const stat = statOf(join(out, files.path(at)));
    // a file that cannot be stat'ed is recorded with no stat: it is hashed next time
    values.set([stat?.size ?? 0, stat?.mtimeMs ?? 0, stat?.ctimeMs ?? 0], i * 3);
  });
  lines.push(`files ${sorted.length} ${createHash('sha256').update(values).digest('hex')}`);
  // whole or not at all: a record cut short by a crash must not be read as one with fewer files. Written and sealed
  // a part at a time: a 10x tenant's record is 20 MB of text, which held whole (and encoded, and sealed) took
  // more memory than any other moment of its run
  const temporary = join(out, `${CACHE}.${process.pid}`);
  const seal = createHash('sha256');
  // a new file of our own: never through a link left at its name
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, 'wx');
  try {
    const write = (text: string) => {
      seal.update(text);
      writeSync(fd, text);
    };
    let part = `${lines.join('\n')}\n`;
    sorted.forEach((at, i) => {
      const [path, sha256] = [files.path(at), files.sha256(at)];
      part += `${sha256} ${values[i * 3]} ${values[i * 3 + 1]} ${values[i * 3 + 2]} ${path}\n`;
      if (part.length >= 1 << 16) {
        write(part);
        part = '';
      }
    });
    write(part);
    writeSync(fd, `end ${seal.digest('hex')}\n`);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, join(out, CACHE));
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
