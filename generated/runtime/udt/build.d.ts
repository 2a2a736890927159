import type { Family } from '../family.js';
import type { Udt } from './index.js';
export declare const build: Family<Udt>;
