// The end-to-end setup every suite shares: a sandbox of the sample snapshot on 127.0.0.1, and clients of the
// generated package signed in with tokens that sandbox issues (tokenAuth), as a team's code would be.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createClient, tokenAuth, type ClientOptions, type ErpClient, type TokenAuth } from '@acme/erp-schema/client';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/sandbox.js';
import { Order } from '@acme/erp-schema/transactions/Order';
import { SAMPLE_SNAPSHOT } from './paths.js';

export const USER = 'api_user';
export const PASSWORD = 'correct horse battery';

/**
 * Starts sandboxes of the sample snapshot (user USER with PASSWORD, unless `credentials` say otherwise), each closed
 * after the test file's run.
 */
export function sandboxes(): (options?: Partial<SandboxOptions>) => Promise<Sandbox> {
  const started: Sandbox[] = [];
  afterAll(() => Promise.all(started.map((s) => s.close())));
  return async (options = {}) => {
    const sandbox = await startSandbox({
      snapshot: SAMPLE_SNAPSHOT,
      rowsPerObject: 5,
      credentials: { users: { [USER]: PASSWORD } },
      ...options,
    });
    started.push(sandbox);
    return sandbox;
  };
}

/** A client of `sandbox` signed in as USER through the token endpoint, and its token provider. */
export function signedIn(
  sandbox: Sandbox,
  options: Partial<ClientOptions> = {},
): { client: ErpClient; auth: TokenAuth } {
  const auth = tokenAuth({ baseUrl: sandbox.url, username: USER, password: PASSWORD });
  return { client: createClient({ baseUrl: sandbox.url, auth, ...options }), auth };
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

/**
 * A copy of the sample snapshot whose query surface lacks `names` (tables or views): the server as it is before a
 * table added since is served (the data service not yet refreshed). Removed after the test file's run.
 */
export function snapshotWithout(names: readonly string[]): string {
  return snapshotEdited((doc) => {
    for (const name of names) delete doc.ns.container[name];
  });
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
