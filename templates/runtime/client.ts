// The client: one context (the HTTP layer with its token and retry policy, the UI server found through the router,
// the snapshot's settings) and the families built on it (families.ts): the query surface's paging and the
// Transaction API as the client's own members, each other family as a namespace. A family other than paging loads
// its code on its first call.
import { checkAuth, checkBaseUrl, checkTruncate, checkVerify, checkWord } from './option-checks.js';
import type { UserDefinedFieldKinds } from './contract.js';
import { guardDrift, type DriftMode, type Provenance } from './drift.js';
import { FAMILIES, OWN_MEMBERS, type Families } from './families.js';
import type { Family, FamilyContext } from './family.js';
import { createObserver, type ClientHooks, type RequestFamily } from './hooks.js';
import { createHttp } from './http/create-http.js';
import type { AuthProvider, FetchLike, Http } from './http/types.js';
import type { Logger } from './logger.js';
import { toRetryPolicy, type RetryOptions, type RetryPolicy } from './retry.js';
import { validateMode, type ValidateMode } from './query/validate-mode.js';
import type { TracerLike } from './tracing.js';
import { router, trimSlash } from './router.js';
import type { TruncateMode } from './transaction-wire.js';
import type { VerifyMode } from './write-check.js';

export type { DriftMode, Provenance } from './drift.js';
export type { AbortSignalLike, AuthAttachment, AuthProvider, FetchLike } from './http/types.js';
export type { ClientHooks, PageEvent, RequestEvent, RequestFamily, ResponseEvent, RetryEvent } from './hooks.js';
export type { AttributeValue, SpanLike, TraceContextLike, TracerLike } from './tracing.js';
export type { ValidateMode } from './query/validate-mode.js';
export type { VerifyMode } from './write-check.js';
export type { ChangesOptions, ChangesQuery, Page, PagingOptions, RowsOptions, Sync } from './query/index.js';
export type { AsyncOptions, TransactionOptions } from './transactions/index.js';

export interface ClientOptions extends ClientHooks {
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
  /**
   * receives one line per retry, per sign-in and token renewal (of a tokenAuth given as `auth`), per redirect
   * followed, per value cut and per hook that threw (never a secret)
   */
  readonly log?: Logger;
  /**
   * an OpenTelemetry Tracer (`trace.getTracer('my-app')` of `@opentelemetry/api`, which the package does not
   * need otherwise): a span per request, a paging run (`rows()`) or a transaction's polling their parent
   */
  readonly tracer?: TracerLike;
  /**
   * Free text longer than its column in a transaction (the builder cuts it): `'cut'` (the default) sends it cut,
   * logs one line per field and returns the cuts in the answer's `warnings`; `'error'` refuses the request before
   * sending it (ErpTruncationError naming the field and both lengths). A request's own option overrides it.
   */
  readonly truncate?: TruncateMode;
  /**
   * Verified writes, the default of every call that writes (a call's own `verify` overrides it): `true` reads each
   * write back and compares every field sent with what is stored (a transaction through `/api/v2/transaction/get`,
   * an entity through a GET, a window by its data, an item as appendOrUpdate always does), a field not stored being
   * an ErpWriteNotAppliedError and one stored in another form (rounded, another case) a line in `log`; `'strict'`
   * makes those errors too; `false` reads nothing back. Without it: transactions sent with `ignoreDisabled` are
   * verified (the documents: such a write may succeed and write nothing), other writes are not.
   */
  readonly verify?: VerifyMode;
  /**
   * The most bytes of one answer the client reads (default 256 MiB): a server that answers without end is refused
   * with an ErpResponseTooLargeError instead of filling memory. Error bodies are read only as far as a message needs.
   */
  readonly maxResponseBytes?: number;
  /**
   * The drift guard (default `warn`): on the first request the client reads the server's build once (serverinfo on
   * the UI server) and compares it with the build the package was generated from (`provenance.build`). `warn` says
   * a difference once through `log` (or the console's warnings) and never delays a call; `error` refuses every call
   * with an ErpDriftError naming both builds (a read runs meanwhile, a write waits for the build); `off` makes no
   * request. A package whose snapshot records no build, and a build that cannot be read (a key without the UI
   * scope), are not checked; the latter is said once through `log`, when one is given.
   */
  readonly drift?: DriftMode;
  /**
   * Checks every row `page()` and `rows()` return against its object's columns as the snapshot describes them:
   * `error` throws an ErpRowValidationError at the first row that does not fit, `warn` says each problem once per
   * object and column through `log`. Off unless given; a call's `validate` option overrides it.
   */
  readonly validate?: ValidateMode;
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
  /** where the snapshot came from: its build is what the drift guard compares the server's with */
  readonly provenance?: Provenance;
}

/** `createClient` for a generated package: the package's `client` entry makes it with the snapshot's settings. */
export function createClientWith(settings: PackageSettings): (options: ClientOptions) => ErpClient {
  return (options) => createClient(options, settings);
}

export function createClient(options: ClientOptions, settings: PackageSettings = {}): ErpClient {
  checkBaseUrl('createClient', options.baseUrl);
  checkAuth(options.auth);
  checkTruncate(options.truncate, 'createClient');
  const verify = checkVerify(options.verify, 'createClient');
  const baseUrl = trimSlash(options.baseUrl);
  const retry = toRetryPolicy(options.retry, options.log);
  // the hooks see paths redacted with every secret the client knows, its provider's included
  let http: Http | undefined;
  const observer = createObserver(options, (text) => http!.redact(text));
  const auth =
    typeof options.auth === 'object' && options.auth !== null && typeof options.auth.attach === 'function'
      ? options.auth.attach({
          baseUrl,
          retry,
          observer,
          ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
          ...(options.log !== undefined ? { log: options.log } : {}),
        })
      : options.auth;
  const shared = (http = createHttp({ ...options, auth, retry, observer }));
  const uiServer = router(baseUrl, forFamily(shared, 'router'), options.uiServerUrl);
  const drift = checkWord('createClient', 'drift', options.drift, ['warn', 'error', 'off']) ?? 'warn';
  // serverinfo, read once for the guard, is the Transaction API's (as client.serverBuild() reads it)
  const guarded = guardDrift({
    mode: drift,
    provenance: settings.provenance,
    http: forFamily(shared, 'transactions'),
    uiServer,
    log: options.log,
  });
  const validate = validateMode(options.validate, 'createClient');
  const context = (family: RequestFamily): FamilyContext => ({
    baseUrl,
    uiServer,
    http: forFamily(guarded, family),
    retry,
    token: shared.token,
    userDefinedFields: settings.userDefinedFields ?? {},
    observer,
    validate,
    ...(options.log ? { log: options.log } : {}),
    ...(options.truncate ? { truncate: options.truncate } : {}),
    ...(verify !== undefined ? { verify } : {}),
  });
  const own = new Set<string>(OWN_MEMBERS);
  const client: Record<string, unknown> = {};
  for (const name of OWN_MEMBERS) Object.assign(client, FAMILIES[name](context(name)));
  client['uiServer'] = uiServer;
  for (const [name, family] of Object.entries(FAMILIES) as Array<[keyof typeof FAMILIES, Family<object>]>)
    if (!own.has(name)) client[name] = family(context(name));
  return client as unknown as ErpClient;
}

/** The HTTP layer as a family uses it: each of its exchanges says who asks, for the hooks and spans. */
function forFamily(http: Http, family: RequestFamily): Http {
  return {
    ...http,
    json: (exchange) => http.json({ family, ...exchange }),
    bytes: (exchange) => http.bytes({ family, ...exchange }),
    stream: (exchange, open) => http.stream({ family, ...exchange }, open),
  };
}
