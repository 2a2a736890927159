// Where `erpgen diff` reads a snapshot: a folder, or `git:REV:path`, the snapshot folder as of a git revision
// (so that CI can compare a pull request's snapshot with main's without a server). A revision's files are
// streamed out of git (`git cat-file --batch`, one process for all of them) into a temporary folder: the
// user's work tree, index and HEAD are never touched, and the documents are never held in memory whole.
import { spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  type WriteStream,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { DEFINITIONS_FOLDER, MANIFEST_FILE, SERVICE_LIST_FILE, SNAPSHOT_FILES } from '../source/layout.js';

/** A problem with the snapshot OLD or NEW names (a folder or git:REV:path): where it applies. */
const at = (spec: string) => ({ where: { file: spec } });

export interface SnapshotSource {
  /** a folder holding the snapshot's files */
  readonly dir: string;
  /** how the report names it: the folder as given, or `git:REV:path` */
  readonly label: string;
  /** how messages name one of its files: relative to the working folder, or `git:REV:path/file` */
  readonly fileLabel: (file: string) => string;
  /** the commit of a `git:REV:path` snapshot */
  readonly revision?: string;
  /** removes what was made to read it */
  close(): void;
}

const DOCUMENTS = Object.values(SNAPSHOT_FILES);

export async function openSource(spec: string, cwd = process.cwd()): Promise<SnapshotSource> {
  if (spec.startsWith('git:')) return openGit(spec, cwd);
  const dir = resolve(cwd, spec);
  if (!existsSync(dir)) throw new UserError('ERPGEN_DIFF_NOT_A_SNAPSHOT', `${spec}: no such folder`, at(spec));
  if (!statSync(dir).isDirectory())
    throw new UserError(
      'ERPGEN_DIFF_NOT_A_SNAPSHOT',
      `${spec}: not a folder (give a snapshot folder or git:REV:path)`,
      at(spec),
    );
  const missing = DOCUMENTS.filter((f) => !existsSync(join(dir, f)));
  if (missing.length)
    throw new UserError(
      'ERPGEN_DIFF_NOT_A_SNAPSHOT',
      `${spec}: not a snapshot folder: it has no ${missing.join(' and no ')}`,
      at(spec),
    );
  return { dir, label: relative(cwd, dir) || '.', fileLabel: (file) => relative(cwd, file), close: () => {} };
}

/**
 * The text of `file` (a file of the work tree) as of a commit: undefined when the commit has no such file,
 * `outside` when the file is not in the repository of the working folder.
 */
export function fileAtRevision(revision: string, file: string, cwd = process.cwd()): string | undefined | 'outside' {
  const top = git(['rev-parse', '--show-toplevel'], cwd);
  if (!top.ok || !existsSync(dirname(file))) return 'outside';
  const real = join(realpathSync(dirname(file)), basename(file));
  const inRepo = relative(realpathSync(top.stdout.trim()), real).split('\\').join('/');
  if (inRepo.startsWith('..') || isAbsolute(inRepo)) return 'outside';
  const blob = git(['rev-parse', '--verify', '--quiet', `${revision}:${inRepo}`], cwd);
  if (!blob.ok) return undefined;
  const text = git(['cat-file', 'blob', blob.stdout.trim()], cwd);
  if (!text.ok)
    throw new UserError(
      'ERPGEN_GIT_FAILED',
      `git cat-file ${revision}:${inRepo} failed: ${text.stderr.trim().split('\n')[0]}`,
    );
  return text.stdout;
}

function git(args: readonly string[], cwd: string): { ok: boolean; stdout: string; stderr: string } {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.error)
    throw new UserError(
      'ERPGEN_GIT_FAILED',
      `git: cannot run it (${(result.error as NodeJS.ErrnoException).code ?? 'error'}): git:REV:path needs git`,
    );
  return { ok: result.status === 0, stdout: result.stdout, stderr: result.stderr };
}

async function openGit(spec: string, cwd: string): Promise<SnapshotSource> {
  const rest = spec.slice('git:'.length);
  const colon = rest.indexOf(':');
  const rev = colon < 0 ? rest : rest.slice(0, colon);
  const path = colon < 0 ? '' : rest.slice(colon + 1);
  if (rev === '' || colon < 0)
    throw new UserError('ERPGEN_GIT_SPEC', `${spec}: expected git:REV:path, e.g. git:main:schema`, {
      exitCode: 2,
      ...at(spec),
    });
  const prefix = git(['rev-parse', '--show-prefix'], cwd);
  if (!prefix.ok)
    throw new UserError(
      'ERPGEN_GIT_FAILED',
      `${spec}: ${cwd === process.cwd() ? 'the working folder' : cwd} is not in a git repository`,
      at(spec),
    );
  const commit = git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], cwd);
  if (!commit.ok)
    throw new UserError('ERPGEN_GIT_REVISION', `${spec}: no such git revision ${JSON.stringify(rev)}`, at(spec));
  const sha = commit.stdout.trim();
  // the path is relative to the working folder, as it would be for a folder; git wants it from the top
  const inRepo = posix.normalize(posix.join(prefix.stdout.trim(), path.split('\\').join('/'))).replace(/\/$/, '');
  if (inRepo.startsWith('..'))
    throw new UserError('ERPGEN_GIT_SPEC', `${spec}: ${path} is outside the repository`, at(spec));
  const base = inRepo === '.' ? '' : `${inRepo}/`;
  const listed = git(['ls-tree', '-r', '-z', '--full-tree', '--name-only', sha, '--', base || '.'], cwd);
  if (!listed.ok)
    throw new UserError(
      'ERPGEN_GIT_FAILED',
      `${spec}: git ls-tree failed: ${listed.stderr.trim().split('\n')[0]}`,
      at(spec),
    );
  const files = listed.stdout
    .split('\0')
    .filter((f) => f.startsWith(base))
    .map((f) => f.slice(base.length))
    .filter(
      (f) =>
        [...DOCUMENTS, SERVICE_LIST_FILE, MANIFEST_FILE].includes(f) ||
        (f.startsWith(`${DEFINITIONS_FOLDER}/`) && /^[^/]+\.json$/.test(f.slice(DEFINITIONS_FOLDER.length + 1))),
    );
  const missing = DOCUMENTS.filter((f) => !files.includes(f));
  if (missing.length)
    throw new UserError(
      'ERPGEN_DIFF_NOT_A_SNAPSHOT',
      `${spec}: not a snapshot at ${rev}: ${path || '.'} has no ${missing.join(' and no ')}`,
      at(spec),
    );
  const dir = mkdtempSync(join(tmpdir(), 'erpgen-diff-git-'));
  try {
    mkdirSync(join(dir, DEFINITIONS_FOLDER));
    await catFiles(sha, base, files, dir, cwd);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    dir,
    label: spec,
    revision: sha,
    fileLabel: (file) => `${spec.replace(/\/$/, '')}/${relative(dir, file).split('\\').join('/')}`,
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Streams each file's blob to `dir` through one `git cat-file --batch`: its answer is, per object asked for,
 * a header `<oid> blob <size>`, then exactly `size` bytes and a newline. Git's output waits while a file's
 * writes are behind, so a big document is never held in memory.
 */
function catFiles(sha: string, base: string, files: readonly string[], dir: string, cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    const written: Array<Promise<void>> = [];
    let index = 0;
    let header = '';
    let remaining = -1; // bytes of the current blob still to come; -1 while a header is read
    let out: WriteStream | undefined;
    let failed = false;
    const stop = (error: unknown) => {
      if (failed) return;
      failed = true;
      child.kill();
      out?.destroy();
      fail(error);
    };
    const open = (file: string) => {
      const stream = createWriteStream(join(dir, file));
      written.push(
        new Promise((closed, broke) => {
          stream.once('close', () => closed());
          stream.once('error', broke);
        }),
      );
      return stream;
    };
    child.stdout.on('data', (chunk: Buffer) => {
      let at = 0;
      while (at < chunk.length && !failed) {
        if (remaining < 0) {
          const end = chunk.indexOf(10, at);
          header += chunk.subarray(at, end < 0 ? chunk.length : end).toString('utf8');
          if (end < 0) return;
          at = end + 1;
          const match = /^[0-9a-f]+ blob (\d+)$/.exec(header);
          if (!match)
            return stop(
              new UserError(
                'ERPGEN_GIT_FAILED',
                `git:${sha.slice(0, 12)}:${base}${files[index]}: git cat-file answered ${JSON.stringify(header)}`,
              ),
            );
          header = '';
          remaining = Number(match[1]);
          out = open(files[index]!);
        }
        const take = Math.min(remaining, chunk.length - at);
        if (take > 0 && !out!.write(chunk.subarray(at, at + take)) && !child.stdout.isPaused()) {
          // a stream that ends before it drains does not say 'drain' (Node): its close resumes too
          child.stdout.pause();
          const stream = out!;
          const resume = () => {
            stream.off('drain', resume).off('close', resume);
            child.stdout.resume();
          };
          stream.on('drain', resume).on('close', resume);
        }
        at += take;
        remaining -= take;
        if (remaining === 0 && at < chunk.length) {
          at++; // the newline after the blob
          out!.end();
          out = undefined;
          remaining = -1;
          index++;
        }
      }
    });
    child.on('error', stop);
    child.on('close', (code) => {
      if (failed) return;
      if (code !== 0 || index < files.length || out)
        return stop(new UserError('ERPGEN_GIT_FAILED', `git cat-file stopped after ${index} of ${files.length} files`));
      Promise.all(written).then(() => done(), stop);
    });
    child.stdin.end(files.map((f) => `${sha}:${base}${f}\n`).join(''));
  });
}
