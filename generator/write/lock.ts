// One run writes an output folder at a time, whether the runs are processes or calls in one process: two runs
// that both moved their files in would each report success while one's output is lost.
//
// The lock is a file beside the real output folder, `.<name>.erpgen-lock`, made with O_EXCL (only one creation
// succeeds) and holding who writes: pid, host, since when, and the pid's start time where the system tells it
// (Linux), so that a pid given to another process since is not taken for the holder. A second run waits for it
// and says once who it waits for. A lock whose process is gone (on this host) is taken over: only a run that
// holds the take-over guard (`.<name>.erpgen-lock.takeover`, also O_EXCL) may remove a lock, and only the very
// lock it found dead (compared by its text, which holds a random token), so two runs that find the same dead lock
// cannot remove each other's new one. Calls in one process wait for each other through a promise, not the file.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { notice, type Notice } from '../diagnostics.js';
import { Stopped } from '../errors.js';
import { named, quote } from '../message-text.js';

/** Who holds a lock, as its file says. */
interface Holder {
  readonly pid: number;
  readonly host: string;
  /** when it took the lock (ISO 8601) */
  readonly since: string;
  /** the process's start time as the system counts it (Linux: clock ticks after boot), when known */
  readonly start?: string;
  readonly token: string;
}

/** How often a waiting run looks at the lock again. */
const POLL_MS = 100;
/** A lock file that cannot be read (its process died between creating and writing it), or a take-over guard, is dead after this long. */
const UNREADABLE_DEAD_MS = 10_000;

/** The lock of `real` (an output folder's real path). */
const lockPath = (real: string) => join(dirname(real), `.${basename(real)}.erpgen-lock`);

/** In this process: lock path -> a promise that settles when its holder lets it go. */
const held = new Map<string, Promise<void>>();

/** The start time of process `pid` where the system tells it (Linux's /proc), else undefined. */
function startOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name, in parentheses, may hold spaces: the fields are counted after its last `)`
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.start === undefined) return true;
  const start = startOf(holder.pid);
  return start === undefined || start === holder.start;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function holderOf(text: string | undefined): Holder | undefined {
  if (text === undefined) return undefined;
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(h.pid) &&
      typeof h.host === 'string' &&
      typeof h.since === 'string' &&
      typeof h.token === 'string'
      ? (h as Holder)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Who holds the lock of `real` now, if anyone (read only: what `--check` waits for). */
function lockHolder(real: string): Holder | undefined {
  const holder = holderOf(readText(lockPath(real)));
  return holder && (holder.host !== hostname() || isRunning(holder)) ? holder : undefined;
}

const ageMs = (file: string) => Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());

/** What this process writes into a lock it takes: who it is, and a token no other lock has. */
function ownLockText(): string {
  const start = startOf(process.pid);
  const holder: Holder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    ...(start === undefined ? {} : { start }),
    token: randomBytes(12).toString('hex'),
  };
  return JSON.stringify(holder);
}

/** Creates the lock (O_EXCL: throws EEXIST when it is there) and returns the function that lets it go. */
function take(lock: string, text: string): () => void {
  writeFileSync(lock, text, { flag: 'wx' });
  let release!: () => void;
  held.set(lock, new Promise((resolve) => (release = resolve)));
  return () => {
    // only our own lock: never one a later run holds
    if (readText(lock) === text) rmSync(lock, { force: true });
    held.delete(lock);
    release();
  };
}

/** The lock of `real` if no live run holds it now (no waiting; a dead run's lock taken over), else undefined. */
export function tryLockOutput(real: string): (() => void) | undefined {
  const lock = lockPath(real);
  if (held.has(lock)) return undefined;
  for (let tries = 0; tries < 2; tries++) {
    try {
      return take(lock, ownLockText());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
    // a lock left by a run that is gone is taken over, as a waiting run would
    const found = readText(lock);
    const other = holderOf(found);
    const dead =
      other === undefined ? ageMs(lock) > UNREADABLE_DEAD_MS : other.host === hostname() && !isRunning(other);
    if (!dead || !takeOver(lock, found)) return undefined;
  }
  return undefined;
}

/** Removes the lock whose text is `dead`, under the take-over guard; false when another run is taking it over. */
function takeOver(lock: string, dead: string | undefined): boolean {
  const guard = `${lock}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // a guard is held for a few system calls: one this old belongs to a run that died holding it
    if (ageMs(guard) > UNREADABLE_DEAD_MS) rmSync(guard, { force: true });
    return false;
  }
  try {
    if (readText(lock) === dead) rmSync(lock, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
  return true;
}

/** How a holder is named in messages: `pid 4711 on build-2, since 2026-11-28T01:02:03.000Z`. */
const shownHolder = (h: Holder) =>
  `pid ${h.pid} on ${named(h.host)}, since ${/^[\d:.TZ-]{1,30}$/.test(h.since) ? h.since : quote(h.since)}`;

export interface LockOptions {
  /** a run stopped while it waits ends with `Stopped` */
  readonly signal?: AbortSignal | undefined;
  /** said once when the run must wait, and when it takes over a dead run's lock */
  readonly notice?: ((notice: Notice) => void) | undefined;
  /** how messages name the folder */
  readonly label: string;
}

/**
 * Takes the lock of the output folder `real` (its parent must exist), waiting for another run that holds it.
 * Resolves to the function that lets it go.
 */
export async function lockOutput(
  real: string,
  options: LockOptions,
): Promise<{ release: () => void; waited: boolean }> {
  const lock = lockPath(real);
  const { label } = options;
  let told = false;
  for (;;) {
    const mine = held.get(lock);
    if (mine) {
      if (!told)
        options.notice?.(
          notice(
            'ERPGEN_OUT_LOCK_WAIT',
            `${label}: another generate in this process is writing it: waiting for it to finish`,
          ),
        );
      told = true;
      await until(mine, options);
      continue;
    }
    if (options.signal?.aborted) throw stopped(label);
    const text = ownLockText();
    try {
      return { release: take(lock, text), waited: told };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = readText(lock);
    const other = holderOf(found);
    if (other === undefined ? ageMs(lock) > UNREADABLE_DEAD_MS : other.host === hostname() && !isRunning(other)) {
      if (takeOver(lock, found) && other)
        options.notice?.(
          notice(
            'ERPGEN_OUT_LOCK_TAKEN_OVER',
            `${label}: took over the lock of an erpgen that is no longer running (${shownHolder(other)})`,
          ),
        );
      continue;
    }
    if (!told && other) tellWaiting(other, lock, options);
    told ||= other !== undefined;
    await until(new Promise((resolve) => setTimeout(resolve, POLL_MS)), options);
  }
}

function tellWaiting(other: Holder, lock: string, options: LockOptions): void {
  const where =
    other.host === hostname()
      ? ''
      : ` (erpgen cannot tell from here whether it still runs: if it does not, remove ${lock})`;
  options.notice?.(
    notice(
      'ERPGEN_OUT_LOCK_WAIT',
      `${options.label}: another erpgen is writing it (${shownHolder(other)}): waiting for it to finish${where}`,
    ),
  );
}

const stopped = (label: string) => new Stopped(`stopped: ${label} is as it was, nothing was written`);

/** `promise`, or `Stopped` as soon as the signal aborts. */
async function until(promise: Promise<unknown>, options: LockOptions): Promise<void> {
  const { signal } = options;
  if (!signal) return void (await promise);
  if (signal.aborted) throw stopped(options.label);
  let onAbort!: () => void;
  const abort = new Promise<never>((_, reject) => (onAbort = () => reject(stopped(options.label))));
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await Promise.race([promise, abort]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Waits while a live run holds the lock of `real` (`--check` reads only: it waits, it takes nothing). */
export async function waitForWriter(real: string, options: LockOptions): Promise<boolean> {
  const lock = lockPath(real);
  let told = false;
  for (let holder = lockHolder(real); holder; holder = lockHolder(real)) {
    if (!told) tellWaiting(holder, lock, options);
    told = true;
    await until(new Promise((resolve) => setTimeout(resolve, POLL_MS)), options);
  }
  const mine = held.get(lock);
  if (mine) await until(mine, options);
  return told || mine !== undefined;
}
