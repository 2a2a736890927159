import type { ColumnKind } from '../column-kinds.js';
import { type RunnableQuery } from '../query.js';
import type { RowsOptions } from './paging.js';
export type { ChangesQuery } from '../query.js';
export interface ChangesOptions extends RowsOptions {
  /**
   * Where to start: a checkpoint an earlier sync gave (`sync.checkpoint`), to go on after the last row it delivered;
   * a time (a Date, or ISO 8601 text with `Z` or an offset), for the rows modified at or after it; nothing, for every
   * row (those whose stamp is null first, as OData orders null before any value).
   */
  readonly since?: string | Date;
}
/**
 * The rows of `client.changes()`, oldest change first; each `for await` reads on from `checkpoint`.
 *
 * What it guarantees: each row is delivered once per version of it the read finds, in the order of its stamp and
 * key. A row modified while the read runs, behind the position the read has reached, gets a stamp after it and is
 * delivered again, as its new version, when the read gets there (or by the next sync); one modified ahead of the
 * position is delivered once, as it is when its page is read. Resumed from a checkpoint, the read goes on after the
 * last row delivered before it, so rows are neither skipped nor repeated across a crash. Not seen: rows deleted
 * from the table (the stamp cannot show them; the service's soft deletes, `delete_flag` Y or `row_status_flag`
 * 700, are modifications and are seen), and a row whose new stamp is earlier than the position already passed (a
 * writer whose clock lags, or a transaction that commits after rows stamped later were read).
 */
export interface Sync<R> extends AsyncIterable<R> {
  /**
   * Where the read has got to: after the last row delivered (before the first row: where it started). An opaque
   * string to store, and to give as `since` to go on from there; changes() refuses one of another object or
   * schema, or one cut short or edited, with an ErpCheckpointError.
   */
  readonly checkpoint: string;
}
/** What a sync reads by: the object, and the columns of its order, the stamp first and then the key. */
export interface SyncPlan {
  /** `table/customer` */
  readonly object: string;
  readonly columns: readonly string[];
  readonly kinds: readonly ColumnKind[];
}
/** Where a sync starts, or has got to: every row, the rows stamped at or after a time, or those after a row's. */
export type Position =
  | {
      readonly from: 'start';
    }
  | {
      readonly from: 'time';
      readonly at: string;
    }
  | {
      readonly from: 'after';
      readonly values: readonly unknown[];
    };
/** The plan of `changes()` for a query, or an ErpQueryError saying why the query cannot be read so. */
export declare function syncPlan(query: RunnableQuery<unknown>): SyncPlan;
/** The column kinds of a query's object, which its position's literals are written by. */
export declare function kindsOf(query: RunnableQuery<unknown>, columns: readonly string[], where: string): ColumnKind[];
/** Refuses an order or a skip of the query's own where the read sets them (an order equal to its own is fine). */
export declare function ownOrder(
  where: string,
  options: RunnableQuery<unknown>['options'],
  columns: readonly string[],
): void;
/** The position `since` names for `plan`: refused with an ErpCheckpointError when it names none. */
export declare function startOf(plan: SyncPlan, since: unknown): Position;
/** A position as a checkpoint string. */
export declare function writeCheckpoint(plan: SyncPlan, position: Position): string;
/**
 * The sync of `query` from `since`: its plan and start are checked at once (before anything is sent); `read` walks
 * the pages from a position, telling each row's position as the row is delivered.
 */
export declare function openSync<R>(
  query: RunnableQuery<R>,
  since: unknown,
  read: (plan: SyncPlan, from: Position, moved: (to: Position) => void) => AsyncIterable<R>,
): Sync<R>;
