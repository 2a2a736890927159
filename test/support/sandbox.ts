// The end-to-end setup every suite shares: a sandbox of the sample snapshot on 127.0.0.1, and clients of the
// generated package signed in with tokens that sandbox issued (tokenAuth with a user's credentials), as a team's
// code would be. What no real service does (a broken or hostile server) is played by fault-server.ts instead.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import {
  createClient,
  tokenAuth,
  type ClientOptions,
  type ErpClient,
  type FetchLike,
  type ItemCreate,
  type TokenAuth,
} from '@acme/erp-schema/client';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/sandbox.js';
import { query } from '@acme/erp-schema';
import { oe_hdr } from '@acme/erp-schema/tables/oe_hdr';
import { Order } from '@acme/erp-schema/transactions/Order';
import { SAMPLE_SNAPSHOT } from './paths.js';

export const USER = 'api_user';
export const PASSWORD = 'correct horse battery';
/** a consumer key whose scope is /api: the REST families and UDT, no data query */
export const API_KEY = '3a7c0f2e-5b1d-4e8a-9c6f-1d2e3f4a5b6c';
/** a consumer key whose scope is /uiserver0: the Transaction and Interactive APIs only */
export const UI_KEY = '3a7c0f2e-5b1d-4e8a-9c6f-1d2e3f4a5b6d';

/**
 * A sandbox of the sample snapshot: 5 rows an object, the user USER with PASSWORD and the two consumer keys, unless
 * `options` say otherwise. The caller closes it (or uses `sandboxes()`).
 */
export function startSampleSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  return startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    rowsPerObject: 5,
    credentials: { users: { [USER]: PASSWORD }, consumerKeys: { [API_KEY]: '/api', [UI_KEY]: '/uiserver0' } },
    ...options,
  });
}

/** The UI server of a sandbox (the Transaction and Interactive APIs' base). */
export const uiServer = (sandbox: Sandbox) => `${sandbox.url}/uiserver0`;

/** `startSampleSandbox`, each sandbox it started closed after the test file's run. */
export function sandboxes(): (options?: Partial<SandboxOptions>) => Promise<Sandbox> {
  const started: Sandbox[] = [];
  afterAll(() => Promise.all(started.map((s) => s.close())));
  return async (options = {}) => {
    const sandbox = await startSampleSandbox(options);
    started.push(sandbox);
    return sandbox;
  };
}

/** An answer a recording client received. */
interface Answer {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: string;
}

export interface SignedIn {
  readonly server: Sandbox;
  readonly url: string;
  /** the UI server: `<url>/uiserver0` */
  readonly ui: string;
  /** USER's sign-in: a token the sandbox issued, renewed as the documents say */
  readonly auth: TokenAuth;
  /**
   * a client signed in as USER that logs to `log` and records its retry policy's waits in `waits` (none slept);
   * its drift guard is off unless asked for
   */
  readonly client: ErpClient;
  /** the lines `client` logged (retries, token renewals) */
  readonly log: string[];
  /** the waits `client`'s retry policy asked for, in order */
  readonly waits: number[];
  /** every answer a recording client (`recording()`, or a client given `fetch`) received */
  readonly answers: Answer[];
  /** a fetch that keeps each answer in `answers` */
  readonly fetch: FetchLike;
  /** a client signed in as USER whose answers are kept in `answers`, with the options given (no log, real waits) */
  recording(options?: Omit<ClientOptions, 'baseUrl' | 'auth' | 'fetch'>): ErpClient;
  /** a raw request with USER's token (what a client that does not follow the documents sends) */
  raw(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response>;
}

/** USER signed in to `server` through its token endpoint, and the clients of that sign-in. */
export function signedIn(server: Sandbox, options: Partial<ClientOptions> = {}): SignedIn {
  const auth = tokenAuth({ baseUrl: server.url, username: USER, password: PASSWORD });
  const log: string[] = [];
  const waits: number[] = [];
  const answers: Answer[] = [];
  const recording: FetchLike = async (url, init) => {
    const response = await globalThis.fetch(url, init as RequestInit);
    const body = await response.clone().text();
    answers.push({ method: init.method, path: new URL(url).pathname, status: response.status, body });
    return response;
  };
  const client = createClient({
    baseUrl: server.url,
    auth,
    // the suites read a family's requests and log lines in order: no drift check among them unless a test asks
    // for one (test/runtime/drift.test.ts)
    drift: 'off',
    log: (line) => log.push(line),
    // the policy's waits are recorded, not slept: tests do not time anything
    retry: { random: () => 0.5, sleep: async (ms) => void waits.push(ms) },
    ...options,
  });
  return {
    server,
    url: server.url,
    ui: uiServer(server),
    auth,
    client,
    log,
    waits,
    answers,
    fetch: recording,
    recording: (more = {}) => createClient({ drift: 'off', ...more, baseUrl: server.url, auth, fetch: recording }),
    raw: async (path, init = {}) =>
      globalThis.fetch(`${server.url}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${await auth.token()}`,
          Accept: 'application/json',
          ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...init.headers,
        },
        redirect: 'manual',
        ...(init.body !== undefined ? { body: init.body } : {}),
      }),
  };
}

/** A sandbox of the sample snapshot (`startSampleSandbox`) with USER signed in; the caller closes `server`. */
export async function startSignedIn(options: Partial<SandboxOptions> = {}): Promise<SignedIn> {
  return signedIn(await startSampleSandbox(options));
}

/** How many token calls a sandbox has answered. */
export const tokenCalls = (sandbox: Sandbox) =>
  sandbox.requests.filter((r) => r.path.startsWith('/api/security/')).length;

/** A schema document of the query surface, as JSON: its entity types under `dbo`, its container under `ns`. */
export interface SchemaDocument {
  dbo: Record<string, Record<string, unknown>>;
  ns: { container: Record<string, unknown> };
}

/**
 * A copy of the sample snapshot with its query surface's documents changed by `edit` (called once per document):
 * the server after an upgrade. Removed after the test file's run.
 */
export function snapshotEdited(edit: (document: SchemaDocument, file: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'erpgen-snapshot-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(SAMPLE_SNAPSHOT, dir, { recursive: true });
  for (const file of ['tables.metadata.json', 'views.metadata.json']) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8').replace(/^\uFEFF/, '')) as SchemaDocument;
    edit(doc, file);
    writeFileSync(join(dir, file), JSON.stringify(doc));
  }
  return dir;
}

/** The bodies of the requests a sandbox received on a path ending so, parsed. */
export function bodiesTo(server: Sandbox, method: string, pathEnd: string): unknown[] {
  return server.requests
    .filter((r) => r.method === method && r.path.endsWith(pathEnd) && r.body !== undefined)
    .map((r) => JSON.parse(r.body!) as unknown);
}

/** Decimals in an answer's text, as written (bare JSON numbers with a fraction). */
export function decimalsIn(body: string): string[] {
  return body.match(/(?<=:)-?\d+\.\d+(?=[,}\]])/g) ?? [];
}

/**
 * A copy of the sample snapshot whose query surface lacks `names` (tables or views): the server as it is before a
 * table added since is served (the data service not yet refreshed). Removed after the test file's run.
 */
export function snapshotWithout(names: readonly string[]): string {
  return snapshotEdited((doc) => {
    for (const name of names) delete doc.ns.container[name];
  });
}

/** An order of customer 100198 for one WIDGET-001 with the header's text fields as given (`order_date` as text). */
export const sampleOrder = (header: { po_no: string; job_name?: string; delivery_instructions?: string }) =>
  Order.transaction()
    .form('TABPAGE_1.order', {
      customer_id: 100198,
      sales_loc_id: 10,
      source_loc_id: 10,
      order_date: '2030-01-05',
      taker: 'JSMITH',
      ...header,
    })
    .list('TP_ITEMS.items', [{ oe_order_item_id: 'WIDGET-001', unit_quantity: 1 }]);

/** The oe_hdr rows (the orders) whose po_no is `po`, as the query surface serves them. */
export async function ordersWithPo(client: ErpClient, po: string) {
  return (
    await client.page(
      query(oe_hdr)
        .filter((c) => c.po_no.eq(po))
        .top(10),
    )
  ).rows;
}

/** A new order of the sample snapshot's customer 100198 for one item, that the sandbox accepts. */
export const newOrder = (po: string) =>
  Order.transaction()
    .form('TABPAGE_1.order', {
      customer_id: 100198,
      sales_loc_id: 10,
      source_loc_id: 10,
      po_no: po,
      order_date: new Date(2030, 0, 5),
      taker: 'JSMITH',
    })
    .list('TP_ITEMS.items', [{ oe_order_item_id: 'WIDGET-001', unit_quantity: 5 }]);

/** The inventory family's minimum create payload: the item at location 10 (group MISC) with supplier 10 as primary. */
export const minimalItem = (itemId: string): ItemCreate => ({
  ItemId: itemId,
  ItemDesc: `Item ${itemId}`,
  ObjectName: 'inv_mast',
  Locations: { list: [{ LocationId: 10, ProductGroupId: 'MISC', ObjectName: 'inv_loc' }] },
  Suppliers: { list: [{ SupplierId: 10, DivisionId: 1, ObjectName: 'inventory_supplier' }] },
  LocationSuppliers: {
    list: [{ LocationId: 10, SupplierId: 10, PrimarySupplier: 'Y', ObjectName: 'inventory_supplier_x_loc' }],
  },
});
