import type { ColumnKind } from '../column-kinds.js';
import type { RunnableQuery } from '../query.js';
import type { Walk } from './paging.js';
import { type Position, type SyncPlan } from './sync.js';
/** The rows after `values` in the order of `columns`, each ascending (see the top of this file). */
export declare function afterFilter(
  columns: readonly string[],
  kinds: readonly ColumnKind[],
  values: readonly unknown[],
): string;
/** `rows(q, { paging: 'keyset' })`: the pages of `query` in the order of its object's key. */
export declare function keysetWalk(query: RunnableQuery<unknown>): Walk;
/** `changes()`: the pages of `query` in the order of `plan` (stamp, key) from `from`, telling `moved` each row's. */
export declare function changesWalk(
  query: RunnableQuery<unknown>,
  plan: SyncPlan,
  from: Position,
  moved: (to: Position) => void,
): Walk;
