// Where a fetch writes: a temporary folder beside the snapshot, swapped in only when complete. A failed or interrupted
// fetch leaves the previous snapshot exactly as it was; a fetch killed outright leaves its temporary folder, which
// the next fetch into the same snapshot removes.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { diagnosticLine, formatOf } from '../diagnostics.js';
import { handOver } from '../early-stop.js';
import { UserError } from '../errors.js';
import { MANIFEST_FILE, SNAPSHOT_FILES } from '../source/layout.js';

const TMP_MARK = '.erpgen-fetch-';

/** Removes temporary folders of earlier fetches into the same snapshot whose process is gone. */
function removeAbandoned(out: string): void {
  const parent = dirname(out);
  if (!existsSync(parent)) return;
  const prefix = `.${basename(out)}${TMP_MARK}`;
  for (const entry of readdirSync(parent)) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length).split('-')[0]);
    let alive: boolean;
    try {
      process.kill(pid, 0);
      alive = pid !== process.pid;
    } catch {
      alive = false;
    }
    if (!alive) rmSync(join(parent, entry), { recursive: true, force: true });
  }
}

/** The folder may be replaced: absent, empty, or a snapshot (holds a schema document or a manifest). */
function checkReplaceable(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory())
    throw new UserError('ERPGEN_SNAPSHOT_FOLDER_REFUSED', `${out}: exists and is not a folder`, {
      where: { file: out },
    });
  const entries = readdirSync(out);
  const snapshot = entries.some((e) => e === MANIFEST_FILE || Object.values(SNAPSHOT_FILES).includes(e));
  if (entries.length > 0 && !snapshot)
    throw new UserError(
      'ERPGEN_SNAPSHOT_FOLDER_REFUSED',
      `${out}: not empty and not a snapshot folder; refusing to replace it`,
      {
        where: { file: out },
      },
    );
}

/** Swaps the complete temporary folder in; the previous snapshot is removed only after. */
function moveIntoPlace(tmp: string, out: string): void {
  if (!existsSync(out)) {
    renameSync(tmp, out);
    return;
  }
  const old = `${tmp}-previous`;
  renameSync(out, old);
  try {
    renameSync(tmp, out);
  } catch (error) {
    renameSync(old, out);
    throw error;
  }
  rmSync(old, { recursive: true, force: true });
}

/**
 * Runs `write` on a fresh temporary folder and moves it to `out` when it succeeds. On failure or SIGINT/SIGTERM the
 * folder is removed (a signal then ends the process as it would have).
 */
export async function staged<T>(out: string, write: (dir: string) => Promise<T>): Promise<T> {
  checkReplaceable(out);
  mkdirSync(dirname(out), { recursive: true });
  removeAbandoned(out);
  const tmp = join(dirname(out), `.${basename(out)}${TMP_MARK}${process.pid}-${Date.now().toString(36)}`);
  const cleanup = (): void => rmSync(tmp, { recursive: true, force: true });
  const interrupted = (signal: NodeJS.Signals): void => {
    cleanup();
    const message = `stopped: ${relative(process.cwd(), out) || '.'} is as it was, nothing was written`;
    process.stderr.write(
      diagnosticLine({ code: 'ERPGEN_STOPPED', level: 'error', message }, formatOf(process.argv.slice(2))),
    );
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    process.kill(process.pid, signal);
  };
  // the handlers before the folder: a signal that comes as soon as the folder exists must find them in place
  process.once('exit', cleanup);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  handOver();
  try {
    mkdirSync(tmp);
    const result = await write(tmp);
    moveIntoPlace(tmp, out);
    return result;
  } finally {
    cleanup();
    process.off('exit', cleanup);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}
