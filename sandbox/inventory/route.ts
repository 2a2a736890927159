// The inventory family in the sandbox: items on `/api/inventory/parts`, kept in the sandbox's SQLite database, and
// their prices,
// with the service's documented behaviour:
// - GET `/{ItemId}` with `extendedproperties` (child collections null unless asked for, as `{list: [...]}`);
//   `new` is an item id like any other (there is no template); a `%2F` in the path answers 404 (no endpoint).
// - POST `/api/inventory/parts/` creates (without the trailing slash: 307), atomically: an existing `ItemId`,
//   missing Locations (500 "no location or location default information"), Locations without Suppliers or
//   Suppliers without LocationSuppliers (500 "no supplier or default information ... at the location"), an
//   unknown company, product group or account leave nothing behind. Errors carry `Error updating {ItemId}: Error
//   updating inv_mast: ...`.
// - PUT `/{ItemId}` replaces the item with the payload: child entries left out are removed; appended locations
//   follow the rules (accounts where the location has no inventory defaults, no `Buy` on kits, `OP/OQ` needs an
//   order quantity); an entry sent unchanged is a no-op.
// - Prices: GET `/{ItemId}/v2/price` and `/api/inventory/v2/parts/v2/price/{ItemId}` with seven required query
//   parameters; POST `/prices` and `/api/inventory/v2/parts/prices` with `companyId`, `customerId`, `salesLocId`
//   required in that order (each missing one a 500 `System.ArgumentException` naming it), a JSON or XML body
//   whose `Content-Type` must match (400 otherwise; a namespace on the XML root fails to bind); an item not
//   defined at the location is a 500 `Svc.Business.Common.BusinessException` dated `/Date(ms)/`.
// - Fault switches: the opaque intermittent 500 ("Exception has been thrown by the target of an invocation.") and
//   lock errors, for the next N price requests.
import {
  bodyJson,
  Dec,
  json,
  msDate,
  noEndpoint,
  parameters,
  redirect,
  restError,
  type RestReply,
  type RestRequest,
  decodeRecord,
  encodeRecord,
  validation,
} from '../entity/reply.js';
import type { KeyedRecords, Store } from '../store.js';
import type { UserFields } from '../entity/user-fields.js';
import type { Family } from '../server.js';

type Row = Record<string, unknown>;

const CHILDREN = ['Locations', 'Suppliers', 'UnitsOfMeasure', 'LocationSuppliers', 'LocationMSPs', 'AltCodes', 'Notes'];
const OBJECTS = ['Lot', 'Service', 'ServiceContracts', 'MSDS', 'RestrictedClasses'];
const EXTENDED = [...CHILDREN, ...OBJECTS];
const ITEM_DECIMALS = ['Weight', 'NetWeight', ...Array.from({ length: 10 }, (_, i) => `Price${i + 1}`)];
const CHILD_DECIMALS = ['QtyOnHand', 'MovingAverageCost', 'StandardCost', 'ListPrice', 'Cost', 'UnitSize'];

export interface InventoryFaults {
  /** the next N price requests answer the opaque intermittent 500 */
  invocation500?: number;
  /** the next N price requests answer a lock error */
  locked?: number;
}

/** The tenant's setup the rules consult, and the items. */
export class InventoryStore {
  /** the items by ItemId, in a table of the sandbox's database */
  readonly items: KeyedRecords<Row>;

  /** `userFields`: the items' user-defined fields, in `inv_mast_ud` when the snapshot has it */
  constructor(
    readonly database: Store,
    readonly userFields: UserFields,
  ) {
    this.items = database.keyedRecords('inventory_items', encodeRecord, decodeRecord);
  }

  /** companies, their product groups, and the locations (with or without inventory defaults) */
  readonly companies = new Map<string, { productGroups: Set<string>; accounts: Set<string> }>([
    ['ACME', { productGroups: new Set(['MISC', 'TOOLS']), accounts: new Set(['1300-000', '4000-000', '5000-000']) }],
    ['BETA', { productGroups: new Set(['MISC']), accounts: new Set(['1300-100', '4000-100', '5000-100']) }],
  ]);
  readonly locationsWithDefaults = new Set([10, 20]);
  /** the bins of each location: a `PrimaryBin` naming another is ignored, and the PUT still answers 200 */
  readonly bins = new Map<number, Set<string>>([[10, new Set(['A1', 'B2'])]]);
  faults: InventoryFaults = {};
  /** requests served, by kind, for measurements */
  readonly served = { price: 0, batch: 0, items: 0 };

  /** Stores an item as given (decimals made exact), children as lists. */
  put(item: Row): Row {
    const stored: Row = { ...item, ObjectName: 'inv_mast', UserDefinedFields: item['UserDefinedFields'] ?? {} };
    if (this.userFields.has('inv_mast')) delete stored['UserDefinedFields'];
    for (const name of ITEM_DECIMALS)
      if (stored[name] !== undefined && stored[name] !== null) stored[name] = Dec.of(String(stored[name]));
    for (const name of CHILDREN) {
      const list = ((item[name] as { list?: Row[] } | null)?.list ?? []).map((entry): Row => ({
        ...entry,
        ItemId: item['ItemId'],
      }));
      for (const entry of list)
        for (const d of CHILD_DECIMALS)
          if (entry[d] !== undefined && entry[d] !== null) entry[d] = Dec.of(String(entry[d]));
      stored[name] = { list };
    }
    this.items.set(String(item['ItemId']), stored);
    return stored;
  }
}

const fail = (itemId: string, message: string) =>
  restError(
    500,
    'Svc.Common.Exceptions.ServiceException',
    `Error updating ${itemId}: Error updating inv_mast: ${message}`,
  );

function listOf(item: Row, name: string): Row[] {
  return (item[name] as { list?: Row[] } | null | undefined)?.list ?? [];
}

/** The rules a location entry must pass; `appended`: not yet a location of the item. */
function checkLocation(store: InventoryStore, item: Row, location: Row, appended: boolean): RestReply | undefined {
  const id = String(item['ItemId']);
  const company = store.companies.get(String(location['CompanyId'] ?? 'ACME'));
  if (!company) return fail(id, `Company ${String(location['CompanyId'])} could not be retrieved.`);
  if (!company.productGroups.has(String(location['ProductGroupId'])))
    return fail(
      id,
      `Product group ${String(location['ProductGroupId'])} does not exist for the company ID ${String(location['CompanyId'] ?? 'ACME')}.`,
    );
  if (!appended) return undefined;
  const hasDefaults = store.locationsWithDefaults.has(Number(location['LocationId']));
  for (const account of ['GlAccountNo', 'RevenueAccountNo', 'CosAccountNo']) {
    const value = location[account];
    if (value === undefined || value === null || value === '') {
      if (!hasDefaults) return fail(id, 'Required value missing for revenue account.');
    } else if (!company.accounts.has(String(value)))
      return fail(id, `Account ${String(value)} does not exist for company ${String(location['CompanyId'])}.`);
  }
  if (item['Kit'] === 'Y' && location['Buy'] === 'Y') return fail(id, 'A kit item cannot be bought.');
  if (location['ReplenishmentMethod'] === 'OP/OQ' && !(Number(location['OrderQuantity']) > 0))
    return fail(id, 'Order quantity must be greater than zero for OP/OQ replenishment.');
  return undefined;
}

function answerItem(store: InventoryStore, item: Row, query: string): Row {
  const asked = parameters(query).get('extendedproperties') ?? '';
  const names = new Set(asked === '*' ? EXTENDED : asked.split(',').filter(Boolean));
  const out: Row = {};
  for (const [name, value] of Object.entries(item)) if (!EXTENDED.includes(name) && name !== 'Kit') out[name] = value;
  const udf = store.userFields.read('inv_mast', item);
  if (udf) out['UserDefinedFields'] = udf;
  for (const name of EXTENDED)
    out[name] = names.has(name) ? (item[name] ?? (CHILDREN.includes(name) ? { list: [] } : null)) : null;
  return out;
}

function create(store: InventoryStore, payload: Row): RestReply {
  const id = String(payload['ItemId'] ?? '');
  if (store.items.has(id)) return fail(id, 'The proposed item ID already exists in the database.');
  const locations = listOf(payload, 'Locations');
  if (locations.length === 0)
    return restError(
      500,
      'Svc.Common.Exceptions.ServiceException',
      `No location or location default information was found for item ${id}.`,
    );
  const noSupplier = `No supplier or default information was found for item ${id} at the location.`;
  if (listOf(payload, 'Suppliers').length === 0 || listOf(payload, 'LocationSuppliers').length === 0)
    return restError(500, 'Svc.Common.Exceptions.ServiceException', noSupplier);
  for (const location of locations) {
    const refused = checkLocation(store, payload, location, true);
    if (refused) return refused;
  }
  // the service numbers its items; the user-defined fields are joined on that number
  const keyed = { ...payload, InvMastUid: store.items.size + 15 };
  return store.database.atomically(() => {
    const udfIssues = store.userFields.write('inv_mast', keyed, payload['UserDefinedFields']);
    if (udfIssues.length) return validation(udfIssues);
    return json(200, answerItem(store, store.put(keyed), ''));
  });
}

function update(store: InventoryStore, id: string, payload: Row): RestReply {
  const item = store.items.get(id);
  if (!item) return notFound(id);
  const existing = new Set(listOf(item, 'Locations').map((l) => Number(l['LocationId'])));
  for (const location of listOf(payload, 'Locations')) {
    const refused = checkLocation(
      store,
      { ...item, ...payload },
      location,
      !existing.has(Number(location['LocationId'])),
    );
    if (refused) return refused;
  }
  const before = new Map(listOf(item, 'Locations').map((l) => [Number(l['LocationId']), l]));
  for (const location of listOf(payload, 'Locations')) {
    const old = before.get(Number(location['LocationId']));
    const bin = location['PrimaryBin'];
    if (old && bin !== old['PrimaryBin'] && !store.bins.get(Number(location['LocationId']))?.has(String(bin)))
      location['PrimaryBin'] = old['PrimaryBin'];
  }
  // the whole item is replaced: child entries left out of the payload are gone
  const next: Row = { ...payload, ItemId: id, Kit: item['Kit'], InvMastUid: item['InvMastUid'] };
  for (const name of CHILDREN) if (next[name] === undefined || next[name] === null) next[name] = { list: [] };
  const udfIssues = store.userFields.write('inv_mast', next, payload['UserDefinedFields']);
  if (udfIssues.length) return validation(udfIssues);
  return json(200, answerItem(store, store.put(next), ''));
}

const notFound = (id: string) =>
  restError(
    404,
    'ResourceNotFoundException',
    `Your query did not yield any results. No resources found for query string "GetById ${id}".`,
  );

const SINGLE = ['companyId', 'customerId', 'salesLocId', 'sourceLocId', 'uom', 'priceUom', 'unitQuantity'];

/** The opaque 500 and lock faults, counted down per price request. */
function fault(store: InventoryStore): RestReply | undefined {
  if ((store.faults.invocation500 ?? 0) > 0) {
    store.faults.invocation500 = (store.faults.invocation500 ?? 0) - 1;
    return restError(
      500,
      'System.Reflection.TargetInvocationException',
      'Exception has been thrown by the target of an invocation.',
    );
  }
  if ((store.faults.locked ?? 0) > 0) {
    store.faults.locked = (store.faults.locked ?? 0) - 1;
    return restError(
      500,
      'System.Data.SqlClient.SqlException',
      'Transaction (Process ID 61) was deadlocked on lock resources with another process and has been chosen as the deadlock victim. Rerun the transaction.',
    );
  }
  return undefined;
}

function priceOf(
  store: InventoryStore,
  itemId: string,
  companyId: string | undefined,
  locationId: number,
  quantity: string,
  uom: string | undefined,
): Row | RestReply {
  const item = store.items.get(itemId);
  const location =
    item && listOf(item, 'Locations').find((l) => Number(l['LocationId']) === locationId && l['Delete'] !== 'Y');
  if (!item || !location)
    return restError(
      500,
      'Svc.Business.Common.BusinessException',
      `Item ${itemId} is not valid or not defined at this location (${locationId}).`,
      'ms',
    );
  const unit = item['Price1'] instanceof Dec ? item['Price1'] : Dec.of('0');
  const onHand = location['QtyOnHand'] instanceof Dec ? location['QtyOnHand'] : Dec.of('0');
  const zero = Dec.of('0');
  return {
    UnitPrice: unit,
    BaseUnitPrice: unit,
    ExtendedPrice: unit.times(Dec.of(quantity)),
    UOM: uom ?? item['BaseUnit'] ?? 'EA',
    UOMUnitSize: Dec.of('1'),
    PriceUOM: uom ?? item['BaseUnit'] ?? 'EA',
    PriceUnitSize: Dec.of('1'),
    PricePageUid: 0,
    CalcValue: zero,
    UnitCommissionCost: zero,
    UnitOtherCost: zero,
    UnitSalesCost: location['StandardCost'] ?? zero,
    LotCosted: 'N',
    ItemId: itemId,
    // the service may answer null here even when the company was supplied
    CompanyId: companyId === 'BETA' ? null : (companyId ?? null),
    LocationId: locationId,
    QuantityAvailable: onHand,
    QuantityOnHand: onHand,
    QuantityAllocated: zero,
    QuantityNonPickable: zero,
    QuantityQuarantined: zero,
    QuantityFrozen: zero,
    LocationType: 'Warehouse',
  };
}

const argumentMissing = (name: string) =>
  restError(500, 'System.ArgumentException', `Value cannot be null or empty. Parameter name: ${name}`, 'ms');

/** An XML element's text, its entities decoded. */
function xmlText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, '&');
}

function batchItems(request: RestRequest): Row[] | RestReply {
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  const body = (request.body ?? '').trim();
  if (type.includes('application/json')) {
    if (body.startsWith('<'))
      return json(400, {
        Message: 'The request is invalid.',
        ModelState: { itemPriceInfo: ['The itemPriceInfo field is required.'] },
      });
    const parsed = bodyJson(request);
    return Array.isArray(parsed)
      ? (parsed as Row[])
      : json(400, { Message: 'The request is invalid.', ModelState: { itemPriceInfo: ['An array is required.'] } });
  }
  if (type.includes('application/xml') || type.includes('text/xml')) {
    if (!body.startsWith('<'))
      return {
        status: 400,
        headers: { 'Content-Type': 'text/html' },
        body: '<html><body><h1>Bad Request</h1></body></html>',
      };
    if (/<ArrayOfItemPriceInfo\s+xmlns/.test(body))
      return json(400, {
        Message: 'The request is invalid.',
        ModelState: { itemPriceInfo: ['Error in line 1: ArrayOfItemPriceInfo with a namespace was not expected.'] },
      });
    return [...body.matchAll(/<ItemPriceInfo>([\s\S]*?)<\/ItemPriceInfo>/g)].map((m) => {
      const entry: Row = {};
      for (const f of (m[1] ?? '').matchAll(/<(\w+)>([^<]*)<\/\1>/g)) entry[f[1] ?? ''] = xmlText(f[2] ?? '');
      return entry;
    });
  }
  return json(415, { Message: `The request entity's media type '${type}' is not supported for this resource.` });
}

export function inventoryFamily(store: InventoryStore): Family {
  return {
    name: 'inventory',
    owns: (path) => path.startsWith('/api/inventory/'),
    access: 'api',
    // the list without its trailing slash is the web server's 307, before the token is looked at
    before: (head) => (head.path === '/api/inventory/parts' ? redirect('/api/inventory/parts/') : undefined),
    route(request) {
      try {
        return inventoryAnswer(store, request);
      } catch (error) {
        // an item id that is not percent-encoded text: the web server's 400
        if (error instanceof URIError) return json(400, { Message: 'Bad Request' });
        throw error;
      }
    },
  };
}

function inventoryAnswer(store: InventoryStore, request: RestRequest): RestReply {
  const p = request.path;
  if (/%2f/i.test(p)) return noEndpoint();
  const q = parameters(request.query);

  if (p === '/api/inventory/parts/prices' || p === '/api/inventory/v2/parts/prices') {
    if (request.method !== 'POST') return noEndpoint();
    store.served.batch++;
    for (const name of ['companyId', 'customerId', 'salesLocId']) if (!q.get(name)) return argumentMissing(name);
    const items = batchItems(request);
    if (!Array.isArray(items)) return items;
    const faulty = fault(store);
    if (faulty) return faulty;
    const results: Row[] = [];
    for (const entry of items) {
      const result = priceOf(
        store,
        String(entry['ItemId']),
        q.get('companyId'),
        Number(entry['SourceLocId']),
        String(entry['UnitQuantity'] ?? '1'),
        entry['UOM'] as string | undefined,
      );
      if ('status' in result && 'headers' in result) return result as RestReply;
      results.push(result as Row);
    }
    return json(200, results);
  }
  const single =
    /^\/api\/inventory\/parts\/([^/]+)\/v2\/price$/.exec(p) ??
    /^\/api\/inventory\/v2\/parts\/v2\/price\/([^/]+)$/.exec(p);
  if (single) {
    store.served.price++;
    for (const name of SINGLE) if (!q.get(name)) return argumentMissing(name);
    const faulty = fault(store);
    if (faulty) return faulty;
    const result = priceOf(
      store,
      decodeURIComponent(single[1] ?? ''),
      q.get('companyId'),
      Number(q.get('sourceLocId')),
      q.get('unitQuantity') ?? '1',
      q.get('uom'),
    );
    return 'status' in result && 'headers' in result ? (result as RestReply) : json(200, result);
  }
  if (p === '/api/inventory/parts/ping') return json(200, { ResponseMessage: 'success' });
  if (p === '/api/inventory/parts/') {
    if (request.method !== 'POST') return restError(500, 'System.TimeoutException', 'The operation has timed out.');
    store.served.items++;
    const payload = bodyJson(request);
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
      return json(400, { Message: 'The request is invalid.' });
    return create(store, payload as Row);
  }
  const one = /^\/api\/inventory\/parts\/([^/]+)$/.exec(p);
  if (!one) return noEndpoint();
  store.served.items++;
  const id = decodeURIComponent(one[1] ?? '');
  if (request.method === 'GET') {
    const item = store.items.get(id);
    return item ? json(200, answerItem(store, item, request.query)) : notFound(id);
  }
  if (request.method === 'PUT') {
    const payload = bodyJson(request);
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
      return json(400, { Message: 'The request is invalid.' });
    return update(store, id, payload as Row);
  }
  return json(405, { Message: `The requested resource does not support http method '${request.method}'.` });
}

/** One item with a location at 10 (company ACME), a supplier and its unit, priced at 12.500000000. */
export function seedItem(store: InventoryStore, itemId: string, extra: Row = {}): Row {
  return store.put({
    ItemId: itemId,
    ItemDesc: `Item ${itemId}`,
    Delete: 'N',
    Weight: '0',
    NetWeight: '0',
    ClassId1: '',
    Serialized: 'N',
    TrackLots: 'N',
    Price1: '12.500000000',
    Price2: '0',
    DefaultSellingUnit: 'EA',
    DefaultPurchasingUnit: 'EA',
    BaseUnit: 'EA',
    InvMastUid: store.items.size + 15,
    Locations: {
      list: [
        {
          LocationId: 10,
          CompanyId: 'ACME',
          ProductGroupId: 'MISC',
          Sellable: 'Y',
          Stockable: 'Y',
          GlAccountNo: '1300-000',
          RevenueAccountNo: '4000-000',
          CosAccountNo: '5000-000',
          QtyOnHand: '40.123456789',
          MovingAverageCost: '3.333333333',
          StandardCost: '3.25',
          ReplenishmentMethod: 'Min/Max',
          Delete: 'N',
          ObjectName: 'inv_loc',
        },
      ],
    },
    Suppliers: {
      list: [
        {
          SupplierId: 10,
          DivisionId: 1,
          SupplierPartNo: '',
          ListPrice: '0',
          Cost: '0',
          ObjectName: 'inventory_supplier',
        },
      ],
    },
    UnitsOfMeasure: { list: [{ UnitOfMeasure: 'EA', UnitSize: '1', ObjectName: 'item_uom' }] },
    LocationSuppliers: {
      list: [{ LocationId: 10, SupplierId: 10, PrimarySupplier: 'Y', ObjectName: 'inventory_supplier_x_loc' }],
    },
    ...extra,
  });
}
