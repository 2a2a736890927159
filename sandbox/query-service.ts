// The sandbox: a simulated ERP middleware server, used by `erpgen sandbox` and by erpgen's own end-to-end tests. A
// real HTTP server on 127.0.0.1 serving, from a schema snapshot, the security family (tokens), the data query family
// (rows in an in-memory SQLite database), the UI server router, and on the UI server serverinfo and the Transaction
// API (definitions from the snapshot, rows in memory); on the base host the entity and inventory REST families
// (entity/ and inventory/: records in tables of the same database, user-defined fields in the snapshot's `_ud`
// tables). Behaviour follows the service documents (facts copied into
// generator/sandbox/README.md), quirks included; where the documents leave a choice, SANDBOX_CHOICES says what the
// sandbox does. Fault switches make it misbehave on purpose (500 bursts, dropped connections, slow answers, XML or
// expired tokens).
//
// Each family is a route in `routes` below; further families are added the same way.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { authenticateBearer, DEFAULT_TOKENS, type TokenCheck, type TokenGrant } from './auth.js';
import { EntityStore, entityRoute, seedEntities } from './entity/route.js';
import { UserFields } from './entity/user-fields.js';
import { InventoryStore, inventoryRoute, seedItem } from './inventory/route.js';
import { odataRoute } from './odata-route.js';
import { emptyReply, htmlNotFound, type Reply, type Route, type ServiceRequest } from './reply.js';
import { readSchemaDocument, type QueryObject, type Surface } from './schema.js';
import { serverInfoRoute } from './serverinfo-route.js';
import { Store } from './store.js';
import { AsyncTransactions } from './transaction-async.js';
import { readServiceCatalog } from './transaction-catalog.js';
import { transactionRoute } from './transaction-route.js';
import { transactionRules, type TransactionOptions } from './transaction-rules.js';
import { TransactionStore } from './transaction-store.js';
import type { TransactionRules } from './transaction-validate.js';
import { TokenIssuer, tokenRoute, type Credentials, type TokenSettings } from './token-route.js';
import { uiRouterRoute } from './ui-router-route.js';
import { interactiveSandbox, type InteractiveSandbox, type InteractiveSandboxOptions } from './interactive/route.js';
import { columnLengths, rowExists, storedValue, storeStorage, userOf } from './interactive/setup.js';
import { udtSandbox } from './udt/route.js';

/** `count` faulty answers, then good ones; with `every`, the first `count` of every `every` requests are faulty. */
export interface FaultPlan {
  readonly count: number;
  readonly every?: number;
  /** requests answered normally before the plan starts (default 0) */
  readonly after?: number;
}

/** Misbehaviour on purpose. Faults hit every request except token calls (those have their own switches). */
export interface SandboxFaults {
  /** answer token calls in XML */
  readonly xmlTokens?: boolean;
  /** seconds a new token lives (default: 86400 for users, 630720000 for consumer keys, as documented) */
  readonly tokenLifetime?: number;
  /** a token call ends the earlier sessions of the same user or key (the documents say it "may") */
  readonly oneSession?: boolean;
  /** opaque HTTP 500 answers */
  readonly burst500?: FaultPlan;
  /** connections closed without an answer */
  readonly drop?: FaultPlan;
  /** milliseconds every answer waits before it is sent */
  readonly slowMs?: number;
}

export const DEFAULT_BUILD = '26.1.5940.0';

export interface SimulatedServerOptions {
  /**
   * folder with tables.metadata.json and views.metadata.json (JSON CSDL); for the Transaction API also
   * services.json and definitions/<Name>.json (without a definitions folder every service is unknown)
   */
  snapshot: string;
  /**
   * fixed bearer tokens -> OData allow-list, accepted alongside issued ones (default: {'test-token': {tables: '*'}}
   * when no credentials are given, else none)
   */
  tokens?: Record<string, { tables?: string[] | '*' }>;
  /** users and consumer keys the token endpoint accepts */
  credentials?: Credentials;
  /** the build serverinfo reports (default 26.1.5940.0) */
  build?: string;
  faults?: SandboxFaults;
  /** port to listen on (default: one the OS chooses) */
  port?: number;
  /** keep every request in `requests` (default true; a long-running sandbox turns it off) */
  logRequests?: boolean;
  /** default seed size for ordinary objects (default 25) */
  rowsPerObject?: number;
  /** the tenant's window setup for the Transaction API: required and disabled columns, async queueing */
  transactions?: TransactionOptions;
  /** the Interactive API: the clock sessions expire by, records that exist beyond the rows, services whose save asks */
  interactive?: Pick<InteractiveSandboxOptions, 'now' | 'records' | 'dialogs'>;
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
  /** replaces the fault switches; fault counting starts again */
  setFaults(faults: SandboxFaults): void;
  /** forced expiry: every token issued so far is refused from now on, as a lapsed one is */
  expireTokens(): void;
  /** how many tokens the token endpoint has issued */
  tokensIssued(): number;
  /** the Interactive API's sessions and windows (open sessions, a window's values) */
  readonly interactive: InteractiveSandbox;
  /** the entity family's records (customers, vendors, contacts, addresses) */
  readonly entities: EntityStore;
  /** the inventory family's items, tenant setup and fault switches (opaque 500, lock errors) */
  readonly inventory: InventoryStore;
  close(): Promise<void>;
}

const SCHEMA_FILES: Readonly<Record<Surface, string>> = {
  table: 'tables.metadata.json',
  view: 'views.metadata.json',
};

function readObjects(file: string, text: Buffer, surface: Surface): QueryObject[] {
  return readSchemaDocument(text.toString('utf8'), surface, file);
}

const TOKEN_PATH = /^\/api\/security\/token(\/v2)?$/;

/** Decides, request by request, which fault (if any) hits it. */
class FaultCounter {
  private seen = 0;
  constructor(private faults: SandboxFaults) {}

  get current(): SandboxFaults {
    return this.faults;
  }

  reset(faults: SandboxFaults): void {
    this.faults = faults;
    this.seen = 0;
  }

  next(): 'drop' | '500' | undefined {
    const n = ++this.seen;
    const hits = (plan: FaultPlan | undefined): boolean =>
      plan !== undefined &&
      plan.count > 0 &&
      n > (plan.after ?? 0) &&
      (plan.every ? (n - 1 - (plan.after ?? 0)) % plan.every < plan.count : n - (plan.after ?? 0) <= plan.count);
    if (hits(this.faults.drop)) return 'drop';
    if (hits(this.faults.burst500)) return '500';
    return undefined;
  }
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function send(res: ServerResponse, reply: Reply): void {
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
  res.end(body);
}

export async function startQueryService(options: SimulatedServerOptions): Promise<SimulatedServer> {
  const files = { table: join(options.snapshot, SCHEMA_FILES.table), view: join(options.snapshot, SCHEMA_FILES.view) };
  const metadata = { table: readFileSync(files.table), view: readFileSync(files.view) };
  const tables = readObjects(files.table, metadata.table, 'table');
  const objects = [...tables, ...readObjects(files.view, metadata.view, 'view')];
  const store = await Store.open(objects, options.rowsPerObject ?? 25);
  const fixed = new Map<string, TokenGrant>(
    Object.entries(options.tokens ?? (options.credentials ? {} : DEFAULT_TOKENS)),
  );
  const faults = new FaultCounter(options.faults ?? {});
  const settings = (): TokenSettings => ({
    xml: faults.current.xmlTokens ?? false,
    lifetime: faults.current.tokenLifetime,
    oneSession: faults.current.oneSession ?? false,
  });
  const issuer = new TokenIssuer(settings);
  const check: TokenCheck = (token) => fixed.get(token) ?? issuer.verify(token);
  const requests: LoggedRequest[] = [];
  const logRequests = options.logRequests ?? true;
  const catalog = readServiceCatalog(options.snapshot);
  const transactionStore = new TransactionStore();
  const orderInEditing: TransactionRules['orderInEditing'] = (orderNo, service, element, completed) =>
    store.valuesWhere('oe_hdr', 'order_no', orderNo, 'completed').includes('T') ||
    (completed !== undefined &&
      transactionStore
        .rows(service.name, element.name)
        .some((r) => r[completed.name] === 'T' && Object.values(r).includes(orderNo)));
  let origin = '';
  const interactive = interactiveSandbox({
    services: catalog.services,
    lengths: columnLengths(tables),
    userOf: (token) => userOf(check, token),
    build: options.build ?? DEFAULT_BUILD,
    exists: (dbColumn, value) => rowExists(store, dbColumn, value),
    valueOf: (dbColumn, keyDbColumn, key) => storedValue(store, dbColumn, keyDbColumn, key),
    authenticate: (request) =>
      authenticateBearer(
        request.headers['authorization'],
        check,
        `${origin}${request.path}${request.query === '' ? '' : `?${request.query}`}`,
      ),
    ...options.interactive,
  });
  const udt = udtSandbox({ tables, userOf: (token) => userOf(check, token), storage: storeStorage(store) });
  const userFields = new UserFields(store, tables);
  const entities = new EntityStore(store);
  seedEntities(entities);
  const inventory = new InventoryStore(store, userFields);
  for (const item of ['WIDGET-001', 'AB#12']) seedItem(inventory, item);
  const bearer = (authorization: string | undefined, path: string) =>
    authenticateBearer(authorization, check, origin + path);
  const routes: Route[] = [
    tokenRoute({ credentials: options.credentials ?? {}, issuer, settings }),
    odataRoute({ store, metadata, check, origin: () => origin }),
    uiRouterRoute({ check, origin: () => origin }),
    serverInfoRoute({ check, build: options.build ?? DEFAULT_BUILD, origin: () => origin }),
    transactionRoute({
      catalog,
      store: transactionStore,
      rules: transactionRules(options.transactions ?? {}, catalog, tables, orderInEditing),
      async: new AsyncTransactions(options.transactions?.asyncPolls ?? 2),
      check,
      origin: () => origin,
    }),
    interactive.route,
    interactive.commandsRoute,
    udt.route,
    entityRoute(entities, bearer, userFields),
    inventoryRoute(inventory, bearer),
  ];

  const server = createServer((req, res) => {
    requestOf(req).then(
      async (request) => {
        if (logRequests) {
          const { body, ...logged } = request;
          requests.push({ ...logged, headers: { ...request.headers }, ...(body ? { body } : {}) });
        }
        const tokenCall = TOKEN_PATH.test(request.path);
        const fault = tokenCall ? undefined : faults.next();
        const slow = tokenCall ? 0 : (faults.current.slowMs ?? 0);
        if (slow > 0) await delay(slow);
        if (fault === 'drop') {
          res.socket?.destroy();
          return;
        }
        let reply: Reply;
        try {
          reply = fault === '500' ? emptyReply(500) : route(routes, request);
        } catch (error) {
          // a bug in the simulation, not a service behaviour: make it loud in the test output
          reply = simulationBug(error);
        }
        if (!res.destroyed) send(res, reply);
      },
      (error: unknown) => send(res, simulationBug(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests,
    insert: (object, rows) => store.insert(object, rows),
    clear: (object) => store.clear(object),
    transactionRows: (service, element) => transactionStore.rows(service, element),
    setFaults: (next) => faults.reset(next),
    expireTokens: () => issuer.expireAll(),
    tokensIssued: () => issuer.issued,
    interactive,
    entities,
    inventory,
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
