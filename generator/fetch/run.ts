// One `erpgen fetch` from its options: the config file read, the server and the credentials found (the
// environment, else the caller's prompt), the report services of the snapshot kept, then fetchFromServer. The
// programmatic API's `fetchSnapshot` and the command (commands/fetch.ts) both run it.
import { relative } from 'node:path';
import { loadConfig } from '../config.js';
import { noticeDiagnostic, type Diagnostic, type Notice } from '../diagnostics.js';
import { UserError } from '../errors.js';
import type { Flags } from '../options/option-table.js';
import type { FETCH_OPTIONS } from '../options/options.js';
import { fromEnv } from '../options/secrets.js';
import { reportServicesIn } from '../source/snapshot.js';
import { ERPGEN_VERSION } from '../version.js';
import { fetchFromServer, type FetchProgress, type FetchResult, type SignIn } from './fetch-from-server.js';

/** What the caller of a fetch is asked and told, beside the options. */
export interface FetchHooks {
  /**
   * how to sign in; by default from the environment, as the command reads it: ERP_CONSUMER_KEY (with an optional
   * `user`), or `user` with ERP_PASSWORD
   */
  readonly signIn?: SignIn;
  /** asked when neither `signIn` nor the environment gives credentials (the command prompts at a terminal) */
  readonly askSignIn?: () => Promise<SignIn>;
  /** bytes of the schema documents and services done, as the download goes */
  readonly onProgress?: (progress: FetchProgress) => void;
  /** a skipped definition, an unknown build: one line each, never a secret, and the warning as data (its code) */
  readonly onWarning?: (line: string, warning: Diagnostic) => void;
  /** what the run decided on its own (an allow-list limiting the objects): its line, and the notice as data */
  readonly onNotice?: (line: string, notice: Diagnostic) => void;
  /** one line per retry and per token call */
  readonly onLog?: (line: string) => void;
}

export interface FetchReport extends FetchResult {
  /** the snapshot folder written, as messages name it (relative to the working folder) */
  readonly out: string;
}

/** The sign-in the environment gives: ERP_CONSUMER_KEY (and the user, if any), or the user with ERP_PASSWORD. */
function credentialsFromEnv(user: string | undefined): SignIn | undefined {
  const consumerKey = fromEnv('ERP_CONSUMER_KEY');
  if (consumerKey !== undefined) return { consumerKey, username: user };
  const password = fromEnv('ERP_PASSWORD');
  if (password === undefined) return undefined;
  if (user === undefined)
    throw new UserError('ERPGEN_NO_CREDENTIALS', 'ERP_PASSWORD is set: give the user name with --user', {
      exitCode: 2,
      where: { option: '--user' },
    });
  return { username: user, password };
}

export async function runFetch(flags: Flags<typeof FETCH_OPTIONS>, options: FetchHooks): Promise<FetchReport> {
  const config = loadConfig({
    ...(flags.config !== undefined ? { config: flags.config } : {}),
    ...(flags.out !== undefined ? { snapshot: flags.out } : {}),
  });
  const baseUrl = flags.baseUrl ?? config.fetch?.baseUrl;
  if (baseUrl === undefined)
    throw new UserError(
      'ERPGEN_FETCH_NO_SERVER',
      'no server: give --base-url, or set fetch.baseUrl in erpgen.config.json',
      {
        exitCode: 2,
        where: { option: '--base-url' },
      },
    );
  const maxMetadataMb = flags.maxMetadataMb ?? config.fetch?.maxMetadataMb;
  const signIn = options.signIn ?? credentialsFromEnv(flags.user) ?? (await options.askSignIn?.());
  if (signIn === undefined)
    throw new UserError(
      'ERPGEN_NO_CREDENTIALS',
      'no credentials: give --user and set ERP_PASSWORD, or set ERP_CONSUMER_KEY',
      { exitCode: 2 },
    );
  const out = relative(process.cwd(), config.snapshot) || '.';
  // the report services of the snapshot replaced and of the config's (--out may name another folder)
  const teams =
    flags.out === undefined ? config : loadConfig(flags.config !== undefined ? { config: flags.config } : {});
  const reportServices = [...new Set([...reportServicesIn(config.snapshot), ...reportServicesIn(teams.snapshot)])];
  const { onWarning, onNotice } = options;
  try {
    const result = await fetchFromServer(
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
        ...(onWarning ? { warn: (n: Notice) => onWarning(n.message, { ...n, level: 'warning' }) } : {}),
        ...(onNotice ? { notice: (n: Notice) => onNotice(n.message, noticeDiagnostic(n)) } : {}),
        ...(options.onLog ? { log: options.onLog } : {}),
      },
      ERPGEN_VERSION,
    );
    return { ...result, out };
  } catch (error) {
    // the file system saying no (permissions, a full disk) is the user's to fix, not an erpgen bug
    const e = error as NodeJS.ErrnoException;
    if (!(error instanceof UserError) && typeof e.syscall === 'string' && typeof e.code === 'string')
      throw new UserError('ERPGEN_FILE_SYSTEM', `${e.path ?? out}: cannot ${e.syscall} (${e.code})`, {
        where: { file: e.path ?? out },
      });
    throw error;
  }
}
