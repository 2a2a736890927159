// One store: the entity and inventory families' records are the rows the query surface serves. A write through
// either family is read on the query surface (and through the family again); a row inserted on the query side is a
// record of the family; a write the service refuses leaves nothing behind on any family. Signed in with a token the
// sandbox issued; the generated package on both sides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErpServiceError, ErpValidationError, query } from '@acme/erp-schema';
import type { ErpClient, ItemCreate } from '@acme/erp-schema/client';
import { address } from '@acme/erp-schema/tables/address';
import { contacts } from '@acme/erp-schema/tables/contacts';
import { customer } from '@acme/erp-schema/tables/customer';
import { inv_loc } from '@acme/erp-schema/tables/inv_loc';
import { inv_mast } from '@acme/erp-schema/tables/inv_mast';
import { inventory_supplier } from '@acme/erp-schema/tables/inventory_supplier';
import { item_uom } from '@acme/erp-schema/tables/item_uom';
import { startSignedIn, USER, type SignedIn } from '../../support/sandbox.js';

let sandbox: SignedIn;
let client: ErpClient;

beforeAll(async () => {
  sandbox = await startSignedIn({ rowsPerObject: 1 });
  client = sandbox.recording();
});
afterAll(() => sandbox.server.close());

/** Rows of a table the package was not generated with (its `_ud` and link tables), through the query surface. */
async function rowsOf(table: string, filter: string): Promise<Array<Record<string, unknown>>> {
  const response = await sandbox.raw(
    `/odataservice/odata/table/${table}?$top=100&$filter=${encodeURIComponent(filter)}`,
  );
  expect(response.status, table).toBe(200);
  return ((await response.json()) as { value: Array<Record<string, unknown>> }).value;
}

const minimal = (itemId: string): ItemCreate => ({
  ItemId: itemId,
  ItemDesc: `Item ${itemId}`,
  ObjectName: 'inv_mast',
  Price1: '99.1234',
  Locations: {
    list: [{ LocationId: 10, ProductGroupId: 'MISC', ObjectName: 'inv_loc', ReplenishmentMethod: 'Min/Max' }],
  },
  Suppliers: { list: [{ SupplierId: 10, DivisionId: 1, ObjectName: 'inventory_supplier', Cost: 1.5 }] },
  LocationSuppliers: {
    list: [{ LocationId: 10, SupplierId: 10, PrimarySupplier: 'Y', ObjectName: 'inventory_supplier_x_loc' }],
  },
  UnitsOfMeasure: { list: [{ UnitOfMeasure: 'EA', ObjectName: 'item_uom', UnitSize: 1 }] },
});

describe('entity records are rows', () => {
  it('a customer created, changed and deleted through the family is read on the query surface each time', async () => {
    const created = await client.entity.customers.create({
      CompanyId: 'ACME',
      CustomerName: 'Store & Sons',
      CreditLimit: '987654321098765.4321',
      Taxable: 'Y',
      CustomerType: 'RES',
      CustomerAddress: { MailCity: 'Lorain', MailPostalCode: '44052' },
    } as never);
    const id = created.CustomerId;
    const row = async () => (await client.page(query(customer).filter((c) => c.customer_id.eq(id)))).rows[0];
    expect(await row()).toMatchObject({
      company_id: 'ACME',
      customer_name: 'Store & Sons',
      credit_limit: 987654321098765.4,
      taxable_flag: 'Y',
      delete_flag: 'N',
      last_maintained_by: USER,
    });
    // the exact digits on the wire of the query surface too
    const raw = await sandbox.raw(
      `/odataservice/odata/table/customer?$filter=customer_id eq ${id}&$select=credit_limit`,
    );
    expect(await raw.text()).toContain('"credit_limit":987654321098765.4321');
    // the address behind it is the address row of its id
    const [addressRow] = (await client.page(query(address).filter((a) => a.id.eq(id)))).rows;
    expect(addressRow).toMatchObject({ mail_city: 'Lorain', mail_postal_code: '44052' });
    // a field without a column is answered by the family, and only there
    expect(created['CustomerType' as never]).toBe('RES');

    await client.entity.customers.update({ CompanyId: 'ACME', CustomerId: id, CustomerName: 'Store and Sons' });
    expect((await row())?.customer_name).toBe('Store and Sons');
    await client.entity.customers.delete({ companyId: 'ACME', customerId: id });
    expect((await row())?.delete_flag).toBe('Y');
    expect((await client.entity.customers.get({ companyId: 'ACME', customerId: id })).Delete).toBe(true);
  });

  it('a row inserted on the query side is a record of the family, nested objects included', async () => {
    sandbox.server.insert('customer', [
      {
        company_id: 'ACME',
        customer_id: 777001,
        customer_name: 'Inserted Supply',
        credit_limit: '0.0001',
        delete_flag: 'N',
      },
    ]);
    sandbox.server.insert('address', [{ id: 777001, mail_city: 'Elyria' }]);
    sandbox.server.insert('contacts', [{ id: '777002', address_id: 777001, first_name: 'Cy', company_id: 'ACME' }]);
    const c = await client.entity.customers.get(
      { companyId: 'ACME', customerId: 777001 },
      { extendedProperties: ['CustomerAddress', 'CustomerContacts'] },
    );
    expect([c.CustomerName, c.CreditLimit, c.CustomerAddress?.MailCity]).toEqual([
      'Inserted Supply',
      '0.0001',
      'Elyria',
    ]);
    expect(c.CustomerContacts).toMatchObject({ list: [{ Id: '777002', FirstName: 'Cy' }] });
    const listed = await client.entity.customers.list({ query: (f) => f.CustomerName.eq('Inserted Supply') });
    expect(listed.map((r) => r.CustomerId)).toEqual([777001]);
    expect((await client.entity.contacts.get(777002))['FirstName' as never]).toBe('Cy');
  });

  it('a create refused for its user-defined fields leaves no row on any table', async () => {
    const before = await client.page(query(customer).top(1).count());
    // the id the create takes (the next after the largest customer, vendor or address id)
    const id = sandbox.server.entities.nextId('customers');
    const error = await client.entity.customers
      .create({
        CompanyId: 'ACME',
        CustomerName: 'Nothing Left',
        CustomerAddress: { MailCity: 'Nowhere' },
        UserDefinedFields: { class: 'A', region: 'R'.repeat(21) },
      } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpValidationError);
    expect((await client.page(query(customer).top(1).count())).count).toBe(before.count);
    expect((await client.page(query(customer).filter((c) => c.customer_id.eq(id)))).rows).toEqual([]);
    expect((await client.page(query(address).filter((a) => a.id.eq(id)))).rows).toEqual([]);
    expect(await rowsOf('customer_ud', `customer_id eq ${id}`)).toEqual([]);
    await expect(client.entity.customers.get({ companyId: 'ACME', customerId: id })).rejects.toThrow(/not found/);
  });

  it('a contact deleted through the family is marked on the query surface', async () => {
    await client.entity.contacts.delete(5010);
    const [row] = (await client.page(query(contacts).filter((c) => c.id.eq('5010')))).rows;
    expect(row?.delete_flag).toBe('Y');
  });
});

describe('inventory items are rows', () => {
  it('a created item is its rows: inv_mast, inv_loc, inventory_supplier, item_uom, inventory_supplier_x_loc', async () => {
    const created = await client.inventory.parts.create({
      ...minimal('ROWS-1'),
      UserDefinedFields: { carbon_kg: 0.5 },
    });
    const uid = created.InvMastUid!;
    const [item] = (await client.page(query(inv_mast).filter((m) => m.item_id.eq('ROWS-1')))).rows;
    expect(item).toMatchObject({ inv_mast_uid: uid, item_desc: 'Item ROWS-1', price1: 99.1234, delete_flag: 'N' });
    const [location] = (await client.page(query(inv_loc).filter((l) => l.inv_mast_uid.eq(uid)))).rows;
    // the accounts come from the product group, at a location with inventory defaults
    expect(location).toMatchObject({
      location_id: 10,
      company_id: 'ACME',
      product_group_id: 'MISC',
      gl_account_no: '1300-000',
      replenishment_method: 'Min/Max',
      primary_supplier_id: 10,
    });
    const [supplierRow] = (await client.page(query(inventory_supplier).filter((s) => s.inv_mast_uid.eq(uid)))).rows;
    expect(supplierRow).toMatchObject({ supplier_id: 10, division_id: 1, cost: 1.5, item_id: 'ROWS-1' });
    expect((await client.page(query(item_uom).filter((u) => u.inv_mast_uid.eq(uid)))).rows).toMatchObject([
      { unit_of_measure: 'EA', unit_size: 1 },
    ]);
    expect(
      await rowsOf(
        'inventory_supplier_x_loc',
        `inventory_supplier_uid eq ${String(supplierRow?.inventory_supplier_uid)}`,
      ),
    ).toMatchObject([{ location_id: 10, primary_supplier: 'Y' }]);
    expect(await rowsOf('inv_mast_ud', `inv_mast_uid eq ${uid}`)).toMatchObject([{ carbon_kg: 0.5 }]);
  });

  it('a PUT that leaves a supplier out removes its rows; a change of a location is its row', async () => {
    const item = await client.inventory.parts.get('ROWS-1', { extendedProperties: '*' });
    const response = await sandbox.raw('/api/inventory/parts/ROWS-1', {
      method: 'PUT',
      body: JSON.stringify({
        ...item,
        Suppliers: { list: [] },
        LocationSuppliers: { list: [] },
        Locations: { list: [{ ...item.Locations.list[0], Sellable: 'N', QtyOnHand: 999 }] },
      }),
    });
    expect(response.status).toBe(200);
    const uid = item.InvMastUid!;
    expect((await client.page(query(inventory_supplier).filter((s) => s.inv_mast_uid.eq(uid)))).rows).toEqual([]);
    const [location] = (await client.page(query(inv_loc).filter((l) => l.inv_mast_uid.eq(uid)))).rows;
    // Sellable is written on an existing location; QtyOnHand is not one of the fields a PUT writes there
    expect([location?.sellable, location?.qty_on_hand]).toEqual(['N', null]);
  });

  it('an item inserted on the query side is an item of the family, and it prices', async () => {
    sandbox.server.insert('inv_mast', [
      { inv_mast_uid: 880001, item_id: 'FROM-QUERY', price1: '2.5', base_unit: 'EA', delete_flag: 'N' },
    ]);
    sandbox.server.insert('inv_loc', [
      {
        inv_mast_uid: 880001,
        location_id: 10,
        company_id: 'ACME',
        qty_on_hand: '7',
        qty_allocated: '2',
        delete_flag: 'N',
      },
    ]);
    const item = await client.inventory.parts.get('FROM-QUERY', { extendedProperties: ['Locations'] });
    expect([item.Price1, item.Locations.list[0]?.QtyOnHand]).toEqual(['2.5000', '7.000000000']);
    const price = await client.inventory.parts.price('FROM-QUERY', {
      companyId: 'ACME',
      customerId: 10,
      salesLocId: 10,
      sourceLocId: 10,
      uom: 'EA',
      priceUom: 'EA',
      unitQuantity: 4,
    });
    expect([price.ExtendedPrice, price.QuantityAvailable]).toEqual(['10.000000000', '5.000000000']);
  });

  it('a create the service refuses leaves no row on any table: a missing block, a bad product group, a bad value', async () => {
    const counts = async () =>
      Promise.all(
        [inv_mast, inv_loc, inventory_supplier, item_uom].map(
          async (t) =>
            (
              await client.page(
                query(t as typeof inv_mast)
                  .top(1)
                  .count(),
              )
            ).count,
        ),
      );
    const before = await counts();
    const raw = (body: unknown) => sandbox.raw('/api/inventory/parts/', { method: 'POST', body: JSON.stringify(body) });
    const { Suppliers: _s, ...noSuppliers } = minimal('GONE-1');
    expect((await raw(noSuppliers)).status).toBe(500);
    const badGroup = await client.inventory.parts
      .create({
        ...minimal('GONE-2'),
        Locations: {
          list: [
            { LocationId: 10, ProductGroupId: 'MISC', ObjectName: 'inv_loc' },
            { LocationId: 20, ProductGroupId: 'NOPE', ObjectName: 'inv_loc' },
          ],
        },
        LocationSuppliers: {
          list: [
            { LocationId: 10, SupplierId: 10, PrimarySupplier: 'Y', ObjectName: 'inventory_supplier_x_loc' },
            { LocationId: 20, SupplierId: 10, PrimarySupplier: 'Y', ObjectName: 'inventory_supplier_x_loc' },
          ],
        },
      })
      .catch((e: unknown) => e);
    expect((badGroup as ErpServiceError).reason).toMatch(/Product group NOPE does not exist/);
    // the last of the blocks does not fit its column: everything before it is undone
    const badUnit = await client.inventory.parts
      .create({
        ...minimal('GONE-3'),
        UnitsOfMeasure: { list: [{ UnitOfMeasure: 'EA', UnitSize: '0.0000000001', ObjectName: 'item_uom' }] },
      })
      .catch((e: unknown) => e);
    expect((badUnit as ErpValidationError).issues).toEqual(['UnitSize: 0.0000000001 has more than 9 fraction digits.']);
    expect(await counts()).toEqual(before);
    expect(await rowsOf('inv_mast', "startswith(item_id,'GONE')")).toEqual([]);
  });
});
