// Keyset paging (`rows(q, { paging: 'keyset' })`) and `changes()`: each page asks for the rows after the last row
// of the previous one, in the order of the object's key (changes(): of its stamp, then its key), instead of
// skipping the rows before it. A server walks its key index from there, so the last page of a big table costs what
// the first does, and a row inserted or deleted behind the position moves no other row into or out of a page.
// Loaded on the first run that asks for it.
//
// The position is written as the service's filter grammar allows (doc 1: comparisons of a column with a literal,
// `and`, `or`; null only as `eq null` / `ne null`, Q28), lexicographically, and led by a bound on the first column
// that lets a database seek its index rather than read the `or` row by row:
//   a ge x and (a gt x or (a eq x and (b gt y or (b eq y and c gt z))))
// OData orders null before every value (`$orderby` asc), so after a null the rest are `ne null`, and no `gt`
// matches a null. A key column may be nullable in a CSDL (views'): the same rules hold for it.
import { ErpCheckpointError, ErpLiteralError, ErpQueryError } from '../errors.js';
import { fromBase64Url } from '../jwt.js';
import type { ColumnKind } from '../column-kinds.js';
import { literal } from '../literals.js';
import { hasOwn } from '../object.js';
import type { QueryOptions, RunnableQuery } from './query.js';
import type { Walk } from './paging.js';
import { checksum, FORMAT, PREFIX, syncColumns, type Position } from './sync.js';

/**
 * A value of a position as a literal: the service's own forms (Q24), except a date-time finer than a millisecond
 * (an Edm.DateTimeOffset of precision 4 to 7), which keeps its digits (the OData grammar allows up to 12): cut to
 * milliseconds, `gt` would find the row itself again.
 */
function positionLiteral(kind: ColumnKind, value: unknown, what: string): string {
  if (value === null) return 'null';
  const text = literal(kind, value, what);
  const finer = kind === 'datetime' && typeof value === 'string' ? /\.\d{3}(\d+)/.exec(value) : null;
  const extra = finer?.[1]!.replace(/0+$/, '') ?? '';
  return extra === '' ? text : `${text.slice(0, -1)}${extra}Z`;
}

/** The rows after `values` in the order of `columns`, each ascending (see the top of this file). */
export function afterFilter(
  columns: readonly string[],
  kinds: readonly ColumnKind[],
  values: readonly unknown[],
): string {
  const lit = (i: number) => positionLiteral(kinds[i]!, values[i], columns[i]!);
  const after = (i: number): string => {
    const [column, value] = [columns[i]!, values[i]];
    const beyond = value === null ? `${column} ne null` : `${column} gt ${lit(i)}`;
    if (i === columns.length - 1) return beyond;
    const rest = after(i + 1);
    const same = value === null ? `${column} eq null` : `${column} eq ${lit(i)}`;
    return `${beyond} or (${same} and ${i + 1 === columns.length - 1 ? rest : `(${rest})`})`;
  };
  const all = after(0);
  return columns.length > 1 && values[0] !== null ? `${columns[0]} ge ${lit(0)} and (${all})` : all;
}

/** The query's options for a page from `position`: ordered by `columns`, selecting them, after the position. */
function pageOptions(options: QueryOptions, columns: readonly string[], position: string | undefined): QueryOptions {
  const { skip: _, ...rest } = options;
  const select = options.select && [...options.select, ...columns.filter((c) => !options.select!.includes(c))];
  const filter =
    position === undefined ? options.filter : options.filter ? `(${options.filter}) and (${position})` : position;
  return {
    ...rest,
    orderBy: columns.map((c): readonly [string, 'asc'] => [c, 'asc']),
    ...(select ? { select } : {}),
    ...(filter !== undefined ? { filter } : {}),
  };
}

/**
 * The walk over pages in the order of `columns` from `start` (undefined: from the first row; a filter: from the
 * rows it matches), telling `moved` (if given) each row's values as it is delivered. The checks of a page compare its
 * rows' columns in place: values are taken out of a row only where they are kept (the position, the previous page's
 * first row), before the caller has the row, so that a caller changing a row it was given moves nothing.
 */
function walkBy(
  query: RunnableQuery<unknown>,
  columns: readonly string[],
  kinds: readonly ColumnKind[],
  start: { readonly values: readonly unknown[] } | { readonly filter: string } | undefined,
  moved?: (values: readonly unknown[]) => void,
): Walk {
  const from = start && 'filter' in start ? start.filter : undefined;
  let last = start && 'values' in start ? start.values : undefined;
  /** the values of the last row of the page taken */
  let end = last;
  /** the first row of the previous page: answered first again, the server did not apply the position */
  let first: readonly unknown[] | undefined;
  const valuesOf = (row: object) => columns.map((c) => (row as Record<string, unknown>)[c]);
  /** whether `row`'s values are `values` (a row, or values taken out of one) */
  const same = (row: Record<string, unknown>, values: Record<string, unknown> | readonly unknown[] | undefined) =>
    values !== undefined &&
    columns.every((c, i) => row[c] === (Array.isArray(values) ? values[i] : (values as Record<string, unknown>)[c]));
  return {
    // the next page starts after the last row delivered
    next: () => {
      if (!moved) last = end;
      return pageOptions(query.options, columns, last !== undefined ? afterFilter(columns, kinds, last) : from);
    },
    took(rows) {
      for (let r = 0; r < rows.length; r++) {
        const row = rows[r] as Record<string, unknown>;
        const missing = columns.find((c) => !hasOwn(row, c) || row[c] === undefined);
        if (missing !== undefined)
          return `a row came without ${missing}, which keyset paging orders by: it cannot tell where the next page starts`;
        const far = columns.find((c) => typeof row[c] === 'number' && Math.abs(row[c]) > Number.MAX_SAFE_INTEGER);
        if (far !== undefined)
          return `the row's ${far} (${String(row[far])}) is beyond what a number holds exactly, so the next page cannot start after it exactly`;
        // rows come in the order of these columns: two rows with the same values come one after the other
        if (same(row, r > 0 ? (rows[r - 1] as Record<string, unknown>) : last) || (r === 0 && same(row, first)))
          return `two rows came with the same ${columns.join(', ')} (${JSON.stringify(valuesOf(row)).slice(1, -1)}): ${
            r > 0
              ? 'they do not tell rows apart, so keyset paging would skip rows at a page boundary (page this object with $skip)'
              : 'the server answered a row the last page had again, so it does not apply the position in $filter'
          }`;
      }
      first = rows.length ? valuesOf(rows[0]!) : undefined;
      // the next page is asked for once every row of this one is delivered: it starts after the last (taken now,
      // before the caller has the row); changes() keeps its position row by row, for its checkpoint
      end = rows.length ? valuesOf(rows[rows.length - 1]!) : last;
      return undefined;
    },
    delivered(row) {
      if (!moved) return;
      last = valuesOf(row);
      moved(last);
    },
  };
}

/** The column kinds of a query's object, which its position's literals are written by. */
function kindsOf(query: RunnableQuery<unknown>, columns: readonly string[], where: string): ColumnKind[] {
  const kinds = query.object.columns as Readonly<Record<string, ColumnKind>> | undefined;
  return columns.map((c) => {
    const kind = kinds && hasOwn(kinds, c) ? kinds[c] : undefined;
    if (kind === undefined)
      throw new ErpQueryError(
        `${where}: the kind of key column ${c} is not known (give a generated object to query())`,
      );
    return kind;
  });
}

/** Refuses an order or a skip of the query's own where the read sets them (an order equal to its own is fine). */
function ownOrder(where: string, options: RunnableQuery<unknown>['options'], columns: readonly string[]): void {
  const same =
    options.orderBy.length === 0 ||
    (options.orderBy.length === columns.length &&
      options.orderBy.every(([c, d], i) => c === columns[i] && d === 'asc'));
  if (!same)
    throw new ErpQueryError(
      `${where}: the query is ordered by ${options.orderBy.map(([c, d]) => `${c} ${d}`).join(', ')}; this read orders by ${columns.join(', ')} itself (drop orderBy())`,
    );
  if (options.skip)
    throw new ErpQueryError(
      `${where}: the query skips ${options.skip} rows; this read starts after a position (drop skip())`,
    );
}

/** What a sync reads by: the object, and the columns of its order (the stamp, then the key) with their kinds. */
interface SyncPlan {
  /** `table/customer` */
  readonly object: string;
  readonly columns: readonly string[];
  readonly kinds: readonly ColumnKind[];
}

/** The plan of `changes()` for a query, or an ErpQueryError saying why the query cannot be read so. */
function syncPlan(query: RunnableQuery<unknown>): SyncPlan {
  const object = `${query.object.surface}/${query.object.name}`;
  const where = `changes(${object})`;
  const columns = syncColumns(query.object);
  ownOrder(where, query.options, columns);
  return { object, columns, kinds: kindsOf(query, columns, where) };
}

function describe(value: unknown): string {
  return typeof value === 'string'
    ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
    : String(value);
}

/** The position a checkpoint given as `since` names for `plan`: an ErpCheckpointError when it names none. */
export function readCheckpoint(plan: SyncPlan, text: string): Position {
  const where = `changes(${plan.object})`;
  const refuse = (why: string) => new ErpCheckpointError(`${where}: the checkpoint ${why}`);
  const [format, body, sum, ...rest] = text.slice(PREFIX.length).split('.');
  if (format !== String(FORMAT))
    throw refuse(
      `is of format ${describe(format)}, which this package does not read (it reads ${FORMAT}): it was made by another erpgen`,
    );
  const json = body === undefined ? undefined : fromBase64Url(body);
  if (json === undefined || sum === undefined || rest.length > 0 || checksum(json) !== sum)
    throw refuse('is not one changes() made: it was cut short or altered (its checksum does not match)');
  let parsed: { o?: unknown; c?: unknown; p?: unknown };
  try {
    parsed = JSON.parse(json) as typeof parsed;
  } catch {
    throw refuse('is not one changes() made: its content is not JSON');
  }
  if (parsed.o !== plan.object) throw refuse(`was taken of ${describe(parsed.o)}, not of ${plan.object}`);
  if (JSON.stringify(parsed.c) !== JSON.stringify(plan.columns))
    throw refuse(
      `was taken in the order ${Array.isArray(parsed.c) ? parsed.c.join(', ') : '?'}, and the package now orders ${plan.object} by ${plan.columns.join(', ')} (its key or stamp changed since): start again from a time`,
    );
  const p = parsed.p as { t?: unknown; a?: unknown } | null;
  if (p === null) return { from: 'start' };
  if (typeof p === 'object' && typeof p.t === 'string') {
    try {
      return { from: 'time', at: literal('datetime', p.t, 'since') };
    } catch {
      throw refuse('is not one changes() made: its time is not a date-time');
    }
  }
  if (typeof p === 'object' && Array.isArray(p.a) && p.a.length === plan.columns.length) {
    // each value must still be a literal of its column: a column retyped since is refused here, not by the server
    p.a.forEach((value: unknown, i) => {
      try {
        if (value !== null) literal(plan.kinds[i]!, value, plan.columns[i]!);
      } catch (error) {
        if (!(error instanceof ErpLiteralError)) throw error;
        throw refuse(`holds a value its column no longer takes (the schema changed since): ${error.message}`);
      }
    });
    return { from: 'after', values: p.a };
  }
  throw refuse('is not one changes() made: it names no position');
}

/** `rows(q, { paging: 'keyset' })`: the pages of `query` in the order of its object's key. */
export function keysetWalk(query: RunnableQuery<unknown>): Walk {
  const { object } = query;
  const where = `rows(${object.surface}/${object.name}, { paging: 'keyset' })`;
  if (object.key.length === 0)
    throw new ErpQueryError(`${where}: ${object.name} has no key to page by: page it with $skip (the default)`);
  ownOrder(where, query.options, object.key);
  return walkBy(query, object.key, kindsOf(query, object.key, where), undefined);
}

/**
 * `changes()`: the pages of `query` in the order of its stamp and key from `from` (a checkpoint given is read here),
 * telling `moved` each row's position.
 */
export function changesWalk(query: RunnableQuery<unknown>, from: Position, moved: (to: Position) => void): Walk {
  const plan = syncPlan(query);
  const at = from.from === 'given' ? readCheckpoint(plan, from.text) : from;
  const start =
    at.from === 'start' || at.from === 'given'
      ? undefined
      : at.from === 'time'
        ? { filter: `${plan.columns[0]} ge ${at.at}` }
        : { values: at.values };
  return walkBy(query, plan.columns, plan.kinds, start, (values) => moved({ from: 'after', values }));
}
