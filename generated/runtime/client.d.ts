import { type AbortSignalLike, type AuthProvider, type FetchLike } from './http.js';
import { type RunnableQuery } from './query.js';
import { type Logger, type RetryOptions, type RetryPolicy } from './retry.js';
import {
  type TransactionGetRequest,
  type TransactionRequest,
  type TransactionResponse,
  type TransactionSet,
} from './transaction-wire.js';
import type { UserDefinedFieldKinds } from './contract.js';
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
  /**
   * POST /api/v2/transaction/async (answered 202 `{RequestId, Status: "Active"}`, or on some builds 200 with
   * `Status` 3), then polls `?id=` with backoff until `Complete` (2) or `Failed`, or the deadline; the same outcome
   * as transaction(). A `Failed` request is an ErpTransactionFailedError carrying the server's text. A `Complete`
   * request whose `Messages` is not the JSON envelope (captures show it may hold only text) is not an error: the
   * answer then has `Results: null`, the text in `Messages` and every transaction counted in `Summary.Other`
   * (their outcome unknown): read the records back with transactionGet() to know what was written.
   */
  transactionAsync(request: TransactionRequest, options?: AsyncOptions): Promise<TransactionResponse>;
  /** POST /api/v2/transaction/get: reads rows back (a write with IgnoreDisabled can succeed and write nothing). */
  transactionGet(request: TransactionGetRequest): Promise<TransactionSet>;
  /**
   * POST /api/v2/commands: the same transactions played as window steps (open, change data, save, close), for
   * services that fail on /transaction (COMMANDS_SERVICES names those public documentation lists; an empty HTTP 500
   * from /transaction says so). Built from the service's request: `client.commands(Order, Order.request([...],
   * {...}))`. Never resent. Unverified: no request or answer body was ever published, so the body is the one public
   * client code sends, and the answer is resolved as sent.
   */
  commands(
    service: {
      readonly descriptor: ServiceDescriptor;
    },
    request: TransactionRequest,
  ): Promise<unknown>;
  /** POST /api/v2/process/pdfreport for a report service (`m_*`): the report's bytes. */
  report(request: TransactionRequest): Promise<Uint8Array>;
  /**
   * GET /api/v2/services: the names of the transaction services the server lists (report services are hidden). Its
   * JSON form was never published; a list of names, of `{Name}` objects, `{value: [...]}` and `{Services: [...]}`
   * are all read.
   */
  services(): Promise<string[]>;
  /**
   * The server's build from GET {ui_server}/ui/common/v1/serverinfo: `Version` -> `Application Version` (the
   * sections a capture shows) or the flat keys the documents name; undefined when it holds neither.
   */
  serverBuild(): Promise<string | undefined>;
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
