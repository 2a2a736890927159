// The client: one context (the HTTP layer with its token and retry policy, the UI server found through the router,
// the snapshot's settings) and the families built on it (families.ts): the query surface's paging and the
// Transaction API as the client's own members, each other family as a namespace. A family other than paging loads
// its code on its first call.
import type { UserDefinedFieldKinds } from './contract.js';
import { FAMILIES, OWN_MEMBERS, type Families } from './families.js';
import type { Family, FamilyContext } from './family.js';
import { createObserver, type ClientHooks, type RequestFamily } from './hooks.js';
import { createHttp, type AuthProvider, type FetchLike, type Http } from './http.js';
import { toRetryPolicy, type Logger, type RetryOptions, type RetryPolicy } from './retry.js';
import type { TracerLike } from './tracing.js';
import { router, trimSlash } from './router.js';

export type { AbortSignalLike, AuthAttachment, AuthProvider, FetchLike } from './http.js';
export type { ClientHooks, PageEvent, RequestEvent, RequestFamily, ResponseEvent, RetryEvent } from './hooks.js';
export type { AttributeValue, SpanLike, TraceContextLike, TracerLike } from './tracing.js';
export type { Page, RowsOptions } from './query/index.js';
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
   * followed and per hook that threw (never a secret)
   */
  readonly log?: Logger;
  /**
   * an OpenTelemetry Tracer (`trace.getTracer('my-app')` of `@opentelemetry/api`, which the package does not
   * need otherwise): a span per request, a paging run (`rows()`) or a transaction's polling their parent
   */
  readonly tracer?: TracerLike;
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
  const context = (family: RequestFamily): FamilyContext => ({
    baseUrl,
    uiServer,
    http: forFamily(shared, family),
    retry,
    token: shared.token,
    userDefinedFields: settings.userDefinedFields ?? {},
    observer,
    ...(options.log ? { log: options.log } : {}),
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
