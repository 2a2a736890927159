// Runs a command as a fresh process and measures its wall time and peak RSS.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PEAK_RSS = fileURLToPath(new URL('./peak-rss.cjs', import.meta.url));

export interface Measurement {
  readonly seconds: number;
  readonly peakRssMb: number;
  readonly stdout: string;
}

/** `node <script> <args>` in `cwd`, with the peak-RSS reporter preloaded. Throws when it fails. */
export function measureNode(script: string, args: readonly string[], cwd: string): Measurement {
  const dir = mkdtempSync(join(tmpdir(), 'erpgen-bench-'));
  const rssFile = join(dir, 'rss');
  try {
    const started = performance.now();
    const result = spawnSync(process.execPath, ['--require', PEAK_RSS, script, ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, ERPGEN_BENCH_RSS: rssFile },
      maxBuffer: 64 << 20,
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 0)
      throw new Error(`${script} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
    return { seconds, peakRssMb: Number(readFileSync(rssFile, 'utf8')) / 2 ** 20, stdout: result.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
