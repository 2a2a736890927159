// erpgen as a library (`import { generate } from 'erpgen'`): each command as a function, with the command's
// behaviour, messages and guarantees, for build tools and monorepos that call it without a child process. The CLI
// is a thin layer over these. What the user can fix (input, options, the output folder, the server's answers)
// rejects with a `UserError`, whose message is the CLI's one line and whose `exitCode` the CLI's exit code;
// nothing here exits the process or writes to the terminal. Anything else thrown is a bug in erpgen.
import type { Sandbox, SandboxOptions } from '../sandbox/index.js';

export { generate, type GenerateOptions, type GenerateReport } from './commands/generate.js';
export {
  fetchSnapshot,
  type FetchProgress,
  type FetchReport,
  type FetchSnapshotOptions,
  type Manifest,
  type SignIn,
} from './commands/fetch.js';
export { diff, type DiffOptions, type DiffReport } from './commands/diff.js';
export { Stopped, UserError } from './errors.js';
export type { StaleReport } from './check-report.js';
export type { ProgressCounts } from './progress.js';
export type {
  Credentials,
  FaultPlan,
  LoggedRequest,
  Sandbox,
  SandboxFaults,
  SandboxOptions,
  TransactionOptions,
} from '../sandbox/index.js';
export { ERPGEN_VERSION as version } from './version.js';

/**
 * Starts the sandbox (`erpgen sandbox`, and `startSandbox` of `erpgen/sandbox`) on 127.0.0.1: loaded on the first
 * call, so that importing erpgen does not load SQLite.
 */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const sandbox = await import('../sandbox/index.js');
  return sandbox.startSandbox(options);
}
