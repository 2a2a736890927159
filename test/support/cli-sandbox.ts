// `erpgen sandbox` as a user starts it, for tests and the bench: the built CLI as a child process, whose first line
// of standard output is its base URL. No vitest here: the bench uses it too.
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI } from './paths.js';

export interface CliSandbox {
  readonly url: string;
  readonly child: ChildProcess;
  /** what it wrote to standard output and standard error so far */
  output(): { stdout: string; stderr: string };
  /** SIGTERM, then its exit code */
  stop(): Promise<number | null>;
}

/** Starts `erpgen sandbox <args>` with `env` over this process's environment; resolves once it prints its URL. */
export async function cliSandbox(
  args: readonly string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<CliSandbox> {
  const child = spawn(process.execPath, [CLI, 'sandbox', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd !== undefined ? { cwd } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = /^(.*)\n/.exec(stdout);
      if (line) resolve(line[1]!);
    });
    child.once('exit', (code) => reject(new Error(`erpgen sandbox exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    child,
    output: () => ({ stdout, stderr }),
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
