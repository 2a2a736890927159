// Customer-specific price and availability, single and batch.
//
// Service facts this follows:
// - Single price: GET `/api/inventory/parts/{ItemId}/v2/price` (also served at
//   `/api/inventory/v2/parts/v2/price/{ItemId}`, identical; this client uses the first) with seven query
//   parameters, all required: `companyId`, `customerId`, `salesLocId`, `sourceLocId`, `uom`, `priceUom`,
//   `unitQuantity`. An item not defined at the location is a 500 `Svc.Business.Common.BusinessException`.
// - Item ids in the path: `#` as `%23`, `&` as `%26`, `+` as `%2B` work; `/` as `%2F` answers 404 and there is no
//   workaround, so such an id is refused before sending (batch pricing carries it in the body instead).
// - Batch price: POST `/api/inventory/parts/prices` (also `/api/inventory/v2/parts/prices`), query parameters
//   `companyId`, `customerId`, `salesLocId` (required, checked by the service in that order, each missing one a
//   500 `System.ArgumentException` naming it) and optional `shipToId`, `orderDate`, `jobNo`; the body an array
//   of `{ItemId, SourceLocId, CustomerPartNo?, UnitQuantity?, UnitSize?, UOM?, PriceUom?}` (units default to the
//   item's base unit); the answer one price result per requested item. `Content-Type` must match the body
//   (`application/json` or `application/xml`): the body is JSON, or with `format: 'xml'` an `ArrayOfItemPriceInfo`
//   of `ItemPriceInfo` elements with no namespace on the root (a namespace makes it fail to bind). The answer is
//   JSON either way (`Accept` is negotiated apart from the body).
// - Bulk runs: chunks of 500 to 1,000 items suggested (another size is taken, and logged), a retry after 1 to 2
//   seconds on lock errors (the item master is
//   locked), and the intermittent opaque 500 retried once: both through the client's retry policy, since a price
//   request is a read.
// - Decimals carry nine decimal places and are given as their exact text (DecimalString). A batch item's
//   `UnitQuantity` and `UnitSize` are sent as JSON numbers made from their exact text.
import { ErpQueryError, ErpUnexpectedResponseError } from '../errors.js';
import type { FamilyContext } from '../family.js';
import type { Decimal } from '../literals.js';
import { arrayCheck, recordCheck, type FieldsOf, type WriteShape } from '../rest/fields.js';
import { queryOf, restCall } from '../rest/call.js';
import { itemSegment } from './items.js';
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

const OBJECT = 'inventory/parts';
const priceResult = recordCheck(PRICE_FIELDS);
/** the decimals of a batch item: sent as JSON numbers */
const PRICE_ITEM_SHAPE: WriteShape = { decimals: new Set(['UnitQuantity', 'UnitSize']) };
const SINGLE = ['companyId', 'customerId', 'salesLocId', 'sourceLocId', 'uom', 'priceUom', 'unitQuantity'] as const;
const REQUIRED_BATCH = ['companyId', 'customerId', 'salesLocId'] as const;

function missing(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (typeof value === 'number' && !Number.isFinite(value))
  );
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * The batch body in XML: `ArrayOfItemPriceInfo` with no namespace, each item's elements named as in JSON, written
 * in the ordinal order of their names (the order a .NET data contract reads members in, which skips one out of
 * order); a field left out or null is not written.
 */
export function priceItemsXml(items: readonly PriceItem[]): string {
  const entries = items.map((item) => {
    const fields = Object.entries(item)
      .filter(([, value]) => value !== undefined && value !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `<${name}>${String(value).replace(/[&<>]/g, (c) => XML_ESCAPES[c]!)}</${name}>`);
    return `<ItemPriceInfo>${fields.join('')}</ItemPriceInfo>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?><ArrayOfItemPriceInfo>${entries.join('')}</ArrayOfItemPriceInfo>`;
}

const PRICE_ITEM_FIELDS: ReadonlySet<string> = new Set([
  'ItemId',
  'SourceLocId',
  'CustomerPartNo',
  'UnitQuantity',
  'UnitSize',
  'UOM',
  'PriceUom',
]);

export function prices(context: FamilyContext) {
  async function batch(
    items: readonly PriceItem[],
    parameters: BatchPriceParameters,
    options?: BatchOptions,
  ): Promise<PriceResult[]> {
    const format = options?.format ?? 'json';
    if (format !== 'json' && format !== 'xml')
      throw new ErpQueryError(`${OBJECT}: batch price format ${JSON.stringify(format)}: 'json' or 'xml'`);
    for (const name of REQUIRED_BATCH)
      if (missing(parameters?.[name]))
        throw new ErpQueryError(
          `${OBJECT}: batch price needs the query parameter ${name} (required: ${REQUIRED_BATCH.join(', ')})`,
        );
    items.forEach((item, i) => {
      if (missing(item?.ItemId)) throw new ErpQueryError(`${OBJECT}: batch price item ${i}: ItemId is required`);
      if (missing(item.SourceLocId))
        throw new ErpQueryError(`${OBJECT}: batch price item ${i} (${item.ItemId}): SourceLocId is required`);
      // in XML an element name is the field name: only the documented ones are written
      if (format === 'xml')
        for (const name of Object.keys(item))
          if (!PRICE_ITEM_FIELDS.has(name))
            throw new ErpQueryError(`${OBJECT}: batch price item ${i} (${item.ItemId}): unknown field ${name}`);
    });
    if (items.length === 0) return [];
    const path = `/api/inventory/parts/prices${queryOf([
      ['companyId', parameters.companyId],
      ['customerId', parameters.customerId],
      ['salesLocId', parameters.salesLocId],
      ['shipToId', parameters.shipToId],
      ['orderDate', parameters.orderDate],
      ['jobNo', parameters.jobNo],
    ])}`;
    const results = (await restCall(
      context,
      {
        method: 'POST',
        path,
        object: OBJECT,
        ...(format === 'xml'
          ? { text: { content: priceItemsXml(items), contentType: 'application/xml; charset=utf-8' } }
          : { body: items, shape: PRICE_ITEM_SHAPE }),
        kind: 'read',
      },
      arrayCheck(priceResult),
    )) as PriceResult[];
    if (results.length !== items.length)
      throw new ErpUnexpectedResponseError(
        `batch price answered ${results.length} results for ${items.length} items (one per item was expected)`,
        { request: `POST ${path}`, status: 200, object: OBJECT },
      );
    return results as PriceResult[];
  }

  return {
    /** GET `/{ItemId}/v2/price`: the price and availability of one item for a customer. */
    async price(itemId: string, parameters: PriceParameters): Promise<PriceResult> {
      const segment = itemSegment(itemId, 'price');
      for (const name of SINGLE)
        if (missing(parameters?.[name]))
          throw new ErpQueryError(`${OBJECT}: price of ${JSON.stringify(itemId)} needs the query parameter ${name}`);
      const path = `/api/inventory/parts/${segment}/v2/price${queryOf(SINGLE.map((name) => [name, parameters[name]] as const))}`;
      return (await restCall(context, { method: 'GET', path, object: OBJECT }, priceResult)) as PriceResult;
    },
    /** POST `/prices`: one request for the given items, as JSON or (`format: 'xml'`) XML; see `pricesBulk` for many. */
    prices: batch,
    /**
     * Prices any number of items, `chunkSize` (suggested: 500 to 1,000) per request, one request after the other (the
     * service's locking of the item master limits concurrency). Lock errors are retried after 1 to 2 s, the
     * intermittent opaque 500 once. Results come in the order of `items`.
     */
    async pricesBulk(
      items: readonly PriceItem[],
      parameters: BatchPriceParameters,
      options?: BulkOptions,
    ): Promise<PriceResult[]> {
      const size = options?.chunkSize ?? 500;
      if (!Number.isSafeInteger(size) || size < 1)
        throw new ErpQueryError(`${OBJECT}: chunkSize ${size}: a number of items per request, 1 or more`);
      // a suggestion of the documents, not a limit of the service: another size is the caller's to choose
      if (size < 500 || size > 1000)
        context.log?.(
          `${OBJECT}: pricesBulk with chunkSize ${size}: the documents suggest 500 to 1,000 items per request (smaller chunks make more requests, larger ones hold the item master's locks longer)`,
        );
      const results: PriceResult[] = [];
      for (let start = 0; start < items.length; start += size)
        results.push(...(await batch(items.slice(start, start + size), parameters, options)));
      return results;
    },
  };
}
