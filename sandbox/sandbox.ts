// The sandbox: a simulated ERP middleware server, used by `erpgen sandbox` and by erpgen's own end-to-end tests. A
// real HTTP server on 127.0.0.1 (server.ts: one dispatch, one token check) serving, from a schema snapshot, the
// security family (tokens), the data query family (rows in an in-memory SQLite database), the UI server router, and
// on the UI server serverinfo, the Transaction and Interactive APIs (definitions from the snapshot; their records are
// rows of the same database, transactions/store.ts); on the base host the entity and inventory REST families
// (entity/ and inventory/: records that are the rows of their tables, user-defined fields in the snapshot's `_ud`
// tables) and the UDT service. Behaviour follows the service documents (facts copied into sandbox/README.md), quirks
// included; where the documents leave a choice, choices.ts says what the sandbox does. Fault switches make it
// misbehave on purpose (500 bursts, a proxy's 502/503/504, dropped connections, slow answers, XML or expired tokens).
//
// Each family's routes are one entry of `routes` below: the paths they own, the scope they need, their answers.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TOKENS, type TokenCheck, type TokenGrant } from './auth.js';
import { EntityStore, entityRoutes, seedEntities } from './entity/route.js';
import { RestErrors, type ErrorTypeNames } from './rest/reply.js';
import { UserFields } from './rest/user-fields.js';
import { InventoryStore } from './inventory/items.js';
import { inventoryRoutes, seedInventory } from './inventory/route.js';
import { queryRoutes } from './query/route.js';
import { readSchemaDocument, type QueryObject, type Surface } from './schema.js';
import { listen, type Routes, type LoggedRequest, type RequestFaults } from './server.js';
import { serverInfoRoutes } from './serverinfo-route.js';
import { sampleSnapshot } from './sample.js';
import { Store } from './store.js';
import { DEFAULT_BUILD } from './builds.js';
import { AsyncTransactions } from './transactions/async.js';
import { readServiceCatalog, type ServiceCatalog } from './transactions/catalog.js';
import { transactionRoutes } from './transactions/route.js';
import { transactionRules, type DisabledField, type TransactionOptions } from './transactions/rules.js';
import { writeWindow, type TransactionTarget } from './transactions/run.js';
import { RecordStore } from './transactions/store.js';
import type { ServerInfoShape } from './serverinfo-route.js';
import { TokenIssuer, tokenRoutes, type Credentials, type TokenSettings } from './token-route.js';
import { uiRouterRoutes } from './ui-router-route.js';
import { interactiveSandbox, type InteractiveSandbox, type InteractiveSandboxOptions } from './interactive/route.js';
import { columnLengths, rowExists, storedValue, storeStorage } from './interactive/setup.js';
import { udtSandbox } from './udt/route.js';

export type { FaultPlan, LoggedRequest } from './server.js';

/** Misbehaviour on purpose. Faults hit every request except token calls (those have their own switches). */
export interface SandboxFaults extends RequestFaults {
  /** answer token calls in XML */
  readonly xmlTokens?: boolean;
  /** seconds a new token lives (default: 86400 for users, 630720000 for consumer keys, as documented) */
  readonly tokenLifetime?: number;
  /** a token call ends the earlier sessions of the same user or key (the documents say it "may") */
  readonly oneSession?: boolean;
}

export { DEFAULT_BUILD } from './builds.js';

export interface SandboxOptions {
  /**
   * folder with tables.metadata.json and views.metadata.json (JSON CSDL); for the Transaction API also
   * services.json and definitions/<Name>.json (without a definitions folder every service is unknown). Default:
   * the small sample snapshot erpgen ships (`erpgen sandbox --sample`), to try the sandbox before fetching one's own
   */
  snapshot?: string;
  /**
   * fixed bearer tokens -> OData allow-list, accepted alongside issued ones (default: {'test-token': {tables: '*'}}
   * when no credentials are given, else none)
   */
  tokens?: Record<string, { tables?: string[] | '*' }>;
  /**
   * users and consumer keys the token endpoint accepts (default: the user `api_user` with a password made at start,
   * given back in `credentials`)
   */
  credentials?: Credentials;
  /** the build played and reported by serverinfo and session create (default DEFAULT_BUILD, builds.ts) */
  build?: string;
  /** serverinfo's form: `sections` (as captured: the build at Version -> Application Version; default) or `flat` */
  serverInfo?: ServerInfoShape;
  faults?: SandboxFaults;
  /** port to listen on (default: one the OS chooses) */
  port?: number;
  /** keep every request in `requests` (default true; a long-running sandbox turns it off) */
  logRequests?: boolean;
  /** default seed size for ordinary objects (default 25) */
  rowsPerObject?: number;
  /**
   * the Transaction API: the tenant's window setup (required and disabled columns), async queueing, the evidenced
   * shapes it answers (async statuses, service list, 400 bodies), the response-window fault (T16)
   */
  transactions?: TransactionOptions;
  /**
   * Columns the tenant's windows have disabled (`erpgen sandbox --disabled`), as `SERVICE/ELEMENT/FIELD`
   * (`'Order/TABPAGE_1.order/po_no'`: split at the first and the last `/`, so the element may hold dots, spaces and
   * slashes) or `{ service, element, field }`: a transaction writing one fails with `Column is disabled: {field}`,
   * or with `IgnoreDisabled: true` passes (`Succeeded: 1`) without writing it; an interactive change of one is
   * refused (400) at that item. Added to `transactions.disabled`; a name the snapshot lacks is an error.
   */
  disabled?: readonly DisabledField[];
  /**
   * the Interactive API: the clock sessions expire by, services whose save asks, the session answer's
   * SessionCleanupExpiration and group order, the form of window data
   */
  interactive?: Pick<InteractiveSandboxOptions, 'now' | 'dialogs' | 'sessionCleanup' | 'propertyOrder' | 'dataShape'>;
  /** a bug of the simulation (its answer is a generic 500); default: its stack on standard error */
  onBug?: (error: unknown) => void;
  /**
   * how the entity and inventory families name their exceptions in `ErrorType`: as the service documents write
   * them (`Svc.Common.Exceptions.ServiceException`, the default), or in the vendor's namespace, as published bodies
   * of the real service do (`vendor`)
   */
  errorTypes?: ErrorTypeNames;
}

export type { DisabledField, TransactionOptions } from './transactions/rules.js';

/** A column's values as `seed` takes them, by the kind the generated descriptor gives the column. */
type SeedValue<Kind> = Kind extends 'string' | 'guid' | 'time' | 'duration'
  ? string
  : Kind extends 'int' | 'float'
    ? number
    : Kind extends 'decimal'
      ? number | string
      : Kind extends 'boolean'
        ? boolean
        : Kind extends 'date' | 'datetime'
          ? string | Date
          : unknown;

/**
 * A table or view as the generated package describes it (`customer` from `<package>/tables/customer`): its name and
 * the kind of each column, which type what `seed` takes.
 */
interface SeedTarget {
  readonly name: string;
  readonly surface: 'table' | 'view';
  readonly columns: object;
}

/** One seeded row: only the object's columns (an unknown one does not compile), each of its kind or null. */
type SeedRow<O extends SeedTarget> = {
  readonly [K in keyof O['columns']]?: SeedValue<O['columns'][K]> | null;
};

export interface Sandbox {
  /** e.g. http://127.0.0.1:43123 */
  url: string;
  /**
   * the user the sandbox made when no `credentials` were given: `tokenAuth({ baseUrl: sandbox.url, ...credentials })`
   */
  credentials: { readonly username: string; readonly password: string } | undefined;
  /**
   * The rows of a table or view are exactly these from now on, for every family (the query surface, transactions,
   * the REST families): columns left out get generated values (non-nullable) or null (nullable). All or nothing: a
   * row refused (an unknown column, a value of another kind) throws, and the table stays as it was.
   */
  seed<O extends SeedTarget>(object: O, rows: ReadonlyArray<SeedRow<O>>): void;
  /**
   * Every row, record, session and async request back to how the sandbox started (tokens issued stay valid, fault
   * switches go back to those it was started with): one sandbox for a test file, a reset between tests.
   */
  reset(): Promise<void>;
  /** every request received, in order */
  requests: LoggedRequest[];
  /** adds rows to a table or view; columns left out get generated (non-nullable) or null (nullable) values */
  insert(object: string, rows: Array<Record<string, unknown>>): void;
  /** removes every row of a table or view, seeded rows included */
  clear(object: string): void;
  /**
   * sets `values` (column -> value) in the rows of a table whose columns equal `where` (column -> value): what another
   * client writing meanwhile does (no column is set but those given: give `date_last_modified` to move the stamp);
   * how many rows it changed
   */
  update(object: string, where: Record<string, unknown>, values: Record<string, unknown>): number;
  /** deletes the rows of a table whose columns equal `where` (column -> value); how many it deleted */
  delete(object: string, where: Record<string, unknown>): number;
  /**
   * the rows of one data element of a service, across every record, as the Transaction API reads them (field ->
   * value): the rows the query surface serves (seeded ones included) and the values kept beside them
   */
  transactionRows(service: string, element: string): Array<Record<string, string>>;
  /** replaces the fault switches; fault counting starts again */
  setFaults(faults: SandboxFaults): void;
  /**
   * replaces the users and consumer keys the token endpoint accepts (a scope changed on the administration site);
   * tokens already issued keep what they were issued with, as the documents say
   */
  setCredentials(credentials: Credentials): void;
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

/** The snapshot as the sandbox serves it: its schema documents (served as they are) and objects, its services. */
interface Served {
  readonly metadata: Readonly<Record<Surface, Buffer>>;
  readonly tables: readonly QueryObject[];
  readonly objects: readonly QueryObject[];
  readonly catalog: ServiceCatalog;
}

function readServed(snapshot: string): Served {
  const files = { table: join(snapshot, SCHEMA_FILES.table), view: join(snapshot, SCHEMA_FILES.view) };
  const metadata = { table: readFileSync(files.table), view: readFileSync(files.view) };
  const tables = readObjects(files.table, metadata.table, 'table');
  const objects = [...tables, ...readObjects(files.view, metadata.view, 'view')];
  return { metadata, tables, objects, catalog: readServiceCatalog(snapshot) };
}

/**
 * Everything a sandbox holds (rows, records, sessions, async requests), and the families' routes that serve it:
 * made when the sandbox starts, and again by `reset()`.
 */
async function familyData(served: Served, options: SandboxOptions, build: string, origin: () => string) {
  const { metadata, tables, objects, catalog } = served;
  const store = await Store.open(objects, options.rowsPerObject ?? 25);
  const records = new RecordStore(store);
  const transactionOptions = options.transactions ?? {};
  const target: TransactionTarget = {
    records,
    store,
    // the documents: an order whose oe_hdr.completed is T refuses writes
    rules: transactionRules(
      transactionOptions,
      catalog,
      tables,
      (orderNo) => store.valuesWhere('oe_hdr', 'order_no', orderNo, 'completed').includes('T'),
      options.disabled,
    ),
  };
  const disabled = target.rules.disabled;
  const interactive = interactiveSandbox({
    services: catalog.services,
    lengths: columnLengths(tables),
    build,
    load(service, keys) {
      const main = service.main!;
      const found = records.read(
        service,
        main,
        [...keys].map(([name, value]) => ({ name, value })),
      );
      if (!found[0] || found[0].rows.length === 0) return undefined;
      return new Map(found.map((e) => [e.element.name, e.rows[0] ?? new Map<string, string>()]));
    },
    save: (service, rows) => writeWindow(service, rows, target),
    exists: (dbColumn, value) => rowExists(store, dbColumn, value),
    valueOf: (dbColumn, keyDbColumn, key) => storedValue(store, dbColumn, keyDbColumn, key),
    disabled: (service, element, field) => disabled[service]?.[element]?.includes(field) === true,
    ...options.interactive,
  });
  const udt = udtSandbox({ tables, storage: storeStorage(store) });
  const userFields = new UserFields(store, tables);
  const entities = new EntityStore(store, userFields);
  seedEntities(entities);
  const inventory = new InventoryStore(store, userFields);
  seedInventory(inventory, ['WIDGET-001', 'AB#12']);
  const restErrors = new RestErrors(options.errorTypes);
  const routes: readonly Routes[] = [
    queryRoutes({ store, metadata, origin }),
    transactionRoutes({
      catalog,
      target,
      build,
      options: transactionOptions,
      async: new AsyncTransactions(
        transactionOptions.asyncPolls ?? 2,
        transactionOptions.asyncStatus,
        transactionOptions.asyncMessages,
      ),
    }),
    interactive.routes,
    udt.routes,
    entityRoutes(entities, restErrors),
    inventoryRoutes(inventory, restErrors),
  ];
  return { store, records, interactive, entities, inventory, routes };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const snapshot = options.snapshot ?? sampleSnapshot();
  const served = readServed(snapshot);
  const { catalog } = served;
  const fixed = new Map<string, TokenGrant>(
    Object.entries(options.tokens ?? (options.credentials ? {} : DEFAULT_TOKENS)),
  );
  const user = { username: 'api_user', password: randomBytes(12).toString('base64url') };
  let faults: SandboxFaults = options.faults ?? {};
  let credentials: Credentials = options.credentials ?? { users: { [user.username]: user.password } };
  const settings = (): TokenSettings => ({
    xml: faults.xmlTokens ?? false,
    lifetime: faults.tokenLifetime,
    oneSession: faults.oneSession ?? false,
  });
  const issuer = new TokenIssuer(settings);
  const check: TokenCheck = (token) => fixed.get(token) ?? issuer.verify(token);
  const requests: LoggedRequest[] = [];
  const build = options.build ?? DEFAULT_BUILD;
  let origin = '';
  const data = () => familyData(served, options, build, () => origin);

  let current = await data();
  const always: readonly Routes[] = [
    tokenRoutes({ credentials: () => credentials, issuer, settings }),
    uiRouterRoutes({ origin: () => origin }),
    serverInfoRoutes({ build, ...(options.serverInfo ? { shape: options.serverInfo } : {}) }),
  ];

  const server = await listen({
    routes: () => [...always, ...current.routes],
    check,
    faults: () => faults,
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...((options.logRequests ?? true) ? { log: (request: LoggedRequest) => void requests.push(request) } : {}),
    onBug:
      options.onBug ??
      ((error) =>
        process.stderr.write(`erpgen sandbox: a bug of the simulation: ${String((error as Error).stack ?? error)}\n`)),
  });
  origin = server.origin;

  return {
    url: origin,
    credentials: options.credentials ? undefined : user,
    requests,
    insert: (object, rows) => current.store.insert(object, rows),
    clear: (object) => current.store.clear(object),
    update: (object, where, values) => current.store.updateMatching(object, where, values),
    delete: (object, where) => current.store.deleteMatching(object, where),
    // all or nothing: a row refused (an unknown column, a value of another kind) leaves the table as it was
    seed: (object, rows) =>
      current.store.atomically(() => {
        current.store.clear(object.name);
        current.store.insert(object.name, rows as ReadonlyArray<Record<string, unknown>>);
      }),
    async reset() {
      const previous = current;
      current = await data();
      previous.store.close();
      faults = options.faults ?? {};
      server.resetFaults();
    },
    transactionRows(service, element) {
      const model = catalog.services.get(service);
      const el = model?.elements.get(element);
      return model && el ? current.records.rows(model, el) : [];
    },
    setFaults: (next) => {
      faults = next;
      server.resetFaults();
    },
    setCredentials: (next) => void (credentials = next),
    expireTokens: () => issuer.expireAll(),
    tokensIssued: () => issuer.issued,
    get interactive() {
      return current.interactive;
    },
    get entities() {
      return current.entities;
    },
    get inventory() {
      return current.inventory;
    },
    close: async () => {
      await server.close();
      current.store.close();
    },
  };
}
