import { type VerifyMode } from '../write-check.js';
import type { FieldKind } from '../contract.js';
import type { FamilyContext } from '../family.js';
import {
  type Check,
  type FieldsOf,
  type RestRecord,
  type Simplify,
  type UserDefinedFieldsOf,
  type UserDefinedFieldWritesOf,
  type WriteFieldsOf,
} from '../rest/fields.js';
import { type QueryBuilder } from '../rest/query.js';
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
type Rest<F, Taken extends keyof F> = {
  [K in Exclude<keyof F, Taken>]?: F[K];
};
export type LocationCreate = Simplify<
  {
    LocationId: number;
    ProductGroupId: string;
    ObjectName: 'inv_loc';
  } & Rest<LocationWriteFields, 'LocationId' | 'ProductGroupId' | 'ObjectName' | 'ItemId'>
>;
export type SupplierCreate = Simplify<
  {
    SupplierId: number;
    DivisionId: number;
    ObjectName: 'inventory_supplier';
  } & Rest<SupplierWriteFields, 'SupplierId' | 'DivisionId' | 'ObjectName' | 'ItemId'>
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
  {
    UnitOfMeasure: string;
    ObjectName: 'item_uom';
  } & Rest<UnitWriteFields, 'UnitOfMeasure' | 'ObjectName' | 'ItemId'>
>;
/** The minimum create payload: the item and its three blocks, each entry with its `ObjectName`. */
export type ItemCreate = Simplify<
  {
    ItemId: string;
    ItemDesc: string;
    ObjectName: 'inv_mast';
  } & Rest<ItemWriteFields, 'ItemId' | 'ItemDesc' | 'ObjectName' | 'InvMastUid'> & {
      Locations: {
        list: NonEmpty<LocationCreate>;
      };
      Suppliers: {
        list: NonEmpty<SupplierCreate>;
      };
      LocationSuppliers: {
        list: NonEmpty<LocationSupplierCreate>;
      };
      UnitsOfMeasure?: {
        list: readonly UnitCreate[];
      };
      UserDefinedFields?: UserDefinedFieldWritesOf<typeof ITEM_TABLE>;
    }
>;
/** I12: what the service writes on a location the item already has (`Delete` Y/N: soft delete and restore, I13). */
declare const EXISTING_WRITABLE: Set<
  | 'Delete'
  | 'PrimaryBin'
  | 'ProductGroupId'
  | 'PurchaseDiscountGroup'
  | 'ReplenishmentLocation'
  | 'SalesDiscountGroup'
  | 'Sellable'
>;
type ExistingWritable = typeof EXISTING_WRITABLE extends Set<infer F> ? F : never;
/** A change to a location the item already has: only the fields the service writes on existing entries. */
export type LocationUpdate = Simplify<
  {
    LocationId: number;
  } & {
    [K in ExistingWritable]?: LocationWriteFields[K];
  }
>;
type Accounts =
  | {
      GlAccountNo: string;
      RevenueAccountNo: string;
      CosAccountNo: string;
      accountsFromDefaults?: never;
    }
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
  readonly locations?: {
    readonly update?: readonly LocationUpdate[];
    readonly append?: readonly LocationAppend[];
  };
  readonly suppliers?: {
    readonly append?: readonly SupplierCreate[];
  };
  /** an appended entry with `PrimarySupplier` `Y` sets the location's primary supplier */
  readonly locationSuppliers?: {
    readonly append?: readonly LocationSupplierAppend[];
  };
  /** the item is a kit: appended locations may not say `Buy`/`Make` */
  readonly kit?: boolean;
}
declare const CHILDREN: readonly ['Locations', 'Suppliers', 'LocationSuppliers', 'UnitsOfMeasure'];
/** The item check; the child collections in `required` must be present (they were asked for). */
export declare function itemSchema(required: ReadonlySet<string>, udf?: Readonly<Record<string, FieldKind>>): Check;
/** The item id as a path segment; `/` cannot be sent (`%2F` answers 404). */
export declare function itemSegment(itemId: unknown, what: string): string;
export declare function items(context: FamilyContext): {
  /** GET `/{ItemId}`; `extendedProperties` fills the child collections named (`'*'`: all). `'new'` is an item id. */
  get<const P extends '*' | readonly ItemExtendedName[] = readonly []>(
    itemId: string,
    options?: {
      readonly extendedProperties?: P;
    },
  ): Promise<ItemRecord<P>>;
  /**
   * POST `/api/inventory/parts/`: creates the item with its blocks and answers it. The service makes a create
   * atomic (a failed one leaves nothing: a following GET answers 404), so its intermittent opaque 500 ("thrown by
   * the target of an invocation") is retried once, as the documents say: the failure it answered applied nothing,
   * and the resent POST is the whole create again, not part of one (`atomic`; a lost connection is not retried).
   */
  create(payload: ItemCreate): Promise<ItemRecord>;
  /**
   * GET `/?$query=...`: the items the expression matches (PascalCase item fields). There is no unfiltered list:
   * the service times out without a `$query`.
   */
  list(options: { readonly query: QueryBuilder<typeof ITEM_FIELDS, ItemFields> }): Promise<ItemRecord[]>;
  /**
   * Reads the item with Locations, Suppliers, LocationSuppliers and UnitsOfMeasure, applies `change`, PUTs the
   * whole item back with every existing entry, reads it again and checks that the change is there (else an
   * ErpWriteNotAppliedError naming each field; a value stored in another form, such as a decimal rounded, is a
   * line in the log, an error with `verify: 'strict'`; `verify: false` answers the item read without comparing;
   * default: the client's `verify`, else true). The appended-location rules are checked before anything is sent.
   */
  appendOrUpdate: (
    itemId: string,
    change: ItemChange,
    options?: {
      readonly verify?: VerifyMode;
    },
  ) => Promise<ItemRecord<typeof CHILDREN>>;
};
export {};
