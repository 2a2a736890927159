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

/**
 * The CLI on a terminal: run in a pseudo-terminal by util-linux's `script` (standard output and error are the
 * terminal, read back as one text with its `\r\n` line ends made `\n`). Colour is on: NO_COLOR is unset.
 */
export function runCliOnTerminal(args: readonly string[], cwd: string): { code: number | null; output: string } {
  const quoted = [process.execPath, CLI, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const env = { ...process.env };
  delete env['NO_COLOR'];
  delete env['FORCE_COLOR'];
  // -q: no "Script started" lines; -e: the command's exit code; -c: the command; /dev/null: no typescript file
  const result = spawnSync('script', ['-qec', quoted, '/dev/null'], { cwd, encoding: 'utf8', env });
  if (result.error) throw result.error;
  return { code: result.status, output: result.stdout.replace(/\r\n/g, '\n') };
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
