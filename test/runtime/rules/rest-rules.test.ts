// End to end, one sandbox for the file (and one answering in the vendor's ErrorType names): the entity and inventory
// rules whose encoding is a refusal, a retry, a request's exact form or a record's reading, each met against what the
// sandbox answers, with tokens it issued.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErpQueryError, ErpResourceNotFoundError, ErpServiceError, query } from '@acme/erp-schema';
import type { ErpClient } from '@acme/erp-schema/client';
import { inv_loc } from '@acme/erp-schema/tables/inv_loc';
import { inv_mast } from '@acme/erp-schema/tables/inv_mast';
import { supplier } from '@acme/erp-schema/tables/supplier';
import { seedItem } from '../../../sandbox/inventory/route.js';
import { minimalItem, sandboxes, signedIn, type SignedIn } from '../../support/sandbox.js';

const started = sandboxes();
let sandbox: SignedIn;
let client: ErpClient;
const slept: number[] = [];

beforeAll(async () => {
  sandbox = signedIn(await started({ rowsPerObject: 3 }), {
    retry: { random: () => 0.5, sleep: async (ms) => void slept.push(ms) },
  });
  client = sandbox.client;
  seedItem(sandbox.server.inventory, 'REST-1');
});
beforeEach(() => {
  slept.length = 0;
  sandbox.server.inventory.faults = {};
});

const since = (from: number) => sandbox.server.requests.slice(from).filter((r) => !r.path.startsWith('/api/security/'));

describe('entity family', () => {
  it('E9: a vendor key that names a supplier_id is refused before sending: vendor N and supplier N are other parties', async () => {
    const from = sandbox.server.requests.length;
    const error = await client.entity.vendors
      .get({ companyId: 'ACME', supplierId: 1 } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpQueryError);
    expect((error as Error).message).toMatch(/VendorId, which is not the query surface's supplier_id/);
    expect(since(from)).toEqual([]);
    const vendor1 = await client.entity.vendors.get({ companyId: 'ACME', vendorId: 1 });
    const [supplier1] = (await client.page(query(supplier).filter((s) => s.supplier_id.eq(1)))).rows;
    expect(supplier1).toBeDefined();
    expect((vendor1 as Record<string, unknown>)['VendorName']).not.toBe(supplier1!.supplier_name);
  });

  it('E10: user-defined fields are written with their record: a PUT of the record, its key fields and them', async () => {
    const from = sandbox.server.requests.length;
    const updated = await client.entity.customers.update({
      CompanyId: 'ACME',
      CustomerId: 10,
      UserDefinedFields: { region: 'E10-NORTH' },
    });
    const [put] = since(from);
    expect(`${put!.method} ${put!.path}`).toBe('PUT /api/entity/customers/ACME_10');
    expect(JSON.parse(put!.body!)).toEqual({
      CompanyId: 'ACME',
      CustomerId: 10,
      UserDefinedFields: { region: 'E10-NORTH' },
    });
    expect(updated.UserDefinedFields?.region).toBe('E10-NORTH');
    // there is no endpoint of their own
    const alone = await sandbox.raw('/api/entity/customers/ACME_10/UserDefinedFields', {
      method: 'PUT',
      body: JSON.stringify({ region: 'ALONE' }),
    });
    expect(alone.status).toBe(404);
    expect((await client.entity.customers.get({ companyId: 'ACME', customerId: 10 })).UserDefinedFields?.region).toBe(
      'E10-NORTH',
    );
  });

  it('E11: a list sends $query alone: $select, $orderby and $top are not part of the contract (the service ignores $top)', async () => {
    const from = sandbox.server.requests.length;
    const found = await client.entity.customers.list({ query: (f) => f.CompanyId.eq('ACME') });
    const [sent] = since(from);
    expect(decodeURIComponent(sent!.query)).toBe("$query=CompanyId eq 'ACME'");
    const withTop = await sandbox.raw(
      `/api/entity/customers/?$query=${encodeURIComponent("CompanyId eq 'ACME'")}&$top=1`,
    );
    expect(((await withTop.json()) as unknown[]).length).toBe(found.length);
    expect(found.length).toBeGreaterThan(1);
  });

  it('E13: /new templates for customers, vendors and contacts only; an address has none (500), an item none (new is an id)', async () => {
    for (const blank of [
      await client.entity.customers.template(),
      await client.entity.vendors.template(),
      await client.entity.contacts.template(),
    ])
      expect(Object.values(blank).some((v) => v !== null)).toBe(true);
    expect((await sandbox.raw('/api/entity/addresses/new')).status).toBe(500);
    expect((await sandbox.raw('/api/inventory/parts/new')).status).toBe(404);
    expect('template' in client.entity.addresses).toBe(false);
  });

  it('E5: a nested object asked for may come as null: the record is read, the object null', async () => {
    sandbox.server.insert('customer', [{ company_id: 'ACME', customer_id: 550_001, customer_name: 'No Address' }]);
    const c = await client.entity.customers.get(
      { companyId: 'ACME', customerId: 550_001 },
      { extendedProperties: ['CustomerAddress'] },
    );
    expect(c.CustomerName).toBe('No Address');
    expect(c.CustomerAddress).toBeNull();
  });
});

describe('inventory family', () => {
  it('I9: an item create answered with the opaque intermittent 500 is retried once, and the item is made once', async () => {
    sandbox.server.inventory.faults = { createInvocation500: 1 };
    const from = sandbox.server.requests.length;
    const created = await client.inventory.parts.create(minimalItem('I9-ONCE'));
    expect(created.ItemId).toBe('I9-ONCE');
    expect(since(from).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/inventory/parts/',
      'POST /api/inventory/parts/',
    ]);
    expect(slept).toHaveLength(1);
    expect((await client.page(query(inv_mast).filter((i) => i.item_id.eq('I9-ONCE')))).rows).toHaveLength(1);
    // twice: the second failure is the caller's, and nothing was made (a failed create is atomic)
    sandbox.server.inventory.faults = { createInvocation500: 2 };
    const error = await client.inventory.parts.create(minimalItem('I9-TWICE')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpServiceError);
    expect((error as ErpServiceError).attempts).toBe(2);
    expect((await sandbox.raw('/api/inventory/parts/I9-TWICE')).status).toBe(404);
  });

  it('I12: on an existing location only the documented fields are written: another is refused before sending; the service answers 200 and ignores it', async () => {
    const from = sandbox.server.requests.length;
    const error = await client.inventory.parts
      .appendOrUpdate('REST-1', { locations: { update: [{ LocationId: 10, Stockable: 'N' } as never] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpQueryError);
    expect((error as Error).message).toMatch(/Stockable is written only on an appended location/);
    expect(since(from).filter((r) => r.method === 'PUT')).toEqual([]);
    // sent anyway, as the whole item: a 200, and the field unchanged
    const item = await client.inventory.parts.get('REST-1', {
      extendedProperties: ['Locations', 'Suppliers', 'LocationSuppliers', 'UnitsOfMeasure'],
    });
    const changed = {
      ...item,
      Locations: { list: item.Locations.list.map((l) => ({ ...l, Stockable: 'N', Sellable: 'N' })) },
    };
    const answer = await sandbox.raw('/api/inventory/parts/REST-1', { method: 'PUT', body: JSON.stringify(changed) });
    expect(answer.status).toBe(200);
    const after = await client.inventory.parts.get('REST-1', { extendedProperties: ['Locations'] });
    expect([after.Locations.list[0]!.Stockable, after.Locations.list[0]!.Sellable]).toEqual(['Y', 'N']);
  });

  it('I13: a location is soft deleted and restored by a PUT with Delete Y / N on its entry, read back each time', async () => {
    const deleted = await client.inventory.parts.appendOrUpdate('REST-1', {
      locations: { update: [{ LocationId: 10, Delete: 'Y' }] },
    });
    expect(deleted.Locations.list.find((l) => l.LocationId === 10)?.Delete).toBe('Y');
    const flag = async () =>
      (
        await client.page(
          query(inv_loc)
            .select('delete_flag')
            .filter((l) => l.location_id.eq(10)),
        )
      ).rows.map((r) => r.delete_flag);
    expect(await flag()).toContain('Y');
    const restored = await client.inventory.parts.appendOrUpdate('REST-1', {
      locations: { update: [{ LocationId: 10, Delete: 'N' }] },
    });
    expect(restored.Locations.list.find((l) => l.LocationId === 10)?.Delete).toBe('N');
    expect(await flag()).not.toContain('Y');
    // no other way: there is no DELETE method
    expect((await sandbox.raw('/api/inventory/parts/REST-1', { method: 'DELETE' })).status).toBe(405);
  });

  it('I14, I15: batch price parameters in the service order, the optional ones by their own names; one result per item, CompanyId possibly null, PricePageUid 0 for no price page', async () => {
    const from = sandbox.server.requests.length;
    const items = [
      { ItemId: 'REST-1', SourceLocId: 10 },
      { ItemId: 'REST-1', SourceLocId: 10, UnitQuantity: 2 },
    ];
    const results = await client.inventory.parts.prices(items, {
      companyId: 'BETA',
      customerId: 10,
      salesLocId: 10,
      shipToId: 3,
      orderDate: '2030-01-05',
      jobNo: 'J-1',
    });
    const [sent] = since(from);
    expect(sent!.query).toBe('companyId=BETA&customerId=10&salesLocId=10&shipToId=3&orderDate=2030-01-05&jobNo=J-1');
    expect(results).toHaveLength(2);
    expect(results.map((r) => [r.CompanyId, r.PricePageUid, r.ExtendedPrice])).toEqual([
      [null, 0, '12.500000000'],
      [null, 0, '25.000000000'],
    ]);
    // each required parameter missing answers its own 500, in that order
    for (const [query, missing] of [
      ['customerId=10&salesLocId=10', 'companyId'],
      ['companyId=ACME&salesLocId=10', 'customerId'],
      ['companyId=ACME&customerId=10', 'salesLocId'],
    ] as const) {
      const answer = await sandbox.raw(`/api/inventory/parts/prices?${query}`, { method: 'POST', body: '[]' });
      expect([answer.status, ((await answer.json()) as { ErrorMessage: string }).ErrorMessage]).toEqual([
        500,
        `Value cannot be null or empty. Parameter name: ${missing}`,
      ]);
    }
  });

  it('I16: an item the query surface lists may answer 404 here: the error says so', async () => {
    sandbox.server.insert('inv_mast', [{ inv_mast_uid: 990_016, item_id: 'ONLY-ON-QUERY', delete_flag: 'N' }]);
    expect((await client.page(query(inv_mast).filter((i) => i.item_id.eq('ONLY-ON-QUERY')))).rows).toHaveLength(1);
    const error = await client.inventory.parts.get('ONLY-ON-QUERY').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpResourceNotFoundError);
    expect((error as ErpResourceNotFoundError).status).toBe(404);
    expect((error as Error).message).toMatch(/some items the query surface lists, inv_mast, answer 404 here/);
  });
});

describe('the vendor ErrorType names', () => {
  it('I11, E12: published bodies name the exceptions otherwise (Prophet21Exception, NotFoundException): read as the documents name them', async () => {
    const vendor = signedIn(await started({ rowsPerObject: 1, errorTypes: 'vendor' }));
    seedItem(vendor.server.inventory, 'VENDOR-1');
    const exists = await vendor.client.inventory.parts.create(minimalItem('VENDOR-1')).catch((e: unknown) => e);
    expect(exists).toBeInstanceOf(ErpServiceError);
    expect((exists as ErpServiceError).details.errorType).toBe('P21.Common.Exceptions.Prophet21Exception');
    expect([(exists as ErpServiceError).itemId, (exists as ErpServiceError).reason]).toEqual([
      'VENDOR-1',
      'The proposed item ID already exists in the database.',
    ]);
    const missing = await vendor.client.entity.customers
      .get({ companyId: 'ACME', customerId: 987_654 })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ErpResourceNotFoundError);
    expect((missing as ErpResourceNotFoundError).details.errorType).toBe('P21.Common.Exceptions.NotFoundException');
  });
});
