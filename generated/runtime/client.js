// The client: the data query surface on the base host, the Transaction API on the UI server. It encodes the
// service's rules once: client-driven paging with $top/$skip until a short page (no server paging, no
// nextLink) in a stable order; the UI server found through the router, with the trailing slash (without it
// the router answers 307 and some clients drop the token); a transaction that did not pass is an error,
// never a silent success; report services go to the PDF report endpoint.
import { isReportService } from './contract.js';
import { ErpError, ErpUnexpectedResponseError } from './errors.js';
import { createHttp } from './http.js';
import { objectPath, queryString } from './query.js';
import { assertPassed, parseTransactionResponse } from './transaction-wire.js';
const trimSlash = (url) => url.replace(/\/+$/, '');
// through globalThis: the package compiles without DOM or Node type definitions
const { setTimeout: schedule } = globalThis;
const sleep = (ms) => new Promise((resolve) => void schedule(resolve, ms));
function asObject(value, what, service) {
  if (value === null || typeof value !== 'object')
    throw new ErpError(`${service}: ${what} is not a JSON object: ${JSON.stringify(value)?.slice(0, 200)}`);
  return value;
}
export function createClient(options) {
  const base = trimSlash(options.baseUrl);
  const http = createHttp(options);
  let uiServer = options.uiServerUrl ? Promise.resolve(trimSlash(options.uiServerUrl)) : undefined;
  async function fetchPage(query, queryOptions) {
    const object = `${query.object.surface}/${query.object.name}`;
    const shown = `${objectPath(query.object)}?${queryString(queryOptions)}`;
    const body = await http.json({ method: 'GET', url: `${base}${shown}`, shown, object });
    const value = body?.value;
    if (!Array.isArray(value))
      throw new ErpUnexpectedResponseError('the server answered JSON without a `value` array', {
        object,
        request: `GET ${shown}`,
        status: 200,
      });
    const count = body['@odata.count'];
    return { rows: value, ...(typeof count === 'number' ? { count } : {}) };
  }
  function findUiServer() {
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
    })().catch((error) => {
      uiServer = undefined;
      throw error;
    });
    return uiServer;
  }
  async function post(path, body, service) {
    return http.json({ method: 'POST', url: `${await findUiServer()}${path}`, shown: path, object: service, body });
  }
  function checkNotReport(request) {
    if (isReportService(request.Name)) {
      throw new ErpError(
        `${request.Name} is a report service: /transaction answers Succeeded and produces nothing; use client.report()`,
      );
    }
  }
  const outcome = (response, name, options) => (options?.allowFailures ? response : assertPassed(response, name));
  return {
    page: (query) => fetchPage(query, query.options),
    async *rows(query) {
      const pageSize = query.options.top;
      if (pageSize === 0) return;
      const orderBy = query.options.orderBy.length ? query.options.orderBy : query.object.key.map((k) => [k, 'asc']);
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
          let parsed = messages;
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
      return body;
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
