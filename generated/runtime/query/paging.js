// Client-driven paging on the data query surface: `$top`/`$skip` until a short page (the service has no server
// paging, no nextLink), in a stable order (the object's key columns when the query names none). Keyset paging and
// `changes()` (keyset.ts, loaded on their first call) walk the same loop, each page starting after the last row's key.
//
// It also guards against a server that does not keep those rules: a page longer than `$top`, or the same page
// again for a later `$skip`, would make paging run forever, so each is an ErpPagingError; rows that are not
// objects, and a 200 carrying an OData error object, are ErpUnexpectedResponseErrors.
import { ErpCancelledError, ErpError, ErpPagingError, ErpUnexpectedResponseError } from '../errors.js';
import { odataMessage } from '../http/body.js';
import { checkWord } from '../option-checks.js';
import { objectPath, queryString } from './query.js';
import { warner } from '../drift.js';
import { validateMode } from './validate-mode.js';
import { openSync } from './sync.js';
function skipWalk(query) {
  const pageSize = query.options.top;
  const orderBy = query.options.orderBy.length ? query.options.orderBy : query.object.key.map((k) => [k, 'asc']);
  let skip = query.options.skip ?? 0;
  let previous;
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
function kindOf(value) {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
/** A page's rows as text, to tell a repeated page; undefined when they cannot be serialised (then not compared). */
function fingerprint(rows) {
  try {
    return JSON.stringify(rows);
  } catch {
    return undefined;
  }
}
/** Says on the error how many rows a paging run delivered before it stopped. */
function withDelivered(error, delivered) {
  if (error instanceof ErpError) {
    error.rowsDelivered = delivered;
    error.message = `${error.message}; ${delivered} row${delivered === 1 ? '' : 's'} had been delivered`;
  }
  return error;
}
export function paging({ baseUrl, http, observer, validate, log }) {
  /** what `warn` has said for the client's life (validate.ts: each problem once, each object's lines counted) */
  const said = new Map();
  const say = warner(log);
  /** the checks, loaded on the first call that asks for them */
  function checkerOf(query, options) {
    const mode = options?.validate === undefined ? validate : validateMode(options.validate, 'validate');
    if (mode === 'off' || query.object.columns === undefined) return undefined;
    return import('./validate.js').then((v) =>
      v.rowChecker(mode, query.object, query.options.select, http.show, say, said),
    );
  }
  async function fetchPage(query, queryOptions, signal, checker, firstIndex, pageNumber, run) {
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
    const info = (serverMessage) => ({
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
    const value = body?.value;
    if (!Array.isArray(value))
      throw new ErpUnexpectedResponseError('the server answered JSON without a `value` array', info());
    value.forEach((row, i) => {
      if (row === null || typeof row !== 'object' || Array.isArray(row))
        throw new ErpUnexpectedResponseError(`row ${i + 1} of the page is ${kindOf(row)}, not an object`, info());
    });
    if (value.length > queryOptions.top)
      throw new ErpPagingError(
        `the server answered ${value.length} rows where $top asked for at most ${queryOptions.top}: it does not honour $top, so the last page cannot be told`,
        info(),
      );
    if (checker) (await checker).check(value, firstIndex);
    const count = body['@odata.count'];
    const top = queryOptions.top;
    observer.paged({
      family: 'query',
      object,
      page: pageNumber,
      rows: value.length,
      hasNext: top > 0 && value.length === top,
    });
    return { rows: value, ...(typeof count === 'number' ? { count } : {}) };
  }
  /**
   * Every row of the pages the walk (`walkOf`, made on the first step) asks for, until a short page: the loop every
   * paging run shares.
   */
  async function* walkPages(query, options, walkOf, name = 'rows') {
    const walk = await walkOf();
    const signal = options?.signal;
    const checker = checkerOf(query, options);
    const pageSize = query.options.top;
    if (pageSize === 0) return;
    const object = `${query.object.surface}/${query.object.name}`;
    let delivered = 0;
    // the run's span ends however the run does: done, failed, or left by the caller (a `break` returns here)
    const run = await observer.run(name, 'query', object);
    let failure;
    try {
      for (let number = 1; ; number++) {
        const pageOptions = walk.next();
        const shown = `GET ${objectPath(query.object)}?${queryString(pageOptions)}`;
        if (signal?.aborted)
          throw new ErpCancelledError('cancelled by the caller', { object, request: http.redact(shown), status: 0 });
        const page = await fetchPage(query, pageOptions, signal, checker, delivered, number, run);
        run.count('erp.pages');
        run.count('erp.rows', page.rows.length);
        const wrong = walk.took(page.rows);
        if (wrong !== undefined) throw new ErpPagingError(wrong, { object, request: http.redact(shown), status: 200 });
        for (const row of page.rows) {
          walk.delivered(row);
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
    rows: (query, rowsOptions) =>
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
