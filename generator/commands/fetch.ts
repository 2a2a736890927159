// `erpgen fetch`: a snapshot from a live server. Credentials come from the environment (ERP_PASSWORD with --user,
// or ERP_CONSUMER_KEY) or from a prompt on a terminal that does not echo; never from flags or the config file.
import { createInterface } from 'node:readline';
import { diagnosticLine, type Diagnostic } from '../diagnostics.js';
import { Stopped, UserError } from '../errors.js';
import type { FetchProgress, SignIn } from '../fetch/fetch-from-server.js';
import type { FetchHooks, FetchReport } from '../fetch/run.js';
import { named } from '../message-text.js';
import { readApiOptions, readFlags, type ApiOptions, type Command, type Flags } from '../options/option-table.js';
import { FETCH_OPTIONS } from '../options/options.js';
import { refuseSecretFlags } from '../options/secrets.js';

export type { FetchProgress, SignIn } from '../fetch/fetch-from-server.js';
export type { Manifest } from '../source/layout.js';
export type { FetchReport } from '../fetch/run.js';

/** The command's options by their camelCase names, and what the caller is asked and told. */
export type FetchSnapshotOptions = ApiOptions<typeof FETCH_OPTIONS> & FetchHooks;

/** What `fetchSnapshot()` takes besides the command's flags. */
const FETCH_EXTRA = [
  'signIn',
  'askSignIn',
  'onProgress',
  'onWarning',
  'onNotice',
  'onLog',
] as const satisfies ReadonlyArray<keyof FetchSnapshotOptions>;

/** Asks on the terminal; a hidden answer is not echoed. */
function ask(question: string, hidden: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    process.stderr.write(question);
    if (hidden) (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
    rl.once('line', (answer) => {
      if (hidden) process.stderr.write('\n');
      rl.close();
      resolve(answer);
    });
    rl.once('SIGINT', () => {
      rl.close();
      reject(new Stopped('sign-in cancelled'));
    });
  });
}

/** Asks for a user name (unless given) and a password that is not echoed. */
async function prompted(user: string | undefined): Promise<SignIn> {
  const username = user ?? (await ask('user name: ', false)).trim();
  const typed = await ask(`password for ${username}: `, true);
  if (username === '' || typed === '')
    throw new UserError('ERPGEN_NO_CREDENTIALS', 'no credentials: a user name and a password are needed', {
      exitCode: 2,
    });
  return { username, password: typed };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** One line on a terminal, rewritten in place; nothing in CI or with --quiet. */
function progressLine(enabled: boolean): { update: (p: FetchProgress) => void; done: () => void } {
  let last = 0;
  let shown = false;
  return {
    update(p) {
      if (!enabled) return;
      const now = performance.now();
      if (now - last < 100) return;
      last = now;
      const services = p.servicesTotal === undefined ? '' : `, services ${p.servicesDone}/${p.servicesTotal}`;
      process.stderr.write(`\r\x1b[Kerpgen fetch: schema ${megabytes(p.bytes)}${services}`);
      shown = true;
    },
    done() {
      if (shown) process.stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}

/**
 * Downloads a snapshot from a live server into the snapshot folder, as `erpgen fetch` does: swapped in only when
 * complete, with manifest.json. Rejects with a `UserError` (the CLI's one line and exit code) on a problem it can
 * name: the flags, the credentials, the server's answers, the folder.
 */
export async function fetchSnapshot(options: FetchSnapshotOptions = {}): Promise<FetchReport> {
  readApiOptions(FETCH_OPTIONS, options, 'fetchSnapshot', FETCH_EXTRA);
  return fetchFrom(options);
}

/** `fetchSnapshot`, and from the command line `erpgen fetch` (whose flags include the terminal's). */
async function fetchFrom(options: FetchSnapshotOptions): Promise<FetchReport> {
  const flags = readFlags(FETCH_OPTIONS, options, false);
  const { runFetch } = await import('../fetch/run.js');
  return runFetch(flags, options);
}

async function run(flags: Flags<typeof FETCH_OPTIONS>): Promise<number> {
  refuseSecretFlags(flags);
  const started = performance.now();
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
  const showProgress = !flags.quiet && Boolean(process.stderr.isTTY) && !process.env['CI'];
  const progress = progressLine(showProgress);
  const say = (_: string, diagnostic: Diagnostic): void => {
    if (flags.quiet) return;
    progress.done();
    process.stderr.write(diagnosticLine(diagnostic, flags.format));
  };
  try {
    const { manifest, out } = await fetchFrom({
      ...flags,
      ...(interactive ? { askSignIn: () => prompted(flags.user) } : {}),
      onProgress: progress.update,
      onWarning: say,
      onNotice: say,
      // retries and token calls: worth seeing while waiting at a terminal, noise in a CI log
      // (the runtime's lines, not diagnostics: they have no code, and no JSON form)
      onLog: (line) => {
        if (showProgress && flags.format === 'text' && !flags.quiet) {
          progress.done();
          process.stderr.write(`erpgen: ${line}\n`);
        }
      },
    });
    progress.done();
    const d = manifest.documents;
    if (flags.format === 'json') {
      const { baseUrl, serverBuild, services } = manifest;
      const counts = { tables: d.table.kept, views: d.view.kept, services: services.fetched.length };
      console.log(JSON.stringify({ out, baseUrl, build: serverBuild, ...counts, skipped: services.skipped.length }));
    } else if (!flags.quiet) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const skipped = manifest.services.skipped.length ? ` (${manifest.services.skipped.length} skipped)` : '';
      console.log(
        // the build is the server's text: escaped and cut as every name from it is
        `erpgen: fetched ${manifest.baseUrl}${manifest.serverBuild ? ` (build ${named(manifest.serverBuild)})` : ''} into ${out}: ${d.table.kept} tables, ${d.view.kept} views, ${manifest.services.fetched.length} services${skipped} (${seconds} s)`,
      );
    }
    return 0;
  } finally {
    progress.done();
  }
}

export const fetchCommand: Command<typeof FETCH_OPTIONS> = {
  name: 'fetch',
  describe: 'Download a snapshot from a live server',
  options: FETCH_OPTIONS,
  epilog:
    'Credentials: --user with ERP_PASSWORD, or ERP_CONSUMER_KEY (with an optional --user), or a prompt on a ' +
    'terminal. A consumer key whose token carries an OData allow-list (/odata:a,b) limits the objects fetched.',
  run,
};
