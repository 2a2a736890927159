// Client-driven paging on the data query surface: `$top`/`$skip` until a short page (the service has no server
// paging, no nextLink), in a stable order (the object's key columns when the query names none).
//
// It also guards against a server that does not keep those rules: a page longer than `$top`, or the same page
// again for a later `$skip`, would make paging run forever, so each is an ErpPagingError; rows that are not
// objects, and a 200 carrying an OData error object, are ErpUnexpectedResponseErrors.
import { ErpCancelledError, ErpError, ErpPagingError, ErpUnexpectedResponseError } from '../errors.js';
import type { FamilyContext } from '../family.js';
import type { AbortSignalLike } from '../http.js';
import { odataMessage } from '../http/body.js';
import { objectPath, queryString, type QueryOptions, type RunnableQuery } from '../query.js';
import type { Run } from '../tracing.js';
import { warner } from '../drift.js';
import type { RowChecker } from './validate.js';
import { validateMode, type ValidateMode } from './validate-mode.js';

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

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/** A page's rows as text, to tell a repeated page; undefined when they cannot be serialised (then not compared). */
function fingerprint(rows: readonly unknown[]): string | undefined {
  try {
    return JSON.stringify(rows);
  } catch {
    return undefined;
  }
}

/** Says on the error how many rows a paging run delivered before it stopped. */
function withDelivered(error: unknown, delivered: number): unknown {
  if (error instanceof ErpError) {
    (error as { rowsDelivered: number }).rowsDelivered = delivered;
    error.message = `${error.message}; ${delivered} row${delivered === 1 ? '' : 's'} had been delivered`;
  }
  return error;
}

export function paging({ baseUrl, http, observer, validate, log }: FamilyContext): Paging {
  /** what `warn` has said for the client's life (validate.ts: each problem once, each object's lines counted) */
  const said = new Map<string, number>();
  const say = warner(log);
  /** the checks, loaded on the first call that asks for them */
  function checkerOf(query: RunnableQuery<unknown>, options: RowsOptions | undefined): Promise<RowChecker> | undefined {
    const mode = options?.validate === undefined ? validate : validateMode(options.validate, 'validate');
    if (mode === 'off' || query.object.columns === undefined) return undefined;
    return import('./validate.js').then((v) =>
      v.rowChecker(mode, query.object, query.options.select, http.show, say, said),
    );
  }

  async function fetchPage<R>(
    query: RunnableQuery<R>,
    queryOptions: QueryOptions,
    signal: AbortSignalLike | undefined,
    checker: Promise<RowChecker> | undefined,
    firstIndex: number,
    run?: Run,
  ): Promise<Page<R>> {
    const object = `${query.object.surface}/${query.object.name}`;
    const shown = `${objectPath(query.object)}?${queryString(queryOptions)}`;
    const body = await http.json({
      method: 'GET',
      url: `${baseUrl}${shown}`,
      shown,
      object,
      odataObject: query.object.name,
      ...(signal !== undefined ? { signal } : {}),
      ...(run !== undefined ? { trace: run } : {}),
    });
    const info = (serverMessage?: string) => ({
      object,
      request: http.redact(`GET ${shown}`),
      status: 200,
      ...(serverMessage !== undefined ? { serverMessage: http.redact(serverMessage) } : {}),
    });
    const serverError = odataMessage(body);
    if (serverError !== undefined)
      throw new ErpUnexpectedResponseError(
        'the server answered HTTP 200 with an OData error object',
        info(serverError),
      );
    const value = (body as { value?: unknown } | null)?.value;
    if (!Array.isArray(value))
      throw new ErpUnexpectedResponseError('the server answered JSON without a `value` array', info());
    value.forEach((row: unknown, i) => {
      if (row === null || typeof row !== 'object' || Array.isArray(row))
        throw new ErpUnexpectedResponseError(`row ${i + 1} of the page is ${kindOf(row)}, not an object`, info());
    });
    if (value.length > queryOptions.top)
      throw new ErpPagingError(
        `the server answered ${value.length} rows where $top asked for at most ${queryOptions.top}: it does not honour $top, so the last page cannot be told`,
        info(),
      );
    if (checker) (await checker).check(value as object[], firstIndex);
    const count = (body as Record<string, unknown>)['@odata.count'];
    const top = queryOptions.top;
    observer.paged({
      family: 'query',
      object,
      page: top > 0 ? Math.floor((queryOptions.skip ?? 0) / top) + 1 : 1,
      rows: value.length,
      hasNext: top > 0 && value.length === top,
    });
    return { rows: value as R[], ...(typeof count === 'number' ? { count } : {}) };
  }

  return {
    page: (query, pageOptions) =>
      fetchPage(query, query.options, pageOptions?.signal, checkerOf(query, pageOptions), 0),

    async *rows(query, rowsOptions) {
      const signal = rowsOptions?.signal;
      const checker = checkerOf(query, rowsOptions);
      const pageSize = query.options.top;
      if (pageSize === 0) return;
      const orderBy = query.options.orderBy.length
        ? query.options.orderBy
        : query.object.key.map((k): readonly [string, 'asc'] => [k, 'asc']);
      let skip = query.options.skip ?? 0;
      let delivered = 0;
      let previous: string | undefined;
      // the run's span ends however the run does: done, failed, or left by the caller (a `break` returns here)
      const run = await observer.run('rows', 'query', `${query.object.surface}/${query.object.name}`);
      let failure: unknown;
      try {
        for (;;) {
          const pageOptions = { ...query.options, orderBy, skip };
          const shown = `GET ${objectPath(query.object)}?${queryString(pageOptions)}`;
          if (signal?.aborted)
            throw new ErpCancelledError('cancelled by the caller', {
              object: `${query.object.surface}/${query.object.name}`,
              request: http.redact(shown),
              status: 0,
            });
          const page = await fetchPage(query, pageOptions, signal, checker, delivered, run);
          run.count('erp.pages');
          run.count('erp.rows', page.rows.length);
          // a full page equal to the previous one: the server ignores $skip and would answer it forever
          const print = page.rows.length === pageSize ? fingerprint(page.rows) : undefined;
          if (print !== undefined && print === previous)
            throw new ErpPagingError(
              `the server answered the same ${pageSize} rows for $skip=${skip} as for $skip=${skip - pageSize}: it ignores $skip, so paging would repeat them forever`,
              { object: `${query.object.surface}/${query.object.name}`, request: http.redact(shown), status: 200 },
            );
          previous = print;
          for (const row of page.rows) {
            delivered++;
            yield row;
          }
          if (page.rows.length < pageSize) return;
          skip += pageSize;
        }
      } catch (error) {
        throw (failure = withDelivered(error, delivered));
      } finally {
        run.end(failure);
      }
    },
  };
}
