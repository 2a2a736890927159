// `erpgen fetch`: a snapshot from a live server. Credentials come from the environment (ERP_PASSWORD with --user,
// or ERP_CONSUMER_KEY) or from a prompt on a terminal that does not echo; never from flags or the config file.
import { createInterface } from 'node:readline';
import { relative } from 'node:path';
import type { Argv } from 'yargs';
import { loadConfig } from '../config.js';
import { ERPGEN_VERSION } from '../version.js';
import { UserError } from '../errors.js';
import {
  DEFAULT_MAX_METADATA_BYTES,
  fetchSnapshot,
  type FetchProgress,
  type SignIn,
} from '../source/live/fetch-snapshot.js';
import { fromEnv, refuseSecretFlags, SECRET_FLAG_OPTIONS } from './secrets.js';

export interface FetchArgs {
  readonly config?: string | undefined;
  readonly 'base-url'?: string | undefined;
  readonly out?: string | undefined;
  readonly user?: string | undefined;
  readonly services?: string[] | undefined;
  readonly tables?: string[] | undefined;
  readonly views?: string[] | undefined;
  readonly timeout: number;
  readonly 'max-metadata-mb'?: number | undefined;
  readonly quiet: boolean;
}

export function fetchOptions<T>(y: Argv<T>) {
  return y
    .option('config', { type: 'string', describe: 'config file (default: erpgen.config.json if present)' })
    .option('base-url', { type: 'string', describe: "the server's base address (or fetch.baseUrl in the config)" })
    .option('out', { type: 'string', describe: 'snapshot folder to write (default: the config\'s "snapshot")' })
    .option('user', { type: 'string', describe: 'user name: its password from ERP_PASSWORD or a prompt' })
    .option('services', { type: 'string', array: true, describe: 'service names or globs (default: all listed)' })
    .option('tables', { type: 'string', array: true, describe: 'globs over table names (default: all)' })
    .option('views', { type: 'string', array: true, describe: 'globs over view names (default: all)' })
    .option('timeout', { type: 'number', default: 300, describe: 'seconds allowed per schema document' })
    .option('max-metadata-mb', {
      type: 'number',
      describe: `the most MiB taken of one schema document (default ${DEFAULT_MAX_METADATA_BYTES / 1_048_576}; or fetch.maxMetadataMb in the config)`,
    })
    .option('quiet', { type: 'boolean', default: false, describe: 'print errors only' })
    .options(SECRET_FLAG_OPTIONS)
    .epilog(
      'Credentials: --user with ERP_PASSWORD, or ERP_CONSUMER_KEY (with an optional --user), or a prompt on a ' +
        'terminal. A consumer key whose token carries an OData allow-list (/odata:a,b) limits the objects fetched.',
    );
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

async function credentials(user: string | undefined, interactive: boolean): Promise<SignIn> {
  const consumerKey = fromEnv('ERP_CONSUMER_KEY');
  if (consumerKey !== undefined) return { consumerKey, username: user };
  const password = fromEnv('ERP_PASSWORD');
  if (password !== undefined) {
    if (user === undefined) throw new UserError('ERP_PASSWORD is set: give the user name with --user', 2);
    return { username: user, password };
  }
  if (!interactive) throw new UserError('no credentials: give --user and set ERP_PASSWORD, or set ERP_CONSUMER_KEY', 2);
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

export async function runFetch(argv: FetchArgs): Promise<number> {
  refuseSecretFlags(argv);
  const started = performance.now();
  const config = loadConfig({
    ...(argv.config !== undefined ? { config: argv.config } : {}),
    ...(argv.out !== undefined ? { snapshot: argv.out } : {}),
  });
  const baseUrl = argv['base-url'] ?? config.fetch?.baseUrl;
  if (baseUrl === undefined)
    throw new UserError('no server: give --base-url, or set fetch.baseUrl in erpgen.config.json', 2);
  if (!(argv.timeout > 0)) throw new UserError('--timeout: give a number of seconds', 2);
  const maxMetadataMb = argv['max-metadata-mb'] ?? config.fetch?.maxMetadataMb;
  if (maxMetadataMb !== undefined && !(maxMetadataMb > 0))
    throw new UserError('--max-metadata-mb: give a number of mebibytes', 2);
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
  const signIn = await credentials(argv.user, interactive);
  const showProgress = !argv.quiet && Boolean(process.stderr.isTTY) && !process.env['CI'];
  const progress = progressLine(showProgress);
  const say = (line: string): void => {
    if (argv.quiet) return;
    progress.done();
    process.stderr.write(`erpgen: ${line}\n`);
  };
  const out = relative(process.cwd(), config.snapshot) || '.';
  try {
    const { manifest } = await fetchSnapshot(
      {
        baseUrl,
        out: config.snapshot,
        signIn,
        services: argv.services ?? config.fetch?.services ?? [],
        tables: argv.tables ?? config.fetch?.tables ?? [],
        views: argv.views ?? config.fetch?.views ?? [],
        metadataTimeoutMs: argv.timeout * 1000,
        ...(maxMetadataMb !== undefined ? { maxMetadataBytes: Math.floor(maxMetadataMb * 1_048_576) } : {}),
        progress: progress.update,
        warn: say,
        notice: say,
        // retries and token calls: worth seeing while waiting at a terminal, noise in a CI log
        log: (line) => {
          if (showProgress) say(line);
        },
      },
      ERPGEN_VERSION,
    );
    progress.done();
    if (!argv.quiet) {
      const d = manifest.documents;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const skipped = manifest.services.skipped.length ? ` (${manifest.services.skipped.length} skipped)` : '';
      console.log(
        `erpgen: fetched ${manifest.baseUrl}${manifest.serverBuild ? ` (build ${manifest.serverBuild})` : ''} into ${out}: ${d.table.kept} tables, ${d.view.kept} views, ${manifest.services.fetched.length} services${skipped} (${seconds} s)`,
      );
    }
    return 0;
  } catch (error) {
    // the file system saying no (permissions, a full disk) is the user's to fix, not an erpgen bug
    const e = error as NodeJS.ErrnoException;
    if (!(error instanceof UserError) && typeof e.syscall === 'string' && typeof e.code === 'string')
      throw new UserError(`${e.path ?? out}: cannot ${e.syscall} (${e.code})`);
    throw error;
  } finally {
    progress.done();
  }
}
