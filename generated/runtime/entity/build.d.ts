import type { Family } from '../family.js';
import type { EntityFamily } from './index.js';
/** `client.entity`: one namespace per entity. */
export declare const build: Family<EntityFamily>;
