// `erpgen fetch`, a pipeline of its own beside generate's stages: downloads what the server publishes about itself
// into a snapshot folder that `erpgen generate` reads as it is, plus manifest.json (where, when, which build, what
// was fetched and what was skipped, and why).
//
// In three parts: the schema documents (schema-documents.ts), then the Transaction API's UI server, build, service
// list and definitions (transaction-services.ts); the connection is the generated package's runtime (connection.ts),
// and the folder is swapped in only when complete (snapshot-folder.ts).
//
// Nothing the server sends may exhaust memory or the disk: the schema documents and the definitions are streamed to
// disk up to a cap each (download.ts), the service list and the small answers are read up to a cap, and error bodies
// only as far as a snippet needs (the runtime's rule). No name from the server can abort the run.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { odataAllowList } from '../../templates/runtime/jwt.js';
import { shownUrl } from '../../templates/runtime/redact.js';
import type { Logger } from '../../templates/runtime/logger.js';
import type { RetryOptions, RetryPolicy } from '../../templates/runtime/retry.js';
import { DEFAULT_MAX_METADATA_BYTES } from '../defaults.js';
import { UserError } from '../errors.js';
import type { Surface } from '../model/schema.js';
import { asUserError, connect, type SignIn } from './connection.js';
import { MANIFEST_FILE, type Manifest } from '../source/layout.js';
import { fetchDocuments } from './schema-documents.js';
import { staged } from './snapshot-folder.js';
import { fetchServices } from './transaction-services.js';
import { notice, type Notice } from '../diagnostics.js';

export type { SignIn } from './connection.js';

export interface FetchProgress {
  /** bytes of the schema documents downloaded so far */
  readonly bytes: number;
  readonly servicesDone: number;
  /** undefined until the list is known */
  readonly servicesTotal: number | undefined;
}

export interface FetchOptions {
  readonly baseUrl: string;
  /** the snapshot folder (absolute) */
  readonly out: string;
  readonly signIn: SignIn;
  /** globs (or exact names) over service names; default every listed service */
  readonly services: readonly string[];
  /** the report services the team's snapshot holds: the list hides them, so they are fetched by name */
  readonly reportServices?: readonly string[];
  readonly tables: readonly string[];
  readonly views: readonly string[];
  /** per schema document, in milliseconds */
  readonly metadataTimeoutMs: number;
  /** the most bytes of one schema document (default 512 MiB; a stock tenant's are about 4 and 6 MB) */
  readonly maxMetadataBytes?: number;
  /** per other request (default 60 s) */
  readonly requestTimeoutMs?: number;
  /** parallel definition downloads (default 4) */
  readonly concurrency?: number;
  readonly progress?: (p: FetchProgress) => void;
  /** warnings (a skipped definition, a missing build): one line each, never a secret */
  readonly warn?: (warning: Notice) => void;
  /** what the run decided on its own (an allow-list limiting the objects) */
  readonly notice?: (notice: Notice) => void;
  /** the runtime's log: one line per retry and per token call */
  readonly log?: Logger;
  readonly retry?: RetryPolicy | RetryOptions;
}

export interface FetchResult {
  readonly manifest: Manifest;
  readonly tokenCalls: number;
}

/** How a base URL the user gave is refused: a flag's error (exit 2). */
const BASE_URL = { exitCode: 2, where: { option: '--base-url' } } as const;

/** A base URL as the server's families want it: http(s), no credentials, no query, no trailing slash. */
function normalizeBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UserError(
      'ERPGEN_FETCH_BASE_URL',
      '--base-url: not a URL (expected e.g. https://erp.example.com)',
      BASE_URL,
    );
  }
  const shown = shownUrl(`${url.origin}${url.pathname}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UserError('ERPGEN_FETCH_BASE_URL', `--base-url ${shown}: expected an http or https URL`, BASE_URL);
  if (url.username !== '' || url.password !== '')
    throw new UserError(
      'ERPGEN_FETCH_BASE_URL',
      `--base-url ${shown}: put no credentials in the URL; use --user with ERP_PASSWORD, or ERP_CONSUMER_KEY`,
      BASE_URL,
    );
  if (url.search !== '' || url.hash !== '')
    throw new UserError(
      'ERPGEN_FETCH_BASE_URL',
      `--base-url ${shown}: give the server's base address without a query`,
      BASE_URL,
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The fetch itself, from options already read (the programmatic API's `fetchSnapshot` reads them: commands/fetch.ts). */
export async function fetchFromServer(options: FetchOptions, version: string): Promise<FetchResult> {
  const base = normalizeBaseUrl(options.baseUrl);
  const connection = connect(base, options.signIn, {
    documentTimeoutMs: options.metadataTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
    ...(options.log !== undefined ? { log: options.log } : {}),
  });
  const warn = options.warn ?? (() => {});
  const progress = { bytes: 0, servicesDone: 0, servicesTotal: undefined as number | undefined };
  const report = (): void => options.progress?.({ ...progress });
  let staging: string | undefined;
  try {
    const manifest = await staged(options.out, async (dir): Promise<Manifest> => {
      staging = dir;
      const token = await connection.auth.token();
      const allowList = options.signIn.consumerKey !== undefined ? odataAllowList(token) : undefined;
      if (allowList)
        options.notice?.(
          notice(
            'ERPGEN_FETCH_ALLOW_LIST',
            `the consumer key's OData allow-list names ${allowList.size} object(s): fetching only those (--tables / --views narrow further)`,
          ),
        );
      const { documents, leftOut } = await fetchDocuments({
        http: connection.documents,
        base,
        dir,
        cap: options.maxMetadataBytes ?? DEFAULT_MAX_METADATA_BYTES,
        tables: options.tables,
        views: options.views,
        allowList,
        onBytes: (n) => {
          progress.bytes += n;
          report();
        },
      });
      const services = await fetchServices({
        http: connection.http,
        base,
        dir,
        services: options.services,
        ...(options.reportServices ? { known: options.reportServices } : {}),
        concurrency: options.concurrency ?? 4,
        warn,
        onTotal: (n) => {
          progress.servicesTotal = n;
          report();
        },
        onServiceDone: () => {
          progress.servicesDone++;
          report();
        },
      });
      const manifest: Manifest = {
        baseUrl: base,
        uiServer: services.uiServer,
        serverBuild: services.build,
        fetchedAt: new Date().toISOString(),
        signedInWith: options.signIn.consumerKey !== undefined ? 'consumer key' : 'user credentials',
        erpgen: version,
        documents,
        selection: {
          tables: options.tables.length ? options.tables : ['*'],
          views: options.views.length ? options.views : ['*'],
          services: options.services.length ? options.services : ['*'],
          odataAllowList: allowList ? [...allowList] : null,
        },
        services: services.services,
        objectsLeftOut: leftOut,
      };
      writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
      return manifest;
    });
    return { manifest, tokenCalls: connection.auth.tokenCalls };
  } catch (error) {
    // the temporary folder is gone: an error names the snapshot folder the user gave
    if (staging !== undefined) inSnapshot(error, staging, options.out);
    throw asUserError(error);
  }
}

/** Rewrites an error's mention of the temporary folder (a file system error's path) as the snapshot folder. */
function inSnapshot(error: unknown, staging: string, out: string): void {
  if (!(error instanceof Error)) return;
  const e = error as NodeJS.ErrnoException;
  if (typeof e.path === 'string') e.path = e.path.split(staging).join(out);
  error.message = error.message.split(staging).join(out);
}
