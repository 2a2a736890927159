import type { Family } from '../family.js';
import type { Transactions } from './index.js';
export declare const build: Family<Transactions>;
