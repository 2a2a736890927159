// The inventory family's records, from the service document: the item (the item master, `inv_mast`; the server
// has 60+ fields, the document names these), its child collections (delivered as `{list: [...]}`, null unless
// asked for with `extendedproperties`), and the price and availability result. Decimals arrive as JSON numbers
// and are given as their exact text (DecimalString); a price result's carry nine decimal places.
import type { FieldKind } from '../contract.js';

/** The item master, the table behind an item (its `ObjectName`): `inv_mast_ud` holds its user-defined fields. */
export const ITEM_TABLE = 'inv_mast';

export const ITEM_FIELDS = {
  /** unique across all companies */
  ItemId: 'text!',
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
  Price1: 'decimal',
  Price2: 'decimal',
  Price3: 'decimal',
  Price4: 'decimal',
  Price5: 'decimal',
  Price6: 'decimal',
  Price7: 'decimal',
  Price8: 'decimal',
  Price9: 'decimal',
  Price10: 'decimal',
  DefaultSellingUnit: 'text',
  DefaultPurchasingUnit: 'text',
  BaseUnit: 'text',
  TrackLots: 'yesNo',
  Serialized: 'yesNo',
  InvMastUid: 'int',
  DefaultPurchaseDiscGroup: 'text',
  DefaultSalesDiscountGroup: 'text',
  /** soft delete flag */
  Delete: 'yesNo',
  /** always `inv_mast` */
  ObjectName: 'text!',
} as const satisfies Record<string, FieldKind>;

/** `Locations` entries (`inv_loc`): stock levels, accounts, costs, product groups. */
export const LOCATION_FIELDS = {
  ItemId: 'text',
  LocationId: 'int!',
  CompanyId: 'text',
  ProductGroupId: 'text',
  Sellable: 'yesNo',
  Stockable: 'yesNo',
  GlAccountNo: 'text',
  RevenueAccountNo: 'text',
  CosAccountNo: 'text',
  /** location level: overrides the item's discount groups */
  PurchaseDiscountGroup: 'text',
  SalesDiscountGroup: 'text',
  QtyOnHand: 'decimal',
  MovingAverageCost: 'decimal',
  StandardCost: 'decimal',
  /** for example `Min/Max`, `OP/OQ` */
  ReplenishmentMethod: 'text',
  ReplenishmentLocation: 'int',
  /** the bin must already exist at the location */
  PrimaryBin: 'text',
  TaxGroupId: 'text',
  TrackBins: 'yesNo',
  Buy: 'yesNo',
  Make: 'yesNo',
  /** the minimum, or the order point (`OP/OQ`): `inv_loc.inv_min` ("Min/Order Point") */
  InvMin: 'decimal',
  /**
   * The maximum, or the order quantity that `ReplenishmentMethod` `OP/OQ` needs (positive): `inv_loc.inv_max`.
   * Inferred, not captured: no public payload names an order-quantity field, but the Item definition's `inv_loc`
   * fields label `inv_max` "Max/Order Quantity", and this family's names are the PascalCase column names.
   */
  InvMax: 'decimal',
  /** `Y` soft-deletes the entry, `N` restores it */
  Delete: 'yesNo',
  ObjectName: 'text!',
} as const satisfies Record<string, FieldKind>;

/** `Suppliers` entries (`inventory_supplier`). */
export const SUPPLIER_FIELDS = {
  ItemId: 'text',
  SupplierId: 'int!',
  DivisionId: 'int',
  SupplierPartNo: 'text',
  ListPrice: 'decimal',
  Cost: 'decimal',
  LeadTimeDays: 'int',
  ObjectName: 'text!',
} as const satisfies Record<string, FieldKind>;

/** `LocationSuppliers` entries (`inventory_supplier_x_loc`): the supplier of a location. */
export const LOCATION_SUPPLIER_FIELDS = {
  ItemId: 'text',
  LocationId: 'int!',
  SupplierId: 'int!',
  PrimarySupplier: 'yesNo',
  ObjectName: 'text!',
} as const satisfies Record<string, FieldKind>;

/** `UnitsOfMeasure` entries (`item_uom`): item level, shared across companies. */
export const UNIT_FIELDS = {
  ItemId: 'text',
  UnitOfMeasure: 'text!',
  UnitSize: 'decimal',
  ObjectName: 'text!',
} as const satisfies Record<string, FieldKind>;

/**
 * The child collections: typed entries for the four the document describes, untyped entries for `LocationMSPs`
 * and `AltCodes` (lists of `inv_loc_msp` and `alternate_code`), untyped objects for the rest.
 */
export const ITEM_EXTENDED = {
  Locations: LOCATION_FIELDS,
  Suppliers: SUPPLIER_FIELDS,
  UnitsOfMeasure: UNIT_FIELDS,
  LocationSuppliers: LOCATION_SUPPLIER_FIELDS,
  LocationMSPs: 'list',
  AltCodes: 'list',
  Lot: 'nested',
  Service: 'nested',
  ServiceContracts: 'nested',
  Notes: 'list',
  MSDS: 'nested',
  RestrictedClasses: 'nested',
} as const;

/** A price and availability result. `QuantityAvailable` is on hand less allocated, non-pickable, quarantined, frozen. */
export const PRICE_FIELDS = {
  ItemId: 'text!',
  /** may be null even when it was supplied */
  CompanyId: 'text',
  LocationId: 'int',
  UnitPrice: 'decimal',
  BaseUnitPrice: 'decimal',
  /** unit price times the requested quantity */
  ExtendedPrice: 'decimal',
  UOM: 'text',
  UOMUnitSize: 'decimal',
  PriceUOM: 'text',
  PriceUnitSize: 'decimal',
  /** 0: no price page matched */
  PricePageUid: 'int',
  CalcValue: 'decimal',
  UnitCommissionCost: 'decimal',
  UnitOtherCost: 'decimal',
  UnitSalesCost: 'decimal',
  LotCosted: 'yesNo',
  QuantityAvailable: 'decimal',
  QuantityOnHand: 'decimal',
  QuantityAllocated: 'decimal',
  QuantityNonPickable: 'decimal',
  QuantityQuarantined: 'decimal',
  QuantityFrozen: 'decimal',
  LocationType: 'text',
} as const satisfies Record<string, FieldKind>;
