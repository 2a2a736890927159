// Reads the system query options of a collection request from the raw query string and resolves them against
// the object's columns, refusing what the service refuses:
// - unknown `$`-options, a repeated option, `$expand`: 404 with a message;
// - an unknown column in `$select` or `$orderby`: 404 with an EMPTY body;
// - `$top` / `$skip` not a non-negative integer, `$count` not true/false: 404 with a message.
// Options without `$` are custom options, which OData ignores.
import { parseFilter } from './filter-parser.js';
import { translateFilter, type SqlColumn } from './filter-sql.js';
import { EmptyNotFoundError, INVALID_QUERY, QueryError } from './errors.js';
import type { OrderTerm, RowQuery, StoredObject } from '../store.js';

const SUPPORTED = new Set(['$select', '$filter', '$orderby', '$top', '$skip', '$count']);

/**
 * Splits a raw query string into decoded name/value pairs. URLSearchParams decodes the way the service's web
 * stack does: `%XX` sequences as UTF-8, and a raw `+` as a space (a literal plus must be sent as `%2B`).
 */
function decodeQuery(rawQuery: string): Map<string, string> {
  const options = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    if (!name.startsWith('$')) continue;
    if (options.has(name)) {
      throw new QueryError(
        `Query option '${name}' was specified more than once, but it must be specified at most once.`,
      );
    }
    options.set(name, value);
  }
  return options;
}

/** The row query a request asks for, checked against the object. */
export function readRowQuery(stored: StoredObject, rawQuery: string): RowQuery {
  const options = decodeQuery(rawQuery);
  for (const name of options.keys()) {
    if (name === '$expand') {
      throw new QueryError(
        `${INVALID_QUERY} $expand is not supported: the query surface has no navigation properties; query the related object by its key columns instead.`,
      );
    }
    if (!SUPPORTED.has(name)) throw new QueryError(`The query parameter '${name}' is not supported.`);
  }
  const top = nonNegative(options.get('$top'), '$top');
  const skip = nonNegative(options.get('$skip'), '$skip');
  const count = countOption(options.get('$count'));
  const columns = selectColumns(stored, options.get('$select'));
  const orderBy = orderTerms(stored, options.get('$orderby'));
  const filter = options.get('$filter');
  const where = filter === undefined ? undefined : translateFilter(parseFilter(filter), stored);
  return {
    columns,
    orderBy,
    count,
    ...(where ? { where } : {}),
    ...(top === undefined ? {} : { top }),
    ...(skip === undefined ? {} : { skip }),
  };
}

function nonNegative(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) {
    throw new QueryError(
      `Invalid value '${value}' for ${option} query option found. The ${option} query option requires a non-negative integer value.`,
    );
  }
  return n;
}

function countOption(value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new QueryError(`'${value}' is not a valid count option.`);
}

function column(stored: StoredObject, name: string): SqlColumn {
  const found = stored.columns.get(name);
  if (!found) throw new EmptyNotFoundError(`no column ${name}`);
  return found;
}

/** `$select=a,b`: those columns in that order, each once; absent, empty or `*`: every column. */
function selectColumns(stored: StoredObject, value: string | undefined): readonly SqlColumn[] {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return stored.ordered;
  const picked = new Map<string, SqlColumn>();
  for (const item of value.split(',')) {
    const name = item.trim();
    if (!picked.has(name)) picked.set(name, column(stored, name));
  }
  return [...picked.values()];
}

/** `$orderby=a asc,b desc`: a term is a column name, optionally followed by `asc` or `desc`. */
function orderTerms(stored: StoredObject, value: string | undefined): readonly OrderTerm[] {
  if (value === undefined) return [];
  return value.split(',').map((item, i) => {
    const term = item.trim();
    if (term === '') throw new QueryError(`${INVALID_QUERY} Term ${i + 1} of $orderby '${value}' is empty.`);
    const m = /^(.*?)\s+(asc|desc)$/.exec(term);
    return { column: column(stored, m ? m[1]! : term), descending: m?.[2] === 'desc' };
  });
}
