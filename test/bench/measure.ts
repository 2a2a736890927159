// Runs a command as a fresh process and measures its wall time and peak RSS.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * As `measureNode`, without blocking this process (a server it runs keeps answering the measured one); `exitCode`
 * is the exit the run must end with.
 */
export async function measureNodeAsync(
  script: string,
  args: readonly string[],
  cwd: string,
  exitCode = 0,
): Promise<Measurement & { stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'erpgen-bench-'));
  const rssFile = join(dir, 'rss');
  try {
    const started = performance.now();
    const child = spawn(process.execPath, ['--require', PEAK_RSS, script, ...args], {
      cwd,
      env: { ...process.env, ERPGEN_BENCH_RSS: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    const seconds = (performance.now() - started) / 1000;
    if (code !== exitCode) throw new Error(`${script} ${args.join(' ')} exited with ${code}:\n${stderr}`);
    return { seconds, peakRssMb: Number(readFileSync(rssFile, 'utf8')) / 2 ** 20, stdout, stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One figure of the bench, and, when it has one, its target and whether the figure meets it. */
export interface Row {
  readonly name: string;
  readonly value: string;
  readonly target?: string;
  readonly ok?: boolean;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * A figure of several runs as the bench shows it: the median, then the spread (lowest to highest) and how many runs,
 * so that a noisy figure shows as one: `1.92 s (1.85-2.40 s, 5 runs)`.
 */
export function spread(values: readonly number[], unit: string, digits = 0): string {
  const f = (n: number) => n.toFixed(digits);
  const sorted = [...values].sort((a, b) => a - b);
  const range = values.length > 1 ? `${f(sorted[0]!)}-${f(sorted.at(-1)!)} ${unit}, ${values.length} runs` : '1 run';
  return `${f(median(values))} ${unit} (${range})`;
}

/** The wall time of measured runs, as `spread` shows it. */
export const wallOf = (runs: ReadonlyArray<Pick<Measurement, 'seconds'>>) =>
  spread(
    runs.map((r) => r.seconds),
    's',
    2,
  );

/** The peak RSS of measured runs, as `spread` shows it. */
export const rssOf = (runs: ReadonlyArray<Pick<Measurement, 'peakRssMb'>>) =>
  spread(
    runs.map((r) => r.peakRssMb),
    'MB',
  );
