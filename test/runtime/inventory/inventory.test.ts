// The inventory family of the generated package against the sandbox's inventory routes over real HTTP, signed in
// with a token the sandbox issued: items (typed child collections, `new` as an id (I1), the list that needs a
// `$query` (I2), create with its blocks (I3), append-and-update proven by reading back (I4), the appended-location
// rules (I5)), prices (I6, I7, I8, bulk with chunks and retries: I9, I10), exact decimals both ways and the typed
// errors (I11); every answer received is checked against the zod schema of its record.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ErpNotAppliedError,
  ErpQueryError,
  ErpResourceNotFoundError,
  ErpServiceError,
  ErpWriteNotAppliedError,
  query,
} from '@acme/erp-schema';
import {
  answerSchemas,
  userDefinedFields,
  type ErpClient,
  type ItemCreate,
  type PriceItem,
} from '@acme/erp-schema/client';
import { inv_loc } from '@acme/erp-schema/tables/inv_loc';
import { seedItem } from '../../../sandbox/inventory/route.js';
import { decimalsIn, minimalItem, startSignedIn, type SignedIn } from '../../support/sandbox.js';

let sandbox: SignedIn;
let client: ErpClient;
const slept: number[] = [];

beforeAll(async () => {
  sandbox = await startSignedIn({ rowsPerObject: 1 });
  client = sandbox.recording({ retry: { random: () => 0.5, sleep: async (ms) => void slept.push(ms) } });
  seedItem(sandbox.server.inventory, 'WIDGET-001');
  seedItem(sandbox.server.inventory, 'AB#12&+', { Price1: '123456789012345.6789' });
  seedItem(sandbox.server.inventory, 'A/B');
  seedItem(sandbox.server.inventory, 'KIT-1', { Kit: 'Y' });
});
afterAll(() => sandbox.server.close());
beforeEach(() => {
  slept.length = 0;
  sandbox.server.inventory.faults = {};
});

const last = () => sandbox.server.requests[sandbox.server.requests.length - 1];
const put = (itemId: string, body: unknown) =>
  sandbox.raw(`/api/inventory/parts/${encodeURIComponent(itemId)}`, { method: 'PUT', body: JSON.stringify(body) });

describe('inventory items', () => {
  it('get fills the child collections asked for, as {list: [...]}, with exact decimals', async () => {
    const item = await client.inventory.parts.get('WIDGET-001', {
      extendedProperties: ['Locations', 'UnitsOfMeasure'],
    });
    expect(last()?.query).toBe('extendedproperties=Locations%2CUnitsOfMeasure');
    expect(item.Locations.list[0]?.QtyOnHand).toBe('40.123456789');
    // as the column holds it: standard_cost is decimal(19,4)
    expect(item.Locations.list[0]?.StandardCost).toBe('3.2500');
    expect(item.UnitsOfMeasure.list.map((u) => u.UnitOfMeasure)).toEqual(['EA']);
    expect(item.Suppliers).toBeNull();
    expect(item.Price1).toBe('12.5000');
    const all = await client.inventory.parts.get('WIDGET-001', { extendedProperties: '*' });
    expect(all.LocationSuppliers.list[0]?.PrimarySupplier).toBe('Y');
    expect(all.AltCodes).toEqual({ list: [] });
  });

  it("I1: 'new' is an item id, not a template", async () => {
    await expect(client.inventory.parts.get('new')).rejects.toBeInstanceOf(ErpResourceNotFoundError);
    expect(last()?.path).toBe('/api/inventory/parts/new');
    await client.inventory.parts.create(minimalItem('new'));
    expect((await client.inventory.parts.get('new')).ItemDesc).toBe('Item new');
  });

  it('I2: there is no unfiltered list: list() needs a $query (the service times out without one)', async () => {
    const before = sandbox.server.requests.length;
    await expect((client.inventory.parts.list as (o: unknown) => Promise<unknown>)({})).rejects.toThrow(
      /needs a query: an unfiltered item list times out/,
    );
    expect(sandbox.server.requests.length).toBe(before);
    // the service runs the unfiltered list until it times out: a caller's shorter timeout ends the wait first
    const unfiltered = await fetch(`${sandbox.url}/api/inventory/parts/`, {
      headers: { Authorization: `Bearer ${await sandbox.auth.token()}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(300),
    }).catch((e: unknown) => e);
    expect((unfiltered as Error).name).toBe('TimeoutError');
    const found = await client.inventory.parts.list({
      query: (f, { or }) => or(f.ItemId.eq('WIDGET-001'), f.ItemId.startswith('AB#')),
    });
    expect(last()?.path).toBe('/api/inventory/parts/');
    expect(found.map((i) => i.ItemId).sort()).toEqual(['AB#12', 'AB#12&+', 'WIDGET-001']);
    expect(found.every((i) => i.Locations === null)).toBe(true);
  });

  it('I3: create posts the minimum payload to the slashed path and answers the item', async () => {
    const created = await client.inventory.parts.create(minimalItem('BOLT-1'));
    expect(last()?.method).toBe('POST');
    expect(last()?.path).toBe('/api/inventory/parts/');
    expect(created.ItemId).toBe('BOLT-1');
    const read = await client.inventory.parts.get('BOLT-1', { extendedProperties: ['Locations'] });
    expect(read.Locations.list.map((l) => l.LocationId)).toEqual([10]);
  });

  it('I3: create refuses, before sending, what the service would refuse with an opaque 500', async () => {
    const before = sandbox.server.requests.length;
    const bad = (change: Record<string, unknown>) => ({ ...minimalItem('X-1'), ...change }) as unknown as ItemCreate;
    await expect(client.inventory.parts.create(bad({ Locations: { list: [] } }))).rejects.toThrow(
      /Locations\.list is empty.*no location or location default information/,
    );
    await expect(client.inventory.parts.create(bad({ LocationSuppliers: undefined }))).rejects.toThrow(
      /LocationSuppliers\.list is empty.*no supplier or default information/,
    );
    await expect(
      client.inventory.parts.create(
        bad({ Suppliers: { list: [{ SupplierId: 10, DivisionId: 1, ObjectName: 'inv_loc' }] } }),
      ),
    ).rejects.toThrow(/ObjectName must be 'inventory_supplier'/);
    await expect(
      client.inventory.parts.create(
        bad({
          LocationSuppliers: {
            list: [{ LocationId: 99, SupplierId: 10, PrimarySupplier: 'Y', ObjectName: 'inventory_supplier_x_loc' }],
          },
        }),
      ),
    ).rejects.toBeInstanceOf(ErpQueryError);
    expect(sandbox.server.requests.length).toBe(before);
  });

  it('I3: the service itself answers each missing block with its 500 and keeps nothing (atomic create)', async () => {
    const post = (body: unknown) =>
      sandbox.raw('/api/inventory/parts/', { method: 'POST', body: JSON.stringify(body) });
    const { Locations: _l, ...noLocations } = minimalItem('X-2');
    const none = await post(noLocations);
    expect(none.status).toBe(500);
    expect(((await none.json()) as { ErrorMessage: string }).ErrorMessage).toMatch(
      /no location or location default information/i,
    );
    const { Suppliers: _s, ...noSuppliers } = minimalItem('X-2');
    const { LocationSuppliers: _x, ...noLinks } = minimalItem('X-2');
    for (const body of [noSuppliers, noLinks]) {
      const response = await post(body);
      expect(response.status).toBe(500);
      expect(((await response.json()) as { ErrorMessage: string }).ErrorMessage).toMatch(/no supplier or default/i);
    }
    await expect(client.inventory.parts.get('X-2')).rejects.toBeInstanceOf(ErpResourceNotFoundError);
    const slashless = await sandbox.raw('/api/inventory/parts', { method: 'POST' });
    expect(slashless.status).toBe(307);
  });

  it("I11: an existing ItemId is an ErpServiceError whose 'Error updating {ItemId}' prefix is read", async () => {
    const error = await client.inventory.parts.create(minimalItem('WIDGET-001')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpServiceError);
    const e = error as ErpServiceError;
    expect(e.itemId).toBe('WIDGET-001');
    expect(e.reason).toBe('The proposed item ID already exists in the database.');
    expect(e.details.errorType).toBe('Svc.Common.Exceptions.ServiceException');
    expect(e.message).toMatch(/^item WIDGET-001 was not saved: Error updating WIDGET-001: Error updating inv_mast: /);
  });

  it('a product group the company does not have fails the create, and nothing is left', async () => {
    const payload = minimalItem('X-3');
    const error = await client.inventory.parts
      .create({ ...payload, Locations: { list: [{ LocationId: 10, ProductGroupId: 'NOPE', ObjectName: 'inv_loc' }] } })
      .catch((e: unknown) => e);
    expect((error as ErpServiceError).reason).toMatch(/Product group NOPE does not exist for the company ID/);
    await expect(client.inventory.parts.get('X-3')).rejects.toBeInstanceOf(ErpResourceNotFoundError);
  });
});

describe('appendOrUpdate', () => {
  it('I4: reads, changes, PUTs the whole item with every existing entry, and reads back', async () => {
    seedItem(sandbox.server.inventory, 'APP-1');
    const from = sandbox.server.requests.length;
    const after = await client.inventory.parts.appendOrUpdate('APP-1', {
      item: { ItemDesc: 'Renamed' },
      locations: {
        update: [{ LocationId: 10, Sellable: 'N', PrimaryBin: 'B2' }],
        append: [
          {
            LocationId: 30,
            CompanyId: 'BETA',
            ProductGroupId: 'MISC',
            GlAccountNo: '1300-100',
            RevenueAccountNo: '4000-100',
            CosAccountNo: '5000-100',
            ReplenishmentMethod: 'OP/OQ',
            InvMax: 5,
          },
          { LocationId: 20, CompanyId: 'ACME', ProductGroupId: 'TOOLS', accountsFromDefaults: true },
        ],
      },
      suppliers: { append: [{ SupplierId: 77, DivisionId: 2, ObjectName: 'inventory_supplier' }] },
      locationSuppliers: { append: [{ LocationId: 30, SupplierId: 77, PrimarySupplier: 'Y' }] },
    });
    const calls = sandbox.server.requests
      .slice(from)
      .map((r) => `${r.method} ${r.path}?${decodeURIComponent(r.query)}`);
    expect(calls).toEqual([
      'GET /api/inventory/parts/APP-1?extendedproperties=Locations,Suppliers,LocationSuppliers,UnitsOfMeasure',
      'PUT /api/inventory/parts/APP-1?',
      'GET /api/inventory/parts/APP-1?extendedproperties=Locations,Suppliers,LocationSuppliers,UnitsOfMeasure',
    ]);
    const sent = sandbox.server.requests[from + 1]?.body ?? '{}';
    const payload = JSON.parse(sent) as Record<string, { list: unknown[] }>;
    expect(payload['UnitsOfMeasure']?.list).toHaveLength(1);
    expect(payload['Suppliers']?.list).toHaveLength(2);
    expect(sent).not.toMatch(/accountsFromDefaults/);
    // the decimals read back are sent again as JSON numbers with every digit
    expect(sent).toContain('"QtyOnHand":40.123456789');
    expect(sent).toContain('"InvMax":5');
    expect(after.ItemDesc).toBe('Renamed');
    expect(after.Locations.list.map((l) => [l.LocationId, l.Sellable ?? null])).toEqual([
      [10, 'N'],
      [30, null],
      [20, null],
    ]);
    expect(after.Locations.list[0]?.PrimaryBin).toBe('B2');
    expect(after.Locations.list[1]?.InvMax).toBe('5.0');
    expect(after.LocationSuppliers.list.map((l) => l.SupplierId)).toEqual([10, 77]);
    // the rows the query surface serves: the appended location, its order quantity and its primary supplier
    const uid = after.InvMastUid!;
    const rows = await client.page(query(inv_loc).filter((l) => l.inv_mast_uid.eq(uid)));
    // (in the order of the table's key)
    expect(rows.rows.map((r) => [r.location_id, r.inv_max, r.primary_supplier_id, r.company_id])).toEqual([
      [10, 0, 10, 'ACME'],
      [20, 0, null, 'ACME'],
      [30, 5, 77, 'BETA'],
    ]);
  });

  it('I4: a 200 whose change is not there when read back is the one ErpWriteNotAppliedError (ErpNotAppliedError is its old name)', async () => {
    seedItem(sandbox.server.inventory, 'APP-2');
    const change = { locations: { update: [{ LocationId: 10, PrimaryBin: 'NO-SUCH-BIN' }] } };
    const error = await client.inventory.parts.appendOrUpdate('APP-2', change).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpWriteNotAppliedError);
    expect(error).toBeInstanceOf(ErpNotAppliedError);
    expect((error as ErpWriteNotAppliedError).fields).toEqual([
      {
        service: 'inventory/parts',
        element: 'Locations[LocationId=10]',
        field: 'PrimaryBin',
        sent: 'NO-SUCH-BIN',
        stored: 'A1',
        kind: 'not-applied',
      },
    ]);
    expect((error as Error).message).toMatch(
      /^inventory\/parts: item "APP-2": the PUT answered 200, but read back, 1 field is not applied: Locations\[LocationId=10\]\.PrimaryBin: sent "NO-SUCH-BIN", stored "A1"/,
    );
    // verify: false answers the item read without comparing
    const read = await client.inventory.parts.appendOrUpdate('APP-2', change, { verify: false });
    expect(read.Locations.list.find((l) => l.LocationId === 10)?.PrimaryBin).toBe('A1');
  });

  it('I5: the appended-location rules are checked before anything is sent', async () => {
    const before = sandbox.server.requests.length;
    const append = (location: Record<string, unknown>, kit = false) =>
      client.inventory.parts.appendOrUpdate(kit ? 'KIT-1' : 'WIDGET-001', {
        kit,
        locations: { append: [{ LocationId: 40, CompanyId: 'ACME', ProductGroupId: 'MISC', ...location } as never] },
      });
    await expect(append({})).rejects.toThrow(/GlAccountNo is required when the location has no inventory defaults/);
    await expect(append({ accountsFromDefaults: true, Buy: 'Y' }, true)).rejects.toThrow(/kit item rejects Buy/);
    await expect(append({ accountsFromDefaults: true, ReplenishmentMethod: 'OP/OQ' })).rejects.toThrow(
      /OP\/OQ' needs a positive order quantity, InvMax/,
    );
    await expect(append({ accountsFromDefaults: true, ReplenishmentMethod: 'OP/OQ', InvMax: 0 })).rejects.toThrow(
      /OP\/OQ' needs a positive order quantity, InvMax/,
    );
    expect(sandbox.server.requests.length).toBe(before);
  });

  it('I5: the service refuses each of those mistakes, and a right one is written', async () => {
    seedItem(sandbox.server.inventory, 'RULES-1');
    seedItem(sandbox.server.inventory, 'KIT-2', { Kit: 'Y' });
    const read = (id: string) => client.inventory.parts.get(id, { extendedProperties: '*' });
    const appended = async (id: string, location: Record<string, unknown>) => {
      const item = await read(id);
      const entry = { LocationId: 40, CompanyId: 'ACME', ProductGroupId: 'MISC', ObjectName: 'inv_loc', ...location };
      const response = await put(id, { ...item, Locations: { list: [...item.Locations.list, entry] } });
      return { status: response.status, body: (await response.json()) as { ErrorMessage?: string } };
    };
    // location 40 has no inventory defaults: the three accounts are needed
    expect((await appended('RULES-1', {})).body.ErrorMessage).toMatch(/Required value missing for revenue account/);
    expect((await appended('KIT-2', { LocationId: 20, Buy: 'Y' })).body.ErrorMessage).toMatch(
      /kit item cannot be bought/,
    );
    const noQuantity = await appended('RULES-1', { LocationId: 20, ReplenishmentMethod: 'OP/OQ' });
    expect(noQuantity.status).toBe(500);
    expect(noQuantity.body.ErrorMessage).toMatch(/InvMax.*must be greater than zero for OP\/OQ/);
    // none of them left anything
    expect((await read('RULES-1')).Locations.list.map((l) => l.LocationId)).toEqual([10]);
    const accounts = { GlAccountNo: '1300-000', RevenueAccountNo: '4000-000', CosAccountNo: '5000-000' };
    const right = await appended('RULES-1', { ...accounts, ReplenishmentMethod: 'OP/OQ', InvMax: 12 });
    expect(right.status).toBe(200);
    const [, added] = (await read('RULES-1')).Locations.list;
    expect([added?.LocationId, added?.ReplenishmentMethod, added?.InvMax]).toEqual([40, 'OP/OQ', '12.0']);
  });

  it('I4: the service removes child entries a PUT leaves out (why appendOrUpdate sends them all)', async () => {
    seedItem(sandbox.server.inventory, 'APP-3');
    const item = await client.inventory.parts.get('APP-3', { extendedProperties: '*' });
    const response = await put('APP-3', { ...item, Suppliers: null });
    expect(response.status).toBe(200);
    expect((await client.inventory.parts.get('APP-3', { extendedProperties: ['Suppliers'] })).Suppliers.list).toEqual(
      [],
    );
  });
});

describe('price and availability', () => {
  const single = {
    companyId: 'ACME',
    customerId: 100198,
    salesLocId: 10,
    sourceLocId: 10,
    uom: 'EA',
    priceUom: 'EA',
    unitQuantity: 3,
  };

  it('I6, I8: single price: the seven parameters, the id percent-encoded, the decimals exact', async () => {
    const price = await client.inventory.parts.price('AB#12&+', single);
    expect(last()?.path).toBe('/api/inventory/parts/AB%2312%26%2B/v2/price');
    expect(last()?.query).toBe(
      'companyId=ACME&customerId=100198&salesLocId=10&sourceLocId=10&uom=EA&priceUom=EA&unitQuantity=3',
    );
    // JSON.parse would give 123456789012345.67
    expect(price.UnitPrice).toBe('123456789012345.678900000');
    expect(price.ExtendedPrice).toBe('370370367037037.036700000');
    expect(price.QuantityAvailable).toBe('40.123456789');
    const exact = await client.inventory.parts.price('WIDGET-001', { ...single, unitQuantity: '1.123456789' });
    expect(exact.ExtendedPrice).toBe('14.043209863');
  });

  it("I8: QuantityAvailable is on hand less allocated (the location row's qty_allocated)", async () => {
    seedItem(sandbox.server.inventory, 'ALLOC-1');
    const item = sandbox.server.inventory.item('ALLOC-1')!;
    sandbox.server.inventory.locations.update(
      { InvMastUid: item['InvMastUid'], LocationId: 10 },
      { QtyAllocated: '0.123456789' },
    );
    const price = await client.inventory.parts.price('ALLOC-1', single);
    expect([price.QuantityOnHand, price.QuantityAllocated, price.QuantityAvailable]).toEqual([
      '40.123456789',
      '0.123456789',
      '40.000000000',
    ]);
  });

  it('I6: an id containing / is refused before sending, saying the service cannot price it; %2F answers 404', async () => {
    const before = sandbox.server.requests.length;
    await expect(client.inventory.parts.price('A/B', single)).rejects.toThrow(/cannot price item "A\/B".*%2F/);
    expect(sandbox.server.requests.length).toBe(before);
    const raw = await sandbox.raw('/api/inventory/parts/A%2FB/v2/price?companyId=ACME');
    expect(raw.status).toBe(404);
    await expect(client.inventory.parts.get('..')).rejects.toThrow(/cannot read item "\.\."/);
    expect(sandbox.server.requests.length).toBe(before + 1);
    // batch pricing carries the id in the body, so it can price it
    const [result] = await client.inventory.parts.prices([{ ItemId: 'A/B', SourceLocId: 10 }], single);
    expect(result?.ItemId).toBe('A/B');
  });

  it('a missing single-price parameter is refused before sending, by name', async () => {
    const { uom: _uom, ...withoutUom } = single;
    await expect(client.inventory.parts.price('WIDGET-001', withoutUom as typeof single)).rejects.toThrow(
      /needs the query parameter uom/,
    );
  });

  it('I11: an item not defined at the location is an ErpServiceError with its /Date(ms)/ timestamp decoded', async () => {
    const before = Date.now();
    const error = await client.inventory.parts
      .price('WIDGET-001', { ...single, sourceLocId: 99 })
      .catch((e: unknown) => e);
    const after = Date.now();
    expect(error).toBeInstanceOf(ErpServiceError);
    const e = error as ErpServiceError;
    expect(e.details.errorType).toBe('Svc.Business.Common.BusinessException');
    expect(e.serverMessage).toMatch(/not valid or not defined at this location/);
    // the time the sandbox answered, to the millisecond
    expect(e.details.timestamp?.getTime()).toBeGreaterThanOrEqual(before);
    expect(e.details.timestamp?.getTime()).toBeLessThanOrEqual(after);
  });

  it('I7: batch price: JSON body, the required parameters first and in the service order, quantities as numbers', async () => {
    const results = await client.inventory.parts.prices(
      [
        { ItemId: 'WIDGET-001', SourceLocId: 10, UnitQuantity: 2 },
        { ItemId: 'AB#12&+', SourceLocId: 10, UnitQuantity: '0.000000001' },
      ],
      { companyId: 'ACME', customerId: 100198, salesLocId: 10, jobNo: 'J-1' },
    );
    expect(last()?.path).toBe('/api/inventory/parts/prices');
    expect(last()?.query).toBe('companyId=ACME&customerId=100198&salesLocId=10&jobNo=J-1');
    expect(last()?.headers['content-type']).toBe('application/json');
    // quantities are JSON numbers from their exact text, whether given as a number or as text
    expect(last()?.body).toBe(
      '[{"ItemId":"WIDGET-001","SourceLocId":10,"UnitQuantity":2},{"ItemId":"AB#12&+","SourceLocId":10,"UnitQuantity":0.000000001}]',
    );
    expect(results.map((r) => [r.ItemId, r.ExtendedPrice])).toEqual([
      ['WIDGET-001', '25.000000000'],
      ['AB#12&+', '123456.789012346'],
    ]);
  });

  it('I7: batch price as XML: Content-Type application/xml, ArrayOfItemPriceInfo without a namespace, ids escaped', async () => {
    const items: PriceItem[] = [
      { ItemId: 'WIDGET-001', SourceLocId: 10, UnitQuantity: '2.5', UOM: 'EA', PriceUom: 'EA' },
      { ItemId: 'AB#12&+', SourceLocId: 10 },
      { ItemId: 'A/B', SourceLocId: 10, UnitQuantity: 1 },
    ];
    const parameters = { companyId: 'ACME', customerId: 100198, salesLocId: 10 };
    const results = await client.inventory.parts.prices(items, parameters, { format: 'xml' });
    const sent = last()!;
    expect(sent.path).toBe('/api/inventory/parts/prices');
    expect(sent.query).toBe('companyId=ACME&customerId=100198&salesLocId=10');
    expect(sent.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sent.headers['accept']).toBe('application/json');
    // the root has no namespace; each item's elements in the ordinal order of their names; `&` escaped
    expect(sent.body).toBe(
      '<?xml version="1.0" encoding="utf-8"?><ArrayOfItemPriceInfo>' +
        '<ItemPriceInfo><ItemId>WIDGET-001</ItemId><PriceUom>EA</PriceUom><SourceLocId>10</SourceLocId><UOM>EA</UOM><UnitQuantity>2.5</UnitQuantity></ItemPriceInfo>' +
        '<ItemPriceInfo><ItemId>AB#12&amp;+</ItemId><SourceLocId>10</SourceLocId></ItemPriceInfo>' +
        '<ItemPriceInfo><ItemId>A/B</ItemId><SourceLocId>10</SourceLocId><UnitQuantity>1</UnitQuantity></ItemPriceInfo>' +
        '</ArrayOfItemPriceInfo>',
    );
    expect(results.map((r) => [r.ItemId, r.ExtendedPrice])).toEqual([
      ['WIDGET-001', '31.250000000'],
      ['AB#12&+', '123456789012345.678900000'],
      ['A/B', '12.500000000'],
    ]);
    // the same items as JSON price the same
    expect(await client.inventory.parts.prices(items, parameters)).toEqual(results);
    // bulk pricing sends each chunk as XML too
    const bulk = await client.inventory.parts.pricesBulk(items, parameters, { format: 'xml', chunkSize: 500 });
    expect(last()?.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(bulk).toEqual(results);
  });

  it('batch price as XML refuses, before sending, a field it would have to invent an element for', async () => {
    const before = sandbox.server.requests.length;
    const odd = { ItemId: 'WIDGET-001', SourceLocId: 10, 'Bad Name': 1 } as unknown as PriceItem;
    await expect(
      client.inventory.parts.prices([odd], { companyId: 'ACME', customerId: 1, salesLocId: 10 }, { format: 'xml' }),
    ).rejects.toThrow(/unknown field Bad Name/);
    expect(sandbox.server.requests.length).toBe(before);
  });

  it('I7, I11: a missing batch parameter is refused before sending, naming the first one in the service order', async () => {
    const before = sandbox.server.requests.length;
    await expect(
      client.inventory.parts.prices([{ ItemId: 'WIDGET-001', SourceLocId: 10 }], { companyId: 'ACME' } as never),
    ).rejects.toThrow(/needs the query parameter customerId/);
    expect(sandbox.server.requests.length).toBe(before);
    const raw = await sandbox.raw('/api/inventory/parts/prices?customerId=1', { method: 'POST', body: '[]' });
    expect(raw.status).toBe(500);
    expect(await raw.json()).toMatchObject({
      ErrorType: 'System.ArgumentException',
      ErrorMessage: expect.stringMatching(/companyId/),
    });
  });

  it("I7: the service's Content-Type rules: the body must match, XML without a namespace on the root", async () => {
    const post = (type: string, body: string) =>
      sandbox.raw('/api/inventory/v2/parts/prices?companyId=ACME&customerId=1&salesLocId=10', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body,
      });
    const xml =
      '<ArrayOfItemPriceInfo><ItemPriceInfo><ItemId>WIDGET-001</ItemId><SourceLocId>10</SourceLocId></ItemPriceInfo></ArrayOfItemPriceInfo>';
    expect((await post('application/xml', xml)).status).toBe(200);
    expect((await post('application/xml', '[{"ItemId":"WIDGET-001","SourceLocId":10}]')).status).toBe(400);
    expect((await post('application/json', xml)).status).toBe(400);
    expect(
      (await post('application/xml', xml.replace('<ArrayOfItemPriceInfo>', '<ArrayOfItemPriceInfo xmlns="urn:x">')))
        .status,
    ).toBe(400);
  });

  it('I9, I10: bulk pricing chunks, retries a lock error after 1 to 2 s and the opaque 500 once', async () => {
    // 1,200 lines over 12 items: the same item may be priced more than once in a batch
    for (let i = 0; i < 12; i++)
      if (!sandbox.server.inventory.has(`BULK-${i}`)) seedItem(sandbox.server.inventory, `BULK-${i}`);
    const items = Array.from({ length: 1_200 }, (_, i) => ({ ItemId: `BULK-${i % 12}`, SourceLocId: 10 }));
    const params = { companyId: 'ACME', customerId: 100198, salesLocId: 10 };
    const from = sandbox.server.inventory.served.batch;
    sandbox.server.inventory.faults = { locked: 1, invocation500: 0 };
    const results = await client.inventory.parts.pricesBulk(items, params);
    expect(results.map((r) => r.ItemId)).toEqual(items.map((i) => i.ItemId));
    expect(sandbox.server.inventory.served.batch - from).toBe(4); // 500 + 500 + 200, and the locked one again
    expect(slept).toEqual([1500]);

    slept.length = 0;
    sandbox.server.inventory.faults = { invocation500: 1 };
    await client.inventory.parts.pricesBulk(items.slice(0, 10), params, { chunkSize: 1000 });
    expect(slept).toHaveLength(1);

    sandbox.server.inventory.faults = { invocation500: 2 };
    const error = await client.inventory.parts.pricesBulk(items.slice(0, 10), params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpServiceError);
    expect((error as ErpServiceError).attempts).toBe(2);
    expect((error as Error).message).toMatch(/opaque server error, intermittent at scale/);
  });

  it('I10: another chunk size than the suggested 500 to 1,000 is taken, with a warning in the log', async () => {
    const items = Array.from({ length: 450 }, (_, i) => ({ ItemId: `BULK-${i % 12}`, SourceLocId: 10 }));
    const params = { companyId: 'ACME', customerId: 100198, salesLocId: 10 };
    const lines: string[] = [];
    const logged = sandbox.recording({ log: (line) => lines.push(line) });
    const from = sandbox.server.inventory.served.batch;
    const results = await logged.inventory.parts.pricesBulk(items, params, { chunkSize: 200 });
    expect(results).toHaveLength(450);
    expect(sandbox.server.inventory.served.batch - from).toBe(3); // 200 + 200 + 50
    expect(lines).toEqual([expect.stringMatching(/chunkSize 200: the documents suggest 500 to 1,000 items/)]);
    await expect(logged.inventory.parts.pricesBulk(items, params, { chunkSize: 0 })).rejects.toThrow(/1 or more/);
  });
});

describe('inventory: every answer', () => {
  it('I8: each JSON answer passes the zod schema of its answer (the package ships them); a price with nine places', () => {
    const s = answerSchemas(z, userDefinedFields);
    let checked = 0;
    for (const answer of sandbox.answers.filter(
      (a) => a.path.startsWith('/api/inventory/') && (a.body.startsWith('{') || a.body.startsWith('[')),
    )) {
      const body: unknown = JSON.parse(answer.body);
      const schema =
        answer.status >= 400
          ? 'ErrorType' in (body as object)
            ? s.error
            : s.frameworkError
          : /price/.test(answer.path)
            ? Array.isArray(body)
              ? s.prices
              : s.price
            : /ping$/.test(answer.path)
              ? s.ping
              : Array.isArray(body)
                ? s.items
                : s.item;
      expect(schema.safeParse(body).error, `${answer.method} ${answer.path}`).toBeUndefined();
      if (/price/.test(answer.path) && answer.status === 200)
        for (const decimal of decimalsIn(answer.body)) expect(decimal).toMatch(/\.\d{9}$/);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});
