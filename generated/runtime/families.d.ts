import type { Family } from './family.js';
export declare const FAMILIES: {
  readonly query: Family<import('./query/paging.js').Paging>;
  readonly transactions: Family<import('./transactions/index.js').Transactions>;
  readonly entity: Family<import('./entity/index.js').EntityFamily>;
  readonly inventory: Family<{
    parts: {
      get<const P extends '*' | readonly import('./inventory/items.js').ItemExtendedName[] = readonly []>(
        itemId: string,
        options?: {
          readonly extendedProperties?: P;
        },
      ): Promise<import('./inventory/items.js').ItemRecord<P>>;
      create(payload: import('./inventory/items.js').ItemCreate): Promise<import('./inventory/items.js').ItemRecord>;
      list(options: {
        readonly query: import('./rest/query.js').QueryBuilder<
          typeof import('./inventory/records.js').ITEM_FIELDS,
          import('./inventory/items.js').ItemFields
        >;
      }): Promise<import('./inventory/items.js').ItemRecord[]>;
      appendOrUpdate: (
        itemId: string,
        change: import('./inventory/items.js').ItemChange,
        options?: {
          readonly verify?: import('./write-check.js').VerifyMode;
        },
      ) => Promise<
        import('./inventory/items.js').ItemRecord<
          readonly ['Locations', 'Suppliers', 'LocationSuppliers', 'UnitsOfMeasure']
        >
      >;
      price(
        itemId: string,
        parameters: import('./inventory/price.js').PriceParameters,
      ): Promise<import('./inventory/price.js').PriceResult>;
      prices: (
        items: readonly import('./inventory/price.js').PriceItem[],
        parameters: import('./inventory/price.js').BatchPriceParameters,
        options?: import('./inventory/price.js').BatchOptions,
      ) => Promise<import('./inventory/price.js').PriceResult[]>;
      pricesBulk(
        items: readonly import('./inventory/price.js').PriceItem[],
        parameters: import('./inventory/price.js').BatchPriceParameters,
        options?: import('./inventory/price.js').BulkOptions,
      ): Promise<import('./inventory/price.js').PriceResult[]>;
      ping(): Promise<void>;
    };
  }>;
  readonly interactive: Family<import('./interactive/index.js').Interactive>;
  readonly udt: Family<import('./udt/index.js').Udt>;
};
/** The families whose members are the client's own rather than a namespace. */
export declare const OWN_MEMBERS: readonly ['query', 'transactions'];
type Built<K extends keyof typeof FAMILIES> = ReturnType<(typeof FAMILIES)[K]>;
type Own = (typeof OWN_MEMBERS)[number];
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** What `createClient` builds: the own families' members, and one namespace per other family. */
export type Families = Intersection<
  {
    [K in Own]: Built<K>;
  }[Own]
> & {
  readonly [K in Exclude<keyof typeof FAMILIES, Own>]: Built<K>;
};
export {};
