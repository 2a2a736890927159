import { entityFamily } from './entity/index.js';
import { inventoryFamily } from './inventory/index.js';
export declare const FAMILIES: {
  readonly entity: typeof entityFamily;
  readonly inventory: typeof inventoryFamily;
};
/** One namespace per family, as `createClient` builds them. */
export type Families = {
  readonly [K in keyof typeof FAMILIES]: ReturnType<(typeof FAMILIES)[K]>;
};
