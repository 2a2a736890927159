// What the interactive and UDT routes need from the rest of the sandbox: the columns' lengths and the SQLite rows
// (records that exist, UDT rows).
import type { QueryObject } from '../schema.js';
import type { Store } from '../store.js';
import type { UdtStorage } from '../udt/route.js';

/** `table.column` (lower case) -> length, for string columns that give one. */
export function columnLengths(tables: readonly QueryObject[]): Map<string, number> {
  const lengths = new Map<string, number>();
  for (const t of tables)
    for (const c of t.columns)
      if (typeof c.maxLength === 'number') lengths.set(`${t.name}.${c.name}`.toLowerCase(), c.maxLength);
  return lengths;
}

/** Whether a row with `value` in `table.column` exists among the sandbox's rows. */
export function rowExists(store: Store, dbColumn: string, value: string): boolean {
  const dot = dbColumn.indexOf('.');
  if (dot < 0) return false;
  const table = dbColumn.slice(0, dot);
  const column = dbColumn.slice(dot + 1);
  return store.valuesWhere(table, column, value, column).length > 0;
}

/** UDT rows in the sandbox's SQLite store, so the query family reads what the UDT service wrote. */
export function storeStorage(store: Store): UdtStorage {
  return {
    updateWhere: (table, column, key, values) => store.updateWhere(table, column, key, values),
    deleteWhere: (table, column, key) => store.deleteWhere(table, column, key),
    insert: (table, rows) => store.insert(table, rows),
  };
}

/** The stored value of `dbColumn` in the row whose `keyDbColumn` equals `key`, both `table.column` of one table. */
export function storedValue(store: Store, dbColumn: string, keyDbColumn: string, key: string): string | undefined {
  const [table, column] = splitColumn(dbColumn);
  const [keyTable, keyColumn] = splitColumn(keyDbColumn);
  if (table === undefined || table !== keyTable) return undefined;
  const value = store.valuesWhere(table, keyColumn!, key, column!)[0];
  return value === undefined || value === null ? undefined : String(value);
}

function splitColumn(dbColumn: string): [string | undefined, string | undefined] {
  const dot = dbColumn.indexOf('.');
  return dot < 0 ? [undefined, undefined] : [dbColumn.slice(0, dot), dbColumn.slice(dot + 1)];
}
