// The progress bar: only on a terminal, only for long runs, and it clears its line when done.
import { describe, expect, it } from 'vitest';
import { progressBar } from '../../generator/progress.js';

function stream(isTTY: boolean): NodeJS.WriteStream & { written: string } {
  const s = {
    isTTY,
    written: '',
    write(chunk: string) {
      s.written += chunk;
      return true;
    },
  };
  return s as unknown as NodeJS.WriteStream & { written: string };
}

describe('progress bar', () => {
  it('draws on a terminal for a long run, and clears its line at the end', () => {
    const tty = stream(true);
    const bar = progressBar(tty)!;
    bar.update(1, 7000);
    bar.update(7000, 7000);
    bar.done();
    expect(tty.written).toContain('] 1/7000 objects');
    expect(tty.written).toContain('[##############################] 7000/7000 objects');
    expect(tty.written.endsWith('\r\x1b[K')).toBe(true);
  });

  it('stays quiet when not a terminal, and for short runs', () => {
    expect(progressBar(stream(false))).toBeUndefined();
    const tty = stream(true);
    const bar = progressBar(tty)!;
    bar.update(10, 60);
    bar.done();
    expect(tty.written).toBe('');
  });
});
