/** The item master, the table behind an item (its `ObjectName`): `inv_mast_ud` holds its user-defined fields. */
export declare const ITEM_TABLE = 'inv_mast';
export declare const ITEM_FIELDS: {
  /** unique across all companies */
  readonly ItemId: 'text!';
  readonly ItemDesc: 'text';
  readonly ExtendedDesc: 'text';
  readonly Keywords: 'text';
  readonly ShortCode: 'text';
  readonly ClassId1: 'text';
  readonly ClassId2: 'text';
  readonly ClassId3: 'text';
  readonly ClassId4: 'text';
  readonly ClassId5: 'text';
  readonly Weight: 'decimal';
  readonly NetWeight: 'decimal';
  readonly Price1: 'decimal';
  readonly Price2: 'decimal';
  readonly Price3: 'decimal';
  readonly Price4: 'decimal';
  readonly Price5: 'decimal';
  readonly Price6: 'decimal';
  readonly Price7: 'decimal';
  readonly Price8: 'decimal';
  readonly Price9: 'decimal';
  readonly Price10: 'decimal';
  readonly DefaultSellingUnit: 'text';
  readonly DefaultPurchasingUnit: 'text';
  readonly BaseUnit: 'text';
  readonly TrackLots: 'yesNo';
  readonly Serialized: 'yesNo';
  readonly InvMastUid: 'int';
  readonly DefaultPurchaseDiscGroup: 'text';
  readonly DefaultSalesDiscountGroup: 'text';
  /** soft delete flag */
  readonly Delete: 'yesNo';
  /** always `inv_mast` */
  readonly ObjectName: 'text!';
};
/** `Locations` entries (`inv_loc`): stock levels, accounts, costs, product groups. */
export declare const LOCATION_FIELDS: {
  readonly ItemId: 'text';
  readonly LocationId: 'int!';
  readonly CompanyId: 'text';
  readonly ProductGroupId: 'text';
  readonly Sellable: 'yesNo';
  readonly Stockable: 'yesNo';
  readonly GlAccountNo: 'text';
  readonly RevenueAccountNo: 'text';
  readonly CosAccountNo: 'text';
  /** location level: overrides the item's discount groups */
  readonly PurchaseDiscountGroup: 'text';
  readonly SalesDiscountGroup: 'text';
  readonly QtyOnHand: 'decimal';
  readonly MovingAverageCost: 'decimal';
  readonly StandardCost: 'decimal';
  /** for example `Min/Max`, `OP/OQ` */
  readonly ReplenishmentMethod: 'text';
  readonly ReplenishmentLocation: 'int';
  /** the bin must already exist at the location */
  readonly PrimaryBin: 'text';
  readonly TaxGroupId: 'text';
  readonly TrackBins: 'yesNo';
  readonly Buy: 'yesNo';
  readonly Make: 'yesNo';
  /** the minimum, or the order point (`OP/OQ`): `inv_loc.inv_min` ("Min/Order Point") */
  readonly InvMin: 'decimal';
  /**
   * The maximum, or the order quantity that `ReplenishmentMethod` `OP/OQ` needs (positive): `inv_loc.inv_max`.
   * Inferred, not captured: no public payload names an order-quantity field, but the Item definition's `inv_loc`
   * fields label `inv_max` "Max/Order Quantity", and this family's names are the PascalCase column names.
   */
  readonly InvMax: 'decimal';
  /** `Y` soft-deletes the entry, `N` restores it */
  readonly Delete: 'yesNo';
  readonly ObjectName: 'text!';
};
/** `Suppliers` entries (`inventory_supplier`). */
export declare const SUPPLIER_FIELDS: {
  readonly ItemId: 'text';
  readonly SupplierId: 'int!';
  readonly DivisionId: 'int';
  readonly SupplierPartNo: 'text';
  readonly ListPrice: 'decimal';
  readonly Cost: 'decimal';
  readonly LeadTimeDays: 'int';
  readonly ObjectName: 'text!';
};
/** `LocationSuppliers` entries (`inventory_supplier_x_loc`): the supplier of a location. */
export declare const LOCATION_SUPPLIER_FIELDS: {
  readonly ItemId: 'text';
  readonly LocationId: 'int!';
  readonly SupplierId: 'int!';
  readonly PrimarySupplier: 'yesNo';
  readonly ObjectName: 'text!';
};
/** `UnitsOfMeasure` entries (`item_uom`): item level, shared across companies. */
export declare const UNIT_FIELDS: {
  readonly ItemId: 'text';
  readonly UnitOfMeasure: 'text!';
  readonly UnitSize: 'decimal';
  readonly ObjectName: 'text!';
};
/**
 * The child collections: typed entries for the four the document describes, untyped entries for `LocationMSPs`
 * and `AltCodes` (lists of `inv_loc_msp` and `alternate_code`), untyped objects for the rest.
 */
export declare const ITEM_EXTENDED: {
  readonly Locations: {
    readonly ItemId: 'text';
    readonly LocationId: 'int!';
    readonly CompanyId: 'text';
    readonly ProductGroupId: 'text';
    readonly Sellable: 'yesNo';
    readonly Stockable: 'yesNo';
    readonly GlAccountNo: 'text';
    readonly RevenueAccountNo: 'text';
    readonly CosAccountNo: 'text';
    /** location level: overrides the item's discount groups */
    readonly PurchaseDiscountGroup: 'text';
    readonly SalesDiscountGroup: 'text';
    readonly QtyOnHand: 'decimal';
    readonly MovingAverageCost: 'decimal';
    readonly StandardCost: 'decimal';
    /** for example `Min/Max`, `OP/OQ` */
    readonly ReplenishmentMethod: 'text';
    readonly ReplenishmentLocation: 'int';
    /** the bin must already exist at the location */
    readonly PrimaryBin: 'text';
    readonly TaxGroupId: 'text';
    readonly TrackBins: 'yesNo';
    readonly Buy: 'yesNo';
    readonly Make: 'yesNo';
    /** the minimum, or the order point (`OP/OQ`): `inv_loc.inv_min` ("Min/Order Point") */
    readonly InvMin: 'decimal';
    /**
     * The maximum, or the order quantity that `ReplenishmentMethod` `OP/OQ` needs (positive): `inv_loc.inv_max`.
     * Inferred, not captured: no public payload names an order-quantity field, but the Item definition's `inv_loc`
     * fields label `inv_max` "Max/Order Quantity", and this family's names are the PascalCase column names.
     */
    readonly InvMax: 'decimal';
    /** `Y` soft-deletes the entry, `N` restores it */
    readonly Delete: 'yesNo';
    readonly ObjectName: 'text!';
  };
  readonly Suppliers: {
    readonly ItemId: 'text';
    readonly SupplierId: 'int!';
    readonly DivisionId: 'int';
    readonly SupplierPartNo: 'text';
    readonly ListPrice: 'decimal';
    readonly Cost: 'decimal';
    readonly LeadTimeDays: 'int';
    readonly ObjectName: 'text!';
  };
  readonly UnitsOfMeasure: {
    readonly ItemId: 'text';
    readonly UnitOfMeasure: 'text!';
    readonly UnitSize: 'decimal';
    readonly ObjectName: 'text!';
  };
  readonly LocationSuppliers: {
    readonly ItemId: 'text';
    readonly LocationId: 'int!';
    readonly SupplierId: 'int!';
    readonly PrimarySupplier: 'yesNo';
    readonly ObjectName: 'text!';
  };
  readonly LocationMSPs: 'list';
  readonly AltCodes: 'list';
  readonly Lot: 'nested';
  readonly Service: 'nested';
  readonly ServiceContracts: 'nested';
  readonly Notes: 'list';
  readonly MSDS: 'nested';
  readonly RestrictedClasses: 'nested';
};
/** A price and availability result. `QuantityAvailable` is on hand less allocated, non-pickable, quarantined, frozen. */
export declare const PRICE_FIELDS: {
  readonly ItemId: 'text!';
  /** may be null even when it was supplied */
  readonly CompanyId: 'text';
  readonly LocationId: 'int';
  readonly UnitPrice: 'decimal';
  readonly BaseUnitPrice: 'decimal';
  /** unit price times the requested quantity */
  readonly ExtendedPrice: 'decimal';
  readonly UOM: 'text';
  readonly UOMUnitSize: 'decimal';
  readonly PriceUOM: 'text';
  readonly PriceUnitSize: 'decimal';
  /** 0: no price page matched */
  readonly PricePageUid: 'int';
  readonly CalcValue: 'decimal';
  readonly UnitCommissionCost: 'decimal';
  readonly UnitOtherCost: 'decimal';
  readonly UnitSalesCost: 'decimal';
  readonly LotCosted: 'yesNo';
  readonly QuantityAvailable: 'decimal';
  readonly QuantityOnHand: 'decimal';
  readonly QuantityAllocated: 'decimal';
  readonly QuantityNonPickable: 'decimal';
  readonly QuantityQuarantined: 'decimal';
  readonly QuantityFrozen: 'decimal';
  readonly LocationType: 'text';
};
