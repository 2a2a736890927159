import { restCall } from '../rest/call.js';
import { objectCheck } from '../rest/fields.js';
import { items } from './items.js';
import { prices } from './price.js';
function parts(context) {
  return {
    parts: {
      ...items(context),
      ...prices(context),
      /** GET `/ping`: the health check; resolves when the service answers. */
      async ping() {
        await restCall(
          context,
          { method: 'GET', path: '/api/inventory/parts/ping', object: 'inventory/parts' },
          objectCheck,
        );
      },
    },
  };
}
export const build = parts;
