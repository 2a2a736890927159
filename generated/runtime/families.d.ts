import { entityFamily } from './entity/index.js';
import type { Family } from './family.js';
import { inventoryFamily } from './inventory/index.js';
export declare const FAMILIES: {
  readonly entity: typeof entityFamily;
  readonly inventory: typeof inventoryFamily;
  readonly interactive: Family<import('./interactive/index.js').Interactive>;
  readonly udt: Family<import('./udt/index.js').Udt>;
};
/** One namespace per family, as `createClient` builds them. */
export type Families = {
  readonly [K in keyof typeof FAMILIES]: ReturnType<(typeof FAMILIES)[K]>;
};
