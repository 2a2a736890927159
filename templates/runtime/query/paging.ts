// Client-driven paging on the data query surface: `$top`/`$skip` until a short page (the service has no server
// paging, no nextLink), in a stable order (the object's key columns when the query names none). Keyset paging and
// `changes()` (keyset.ts, loaded on their first call) walk the same loop, each page starting after the last row's key.
//
// It also guards against a server that does not keep those rules: a page longer than `$top`, or the same page
// again for a later `$skip`, would make paging run forever, so each is an ErpPagingError; rows that are not
// objects, and a 200 carrying an OData error object, are ErpUnexpectedResponseErrors.
import { ErpCancelledError, ErpError, ErpPagingError, ErpUnexpectedResponseError } from '../errors.js';
import type { FamilyContext } from '../family.js';
import type { AbortSignalLike } from '../http/types.js';
import { odataMessage } from '../http/body.js';
import { checkWord } from '../option-checks.js';
import {
  objectPath,
  queryString,
  type Keyed,
  type KeysetRefusal,
  type QueryOptions,
  type RunnableQuery,
} from './query.js';
import type { Run } from '../tracing.js';
import { warner } from '../drift.js';
import type { RowChecker } from './validate.js';
import { validateMode, type ValidateMode } from './validate-mode.js';
import { openSync, type ChangesOptions, type ChangesQuery, type Sync } from './sync.js';

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
    options?: RowsOptions & { readonly paging?: 'skip' | KeysetPaging<NoInfer<Keyset>> },
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

function skipWalk(query: RunnableQuery<unknown>): Walk {
  const pageSize = query.options.top;
  const orderBy = query.options.orderBy.length
    ? query.options.orderBy
    : query.object.key.map((k): readonly [string, 'asc'] => [k, 'asc']);
  let skip = query.options.skip ?? 0;
  let previous: string | undefined;
  return {
    next: () => ({ ...query.options, orderBy, skip }),
    delivered() {},
    took(rows) {
      if (rows.length < pageSize) return undefined;
      // a full page equal to the previous one: the server ignores $skip and would answer it forever
      const print = fingerprint(rows);
      const same = print !== undefined && print === previous;
      previous = print;
      skip += pageSize;
      return same
        ? `the server answered the same ${pageSize} rows for $skip=${skip - pageSize} as for $skip=${skip - 2 * pageSize}: it ignores $skip, so paging would repeat them forever`
        : undefined;
    },
  };
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
    pageNumber: number,
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
      page: pageNumber,
      rows: value.length,
      hasNext: top > 0 && value.length === top,
    });
    return { rows: value as R[], ...(typeof count === 'number' ? { count } : {}) };
  }

  /**
   * Every row of the pages the walk (`walkOf`, made on the first step) asks for, until a short page: the loop every
   * paging run shares.
   */
  async function* walkPages<R>(
    query: RunnableQuery<R>,
    options: RowsOptions | undefined,
    walkOf: () => Walk | Promise<Walk>,
    name = 'rows',
  ): AsyncGenerator<R> {
    const walk = await walkOf();
    const signal = options?.signal;
    const checker = checkerOf(query, options);
    const pageSize = query.options.top;
    if (pageSize === 0) return;
    const object = `${query.object.surface}/${query.object.name}`;
    let delivered = 0;
    // the run's span ends however the run does: done, failed, or left by the caller (a `break` returns here)
    const run = await observer.run(name, 'query', object);
    let failure: unknown;
    try {
      for (let number = 1; ; number++) {
        const pageOptions = walk.next();
        const shown = `GET ${objectPath(query.object)}?${queryString(pageOptions)}`;
        if (signal?.aborted)
          throw new ErpCancelledError('cancelled by the caller', { object, request: http.redact(shown), status: 0 });
        const page = await fetchPage(query, pageOptions, signal, checker, delivered, number, run);
        run.count('erp.pages');
        run.count('erp.rows', page.rows.length);
        const wrong = walk.took(page.rows as object[]);
        if (wrong !== undefined) throw new ErpPagingError(wrong, { object, request: http.redact(shown), status: 200 });
        for (const row of page.rows) {
          walk.delivered(row as object);
          delivered++;
          yield row;
        }
        if (page.rows.length < pageSize) return;
      }
    } catch (error) {
      throw (failure = withDelivered(error, delivered));
    } finally {
      run.end(failure);
    }
  }

  /** keyset.ts, loaded on the first keyset run or `changes()` */
  const keysetModule = () => import('./keyset.js');

  return {
    page: (query, pageOptions) =>
      fetchPage(
        query,
        query.options,
        pageOptions?.signal,
        checkerOf(query, pageOptions),
        0,
        query.options.top > 0 ? Math.floor((query.options.skip ?? 0) / query.options.top) + 1 : 1,
      ),

    // the paging word is checked on the first step, as the walk is made: a value from `any` may be any. The run is
    // walkPages' own generator, not one delegating to it: a layer of generator costs every row a step more
    rows: <R>(query: RunnableQuery<R>, rowsOptions?: RowsOptions & { readonly paging?: string }): AsyncGenerator<R> =>
      walkPages(query, rowsOptions, async () => {
        const paging = checkWord('rows()', 'paging', rowsOptions?.paging, ['skip', 'keyset']) ?? 'skip';
        return paging === 'keyset' ? (await keysetModule()).keysetWalk(query) : skipWalk(query);
      }),

    // the sync's own checks (a stamp, a key, `since`) run when it is made, before anything is sent
    changes: (query, changesOptions) =>
      openSync(query, changesOptions?.since, (from, moved) =>
        walkPages(query, changesOptions, async () => (await keysetModule()).changesWalk(query, from, moved), 'changes'),
      ),
  };
}
