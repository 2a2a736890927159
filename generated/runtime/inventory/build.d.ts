import type { Family, FamilyContext } from '../family.js';
declare function parts(context: FamilyContext): {
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
    /** GET `/ping`: the health check; resolves when the service answers. */
    ping(): Promise<void>;
  };
};
export type InventoryFamily = ReturnType<typeof parts>;
export declare const build: Family<InventoryFamily>;
export {};
