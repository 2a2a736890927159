import type { FamilyContext } from '../family.js';
import type { AbortSignalLike } from '../http.js';
import { type RunnableQuery } from '../query.js';
export interface RowsOptions {
  /** stops the request in flight (and a paging run): ErpCancelledError, saying how many rows were delivered */
  readonly signal?: AbortSignalLike;
}
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
   * A server that answers more rows than `$top` or the same page again is an ErpPagingError; an error or a
   * cancel (`options.signal`) says, in `rowsDelivered` and the message, how many rows were delivered.
   */
  rows<R>(query: RunnableQuery<R>, options?: RowsOptions): AsyncIterable<R>;
}
export declare function paging({ baseUrl, http, observer }: FamilyContext): Paging;
