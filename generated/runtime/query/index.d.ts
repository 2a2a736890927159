import type { Family } from '../family.js';
import { type Paging } from './paging.js';
export type { ChangesOptions, ChangesQuery, Page, Paging, PagingOptions, RowsOptions, Sync } from './paging.js';
export declare const query: Family<Paging>;
