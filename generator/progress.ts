// A one-line progress bar on stderr, only when stderr is a terminal and the run is long enough to need one.
import type { WriteStream } from 'node:tty';

const WIDTH = 30;
const MIN_TOTAL = 500;
const EVERY_MS = 100;

export interface ProgressBar {
  readonly update: (done: number, total: number) => void;
  readonly done: () => void;
}

export function progressBar(stream: NodeJS.WriteStream | WriteStream): ProgressBar | undefined {
  if (!stream.isTTY) return undefined;
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      if (total < MIN_TOTAL) return;
      const now = performance.now();
      if (now - last < EVERY_MS && done < total) return;
      last = now;
      const filled = Math.round((done / total) * WIDTH);
      stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ${done}/${total} objects`);
      shown = true;
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
