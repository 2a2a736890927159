// The client: one context (the HTTP layer with its token and retry policy, the UI server found through the router,
// the snapshot's settings) and the families built on it (families.ts): the query surface's paging and the
// Transaction API as the client's own members, each other family as a namespace. A family other than paging loads
// its code on its first call.
import { checkAuth, checkTruncate } from './option-checks.js';
import type { UserDefinedFieldKinds } from './contract.js';
import { FAMILIES, OWN_MEMBERS, type Families } from './families.js';
import type { FamilyContext } from './family.js';
import { createHttp, type AuthProvider, type FetchLike, type Http } from './http.js';
import { toRetryPolicy, type Logger, type RetryOptions, type RetryPolicy } from './retry.js';
import { router, trimSlash } from './router.js';
import type { TruncateMode } from './transaction-wire.js';

export type { AbortSignalLike, AuthProvider, FetchLike } from './http.js';
export type { Page, RowsOptions } from './query/index.js';
export type { AsyncOptions, TransactionOptions } from './transactions/index.js';

export interface ClientOptions {
  /** the server's base address, e.g. `https://erp.example.com` (the data query surface lives there) */
  readonly baseUrl: string;
  /** a bearer token, or an AuthProvider you write: `token()` gives one, `invalidate()` (optional) drops a refused one */
  readonly auth: string | AuthProvider;
  /** the UI server (Transaction API); found through the router when not given */
  readonly uiServerUrl?: string;
  /** per request, in milliseconds (default 300,000: the schema documents are large and slow) */
  readonly timeoutMs?: number;
  /** for tests and proxies; defaults to the global fetch */
  readonly fetch?: FetchLike;
  /** the retry policy (retry.ts), or options for the default one: delays, attempts, a fixed random for tests */
  readonly retry?: RetryPolicy | RetryOptions;
  /** receives one line per retry, per token renewal, per redirect followed and per value cut (never a secret) */
  readonly log?: Logger;
  /**
   * Free text longer than its column in a transaction (the builder cuts it): `'cut'` (the default) sends it cut,
   * logs one line per field and returns the cuts in the answer's `warnings`; `'error'` refuses the request before
   * sending it (ErpTruncationError naming the field and both lengths). A request's own option overrides it.
   */
  readonly truncate?: TruncateMode;
  /**
   * The most bytes of one answer the client reads (default 256 MiB): a server that answers without end is refused
   * with an ErpResponseTooLargeError instead of filling memory. Error bodies are read only as far as a message needs.
   */
  readonly maxResponseBytes?: number;
}

/**
 * The client: the query surface (`page`, `rows`: query/) and the Transaction API (`transaction`, ...:
 * transactions/) here, and one namespace per other family (families.ts).
 */
export interface ErpClient extends Families {
  /** The UI server address (from the router, once). */
  uiServer(): Promise<string>;
}

/** What the generated package knows beyond its modules, given to every client it creates. */
export interface PackageSettings {
  /** the kinds of the user-defined fields of each table whose extension table (`<table>_ud`) the snapshot has */
  readonly userDefinedFields?: UserDefinedFieldKinds;
}

/** `createClient` for a generated package: the package's `client` entry makes it with the snapshot's settings. */
export function createClientWith(settings: PackageSettings): (options: ClientOptions) => ErpClient {
  return (options) => createClient(options, settings);
}

export function createClient(options: ClientOptions, settings: PackageSettings = {}): ErpClient {
  checkAuth(options.auth);
  checkTruncate(options.truncate, 'createClient');
  const baseUrl = trimSlash(options.baseUrl);
  const retry = toRetryPolicy(options.retry, options.log);
  const http: Http = createHttp({ ...options, retry });
  const uiServer = router(baseUrl, http, options.uiServerUrl);
  const context: FamilyContext = {
    baseUrl,
    uiServer,
    http,
    retry,
    token: http.token,
    userDefinedFields: settings.userDefinedFields ?? {},
    ...(options.log ? { log: options.log } : {}),
    ...(options.truncate ? { truncate: options.truncate } : {}),
  };
  const own = new Set<string>(OWN_MEMBERS);
  const client: Record<string, unknown> = {};
  for (const name of OWN_MEMBERS) Object.assign(client, FAMILIES[name](context));
  client['uiServer'] = uiServer;
  for (const [name, family] of Object.entries(FAMILIES) as Array<[string, (c: FamilyContext) => object]>)
    if (!own.has(name)) client[name] = family(context);
  return client as unknown as ErpClient;
}
