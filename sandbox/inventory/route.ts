// The inventory family in the sandbox: items on `/api/inventory/parts` (their rows: items.ts) and their prices, with
// the service's documented behaviour:
// - GET `/{ItemId}` with `extendedproperties` (child collections null unless asked for, as `{list: [...]}`);
//   `new` is an item id like any other (there is no template); a `%2F` in the path answers 404 (no endpoint); an
//   item the query surface lists answers 404 when it has no location row (the documents: some items do).
// - GET `/` without `$query` times out (an unfiltered list is not supported): no answer for 110 s, then a 500
//   System.TimeoutException; with `$query` it lists the items it matches, as the entity family's lists do.
// - POST `/api/inventory/parts/` creates (without the trailing slash: 307), atomically: an existing `ItemId`,
//   missing Locations (500 "no location or location default information"), Locations without Suppliers or
//   Suppliers without LocationSuppliers (500 "no supplier or default information ... at the location"), an
//   unknown company, product group or account leave nothing behind on any family. Errors carry `Error updating
//   {ItemId}: Error updating inv_mast: ...`.
// - PUT `/{ItemId}` takes the whole item: child entries left out are removed; on an existing location only the
//   documented writable fields are written (a `PrimaryBin` that is not a bin of the location is ignored), an
//   appended one follows the rules (accounts where the location has no inventory defaults, no `Buy` on kits,
//   `OP/OQ` needs a positive order quantity, `InvMax`); an entry sent unchanged is a no-op.
// - Prices: GET `/{ItemId}/v2/price` and `/api/inventory/v2/parts/v2/price/{ItemId}` with seven required query
//   parameters; POST `/prices` and `/api/inventory/v2/parts/prices` with `companyId`, `customerId`, `salesLocId`
//   required in that order (each missing one a 500 `System.ArgumentException` naming it), a JSON or XML body
//   whose `Content-Type` must match (400 otherwise; a namespace on the XML root fails to bind); an item not
//   defined at the location is a 500 `Svc.Business.Common.BusinessException` dated `/Date(ms)/`.
// - Fault switches: the opaque intermittent 500 ("Exception has been thrown by the target of an invocation.") and
//   lock errors, for the next N price requests; the opaque 500 for the next N item creates.
import type { Caller } from '../auth.js';
import type { Routes } from '../server.js';
import { parseQuery, QuerySyntaxError } from '../rest/query-filter.js';
import {
  answered,
  bodyJson,
  bodyObject,
  Dec,
  json,
  methodNotAllowed,
  noEndpoint,
  parameters,
  redirect,
  RefusedError,
  segment,
  validation,
  type RestErrors,
  type RestReply,
  type RestRequest,
  negotiated,
  rootOf,
} from '../rest/reply.js';
import {
  APPENDED_WRITABLE,
  EXISTING_WRITABLE,
  EXTENDED,
  KEPT_LISTS,
  KEPT_OBJECTS,
  type InventoryStore,
} from './items.js';

type Row = Record<string, unknown>;

/**
 * The entries of a child collection of a payload (`{list: [...]}`); none when it is absent. An entry that is not an
 * object does not bind: the write is refused.
 */
function listOf(item: Readonly<Row>, name: string): Row[] {
  const list = (item[name] as { list?: unknown } | null | undefined)?.list;
  if (!Array.isArray(list)) return [];
  list.forEach((e, i) => {
    if (e === null || typeof e !== 'object' || Array.isArray(e))
      throw new RefusedError(
        json(400, {
          Message: 'The request is invalid.',
          Errors: [`${name}.list[${i}] must be an object, not ${JSON.stringify(e)}.`],
        }),
      );
  });
  return list as Row[];
}

const pick = (record: Readonly<Row>, names: readonly string[]): Row =>
  Object.fromEntries(names.filter((n) => Object.hasOwn(record, n)).map((n) => [n, record[n]]));

const audit = (user: string, created: boolean): Row => {
  const now = new Date().toISOString();
  return {
    date_last_modified: now,
    last_maintained_by: user,
    ...(created ? { date_created: now, created_by: user } : {}),
  };
};

/** What one write of an item runs with: the item's errors, the user, and how a field problem refuses it. */
class ItemWrite {
  constructor(
    readonly store: InventoryStore,
    readonly errors: RestErrors,
    readonly itemId: string,
    readonly user: string,
    readonly created: boolean,
  ) {}

  /** The service's failure of an item write: a 500 `ServiceException` with the item's prefix. */
  fail(message: string): never {
    throw new RefusedError(
      this.errors.error(
        500,
        'Svc.Common.Exceptions.ServiceException',
        `Error updating ${this.itemId}: Error updating inv_mast: ${message}`,
      ),
    );
  }

  readonly check = (issues: string[]): void => {
    if (issues.length) throw new RefusedError(validation(issues));
  };

  get audit(): Row {
    return audit(this.user, this.created);
  }

  /** The rules a location entry must pass; `appended`: not yet a location of the item. Its fields to write. */
  location(item: Readonly<Row>, location: Readonly<Row>, appended: boolean): Row {
    const company = String(location['CompanyId'] ?? 'ACME');
    const locationId = Number(location['LocationId']);
    if (appended && !this.store.companyExists(company)) this.fail(`Company ${company} could not be retrieved.`);
    const groupId = location['ProductGroupId'];
    const group = groupId === undefined && !appended ? {} : this.store.productGroup(company, String(groupId));
    if (!group) this.fail(`Product group ${String(groupId)} does not exist for the company ID ${company}.`);
    if (!appended) {
      const fields = pick(location, EXISTING_WRITABLE);
      // the bin must already exist at the location; another is ignored, and the PUT still answers 200
      if (fields['PrimaryBin'] != null && !this.store.binExists(locationId, String(fields['PrimaryBin'])))
        delete fields['PrimaryBin'];
      return fields;
    }
    const hasDefaults = this.store.locationsWithDefaults.has(locationId);
    const accounts = this.store.accounts.get(company);
    const fields = pick(location, APPENDED_WRITABLE);
    fields['CompanyId'] = company;
    for (const account of ['GlAccountNo', 'RevenueAccountNo', 'CosAccountNo']) {
      const value = location[account];
      if (value === undefined || value === null || value === '') {
        if (!hasDefaults) this.fail('Required value missing for revenue account.');
        // the accounts derive from the product group and the location
        fields[account] = group[account] ?? null;
      } else if (accounts && !accounts.has(String(value)))
        this.fail(`Account ${String(value)} does not exist for company ${company}.`);
    }
    if (item['Kit'] === 'Y' && location['Buy'] === 'Y') this.fail('A kit item cannot be bought.');
    if (location['ReplenishmentMethod'] === 'OP/OQ' && !(Number(location['InvMax']) > 0))
      this.fail('Order quantity (InvMax) must be greater than zero for OP/OQ replenishment.');
    if (fields['PrimaryBin'] != null && !this.store.binExists(locationId, String(fields['PrimaryBin'])))
      delete fields['PrimaryBin'];
    return fields;
  }

  /**
   * The child collections of the payload, written over the item's: entries left out are removed, entries given
   * are added or changed, the kept collections replaced.
   */
  children(item: Readonly<Row>, payload: Readonly<Row>): void {
    const { store } = this;
    // the item's location-supplier entries before this write: only an appended one may add an item-supplier link
    const linked = new Set(
      (store.child(item, 'LocationSuppliers') as { list: Row[] }).list.map(
        (l) => `${String(l['LocationId'])}/${String(l['SupplierId'])}`,
      ),
    );
    const locations = store.locations.find({ InvMastUid: item['InvMastUid'] });
    const given = listOf(payload, 'Locations');
    for (const old of locations)
      if (!given.some((l) => Number(l['LocationId']) === old['LocationId'])) store.locations.remove(old);
    for (const entry of given) {
      const existing = locations.some((l) => l['LocationId'] === Number(entry['LocationId']));
      const fields = this.location(item, entry, !existing);
      if (existing) store.changeLocation(item, { ...fields, LocationId: entry['LocationId'] }, this.audit, this.check);
      else store.addLocation(item, fields, this.audit, this.check);
    }
    const suppliers = listOf(payload, 'Suppliers');
    for (const old of store.suppliers.find({ InvMastUid: item['InvMastUid'] }))
      if (!suppliers.some((s) => Number(s['SupplierId']) === old['SupplierId'])) store.removeSupplier(old);
    for (const entry of suppliers)
      store.changeSupplier(store.supplierOf(item, entry, this.audit, this.check), entry, this.audit, this.check);
    const units = listOf(payload, 'UnitsOfMeasure');
    for (const old of store.units.find({ InvMastUid: item['InvMastUid'] }))
      if (!units.some((u) => u['UnitOfMeasure'] === old['UnitOfMeasure'])) store.units.remove(old);
    for (const entry of units) store.putUnit(item, entry, this.audit, this.check);
    const links = listOf(payload, 'LocationSuppliers');
    for (const supplier of store.suppliers.find({ InvMastUid: item['InvMastUid'] }))
      for (const old of store.locationSuppliers.find({ InventorySupplierUid: supplier['InventorySupplierUid'] }))
        if (
          !links.some(
            (l) => Number(l['SupplierId']) === supplier['SupplierId'] && Number(l['LocationId']) === old['LocationId'],
          )
        )
          store.locationSuppliers.remove(old);
    for (const entry of links) {
      const existing = linked.has(`${Number(entry['LocationId'])}/${Number(entry['SupplierId'])}`);
      // an entry the item had, whose supplier this payload removed, goes with it
      if (existing && !suppliers.some((s) => Number(s['SupplierId']) === Number(entry['SupplierId']))) continue;
      store.putLocationSupplier(item, entry, this.audit, this.check);
    }
    const kept: Row = {};
    for (const name of KEPT_LISTS) kept[name] = payload[name] ?? { list: [] };
    for (const name of KEPT_OBJECTS) kept[name] = payload[name] ?? null;
    this.check(store.items.update(item, kept, this.audit));
  }
}

function answerItem(store: InventoryStore, item: Readonly<Row>, asked: ReadonlySet<string>): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(item)) if (!EXTENDED.includes(name) && name !== 'Kit') out[name] = value;
  out['ObjectName'] = 'inv_mast';
  out['UserDefinedFields'] = store.userFields.read('inv_mast', item) ?? {};
  for (const name of EXTENDED) out[name] = asked.has(name) ? store.child(item, name) : null;
  return out;
}

function asked(query: string): Set<string> {
  const value = parameters(query).get('extendedproperties') ?? '';
  return new Set(value === '*' ? EXTENDED : value.split(',').filter(Boolean));
}

function create(store: InventoryStore, errors: RestErrors, payload: Row, user: string): RestReply {
  const id = String(payload['ItemId'] ?? '');
  const write = new ItemWrite(store, errors, id, user, true);
  if (store.has(id)) write.fail('The proposed item ID already exists in the database.');
  if (listOf(payload, 'Locations').length === 0)
    return errors.error(
      500,
      'Svc.Common.Exceptions.ServiceException',
      `No location or location default information was found for item ${id}.`,
    );
  if (listOf(payload, 'Suppliers').length === 0 || listOf(payload, 'LocationSuppliers').length === 0)
    return errors.error(
      500,
      'Svc.Common.Exceptions.ServiceException',
      `No supplier or default information was found for item ${id} at the location.`,
    );
  // atomic: whatever refuses the item leaves no row of it on any family
  return store.database.atomically(() => {
    const fields = pick(payload, Object.keys(ITEM_WRITABLE(payload)));
    const uid = store.addItem(fields, write.audit, write.check);
    const item = store.items.get({ InvMastUid: uid })!;
    write.children(item, payload);
    write.check(store.userFields.write('inv_mast', item, payload['UserDefinedFields']));
    return json(200, answerItem(store, store.items.get(item)!, new Set()));
  });
}

/** The item fields a payload may write: all but its identity and the child collections. */
function ITEM_WRITABLE(payload: Readonly<Row>): Row {
  return Object.fromEntries(
    Object.entries(payload).filter(
      ([name]) => !EXTENDED.includes(name) && !['InvMastUid', 'ObjectName', 'UserDefinedFields', 'Kit'].includes(name),
    ),
  );
}

function update(store: InventoryStore, errors: RestErrors, id: string, payload: Row, user: string): RestReply {
  const item = store.visible(id);
  if (!item) return errors.notFound(id);
  const write = new ItemWrite(store, errors, id, user, false);
  return store.database.atomically(() => {
    const { ItemId: _id, ...fields } = ITEM_WRITABLE(payload);
    write.check(store.items.update(item, fields, write.audit));
    write.children(item, payload);
    write.check(store.userFields.write('inv_mast', item, payload['UserDefinedFields']));
    return json(200, answerItem(store, store.items.get(item)!, new Set()));
  });
}

/** The fields of a location a price reads. */
const PRICED = ['QtyOnHand', 'QtyAllocated', 'StandardCost', 'Delete'];

const SINGLE = ['companyId', 'customerId', 'salesLocId', 'sourceLocId', 'uom', 'priceUom', 'unitQuantity'];

/** The documents' opaque intermittent failure at scale. */
const invocation500 = (errors: RestErrors) =>
  errors.error(
    500,
    'System.Reflection.TargetInvocationException',
    'Exception has been thrown by the target of an invocation.',
  );

/** The opaque 500 and lock faults, counted down per price request. */
function fault(store: InventoryStore, errors: RestErrors): RestReply | undefined {
  if ((store.faults.invocation500 ?? 0) > 0) {
    store.faults.invocation500 = (store.faults.invocation500 ?? 0) - 1;
    return invocation500(errors);
  }
  if ((store.faults.locked ?? 0) > 0) {
    store.faults.locked = (store.faults.locked ?? 0) - 1;
    return errors.error(
      500,
      'System.Data.SqlClient.SqlException',
      'Transaction (Process ID 61) was deadlocked on lock resources with another process and has been chosen as the deadlock victim. Rerun the transaction.',
    );
  }
  return undefined;
}

/** A price result, or the BusinessException of an item not defined at the location (the whole request fails). */
function priceOf(
  store: InventoryStore,
  errors: RestErrors,
  itemId: string,
  companyId: string | undefined,
  locationId: number,
  quantity: string,
  uom: string | undefined,
): Row {
  // only what a price reads: a batch reads thousands of items
  const item = store.items.served ? store.items.find({ ItemId: itemId }, ['Price1', 'BaseUnit'])[0] : undefined;
  const location =
    item && Number.isSafeInteger(locationId)
      ? store.locations.find({ InvMastUid: item['InvMastUid'], LocationId: locationId }, PRICED)[0]
      : undefined;
  if (!item || !location || location['Delete'] === 'Y')
    throw new RefusedError(
      errors.error(
        500,
        'Svc.Business.Common.BusinessException',
        `Item ${itemId} is not valid or not defined at this location (${locationId}).`,
        'ms',
      ),
    );
  const unit = Dec.of(String(item['Price1'] ?? '0'));
  const onHand = Dec.of(String(location['QtyOnHand'] ?? '0'));
  const allocated = Dec.of(String(location['QtyAllocated'] ?? '0'));
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
    UnitSalesCost: Dec.of(String(location['StandardCost'] ?? '0')),
    LotCosted: 'N',
    ItemId: itemId,
    // the service may answer null here even when the company was supplied
    CompanyId: companyId === 'BETA' ? null : (companyId ?? null),
    LocationId: locationId,
    // on hand less allocated, non-pickable, quarantined and frozen (the last three are none here)
    QuantityAvailable: onHand.minus(allocated),
    QuantityOnHand: onHand,
    QuantityAllocated: allocated,
    QuantityNonPickable: zero,
    QuantityQuarantined: zero,
    QuantityFrozen: zero,
    LocationType: 'Warehouse',
  };
}

const argumentMissing = (errors: RestErrors, name: string) =>
  errors.error(500, 'System.ArgumentException', `Value cannot be null or empty. Parameter name: ${name}`, 'ms');

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

/** The batch body's model state error, as the web framework answers a body that does not bind. */
const notBound = (field: string, message: string): RestReply =>
  json(400, { Message: 'The request is invalid.', ModelState: { [field]: [message] } });

/** The items of a batch price body, or the framework's 400 when they do not bind. */
function batchItems(request: RestRequest): Row[] | RestReply {
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  const body = (request.body ?? '').trim();
  let items: unknown[];
  if (type.includes('application/json')) {
    if (body.startsWith('<')) return notBound('itemPriceInfo', 'The itemPriceInfo field is required.');
    const parsed = bodyJson(request);
    if ('problem' in parsed) return notBound('itemPriceInfo', parsed.problem);
    if (!Array.isArray(parsed.value)) return notBound('itemPriceInfo', 'An array is required.');
    items = parsed.value;
  } else if (type.includes('application/xml') || type.includes('text/xml')) {
    if (!body.startsWith('<'))
      return {
        status: 400,
        headers: { 'Content-Type': 'text/html' },
        body: '<html><body><h1>Bad Request</h1></body></html>',
      };
    if (/<ArrayOfItemPriceInfo\s+xmlns/.test(body))
      return notBound('itemPriceInfo', 'Error in line 1: ArrayOfItemPriceInfo with a namespace was not expected.');
    items = [...body.matchAll(/<ItemPriceInfo>([\s\S]*?)<\/ItemPriceInfo>/g)].map((m) => {
      const entry: Row = {};
      for (const f of (m[1] ?? '').matchAll(/<(\w+)>([^<]*)<\/\1>/g))
        Object.defineProperty(entry, f[1] ?? '', { value: xmlText(f[2] ?? ''), enumerable: true });
      return entry;
    });
  } else
    // the documents: a body of the wrong content type is a 400 (not the framework's usual 415)
    return json(400, { Message: `The request entity's media type '${type}' is not supported for this resource.` });
  // each item must bind to an ItemPriceInfo with its two required members
  for (const [i, entry] of items.entries()) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
      return notBound(
        `itemPriceInfo[${i}]`,
        `Error converting value ${JSON.stringify(entry) ?? 'undefined'} to type 'ItemPriceInfo'.`,
      );
    const e = entry as Row;
    const id = e['ItemId'];
    if (id === undefined || id === null || id === '' || typeof id === 'object')
      return notBound(`itemPriceInfo[${i}].ItemId`, 'The ItemId field is required.');
    if (!/^-?\d+$/.test(String(e['SourceLocId'] ?? '')))
      return notBound(`itemPriceInfo[${i}].SourceLocId`, 'The SourceLocId field is required.');
    const quantity = e['UnitQuantity'];
    if (quantity !== undefined && quantity !== null && !/^-?\d+(\.\d+)?$/.test(String(quantity)))
      return notBound(
        `itemPriceInfo[${i}].UnitQuantity`,
        `Could not convert ${JSON.stringify(String(quantity))} to decimal.`,
      );
  }
  return items as Row[];
}

export function inventoryRoutes(store: InventoryStore, errors: RestErrors): Routes {
  return {
    name: 'inventory',
    owns: (path) => path.startsWith('/api/inventory/'),
    access: 'api',
    // the list without its trailing slash is the web server's 307, before the token is looked at
    before: (head) => (head.path === '/api/inventory/parts' ? redirect('/api/inventory/parts/') : undefined),
    route: (request, caller) =>
      negotiated(
        request,
        answered(() => inventoryAnswer(store, errors, request, caller)),
        inventoryRoot(request.path),
      ),
  };
}

/**
 * The XML root of an inventory answer: `PingResponse` and `ArrayOfItemPrice` of `ItemPrice`s (the documents and a
 * capture), else `Item` (the sandbox's name).
 */
function inventoryRoot(path: string): (value: unknown) => string {
  if (path.endsWith('/ping')) return () => 'PingResponse';
  return rootOf(/\/prices$|\/v2\/price(\/|$)/.test(path) ? 'ItemPrice' : 'Item');
}

function inventoryAnswer(store: InventoryStore, errors: RestErrors, request: RestRequest, caller: Caller): RestReply {
  const p = request.path;
  if (/%2f/i.test(p)) return noEndpoint();
  const q = parameters(request.query);

  if (p === '/api/inventory/parts/prices' || p === '/api/inventory/v2/parts/prices') {
    if (request.method !== 'POST') return noEndpoint();
    store.served.batch++;
    for (const name of ['companyId', 'customerId', 'salesLocId'])
      if (!q.get(name)) return argumentMissing(errors, name);
    const items = batchItems(request);
    if (!Array.isArray(items)) return items;
    const faulty = fault(store, errors);
    if (faulty) return faulty;
    const results = items.map((entry) =>
      priceOf(
        store,
        errors,
        String(entry['ItemId']),
        q.get('companyId'),
        Number(entry['SourceLocId']),
        String(entry['UnitQuantity'] ?? '1'),
        entry['UOM'] as string | undefined,
      ),
    );
    return json(200, results);
  }
  const single =
    /^\/api\/inventory\/parts\/([^/]+)\/v2\/price$/.exec(p) ??
    /^\/api\/inventory\/v2\/parts\/v2\/price\/([^/]+)$/.exec(p);
  if (single) {
    store.served.price++;
    // the web server decodes the path before the application sees its parameters
    const itemId = segment(single[1] ?? '');
    for (const name of SINGLE) if (!q.get(name)) return argumentMissing(errors, name);
    const quantity = q.get('unitQuantity') ?? '1';
    if (!/^-?\d+(\.\d+)?$/.test(quantity))
      return json(400, { Message: `The value '${quantity}' is not valid for unitQuantity.` });
    const faulty = fault(store, errors);
    if (faulty) return faulty;
    return json(
      200,
      priceOf(store, errors, itemId, q.get('companyId'), Number(q.get('sourceLocId')), quantity, q.get('uom')),
    );
  }
  if (p === '/api/inventory/parts/ping') return json(200, { ResponseMessage: 'success' });
  // a snapshot without the item master: the items' endpoints are not enabled
  if (!store.items.served) return noEndpoint();
  if (p === '/api/inventory/parts/') {
    if (request.method === 'GET') return list(store, errors, q.get('$query'));
    if (request.method !== 'POST') return methodNotAllowed(request.method);
    store.served.items++;
    if ((store.faults.createInvocation500 ?? 0) > 0) {
      store.faults.createInvocation500 = (store.faults.createInvocation500 ?? 0) - 1;
      return invocation500(errors);
    }
    const body = bodyObject(request);
    if ('problem' in body) return json(400, { Message: 'The request is invalid.', Errors: [body.problem] });
    return create(store, errors, body.record, caller.user);
  }
  const one = /^\/api\/inventory\/parts\/([^/]+)$/.exec(p);
  if (!one) return noEndpoint();
  store.served.items++;
  const id = segment(one[1] ?? '');
  if (request.method === 'GET') {
    // I16: some items the query surface lists answer 404 here
    const item = store.visible(id);
    return item ? json(200, answerItem(store, item, asked(request.query))) : errors.notFound(id);
  }
  if (request.method === 'PUT') {
    const body = bodyObject(request);
    if ('problem' in body) return json(400, { Message: 'The request is invalid.', Errors: [body.problem] });
    return update(store, errors, id, body.record, caller.user);
  }
  return methodNotAllowed(request.method);
}

/**
 * How long an unfiltered item list runs before the service gives up (ASP.NET's default request timeout, 110 s: the
 * documents say only that it times out): a client with a shorter timeout meets its own.
 */
const UNFILTERED_LIST_MS = 110_000;

/** I2: an unfiltered list times out on the service; a `$query` lists the items it matches. */
function list(store: InventoryStore, errors: RestErrors, query: string | undefined): RestReply {
  if (query === undefined || query.trim() === '')
    return {
      ...errors.error(500, 'System.TimeoutException', 'The operation has timed out.'),
      afterMs: UNFILTERED_LIST_MS,
    };
  const items = store.items.find();
  try {
    const fields = new Set([...store.items.fields.filter((f) => !EXTENDED.includes(f) && f !== 'Kit'), 'ObjectName']);
    const matches = items.map((i) => ({ ...i, ObjectName: 'inv_mast' })).filter(parseQuery(query, fields));
    return json(
      200,
      matches.map((i) => answerItem(store, i, new Set())),
    );
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    return errors.error(400, 'System.ArgumentException', `Invalid query: ${error.message}`);
  }
}

/** One item, as given (decimals as text), with its children: the sandbox's seeds and tests' (not a REST write). */
export function seedItem(store: InventoryStore, itemId: string, extra: Row = {}): void {
  const existing = store.item(itemId);
  store.database.atomically(() => {
    if (existing) store.removeItem(existing);
    const fail = (issues: string[]) => {
      if (issues.length) throw new Error(`seed item ${itemId}: ${issues.join(' ')}`);
    };
    const when = audit('sandbox', true);
    const fields: Row = {
      ItemId: itemId,
      ItemDesc: `Item ${itemId}`,
      Delete: 'N',
      Weight: '0',
      NetWeight: '0',
      ClassId1: '',
      Serialized: 'N',
      TrackLots: 'N',
      Price1: '12.5',
      Price2: '0',
      DefaultSellingUnit: 'EA',
      DefaultPurchasingUnit: 'EA',
      BaseUnit: 'EA',
      ...extra,
    };
    const uid = store.addItem(fields, when, fail);
    const item = store.items.get({ InvMastUid: uid })!;
    store.addLocation(
      item,
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
        MovingAverageCost: '3.3333',
        StandardCost: '3.25',
        ReplenishmentMethod: 'Min/Max',
        PrimaryBin: 'A1',
        QtyAllocated: '0',
        PrimarySupplierId: 10,
      },
      when,
      fail,
    );
    const supplier = store.supplierOf(
      item,
      { SupplierId: 10, DivisionId: 1, SupplierPartNo: '', ListPrice: '0', Cost: '0' },
      when,
      fail,
    );
    store.putUnit(item, { UnitOfMeasure: 'EA', UnitSize: '1' }, when, fail);
    store.putLocationSupplier(
      item,
      { LocationId: 10, SupplierId: supplier['SupplierId'], PrimarySupplier: 'Y' },
      when,
      fail,
    );
  });
}

/**
 * The companies, product groups and bins the seeded items and the rules use, as rows of their tables, and the seeded
 * items: each written when its table is created, so a sandbox that is not asked for them does not make them.
 */
export function seedInventory(store: InventoryStore, items: readonly string[]): void {
  const { database } = store;
  const add = (table: string, rows: Row[]) =>
    database.whenCreated(table, () => {
      for (const row of rows) if (database.rowsWhere(table, row).length === 0) database.insert(table, [row]);
    });
  add('company', [{ company_id: 'ACME' }, { company_id: 'BETA' }]);
  const groups = [
    ['ACME', 'MISC'],
    ['ACME', 'TOOLS'],
    ['BETA', 'MISC'],
  ] as const;
  add(
    'product_group',
    groups.map(([company, group]) => {
      const [asset, revenue, cos] = [...(store.accounts.get(company) ?? [])];
      return {
        company_id: company,
        product_group_id: group,
        asset_account_no: asset,
        revenue_account_no: revenue,
        cos_account_no: cos,
      };
    }),
  );
  add('bin', [
    { location_id: 10, bin: 'A1' },
    { location_id: 10, bin: 'B2' },
  ]);
  if (store.items.served) database.whenCreated('inv_mast', () => items.forEach((item) => seedItem(store, item)));
}
