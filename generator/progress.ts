// A one-line progress bar on stderr, only when stderr is a terminal and the run is long enough to need one.
import type { WriteStream } from 'node:tty';

const WIDTH = 30;
const MIN_TOTAL = 500;
const EVERY_MS = 100;

/** What a run emits, counted apart: tables and views ("objects"), and transaction services. */
export interface ProgressCounts {
  readonly objects: number;
  readonly services: number;
}

export interface ProgressBar {
  readonly update: (done: ProgressCounts, total: ProgressCounts) => void;
  readonly done: () => void;
}

function counted(done: number, total: number, what: string): string {
  return `${done}/${total} ${what}`;
}

export function progressBar(stream: NodeJS.WriteStream | WriteStream): ProgressBar | undefined {
  if (!stream.isTTY) return undefined;
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      const all = total.objects + total.services;
      const finished = done.objects + done.services;
      if (all < MIN_TOTAL) return;
      const now = performance.now();
      if (now - last < EVERY_MS && finished < all) return;
      last = now;
      const filled = Math.round((finished / all) * WIDTH);
      const counts = [
        counted(done.objects, total.objects, 'objects'),
        ...(total.services ? [counted(done.services, total.services, 'services')] : []),
      ];
      // the line may get shorter (never here, but cheaply safe): clear its rest
      stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ${counts.join(', ')}\x1b[K`);
      shown = true;
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}

/**
 * One line on stderr that says which step a long run is at (`erpgen diff --project`), rewritten in place, only
 * when stderr is a terminal; `done` clears it.
 */
export function stepLine(stream: NodeJS.WriteStream | WriteStream): { step: (what: string) => void; done: () => void } {
  let shown = false;
  return {
    step(what) {
      if (!stream.isTTY) return;
      // as wide as the terminal at most: a wrapped line cannot be rewritten in place
      const width = (stream as WriteStream).columns ?? 80;
      const line = `erpgen: ${what}…`;
      stream.write(`\r${line.length < width ? line : `${line.slice(0, width - 2)}…`}\x1b[K`);
      shown = true;
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
