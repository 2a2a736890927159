import type { Family } from '../family.js';
import type { Interactive } from './index.js';
/**
 * One session at a time per client: the service keeps one session per token (a second one is a 409), and the
 * cure for a 409, deleting the token's sessions, would end a session still in use. Concurrent session() calls
 * therefore run one after another.
 */
export declare const build: Family<Interactive>;
