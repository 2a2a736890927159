export type {
  ChildList,
  ItemRecord,
  ItemChange,
  ItemCreate,
  ItemExtended,
  ItemExtendedName,
  ItemFields,
  ItemLocation,
  ItemLocationSupplier,
  ItemSupplier,
  ItemUnit,
  ItemUserFields,
  ItemWriteFields,
  LocationAppend,
  LocationCreate,
  LocationSupplierAppend,
  LocationSupplierCreate,
  LocationUpdate,
  LocationWriteFields,
  SupplierCreate,
  SupplierWriteFields,
  UnitCreate,
  UnitWriteFields,
} from './items.js';
export type {
  BatchOptions,
  BatchPriceParameters,
  BulkOptions,
  PriceItem,
  PriceParameters,
  PriceResult,
  Quantity,
} from './price.js';
export type { InventoryFamily } from './build.js';
/** `client.inventory`: items and their prices, loaded on the first call (parts.ts). */
export declare const inventory: import('../family.js').Family<{
  parts: {
    get<const P extends '*' | readonly import('./items.js').ItemExtendedName[] = readonly []>(
      itemId: string,
      options?: {
        readonly extendedProperties?: P;
      },
    ): Promise<import('./items.js').ItemRecord<P>>;
    create(payload: import('./items.js').ItemCreate): Promise<import('./items.js').ItemRecord>;
    list(options: {
      readonly query: import('../rest/query.js').QueryBuilder<
        typeof import('./records.js').ITEM_FIELDS,
        import('./items.js').ItemFields
      >;
    }): Promise<import('./items.js').ItemRecord[]>;
    appendOrUpdate: (
      itemId: string,
      change: import('./items.js').ItemChange,
      options?: {
        readonly verify?: import('../write-check.js').VerifyMode;
      },
    ) => Promise<
      import('./items.js').ItemRecord<readonly ['Locations', 'Suppliers', 'LocationSuppliers', 'UnitsOfMeasure']>
    >;
    price(itemId: string, parameters: import('./price.js').PriceParameters): Promise<import('./price.js').PriceResult>;
    prices: (
      items: readonly import('./price.js').PriceItem[],
      parameters: import('./price.js').BatchPriceParameters,
      options?: import('./price.js').BatchOptions,
    ) => Promise<import('./price.js').PriceResult[]>;
    pricesBulk(
      items: readonly import('./price.js').PriceItem[],
      parameters: import('./price.js').BatchPriceParameters,
      options?: import('./price.js').BulkOptions,
    ): Promise<import('./price.js').PriceResult[]>;
    ping(): Promise<void>;
  };
}>;
