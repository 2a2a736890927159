// The client's families, one entry each: a folder under runtime/ whose index declares the family (family.ts).
// The members of `query` and `transactions` are the client's own (`client.rows()`, `client.transaction()`); each
// other family is a namespace, `client.<name>`. A family is a folder here (its index.ts declares it; a lazy one's
// build.ts builds it), a line below (the ErpClient type follows) and its public names in client-api.ts; on the
// generator's side an entry in generator/families/, and in the sandbox a folder of routes.
import { entity } from './entity/index.js';
import type { Family } from './family.js';
import { interactive } from './interactive/index.js';
import { inventory } from './inventory/index.js';
import { query } from './query/index.js';
import { transactions } from './transactions/index.js';
import { udt } from './udt/index.js';

export const FAMILIES = {
  query,
  transactions,
  entity,
  inventory,
  interactive,
  udt,
} as const satisfies Readonly<Record<string, Family<object>>>;

/** The families whose members are the client's own rather than a namespace. */
export const OWN_MEMBERS = ['query', 'transactions'] as const satisfies ReadonlyArray<keyof typeof FAMILIES>;

type Built<K extends keyof typeof FAMILIES> = ReturnType<(typeof FAMILIES)[K]>;
type Own = (typeof OWN_MEMBERS)[number];
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** What `createClient` builds: the own families' members, and one namespace per other family. */
export type Families = Intersection<{ [K in Own]: Built<K> }[Own]> & {
  readonly [K in Exclude<keyof typeof FAMILIES, Own>]: Built<K>;
};
