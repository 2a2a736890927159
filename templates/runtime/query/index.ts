// The query surface's family: the client's own `page()` and `rows()` (paging.ts), on the base host. Built with the
// client rather than on first use: it is what nearly every consumer calls, and it is small.
import type { Family } from '../family.js';
import { paging, type Paging } from './paging.js';

export type { ChangesOptions, ChangesQuery, Page, Paging, PagingOptions, RowsOptions, Sync } from './paging.js';

export const query: Family<Paging> = paging;
