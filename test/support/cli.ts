// Run the built CLI as a user would: a separate process, real exit code, real stdout and stderr.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { CLI } from './paths.js';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runCli(args: readonly string[], cwd: string): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A temp folder removed after the test file's run. */
export function tempDir(prefix = 'erpgen-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface AsyncRun extends CliResult {
  readonly signal: NodeJS.Signals | null;
}

/**
 * The CLI as a child process that runs while the test goes on (an in-process server keeps answering it), with a
 * clean environment for secrets: ERP_PASSWORD and ERP_CONSUMER_KEY only as `env` gives them. `kill` sends a signal.
 */
export function runCliAsync(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
  onDone?: (run: AsyncRun) => void,
): Promise<AsyncRun> & { kill: (s: NodeJS.Signals) => void } {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd,
    env: { ...process.env, ERP_PASSWORD: '', ERP_CONSUMER_KEY: '', CI: '1', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<AsyncRun>((resolve) =>
    child.once('close', (code, signal) => {
      const run = { code, signal, stdout, stderr };
      onDone?.(run);
      resolve(run);
    }),
  );
  return Object.assign(done, { kill: (s: NodeJS.Signals) => void child.kill(s) });
}

/**
 * `erpgen sandbox` as a user starts it, a separate process: resolves with the base URL it prints first, and `stop`
 * (SIGTERM), which resolves with its exit code and all it wrote. Stopped after the test file's run if the test did
 * not stop it.
 */
export async function startCliSandbox(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => Promise<{ code: number | null; output: string }> }> {
  const child = spawn(process.execPath, [CLI, 'sandbox', ...args], {
    env: { ...process.env, ERP_PASSWORD: '', ERP_CONSUMER_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    child.kill('SIGTERM');
    return { code: await exited, output: stdout + stderr };
  };
  afterAll(() => void child.kill('SIGTERM'));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = /^(.*)\n/.exec(stdout);
      if (line) resolve(line[1]!);
    });
    void exited.then((code) => reject(new Error(`the sandbox exited (${code}): ${stderr}`)));
  });
  return { url, stop };
}
