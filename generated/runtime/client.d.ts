import { type AbortSignalLike, type AuthProvider, type FetchLike } from './http.js';
import { type RunnableQuery } from './query.js';
import { type Logger, type RetryOptions, type RetryPolicy } from './retry.js';
import {
  type TransactionGetRequest,
  type TransactionRequest,
  type TransactionResponse,
  type TransactionSet,
} from './transaction-wire.js';
import type { UserDefinedFieldKinds } from './entity/fields.js';
import { type Families } from './families.js';
import type { ServiceDescriptor } from './transaction.js';
export type { AbortSignalLike, AuthProvider, FetchLike } from './http.js';
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
  /** receives one line per retry, per token renewal and per redirect followed (never a secret) */
  readonly log?: Logger;
  /**
   * The most bytes of one answer the client reads (default 256 MiB): a server that answers without end is refused
   * with an ErpResponseTooLargeError instead of filling memory. Error bodies are read only as far as a message needs.
   */
  readonly maxResponseBytes?: number;
}
export interface RowsOptions {
  /** stops the request in flight (and a paging run): ErpCancelledError, saying how many rows were delivered */
  readonly signal?: AbortSignalLike;
}
export interface Page<R> {
  readonly rows: R[];
  /** `@odata.count`, when the query asked for it */
  readonly count?: number;
}
export interface TransactionOptions {
  /** return the answer even when transactions failed, to branch on each `Results.Transactions[].Status` */
  readonly allowFailures?: boolean;
}
export interface AsyncOptions extends TransactionOptions {
  /** first wait between polls (default 500 ms); doubles up to `maxIntervalMs` (default 5 s) */
  readonly intervalMs?: number;
  readonly maxIntervalMs?: number;
  /** give up after this long (default 10 minutes) */
  readonly deadlineMs?: number;
}
/** The client: the query surface and the Transaction API here, and one namespace per family (families.ts). */
export interface ErpClient extends Families {
  /** One request: the rows of the query's page, and `@odata.count` if asked. */
  page<R>(query: RunnableQuery<R>, options?: RowsOptions): Promise<Page<R>>;
  /**
   * Every row the query matches, requested page by page ($top rows, $skip advancing) until a short page.
   * Without an `orderBy`, the object's key columns order the pages so that no row is skipped or repeated.
   * A server that answers more rows than `$top` or the same page again is an ErpPagingError; an error or a
   * cancel (`options.signal`) says, in `rowsDelivered` and the message, how many rows were delivered.
   */
  rows<R>(query: RunnableQuery<R>, options?: RowsOptions): AsyncIterable<R>;
  /**
   * POST /api/v2/transaction. Fails (ErpTransactionFailedError, with the server's messages) unless every
   * transaction passed. Never resent, except after the unexpected response window when nothing was applied.
   */
  transaction(request: TransactionRequest, options?: TransactionOptions): Promise<TransactionResponse>;
  /** POST /api/v2/transaction/async, then polls with backoff until done or the deadline; same outcome as transaction(). */
  transactionAsync(request: TransactionRequest, options?: AsyncOptions): Promise<TransactionResponse>;
  /** POST /api/v2/transaction/get: reads rows back (a write with IgnoreDisabled can succeed and write nothing). */
  transactionGet(request: TransactionGetRequest): Promise<TransactionSet>;
  /**
   * POST /api/v2/commands: the same transactions played as window steps (open, change data, save, close), for
   * services that fail on /transaction (an empty HTTP 500 there for a service of this package says so). Built from
   * the service's request: `client.commands(Order, Order.request([...], {...}))`. Never resent. Resolves to the
   * service's answer as sent (the documents do not give its shape).
   */
  commands(
    service: {
      readonly descriptor: ServiceDescriptor;
    },
    request: TransactionRequest,
  ): Promise<unknown>;
  /** POST /api/v2/process/pdfreport for a report service (`m_*`): the report's bytes. */
  report(request: TransactionRequest): Promise<Uint8Array>;
  /** The UI server address (from the router, once). */
  uiServer(): Promise<string>;
}
/** What the generated package knows beyond its modules, given to every client it creates. */
export interface PackageSettings {
  /** the kinds of the user-defined fields of each table whose extension table (`<table>_ud`) the snapshot has */
  readonly userDefinedFields?: UserDefinedFieldKinds;
}
/** `createClient` for a generated package: the package's `client` entry makes it with the snapshot's settings. */
export declare function createClientWith(settings: PackageSettings): (options: ClientOptions) => ErpClient;
export declare function createClient(options: ClientOptions, settings?: PackageSettings): ErpClient;
