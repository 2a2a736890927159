// Queries on the data query surface. Immutable builders: every call returns a new query. `$top` is always
// sent, because without it the service returns the whole table in one response; the object decides the
// surface, so a table is never asked for on /view/ or a view on /table/.
import { ErpQueryError } from '../errors.js';
import { checkColumnName, columnAccessors, isFilter, type Columns, type Filter } from '../filter.js';
import type { DateTimeString } from '../literals.js';
import type { DidYouMean } from '../messages.js';
import type { ColumnKind } from '../column-kinds.js';
import { hasOwn, type QueryObject, type Surface } from '../object.js';

export type Direction = 'asc' | 'desc';

/** What a query asks for, as plain data. */
export interface QueryOptions {
  readonly select?: readonly string[];
  readonly filter?: string;
  readonly orderBy: ReadonlyArray<readonly [column: string, direction: Direction]>;
  /** rows per request: the query's `top()`, or the package's default page size */
  readonly top: number;
  readonly skip?: number;
  readonly count: boolean;
}

/** The kinds of an object's columns (column name to ColumnKind), as generated: an interface per object. */
type Kinds = object;

declare const keysetType: unique symbol;

/**
 * What keyset paging (`rows(q, { paging: 'keyset' })`) and `changes()` read of a query's type: the key columns it
 * can be paged by (`never`: its object has none), or why it cannot be (OwnOrder). Type only; `unknown` where the
 * type cannot tell (a query typed by hand), which the client then checks when it runs.
 */
export interface Keyed<Keyset> {
  readonly [keysetType]?: Keyset;
}

/** Why a query of an object without a key cannot be paged by its key. */
export type NoKey = 'the object has no key: keyset paging and changes() need one';

/** Why a query with an order or a skip of its own cannot be paged by its key. */
export interface OwnOrder {
  readonly refused: 'the query sets orderBy() or skip(): keyset paging and changes() set the order and the start themselves';
}

/** Why a query of this Keyed type cannot be paged by its key (NoKey, OwnOrder), or `never` when it can or cannot tell. */
export type KeysetRefusal<Keyset> = [Keyset] extends [never]
  ? NoKey
  : [Keyset] extends [OwnOrder]
    ? OwnOrder['refused']
    : never;

const accessorCache = new WeakMap<object, Readonly<Record<string, object>>>();

function accessorsOf(object: QueryObject<unknown, string, Surface, Kinds>): Readonly<Record<string, object>> {
  let accessors = accessorCache.get(object);
  if (!accessors) {
    accessors = columnAccessors(
      `${object.surface}/${object.name}`,
      object.columns as Readonly<Record<string, ColumnKind>>,
    );
    accessorCache.set(object, accessors);
  }
  return accessors;
}

/**
 * What select() / orderBy() take: a name, or a function of the columns. A union of two and not of every column:
 * while a call is checked the compiler works an argument's type out over this constraint, once per member (for
 * `const` inference), and a constraint listing the columns cost a query of a 300-column table a thousand type
 * instantiations. The names completion offers come from the type parameters of select's first signature (their
 * constraint, `keyof Row`) and from ColumnArgument's `Wide` (its second, and orderBy).
 */
type ColumnGiven<Row> = string | ColumnChoice<Row, keyof Row>;

/**
 * The rest of select()'s first signature, the one a call that names at most eight columns is checked against, one
 * type parameter per name: nothing (`[]`) while every name is a column, and one argument more than was given
 * (`[never]`) when one is not. A name that is no column (or a function) makes its parameter the constraint,
 * `keyof Row`, which the names given then cover. Failing on the count rather than on an argument leaves the
 * compiler one failed signature to report, the second, so the message stays ColumnArgument's (`'credit_limt' is not
 * a column of customer (did you mean credit_limit?)`) and not "No overload matches this call". (A call that names
 * every column of a small object fails it too, and the second signature takes it.)
 *
 * Why names one by one and not a tuple of names: the compiler checks a rest argument of array or tuple type by
 * laying out the members of that array type (every method of ReadonlyArray) for each table, and for each tuple of
 * names, which made select() most of the cost of a query to the compiler; a type parameter per name costs it a
 * lookup in `keyof Row`.
 */
type NoOtherName<Given, Row> = keyof Row extends Given ? [never] : [];

/**
 * What an argument of select() / orderBy() must be, worked out from what it is (`X`): a column's name or a function
 * as it is; a name that is no column meets the message saying so (`'credit_limt' is not a column of customer (did
 * you mean credit_limit?)`), as the argument's own error. Inferred per argument, so the error marks the wrong one.
 * A string of unknown content must be `Wide`, which lists the column names: what completion offers in `select('|')`.
 */
type ColumnArgument<X, Row, N extends string, Wide = X> = X extends string
  ? string extends X
    ? Wide
    : X extends keyof Row
      ? X
      : `'${X}' is not a column of ${N}${DidYouMean<X, keyof Row, '_'>}`
  : X;

/** The columns the arguments of select() name: the names, and the columns the functions return. */
type Chosen<Cs, Row> = Cs extends readonly unknown[]
  ? {
      [I in keyof Cs]: Cs[I] extends keyof Row ? Cs[I] : Cs[I] extends ColumnChoice<Row, infer C> ? C : never;
    }[number] &
      keyof Row
  : never;

/** A column as a value: what a `select()` or `orderBy()` function returns, `c.credit_limit`. */
export interface ColumnRef<C> {
  readonly column: C;
}

/**
 * The argument of a `select()` or `orderBy()` function: one ColumnRef per column. Mapped over the row's own
 * keys, so completion and hover show each column's docs, as in a filter (the completion of a column name in
 * a string carries none).
 */
export type ColumnRefs<Row> = { readonly [C in keyof Row]-?: ColumnRef<C> };

/** Columns chosen by a function of the columns: `(c) => [c.customer_id, c.credit_limit]`, or `(c) => c.name`. */
export interface ColumnChoice<Row, C> {
  (columns: ColumnRefs<Row>): ColumnRef<C> | ReadonlyArray<ColumnRef<C>>;
}

const refCache = new WeakMap<object, Readonly<Record<string, ColumnRef<string>>>>();
const madeRefs = new WeakSet<object>();

function refsOf(object: QueryObject<unknown, string, Surface, Kinds>): Readonly<Record<string, ColumnRef<string>>> {
  let refs = refCache.get(object);
  if (!refs) {
    // no prototype: a column may be named `constructor` or `__proto__` and must mean the column
    const made: Record<string, ColumnRef<string>> = Object.create(null);
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
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/g, ',').replace(/%3A/g, ':');
}

function nonNegativeInteger(n: unknown, what: string): number {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new ErpQueryError(`${what}: ${String(n)} is not a non-negative integer`);
  return n;
}

/** The query string of `options` (without `?`), percent-encoded so the server reads back exactly the values given. */
export function queryString(options: QueryOptions): string {
  const parts: string[] = [];
  if (options.select?.length) parts.push(`$select=${encode(options.select.join(','))}`);
  if (options.filter) parts.push(`$filter=${encode(options.filter)}`);
  if (options.orderBy.length) parts.push(`$orderby=${encode(options.orderBy.map(([c, d]) => `${c} ${d}`).join(','))}`);
  parts.push(`$top=${options.top}`);
  if (options.skip) parts.push(`$skip=${options.skip}`);
  if (options.count) parts.push('$count=true');
  return parts.join('&');
}

/** The path of an object on its surface. */
export function objectPath(object: { readonly name: string; readonly surface: Surface }): string {
  return `/odataservice/odata/${object.surface}/${encodeURIComponent(object.name)}`;
}

/** Where a query's messages say a mistake is: `table/customer`. */
function where(object: QueryObject<unknown, string, Surface, Kinds>): string {
  return `${object.surface}/${object.name}`;
}

function columnOf(object: QueryObject<unknown, string, Surface, Kinds>, column: unknown, what: string): string {
  if (typeof column !== 'string' || !hasOwn(object.columns, column)) {
    throw new ErpQueryError(`${where(object)}.${what}: ${JSON.stringify(column)} is not a column of ${object.name}`);
  }
  checkColumnName(column, where(object));
  return column;
}

/** The column names given: names, or a function of the columns (ColumnChoice). */
function columnsOf(object: QueryObject<unknown, string, Surface, Kinds>, given: unknown, what: string): string[] {
  if (typeof given !== 'function') return [columnOf(object, given, what)];
  const chosen: unknown = given(refsOf(object));
  const refs: readonly unknown[] = Array.isArray(chosen) ? chosen : [chosen];
  if (refs.length === 0) throw new ErpQueryError(`${where(object)}.${what}: the function chose no column`);
  return refs.map((ref) => {
    if (ref === null || typeof ref !== 'object' || !madeRefs.has(ref))
      throw new ErpQueryError(
        `${where(object)}.${what}: the function must return columns of its argument (c.name), not ${JSON.stringify(ref)}`,
      );
    return columnOf(object, (ref as ColumnRef<unknown>).column, what);
  });
}

/**
 * The next query: `query`'s options with `changes`. A function and not a (private) method, as are the helpers
 * above: each member of Query is laid out again by the compiler for every object queried, and a private one too.
 */
function next<Row, N extends string, S extends Surface, K extends Kinds, R, KS>(
  query: { readonly object: QueryObject<Row, N, S, K>; readonly options: QueryOptions; readonly explicitTop: boolean },
  changes: Partial<QueryOptions>,
  explicitTop = query.explicitTop,
): Query<Row, N, S, K, R, KS> {
  return new Query<Row, N, S, K, R, KS>(query.object, { ...query.options, ...changes }, explicitTop);
}

/**
 * A query of one table or view. `Row` is the object's row, `Result` the rows this query returns (narrowed by
 * `select`): `typeof q.row` or `ResultOf<typeof q>`.
 *
 * The parameters are declared invariant (`in out`): queries of different objects are never assignable to
 * each other anyway, and the annotation spares the compiler from measuring variance across every method,
 * which an editor would otherwise pay for in each file that passes a query around.
 */
export class Query<
  in out Row,
  in out N extends string,
  in out S extends Surface,
  in out K extends Kinds,
  in out Result = Row,
  // what keyset paging may order by (Keyed); covariant, so that any query is a Query<Row, N, S, K, Result>
  out Keyset = unknown,
> implements Keyed<Keyset> {
  /** type only: the rows this query returns */
  declare readonly row: Result;
  /** type only: what keyset paging and changes() read of the query (Keyed) */
  declare readonly [keysetType]: Keyset;

  readonly object: QueryObject<Row, N, S, K>;
  readonly options: QueryOptions;
  /** whether `top()` was given, or the default page size applies */
  readonly explicitTop: boolean;

  /** @internal use `query(object)` */
  constructor(object: QueryObject<Row, N, S, K>, options: QueryOptions, explicitTop: boolean) {
    this.object = object;
    this.options = options;
    this.explicitTop = explicitTop;
  }

  /**
   * Only these columns come back; the result rows narrow to them. Name them, `select('name', 'credit_limit')`,
   * or choose them from the columns, `select((c) => [c.name, c.credit_limit])`, where completion shows each
   * column's docs.
   */
  select<
    C1 extends keyof Row,
    C2 extends keyof Row = never,
    C3 extends keyof Row = never,
    C4 extends keyof Row = never,
    C5 extends keyof Row = never,
    C6 extends keyof Row = never,
    C7 extends keyof Row = never,
    C8 extends keyof Row = never,
  >(
    column: C1,
    column2?: C2,
    column3?: C3,
    column4?: C4,
    column5?: C5,
    column6?: C6,
    column7?: C7,
    column8?: C8,
    ...noOther: NoOtherName<C1 | C2 | C3 | C4 | C5 | C6 | C7 | C8, Row>
  ): Query<Row, N, S, K, Pick<Row, C1 | C2 | C3 | C4 | C5 | C6 | C7 | C8>, Keyset>;
  select<const Cs extends ReadonlyArray<ColumnGiven<Row>>>(
    ...columns: { readonly [I in keyof Cs]: ColumnArgument<Cs[I], Row, N, (keyof Row & string) | (string & {})> }
  ): Query<Row, N, S, K, Pick<Row, Chosen<Cs, Row>>, Keyset>;
  select<R>(...columns: ReadonlyArray<ColumnGiven<Row>>): Query<Row, N, S, K, R, Keyset> {
    if (columns.length === 0) throw new ErpQueryError(`${where(this.object)}.select() needs at least one column`);
    return next(this, {
      select: [...new Set(columns.flatMap((c) => columnsOf(this.object, c, 'select')))],
    });
  }

  /** Rows for which the filter holds; a second `filter()` adds its condition with `and`. */
  filter(build: (columns: Columns<Row, N, S, K>) => Filter<N, S>): Query<Row, N, S, K, Result, Keyset> {
    const filter: unknown = build(accessorsOf(this.object) as unknown as Columns<Row, N, S, K>);
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
  orderBy<const C extends ColumnGiven<Row>>(
    // a string of unknown content is no column name (select's arguments, inferred as a tuple, cannot say so: a
    // name after a function is inferred wide there while the call is checked)
    column: ColumnArgument<C, Row, N, keyof Row & string>,
    direction: Direction = 'asc',
  ): Query<Row, N, S, K, Result, OwnOrder> {
    if (direction !== 'asc' && direction !== 'desc')
      throw new ErpQueryError(
        `${where(this.object)}.orderBy(): direction is 'asc' or 'desc', not ${JSON.stringify(direction)}`,
      );
    const keys = columnsOf(this.object, column, 'orderBy').map((c) => [c, direction] as const);
    return next(this, { orderBy: [...this.options.orderBy, ...keys] });
  }

  /** At most `n` rows per request (`rows()` pages with it). */
  top(n: number): Query<Row, N, S, K, Result, Keyset> {
    return next(this, { top: nonNegativeInteger(n, `${where(this.object)}.top()`) }, true);
  }

  /** Skips the first `n` rows. */
  skip(n: number): Query<Row, N, S, K, Result, OwnOrder> {
    return next(this, { skip: nonNegativeInteger(n, `${where(this.object)}.skip()`) });
  }

  /** Asks for `@odata.count`, the number of rows the filter matches (before top and skip). */
  count(): Query<Row, N, S, K, Result, Keyset> {
    return next(this, { count: true });
  }

  /** The path and query string, e.g. `/odataservice/odata/table/customer?$top=1000`. */
  get path(): string {
    return `${objectPath(this.object)}?${queryString(this.options)}`;
  }

  /** The query string, without `?`. */
  toString(): string {
    return queryString(this.options);
  }
}

/** The rows a query returns. */
export type ResultOf<Q> = Q extends { readonly row: infer R } ? R : never;

/** What running a query needs: the client takes any query through this, without comparing Query types. */
export interface RunnableQuery<R> {
  readonly object: {
    readonly name: string;
    readonly surface: Surface;
    readonly key: readonly string[];
    /** the kinds and facets of the columns (QueryObject): what row validation checks; none, nothing checked */
    readonly columns?: object;
    readonly facets?: string | undefined;
  };
  readonly options: QueryOptions;
  readonly row: R;
}

export interface QuerySettings {
  /** rows per request when a query gives no `top()` */
  readonly defaultPageSize: number;
}

/** The `query()` of a package, with its default page size. */
export function queryWith(settings: QuerySettings) {
  const defaultTop = nonNegativeInteger(settings.defaultPageSize, 'defaultPageSize');
  return function query<Row, N extends string, S extends Surface, K extends Kinds, Key extends string = string>(
    object: QueryObject<Row, N, S, K, Key>,
  ): Query<Row, N, S, K, Row, Key> {
    return new Query(object, { orderBy: [], top: defaultTop, count: false }, false);
  };
}

/**
 * The kinds of an object with a modification stamp: `max_date_last_modified` (the search views, Q15: the latest
 * change across the tables they join) or `date_last_modified` (a row's own), an Edm.DateTimeOffset.
 */
export type Stamped = { readonly max_date_last_modified: 'datetime' } | { readonly date_last_modified: 'datetime' };

/** The column `changes()` reads an object's modifications by (see Stamped), if it has one. */
export function stampColumn(columns: object | undefined): string | undefined {
  for (const column of ['max_date_last_modified', 'date_last_modified'])
    if (columns !== undefined && hasOwn(columns, column) && (columns as Record<string, unknown>)[column] === 'datetime')
      return column;
  return undefined;
}

/** A query `changes()` takes: of an object with a stamp, and pageable by its key where its type can tell (Keyed). */
export type ChangesQuery<R, Keyset = unknown> = RunnableQuery<R> &
  Keyed<Keyset> & { readonly object: { readonly columns: Stamped } } & NoInfer<
    [KeysetRefusal<Keyset>] extends [never]
      ? unknown
      : // a member no query has, of the reason's type: the compiler's message shows it
        { readonly 'cannot be read by its key': KeysetRefusal<Keyset> }
  >;

/**
 * The rows modified at or after `since`, by the object's stamp (Stamped), oldest first, then by its key: what
 * `client.changes(q, { since })` asks for first.
 *
 * @deprecated Use `client.changes(q, { since })`. This query, paged by `client.rows()` with `$skip`, loses a row
 * whenever a row before the page being read is modified during the read (it moves to the end, and every later row
 * one place forward); `changes()` pages by the position of the last row instead, and gives a checkpoint to resume at.
 */
export function changedSince<Row, N extends string, S extends Surface, K extends Kinds & Stamped, Result, Keyset>(
  query: Query<Row, N, S, K, Result, Keyset>,
  since: Date | DateTimeString,
): Query<Row, N, S, K, Result, OwnOrder> {
  const stamp = stampColumn(query.object.columns)!;
  const stamped = query.filter((c) =>
    (c as unknown as Record<string, { ge(v: unknown): Filter<N, S> }>)[stamp]!.ge(since),
  );
  return [stamp, ...query.object.key].reduce<Query<Row, N, S, K, Result, OwnOrder>>(
    (q, column) => q.orderBy(column as never),
    stamped as Query<Row, N, S, K, Result, never>,
  );
}
