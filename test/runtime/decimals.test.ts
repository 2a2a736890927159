// One decimal type, end to end: a number or its exact text is taken wherever a decimal is written, and reaches the
// sandbox digit for digit (entity and inventory records as JSON numbers, as the real service takes them; a
// transaction's and a UDT's values as text); text that is no number is refused before sending.
import { describe, expect, it } from 'vitest';
import { query } from '@acme/erp-schema';
import { ErpTransactionBuildError, ErpUdtUsageError } from '@acme/erp-schema/client';
import { udt_pallet } from '@acme/erp-schema/tables/udt_pallet';
import { Order } from '@acme/erp-schema/transactions/Order';
import { sandboxes, signedIn } from '../support/sandbox.js';

const start = sandboxes();

const bodyOf = (
  requests: ReadonlyArray<{ method: string; path: string; body?: string }>,
  method: string,
  end: string,
) => requests.filter((r) => r.method === method && r.path.includes(end)).at(-1)?.body ?? '';

describe('decimals written', () => {
  it('an entity record takes CreditLimit as a number or its text, sent as exact JSON numbers', async () => {
    const sandbox = await start();
    const { client } = signedIn(sandbox);
    const made = await client.entity.customers.create({
      CompanyId: 'ACME',
      CustomerName: 'Decimal Co',
      CreditLimit: 5000,
    });
    expect(bodyOf(sandbox.requests, 'POST', '/api/entity/customers')).toContain('"CreditLimit":5000');
    expect(Number(made.CreditLimit)).toBe(5000);
    const key = { CompanyId: 'ACME', CustomerId: made.CustomerId };
    await client.entity.customers.update({ ...key, CreditLimit: '12345678901234.5678' });
    expect(bodyOf(sandbox.requests, 'PUT', '/api/entity/customers')).toContain('"CreditLimit":12345678901234.5678');
    const read = await client.entity.customers.get({ companyId: 'ACME', customerId: made.CustomerId });
    // read back as its exact text, every digit kept
    expect(read.CreditLimit).toMatch(/^12345678901234\.5678/);
    // and a record read back writes back as it is
    await client.entity.customers.update({ ...key, CreditLimit: read.CreditLimit ?? null });
  });

  it('text that is no number is refused before sending', async () => {
    const sandbox = await start();
    const { client } = signedIn(sandbox);
    const before = sandbox.requests.length;
    await expect(
      client.entity.customers.update({ CompanyId: 'ACME', CustomerId: 1, CreditLimit: '5k' as never }),
    ).rejects.toThrow(/CreditLimit: "5k" is not a decimal \(give a number, or its text such as '5000\.10'\)/);
    expect(() =>
      Order.transaction().list('TP_ITEMS.items', [{ oe_order_item_id: 'W', unit_quantity: 'three' as never }]),
    ).toThrow(ErpTransactionBuildError);
    expect(sandbox.requests.slice(before).filter((r) => r.path.includes('/api/entity/'))).toEqual([]);
  });

  it('a transaction sends a Decimal text digit for digit', () => {
    const t = Order.transaction().list('TP_ITEMS.items', [
      { oe_order_item_id: 'W', unit_quantity: '2.500000000000000001' },
    ]);
    const edits = t.toJSON().DataElements[0]!.Rows[0]!.Edits;
    expect(edits.find((e) => e.Name === 'unit_quantity')!.Value).toBe('2.500000000000000001');
  });

  it('a UDT decimal column takes a number or its text, and refuses words before sending', async () => {
    const sandbox = await start();
    const { client } = signedIn(sandbox);
    const { rows } = await client.page(query(udt_pallet).select('row_uid').top(1));
    const uid = rows[0]!.row_uid;
    await client.udt.update(udt_pallet, { weight: '12.500' }, { row_uid: uid });
    expect(bodyOf(sandbox.requests, 'PUT', 'updateudtdata')).toContain('{"name":"weight","value":"12.500"}');
    await client.udt.update(udt_pallet, { weight: 7.25 }, { row_uid: uid });
    expect(bodyOf(sandbox.requests, 'PUT', 'updateudtdata')).toContain('{"name":"weight","value":"7.25"}');
    const puts = sandbox.requests.filter((r) => r.method === 'PUT').length;
    const error = await client.udt
      .update(udt_pallet, { weight: 'heavy' as never }, { row_uid: uid })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpUdtUsageError);
    expect((error as Error).message).toBe(
      `udt.update udt_pallet.weight: "heavy" is not a decimal (give a number, or its text such as '12.50')`,
    );
    expect(sandbox.requests.filter((r) => r.method === 'PUT').length).toBe(puts);
  });
});
