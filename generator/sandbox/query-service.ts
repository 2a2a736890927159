// The simulated ERP middleware server used by end-to-end tests: a real HTTP server on 127.0.0.1 (port chosen by
// the OS) serving, from a schema snapshot, the data query family (rows in an in-memory SQLite database), the UI
// server router, and on the UI server the Transaction API (definitions from the snapshot, rows in memory).
// Behaviour follows the service documents (facts copied into test/fixtures/reference), including the service's quirks.
//
// Each family is a route in `route` below; further families are added the same way.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readCsdlIndex, readCsdlObjects } from '../parse/csdl.js';
import type { QueryObject, Surface } from '../model/schema.js';
import { DEFAULT_TOKENS, type TokenGrant } from './auth.js';
import { odataRoute } from './odata-route.js';
import { emptyReply, htmlNotFound, type Reply, type Route, type ServiceRequest } from './reply.js';
import { Store } from './store.js';
import { AsyncTransactions } from './transaction-async.js';
import { readServiceCatalog } from './transaction-catalog.js';
import { transactionRoute } from './transaction-route.js';
import { transactionRules, type TransactionOptions } from './transaction-rules.js';
import { TransactionStore } from './transaction-store.js';
import { uiRouterRoute } from './ui-router-route.js';

export interface SimulatedServerOptions {
  /**
   * folder with tables.metadata.json and views.metadata.json (JSON CSDL); for the Transaction API also
   * services.json and definitions/<Name>.json (without a definitions folder every service is unknown)
   */
  snapshot: string;
  /** accepted bearer tokens -> OData allow-list (default: {'test-token': {tables: '*'}}) */
  tokens?: Record<string, { tables?: string[] | '*' }>;
  /** default seed size for ordinary objects (default 25) */
  rowsPerObject?: number;
  /** the tenant's window setup for the Transaction API: required and disabled columns, async queueing */
  transactions?: TransactionOptions;
}

export type { TransactionOptions } from './transaction-rules.js';

export interface LoggedRequest {
  method: string;
  /** raw path, undecoded */
  path: string;
  /** raw query string without `?`, undecoded; '' when absent */
  query: string;
  headers: Record<string, string | undefined>;
  /** the raw request body as UTF-8 text, when the request had one */
  body?: string;
}

export interface SimulatedServer {
  /** e.g. http://127.0.0.1:43123 */
  url: string;
  /** every request received, in order */
  requests: LoggedRequest[];
  /** adds rows to a table or view; columns left out get generated (non-nullable) or null (nullable) values */
  insert(object: string, rows: Array<Record<string, unknown>>): void;
  /** removes every row of a table or view, seeded rows included */
  clear(object: string): void;
  /** the rows the Transaction API has written to one data element of a service (field -> value), oldest first */
  transactionRows(service: string, element: string): Array<Record<string, string>>;
  close(): Promise<void>;
}

const SCHEMA_FILES: Readonly<Record<Surface, string>> = {
  table: 'tables.metadata.json',
  view: 'views.metadata.json',
};

function readObjects(file: string, surface: Surface): QueryObject[] {
  const index = readCsdlIndex(file, surface);
  const objects: QueryObject[] = [];
  readCsdlObjects(index.document, index.objects, (o) => objects.push(o));
  return objects;
}

/** IIS request filtering hides any path segment named `bin`: such requests get the web server's 404 page. */
function hiddenByWebServer(path: string): boolean {
  return path.split('/').some((segment) => {
    try {
      return decodeURIComponent(segment) === 'bin';
    } catch {
      return false;
    }
  });
}

/** The one place requests are dispatched: the web server's own rules, then each family's route. */
function route(routes: readonly Route[], request: ServiceRequest): Reply {
  if (hiddenByWebServer(request.path)) return htmlNotFound();
  for (const r of routes) {
    const reply = r(request);
    if (reply) return reply;
  }
  return emptyReply(404);
}

async function requestOf(req: IncomingMessage): Promise<ServiceRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const headers: Record<string, string | undefined> = Object.create(null) as Record<string, string | undefined>;
  for (const [name, value] of Object.entries(req.headers))
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return {
    method: req.method ?? 'GET',
    path: q < 0 ? url : url.slice(0, q),
    query: q < 0 ? '' : url.slice(q + 1),
    headers,
    body: Buffer.concat(chunks).toString('utf8'),
  };
}

function simulationBug(error: unknown): Reply {
  return { status: 500, headers: { 'Content-Type': 'text/plain' }, body: String((error as Error).stack ?? error) };
}

function send(res: ServerResponse, reply: Reply): void {
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
  res.end(body);
}

export async function startQueryService(options: SimulatedServerOptions): Promise<SimulatedServer> {
  const metadata = {
    table: readFileSync(join(options.snapshot, SCHEMA_FILES.table)),
    view: readFileSync(join(options.snapshot, SCHEMA_FILES.view)),
  };
  const tables = readObjects(join(options.snapshot, SCHEMA_FILES.table), 'table');
  const objects = [...tables, ...readObjects(join(options.snapshot, SCHEMA_FILES.view), 'view')];
  const store = await Store.open(objects, options.rowsPerObject ?? 25);
  const tokens = new Map<string, TokenGrant>(Object.entries(options.tokens ?? DEFAULT_TOKENS));
  const requests: LoggedRequest[] = [];
  const catalog = readServiceCatalog(options.snapshot);
  const transactionStore = new TransactionStore();
  let origin = '';
  const routes: Route[] = [
    odataRoute({ store, metadata, tokens, origin: () => origin }),
    uiRouterRoute({ tokens, origin: () => origin }),
    transactionRoute({
      catalog,
      store: transactionStore,
      rules: transactionRules(options.transactions ?? {}, catalog, tables),
      async: new AsyncTransactions(options.transactions?.asyncPolls ?? 2),
      tokens,
      origin: () => origin,
    }),
  ];

  const server = createServer((req, res) => {
    requestOf(req).then(
      (request) => {
        const { body, ...logged } = request;
        requests.push({ ...logged, headers: { ...request.headers }, ...(body ? { body } : {}) });
        let reply: Reply;
        try {
          reply = route(routes, request);
        } catch (error) {
          // a bug in the simulation, not a service behaviour: make it loud in the test output
          reply = simulationBug(error);
        }
        send(res, reply);
      },
      (error: unknown) => send(res, simulationBug(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests,
    insert: (object, rows) => store.insert(object, rows),
    clear: (object) => store.clear(object),
    transactionRows: (service, element) => transactionStore.rows(service, element),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          store.close();
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections(); // keep-alive connections would otherwise hold close() open
      }),
  };
}
