// `erpgen fetch`: a snapshot from a live server. Credentials come from the environment (ERP_PASSWORD with --user,
// or ERP_CONSUMER_KEY) or from a prompt on a terminal that does not echo; never from flags or the config file.
import { relative } from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../config.js';
import { UserError } from '../errors.js';
import type { FetchProgress, FetchResult, SignIn } from '../fetch/fetch-from-server.js';
import { ERPGEN_VERSION } from '../version.js';
import { readFlags, type ApiOptions, type Command, type Flags } from '../options/option-table.js';
import { FETCH_OPTIONS } from '../options/options.js';
import { fromEnv, refuseSecretFlags } from '../options/secrets.js';

export type { FetchProgress, Manifest, SignIn } from '../fetch/fetch-from-server.js';

export type FetchSnapshotOptions = ApiOptions<typeof FETCH_OPTIONS> & {
  /**
   * how to sign in; by default from the environment, as the command reads it: ERP_CONSUMER_KEY (with an optional
   * `user`), or `user` with ERP_PASSWORD
   */
  readonly signIn?: SignIn;
  /** asked when neither `signIn` nor the environment gives credentials (the command prompts at a terminal) */
  readonly askSignIn?: () => Promise<SignIn>;
  /** bytes of the schema documents and services done, as the download goes */
  readonly onProgress?: (progress: FetchProgress) => void;
  /** a skipped definition, an unknown build: one line each, never a secret */
  readonly onWarning?: (line: string) => void;
  /** what the run decided on its own (an allow-list limiting the objects) */
  readonly onNotice?: (line: string) => void;
  /** one line per retry and per token call */
  readonly onLog?: (line: string) => void;
};

export interface FetchReport extends FetchResult {
  /** the snapshot folder written, as messages name it (relative to the working folder) */
  readonly out: string;
}

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
      reject(new UserError('sign-in cancelled', 130));
    });
  });
}

/** The sign-in the environment gives: ERP_CONSUMER_KEY (and the user, if any), or the user with ERP_PASSWORD. */
function credentialsFromEnv(user: string | undefined): SignIn | undefined {
  const consumerKey = fromEnv('ERP_CONSUMER_KEY');
  if (consumerKey !== undefined) return { consumerKey, username: user };
  const password = fromEnv('ERP_PASSWORD');
  if (password === undefined) return undefined;
  if (user === undefined) throw new UserError('ERP_PASSWORD is set: give the user name with --user', 2);
  return { username: user, password };
}

/** Asks for a user name (unless given) and a password that is not echoed. */
async function prompted(user: string | undefined): Promise<SignIn> {
  const username = user ?? (await ask('user name: ', false)).trim();
  const typed = await ask(`password for ${username}: `, true);
  if (username === '' || typed === '') throw new UserError('no credentials: a user name and a password are needed', 2);
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
  const flags = readFlags(FETCH_OPTIONS, options, false);
  const config = loadConfig({
    ...(flags.config !== undefined ? { config: flags.config } : {}),
    ...(flags.out !== undefined ? { snapshot: flags.out } : {}),
  });
  const baseUrl = flags.baseUrl ?? config.fetch?.baseUrl;
  if (baseUrl === undefined)
    throw new UserError('no server: give --base-url, or set fetch.baseUrl in erpgen.config.json', 2);
  const maxMetadataMb = flags.maxMetadataMb ?? config.fetch?.maxMetadataMb;
  const signIn = options.signIn ?? credentialsFromEnv(flags.user) ?? (await options.askSignIn?.());
  if (signIn === undefined)
    throw new UserError('no credentials: give --user and set ERP_PASSWORD, or set ERP_CONSUMER_KEY', 2);
  const out = relative(process.cwd(), config.snapshot) || '.';
  // the report services of the snapshot replaced and of the config's (--out may name another folder)
  const teams =
    flags.out === undefined ? config : loadConfig(flags.config !== undefined ? { config: flags.config } : {});
  const { reportServicesIn } = await import('../source/snapshot.js');
  const reportServices = [...new Set([...reportServicesIn(config.snapshot), ...reportServicesIn(teams.snapshot)])];
  const live = await import('../fetch/fetch-from-server.js');
  try {
    const result = await live.fetchFromServer(
      {
        baseUrl,
        out: config.snapshot,
        signIn,
        services: flags.services ?? config.fetch?.services ?? [],
        reportServices,
        tables: flags.tables ?? config.fetch?.tables ?? [],
        views: flags.views ?? config.fetch?.views ?? [],
        metadataTimeoutMs: flags.timeout * 1000,
        ...(maxMetadataMb !== undefined ? { maxMetadataBytes: Math.floor(maxMetadataMb * 1_048_576) } : {}),
        ...(options.onProgress ? { progress: options.onProgress } : {}),
        ...(options.onWarning ? { warn: options.onWarning } : {}),
        ...(options.onNotice ? { notice: options.onNotice } : {}),
        ...(options.onLog ? { log: options.onLog } : {}),
      },
      ERPGEN_VERSION,
    );
    return { ...result, out };
  } catch (error) {
    // the file system saying no (permissions, a full disk) is the user's to fix, not an erpgen bug
    const e = error as NodeJS.ErrnoException;
    if (!(error instanceof UserError) && typeof e.syscall === 'string' && typeof e.code === 'string')
      throw new UserError(`${e.path ?? out}: cannot ${e.syscall} (${e.code})`);
    throw error;
  }
}

async function run(flags: Flags<typeof FETCH_OPTIONS>): Promise<number> {
  refuseSecretFlags(flags);
  const started = performance.now();
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
  const showProgress = !flags.quiet && Boolean(process.stderr.isTTY) && !process.env['CI'];
  const progress = progressLine(showProgress);
  const say = (line: string): void => {
    if (flags.quiet) return;
    progress.done();
    process.stderr.write(`erpgen: ${line}\n`);
  };
  try {
    const { manifest, out } = await fetchSnapshot({
      ...flags,
      ...(interactive ? { askSignIn: () => prompted(flags.user) } : {}),
      onProgress: progress.update,
      onWarning: say,
      onNotice: say,
      // retries and token calls: worth seeing while waiting at a terminal, noise in a CI log
      onLog: (line) => {
        if (showProgress) say(line);
      },
    });
    progress.done();
    if (!flags.quiet) {
      const d = manifest.documents;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const skipped = manifest.services.skipped.length ? ` (${manifest.services.skipped.length} skipped)` : '';
      console.log(
        `erpgen: fetched ${manifest.baseUrl}${manifest.serverBuild ? ` (build ${manifest.serverBuild})` : ''} into ${out}: ${d.table.kept} tables, ${d.view.kept} views, ${manifest.services.fetched.length} services${skipped} (${seconds} s)`,
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
