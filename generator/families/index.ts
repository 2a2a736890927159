// The client's families as the generator knows them: one entry per family of the runtime's families.ts, under the
// same name and in the same order (the catalog follows this order).
import type { FAMILIES as RUNTIME_FAMILIES } from '../../templates/runtime/families.js';
import { entity } from './entity.js';
import type { GeneratorFamily } from './family.js';
import { interactive } from './interactive.js';
import { inventory } from './inventory.js';
import { query } from './query.js';
import { transactions } from './transactions.js';
import { udt } from './udt.js';
import { userDefinedFields } from './user-defined-fields.js';

export type { CatalogSection, GeneratorFamily } from './family.js';

export const FAMILIES = {
  query,
  transactions,
  entity,
  inventory,
  interactive,
  udt,
} as const satisfies { readonly [Name in keyof typeof RUNTIME_FAMILIES]: GeneratorFamily };

/** What the snapshot adds to the families: their records' user-defined fields. */
export const USER_DEFINED_FIELDS = userDefinedFields(FAMILIES);
