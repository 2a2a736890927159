// A row of the query family as the service writes it: `{"name":value,...}`, each value by `jsonOf` (decimals and
// Int64 values verbatim, never through a JS double). Two writers of the same text:
// - `rowJsonSql`, an expression SQLite evaluates: a page's rows come out of the database as their JSON text, so no
//   value of theirs is made a JS value, written and let go (on a page of 5,000 rows, most of the sandbox's work);
// - `rowJsonText`, of stored values read into JS: for the pages the store reads that way (see Store.page), and for
//   the rows `rowJsonSql` cannot write.
// test/sandbox/row-json.test.ts holds them to the same text, odd values and names included.
import type { SqlColumn } from './filter-sql.js';
import { jsonOf } from '../values.js';

/** The JS functions `rowJsonSql` calls, for the kinds SQLite cannot write as JS does; the store registers them. */
export const ROW_JSON_FUNCTIONS = {
  // a double as JSON.stringify writes it (SQLite's own text differs: `1.0e+21`, 15 digits)
  erp_json_float: (value: unknown): string | null => (value === null ? null : jsonOf('float', value)),
  // base64, which SQLite has no function for
  erp_base64: (value: unknown): string | null =>
    value === null ? null : Buffer.from(value as Uint8Array).toString('base64'),
} as const;

/**
 * The most columns `json_object` takes (SQLITE_MAX_FUNCTION_ARG is 1,000 in sql.js's SQLite, two arguments a
 * column): a wider row is written by `rowJsonText`.
 */
const MAX_COLUMNS = 500;

/** A lone surrogate: SQL text is UTF-8, where it cannot be (JSON.stringify writes it as `\udXXX`). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The value of a column as `json_object` takes it to write the same as `jsonOf(kind, stored)`. */
function valueSql(c: SqlColumn): string {
  switch (c.kind) {
    // stored as their JSON text: json() hands it over as JSON, written as it is (minified already)
    case 'decimal':
    case 'other':
      return `json(${c.sql})`;
    case 'float':
      return `json(erp_json_float(${c.sql}))`;
    case 'boolean':
      return `CASE WHEN ${c.sql} IS NULL THEN NULL WHEN ${c.sql} = 0 THEN json('false') ELSE json('true') END`;
    case 'binary':
      return `erp_base64(${c.sql})`;
    default:
      // integers SQLite writes exactly; text it quotes as JSON.stringify does (`\"`, `\\`, `\n`..., `\u00XX` for
      // the other controls, the rest as it is); null is `null`
      return c.sql;
  }
}

/**
 * A SQL expression whose value is the JSON text of a row's `columns`; undefined where SQL cannot write it (a name
 * with a lone surrogate or a NUL, or more than MAX_COLUMNS columns).
 */
export function rowJsonSql(columns: readonly SqlColumn[]): string | undefined {
  if (columns.length === 0) return `'{}'`;
  if (columns.length > MAX_COLUMNS) return undefined;
  if (columns.some(({ column }) => column.name.includes('\0') || LONE_SURROGATE.test(column.name))) return undefined;
  return `json_object(${columns.map((c) => `'${c.column.name.replaceAll("'", "''")}', ${valueSql(c)}`).join(', ')})`;
}

/** The JSON text of rows of stored values of `columns` (each in the order of `columns`). */
export function rowJsonText(columns: readonly SqlColumn[], rows: readonly (readonly unknown[])[]): string[] {
  const names = columns.map((c) => `${JSON.stringify(c.column.name)}:`);
  return rows.map((row) => `{${columns.map((c, i) => names[i] + jsonOf(c.kind, row[i])).join(',')}}`);
}
