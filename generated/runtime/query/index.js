import { paging } from './paging.js';
export const query = paging;
