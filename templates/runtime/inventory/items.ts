// Inventory items on `/api/inventory/parts`: read, create, and append-and-update.
//
// Service facts this follows:
// - GET `/{ItemId}` with optional `extendedproperties=*` or a comma list; child collections are null unless
//   asked for and come as `{list: [...]}`. There is no `/new` template: `new` is an item id like any other.
// - POST `/api/inventory/parts/` (with the trailing slash; without it 307) creates, atomically: a failed create
//   leaves nothing (a following GET answers 404). The minimum payload is the item (`ItemId`, `ItemDesc`,
//   `ObjectName` `inv_mast`), `Locations.list[]` (`LocationId`, `ProductGroupId`, `inv_loc`), `Suppliers.list[]`
//   (`SupplierId`, `DivisionId`, `inventory_supplier`), `LocationSuppliers.list[]` (`LocationId`, `SupplierId`,
//   `PrimarySupplier` `Y`, `inventory_supplier_x_loc`). Without Locations the service answers an opaque 500 (no
//   location or location default information); with Locations but no Suppliers, or Suppliers but no
//   LocationSuppliers, another 500 (no supplier or default information at the location). `create` refuses those
//   before sending, so the caller gets the reason instead.
// - PUT `/{ItemId}` takes the whole item with its child lists and answers the item (200). Entries left out may
//   be removed, so a change is made by reading the item with `Locations,Suppliers,LocationSuppliers,
//   UnitsOfMeasure`, changing it, and sending it all back; a 200 alone does not prove the write, so it is read
//   back. Writable on existing locations: `Sellable`, `ProductGroupId`, `PurchaseDiscountGroup`,
//   `SalesDiscountGroup`, `ReplenishmentLocation`, `PrimaryBin` (and `Delete` Y/N, soft delete and restore);
//   appended locations also honour `Stockable`, `TaxGroupId`, `TrackBins`, `ReplenishmentMethod`.
// - Appended-location rules: a location without inventory defaults needs `GlAccountNo`, `RevenueAccountNo` and
//   `CosAccountNo` (else a required-value error for the revenue account); a kit item rejects `Buy` = `Y`
//   (omit `Buy`/`Make` for kits); `ReplenishmentMethod` `OP/OQ` needs a positive order quantity, `InvMax` (else
//   use `Min/Max`; the field is inferred, see LOCATION_FIELDS). Units of measure are item level, shared across
//   companies: the existing ones are sent back.
// - An item id containing `/` cannot be put in these URLs (`%2F` answers 404).
// - An unfiltered list is not supported (it times out on the service): `list` needs a `$query`, and there is no
//   `listAll`. Some items the query surface lists answer 404 here (the error says so).
// - Decimals are sent as JSON numbers from their exact text: a write takes `Price1: 12.5` or `'12.5000'`.
import { ErpQueryError, type WriteMismatch } from '../errors.js';
import { checkVerify } from '../option-checks.js';
import { fieldMismatch, settle, type VerifyMode } from '../write-check.js';
import type { FieldKind } from '../contract.js';
import type { FamilyContext } from '../family.js';
import {
  arrayCheck,
  listCheck,
  nestedCheck,
  objectCheck,
  recordCheck,
  type Check,
  type FieldsOf,
  type RestRecord,
  type Simplify,
  type UserDefinedFieldsOf,
  type UserDefinedFieldWritesOf,
  type WriteFieldsOf,
  userFieldKinds,
  writeShape,
} from '../rest/fields.js';
import { buildQuery, type QueryBuilder } from '../rest/query.js';
import { queryOf, restCall } from '../rest/call.js';
import { ErpResourceNotFoundError } from '../rest/errors.js';
import {
  ITEM_EXTENDED,
  ITEM_FIELDS,
  ITEM_TABLE,
  LOCATION_FIELDS,
  LOCATION_SUPPLIER_FIELDS,
  SUPPLIER_FIELDS,
  UNIT_FIELDS,
} from './records.js';

export type ItemFields = FieldsOf<typeof ITEM_FIELDS>;
export type ItemLocation = FieldsOf<typeof LOCATION_FIELDS>;
export type ItemSupplier = FieldsOf<typeof SUPPLIER_FIELDS>;
export type ItemLocationSupplier = FieldsOf<typeof LOCATION_SUPPLIER_FIELDS>;
export type ItemUnit = FieldsOf<typeof UNIT_FIELDS>;
/** What writes take: the same fields, a decimal as a number (`12.5`) or its text (`'12.5000'`). */
export type ItemWriteFields = WriteFieldsOf<typeof ITEM_FIELDS>;
export type LocationWriteFields = WriteFieldsOf<typeof LOCATION_FIELDS>;
export type SupplierWriteFields = WriteFieldsOf<typeof SUPPLIER_FIELDS>;
export type UnitWriteFields = WriteFieldsOf<typeof UNIT_FIELDS>;

/** A child collection, as the service sends it. */
export interface ChildList<T> {
  list: T[];
}

/** The child collections by name: typed lists, untyped lists, and objects of undocumented shape (may be null). */
export type ItemExtended = {
  [K in keyof typeof ITEM_EXTENDED]: (typeof ITEM_EXTENDED)[K] extends Readonly<Record<string, FieldKind>>
    ? ChildList<FieldsOf<(typeof ITEM_EXTENDED)[K]>>
    : (typeof ITEM_EXTENDED)[K] extends 'list'
      ? ChildList<Readonly<Record<string, unknown>>>
      : Readonly<Record<string, unknown>> | readonly unknown[] | null;
};
export type ItemExtendedName = keyof ItemExtended & string;

/** The item's user-defined fields: typed where the snapshot has `inv_mast_ud`. */
export type ItemUserFields = UserDefinedFieldsOf<typeof ITEM_TABLE>;

/** An item: its fields, `UserDefinedFields`, and each child collection present when asked for, else null. */
export type ItemRecord<P = readonly []> = RestRecord<ItemFields, ItemExtended, P, ItemUserFields>;

type NonEmpty<T> = readonly [T, ...T[]];
type Rest<F, Taken extends keyof F> = { [K in Exclude<keyof F, Taken>]?: F[K] };

export type LocationCreate = Simplify<
  { LocationId: number; ProductGroupId: string; ObjectName: 'inv_loc' } & Rest<
    LocationWriteFields,
    'LocationId' | 'ProductGroupId' | 'ObjectName' | 'ItemId'
  >
>;
export type SupplierCreate = Simplify<
  { SupplierId: number; DivisionId: number; ObjectName: 'inventory_supplier' } & Rest<
    SupplierWriteFields,
    'SupplierId' | 'DivisionId' | 'ObjectName' | 'ItemId'
  >
>;
export type LocationSupplierCreate = {
  LocationId: number;
  SupplierId: number;
  PrimarySupplier: 'Y';
  ObjectName: 'inventory_supplier_x_loc';
};
export type LocationSupplierAppend = {
  LocationId: number;
  SupplierId: number;
  PrimarySupplier: 'Y' | 'N';
};
export type UnitCreate = Simplify<
  { UnitOfMeasure: string; ObjectName: 'item_uom' } & Rest<UnitWriteFields, 'UnitOfMeasure' | 'ObjectName' | 'ItemId'>
>;

/** The minimum create payload: the item and its three blocks, each entry with its `ObjectName`. */
export type ItemCreate = Simplify<
  { ItemId: string; ItemDesc: string; ObjectName: 'inv_mast' } & Rest<
    ItemWriteFields,
    'ItemId' | 'ItemDesc' | 'ObjectName' | 'InvMastUid'
  > & {
      Locations: { list: NonEmpty<LocationCreate> };
      Suppliers: { list: NonEmpty<SupplierCreate> };
      LocationSuppliers: { list: NonEmpty<LocationSupplierCreate> };
      UnitsOfMeasure?: { list: readonly UnitCreate[] };
      UserDefinedFields?: UserDefinedFieldWritesOf<typeof ITEM_TABLE>;
    }
>;

/** I12: what the service writes on a location the item already has (`Delete` Y/N: soft delete and restore, I13). */
const EXISTING_WRITABLE = new Set([
  'Sellable',
  'ProductGroupId',
  'PurchaseDiscountGroup',
  'SalesDiscountGroup',
  'ReplenishmentLocation',
  'PrimaryBin',
  'Delete',
] as const);
type ExistingWritable = typeof EXISTING_WRITABLE extends Set<infer F> ? F : never;

/** A change to a location the item already has: only the fields the service writes on existing entries. */
export type LocationUpdate = Simplify<{ LocationId: number } & { [K in ExistingWritable]?: LocationWriteFields[K] }>;

type Accounts =
  | { GlAccountNo: string; RevenueAccountNo: string; CosAccountNo: string; accountsFromDefaults?: never }
  | {
      /** the location has inventory defaults: the accounts derive from its product group and location */
      accountsFromDefaults: true;
      GlAccountNo?: never;
      RevenueAccountNo?: never;
      CosAccountNo?: never;
    };

/**
 * A location appended to the item (to add it to another company or location). `InvMax` is the positive order
 * quantity that `ReplenishmentMethod` `OP/OQ` needs (inferred: see LOCATION_FIELDS).
 */
export type LocationAppend = Simplify<
  {
    LocationId: number;
    CompanyId: string;
    ProductGroupId: string;
  } & {
    [
      K in
        | ExistingWritable
        | 'Stockable'
        | 'TaxGroupId'
        | 'TrackBins'
        | 'ReplenishmentMethod'
        | 'Buy'
        | 'Make'
        | 'InvMin'
        | 'InvMax'
    ]?: LocationWriteFields[K];
  }
> &
  Accounts;

export interface ItemChange {
  /** item fields to change */
  readonly item?: Rest<ItemWriteFields, 'ItemId' | 'ObjectName' | 'InvMastUid'>;
  readonly locations?: { readonly update?: readonly LocationUpdate[]; readonly append?: readonly LocationAppend[] };
  readonly suppliers?: { readonly append?: readonly SupplierCreate[] };
  /** an appended entry with `PrimarySupplier` `Y` sets the location's primary supplier */
  readonly locationSuppliers?: { readonly append?: readonly LocationSupplierAppend[] };
  /** the item is a kit: appended locations may not say `Buy`/`Make` */
  readonly kit?: boolean;
}

const CHILDREN = ['Locations', 'Suppliers', 'LocationSuppliers', 'UnitsOfMeasure'] as const;
const OBJECT = 'inventory/parts';

function childCheck(kind: (typeof ITEM_EXTENDED)[keyof typeof ITEM_EXTENDED]): Check {
  if (kind === 'nested') return nestedCheck;
  return listCheck(kind === 'list' ? objectCheck : recordCheck(kind));
}

/** The item check; the child collections in `required` must be present (they were asked for). */
export function itemSchema(required: ReadonlySet<string>, udf?: Readonly<Record<string, FieldKind>>): Check {
  const children: Record<string, { check: Check; required: boolean }> = {};
  for (const [name, kind] of Object.entries(ITEM_EXTENDED))
    // the objects of undocumented shape (Lot, Service, MSDS, ...) may answer null even when asked for
    children[name] = { check: childCheck(kind), required: required.has(name) && kind !== 'nested' };
  return recordCheck(ITEM_FIELDS, children, udf);
}

/** The item id as a path segment; `/` cannot be sent (`%2F` answers 404). */
export function itemSegment(itemId: unknown, what: string): string {
  if (typeof itemId !== 'string' || itemId === '')
    throw new ErpQueryError(`${OBJECT}: ${what} needs an item id (a non-empty string)`);
  if (itemId.includes('/'))
    throw new ErpQueryError(
      `${OBJECT}: the service cannot ${what} item ${JSON.stringify(itemId)}: an item id containing "/" cannot be sent in a URL (%2F answers 404, and there is no workaround)${what === 'price' ? '; batch pricing (prices()) carries the id in the body' : ''}`,
    );
  // a URL parser folds `.` and `..` segments (even as %2E) into the path: such an id would reach another endpoint
  if (itemId === '.' || itemId === '..')
    throw new ErpQueryError(
      `${OBJECT}: the service cannot ${what} item ${JSON.stringify(itemId)}: a URL cannot carry it as a path segment`,
    );
  return encodeURIComponent(itemId);
}

type Row = Record<string, unknown>;
const listOf = (item: Row, name: string): Row[] => [...((item[name] as { list?: Row[] } | null)?.list ?? [])];
/** A decimal's value as text (`'5.0000'` and `5` are `5`, `'-0.0'` is `0`); undefined for other text. */
function decimalValue(text: string): string | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const whole = (m[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const value = fraction === '' ? whole : `${whole}.${fraction}`;
  return value === '0' ? value : `${m[1] ?? ''}${value}`;
}

/** A value read back against the one sent: by its text, a decimal by its value (`'5.0000'` is `5`). */
function same(a: unknown, b: unknown, decimal = false): boolean {
  if (a === undefined || a === null) return b === undefined || b === null;
  if (b === undefined || b === null) return false;
  const [x, y] = decimal ? [decimalValue(String(a)), decimalValue(String(b))] : [];
  return x !== undefined && y !== undefined ? x === y : String(a) === String(b);
}

function refuse(itemId: string, what: string): never {
  throw new ErpQueryError(`${OBJECT}: item ${JSON.stringify(itemId)}: ${what}`);
}

/** What the service would refuse with an opaque 500, said before sending. */
function checkCreate(payload: ItemCreate): void {
  const p = payload as unknown as Row;
  const id = String(p['ItemId'] ?? '');
  if (typeof p['ItemId'] !== 'string' || id === '') refuse(id, 'ItemId is required');
  if (typeof p['ItemDesc'] !== 'string' || p['ItemDesc'] === '') refuse(id, 'ItemDesc is required');
  if (p['ObjectName'] !== 'inv_mast') refuse(id, "ObjectName must be 'inv_mast'");
  const block = (name: string, object: string, needed: readonly string[], why: string) => {
    const list = listOf(p, name);
    if (list.length === 0) refuse(id, `${name}.list is empty or missing: ${why}`);
    list.forEach((entry, i) => {
      if (entry['ObjectName'] !== object) refuse(id, `${name}.list[${i}]: ObjectName must be '${object}'`);
      for (const field of needed)
        if (entry[field] === undefined || entry[field] === null || entry[field] === '')
          refuse(id, `${name}.list[${i}]: ${field} is required`);
    });
    return list;
  };
  const locations = block(
    'Locations',
    'inv_loc',
    ['LocationId', 'ProductGroupId'],
    'the service would answer 500 (no location or location default information found for the item)',
  );
  const noSupplier =
    'the service would answer 500 (no supplier or default information found for the item at the location)';
  const suppliers = block('Suppliers', 'inventory_supplier', ['SupplierId', 'DivisionId'], noSupplier);
  const links = block('LocationSuppliers', 'inventory_supplier_x_loc', ['LocationId', 'SupplierId'], noSupplier);
  links.forEach((link, i) => {
    if (link['PrimarySupplier'] !== 'Y') refuse(id, `LocationSuppliers.list[${i}]: PrimarySupplier must be 'Y'`);
    if (!locations.some((l) => same(l['LocationId'], link['LocationId'])))
      refuse(id, `LocationSuppliers.list[${i}]: location ${String(link['LocationId'])} is not in Locations`);
    if (!suppliers.some((s) => same(s['SupplierId'], link['SupplierId'])))
      refuse(id, `LocationSuppliers.list[${i}]: supplier ${String(link['SupplierId'])} is not in Suppliers`);
  });
  for (const location of locations)
    if (!links.some((l) => same(l['LocationId'], location['LocationId'])))
      refuse(id, `location ${String(location['LocationId'])} has no LocationSuppliers entry: ${noSupplier}`);
}

/** The appended-location rules, checked before sending. */
function checkAppend(itemId: string, location: Row, kit: boolean): void {
  const at = `appended location ${String(location['LocationId'])}`;
  if (location['accountsFromDefaults'] !== true)
    for (const account of ['GlAccountNo', 'RevenueAccountNo', 'CosAccountNo'])
      if (typeof location[account] !== 'string' || location[account] === '')
        refuse(
          itemId,
          `${at}: ${account} is required when the location has no inventory defaults (say accountsFromDefaults: true if it has)`,
        );
  if (kit && (location['Buy'] !== undefined || location['Make'] !== undefined))
    refuse(itemId, `${at}: a kit item rejects Buy = 'Y'; omit Buy and Make for kits`);
  if (location['ReplenishmentMethod'] === 'OP/OQ' && !(Number(location['InvMax']) > 0))
    refuse(itemId, `${at}: ReplenishmentMethod 'OP/OQ' needs a positive order quantity, InvMax (else use 'Min/Max')`);
}

/** Where an item's decimals are, for writing them as exact JSON numbers. */
const ITEM_SHAPE = (udf: Readonly<Record<string, FieldKind>> | undefined) =>
  writeShape(
    ITEM_FIELDS,
    {
      Locations: writeShape(LOCATION_FIELDS),
      Suppliers: writeShape(SUPPLIER_FIELDS),
      UnitsOfMeasure: writeShape(UNIT_FIELDS),
      LocationSuppliers: writeShape(LOCATION_SUPPLIER_FIELDS),
    },
    udf,
  );

export function items(context: FamilyContext) {
  const base = '/api/inventory/parts';
  const udf = userFieldKinds(context, ITEM_TABLE);
  const shape = ITEM_SHAPE(udf);

  async function get(itemId: string, names: readonly string[], star = false): Promise<Row> {
    for (const name of names)
      if (!Object.prototype.hasOwnProperty.call(ITEM_EXTENDED, name))
        throw new ErpQueryError(`${OBJECT}: \`${name}\` is not an extended property of an item`);
    const path = `${base}/${itemSegment(itemId, 'read')}${queryOf([
      ['extendedproperties', star ? '*' : names.length ? names.join(',') : undefined],
    ])}`;
    const required = new Set(star ? Object.keys(ITEM_EXTENDED) : names);
    try {
      return (await restCall(context, { method: 'GET', path, object: OBJECT }, itemSchema(required, udf))) as Row;
    } catch (error) {
      if (!(error instanceof ErpResourceNotFoundError)) throw error;
      // I16: the documents say some items the query surface lists answer 404 here
      throw new ErpResourceNotFoundError(
        `item ${JSON.stringify(itemId)} not found on the inventory family (some items the query surface lists, inv_mast, answer 404 here: read those there)`,
        {
          request: error.request,
          status: error.status,
          object: OBJECT,
          ...(error.serverMessage !== undefined ? { serverMessage: error.serverMessage } : {}),
        },
        error.details,
      );
    }
  }

  async function appendOrUpdate(
    itemId: string,
    change: ItemChange,
    options?: { readonly verify?: VerifyMode },
  ): Promise<ItemRecord<typeof CHILDREN>> {
    const kit = change.kit === true;
    const appended = (change.locations?.append ?? []) as readonly Row[];
    for (const location of appended) checkAppend(itemId, location, kit);
    const item = await get(itemId, CHILDREN);
    const locations = listOf(item, 'Locations');
    for (const update of (change.locations?.update ?? []) as readonly Row[]) {
      const existing = locations.find((l) => same(l['LocationId'], update['LocationId']));
      if (existing === undefined)
        refuse(itemId, `location ${String(update['LocationId'])} is not a location of the item; append it instead`);
      // I12: on an existing location the service writes only these; it answers 200 and ignores the others
      const ignored = Object.keys(update).filter(
        (f) => f !== 'LocationId' && !(EXISTING_WRITABLE as ReadonlySet<string>).has(f),
      );
      if (ignored.length)
        refuse(
          itemId,
          `location ${String(update['LocationId'])}: ${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} written only on an appended location; on an existing one the service writes only ${[...EXISTING_WRITABLE].join(', ')} (and answers 200 ignoring the others)`,
        );
      Object.assign(existing, update);
    }
    for (const location of appended) {
      if (locations.some((l) => same(l['LocationId'], location['LocationId'])))
        refuse(
          itemId,
          `location ${String(location['LocationId'])} is already a location of the item; update it instead`,
        );
      const { accountsFromDefaults: _defaults, ...entry } = location;
      locations.push({ ...entry, ItemId: item['ItemId'], ObjectName: 'inv_loc' });
    }
    const suppliers = listOf(item, 'Suppliers');
    for (const supplier of (change.suppliers?.append ?? []) as readonly Row[])
      if (!suppliers.some((s) => same(s['SupplierId'], supplier['SupplierId'])))
        suppliers.push({ ...supplier, ItemId: item['ItemId'], ObjectName: 'inventory_supplier' });
    const links = listOf(item, 'LocationSuppliers');
    for (const link of (change.locationSuppliers?.append ?? []) as readonly Row[])
      links.push({ ...link, ItemId: item['ItemId'], ObjectName: 'inventory_supplier_x_loc' });
    const payload: Row = {
      ...item,
      ...(change.item ?? {}),
      Locations: { list: locations },
      Suppliers: { list: suppliers },
      LocationSuppliers: { list: links },
      UnitsOfMeasure: { list: listOf(item, 'UnitsOfMeasure') },
    };
    const path = `${base}/${itemSegment(itemId, 'update')}`;
    await restCall(
      context,
      { method: 'PUT', path, object: OBJECT, body: payload, shape, kind: 'write' },
      itemSchema(new Set(), udf),
    );
    const after = await get(itemId, CHILDREN);
    const mode = checkVerify(options?.verify, `${OBJECT}.appendOrUpdate`) ?? context.verify ?? true;
    if (mode !== false) verify(context, itemId, payload, after, change, mode);
    return after as ItemRecord<typeof CHILDREN>;
  }

  return {
    /** GET `/{ItemId}`; `extendedProperties` fills the child collections named (`'*'`: all). `'new'` is an item id. */
    get<const P extends '*' | readonly ItemExtendedName[] = readonly []>(
      itemId: string,
      options?: { readonly extendedProperties?: P },
    ): Promise<ItemRecord<P>> {
      const asked = options?.extendedProperties;
      return get(itemId, asked === '*' || asked === undefined ? [] : asked, asked === '*') as Promise<ItemRecord<P>>;
    },
    /**
     * POST `/api/inventory/parts/`: creates the item with its blocks and answers it. The service makes a create
     * atomic (a failed one leaves nothing: a following GET answers 404), so its intermittent opaque 500 ("thrown by
     * the target of an invocation") is retried once, as the documents say: the failure it answered applied nothing,
     * and the resent POST is the whole create again, not part of one (`atomic`; a lost connection is not retried).
     */
    async create(payload: ItemCreate): Promise<ItemRecord> {
      checkCreate(payload);
      return restCall(
        context,
        { method: 'POST', path: `${base}/`, object: OBJECT, body: payload, shape, kind: 'atomic' },
        itemSchema(new Set(), udf),
      ) as Promise<ItemRecord>;
    },
    /**
     * GET `/?$query=...`: the items the expression matches (PascalCase item fields). There is no unfiltered list:
     * the service times out without a `$query`.
     */
    async list(options: { readonly query: QueryBuilder<typeof ITEM_FIELDS, ItemFields> }): Promise<ItemRecord[]> {
      if (typeof options?.query !== 'function')
        throw new ErpQueryError(`${OBJECT}: list() needs a query: an unfiltered item list times out on the service`);
      const path = `${base}/${queryOf([['$query', buildQuery(ITEM_FIELDS, options.query)]])}`;
      return restCall(
        context,
        { method: 'GET', path, object: OBJECT },
        arrayCheck(itemSchema(new Set(), udf)),
      ) as Promise<ItemRecord[]>;
    },
    /**
     * Reads the item with Locations, Suppliers, LocationSuppliers and UnitsOfMeasure, applies `change`, PUTs the
     * whole item back with every existing entry, reads it again and checks that the change is there (else an
     * ErpWriteNotAppliedError naming each field; a value stored in another form, such as a decimal rounded, is a
     * line in the log, an error with `verify: 'strict'`; `verify: false` answers the item read without comparing;
     * default: the client's `verify`, else true). The appended-location rules are checked before anything is sent.
     */
    appendOrUpdate,
  };
}

/**
 * The change must be there when read back: a 200 alone does not prove the write. Each field the change gave is
 * compared with the item read (write-check.ts: decimals by value), and each entry appended must be there; what is not
 * is one ErpWriteNotAppliedError, what is stored in another form a log line (an error under 'strict').
 */
function verify(
  context: FamilyContext,
  itemId: string,
  sent: Row,
  after: Row,
  change: ItemChange,
  mode: VerifyMode,
): void {
  const found: WriteMismatch[] = [];
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  const compare = (
    element: string,
    fields: Readonly<Record<string, FieldKind>>,
    field: string,
    value: unknown,
    stored: unknown,
  ) => {
    const decimal = Object.prototype.hasOwnProperty.call(fields, field) && fields[field] === 'decimal';
    const mismatch = fieldMismatch(
      { service: OBJECT, element, field },
      value,
      stored,
      decimal ? { kind: 'decimal' } : {},
    );
    if (mismatch) found.push(mismatch);
  };
  const missing = (element: string, field: string, value: unknown) =>
    found.push({ service: OBJECT, element, field, sent: text(value), stored: '', kind: 'not-applied' });
  for (const [field, value] of Object.entries(change.item ?? {}))
    compare('item', ITEM_FIELDS, field, value, after[field]);
  const locations = listOf(after, 'Locations');
  for (const entry of listOf(sent, 'Locations')) {
    const where = `Locations[LocationId=${text(entry['LocationId'])}]`;
    const stored = locations.find((l) => same(l['LocationId'], entry['LocationId']));
    if (stored === undefined) {
      missing('Locations', 'LocationId', entry['LocationId']);
      continue;
    }
    const changed = [...(change.locations?.update ?? []), ...(change.locations?.append ?? [])].find((c) =>
      same(c.LocationId, entry['LocationId']),
    ) as Row | undefined;
    for (const [field, value] of Object.entries(changed ?? {}))
      if (field !== 'accountsFromDefaults') compare(where, LOCATION_FIELDS, field, value, stored[field]);
  }
  for (const name of ['Suppliers', 'LocationSuppliers'] as const) {
    const now = listOf(after, name);
    for (const entry of listOf(sent, name))
      if (!now.some((e) => same(e['SupplierId'], entry['SupplierId']) && same(e['LocationId'], entry['LocationId'])))
        missing(name, 'SupplierId', entry['SupplierId']);
  }
  settle(
    found,
    mode,
    {
      service: OBJECT,
      info: { request: `PUT /api/inventory/parts/${encodeURIComponent(itemId)}`, status: 200, object: OBJECT },
      summary: `item ${JSON.stringify(itemId)}: the PUT answered 200, but read back`,
    },
    (value) => context.http.show(value, 40),
    context.log,
  );
}
