import type { Family } from './family.js';
export declare const FAMILIES: {
  readonly interactive: Family<import('./interactive/index.js').Interactive>;
  readonly udt: Family<import('./udt/index.js').Udt>;
};
/** One namespace per family, as `createClient` builds them. */
export type Families = {
  readonly [K in keyof typeof FAMILIES]: ReturnType<(typeof FAMILIES)[K]>;
};
