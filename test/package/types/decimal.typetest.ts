// One decimal type across the package (`Decimal`: a number, or its exact text): every family that writes a decimal
// takes both, and refuses what is neither. Compiled by test/package/types.test.ts with TypeScript 7 and TypeScript 6.
import type { Decimal, DecimalText } from '@acme/erp-schema';
import { createClient, type CustomerRecord } from '@acme/erp-schema/client';
import { udt_pallet } from '@acme/erp-schema/tables/udt_pallet';
import { Order } from '@acme/erp-schema/transactions/Order';

const client = createClient({ baseUrl: 'https://erp.example.com', auth: 'token' });
const { customers } = client.entity;
const parts = client.inventory.parts;

export const asNumber: Decimal = 5000;
export const asText: Decimal = '5000.10';
export const long: Decimal = '12345678901234567.89';
// @ts-expect-error a boolean is no decimal
export const asBoolean: Decimal = true;
// @ts-expect-error text that is no number is no decimal
export const asWords: Decimal = 'five thousand';
// @ts-expect-error nor is an empty string
export const empty: Decimal = '';

export async function everyFamily(record: CustomerRecord): Promise<void> {
  // entity records: the CreditLimit the team wrote as a number
  await customers.create({ CompanyId: 'ACME', CreditLimit: 5000 });
  await customers.update({ CompanyId: 'ACME', CustomerId: 5, CreditLimit: '5000.10' });
  // @ts-expect-error a non-numeric text
  await customers.update({ CompanyId: 'ACME', CustomerId: 5, CreditLimit: '5k' });
  // a decimal read back is exact text, and writes back as it is
  const limit: DecimalText | null | undefined = record.CreditLimit;
  await customers.update({ CompanyId: 'ACME', CustomerId: 5, CreditLimit: limit ?? null });

  // inventory records
  await parts.appendOrUpdate('W-1', { item: { Price1: 12.5, Price2: '12.5000' } });
  // @ts-expect-error a boolean price
  await parts.appendOrUpdate('W-1', { item: { Price1: true } });
  // @ts-expect-error a price in words
  await parts.appendOrUpdate('W-1', { item: { Price1: 'twelve' } });

  // transactions: a Decimal field
  Order.transaction().list('TP_ITEMS.items', [{ oe_order_item_id: 'W', unit_quantity: 2.5 }]);
  Order.transaction().list('TP_ITEMS.items', [{ oe_order_item_id: 'W', unit_quantity: '2.50' }]);
  // @ts-expect-error a boolean quantity
  Order.transaction().list('TP_ITEMS.items', [{ oe_order_item_id: 'W', unit_quantity: false }]);

  // interactive: a window's change takes the same field types
  await client.interactive.session(async (s) => {
    const w = await s.open(Order);
    await w.change('TP_ITEMS.items', { unit_quantity: 3 });
    await w.change('TP_ITEMS.items', { unit_quantity: '3.000' });
    // @ts-expect-error a quantity in words
    await w.change('TP_ITEMS.items', { unit_quantity: 'three' });
  });

  // user-defined tables: a decimal column, read as a number, takes a number or its text
  await client.udt.update(udt_pallet, { weight: 12.5 }, { row_uid: 1 });
  await client.udt.update(udt_pallet, { weight: '12.500' }, { row_uid: 1 });
  // @ts-expect-error a weight in words
  await client.udt.update(udt_pallet, { weight: 'heavy' }, { row_uid: 1 });
}
