// The client: the data query surface on the base host, the Transaction API on the UI server. It encodes the
// service's rules once: client-driven paging with $top/$skip until a short page (no server paging, no
// nextLink) in a stable order; the UI server found through the router, with the trailing slash (without it
// the router answers 307 and some clients drop the token); a transaction that did not pass is an error,
// never a silent success; report services go to the PDF report endpoint.
import { isReportService } from './contract.js';
import { ErpError, ErpUnexpectedResponseError } from './errors.js';
import { createHttp, type AuthProvider, type FetchLike, type Http } from './http.js';
import { objectPath, queryString, type QueryOptions, type RunnableQuery } from './query.js';
import {
  assertPassed,
  parseTransactionResponse,
  type TransactionGetRequest,
  type TransactionRequest,
  type TransactionResponse,
  type TransactionSet,
} from './transaction-wire.js';

export type { AuthProvider, FetchLike } from './http.js';

export interface ClientOptions {
  /** the server's base address, e.g. `https://erp.example.com` (the data query and REST families live there) */
  readonly baseUrl: string;
  /** a bearer token, or an auth provider that obtains and renews one */
  readonly auth: string | AuthProvider;
  /** the UI server (Transaction API); found through the router when not given */
  readonly uiServerUrl?: string;
  /** per request, in milliseconds (default 300,000: the schema documents are large and slow) */
  readonly timeoutMs?: number;
  /** for tests and proxies; defaults to the global fetch */
  readonly fetch?: FetchLike;
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

export interface ErpClient {
  /** One request: the rows of the query's page, and `@odata.count` if asked. */
  page<R>(query: RunnableQuery<R>): Promise<Page<R>>;
  /**
   * Every row the query matches, requested page by page ($top rows, $skip advancing) until a short page.
   * Without an `orderBy`, the object's key columns order the pages so that no row is skipped or repeated.
   */
  rows<R>(query: RunnableQuery<R>): AsyncIterable<R>;
  /** POST /api/v2/transaction. Fails (ErpTransactionFailedError, with the server's messages) unless every transaction passed. */
  transaction(request: TransactionRequest, options?: TransactionOptions): Promise<TransactionResponse>;
  /** POST /api/v2/transaction/async, then polls with backoff until done or the deadline; same outcome as transaction(). */
  transactionAsync(request: TransactionRequest, options?: AsyncOptions): Promise<TransactionResponse>;
  /** POST /api/v2/transaction/get: reads rows back (a write with IgnoreDisabled can succeed and write nothing). */
  transactionGet(request: TransactionGetRequest): Promise<TransactionSet>;
  /** POST /api/v2/process/pdfreport for a report service (`m_*`): the report's bytes. */
  report(request: TransactionRequest): Promise<Uint8Array>;
  /** The UI server address (from the router, once). */
  uiServer(): Promise<string>;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

// through globalThis: the package compiles without DOM or Node type definitions
const { setTimeout: schedule } = globalThis as unknown as { setTimeout(run: () => void, ms: number): unknown };
const sleep = (ms: number) => new Promise<void>((resolve) => void schedule(resolve, ms));

function asObject(value: unknown, what: string, service: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object')
    throw new ErpError(`${service}: ${what} is not a JSON object: ${JSON.stringify(value)?.slice(0, 200)}`);
  return value as Record<string, unknown>;
}

export function createClient(options: ClientOptions): ErpClient {
  const base = trimSlash(options.baseUrl);
  const http: Http = createHttp(options);
  let uiServer: Promise<string> | undefined = options.uiServerUrl
    ? Promise.resolve(trimSlash(options.uiServerUrl))
    : undefined;

  async function fetchPage<R>(query: RunnableQuery<R>, queryOptions: QueryOptions): Promise<Page<R>> {
    const object = `${query.object.surface}/${query.object.name}`;
    const shown = `${objectPath(query.object)}?${queryString(queryOptions)}`;
    const body = await http.json({ method: 'GET', url: `${base}${shown}`, shown, object });
    const value = (body as { value?: unknown } | null)?.value;
    if (!Array.isArray(value))
      throw new ErpUnexpectedResponseError('the server answered JSON without a `value` array', {
        object,
        request: `GET ${shown}`,
        status: 200,
      });
    const count = (body as Record<string, unknown>)['@odata.count'];
    return { rows: value as R[], ...(typeof count === 'number' ? { count } : {}) };
  }

  function findUiServer(): Promise<string> {
    uiServer ??= (async () => {
      // with the trailing slash: without it the router answers 307, and some clients drop Authorization on the way
      const shown = '/api/ui/router/v1/?urlType=external';
      const body = asObject(
        await http.json({ method: 'GET', url: `${base}${shown}`, shown }),
        'the router answer',
        'router',
      );
      if (typeof body['Url'] !== 'string')
        throw new ErpError(`router: the answer has no Url: ${JSON.stringify(body).slice(0, 200)}`);
      return trimSlash(body['Url']);
    })().catch((error: unknown) => {
      uiServer = undefined;
      throw error;
    });
    return uiServer;
  }

  async function post(path: string, body: unknown, service: string): Promise<unknown> {
    return http.json({ method: 'POST', url: `${await findUiServer()}${path}`, shown: path, object: service, body });
  }

  function checkNotReport(request: TransactionRequest): void {
    if (isReportService(request.Name)) {
      throw new ErpError(
        `${request.Name} is a report service: /transaction answers Succeeded and produces nothing; use client.report()`,
      );
    }
  }

  const outcome = (response: TransactionResponse, name: string, options?: TransactionOptions) =>
    options?.allowFailures ? response : assertPassed(response, name);

  return {
    page: (query) => fetchPage(query, query.options),

    async *rows(query) {
      const pageSize = query.options.top;
      if (pageSize === 0) return;
      const orderBy = query.options.orderBy.length
        ? query.options.orderBy
        : query.object.key.map((k): readonly [string, 'asc'] => [k, 'asc']);
      let skip = query.options.skip ?? 0;
      for (;;) {
        const page = await fetchPage(query, { ...query.options, orderBy, skip });
        yield* page.rows;
        if (page.rows.length < pageSize) return;
        skip += pageSize;
      }
    },

    async transaction(request, transactionOptions) {
      checkNotReport(request);
      const response = parseTransactionResponse(await post('/api/v2/transaction', request, request.Name), request.Name);
      return outcome(response, request.Name, transactionOptions);
    },

    async transactionAsync(request, asyncOptions) {
      checkNotReport(request);
      const submitted = asObject(
        await post('/api/v2/transaction/async', request, request.Name),
        'the async answer',
        request.Name,
      );
      const id = submitted['RequestId'];
      if (typeof id !== 'string')
        throw new ErpError(
          `${request.Name}: the async answer has no RequestId: ${JSON.stringify(submitted).slice(0, 200)}`,
        );
      const deadline = Date.now() + (asyncOptions?.deadlineMs ?? 600_000);
      let wait = asyncOptions?.intervalMs ?? 500;
      for (let status = submitted; ;) {
        // Status 2 is done (also for failed transactions); older builds said 'Complete' or 'Failed'
        if (status['Status'] === 2 || status['Status'] === 'Complete' || status['Status'] === 'Failed') {
          const messages = status['Messages'];
          let parsed: unknown = messages;
          if (typeof messages === 'string') {
            try {
              parsed = JSON.parse(messages);
            } catch {
              throw new ErpError(
                `${request.Name}: async request ${id} finished with Messages that are not JSON: ${messages.slice(0, 200)}`,
              );
            }
          }
          return outcome(parseTransactionResponse(parsed, request.Name), request.Name, asyncOptions);
        }
        if (Date.now() + wait > deadline)
          throw new ErpError(
            `${request.Name}: async request ${id} not done by the deadline (last Status ${JSON.stringify(status['Status'])})`,
          );
        await sleep(wait);
        wait = Math.min(wait * 2, asyncOptions?.maxIntervalMs ?? 5_000);
        const path = `/api/v2/transaction/async?id=${encodeURIComponent(id)}`;
        status = asObject(
          await http.json({ method: 'GET', url: `${await findUiServer()}${path}`, shown: path, object: request.Name }),
          'the async status',
          request.Name,
        );
      }
    },

    async transactionGet(request) {
      const body = asObject(
        await post('/api/v2/transaction/get', request, request.ServiceName),
        'the transaction/get answer',
        request.ServiceName,
      );
      if (!Array.isArray(body['Transactions']))
        throw new ErpError(
          `${request.ServiceName}: the transaction/get answer has no Transactions: ${JSON.stringify(body).slice(0, 200)}`,
        );
      return body as unknown as TransactionSet;
    },

    async report(request) {
      if (!isReportService(request.Name))
        throw new ErpError(`${request.Name} is not a report service (m_*); use client.transaction()`);
      const path = '/api/v2/process/pdfreport';
      return http.bytes({
        method: 'POST',
        url: `${await findUiServer()}${path}`,
        shown: path,
        object: request.Name,
        body: request,
      });
    },

    uiServer: findUiServer,
  };
}
