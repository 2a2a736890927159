// The inventory family's namespace, built from the client's context on its first call (index.ts): items
// (items.ts) and their prices (price.ts) on `/api/inventory/parts`.
import type { Family, FamilyContext } from '../family.js';
import { restCall } from '../rest/call.js';
import { objectCheck } from '../rest/fields.js';
import { items } from './items.js';
import { prices } from './price.js';

function parts(context: FamilyContext) {
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

export type InventoryFamily = ReturnType<typeof parts>;

export const build: Family<InventoryFamily> = parts;
