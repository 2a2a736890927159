import type { ColumnKind } from '../column-kinds.js';
import type { RunnableQuery } from './query.js';
import type { Walk } from './paging.js';
import { type Position } from './sync.js';
/** The rows after `values` in the order of `columns`, each ascending (see the top of this file). */
export declare function afterFilter(
  columns: readonly string[],
  kinds: readonly ColumnKind[],
  values: readonly unknown[],
): string;
/** What a sync reads by: the object, and the columns of its order (the stamp, then the key) with their kinds. */
interface SyncPlan {
  /** `table/customer` */
  readonly object: string;
  readonly columns: readonly string[];
  readonly kinds: readonly ColumnKind[];
}
/** The position a checkpoint given as `since` names for `plan`: an ErpCheckpointError when it names none. */
export declare function readCheckpoint(plan: SyncPlan, text: string): Position;
/** `rows(q, { paging: 'keyset' })`: the pages of `query` in the order of its object's key. */
export declare function keysetWalk(query: RunnableQuery<unknown>): Walk;
/**
 * `changes()`: the pages of `query` in the order of its stamp and key from `from` (a checkpoint given is read here),
 * telling `moved` each row's position.
 */
export declare function changesWalk(query: RunnableQuery<unknown>, from: Position, moved: (to: Position) => void): Walk;
export {};
