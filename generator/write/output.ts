// The only code that touches the output folder.
//
// - Incremental: a file whose bytes are unchanged is not rewritten (its mtime stays).
// - Staged: changed files are first written to a staging folder beside the output; only when the whole run
//   has succeeded are they renamed into place and the files of vanished objects removed (a first run renames
//   half of them in one go: the folder one thread staged in). A run that fails before `commit()` leaves the
//   previous output exactly as it was. `commit()` itself is not atomic: it renames file by file, so a crash
//   in the middle of it leaves old and new files mixed; the next run rewrites every file that differs and so
//   repairs it.
// - Beside the work: comparing and staging happen on two threads of their own (file-thread.ts), while this
//   thread parses and prints.
// - Check mode (`--check`) compares only: it creates, renames and removes nothing.
// - Nothing to do, nothing done: beside the output, `.erpgen-cache` (cache.ts) records the fingerprint of what
//   the output was made of (fingerprint.ts), what the run said, and every file's hash and stat. A run with the
//   same fingerprint whose files are still those recorded stops there; anything else is a full run.
// - Owned files only: the manifest (`.erpgen-files`) lists what erpgen wrote; only those are ever removed,
//   and erpgen refuses to write into a non-empty folder it did not make.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { UserError } from '../errors.js';
import { flat } from '../flat-string.js';
import {
  filesIntact,
  invocationsAfter,
  readCache,
  records,
  writeCache,
  type CacheRecord,
  type Invocation,
  type RunSummary,
} from './cache.js';
import { FileThreads } from './file-thread.js';

export { CACHE, type CacheRecord, type Invocation, type RunSummary } from './cache.js';
export const MANIFEST = '.erpgen-files';

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

export class OutputWriter {
  private readonly staging: string;
  /** every path of the new output, in the order given (kept as an array: at 70,000 files a Set costs twice) */
  private readonly files: string[] = [];
  /** the staging subfolder of each file (one per thread) */
  private readonly subfolders: number[] = [];
  /** the files of the previous run, as its manifest lists them (read when first needed: a no-op does not) */
  private manifest: ReadonlySet<string> | undefined;
  /** reads and writes the files, beside the parsing and printing; started by the first file */
  private started: FileThreads | undefined;
  /** folders already made in the output: one mkdir per folder, not per file */
  private readonly made = new Set<string>();
  private recorded: { record: CacheRecord | undefined } | undefined;
  private checked: { fingerprint: string; result: ReturnType<OutputWriter['upToDate']> } | undefined;

  /**
   * `check`: compare only, never write (for `--check`). `label` is how messages name the folder. `invocation`: the
   * command line whose settings this run has, recorded with it (commands/generate-noop.ts); `record`, the
   * output's `.erpgen-cache` when it has been read already.
   */
  constructor(
    readonly out: string,
    private readonly check: boolean,
    private readonly label = out,
    private readonly invocation?: Invocation,
    record?: CacheRecord,
  ) {
    if (record) this.recorded = { record };
    // a folder erpgen did not make is refused at once
    if (!existsSync(join(out, MANIFEST))) this.manifest = this.readManifest();
    this.staging = join(dirname(out), `.${basename(out)}.erpgen-staging-${process.pid}`);
  }

  private get previous(): ReadonlySet<string> {
    return (this.manifest ??= this.readManifest());
  }

  private readManifest(): ReadonlySet<string> {
    const manifest = join(this.out, MANIFEST);
    // only plain relative paths: a damaged manifest must never make erpgen delete outside its folder
    if (existsSync(manifest)) return new Set(readFileSync(manifest, 'utf8').split('\n').filter(isOwnedPath));
    if (existsSync(this.out)) {
      if (!statSync(this.out).isDirectory())
        throw new UserError('ERPGEN_OUT_NOT_A_FOLDER', `${this.label}: exists and is not a folder`, {
          where: { file: this.label },
        });
      if (readdirSync(this.out).length > 0 && !this.check) {
        throw new UserError(
          'ERPGEN_OUT_NOT_ERPGEN',
          `${this.label}: the folder is not empty and was not made by erpgen (no ${MANIFEST}); choose another --out or empty it`,
          { where: { file: this.label } },
        );
      }
    }
    return new Set();
  }

  /** Adds a file of the new output. `path` is relative to the output folder, with `/`. */
  file(path: string, content: string): void {
    path = flat(path);
    this.files.push(path);
    this.subfolders.push(
      this.thread().put(
        path,
        join(this.out, path),
        this.check ? undefined : this.staging,
        content,
        // only files of the previous run can be unchanged: a fresh output costs no failed reads
        this.previous.has(path),
      ),
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
    const { intact, restat, paths } = filesIntact(this.out, record, this.listed());
    // the manifest is one of the files: intact, it lists exactly the files recorded
    if (!intact || !paths.includes(MANIFEST)) return undefined;
    // the files' stats changed, not their bytes: recorded again so that the next run need not hash them; and a
    // command line new to the record, so that it finds its settings next time
    const unrecorded = this.invocation !== undefined && !records(record, this.invocation);
    if ((restat || unrecorded) && !this.check) {
      const invocations = invocationsAfter(record, record.parts, this.invocation);
      try {
        writeCache(this.out, fingerprint, record.parts, record.run, invocations, [...record.files]);
      } catch {
        // the record only saves later runs work: an output erpgen cannot write to is up to date all the same
      }
    }
    return { ...record.run, files: paths.length };
  }

  /** The files the output's manifest lists, in its order (which is the record's), or undefined. */
  private listed(): string[] | undefined {
    try {
      return readFileSync(join(this.out, MANIFEST), 'utf8').split('\n').slice(0, -1);
    } catch {
      return undefined;
    }
  }

  /** What the previous run recorded in `.erpgen-cache`: its fingerprint and parts, and every file's sha256. */
  record(): CacheRecord | undefined {
    return (this.recorded ??= { record: readCache(this.out) }).record;
  }

  /** The files that differ from the previous output, once every file has been given; and every file's hash. */
  private async settle(): Promise<{
    changed: string[];
    indexes: readonly number[];
    hashes: readonly string[];
    samples: Sample[];
  }> {
    try {
      const { changed, hashes, samples } = await this.thread().finish();
      return {
        changed: changed.map((i) => this.files[i]!),
        indexes: changed,
        hashes,
        samples: samples.map((s) => ({ path: this.files[s.at]!, expected: s.text })),
      };
    } catch (error) {
      const path = (error as { path?: string }).path ?? this.out;
      throw new UserError(
        'ERPGEN_OUT_WRITE_FAILED',
        `${this.label}: cannot write ${relative(dirname(this.out), path)}: ${(error as Error).message}`,
        { where: { file: this.label } },
      );
    }
  }

  /** What `commit()` would remove: owned files of the previous run that this run did not produce. */
  private stale(): string[] {
    const current = new Set(this.files);
    return [...this.previous].filter((p) => !current.has(p) && p !== MANIFEST).sort();
  }

  /** The differences, for `--check`: paths that would be written and removed, and how the first few would be. */
  async differences(): Promise<{ changed: string[]; removed: string[]; samples: Sample[] }> {
    const { changed: differing, samples } = await this.settle();
    const manifest = this.manifestText();
    const current = existsSync(join(this.out, MANIFEST)) ? readFileSync(join(this.out, MANIFEST), 'utf8') : undefined;
    const changed = differing.sort();
    if (current !== manifest) changed.push(MANIFEST);
    return { changed, removed: this.stale(), samples };
  }

  private manifestText(): string {
    const paths = [...this.files, MANIFEST].sort();
    for (let i = 1; i < paths.length; i++)
      if (paths[i] === paths[i - 1]) throw new Error(`erpgen emitted ${paths[i]} twice`);
    return paths.join('\n') + '\n';
  }

  /**
   * Moves the staged files into place and removes stale ones. Nothing before this touches `out`. A first run
   * (no `out` yet) moves the first thread's staging folder into place at once, then the other's files. `ready`
   * is called once every file is staged, before `out` is touched: what it throws discards the run. `parts` are
   * what the fingerprint is made of, recorded so that a later `--check` can say what changed; `run`, what the run
   * generated and said, so that a later run with nothing to do can say it again.
   */
  async commit(
    fingerprint: string,
    parts: readonly string[] = [],
    ready: () => void = () => undefined,
    run: RunSummary = { objects: 0, services: 0, notices: [] },
  ): Promise<WriteReport> {
    if (this.check) throw new Error('commit() in check mode');
    this.file(MANIFEST, this.manifestText());
    try {
      const { changed, indexes, hashes } = await this.settle();
      // the last moment a run can still stop with the output untouched
      ready();
      const removed = this.stale();
      const first = !existsSync(this.out);
      if (first) {
        mkdirSync(dirname(this.out), { recursive: true });
        renameSync(join(this.staging, '0'), this.out);
      }
      for (const i of indexes) {
        if (first && this.subfolders[i] === 0) continue;
        const target = join(this.out, this.files[i]!);
        this.mkdir(dirname(target));
        renameSync(join(this.staging, String(this.subfolders[i]), this.files[i]!), target);
      }
      for (const path of removed) {
        rmSync(join(this.out, path), { force: true });
        removeEmptyParents(this.out, dirname(join(this.out, path)));
      }
      writeCache(
        this.out,
        fingerprint,
        parts,
        run,
        invocationsAfter(this.record(), parts, this.invocation),
        this.files.map((path, i) => [path, hashes[i]!] as const),
      );
      return { written: changed.sort(), removed, unchanged: this.files.length - changed.length };
    } finally {
      await this.discard();
    }
  }

  private thread(): FileThreads {
    return (this.started ??= new FileThreads());
  }

  private mkdir(dir: string): void {
    if (this.made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    this.made.add(dir);
  }

  /** Drops the staging folder: the output stays as it was. */
  async discard(): Promise<void> {
    await this.started?.stop();
    if (this.check) return; // never made one
    rmSync(this.staging, { recursive: true, force: true });
  }
}

function isOwnedPath(path: string): boolean {
  return (
    path !== '' &&
    !path.startsWith('/') &&
    !path.includes('\\') &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

function removeEmptyParents(root: string, dir: string): void {
  while (relative(root, dir) !== '' && !relative(root, dir).startsWith('..')) {
    try {
      if (readdirSync(dir).length > 0) return;
      rmdirSync(dir);
    } catch {
      return;
    }
    dir = dirname(dir);
  }
}

/** Removes the staging folders that crashed runs (no live process with their pid) left beside `out`. */
export function removeOrphanStaging(out: string): void {
  const parent = dirname(out);
  if (!existsSync(parent)) return;
  const prefix = `.${basename(out)}.erpgen-staging-`;
  for (const entry of readdirSync(parent)) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length));
    if (Number.isInteger(pid) && isAlive(pid)) continue;
    rmSync(join(parent, entry), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
