// What the snapshot adds to the REST families: the user-defined fields of a record whose table has an extension
// table (`customer_ud` beside `customer`) are typed from that table's columns; a record whose table has none keeps
// an open `UserDefinedFields`. Data only: emit/user-defined-fields-module.ts writes the module and its README lines.
import { columnKind } from '../model/edm.js';
import type { Column, QueryObject } from '../model/schema.js';
import type { FieldKind } from '../../templates/runtime/contract.js';
import type { GeneratorFamily } from './family.js';

/** A record table of a family and the snapshot objects read for it. */
interface RecordTable {
  readonly table: string;
  /** `entity.customers`: where the client serves its records */
  readonly served: readonly string[];
}

/** The tables behind the families' records, each with where it is served. */
function recordTables(families: Readonly<Record<string, GeneratorFamily>>): RecordTable[] {
  const byTable = new Map<string, string[]>();
  for (const [namespace, family] of Object.entries(families))
    for (const [member, table] of Object.entries(family.recordTables ?? {}))
      byTable.set(table, [...(byTable.get(table) ?? []), `${namespace}.${member}`]);
  return [...byTable].map(([table, served]) => ({ table, served }));
}

export interface UserDefinedFields {
  /** the snapshot tables they are typed from, read whether generated or not: each record table and its extension */
  readonly tables: ReadonlySet<string>;
  /** the fields typed from those of the tables that were read */
  typed(read: ReadonlyMap<string, QueryObject>): TypedUserFields[];
}

/** The user-defined fields of the families' records. */
export function userDefinedFields(families: Readonly<Record<string, GeneratorFamily>>): UserDefinedFields {
  const tables = recordTables(families);
  return {
    tables: new Set(tables.flatMap((t) => [t.table, `${t.table}_ud`])),
    typed: (read) => typedUserFields(tables, read),
  };
}

/** A REST record's kind for a column's type; undefined for the types the REST answers do not carry as JSON values. */
function restKind(column: Column): FieldKind | undefined {
  switch (columnKind(column)) {
    case 'int':
      return 'int';
    case 'decimal':
    case 'float':
      return 'decimal';
    case 'boolean':
      return 'bool';
    case 'other':
      return undefined;
    default:
      return 'text';
  }
}

export interface TypedUserFields {
  readonly table: string;
  readonly extension: string;
  readonly served: readonly string[];
  /** field name -> kind, in the extension table's column order */
  readonly fields: ReadonlyArray<readonly [string, FieldKind]>;
}

/**
 * The typed user-defined fields of each record table whose extension table was read: its columns, less the key
 * columns that join it to the base table (those of its key that the base table has; all of its key when the
 * snapshot lacks the base table).
 */
function typedUserFields(tables: readonly RecordTable[], read: ReadonlyMap<string, QueryObject>): TypedUserFields[] {
  const out: TypedUserFields[] = [];
  for (const { table, served } of tables) {
    const extension = read.get(`${table}_ud`);
    if (!extension) continue;
    const base = read.get(table);
    const joins = (name: string) => !base || base.columns.some((c) => c.name === name);
    const fields: Array<readonly [string, FieldKind]> = [];
    for (const column of extension.columns) {
      const kind = restKind(column);
      if (kind !== undefined && !(column.key && joins(column.name))) fields.push([column.name, kind]);
    }
    out.push({ table, extension: extension.name, served, fields });
  }
  return out;
}
