import { type RunnableQuery } from './query.js';
import type { RowsOptions } from './paging.js';
export type { ChangesQuery } from './query.js';
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
/**
 * Where a sync starts, or has got to: every row, the rows stamped at or after a time, those after a row's stamp and
 * key, or a checkpoint given as `since` and not read yet (keyset.ts reads it on the first read).
 */
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
    }
  | {
      readonly from: 'given';
      readonly text: string;
    };
export declare const PREFIX = 'erpgen-sync.';
export declare const FORMAT = 1;
/** FNV-1a, 32 bits, of UTF-16 code units: enough to tell a checkpoint cut short or edited by hand. */
export declare function checksum(text: string): string;
/** A position of `object` (`table/customer`) in the order of `columns` as a checkpoint string. */
export declare function writeCheckpoint(object: string, columns: readonly string[], position: Position): string;
/** The columns `changes()` orders an object's rows by: its stamp (see stampColumn), then its key. */
export declare function syncColumns(object: RunnableQuery<unknown>['object']): string[];
/**
 * The sync of `query` from `since`: its plan and start are checked at once (before anything is sent); `read` walks
 * the pages from a position, telling each row's position as the row is delivered.
 */
export declare function openSync<R>(
  query: RunnableQuery<R>,
  since: unknown,
  read: (from: Position, moved: (to: Position) => void) => AsyncIterable<R>,
): Sync<R>;
