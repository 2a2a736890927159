// The client's families, as the generator knows them: the same families, in the same order, as the runtime's
// families.ts (a test keeps the two in step).
import { entity } from './entity.js';
import type { GeneratorFamily } from './family.js';
import { interactive } from './interactive.js';
import { inventory } from './inventory.js';
import { udt } from './udt.js';

export type { GeneratorFamily } from './family.js';

export const FAMILIES: readonly GeneratorFamily[] = [entity, inventory, interactive, udt];
