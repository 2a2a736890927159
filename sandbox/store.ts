// The rows of every object, in an in-memory SQLite database (sql.js: SQLite compiled to WebAssembly, so installing
// erpgen builds no native code).
//
// Object and column names can be anything (spaces, quotes, `__proto__`, `a*/b`, names differing only by case,
// which SQLite would treat as the same identifier), so SQL never sees them: each object is table "t<n>" and
// each column "c<n>", and Maps (never plain objects) hold the way back.
//
// An object's table is created and seeded on first use, not at start: a stock tenant has over 7,000 objects
// and a test touches a handful. Seeds are a pure function of (object, row number), so when a table is created
// makes no difference to what it holds.
import type { Database, SqlValue, Statement } from 'sql.js';
import { kindOf } from './schema.js';
import type { QueryObject, Surface } from './schema.js';
import { compared, SQL_FUNCTIONS, type FilterTarget, type SqlColumn, type SqlFragment } from './query/filter-sql.js';
import { rowJsonSql, rowJsonText, ROW_JSON_FUNCTIONS } from './query/row-json.js';
import { generateRow, seedCount } from './seed.js';
import { sqlEngine, type SqlEngine } from './sql-engine.js';
import { storageOf, toStored, type Stored } from './values.js';
import type { ColumnKind } from './schema.js';

export interface StoredObject extends FilterTarget {
  readonly object: QueryObject;
  readonly surface: Surface;
  /** the quoted internal table name */
  readonly table: string;
  /** columns in schema order */
  readonly ordered: readonly SqlColumn[];
  readonly keys: readonly SqlColumn[];
}

/** Records by key text, kept in a table of the database; the part of a Map the REST families use. */
export interface KeyedRecords<T> {
  get(key: string): T | undefined;
  has(key: string): boolean;
  set(key: string, record: T): void;
  delete(key: string): boolean;
  /** in the order they were first stored */
  values(): T[];
  readonly size: number;
}

interface ObjectState {
  readonly stored: StoredObject;
  created: boolean;
  /** the row number the next generated row gets: keeps generated keys unique across seeds and inserts */
  nextIndex: number;
}

export interface OrderTerm {
  readonly column: SqlColumn;
  readonly descending: boolean;
}

export interface RowQuery {
  readonly columns: readonly SqlColumn[];
  readonly where?: SqlFragment;
  readonly orderBy: readonly OrderTerm[];
  readonly top?: number;
  readonly skip?: number;
  readonly count: boolean;
}

export interface RowResult {
  /** one array of stored values per row, in the order of `RowQuery.columns` */
  readonly rows: readonly unknown[][];
  readonly count?: number;
}

export interface RenderedResult {
  /** the rows' JSON text, as the service writes it (row-json.ts), comma-separated, in UTF-8 */
  readonly rows: Buffer;
  readonly count?: number;
}

function withCount<T extends object>(result: T, count: number | undefined): T & { count?: number } {
  return count === undefined ? result : { ...result, count };
}

/** The current row of a statement; integers as bigint, so Int64 values beyond 2^53 stay exact. */
function rowOf(statement: Statement): unknown[] {
  // sql.js takes a `useBigInt` config its type declarations leave out
  return (statement.get as unknown as (p: null, c: { useBigInt: boolean }) => unknown[]).call(statement, null, {
    useBigInt: true,
  });
}

/** The SQL of a row query's columns, in its order. */
function columnsSql(q: RowQuery): string {
  return q.columns.length === 0 ? 'NULL' : q.columns.map((c) => c.sql).join(', ');
}

/** A term of a row query's order, as SQL. */
interface OrderSql {
  /** the column ordered by (none: insertion order) */
  readonly column?: SqlColumn;
  readonly sql: string;
  readonly descending: boolean;
}

/** Every order ends with insertion order: rows equal in the rest keep theirs, and no two rows are equal in it. */
const ORDER_ROWID: OrderSql = { sql: 'rowid', descending: false };

/**
 * The rows after the row whose `order` values are `values`, in that order as SQLite orders (null first ascending,
 * last descending); led, where the first term allows it, by a bound on it that lets an index start there.
 */
function afterPosition(order: readonly OrderSql[], values: readonly unknown[]): SqlFragment {
  const params: unknown[] = [];
  const bind = (value: unknown) => (params.push(value), '?');
  const after = (i: number): string => {
    const { sql, descending } = order[i]!;
    const value = values[i];
    const beyond =
      value === null
        ? descending
          ? undefined
          : `${sql} IS NOT NULL`
        : descending
          ? `(${sql} < ${bind(value)} OR ${sql} IS NULL)`
          : `${sql} > ${bind(value)}`;
    if (i === order.length - 1) return beyond ?? '0';
    const same = `${sql} IS ${value === null ? 'NULL' : bind(value)} AND ${after(i + 1)}`;
    return beyond === undefined ? `(${same})` : `(${beyond} OR (${same}))`;
  };
  const first = order[0]!;
  const lead = !first.descending && values[0] !== null ? `${first.sql} >= ${bind(values[0])} AND ` : '';
  const chain = after(0);
  return { sql: `${lead}${chain}`, params };
}

/** The value a NOT NULL column gets when a write leaves it out; a one-character text is a `Y`/`N` flag: `N`. */
function blankOf(kind: ColumnKind, column: { readonly maxLength?: number | string }): unknown {
  switch (kind) {
    case 'decimal':
    case 'int':
      return '0';
    case 'float':
      return 0;
    case 'boolean':
      return false;
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'datetime':
      return new Date().toISOString();
    case 'guid':
      return '00000000-0000-0000-0000-000000000000';
    case 'time':
      return '00:00:00';
    case 'duration':
      return 'PT0S';
    case 'binary':
      return Buffer.alloc(0);
    case 'other':
      return null;
    default:
      return column.maxLength === 1 ? 'N' : '';
  }
}

/** The function a column of `kind` is compared and sorted through, if any: strings without case, decimals exactly. */
function comparisonOf(kind: ColumnKind): 'ci' | 'dec_key' | undefined {
  return kind === 'string' ? 'ci' : kind === 'decimal' ? 'dec_key' : undefined;
}

/** The expression a column sorts by: its comparison key (see SqlColumn), or the function of its kind, or itself. */
function sortExpression(column: SqlColumn): string {
  const fn = comparisonOf(column.kind);
  return compared(column, (sql) => (fn ? `${fn}(${sql})` : sql));
}

/** The comparison keys of stored values of columns with one (see SqlColumn), in their order. */
function sortKeys(columns: readonly SqlColumn[], values: readonly unknown[]): unknown[] {
  return columns.flatMap((c, i) => (c.sortKey ? [SQL_FUNCTIONS[comparisonOf(c.kind)!](values[i])] : []));
}

/** SQLite's limit on the parameters of one statement (sql.js builds it with the default, 32,766). */
const MAX_VARIABLES = 32_000;

/**
 * The seeded rows of an object, as stored values: a pure function of the object and the count, so every store of a
 * process shares them (a test that starts a sandbox per test pays for generating the 1,234 customers once). Bounded:
 * past SEED_CACHE_CELLS values, rows are generated afresh.
 */
const seeds = new Map<string, readonly unknown[][]>();
let seededCells = 0;
const SEED_CACHE_CELLS = 4_000_000;

function seedRows(stored: StoredObject, count: number): readonly unknown[][] {
  const { object, ordered } = stored;
  const key = JSON.stringify([object.surface, object.name, count, object.columns]);
  const cached = seeds.get(key);
  if (cached) return cached;
  const rows: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const generated = generateRow(object, i);
    rows.push(ordered.map(({ column }) => toStored(column, generated[column.name])));
  }
  if (seededCells + count * ordered.length <= SEED_CACHE_CELLS) {
    seeds.set(key, rows);
    seededCells += count * ordered.length;
  }
  return rows;
}

export class Store {
  /** the rows the query family's pages have read, those `$skip` skipped included: what the pages cost */
  rowsRead = 0;
  /** what to run when a table is created (whenCreated) */
  private readonly hooks = new Map<string, Array<() => void>>();
  /** the tables created inside each open unit of change (atomically), with their row counters before */
  private readonly units: Array<Array<{ state: ObjectState; nextIndex: number }>> = [];
  private readonly bySurface = new Map<Surface, Map<string, ObjectState>>([
    ['table', new Map()],
    ['view', new Map()],
  ]);

  /** An empty database for `objects`; the WebAssembly module is loaded once per process. */
  static async open(objects: readonly QueryObject[], rowsPerObject: number): Promise<Store> {
    const engine = await sqlEngine();
    return new Store(engine, new engine.SQL.Database(), objects, rowsPerObject);
  }

  private constructor(
    private readonly engine: SqlEngine,
    private readonly db: Database,
    objects: readonly QueryObject[],
    private readonly rowsPerObject: number,
  ) {
    for (const [name, fn] of Object.entries({ ...SQL_FUNCTIONS, ...ROW_JSON_FUNCTIONS }))
      this.db.create_function(name, fn);
    objects.forEach((object, n) => {
      const ordered = object.columns.map((column, i): SqlColumn => {
        const kind = kindOf(column.edmType);
        // a key column compared through a function keeps its comparison key beside it, for the key index
        return { column, kind, sql: `"c${i}"`, ...(column.key && comparisonOf(kind) ? { sortKey: `"k${i}"` } : {}) };
      });
      const stored: StoredObject = {
        object,
        surface: object.surface,
        entityType: object.entityType,
        table: `"t${n}"`,
        ordered,
        columns: new Map(ordered.map((c) => [c.column.name, c])),
        keys: ordered.filter((c) => c.column.key),
      };
      this.bySurface.get(object.surface)!.set(object.name, { stored, created: false, nextIndex: 0 });
    });
  }

  /** The object served at `/{surface}/{name}`, if any. Names match exactly (case-sensitive). */
  find(surface: Surface, name: string): StoredObject | undefined {
    return this.bySurface.get(surface)!.get(name)?.stored;
  }

  /**
   * Adds rows; columns a row leaves out get null (nullable) or, when not nullable, generated values (`fill`
   * `generated`, sample data) or the blank value of their type (`blank`: '', 0, false, now: what an application
   * writing a record fills in).
   */
  insert(name: string, rows: ReadonlyArray<Record<string, unknown>>, fill: 'generated' | 'blank' = 'generated'): void {
    const state = this.stateOf(name);
    this.ensure(state);
    const { stored } = state;
    // the generated rows' numbering moves on only once every row is taken: a refused insert changes nothing
    let next = state.nextIndex;
    const prepared = rows.map((row) => {
      for (const key of Object.keys(row)) {
        if (!stored.columns.has(key)) throw new Error(`insert into ${name}: it has no column ${JSON.stringify(key)}`);
      }
      const generated = fill === 'generated' ? generateRow(stored.object, next++) : undefined;
      return stored.ordered.map(({ column, kind }) => {
        const given = Object.prototype.hasOwnProperty.call(row, column.name);
        const value = given
          ? row[column.name]
          : column.nullable && !column.key
            ? null
            : generated
              ? generated[column.name]
              : blankOf(kind, column);
        try {
          return toStored(column, value);
        } catch (error) {
          throw new Error(`insert into ${name}: ${(error as Error).message}`);
        }
      });
    });
    this.insertStored(stored, prepared);
    state.nextIndex = next;
  }

  /** Removes every row, seeded ones included. */
  clear(name: string): void {
    const state = this.stateOf(name);
    this.ensure(state);
    this.db.exec(`DELETE FROM ${state.stored.table}`);
  }

  /** A page of a row query, each row as stored values (see `page` for the rows as the service writes them). */
  query(stored: StoredObject, q: RowQuery): RowResult {
    const { sql, params } = this.select(stored, q);
    const rows = this.all(sql, params, q.skip ?? 0);
    return withCount({ rows }, this.count(stored, q));
  }

  /**
   * A page of a row query, its rows as their JSON text (row-json.ts). The rows `$skip` skips are stepped through by
   * the statement `query` steps through (each read, as a database's OFFSET reads them); the page's own rows come out
   * of SQLite already written, from a statement that starts in the index after the last row skipped. Where it cannot
   * (an order no index gives, which is a sort; a $select without the columns of the order; rows alike in the order;
   * names SQL cannot write), the first statement goes on through the page's rows, read and written as before.
   */
  page(stored: StoredObject, q: RowQuery): RenderedResult {
    const skip = q.skip ?? 0;
    const render = rowJsonSql(q.columns);
    if (render !== undefined && skip === 0)
      return withCount({ rows: this.rendered(stored, q, render) }, this.count(stored, q));
    const { sql, params } = this.select(stored, q);
    const indexed = render !== undefined && !this.sorts(sql, params);
    const statement = this.db.prepare(sql);
    let rows: Buffer;
    try {
      statement.bind(params as SqlValue[]);
      const more = this.skip(statement, skip);
      const position = indexed && more ? this.after(stored, q, rowOf(statement)) : undefined;
      if (position) rows = this.rendered(stored, q, render!, position);
      else {
        const values: unknown[][] = [];
        while (more && statement.step()) values.push(rowOf(statement));
        this.rowsRead += values.length;
        rows = Buffer.from(rowJsonText(q.columns, values).join(','));
      }
    } finally {
      statement.free();
    }
    return withCount({ rows }, this.count(stored, q));
  }

  /**
   * Steps a row query's statement through the rows $skip skips, each one read (as a database server's OFFSET reads
   * them; SQLite's own OFFSET walks the key index without reading a row, which makes a deep page all but free), and
   * counts them in `rowsRead`; whether it is on a row (not past the last one).
   */
  private skip(statement: Statement, skip: number): boolean {
    let skipped = 0;
    let more = true;
    while (skipped < skip && (more = statement.step())) skipped++;
    this.rowsRead += skipped;
    return more;
  }

  /**
   * The rows after `row` (a row of the query's columns, the last one skipped) in the query's order, when its columns
   * hold every column of the order and no other row matching the query is alike in them; else undefined.
   */
  private after(stored: StoredObject, q: RowQuery, row: readonly unknown[]): SqlFragment | undefined {
    const order = this.orderOf(stored, q).slice(0, -1);
    if (order.length === 0) return undefined;
    const values: unknown[] = [];
    for (const { column } of order) {
      const at = q.columns.indexOf(column!);
      if (at < 0) return undefined;
      const fn = comparisonOf(column!.kind);
      values.push(fn ? SQL_FUNCTIONS[fn](row[at]) : row[at]);
    }
    const alike = order.map((t) => `${t.sql} IS ?`).join(' AND ');
    const where = q.where ? `(${q.where.sql}) AND ` : '';
    const twins = this.all(`SELECT count(*) FROM (SELECT 1 FROM ${stored.table} WHERE ${where}${alike} LIMIT 2)`, [
      ...(q.where?.params ?? []),
      ...values,
    ]);
    return Number(twins[0]![0]) === 1 ? afterPosition(order, values) : undefined;
  }

  private count(stored: StoredObject, q: RowQuery): number | undefined {
    if (!q.count) return undefined;
    const where = q.where ? ` WHERE ${q.where.sql}` : '';
    return Number(this.all(`SELECT count(*) FROM ${stored.table}${where}`, q.where?.params ?? [])[0]![0]);
  }

  /**
   * How SQLite runs a row query (the details of EXPLAIN QUERY PLAN, one line a step): what the README says of
   * `$skip` and `$filter` is checked against it.
   */
  plan(stored: StoredObject, q: RowQuery): string[] {
    const { sql, params } = this.select(stored, q);
    return this.all(`EXPLAIN QUERY PLAN ${sql}`, params).map((row) => String(row[3]));
  }

  /** Whether SQLite sorts the rows of a query (no index gives its order), by query text; bounded. */
  private readonly sorting = new Map<string, boolean>();

  private sorts(sql: string, params: readonly unknown[]): boolean {
    let sorts = this.sorting.get(sql);
    if (sorts === undefined) {
      sorts = this.all(`EXPLAIN QUERY PLAN ${sql}`, params).some((row) => /TEMP B-TREE/.test(String(row[3])));
      if (this.sorting.size >= 1000) this.sorting.clear();
      this.sorting.set(sql, sorts);
    }
    return sorts;
  }

  /**
   * The order of a row query's pages: the requested order, then the key, then (here) insertion order; each column
   * once, so that a request ordered by the key is ordered by the key index alone.
   */
  private orderOf(stored: StoredObject, q: RowQuery): OrderSql[] {
    const terms = [...q.orderBy, ...stored.keys.map((column) => ({ column, descending: false }))].filter(
      (t, i, all) => all.findIndex((u) => u.column === t.column) === i,
    );
    return [
      ...terms.map((t) => ({ column: t.column, sql: sortExpression(t.column), descending: t.descending })),
      ORDER_ROWID,
    ];
  }

  /** The SQL of a row query: its columns (or `what`), `after` its filter, in its order, up to its last row. */
  private select(
    stored: StoredObject,
    q: RowQuery,
    what = columnsSql(q),
    after?: SqlFragment,
  ): { sql: string; params: unknown[] } {
    this.ensure(this.bySurface.get(stored.surface)!.get(stored.object.name)!);
    const filters = [q.where, after].filter((f) => f !== undefined);
    const where = filters.length ? ` WHERE ${filters.map((f) => `(${f.sql})`).join(' AND ')}` : '';
    const order = this.orderOf(stored, q).map((t) => `${t.sql}${t.descending ? ' DESC' : ''}`);
    let sql = `SELECT ${what} FROM ${stored.table}${where} ORDER BY ${order.join(', ')}`;
    const params = filters.flatMap((f) => f.params);
    // $skip: the rows before the page are stepped through (`skip`)
    if (q.top !== undefined) {
      sql += ' LIMIT ?';
      params.push(q.top + (after ? 0 : (q.skip ?? 0)));
    }
    return { sql, params };
  }

  /**
   * The rows of a page as their JSON text, comma-separated (`render` writes a row), from the first row of the query or
   * `after` a position: the page's own rows, read and written by SQLite in one statement.
   */
  private rendered(stored: StoredObject, q: RowQuery, render: string, after?: SqlFragment): Buffer {
    const { sql, params } = this.select(stored, q, `${render} AS r`, after);
    // one value for the page, not one a row (each costs a call into the WebAssembly module and a string): SQLite
    // feeds an aggregate the rows of a FROM subquery in the subquery's ORDER BY, which its LIMIT makes it keep
    const statement = this.db.prepare(`SELECT count(*), group_concat(r, ',') FROM (${sql})`);
    try {
      statement.bind(params as SqlValue[]);
      statement.step();
      this.rowsRead += this.engine.number(statement, 0);
      // the page's bytes as SQLite wrote them, without a JS string between (sql-engine.ts)
      const bytes = this.engine.textBytes(statement, 1);
      return bytes ?? Buffer.from((statement.get()[1] as string | null) ?? '');
    } finally {
      statement.free();
    }
  }

  /** The stored value of `column` in the rows of table `name` whose `keyColumn` equals `key` (as a stored value). */
  valuesWhere(name: string, keyColumn: string, key: unknown, column: string): unknown[] {
    const state = this.bySurface.get('table')!.get(name);
    const k = state?.stored.columns.get(keyColumn);
    const c = state?.stored.columns.get(column);
    if (!state || !k || !c) return [];
    this.ensure(state);
    let stored: unknown;
    try {
      stored = toStored(k.column, key);
    } catch {
      return []; // a value the column cannot hold matches no row
    }
    return this.all(`SELECT ${c.sql} FROM ${state.stored.table} WHERE ${k.sql} = ?`, [stored]).map((r) => r[0]);
  }

  /** Sets `values` in the rows of table `name` whose `keyColumn` equals `key`; how many rows it changed. */
  updateWhere(name: string, keyColumn: string, key: unknown, values: Readonly<Record<string, unknown>>): number {
    return this.find('table', name)?.columns.has(keyColumn)
      ? this.updateMatching(name, { [keyColumn]: key }, values)
      : 0;
  }

  /** Deletes the rows of table `name` whose `keyColumn` equals `key`; how many it deleted. */
  deleteWhere(name: string, keyColumn: string, key: unknown): number {
    return this.find('table', name)?.columns.has(keyColumn) ? this.deleteMatching(name, { [keyColumn]: key }) : 0;
  }

  /**
   * The rows of table `name` whose columns equal `match` (column -> value), in the order they were stored, each as
   * column -> [kind, stored value] (only `columns` when given); none when a value cannot be held by its column.
   */
  rowsWhere(
    name: string,
    match: Readonly<Record<string, unknown>>,
    columns?: readonly string[],
  ): Array<Map<string, readonly [ColumnKind, unknown]>> {
    const found = this.matching(name, match);
    if (!found) return [];
    const { stored } = found.state;
    const selected = columns ? stored.ordered.filter((c) => columns.includes(c.column.name)) : stored.ordered;
    if (selected.length === 0) return [];
    const sql = `SELECT ${selected.map((c) => c.sql).join(', ')} FROM ${stored.table}${found.where} ORDER BY rowid`;
    return this.all(sql, [...found.params]).map(
      (row) => new Map(selected.map((c, i) => [c.column.name, [c.kind, row[i]] as const])),
    );
  }

  /** Sets `values` (column -> value) in the rows of table `name` matching `match`; how many rows it changed. */
  updateMatching(
    name: string,
    match: Readonly<Record<string, unknown>>,
    values: Readonly<Record<string, unknown>> | ReadonlyMap<string, unknown>,
  ): number {
    const found = this.matching(name, match);
    if (!found) return 0;
    const entries = values instanceof Map ? [...values] : Object.entries(values);
    const sets = entries.flatMap(([column, value]) => {
      const c = found.state.stored.columns.get(column);
      if (!c) throw new Error(`update of ${name}: it has no column ${JSON.stringify(column)}`);
      const stored = toStored(c.column, value);
      return [
        { sql: `${c.sql} = ?`, value: stored },
        ...sortKeys([c], [stored]).map((key) => ({ sql: `${c.sortKey} = ?`, value: key })),
      ];
    });
    if (sets.length === 0) return 0;
    const sql = `UPDATE ${found.state.stored.table} SET ${sets.map((s) => s.sql).join(', ')}${found.where}`;
    this.db.run(sql, [...sets.map((s) => s.value), ...found.params] as SqlValue[]);
    return this.db.getRowsModified();
  }

  /** Deletes the rows of table `name` matching `match` (column -> value); how many it deleted. */
  deleteMatching(name: string, match: Readonly<Record<string, unknown>>): number {
    const found = this.matching(name, match);
    if (!found) return 0;
    this.db.run(`DELETE FROM ${found.state.stored.table}${found.where}`, found.params as SqlValue[]);
    return this.db.getRowsModified();
  }

  /** The largest value of a numeric column of table `name` (exact for decimals), or null without rows. */
  largest(name: string, column: string): unknown {
    const state = this.bySurface.get('table')!.get(name);
    const c = state?.stored.columns.get(column);
    if (!state || !c) return null;
    this.ensure(state);
    const sql = `SELECT ${c.sql} FROM ${state.stored.table} WHERE ${c.sql} IS NOT NULL ORDER BY ${sortExpression(c)} DESC LIMIT 1`;
    return this.all(sql, [])[0]?.[0] ?? null;
  }

  /** An index on columns of table `name`, for the lookups a family makes on every request (an item by its id). */
  index(name: string, columns: readonly string[]): void {
    const state = this.bySurface.get('table')!.get(name);
    if (!state) return;
    const cs = columns.map((column) => state.stored.columns.get(column));
    if (cs.some((c) => c === undefined)) return;
    this.ensure(state);
    const id = `"i${state.stored.table.slice(2, -1)}_${cs.map((c) => c!.sql.slice(2, -1)).join('_')}"`;
    this.db.exec(`CREATE INDEX IF NOT EXISTS ${id} ON ${state.stored.table} (${cs.map((c) => c!.sql).join(', ')})`);
  }

  /** The stored values of `column` in the rows of table `name` whose columns equal `match`, in insertion order. */
  columnWhere(name: string, match: Readonly<Record<string, unknown>>, column: string): unknown[] {
    const found = this.matching(name, match);
    const c = found?.state.stored.columns.get(column);
    if (!found || !c) return [];
    return this.all(`SELECT ${c.sql} FROM ${found.state.stored.table}${found.where}`, found.params).map((r) => r[0]);
  }

  /** Replaces the rows of table `name` matching `match` by one row: `match` and `values`, the rest generated or null. */
  replaceWhere(
    name: string,
    match: Readonly<Record<string, unknown>>,
    values: Readonly<Record<string, unknown>>,
  ): void {
    const found = this.matching(name, match);
    if (!found) throw new Error(`${name}: no row can match ${JSON.stringify(match)}`);
    this.db.exec('SAVEPOINT replace_where');
    try {
      this.db.run(`DELETE FROM ${found.state.stored.table}${found.where}`, found.params as SqlValue[]);
      this.insert(name, [{ ...values, ...match }]);
      this.db.exec('RELEASE replace_where');
    } catch (error) {
      this.db.exec('ROLLBACK TO replace_where');
      this.db.exec('RELEASE replace_where');
      throw error;
    }
  }

  private matching(name: string, match: Readonly<Record<string, unknown>>) {
    const state = this.bySurface.get('table')!.get(name);
    if (!state) return undefined;
    this.ensure(state);
    const terms: string[] = [];
    const params: Stored[] = [];
    for (const [column, value] of Object.entries(match)) {
      const c = state.stored.columns.get(column);
      if (!c) throw new Error(`${name}: it has no column ${JSON.stringify(column)}`);
      try {
        params.push(toStored(c.column, value));
      } catch {
        return undefined; // a value the column cannot hold matches no row
      }
      terms.push(`${c.sql} = ?`);
    }
    return { state, where: terms.length ? ` WHERE ${terms.join(' AND ')}` : '', params };
  }

  /**
   * A table of records by key text, in the same database: the REST families' records (the snapshot gives them no
   * schema), each kept as the text `encode` makes of it. Table names are the sandbox's own (`entity_customers`).
   */
  keyedRecords<T>(name: string, encode: (record: T) => string, decode: (text: string) => T): KeyedRecords<T> {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`keyed records table ${JSON.stringify(name)}: letters and _ only`);
    const table = `"r_${name}"`;
    this.db.exec(`CREATE TABLE ${table} (key TEXT PRIMARY KEY, record TEXT NOT NULL)`);
    const db = this.db;
    const one = (sql: string, params: SqlValue[]) => this.all(sql, params)[0];
    // the read of one record is prepared once: batch pricing reads thousands in a row
    const read = db.prepare(`SELECT record FROM ${table} WHERE key = ?`);
    return {
      get: (key) => {
        try {
          read.bind([key]);
          return read.step() ? decode(String(read.get()[0])) : undefined;
        } finally {
          read.reset();
        }
      },
      has: (key) => one(`SELECT 1 FROM ${table} WHERE key = ?`, [key]) !== undefined,
      set: (key, record) =>
        void db.run(
          `INSERT INTO ${table} (key, record) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET record = excluded.record`,
          [key, encode(record)],
        ),
      delete: (key) => {
        db.run(`DELETE FROM ${table} WHERE key = ?`, [key]);
        return db.getRowsModified() > 0;
      },
      values: () => this.all(`SELECT record FROM ${table} ORDER BY rowid`, []).map((r) => decode(String(r[0]))),
      get size() {
        return Number(one(`SELECT count(*) FROM ${table}`, [])?.[0] ?? 0);
      },
    };
  }

  /** Runs `change` as one unit: when it throws, nothing it wrote to the database stays. */
  atomically<R>(change: () => R): R {
    this.db.exec('SAVEPOINT atomically');
    this.units.push([]);
    try {
      const result = change();
      this.db.exec('RELEASE atomically');
      const created = this.units.pop()!;
      this.units.at(-1)?.push(...created);
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK TO atomically');
      this.db.exec('RELEASE atomically');
      // a table first created inside the unit is gone with it: it is created (and seeded) again when next used
      for (const { state, nextIndex } of this.units.pop()!) {
        state.created = false;
        state.nextIndex = nextIndex;
      }
      throw error;
    }
  }

  close(): void {
    this.db.close();
  }

  /** `insert` and `clear` take a bare name: the two surfaces never share one, but say so if they do. */
  private stateOf(name: string): ObjectState {
    const found = [...this.bySurface.values()].map((m) => m.get(name)).filter((s) => s !== undefined);
    if (found.length === 0) throw new Error(`no table or view named ${JSON.stringify(name)} in the snapshot`);
    if (found.length > 1) throw new Error(`${JSON.stringify(name)} is both a table and a view in the snapshot`);
    return found[0]!;
  }

  private ensure(state: ObjectState): void {
    if (state.created) return;
    const { stored } = state;
    const columns = [
      ...stored.ordered.map((c) => `${c.sql} ${storageOf(c.kind)}`),
      ...stored.keys.flatMap((c) => (c.sortKey ? [`${c.sortKey} TEXT`] : [])),
    ].join(', ');
    this.units.at(-1)?.push({ state, nextIndex: state.nextIndex });
    this.db.exec(`CREATE TABLE ${stored.table} (${columns.length > 0 ? columns : '"_empty" TEXT'})`);
    // the key's index, as a real table's primary key has one: a query ordered by the key, or bounded on its first
    // column, reads from the index where it starts instead of sorting the table (see the README: $skip and $filter)
    if (stored.keys.length > 0)
      this.db.exec(
        `CREATE INDEX "x${stored.table.slice(2, -1)}" ON ${stored.table} (${stored.keys.map(sortExpression).join(', ')})`,
      );
    state.created = true;
    const rows = seedRows(stored, seedCount(stored.object, this.rowsPerObject));
    state.nextIndex = rows.length;
    this.insertStored(stored, rows);
    for (const hook of this.hooks.get(stored.object.name) ?? []) hook();
  }

  /**
   * Runs `hook` when table `name` is created (its generated rows in), every time it is: the REST families' seeds and
   * indexes, which so cost nothing until a request or a test touches the table. At once when it exists already.
   */
  whenCreated(name: string, hook: () => void): void {
    const state = this.bySurface.get('table')!.get(name);
    if (!state) return;
    this.hooks.set(name, [...(this.hooks.get(name) ?? []), hook]);
    if (state.created) hook();
  }

  private insertStored(stored: StoredObject, given: readonly unknown[][]): void {
    if (stored.ordered.length === 0 || given.length === 0) return;
    // the key's comparison keys follow the columns (see SqlColumn)
    const keyed = stored.keys.filter((c) => c.sortKey);
    const at = keyed.map((c) => stored.ordered.indexOf(c));
    const written = [...stored.ordered.map((c) => c.sql), ...keyed.map((c) => c.sortKey!)];
    const rows = keyed.length
      ? given.map((row) => [
          ...row,
          ...sortKeys(
            keyed,
            at.map((i) => row[i]),
          ),
        ])
      : given;
    // many rows per statement: each call into the WebAssembly module costs more than the row it inserts
    const perStatement = Math.max(1, Math.floor(MAX_VARIABLES / written.length));
    const names = written.join(', ');
    const tuple = `(${written.map(() => '?').join(', ')})`;
    const statementOf = (n: number) =>
      this.db.prepare(`INSERT INTO ${stored.table} (${names}) VALUES ${Array(n).fill(tuple).join(', ')}`);
    const full = statementOf(Math.min(perStatement, rows.length));
    // a savepoint, not BEGIN: it nests in replaceWhere's
    this.db.exec('SAVEPOINT insert_rows');
    try {
      for (let at = 0; at < rows.length; at += perStatement) {
        const chunk = rows.slice(at, at + perStatement);
        const values = chunk.flat() as SqlValue[];
        if (chunk.length === perStatement || chunk.length === rows.length) full.run(values);
        else {
          const last = statementOf(chunk.length);
          try {
            last.run(values);
          } finally {
            last.free();
          }
        }
      }
      this.db.exec('RELEASE insert_rows');
    } catch (error) {
      this.db.exec('ROLLBACK TO insert_rows');
      this.db.exec('RELEASE insert_rows');
      throw error;
    } finally {
      full.free();
    }
  }

  /**
   * Every row as an array; integers as bigint, so Int64 values beyond 2^53 stay exact. A page's query (`skip` given)
   * steps through the rows it skips first, each one read (see `select`), and counts them all in `rowsRead`.
   */
  private all(sql: string, params: readonly unknown[], skip?: number): unknown[][] {
    const statement = this.db.prepare(sql);
    try {
      statement.bind(params as SqlValue[]);
      const rows: unknown[][] = [];
      // not past the end: a step after the last row runs the statement again from its first
      const more = skip === undefined || this.skip(statement, skip);
      while (more && statement.step()) rows.push(rowOf(statement));
      if (skip !== undefined) this.rowsRead += rows.length;
      return rows;
    } finally {
      statement.free();
    }
  }
}
