import type { FamilyContext } from '../family.js';
import type { Decimal } from '../literals.js';
import { type FieldsOf } from '../rest/fields.js';
import { PRICE_FIELDS } from './records.js';
export type PriceResult = FieldsOf<typeof PRICE_FIELDS>;
/** A quantity: a number, or its exact decimal text. */
export type Quantity = Decimal;
/** The seven query parameters of a single price, all required. */
export interface PriceParameters {
  readonly companyId: string;
  readonly customerId: number;
  readonly salesLocId: number;
  readonly sourceLocId: number;
  readonly uom: string;
  readonly priceUom: string;
  readonly unitQuantity: Quantity;
}
/** The batch's query parameters: the first three required (in the service's order), the others optional. */
export interface BatchPriceParameters {
  readonly companyId: string;
  readonly customerId: number;
  readonly salesLocId: number;
  readonly shipToId?: number;
  /** `YYYY-MM-DD` */
  readonly orderDate?: string;
  readonly jobNo?: string;
}
/** One item of a batch. */
export interface PriceItem {
  readonly ItemId: string;
  readonly SourceLocId: number;
  readonly CustomerPartNo?: string;
  readonly UnitQuantity?: Quantity;
  readonly UnitSize?: Quantity;
  readonly UOM?: string;
  readonly PriceUom?: string;
}
export interface BatchOptions {
  /** how the items are sent: `json` (the default) or `xml`; the answer is JSON either way */
  readonly format?: 'json' | 'xml';
}
export interface BulkOptions extends BatchOptions {
  /**
   * items per request (default 500): the documents suggest 500 to 1,000; another size is taken, with a line in the
   * client's log saying so
   */
  readonly chunkSize?: number;
}
/**
 * The batch body in XML: `ArrayOfItemPriceInfo` with no namespace, each item's elements named as in JSON, written
 * in the ordinal order of their names (the order a .NET data contract reads members in, which skips one out of
 * order); a field left out or null is not written.
 */
export declare function priceItemsXml(items: readonly PriceItem[]): string;
export declare function prices(context: FamilyContext): {
  /** GET `/{ItemId}/v2/price`: the price and availability of one item for a customer. */
  price(itemId: string, parameters: PriceParameters): Promise<PriceResult>;
  /** POST `/prices`: one request for the given items, as JSON or (`format: 'xml'`) XML; see `pricesBulk` for many. */
  prices: (
    items: readonly PriceItem[],
    parameters: BatchPriceParameters,
    options?: BatchOptions,
  ) => Promise<PriceResult[]>;
  /**
   * Prices any number of items, `chunkSize` (suggested: 500 to 1,000) per request, one request after the other (the
   * service's locking of the item master limits concurrency). Lock errors are retried after 1 to 2 s, the
   * intermittent opaque 500 once. Results come in the order of `items`.
   */
  pricesBulk(
    items: readonly PriceItem[],
    parameters: BatchPriceParameters,
    options?: BulkOptions,
  ): Promise<PriceResult[]>;
};
