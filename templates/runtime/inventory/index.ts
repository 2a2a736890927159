// The inventory family, `client.inventory`: items (the item master) and their prices on `/api/inventory/parts`.
// It shares the REST plumbing of the entity family (rest/): exact decimals, answers checked against their records, the
// REST error bodies as typed errors. An unfiltered item list times out on the service, so `list` needs a `$query`.
import { lazyFamily } from '../family.js';
import type { InventoryFamily } from './build.js';

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
export const inventory = lazyFamily<InventoryFamily>(() => import('./build.js'), {
  parts: {
    get: true,
    create: true,
    list: true,
    appendOrUpdate: true,
    price: true,
    prices: true,
    pricesBulk: true,
    ping: true,
  },
});
