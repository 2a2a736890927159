import type { Family } from '../family.js';
import { type Paging } from './paging.js';
export type { Page, Paging, RowsOptions } from './paging.js';
export declare const query: Family<Paging>;
