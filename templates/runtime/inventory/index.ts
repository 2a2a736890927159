// The inventory family, `client.inventory`: items (the item master) and their prices on `/api/inventory/parts`.
// It shares the REST plumbing of the entity family (rest/): exact decimals, answers checked against their records, the
// REST error bodies as typed errors. An unfiltered item list times out on the service, so `list` needs a `$query`.
import type { FamilyContext } from '../family.js';
import { objectCheck } from '../rest/fields.js';
import { restCall } from '../rest/call.js';
import { items } from './items.js';
import { prices } from './price.js';

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

export function inventoryFamily(context: FamilyContext) {
  return {
    parts: {
      ...items(context),
      ...prices(context),
      /** GET `/ping`: the health check; resolves when the service answers. */
      async ping(): Promise<void> {
        await restCall(
          context,
          { method: 'GET', path: '/api/inventory/parts/ping', object: 'inventory/parts' },
          objectCheck,
        );
      },
    },
  };
}

export type InventoryFamily = ReturnType<typeof inventoryFamily>;
