// The progress bar: only on a terminal, only for long runs, and it clears its line when done.
import { describe, expect, it } from 'vitest';
import { progressBar, stepLine } from '../../generator/progress.js';

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
    bar.update({ objects: 1, services: 0 }, { objects: 7000, services: 0 });
    bar.update({ objects: 7000, services: 0 }, { objects: 7000, services: 0 });
    bar.done();
    expect(tty.written).toContain('] 1/7000 objects');
    expect(tty.written).toContain('[##############################] 7000/7000 objects');
    expect(tty.written).not.toContain('services');
    expect(tty.written.endsWith('\r\x1b[K')).toBe(true);
  });

  it('counts services apart from objects (7159 objects and 12 services, not 7171 objects)', () => {
    const tty = stream(true);
    const bar = progressBar(tty)!;
    bar.update({ objects: 7159, services: 0 }, { objects: 7159, services: 12 });
    bar.update({ objects: 7159, services: 12 }, { objects: 7159, services: 12 });
    expect(tty.written).toContain('7159/7159 objects, 0/12 services');
    expect(tty.written).toContain('[##############################] 7159/7159 objects, 12/12 services');
    expect(tty.written).not.toContain('7171');
  });

  it('stays quiet when not a terminal, and for short runs', () => {
    expect(progressBar(stream(false))).toBeUndefined();
    const tty = stream(true);
    const bar = progressBar(tty)!;
    bar.update({ objects: 10, services: 2 }, { objects: 60, services: 2 });
    bar.done();
    expect(tty.written).toBe('');
  });
});

describe('step line', () => {
  it("says a long run's step on a terminal, in place, and clears it at the end; nothing off a terminal", () => {
    const tty = Object.assign(stream(true), { columns: 40 });
    const line = stepLine(tty);
    line.step('comparing the snapshots');
    line.step('compiling your project (1 and 2 of 4 compiles)');
    line.done();
    expect(tty.written).toBe(
      '\rerpgen: comparing the snapshots…\x1b[K\rerpgen: compiling your project (1 and …\x1b[K\r\x1b[K',
    );
    const pipe = stream(false);
    stepLine(pipe).step('comparing the snapshots');
    expect(pipe.written).toBe('');
  });
});
