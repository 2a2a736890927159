// The client: the data query surface on the base host, the Transaction API on the UI server. It encodes the
// service's rules once: client-driven paging with $top/$skip until a short page (no server paging, no
// nextLink) in a stable order; the UI server found through the router, with the trailing slash (without it
// the router answers 307 and some clients drop the token); a transaction that did not pass is an error,
// never a silent success; report services go to the PDF report endpoint.
//
// It also guards against a server that does not keep those rules: a page longer than `$top`, or the same
// page again for a later `$skip`, would make paging run forever, so each is an ErpPagingError; rows that are
// not objects, and a 200 carrying an OData error object, are ErpUnexpectedResponseErrors.
import {
  ErpCancelledError,
  ErpError,
  ErpPagingError,
  ErpResponseWindowError,
  ErpServerError,
  ErpTimeoutError,
  ErpUnexpectedResponseError,
} from './errors.js';
import {
  createHttp,
  odataMessage,
  utf8Text,
  type AbortSignalLike,
  type AuthProvider,
  type FetchLike,
  type Exchange,
  type Http,
} from './http.js';
import { isReportService } from './contract.js';
import { objectPath, queryString, type QueryOptions, type RunnableQuery } from './query.js';
import { isResponseWindow, toRetryPolicy, type Logger, type RetryOptions, type RetryPolicy } from './retry.js';
import {
  assertPassed,
  parseTransactionResponse,
  type TransactionGetRequest,
  type TransactionRequest,
  type TransactionResponse,
  type TransactionSet,
} from './transaction-wire.js';
import { commandsRequest, COMMANDS_SERVICES } from './commands.js';
import { serverBuildOf, serviceNames } from './discovery.js';
import type { UserDefinedFieldKinds } from './contract.js';
import { FAMILIES, type Families } from './families.js';
import type { FamilyContext } from './family.js';
import type { ServiceDescriptor } from './transaction.js';
import { xmlField } from './xml.js';

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
  commands(service: { readonly descriptor: ServiceDescriptor }, request: TransactionRequest): Promise<unknown>;
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

const trimSlash = (url: string) => url.replace(/\/+$/, '');

// through globalThis: the package compiles without DOM or Node type definitions
const { setTimeout: schedule } = globalThis as unknown as { setTimeout(run: () => void, ms: number): unknown };
const sleep = (ms: number) => new Promise<void>((resolve) => void schedule(resolve, ms));

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/** A page's rows as text, to tell a repeated page; undefined when they cannot be serialised (then not compared). */
function fingerprint(rows: readonly unknown[]): string | undefined {
  try {
    return JSON.stringify(rows);
  } catch {
    return undefined;
  }
}

/** Says on the error how many rows a paging run delivered before it stopped. */
function withDelivered(error: unknown, delivered: number): unknown {
  if (error instanceof ErpError) {
    (error as { rowsDelivered: number }).rowsDelivered = delivered;
    error.message = `${error.message}; ${delivered} row${delivered === 1 ? '' : 's'} had been delivered`;
  }
  return error;
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
  const base = trimSlash(options.baseUrl);
  const policy = toRetryPolicy(options.retry, options.log);
  const http: Http = createHttp({ ...options, retry: policy });
  /** an answer of the right status but the wrong shape: what was asked, and a redacted preview of what came */
  const unexpected = (summary: string, request: string, object?: string) =>
    new ErpUnexpectedResponseError(summary, {
      request: http.redact(request),
      status: 200,
      ...(object !== undefined ? { object } : {}),
    });
  function asObject(value: unknown, what: string, request: string, object?: string): Record<string, unknown> {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw unexpected(`${object ?? 'router'}: ${what} is not a JSON object: ${http.show(value)}`, request, object);
    return value as Record<string, unknown>;
  }
  let uiServer: Promise<string> | undefined = options.uiServerUrl
    ? Promise.resolve(trimSlash(options.uiServerUrl))
    : undefined;

  async function fetchPage<R>(
    query: RunnableQuery<R>,
    queryOptions: QueryOptions,
    signal?: AbortSignalLike,
  ): Promise<Page<R>> {
    const object = `${query.object.surface}/${query.object.name}`;
    const shown = `${objectPath(query.object)}?${queryString(queryOptions)}`;
    const body = await http.json({
      method: 'GET',
      url: `${base}${shown}`,
      shown,
      object,
      odataObject: query.object.name,
      ...(signal !== undefined ? { signal } : {}),
    });
    const info = (serverMessage?: string) => ({
      object,
      request: http.redact(`GET ${shown}`),
      status: 200,
      ...(serverMessage !== undefined ? { serverMessage: http.redact(serverMessage) } : {}),
    });
    const serverError = odataMessage(body);
    if (serverError !== undefined)
      throw new ErpUnexpectedResponseError(
        'the server answered HTTP 200 with an OData error object',
        info(serverError),
      );
    const value = (body as { value?: unknown } | null)?.value;
    if (!Array.isArray(value))
      throw new ErpUnexpectedResponseError('the server answered JSON without a `value` array', info());
    value.forEach((row: unknown, i) => {
      if (row === null || typeof row !== 'object' || Array.isArray(row))
        throw new ErpUnexpectedResponseError(`row ${i + 1} of the page is ${kindOf(row)}, not an object`, info());
    });
    if (value.length > queryOptions.top)
      throw new ErpPagingError(
        `the server answered ${value.length} rows where $top asked for at most ${queryOptions.top}: it does not honour $top, so the last page cannot be told`,
        info(),
      );
    const count = (body as Record<string, unknown>)['@odata.count'];
    return { rows: value as R[], ...(typeof count === 'number' ? { count } : {}) };
  }

  function findUiServer(): Promise<string> {
    uiServer ??= (async () => {
      // with the trailing slash: without it the router answers 307, and some clients drop Authorization on the way
      const shown = '/api/ui/router/v1/?urlType=external';
      // JSON `{Url}`, or on some middleware XML `<Url>`
      const text = utf8Text(await http.bytes({ method: 'GET', url: `${base}${shown}`, shown, kind: 'read' }));
      let url: unknown;
      try {
        url = (JSON.parse(text) as { Url?: unknown } | null)?.Url;
      } catch {
        url = xmlField(text, 'Url');
      }
      if (typeof url !== 'string' || url === '')
        throw unexpected(`router: the answer has no Url: ${http.show(text)}`, `GET ${shown}`);
      return trimSlash(url);
    })().catch((error: unknown) => {
      uiServer = undefined;
      throw error;
    });
    return uiServer;
  }

  async function post(
    path: string,
    body: unknown,
    service: string,
    kind: 'read' | 'write',
    explain?: Exchange['explain'],
  ): Promise<unknown> {
    return http.json({
      method: 'POST',
      url: `${await findUiServer()}${path}`,
      shown: path,
      object: service,
      body,
      kind,
      ...(explain !== undefined ? { explain } : {}),
    });
  }

  /**
   * How a service that cannot run through /transaction answers: an empty HTTP 500 (which an unknown service gets
   * too). For the services public documentation names as needing the commands endpoint, the message says so first;
   * for the others it stays a hint.
   */
  const needsCommands =
    (service: string): Exchange['explain'] =>
    (status, _body, text, info) =>
      status === 500 && text.trim() === ''
        ? new ErpServerError(
            COMMANDS_SERVICES.has(service)
              ? `${service}: an empty HTTP 500 from /api/v2/transaction: ${service} is one of the services known to need POST /api/v2/commands: use client.commands(${service}, request) (the commands body is unverified: none was ever published)`
              : `${service}: an empty HTTP 500 from /api/v2/transaction: the service is unknown, or it cannot run through /transaction; some services need POST /api/v2/commands instead: client.commands(${service}, request)`,
            info(status),
          )
        : undefined;

  /**
   * POST /api/v2/transaction, once. The unexpected response window is thrown as ErpResponseWindowError (which
   * the policy retries) only when nothing was applied: a 200 where no transaction succeeded, or a 500 for a
   * request of one transaction (a transaction is atomic; transactions in one POST are independent).
   */
  async function transactionOnce(
    request: TransactionRequest,
    answered: (response: TransactionResponse) => void,
  ): Promise<TransactionResponse> {
    const windowSummary = `${request.Name}: the transaction met the unexpected response window (a dialog left open in a pooled session by an earlier request) and nothing was applied; if it persists, split the transaction or use client.transactionAsync()`;
    let body: unknown;
    try {
      body = await post('/api/v2/transaction', request, request.Name, 'write', needsCommands(request.Name));
    } catch (error) {
      if (
        error instanceof ErpServerError &&
        request.Transactions.length === 1 &&
        isResponseWindow(error.serverMessage ?? '')
      )
        throw new ErpResponseWindowError(windowSummary, {
          request: error.request,
          status: error.status,
          object: request.Name,
          ...(error.serverMessage !== undefined ? { serverMessage: error.serverMessage } : {}),
        });
      throw error;
    }
    const response = parseTransactionResponse(body, request.Name, http.show);
    answered(response);
    if (response.Messages.some(isResponseWindow) && response.Summary.Succeeded === 0 && response.Summary.Failed > 0)
      throw new ErpResponseWindowError(windowSummary, {
        request: 'POST /api/v2/transaction',
        status: 200,
        object: request.Name,
        // every message: another transaction of the request may have failed for a reason of its own
        serverMessage: http.redact(response.Messages.join(' | ')),
      });
    return response;
  }

  function checkNotReport(request: TransactionRequest): void {
    if (isReportService(request.Name)) {
      throw new ErpError(
        `${request.Name} is a report service: /transaction answers Succeeded and produces nothing; use client.report()`,
      );
    }
  }

  /**
   * Where an async request stands: undefined while it runs (`Active`, or Status 3), its answer once it is done.
   * `Complete` (or 2) carries the synchronous envelope as a JSON string in `Messages`; when that text is not the
   * envelope, the answer is `unconfirmed`: every transaction counted in `Summary.Other`, the text in `Messages`.
   * `Failed` carries the error text (or an envelope); it is an answer whose transactions all failed.
   */
  function asyncOutcome(
    status: Record<string, unknown>,
    request: TransactionRequest,
    id: string,
    path: string,
  ): { readonly response: TransactionResponse; readonly unconfirmed: boolean } | undefined {
    const state = status['Status'];
    if (state === 'Active' || state === 3) return undefined;
    if (state !== 'Complete' && state !== 2 && state !== 'Failed')
      throw unexpected(
        `${request.Name}: async request ${id} has a Status this client does not know: ${http.show(state)}`,
        `GET ${path}`,
        request.Name,
      );
    const messages = status['Messages'];
    let envelope: unknown = messages;
    if (typeof messages === 'string')
      try {
        envelope = JSON.parse(messages);
      } catch {
        envelope = undefined;
      }
    const count = request.Transactions.length;
    const text = typeof messages === 'string' ? [messages] : [];
    if (envelope !== null && typeof envelope === 'object' && !Array.isArray(envelope))
      return { response: parseTransactionResponse(envelope, request.Name, http.show), unconfirmed: false };
    if (state === 'Failed')
      return {
        response: { Messages: text, Results: null, Summary: { Succeeded: 0, Failed: count, Other: 0 } },
        unconfirmed: false,
      };
    options.log?.(
      `${request.Name}: async request ${id} is Complete without a JSON result (Messages: ${http.show(messages)}); read the records back to know what was written`,
    );
    return {
      response: { Messages: text, Results: null, Summary: { Succeeded: 0, Failed: 0, Other: count } },
      unconfirmed: true,
    };
  }

  function outcome(response: TransactionResponse, name: string, options?: TransactionOptions): TransactionResponse {
    if (options?.allowFailures) return response;
    // the message quotes the server's messages, which may echo a secret; `response` keeps them as sent
    return assertPassed(response, name, http.redact);
  }

  return {
    page: (query, pageOptions) => fetchPage(query, query.options, pageOptions?.signal),

    async *rows(query, rowsOptions) {
      const signal = rowsOptions?.signal;
      const pageSize = query.options.top;
      if (pageSize === 0) return;
      const orderBy = query.options.orderBy.length
        ? query.options.orderBy
        : query.object.key.map((k): readonly [string, 'asc'] => [k, 'asc']);
      let skip = query.options.skip ?? 0;
      let delivered = 0;
      let previous: string | undefined;
      try {
        for (;;) {
          const pageOptions = { ...query.options, orderBy, skip };
          const shown = `GET ${objectPath(query.object)}?${queryString(pageOptions)}`;
          if (signal?.aborted)
            throw new ErpCancelledError('cancelled by the caller', {
              object: `${query.object.surface}/${query.object.name}`,
              request: http.redact(shown),
              status: 0,
            });
          const page = await fetchPage(query, pageOptions, signal);
          // a full page equal to the previous one: the server ignores $skip and would answer it forever
          const print = page.rows.length === pageSize ? fingerprint(page.rows) : undefined;
          if (print !== undefined && print === previous)
            throw new ErpPagingError(
              `the server answered the same ${pageSize} rows for $skip=${skip} as for $skip=${skip - pageSize}: it ignores $skip, so paging would repeat them forever`,
              { object: `${query.object.surface}/${query.object.name}`, request: http.redact(shown), status: 200 },
            );
          previous = print;
          for (const row of page.rows) {
            delivered++;
            yield row;
          }
          if (page.rows.length < pageSize) return;
          skip += pageSize;
        }
      } catch (error) {
        throw withDelivered(error, delivered);
      }
    },

    async transaction(request, transactionOptions) {
      checkNotReport(request);
      let last: TransactionResponse | undefined;
      try {
        const response = await policy.run(`POST /api/v2/transaction (${request.Name})`, 'write', () =>
          transactionOnce(request, (answer) => (last = answer)),
        );
        return outcome(response, request.Name, transactionOptions);
      } catch (error) {
        // the caller who branches on each transaction's status gets the last answer, window and all
        if (error instanceof ErpResponseWindowError && transactionOptions?.allowFailures && last !== undefined)
          return last;
        throw error;
      }
    },

    async transactionAsync(request, asyncOptions) {
      checkNotReport(request);
      const submitted = asObject(
        await post('/api/v2/transaction/async', request, request.Name, 'write'),
        'the async answer',
        'POST /api/v2/transaction/async',
        request.Name,
      );
      const id = submitted['RequestId'];
      if (typeof id !== 'string')
        throw unexpected(
          `${request.Name}: the async answer has no RequestId: ${http.show(submitted)}`,
          'POST /api/v2/transaction/async',
          request.Name,
        );
      const path = `/api/v2/transaction/async?id=${encodeURIComponent(id)}`;
      const deadline = Date.now() + (asyncOptions?.deadlineMs ?? 600_000);
      let wait = asyncOptions?.intervalMs ?? 500;
      for (let status = submitted; ;) {
        const done = asyncOutcome(status, request, id, path);
        if (done !== undefined)
          return outcome(done.response, request.Name, done.unconfirmed ? { allowFailures: true } : asyncOptions);
        if (Date.now() + wait > deadline)
          throw new ErpTimeoutError(
            `${request.Name}: async request ${id} not done by the deadline (last Status ${http.show(status['Status'])})`,
            { request: `GET ${path}`, status: 200, object: request.Name },
          );
        await sleep(wait);
        wait = Math.min(wait * 2, asyncOptions?.maxIntervalMs ?? 5_000);
        status = asObject(
          await http.json({ method: 'GET', url: `${await findUiServer()}${path}`, shown: path, object: request.Name }),
          'the async status',
          `GET ${path}`,
          request.Name,
        );
      }
    },

    async transactionGet(request) {
      const body = asObject(
        await post('/api/v2/transaction/get', request, request.ServiceName, 'read'),
        'the transaction/get answer',
        'POST /api/v2/transaction/get',
        request.ServiceName,
      );
      if (!Array.isArray(body['Transactions']))
        throw unexpected(
          `${request.ServiceName}: the transaction/get answer has no Transactions: ${http.show(body)}`,
          'POST /api/v2/transaction/get',
          request.ServiceName,
        );
      return body as unknown as TransactionSet;
    },

    async commands(service, request) {
      checkNotReport(request);
      return post('/api/v2/commands', commandsRequest(service, request), request.Name, 'write');
    },

    async services() {
      const shown = '/api/v2/services';
      const body = await http.json({ method: 'GET', url: `${await findUiServer()}${shown}`, shown, kind: 'read' });
      const names = serviceNames(body);
      if (!names) throw unexpected(`the service list is none of the forms known: ${http.show(body)}`, `GET ${shown}`);
      return names;
    },

    async serverBuild() {
      const shown = '/ui/common/v1/serverinfo';
      return serverBuildOf(
        await http.json({ method: 'GET', url: `${await findUiServer()}${shown}`, shown, kind: 'read' }),
      );
    },

    async report(request) {
      if (!isReportService(request.Name))
        throw new ErpError(`${request.Name} is not a report service (m_*); use client.transaction()`);
      const path = '/api/v2/process/pdfreport';
      // a report reads: it may be retried like any read
      return http.bytes({
        method: 'POST',
        url: `${await findUiServer()}${path}`,
        shown: path,
        object: request.Name,
        body: request,
        kind: 'read',
      });
    },

    uiServer: findUiServer,
    ...families({
      baseUrl: base,
      uiServer: findUiServer,
      http,
      userDefinedFields: settings.userDefinedFields ?? {},
      token: http.token,
      ...(options.log ? { log: options.log } : {}),
    }),
  };
}

/** Every family's namespace, built from the one shared context. */
function families(context: FamilyContext): Families {
  const built: Record<string, object> = {};
  for (const [name, family] of Object.entries(FAMILIES) as Array<[string, (c: FamilyContext) => object]>)
    built[name] = family(context);
  return built as Families;
}
