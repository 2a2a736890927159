// The UDT family's reading of answers the sandbox does not give: an error number inside an HTTP 200, a singular
// `[1] row ...`, an answer without a message, a delete whose message has no count. Driven by a fetch double.
import { describe, expect, it } from 'vitest';
import { ErpUnexpectedResponseError } from '@acme/erp-schema';
import { createClient, ErpUdtError, type FetchLike } from '@acme/erp-schema/client';
import { udt_pallet } from '@acme/erp-schema/tables/udt_pallet';

function clientAnswering(status: number, body: unknown) {
  const text = JSON.stringify(body);
  const fetch: FetchLike = async () => ({
    ok: status < 400,
    status,
    headers: { get: () => 'application/json' },
    text: async () => text,
    arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
  });
  return createClient({ baseUrl: 'http://erp.test', auth: 'user-token', fetch });
}

describe('UDT answers', () => {
  it('an error number inside an HTTP 200 is an ErpUdtError with that number', async () => {
    const client = clientAnswering(200, {
      id: 0,
      errorNo: 547,
      errorMessage: 'The statement conflicted with a constraint',
    });
    const error = (await client.udt
      .update(udt_pallet, { note: 'x' }, { row_uid: 1 })
      .catch((e: unknown) => e)) as ErpUdtError;
    expect(error).toBeInstanceOf(ErpUdtError);
    expect(error.errorNo).toBe(547);
    expect(error.serverMessage).toMatch(/constraint/);
  });

  it('reads a singular [1] row count', async () => {
    const client = clientAnswering(200, {
      id: 0,
      errorNo: 0,
      errorMessage: '[1] row updated in [udt_pallet] table successfully..!',
    });
    await expect(client.udt.update(udt_pallet, { note: 'x' }, { row_uid: 1 })).resolves.toEqual({
      rows: 1,
      message: '[1] row updated in [udt_pallet] table successfully..!',
    });
  });

  it('an update answer without a count is taken as sent; a delete answer without one is not', async () => {
    const client = clientAnswering(200, { id: 0, errorNo: 0, errorMessage: 'Updated successfully' });
    await expect(client.udt.update(udt_pallet, { note: 'x' }, { row_uid: 1 })).resolves.toEqual({
      rows: undefined,
      message: 'Updated successfully',
    });
    await expect(client.udt.delete(udt_pallet, { row_uid: 1 })).rejects.toThrow(/does not say how many rows/);
  });

  it('an answer without errorMessage is an ErpUnexpectedResponseError', async () => {
    const client = clientAnswering(200, { id: 0, errorNo: 0 });
    await expect(client.udt.delete(udt_pallet, { row_uid: 1 })).rejects.toBeInstanceOf(ErpUnexpectedResponseError);
  });
});
