// `client.inventory`: items and their prices (templates/runtime/inventory/).
import { ITEM_TABLE } from '../../templates/runtime/inventory/records.js';
import type { GeneratorFamily } from './family.js';

export const inventory: GeneratorFamily = { recordTables: { parts: ITEM_TABLE } };
