// Inventory items as rows: an item is its `inv_mast` row, its `Locations` the `inv_loc` rows of its `inv_mast_uid`,
// its `Suppliers` the `inventory_supplier` rows, its `UnitsOfMeasure` the `item_uom` rows, its `LocationSuppliers`
// the `inventory_supplier_x_loc` rows of its suppliers (rows.ts maps `QtyOnHand` to `qty_on_hand`, ...). The rows are
// the query surface's, so a write here is read there and the other way round. The other child collections
// (`LocationMSPs`, `AltCodes`, `Notes`, `Lot`, ...) have no table in the snapshot: they are kept beside the item.
//
// The tenant setup the rules consult is rows too where the snapshot has the table: a company is a `company` row, a
// product group a `product_group` row of its company (whose accounts an appended location at a location with
// inventory defaults takes), a bin a `bin` row of its location. Which locations have inventory defaults and which
// accounts exist per company have no table: they are this store's settings.
import type { Store } from '../store.js';
import type { UserFields } from '../rest/user-fields.js';
import { RecordTable, type FieldSpec } from '../rest/rows.js';
import { exactJson, readJson } from '../json-text.js';

type Row = Record<string, unknown>;

const BESIDE: FieldSpec = { kind: 'json', column: '' };
const DELETE: FieldSpec = { kind: 'yesNo', column: 'delete_flag' };

/** The child collections kept beside the item (no table): lists, then objects. */
export const KEPT_LISTS = ['LocationMSPs', 'AltCodes', 'Notes'] as const;
export const KEPT_OBJECTS = ['Lot', 'Service', 'ServiceContracts', 'MSDS', 'RestrictedClasses'] as const;
export const EXTENDED = [
  'Locations',
  'Suppliers',
  'UnitsOfMeasure',
  'LocationSuppliers',
  ...KEPT_LISTS,
  ...KEPT_OBJECTS,
];

const ITEM: Readonly<Record<string, FieldSpec>> = {
  ItemId: 'text',
  ItemDesc: 'text',
  ExtendedDesc: 'text',
  Keywords: 'text',
  ShortCode: 'text',
  ClassId1: 'text',
  ClassId2: 'text',
  ClassId3: 'text',
  ClassId4: 'text',
  ClassId5: 'text',
  Weight: 'decimal',
  NetWeight: 'decimal',
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Price${i + 1}`, 'decimal' as const])),
  DefaultSellingUnit: 'text',
  DefaultPurchasingUnit: 'text',
  BaseUnit: 'text',
  TrackLots: 'yesNo',
  Serialized: 'yesNo',
  InvMastUid: 'int',
  DefaultPurchaseDiscGroup: 'text',
  DefaultSalesDiscountGroup: 'text',
  Delete: DELETE,
  // the sandbox's mark of a kit item (the rules refuse Buy on its appended locations)
  Kit: BESIDE,
  ...Object.fromEntries([...KEPT_LISTS, ...KEPT_OBJECTS].map((name) => [name, BESIDE])),
};

/**
 * A location entry. `InvMax` is the order quantity that `OP/OQ` replenishment needs: no public payload names an
 * order-quantity field, but the Item definition labels `inv_loc.inv_max` "Max/Order Quantity" (an inference).
 */
const LOCATION: Readonly<Record<string, FieldSpec>> = {
  InvMastUid: 'int',
  LocationId: 'int',
  CompanyId: 'text',
  ProductGroupId: 'text',
  Sellable: 'yesNo',
  Stockable: 'yesNo',
  GlAccountNo: 'text',
  RevenueAccountNo: 'text',
  CosAccountNo: 'text',
  PurchaseDiscountGroup: 'text',
  SalesDiscountGroup: 'text',
  QtyOnHand: 'decimal',
  MovingAverageCost: 'decimal',
  StandardCost: 'decimal',
  ReplenishmentMethod: 'text',
  ReplenishmentLocation: 'int',
  PrimaryBin: 'text',
  TaxGroupId: 'text',
  TrackBins: 'yesNo',
  Buy: 'yesNo',
  Make: 'yesNo',
  InvMin: 'decimal',
  InvMax: 'decimal',
  // what a price's QuantityAllocated reads
  QtyAllocated: 'decimal',
  PrimarySupplierId: 'int',
  Delete: DELETE,
};

const SUPPLIER: Readonly<Record<string, FieldSpec>> = {
  InventorySupplierUid: 'int',
  InvMastUid: 'int',
  ItemId: 'text',
  SupplierId: 'int',
  DivisionId: 'int',
  SupplierPartNo: 'text',
  ListPrice: 'decimal',
  Cost: 'decimal',
  LeadTimeDays: 'int',
};

const UNIT: Readonly<Record<string, FieldSpec>> = {
  ItemUomUid: 'int',
  InvMastUid: 'int',
  ItemId: 'text',
  UnitOfMeasure: 'text',
  UnitSize: 'decimal',
};

const LOCATION_SUPPLIER: Readonly<Record<string, FieldSpec>> = {
  InventorySupplierUid: 'int',
  LocationId: 'int',
  PrimarySupplier: 'yesNo',
};

/** Fields of a location that a PUT writes on an entry the item already has (the others are left as they are). */
export const EXISTING_WRITABLE = [
  'Sellable',
  'ProductGroupId',
  'PurchaseDiscountGroup',
  'SalesDiscountGroup',
  'ReplenishmentLocation',
  'PrimaryBin',
  'Delete',
];
/** ... and on an appended entry: those, its identity and accounts, and the four the documents add for appends. */
export const APPENDED_WRITABLE = [
  ...EXISTING_WRITABLE,
  'LocationId',
  'CompanyId',
  'GlAccountNo',
  'RevenueAccountNo',
  'CosAccountNo',
  'Stockable',
  'TaxGroupId',
  'TrackBins',
  'ReplenishmentMethod',
  'Buy',
  'Make',
  'InvMin',
  'InvMax',
];

export interface InventoryFaults {
  /** the next N price requests answer the opaque intermittent 500 */
  invocation500?: number;
  /** the next N price requests answer a lock error */
  locked?: number;
  /** the next N item creates answer the opaque intermittent 500 and create nothing (a failed create is atomic) */
  createInvocation500?: number;
}

const keep = (store: Store, name: string) =>
  store.keyedRecords(name, exactJson, (t) => (readJson(t, Infinity) as { value: Row }).value);

const pick = (record: Readonly<Row>, names: readonly string[]): Row =>
  Object.fromEntries(names.filter((n) => Object.hasOwn(record, n)).map((n) => [n, record[n]]));

/** The items, their child rows, and the tenant setup the rules consult. */
export class InventoryStore {
  readonly items: RecordTable;
  readonly locations: RecordTable;
  readonly suppliers: RecordTable;
  readonly units: RecordTable;
  readonly locationSuppliers: RecordTable;

  /** the accounts of each company (the snapshot has no chart of accounts) */
  readonly accounts = new Map<string, Set<string>>([
    ['ACME', new Set(['1300-000', '4000-000', '5000-000'])],
    ['BETA', new Set(['1300-100', '4000-100', '5000-100'])],
  ]);
  /** the locations with inventory defaults: an appended location elsewhere must name its three accounts */
  readonly locationsWithDefaults = new Set([10, 20]);
  faults: InventoryFaults = {};
  /** requests served, by kind, for measurements */
  readonly served = { price: 0, batch: 0, items: 0 };

  /** `userFields`: the items' user-defined fields, in `inv_mast_ud` when the snapshot has it */
  constructor(
    readonly database: Store,
    readonly userFields: UserFields,
  ) {
    // what has no column is kept beside the rows, in a table of the sandbox's own per table
    const rows = (table: string, fields: Readonly<Record<string, FieldSpec>>, key: readonly string[]) =>
      new RecordTable(database, table, fields, key, keep(database, `inventory_${table}`));
    this.items = rows('inv_mast', ITEM, ['InvMastUid']);
    this.locations = rows('inv_loc', LOCATION, ['InvMastUid', 'LocationId']);
    this.suppliers = rows('inventory_supplier', SUPPLIER, ['InventorySupplierUid']);
    this.units = rows('item_uom', UNIT, ['ItemUomUid']);
    this.locationSuppliers = rows('inventory_supplier_x_loc', LOCATION_SUPPLIER, [
      'InventorySupplierUid',
      'LocationId',
    ]);
    // an item is found by its id on every request of a batch price, its children by its uid
    database.whenCreated('inv_mast', () => database.index('inv_mast', ['item_id']));
    for (const child of ['inventory_supplier', 'item_uom'])
      database.whenCreated(child, () => database.index(child, ['inv_mast_uid']));
  }

  /** The item row of an item id (ids are unique across companies). */
  item(itemId: string): Row | undefined {
    return this.items.served ? this.items.find({ ItemId: itemId })[0] : undefined;
  }

  has(itemId: string): boolean {
    return this.item(itemId) !== undefined;
  }

  /**
   * An item as GET and PUT `/{ItemId}` find it. The documents: some items the query surface lists answer 404 on this
   * family, without saying which; here, an item master row without any location row (`inv_loc`).
   */
  visible(itemId: string): Row | undefined {
    const item = this.item(itemId);
    return item && this.locations.find({ InvMastUid: item['InvMastUid'] }, ['LocationId']).length > 0
      ? item
      : undefined;
  }

  /** A location of an item. */
  location(item: Readonly<Row>, locationId: number): Row | undefined {
    return this.locations.find({ InvMastUid: item['InvMastUid'], LocationId: locationId })[0];
  }

  /** The child collection `name` of an item, as answered (`{list: [...]}`, or the kept object). */
  child(item: Readonly<Row>, name: string): unknown {
    const itemId = item['ItemId'];
    const uid = item['InvMastUid'];
    const list = (rows: Row[], object: string, hidden: readonly string[]) => ({
      list: rows.map((r) => ({
        ItemId: itemId,
        ...Object.fromEntries(Object.entries(r).filter(([f]) => !hidden.includes(f))),
        ObjectName: object,
      })),
    });
    switch (name) {
      case 'Locations':
        return list(this.locations.find({ InvMastUid: uid }), 'inv_loc', [
          'InvMastUid',
          'PrimarySupplierId',
          'QtyAllocated',
        ]);
      case 'Suppliers':
        return list(this.suppliers.find({ InvMastUid: uid }), 'inventory_supplier', [
          'InventorySupplierUid',
          'InvMastUid',
        ]);
      case 'UnitsOfMeasure':
        return list(this.units.find({ InvMastUid: uid }), 'item_uom', ['ItemUomUid', 'InvMastUid']);
      case 'LocationSuppliers': {
        const links = this.suppliers.find({ InvMastUid: uid }).flatMap((s) =>
          this.locationSuppliers.find({ InventorySupplierUid: s['InventorySupplierUid'] }).map((l) => ({
            LocationId: l['LocationId'],
            SupplierId: s['SupplierId'],
            PrimarySupplier: l['PrimarySupplier'],
          })),
        );
        return list(links, 'inventory_supplier_x_loc', []);
      }
      default: {
        const kept = item[name];
        return kept ?? ((KEPT_LISTS as readonly string[]).includes(name) ? { list: [] } : null);
      }
    }
  }

  // --- the tenant setup ---------------------------------------------------------------------------------------

  companyExists(companyId: string): boolean {
    return (
      !this.database.find('table', 'company') ||
      this.database.rowsWhere('company', { company_id: companyId }, ['company_id']).length > 0
    );
  }

  /** The product group of a company (its accounts), or undefined when the company does not have it. */
  productGroup(companyId: string, productGroupId: string): Row | undefined {
    if (!this.database.find('table', 'product_group')) return {};
    const [row] = this.database.rowsWhere('product_group', { company_id: companyId, product_group_id: productGroupId });
    if (!row) return undefined;
    const text = (column: string) => (row.get(column)?.[1] ?? null) as string | null;
    return {
      GlAccountNo: text('asset_account_no'),
      RevenueAccountNo: text('revenue_account_no'),
      CosAccountNo: text('cos_account_no'),
    };
  }

  binExists(locationId: number, bin: string): boolean {
    return (
      !this.database.find('table', 'bin') ||
      this.database.rowsWhere('bin', { location_id: locationId, bin }, ['bin']).length > 0
    );
  }

  // --- writes -------------------------------------------------------------------------------------------------

  /** The next value of a uid column. */
  private next(table: RecordTable, field: string): number {
    return table.largest(field) + 1;
  }

  /** Adds an item row; its uid. Problems (a field that does not fit) are thrown by `check`. */
  addItem(item: Readonly<Row>, audit: Row, check: (issues: string[]) => void): number {
    const uid = this.next(this.items, 'InvMastUid');
    check(this.items.insert({ Delete: 'N', ...item, InvMastUid: uid }, audit));
    return uid;
  }

  /** Adds a location entry; its row names the item's id too (inv_loc.item_id), as the generated rows do. */
  addLocation(item: Readonly<Row>, location: Readonly<Row>, audit: Row, check: (issues: string[]) => void): void {
    const row = { Delete: 'N', ...location, InvMastUid: item['InvMastUid'] };
    check(this.locations.insert(row, { ...audit, item_id: item['ItemId'] ?? this.items.get(item)?.['ItemId'] }));
  }

  /** Changes an existing location entry. */
  changeLocation(item: Readonly<Row>, change: Readonly<Row>, audit: Row, check: (issues: string[]) => void): void {
    const key = { InvMastUid: item['InvMastUid'], LocationId: change['LocationId'] };
    check(this.locations.update(key, change, audit));
  }

  /** The supplier row of an item for a supplier; added (a link) when the item has none. */
  supplierOf(item: Readonly<Row>, entry: Readonly<Row>, audit: Row, check: (issues: string[]) => void): Row {
    const found = this.suppliers.find({ InvMastUid: item['InvMastUid'], SupplierId: entry['SupplierId'] })[0];
    if (found) return found;
    const uid = this.next(this.suppliers, 'InventorySupplierUid');
    check(
      this.suppliers.insert(
        {
          DivisionId: 0,
          ...pick(entry, Object.keys(SUPPLIER)),
          InventorySupplierUid: uid,
          InvMastUid: item['InvMastUid'],
          ItemId: item['ItemId'],
        },
        { ...audit, delete_flag: 'N' },
      ),
    );
    return this.suppliers.get({ InventorySupplierUid: uid })!;
  }

  /** Sets a supplier entry's fields (SupplierPartNo, costs, ...). */
  changeSupplier(supplier: Readonly<Row>, entry: Readonly<Row>, audit: Row, check: (issues: string[]) => void): void {
    const fields = pick(entry, ['DivisionId', 'SupplierPartNo', 'ListPrice', 'Cost', 'LeadTimeDays']);
    check(this.suppliers.update({ InventorySupplierUid: supplier['InventorySupplierUid'] }, fields, audit));
  }

  /** Removes a supplier entry, and the locations' links to it. */
  removeSupplier(supplier: Readonly<Row>): void {
    for (const link of this.locationSuppliers.find({ InventorySupplierUid: supplier['InventorySupplierUid'] }))
      this.locationSuppliers.remove(link);
    this.suppliers.remove({ InventorySupplierUid: supplier['InventorySupplierUid'] });
  }

  /** Sets the unit of measure entry (adds it when the item has none of that unit). */
  putUnit(item: Readonly<Row>, entry: Readonly<Row>, audit: Row, check: (issues: string[]) => void): void {
    const found = this.units.find({ InvMastUid: item['InvMastUid'], UnitOfMeasure: entry['UnitOfMeasure'] })[0];
    if (found) {
      check(this.units.update({ ItemUomUid: found['ItemUomUid'] }, pick(entry, ['UnitSize']), audit));
      return;
    }
    const uid = this.next(this.units, 'ItemUomUid');
    check(
      this.units.insert(
        {
          ...pick(entry, ['UnitOfMeasure', 'UnitSize']),
          ItemUomUid: uid,
          InvMastUid: item['InvMastUid'],
          ItemId: item['ItemId'],
        },
        { ...audit, delete_flag: 'N' },
      ),
    );
  }

  /**
   * Sets a location's supplier (adding the item-supplier link when it is missing); `PrimarySupplier` `Y` makes it the
   * location's primary supplier.
   */
  putLocationSupplier(item: Readonly<Row>, entry: Readonly<Row>, audit: Row, check: (issues: string[]) => void): void {
    const supplier = this.supplierOf(item, entry, audit, check);
    const key = { InventorySupplierUid: supplier['InventorySupplierUid'], LocationId: entry['LocationId'] };
    const primary = entry['PrimarySupplier'] === 'Y' ? 'Y' : 'N';
    if (this.locationSuppliers.get(key)) check(this.locationSuppliers.update(key, { PrimarySupplier: primary }, audit));
    else check(this.locationSuppliers.insert({ ...key, PrimarySupplier: primary }, { ...audit, delete_flag: 'N' }));
    if (primary === 'Y' && this.location(item, Number(entry['LocationId'])))
      this.changeLocation(
        item,
        { LocationId: entry['LocationId'], PrimarySupplierId: entry['SupplierId'] },
        audit,
        check,
      );
  }

  /** Removes an item and its child rows (a seed replacing one). */
  removeItem(item: Readonly<Row>): void {
    const uid = item['InvMastUid'];
    for (const supplier of this.suppliers.find({ InvMastUid: uid })) this.removeSupplier(supplier);
    for (const location of this.locations.find({ InvMastUid: uid })) this.locations.remove(location);
    for (const unit of this.units.find({ InvMastUid: uid })) this.units.remove(unit);
    this.items.remove({ InvMastUid: uid });
  }
}
