// End to end: every form public captures show where the documents are silent, answered by the sandbox (its
// default, the best-evidenced form, and the others under a switch) and read by the generated package: the service
// list in its four forms, the session answer's named property groups and 25.2's, window data positional and
// wrapped, only some datawindows per call, and error bodies as problem details. Tokens are the sandbox's own.
import { describe, expect, it } from 'vitest';
import { ErpHttpError } from '@acme/erp-schema';
import { Order } from '@acme/erp-schema/transactions/Order';
import type { SandboxOptions } from '../../sandbox/sandbox.js';
import { sandboxes, signedIn, type SignedIn } from '../support/sandbox.js';

const HEADER = 'TABPAGE_1.order';
const started = sandboxes();
const sandbox = async (options: Partial<SandboxOptions> = {}): Promise<SignedIn> => signedIn(await started(options));

const LISTED = ['Order', 'Customer', 'PickZone', 'Labor', 'InventoryAdjustment', 'Item', 'PurchaseOrder'];

describe('the service list (GET /api/v2/services): its JSON was never published', () => {
  for (const form of ['names', 'objects', 'value', 'services'] as const)
    it(`is read as ${form === 'names' ? 'a list of names' : form === 'objects' ? 'a list of {Name}' : `{${form === 'value' ? 'value' : 'Services'}: [...]}`}`, async () => {
      const { client, server, auth } = await sandbox({ transactions: { serviceList: form } });
      const names = await client.services();
      expect(names).toEqual(expect.arrayContaining(LISTED));
      expect(names.some((n) => n.startsWith('m_'))).toBe(false);
      const body = JSON.parse(
        await (
          await fetch(`${server.url}/uiserver0/api/v2/services`, {
            headers: { Authorization: `Bearer ${await auth.token()}`, Accept: 'application/json' },
          })
        ).text(),
      ) as unknown;
      const shape = Array.isArray(body)
        ? typeof body[0] === 'string'
          ? 'names'
          : 'objects'
        : Object.keys(body as object)[0];
      expect(shape).toBe(form === 'services' ? 'Services' : form);
    });
});

describe('the session answer', () => {
  it("26.1: named groups; the build from Telemetry, SessionHandling's SessionCleanupExpiration reported apart from the idle timeout (the documents' 60 s)", async () => {
    const { client } = await sandbox({ interactive: { sessionCleanup: '00:02:30' } });
    const seen = await client.interactive.session(async (s) => [
      s.build,
      s.cleanupExpirationSeconds,
      s.idleTimeoutSeconds,
    ]);
    expect(seen).toEqual(['26.1.5940.0', 150, 60]);
  });

  it('groups are picked by name, not by position', async () => {
    const { client } = await sandbox({ interactive: { propertyOrder: 'reversed' } });
    expect(await client.interactive.session(async (s) => [s.build, s.cleanupExpirationSeconds])).toEqual([
      '26.1.5940.0',
      360,
    ]);
  });

  it('a SessionTimeout asked for wins over the one the server reports', async () => {
    const { client } = await sandbox();
    expect(await client.interactive.session(async (s) => s.idleTimeoutSeconds, { sessionTimeoutSeconds: 45 })).toBe(45);
  });

  it("25.2: {SessionId, Status: 'Active'}, no groups: the documents' 60 s, which the server keeps too", async () => {
    let clock = 0;
    const { client, server } = await sandbox({ build: '25.2.5776.1', interactive: { now: () => clock } });
    await client.interactive.session(
      async (s) => {
        expect(s.build).toBeUndefined();
        expect(s.idleTimeoutSeconds).toBe(60);
        const w = await s.open(Order);
        clock += 59_000;
        await expect(w.data()).resolves.toBeDefined();
        clock += 61_000;
        await expect(w.data()).rejects.toThrow(/idle for 61 s, beyond its 60 s idle timeout/);
      },
      { now: () => clock },
    );
    expect(server.interactive.openSessions()).toBe(0);
  });
});

describe('window data (GET /v2/data)', () => {
  for (const shape of ['list', 'data', 'nested'] as const)
    it(`positional Columns/Data ${shape === 'list' ? 'as a list' : shape === 'data' ? 'as {Data: [...]}' : 'as {Data: {Data: [...]}}'} is read by column name`, async () => {
      const { client, server } = await sandbox({ interactive: { dataShape: shape } });
      server.insert('oe_hdr', [{ order_no: '7755001', po_no: 'PO-SHAPE', job_name: 'Shape job', completed: 'N' }]);
      await client.interactive.session(async (s) => {
        const w = await s.open(Order);
        await w.change(HEADER, { order_no: '7755001' });
        const data = await w.data();
        const header = data.find((d) => d.Name === HEADER)!;
        expect(header.Columns).toEqual([
          ...Object.keys(Order.descriptor.elements[HEADER]!.fields),
          '_internalrowindex',
        ]);
        expect(Array.isArray(header.Data![0])).toBe(true);
        const [row] = await w.rows(HEADER);
        expect(row).toMatchObject({ order_no: '7755001', po_no: 'PO-SHAPE', job_name: 'Shape job' });
        expect(row).not.toHaveProperty('_internalrowindex');
      });
    });

  it("only some datawindows per call: the active tab's and those just changed; rows() selects the element's tab first", async () => {
    const { client, server } = await sandbox();
    server.insert('oe_hdr', [{ order_no: '7755002', po_no: 'PO-TABS', completed: 'N' }]);
    await client.interactive.session(async (s) => {
      const w = await s.open(Order);
      await w.change(HEADER, { order_no: '7755002' });
      await w.data();
      await w.tab('TP_SHIPTO');
      const names = (await w.data()).map((d) => d.Name);
      expect(names).not.toContain(HEADER);
      expect(names).toContain('TP_SHIPTO.shipto');
      const before = server.requests.length;
      expect((await w.rows(HEADER))[0]).toMatchObject({ po_no: 'PO-TABS' });
      const sent = server.requests.slice(before).map((r) => `${r.method} ${r.path.replace(/^.*\/interactive/, '')}`);
      expect(sent).toEqual(['PUT /v2/tab', 'GET /v2/data']);
    });
  });
});

describe('error bodies', () => {
  it('a 400 as problem details (under a switch): the error keeps its detail', async () => {
    const { client } = await sandbox({ transactions: { errorBody: 'problem' } });
    const request = Order.request([Order.transaction().form(HEADER, { customer_id: 1 })], { useCodeValues: false });
    const bad = { ...request, Transactions: [{ ...request.Transactions[0]!, Status: 'Existing' as 'New' }] };
    const error = await client.transaction(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpHttpError);
    expect((error as ErpHttpError).serverMessage).toMatch(/Transaction Status 'Existing' is not supported/);
  });
});
