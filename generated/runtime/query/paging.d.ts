import type { FamilyContext } from '../family.js';
import type { AbortSignalLike } from '../http/types.js';
import { type Keyed, type KeysetRefusal, type QueryOptions, type RunnableQuery } from './query.js';
import { type ValidateMode } from './validate-mode.js';
import { type ChangesOptions, type ChangesQuery, type Sync } from './sync.js';
export type { ChangesOptions, ChangesQuery, Sync } from './sync.js';
export interface RowsOptions {
  /** stops the request in flight (and a paging run): ErpCancelledError, saying how many rows were delivered */
  readonly signal?: AbortSignalLike;
  /**
   * Checks each row against the object's columns as the snapshot describes them (unknown or missing columns, a
   * value of the wrong kind, null in a not-null column, a string over its MaxLength): `error` throws an
   * ErpRowValidationError naming the object, column, row index and problem; `warn` logs each problem once per
   * object and column; `off` does not check. Default: the client's `validate`, else `off`.
   */
  readonly validate?: ValidateMode;
}
/** `rows()`'s options. */
export interface PagingOptions extends RowsOptions {
  /**
   * `'skip'` (the default, Q17): `$top` rows a page, `$skip` advancing. `'keyset'`: each page asks for the rows after
   * the last key of the previous one (`$orderby` the key, `$filter` your filter and that position, `$top`): every
   * page costs the server the same however deep it is, and rows inserted or deleted during the read neither shift
   * nor repeat the others. Needs the object's key, and no `orderBy()` or `skip()` of the query's own.
   */
  readonly paging?: 'skip' | 'keyset';
}
/** What `paging` takes for keyset paging: `'keyset'`, or, where the query's type says it cannot be, the reason. */
export type KeysetPaging<Keyset> = [KeysetRefusal<Keyset>] extends [never] ? 'keyset' : KeysetRefusal<Keyset>;
export interface Page<R> {
  readonly rows: R[];
  /** `@odata.count`, when the query asked for it */
  readonly count?: number;
}
/** The query surface's members of the client. */
export interface Paging {
  /** One request: the rows of the query's page, and `@odata.count` if asked. */
  page<R>(query: RunnableQuery<R>, options?: RowsOptions): Promise<Page<R>>;
  /**
   * Every row the query matches, requested page by page ($top rows, $skip advancing) until a short page.
   * Without an `orderBy`, the object's key columns order the pages so that no row is skipped or repeated.
   * `{ paging: 'keyset' }` pages by the key instead (PagingOptions): each page costs the same, however deep.
   * A server that answers more rows than `$top` or the same page again is an ErpPagingError; an error or a
   * cancel (`options.signal`) says, in `rowsDelivered` and the message, how many rows were delivered.
   */
  rows<R, Keyset = unknown>(
    query: RunnableQuery<R> & Keyed<Keyset>,
    options?: RowsOptions & {
      readonly paging?: 'skip' | KeysetPaging<NoInfer<Keyset>>;
    },
  ): AsyncIterable<R>;
  /**
   * The rows modified at or after `since` (a checkpoint of an earlier sync, a time, or nothing: every row), oldest
   * first by the object's modification stamp (`max_date_last_modified` on the search views, else
   * `date_last_modified`), then by its key, paged by that position. `sync.checkpoint` is where the read has got
   * to: store it, and give it as `since` to go on from there, after the last row delivered, each row once. See
   * ChangesOptions and Sync for what it guarantees when rows change during the read.
   */
  changes<R, Keyset = unknown>(query: ChangesQuery<R, Keyset>, options?: ChangesOptions): Sync<R>;
}
/**
 * How a paging run walks a query's pages: the options of each request, and what it learns from each page. The
 * `$skip` walk is here; the keyset walks (keyset.ts) are loaded on the first run that asks for one.
 */
export interface Walk {
  /** the query options of the next page */
  next(): QueryOptions;
  /** takes a page before its rows are delivered: why to stop (the server does not keep the rules), else undefined */
  took(rows: readonly object[]): string | undefined;
  /** a row of the page is delivered */
  delivered(row: object): void;
}
export declare function paging({ baseUrl, http, observer, validate, log }: FamilyContext): Paging;
