// The client's families, one entry each: `client.<name>` is what the factory returns. Adding a family is a folder
// under runtime/ and a line here; the ErpClient type follows.
import { entityFamily } from './entity/index.js';
import { interactive } from './interactive/index.js';
import { inventoryFamily } from './inventory/index.js';
import { udt } from './udt/index.js';
export const FAMILIES = {
  entity: entityFamily,
  inventory: inventoryFamily,
  interactive,
  udt,
};
