// The REST records' user-defined fields in the sandbox: kept in the snapshot's extension table of the record's
// table (`customer_ud` for customers, `inv_mast_ud` for items) in the sandbox's database, as the server keeps them,
// one row per record, joined on the extension table's key columns that the base table has (`company_id`,
// `customer_id` -> the record's `CompanyId`, `CustomerId`). A record whose table has no extension table keeps its
// `UserDefinedFields` as sent.
import type { ColumnKind, QueryObject } from '../schema.js';
import type { Store } from '../store.js';
import { Num } from '../json-text.js';

type Row = Record<string, unknown>;

interface Extension {
  readonly name: string;
  /** extension table column -> the record field it joins on */
  readonly joins: ReadonlyArray<readonly [column: string, field: string]>;
  /** the user-defined fields: the other columns */
  readonly fields: ReadonlySet<string>;
}

/** `company_id` -> `CompanyId`: the REST records' names for the tables' columns. */
const pascal = (column: string) =>
  column
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export class UserFields {
  private readonly extensions = new Map<string, Extension>();

  constructor(
    private readonly store: Store,
    tables: readonly QueryObject[],
  ) {
    const byName = new Map(tables.map((t) => [t.name, t]));
    for (const extension of tables) {
      const base = extension.name.endsWith('_ud') ? byName.get(extension.name.slice(0, -3)) : undefined;
      if (!base) continue;
      const joins = extension.columns
        .filter((c) => c.key && base.columns.some((b) => b.name === c.name))
        .map((c) => [c.name, pascal(c.name)] as const);
      const joined = new Set(joins.map(([c]) => c));
      const fields = new Set(extension.columns.map((c) => c.name).filter((c) => !joined.has(c)));
      this.extensions.set(base.name, { name: extension.name, joins, fields });
    }
  }

  /** Whether `table`'s records keep their user-defined fields in an extension table. */
  has(table: string): boolean {
    return this.extensions.has(table);
  }

  /** The record's user-defined fields as answered (decimals exact, at their column's scale), or undefined without one. */
  read(table: string, record: Row): Row | undefined {
    const extension = this.extensions.get(table);
    if (!extension) return undefined;
    const [row] = this.store.rowsWhere(extension.name, match(extension, record));
    const out: Row = {};
    for (const name of extension.fields) {
      const [kind, value] = row?.get(name) ?? (['string', null] as const);
      Object.defineProperty(out, name, { value: answerValue(kind, value), enumerable: true, writable: true });
    }
    return out;
  }

  /**
   * Writes the record's user-defined fields (those given; the others keep their values). The problems, as the
   * service's validation lists them, when a field is unknown or its value does not fit its column.
   */
  write(table: string, record: Row, given: unknown): string[] {
    const extension = this.extensions.get(table);
    if (!extension || given === undefined || given === null) return [];
    if (typeof given !== 'object' || Array.isArray(given)) return ['UserDefinedFields must be an object.'];
    const values = given as Row;
    const unknown = Object.keys(values).filter((name) => !extension.fields.has(name));
    if (unknown.length) return unknown.map((name) => `UserDefinedFields: ${name} is not a user-defined field.`);
    const key = match(extension, record);
    const [current] = this.store.rowsWhere(extension.name, key);
    const merged: Row = {};
    for (const name of extension.fields) {
      const kept = current?.get(name);
      const given = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
      // a number as its exact text: the column checks its digits
      const value = given instanceof Num ? given.text : given !== undefined ? given : kept && storedAgain(...kept);
      Object.defineProperty(merged, name, { value, enumerable: true, writable: true });
    }
    try {
      this.store.replaceWhere(extension.name, key, merged);
    } catch (error) {
      return [`UserDefinedFields: ${(error as Error).message.replace(/^insert into [^:]+: /, '')}.`];
    }
    return [];
  }
}

function match(extension: Extension, record: Row): Row {
  return Object.fromEntries(extension.joins.map(([column, field]) => [column, record[field]]));
}

/** A value read back from the database, as the store takes it again. */
function storedAgain(kind: ColumnKind, value: unknown): unknown {
  if (value === null) return null;
  if (kind === 'boolean') return value === 1n || value === 1;
  if (kind === 'other') return JSON.parse(String(value));
  return value;
}

function answerValue(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'decimal':
      return new Num(String(value));
    case 'int':
      return Number(value);
    case 'float':
      return Number(value);
    case 'boolean':
      return value === 1n || value === 1 || value === true;
    default:
      return String(value);
  }
}
