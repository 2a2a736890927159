// End to end: client.udt against the sandbox's UDT service route over real HTTP on 127.0.0.1, signed in with a token
// the sandbox issued. The route answers as the service documents say (Invalid Row Uid!, [0] rows deleted with HTTP
// 200, Invalid UDT table, conditions at the top level of a delete); the client must turn each into the right outcome.
// The rows are the query surface's: a write here is read there, and a row inserted there is updated here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErpForbiddenError, ErpWriteNotAppliedError, query } from '@acme/erp-schema';
import { customer } from '@acme/erp-schema/tables/customer';
import { udt_legacy } from '@acme/erp-schema/tables/udt_legacy';
import { udt_pallet } from '@acme/erp-schema/tables/udt_pallet';
import { svc_view_es_customer } from '@acme/erp-schema/views/svc_view_es_customer';
import {
  createClient,
  ErpUdtError,
  ErpUdtNothingChangedError,
  ErpUdtUsageError,
  tokenAuth,
  type ErpClient,
  type Udt,
} from '@acme/erp-schema/client';
import { API_KEY, startSignedIn, UI_KEY, type SignedIn } from '../../support/sandbox.js';

let sandbox: SignedIn;
let client: ErpClient;

beforeAll(async () => {
  sandbox = await startSignedIn({ rowsPerObject: 1 });
  client = sandbox.recording();
  // rows of the sandbox's SQLite store: what the query family reads too
  sandbox.server.insert('udt_pallet', [
    { row_uid: 9001, pallet_id: 'P1', location_id: 10, weight: 1.5, note: null },
    { row_uid: 9002, pallet_id: 'P2', location_id: 10, weight: 2, note: 'fragile' },
  ]);
});
afterAll(() => sandbox.server.close());

const server = {
  get requests() {
    return sandbox.server.requests.filter((r) => !r.path.startsWith('/api/security/'));
  },
};
const last = () => {
  const r = server.requests.at(-1)!;
  return { ...r, body: r.body ?? '' };
};
/** the row as the data query family reads it back */
const readBack = async (uid: number) => (await client.page(query(udt_pallet).filter((c) => c.row_uid.eq(uid)))).rows[0];
/** the family without its compile-time guards: what a JavaScript caller (or a cast) can send */
const untyped = () => client.udt as unknown as { [K in keyof Udt]: (...args: unknown[]) => Promise<unknown> };

describe('update', () => {
  it('U1, U4: updates a row by row_uid with the table name prefixed, and reports the row count', async () => {
    const uid = 9001;
    const result = await client.udt.update(
      udt_pallet,
      { note: 'moved', weight: 12.5, location_id: null },
      { row_uid: uid },
    );
    expect(result.rows).toBe(1);
    expect(last().method).toBe('PUT');
    expect(last().path).toBe('/udtservice/api/udtdata/updateudtdata');
    expect(JSON.parse(last().body)).toEqual({
      table: 'udt_pallet',
      rows: [
        {
          columns: [
            { name: 'note', value: 'moved' },
            { name: 'weight', value: '12.5' },
            { name: 'location_id', value: null },
          ],
          conditions: [{ name: 'row_uid', value: String(uid) }],
        },
      ],
    });
    expect(await readBack(uid)).toMatchObject({ note: 'moved', weight: 12.5, location_id: null, pallet_id: 'P1' });
  });

  it('an update that reaches no row is a failure, not a success', async () => {
    await expect(client.udt.update(udt_pallet, { note: 'x' }, { row_uid: 99_999 })).rejects.toBeInstanceOf(
      ErpUdtNothingChangedError,
    );
  });

  it('U1: a table without row_uid is refused before sending; the service would answer Invalid Row Uid! (a typed error)', async () => {
    const before = server.requests.length;
    const error = await untyped()
      .update(udt_legacy, { description: 'x' }, { row_uid: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpUdtUsageError);
    expect((error as Error).message).toMatch(/udt_legacy has no row_uid column/);
    expect(server.requests.length).toBe(before);
    // what the service says when it is asked anyway
    const raw = await sandbox.raw('/udtservice/api/udtdata/updateudtdata', {
      method: 'PUT',
      body: JSON.stringify({
        table: 'udt_legacy',
        rows: [{ columns: [{ name: 'description', value: 'x' }], conditions: [{ name: 'row_uid', value: '1' }] }],
      }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: ['Invalid Row Uid!'] });
  });

  it('a column the table does not have, or row_uid as a change, is refused before sending', async () => {
    await expect(untyped().update(udt_pallet, { no_such: 'x' }, { row_uid: 1 })).rejects.toThrow(
      /not a column of the table/,
    );
    await expect(untyped().update(udt_pallet, { row_uid: 2 }, { row_uid: 1 })).rejects.toThrow(/identifies the row/);
    await expect(untyped().update(udt_pallet, { note: 'x' }, {})).rejects.toThrow(/need the row_uid/);
  });
});

describe('delete', () => {
  it('U3: deletes by row_uid with the conditions at the top level, and reports the count parsed from [n] rows deleted', async () => {
    const result = await client.udt.delete(udt_pallet, { row_uid: 9002 });
    expect(result.rows).toBe(1);
    expect(result.message).toMatch(/\[1\] rows deleted from \[udt_pallet\]/);
    expect(last().method).toBe('DELETE');
    expect(JSON.parse(last().body)).toEqual({ table: 'udt_pallet', conditions: [{ name: 'row_uid', value: '9002' }] });
    expect(await readBack(9002)).toBeUndefined();
    expect(await readBack(9001)).toBeDefined();
    // the conditions nested in rows, as older contributors sent them: refused, nothing deleted
    const nested = await sandbox.raw('/udtservice/api/udtdata/deleteudtdata', {
      method: 'DELETE',
      body: JSON.stringify({
        table: 'udt_pallet',
        rows: [{ columns: [], conditions: [{ name: 'row_uid', value: '9001' }] }],
      }),
    });
    expect([nested.status, await nested.json()]).toEqual([400, { error: ['Conditions cannot be blank or none!'] }]);
    expect(await readBack(9001)).toBeDefined();
  });

  it('U2: [0] rows deleted (HTTP 200, errorNo 0) is a failure: the one ErpWriteNotAppliedError (ErpUdtNothingChangedError is its old name)', async () => {
    const error = await client.udt.delete(udt_pallet, { row_uid: 99_999 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpWriteNotAppliedError);
    expect(error).toBeInstanceOf(ErpUdtNothingChangedError);
    expect((error as ErpWriteNotAppliedError).serverMessage).toMatch(/\[0\] rows deleted/);
    expect((error as Error).message).toMatch(/reported success but deleted no row/);
    expect((error as ErpWriteNotAppliedError).fields).toEqual([
      {
        service: 'udt/udt_pallet',
        element: 'row_uid 99999',
        field: 'rows deleted',
        sent: '1',
        stored: '0',
        kind: 'not-applied',
      },
    ]);
  });

  it('U4: a bare name, a view or an ordinary table is refused before sending; the service answers each Invalid UDT table', async () => {
    const before = server.requests.length;
    await expect(untyped().delete('udt_pallet', { row_uid: 1 })).rejects.toThrow(/not the name "udt_pallet"/);
    await expect(untyped().delete('pallet', { row_uid: 1 })).rejects.toBeInstanceOf(ErpUdtUsageError);
    await expect(untyped().delete(svc_view_es_customer, { row_uid: 1 })).rejects.toThrow(/is a view/);
    await expect(untyped().delete(customer, { row_uid: 1 })).rejects.toThrow(/not a user-defined table/);
    expect(server.requests.length).toBe(before);
    // what the service answers each of them
    for (const table of ['pallet', 'svc_view_es_customer', 'customer']) {
      const answer = await sandbox.raw('/udtservice/api/udtdata/deleteudtdata', {
        method: 'DELETE',
        body: JSON.stringify({ table, conditions: [{ name: 'row_uid', value: '1' }] }),
      });
      expect([answer.status, await answer.json()], table).toEqual([
        400,
        { id: 0, errorNo: 4001, errorMessage: 'Invalid UDT table' },
      ]);
    }
  });
});

describe('the service errors become typed errors', () => {
  it('U5: {id, errorNo, errorMessage} (Invalid UDT table) and {error: [...]} (Conditions cannot be blank) are ErpUdtErrors', async () => {
    // a descriptor of a udt_ table the server does not know (e.g. a snapshot newer than the tenant)
    const unknown = { ...udt_pallet, name: 'udt_not_registered' } as unknown as typeof udt_pallet;
    const error = (await client.udt.delete(unknown, { row_uid: 1 }).catch((e: unknown) => e)) as ErpUdtError;
    expect(error).toBeInstanceOf(ErpUdtError);
    expect(error.errorNo).toBe(4001);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/Invalid UDT table/);

    // a descriptor that claims a row_uid the server's table does not have (a snapshot older than the table)
    const stale = { ...udt_legacy, columns: { ...udt_legacy.columns, row_uid: 'int' } } as unknown as typeof udt_pallet;
    const refused = (await untyped()
      .update(stale, { description: 'x' }, { row_uid: 1 })
      .catch((e: unknown) => e)) as ErpUdtError;
    expect(refused).toBeInstanceOf(ErpUdtError);
    expect(refused.serverMessage).toBe('Invalid Row Uid!');
    expect(refused.errorNo).toBeUndefined();

    const raw = await sandbox.raw('/udtservice/api/udtdata/deleteudtdata', {
      method: 'DELETE',
      body: JSON.stringify({
        table: 'udt_pallet',
        rows: [{ columns: [], conditions: [{ name: 'row_uid', value: '1' }] }],
      }),
    });
    expect(await raw.json()).toEqual({ error: ['Conditions cannot be blank or none!'] });
  });
});

describe('one store, and the scope of a consumer key', () => {
  it('a row inserted on the query side is updated here; the update is read there', async () => {
    sandbox.server.insert('udt_pallet', [{ row_uid: 9100, pallet_id: 'Q1', location_id: 20, weight: 3, note: null }]);
    const result = await client.udt.update(udt_pallet, { note: 'from the UDT service' }, { row_uid: 9100 });
    expect(result.rows).toBe(1);
    expect(await readBack(9100)).toMatchObject({ pallet_id: 'Q1', note: 'from the UDT service' });
    // a value the column cannot hold is the service's refusal, and changes nothing
    const refused = await client.udt
      .update(udt_pallet, { weight: 1.123456789, note: 'not written' }, { row_uid: 9100 })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ErpUdtError);
    expect((refused as ErpUdtError).serverMessage).toMatch(/weight.*more than 4 fraction digits/);
    expect(await readBack(9100)).toMatchObject({ note: 'from the UDT service' });
  });

  it('a consumer key whose scope is /api reaches the service; one whose scope is /uiserver0 gets 403', async () => {
    const byKey = createClient({
      baseUrl: sandbox.url,
      auth: tokenAuth({ baseUrl: sandbox.url, consumerKey: API_KEY }),
    });
    await expect(byKey.udt.delete(udt_pallet, { row_uid: 9100 })).resolves.toMatchObject({ rows: 1 });
    const uiOnly = createClient({
      baseUrl: sandbox.url,
      auth: tokenAuth({ baseUrl: sandbox.url, consumerKey: UI_KEY }),
    });
    await expect(uiOnly.udt.delete(udt_pallet, { row_uid: 9001 })).rejects.toBeInstanceOf(ErpForbiddenError);
    await expect(uiOnly.entity.customers.ping()).rejects.toBeInstanceOf(ErpForbiddenError);
    await expect(uiOnly.inventory.parts.ping()).rejects.toBeInstanceOf(ErpForbiddenError);
    await expect(byKey.entity.customers.ping()).resolves.toBe('success');
  });
});
