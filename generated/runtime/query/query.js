// Queries on the data query surface. Immutable builders: every call returns a new query. `$top` is always
// sent, because without it the service returns the whole table in one response; the object decides the
// surface, so a table is never asked for on /view/ or a view on /table/.
import { ErpQueryError } from '../errors.js';
import { checkColumnName, columnAccessors, isFilter } from '../filter.js';
import { hasOwn } from '../object.js';
const accessorCache = new WeakMap();
function accessorsOf(object) {
  let accessors = accessorCache.get(object);
  if (!accessors) {
    accessors = columnAccessors(`${object.surface}/${object.name}`, object.columns);
    accessorCache.set(object, accessors);
  }
  return accessors;
}
const refCache = new WeakMap();
const madeRefs = new WeakSet();
function refsOf(object) {
  let refs = refCache.get(object);
  if (!refs) {
    // no prototype: a column may be named `constructor` or `__proto__` and must mean the column
    const made = Object.create(null);
    for (const column of Object.keys(object.columns)) {
      const ref = Object.freeze({ column });
      madeRefs.add(ref);
      Object.defineProperty(made, column, { value: ref, enumerable: true });
    }
    refs = Object.freeze(made);
    refCache.set(object, refs);
  }
  return refs;
}
/** Percent-encodes a query option value; `,` and `:` stay readable, as OData allows. */
function encode(value) {
  return encodeURIComponent(value).replace(/%2C/g, ',').replace(/%3A/g, ':');
}
function nonNegativeInteger(n, what) {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new ErpQueryError(`${what}: ${String(n)} is not a non-negative integer`);
  return n;
}
/** The query string of `options` (without `?`), percent-encoded so the server reads back exactly the values given. */
export function queryString(options) {
  const parts = [];
  if (options.select?.length) parts.push(`$select=${encode(options.select.join(','))}`);
  if (options.filter) parts.push(`$filter=${encode(options.filter)}`);
  if (options.orderBy.length) parts.push(`$orderby=${encode(options.orderBy.map(([c, d]) => `${c} ${d}`).join(','))}`);
  parts.push(`$top=${options.top}`);
  if (options.skip) parts.push(`$skip=${options.skip}`);
  if (options.count) parts.push('$count=true');
  return parts.join('&');
}
/** The path of an object on its surface. */
export function objectPath(object) {
  return `/odataservice/odata/${object.surface}/${encodeURIComponent(object.name)}`;
}
/** Where a query's messages say a mistake is: `table/customer`. */
function where(object) {
  return `${object.surface}/${object.name}`;
}
function columnOf(object, column, what) {
  if (typeof column !== 'string' || !hasOwn(object.columns, column)) {
    throw new ErpQueryError(`${where(object)}.${what}: ${JSON.stringify(column)} is not a column of ${object.name}`);
  }
  checkColumnName(column, where(object));
  return column;
}
/** The column names given: names, or a function of the columns (ColumnChoice). */
function columnsOf(object, given, what) {
  if (typeof given !== 'function') return [columnOf(object, given, what)];
  const chosen = given(refsOf(object));
  const refs = Array.isArray(chosen) ? chosen : [chosen];
  if (refs.length === 0) throw new ErpQueryError(`${where(object)}.${what}: the function chose no column`);
  return refs.map((ref) => {
    if (ref === null || typeof ref !== 'object' || !madeRefs.has(ref))
      throw new ErpQueryError(
        `${where(object)}.${what}: the function must return columns of its argument (c.name), not ${JSON.stringify(ref)}`,
      );
    return columnOf(object, ref.column, what);
  });
}
/**
 * The next query: `query`'s options with `changes`. A function and not a (private) method, as are the helpers
 * above: each member of Query is laid out again by the compiler for every object queried, and a private one too.
 */
function next(query, changes, explicitTop = query.explicitTop) {
  return new Query(query.object, { ...query.options, ...changes }, explicitTop);
}
/**
 * A query of one table or view. `Row` is the object's row, `Result` the rows this query returns (narrowed by
 * `select`): `typeof q.row` or `ResultOf<typeof q>`.
 *
 * The parameters are declared invariant (`in out`): queries of different objects are never assignable to
 * each other anyway, and the annotation spares the compiler from measuring variance across every method,
 * which an editor would otherwise pay for in each file that passes a query around.
 */
export class Query {
  object;
  options;
  /** whether `top()` was given, or the default page size applies */
  explicitTop;
  /** @internal use `query(object)` */
  constructor(object, options, explicitTop) {
    this.object = object;
    this.options = options;
    this.explicitTop = explicitTop;
  }
  select(...columns) {
    if (columns.length === 0) throw new ErpQueryError(`${where(this.object)}.select() needs at least one column`);
    return next(this, {
      select: [...new Set(columns.flatMap((c) => columnsOf(this.object, c, 'select')))],
    });
  }
  /** Rows for which the filter holds; a second `filter()` adds its condition with `and`. */
  filter(build) {
    const filter = build(accessorsOf(this.object));
    if (!isFilter(filter))
      throw new ErpQueryError(
        `${where(this.object)}.filter(): the function must return a filter built from its columns`,
      );
    const text = this.options.filter ? `(${this.options.filter}) and (${filter.text})` : filter.text;
    return next(this, { filter: text });
  }
  /**
   * Sorts by a column, `orderBy('name')` or `orderBy((c) => c.name)`; call again for a second sort key. (Columns
   * chosen together, `(c) => [c.a, c.b]`, are sort keys in that order, each in `direction`.)
   */
  orderBy(
    // a string of unknown content is no column name (select's arguments, inferred as a tuple, cannot say so: a
    // name after a function is inferred wide there while the call is checked)
    column,
    direction = 'asc',
  ) {
    if (direction !== 'asc' && direction !== 'desc')
      throw new ErpQueryError(
        `${where(this.object)}.orderBy(): direction is 'asc' or 'desc', not ${JSON.stringify(direction)}`,
      );
    const keys = columnsOf(this.object, column, 'orderBy').map((c) => [c, direction]);
    return next(this, { orderBy: [...this.options.orderBy, ...keys] });
  }
  /** At most `n` rows per request (`rows()` pages with it). */
  top(n) {
    return next(this, { top: nonNegativeInteger(n, `${where(this.object)}.top()`) }, true);
  }
  /** Skips the first `n` rows. */
  skip(n) {
    return next(this, { skip: nonNegativeInteger(n, `${where(this.object)}.skip()`) });
  }
  /** Asks for `@odata.count`, the number of rows the filter matches (before top and skip). */
  count() {
    return next(this, { count: true });
  }
  /** The path and query string, e.g. `/odataservice/odata/table/customer?$top=1000`. */
  get path() {
    return `${objectPath(this.object)}?${queryString(this.options)}`;
  }
  /** The query string, without `?`. */
  toString() {
    return queryString(this.options);
  }
}
/** The `query()` of a package, with its default page size. */
export function queryWith(settings) {
  const defaultTop = nonNegativeInteger(settings.defaultPageSize, 'defaultPageSize');
  return function query(object) {
    return new Query(object, { orderBy: [], top: defaultTop, count: false }, false);
  };
}
/** The column `changes()` reads an object's modifications by (see Stamped), if it has one. */
export function stampColumn(columns) {
  for (const column of ['max_date_last_modified', 'date_last_modified'])
    if (columns !== undefined && hasOwn(columns, column) && columns[column] === 'datetime') return column;
  return undefined;
}
/**
 * The rows modified at or after `since`, by the object's stamp (Stamped), oldest first, then by its key: what
 * `client.changes(q, { since })` asks for first.
 *
 * @deprecated Use `client.changes(q, { since })`. This query, paged by `client.rows()` with `$skip`, loses a row
 * whenever a row before the page being read is modified during the read (it moves to the end, and every later row
 * one place forward); `changes()` pages by the position of the last row instead, and gives a checkpoint to resume at.
 */
export function changedSince(query, since) {
  const stamp = stampColumn(query.object.columns);
  const stamped = query.filter((c) => c[stamp].ge(since));
  return [stamp, ...query.object.key].reduce((q, column) => q.orderBy(column), stamped);
}
