import { lazyFamily } from '../family.js';
const READER = { get: true, list: true, listAll: true, create: true, ping: true };
const WRITER = { ...READER, template: true, update: true, delete: true };
/** `client.entity`: one namespace per entity, loaded on its first call (build.ts). */
export const entity = lazyFamily(() => import('./build.js'), {
  customers: WRITER,
  vendors: WRITER,
  contacts: WRITER,
  addresses: READER,
});
