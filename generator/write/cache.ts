// `.erpgen-cache`, beside the output (ignored by git, local to a working copy): what the last run that wrote the
// output recorded, so that a run with nothing to do finds so from hashes alone, without reading the snapshot.
//
//   fingerprint <sha256>            what the output is made of (fingerprint.ts)
//   part <line>                     the lines the fingerprint is made of, so a stale output can say what changed
//   run <objects> <services>        what the run generated
//   notice <JSON string>            each notice the run gave (what it left out, and why), to be given again
//   <sha256> <size> <mtime> <ctime> <path>   every file written: its bytes' hash, and its stat after the run
//   end <sha256>                    the hash of every line above: a record cut short or edited is not trusted
//
// A file whose size and times are those recorded is taken to hold the bytes recorded, as git takes its index: a
// hand edit changes the times (restoring the mtime changes the ctime). A file changed within the clock tick of
// the record's writing cannot be told by its times, so such a file is hashed.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';

export const CACHE = '.erpgen-cache';

/** What a run generated and said: the same for every run with its fingerprint. */
export interface RunSummary {
  readonly objects: number;
  readonly services: number;
  readonly notices: readonly string[];
}

export interface CacheRecord {
  readonly fingerprint: string;
  /** the lines the fingerprint is made of (fingerprint.ts); none in a record of an older erpgen */
  readonly parts: readonly string[];
  /** path -> sha256 of the bytes written */
  readonly files: ReadonlyMap<string, string>;
  /** what the run generated; undefined when the record cannot be trusted (cut short, edited, older erpgen) */
  readonly run: RunSummary | undefined;
  /** each file's size, mtime and ctime after the run, three numbers per file in the order of `files` */
  readonly stats: Float64Array;
  /** when the record was written: a file changed since within the same clock tick is hashed */
  readonly writtenMs: number;
}

/** The sha256 of a file's bytes, or undefined when it cannot be read. */
export function hashOf(file: string): string | undefined {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

const sealOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** What the previous run recorded beside `out`, or undefined when there is no record. */
export function readCache(out: string): CacheRecord | undefined {
  let text: string;
  let writtenMs: number;
  try {
    text = readFileSync(join(out, CACHE), 'utf8');
    writtenMs = statSync(join(out, CACHE)).mtimeMs;
  } catch {
    return undefined;
  }
  if (!text.startsWith('fingerprint ')) return undefined;
  const end = text.lastIndexOf('\nend ');
  const sealed = end >= 0 && text.slice(end + '\nend '.length).trim() === sealOf(text.slice(0, end + 1));
  const lines = text.split('\n');
  const parts: string[] = [];
  const notices: string[] = [];
  const files = new Map<string, string>();
  const stats = new Float64Array(lines.length * 3);
  let counts: number[] | undefined;
  // read by position rather than by pattern: a no-op reads one line per file of the output
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('part ')) parts.push(line.slice('part '.length));
    else if (line.startsWith('notice ')) notices.push(JSON.parse(line.slice('notice '.length)) as string);
    else if (line.startsWith('run ')) counts = line.split(' ').slice(1).map(Number);
    else if (line.charCodeAt(64) === 32) {
      const a = line.indexOf(' ', 65);
      const b = line.indexOf(' ', a + 1);
      const c = line.indexOf(' ', b + 1);
      if (c < 0) continue;
      const at = files.size * 3;
      files.set(line.slice(c + 1), line.slice(0, 64));
      stats[at] = +line.slice(65, a);
      stats[at + 1] = +line.slice(a + 1, b);
      stats[at + 2] = +line.slice(b + 1, c);
    }
  }
  const run =
    sealed && counts?.length === 2 && counts.every(Number.isInteger)
      ? { objects: counts[0]!, services: counts[1]!, notices }
      : undefined;
  return { fingerprint: lines[0]!.slice('fingerprint '.length), parts, files, run, stats, writtenMs };
}

/**
 * Whether every file recorded still holds the bytes recorded: by its stat where that is unchanged, else by its
 * hash. `restat`: some file's stat changed though its bytes did not (a checkout, a copy): the record is worth
 * writing again, so that the next run trusts the stat again.
 */
export function filesIntact(out: string, record: CacheRecord): { intact: boolean; restat: boolean } {
  const { stats, writtenMs } = record;
  let restat = false;
  let at = 0;
  for (const [path, sha256] of record.files) {
    const file = `${out}/${path}`;
    const stat = statOf(file);
    if (!stat) return { intact: false, restat };
    const same =
      stat.size === stats[at] &&
      stat.mtimeMs === stats[at + 1] &&
      stat.ctimeMs === stats[at + 2] &&
      stat.mtimeMs < writtenMs &&
      stat.ctimeMs < writtenMs;
    at += 3;
    if (same) continue;
    if (hashOf(file) !== sha256) return { intact: false, restat };
    restat = true;
  }
  return { intact: true, restat };
}

/** Records a run: its fingerprint and parts, what it generated and said, and every file's hash and stat. */
export function writeCache(
  out: string,
  fingerprint: string,
  parts: readonly string[],
  run: RunSummary,
  files: ReadonlyArray<readonly [path: string, sha256: string]>,
): void {
  const lines = [
    `fingerprint ${fingerprint}`,
    ...parts.map((p) => `part ${p}`),
    `run ${run.objects} ${run.services}`,
    ...run.notices.map((n) => `notice ${JSON.stringify(n)}`),
  ];
  for (const [path, sha256] of files) {
    const stat = statOf(join(out, path));
    // a file that cannot be stat'ed is recorded with no stat: it is hashed next time
    lines.push(`${sha256} ${stat?.size ?? 0} ${stat?.mtimeMs ?? 0} ${stat?.ctimeMs ?? 0} ${path}`);
  }
  const text = `${lines.join('\n')}\n`;
  // whole or not at all: a record cut short by a crash must not be read as one with fewer files
  const temporary = join(out, `${CACHE}.${process.pid}`);
  writeFileSync(temporary, `${text}end ${sealOf(text)}\n`);
  renameSync(temporary, join(out, CACHE));
}
