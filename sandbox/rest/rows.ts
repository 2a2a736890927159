// REST records as the rows of their tables: a record's fields are its table's columns under the service's
// PascalCase names (`CustomerName` <-> `customer.customer_name`, `ClassId1` <-> `class_id1`), with the few names the
// documents give otherwise mapped explicitly (`Taxable` <-> `taxable_flag`, a customer's `Delete` <-> `delete_flag`).
// So a write through the REST family is a write of the rows the query surface serves, and a row inserted there is a
// record here.
//
// A documented field whose column the snapshot's table lacks (a customer's `CustomerType`: the table has only the
// integer `customer_type_cd`) is kept beside the row, by the record's key, in a table of the sandbox's own: the
// family answers it, the query surface cannot see it.
import type { ColumnKind } from '../schema.js';
import type { KeyedRecords, Store } from '../store.js';
import { toStored } from '../values.js';
import { Num } from '../json-text.js';

type Row = Record<string, unknown>;

/**
 * How a field is written in a record: `text`, `int` (a JSON integer, whatever the column's type), `decimal` (a JSON
 * number from the column's exact text), `yesNo` (`Y`/`N`), `flag` (a boolean kept as `Y`/`N`), `json` (any value,
 * never a column: kept beside the row).
 */
export type FieldKind = 'text' | 'int' | 'decimal' | 'yesNo' | 'flag' | 'json';

/** A field: its kind, and its column when the PascalCase rule does not give it. */
export type FieldSpec = FieldKind | { readonly kind: FieldKind; readonly column: string };

/** `CustomerName` -> `customer_name`, `ClassId1` -> `class_id1`, `Price10` -> `price10`. */
export function columnOf(field: string): string {
  return field.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
}

/** `company_id` -> `CompanyId`: the service's name for a column. */
export function fieldOf(column: string): string {
  return column
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

interface Mapped {
  readonly field: string;
  readonly kind: FieldKind;
  /** the column, when the snapshot's table has it */
  readonly column: string | undefined;
}

/** A value read from the database, as the record writes it. */
function fromColumn(kind: FieldKind, [columnKind, value]: readonly [ColumnKind, unknown]): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'int':
      return Number(value);
    case 'decimal': {
      const text = String(value);
      // a whole decimal is written with a point, as JSON.NET writes a decimal
      return new Num(columnKind === 'decimal' && !text.includes('.') ? `${text}.0` : text);
    }
    case 'flag':
      return value === 'Y';
    default:
      return columnKind === 'boolean' ? value === 1n || value === 1 : String(value);
  }
}

/** A value given in a body, as its column takes it, or the problem with it (JSON.NET's conversions are lenient). */
function toColumn(kind: FieldKind, value: unknown): { value: unknown } | { problem: string } {
  if (value === null) return { value: null };
  const numeric = value instanceof Num || typeof value === 'number' ? String(value) : value;
  switch (kind) {
    case 'text':
      return typeof numeric === 'string' ? { value: numeric } : { problem: 'is not text' };
    case 'yesNo':
      return value === 'Y' || value === 'N' ? { value } : { problem: "must be 'Y' or 'N'" };
    case 'flag':
      return typeof value === 'boolean' ? { value: value ? 'Y' : 'N' } : { problem: 'must be true or false' };
    case 'int':
      return typeof numeric === 'string' && /^-?\d+$/.test(numeric)
        ? { value: numeric }
        : { problem: 'is not an integer' };
    case 'decimal':
      return typeof numeric === 'string' && /^-?\d+(\.\d+)?$/.test(numeric)
        ? { value: numeric }
        : { problem: 'is not a decimal number' };
    case 'json':
      return { value };
  }
}

/** Records of one table: the mapping of their fields, their rows, and what is kept beside them. */
export class RecordTable {
  private readonly mapped: readonly Mapped[];

  /**
   * `fields`: the record's fields in the order they are answered; `key`: the fields that identify a record (their
   * columns must exist); `beside`: where the fields without a column are kept, by key text.
   */
  constructor(
    readonly store: Store,
    readonly table: string,
    fields: Readonly<Record<string, FieldSpec>>,
    readonly key: readonly string[],
    private readonly beside: KeyedRecords<Row>,
  ) {
    const stored = store.find('table', table);
    this.mapped = Object.entries(fields).map(([field, spec]) => {
      const kind = typeof spec === 'string' ? spec : spec.kind;
      const column = typeof spec === 'string' ? columnOf(field) : spec.column;
      return { field, kind, column: kind !== 'json' && stored?.columns.has(column) ? column : undefined };
    });
    this.served = key.every((k) => this.mapped.find((m) => m.field === k)?.column !== undefined);
    // a record is read by its key on every request
    if (this.served) {
      const columns = key.map((k) => this.columnOf(k)!);
      store.whenCreated(table, () => store.index(table, columns));
    }
  }

  /** The record's field names, in their order. */
  get fields(): string[] {
    return this.mapped.map((m) => m.field);
  }

  /** Whether the snapshot has the table and its key columns: a snapshot without them serves no such records. */
  readonly served: boolean;

  /** The fields that have no column: kept beside the rows, not queryable. */
  get unqueryable(): string[] {
    return this.mapped.filter((m) => m.column === undefined).map((m) => m.field);
  }

  private kindOf(field: string): FieldKind {
    return this.mapped.find((m) => m.field === field)!.kind;
  }

  columnOf(field: string): string | undefined {
    return this.mapped.find((m) => m.field === field)?.column;
  }

  /** The key of a record as text: `ACME_10`, `17`. */
  keyText(record: Readonly<Row>): string {
    return this.key.map((k) => String(record[k])).join('_');
  }

  /**
   * The records whose fields equal `match` (fields with columns), in the order their rows were stored: whole, or
   * only the key and the `only` fields that have columns (a price reads a few fields of thousands of records).
   */
  find(match: Readonly<Row> = {}, only?: readonly string[]): Row[] {
    const where = this.served ? this.whereOf(match) : undefined;
    if (!where) return [];
    const mapped = only
      ? this.mapped.filter((m) => m.column && (only.includes(m.field) || this.key.includes(m.field)))
      : this.mapped;
    const columns = mapped.flatMap((m) => (m.column ? [m.column] : []));
    return this.store.rowsWhere(this.table, where, columns).map((row) => {
      const record: Row = {};
      for (const k of this.key) record[k] = fromColumn(this.kindOf(k), row.get(this.columnOf(k)!)!);
      const kept = only ? {} : (this.beside.get(this.keyText(record)) ?? {});
      for (const m of mapped)
        record[m.field] = m.column
          ? fromColumn(m.kind, row.get(m.column) ?? ['string', null])
          : Object.hasOwn(kept, m.field)
            ? kept[m.field]
            : null;
      return record;
    });
  }

  /** One record by its key fields (other fields of `key` are not looked at). */
  get(key: Readonly<Row>): Row | undefined {
    return this.find(this.keyOf(key))[0];
  }

  /** The key fields of a record. */
  keyOf(record: Readonly<Row>): Row {
    return Object.fromEntries(this.key.map((k) => [k, record[k]]));
  }

  /**
   * The columns of the fields `record` gives, checked against the columns (length, digits, kind), with the fields
   * that have no column apart; `issues` names each field that does not fit, as a validation failure lists it.
   */
  private split(record: Readonly<Row>): { values: Row; beside: Row; issues: string[] } {
    const stored = this.store.find('table', this.table)!;
    const values: Row = {};
    const beside: Row = {};
    const issues: string[] = [];
    for (const m of this.mapped) {
      if (!Object.hasOwn(record, m.field) || record[m.field] === undefined) continue;
      if (!m.column) {
        beside[m.field] = record[m.field];
        continue;
      }
      const converted = toColumn(m.kind, record[m.field]);
      if ('problem' in converted) {
        issues.push(`${m.field} ${converted.problem}.`);
        continue;
      }
      try {
        toStored(stored.columns.get(m.column)!.column, converted.value);
        values[m.column] = converted.value;
      } catch (error) {
        issues.push(`${m.field}: ${(error as Error).message.replace(/^column "[^"]*" \([^)]*\): /, '')}.`);
      }
    }
    return { values, beside, issues };
  }

  /**
   * Adds a record (none to a table the snapshot lacks: see `served`): the fields it gives, `columns` for the others the table needs (audit columns, flags); the rest
   * of the row as the database would default it. The problems, when a field does not fit.
   */
  insert(record: Readonly<Row>, columns: Readonly<Row> = {}): string[] {
    if (!this.served) return [];
    const { values, beside, issues } = this.split(record);
    if (issues.length) return issues;
    this.store.insert(this.table, [{ ...this.present(columns), ...values }], 'blank');
    if (Object.keys(beside).length) this.beside.set(this.keyText(record), beside);
    return [];
  }

  /** Changes the fields `change` gives of the record with `key`; the problems, when a field does not fit. */
  update(key: Readonly<Row>, change: Readonly<Row>, columns: Readonly<Row> = {}): string[] {
    if (!this.served) return [];
    const { values, beside, issues } = this.split(change);
    if (issues.length) return issues;
    const where = this.whereOf(this.keyOf(key));
    if (!where) return [];
    this.store.updateMatching(this.table, where, { ...this.present(columns), ...values });
    if (Object.keys(beside).length) {
      const text = this.keyText(key);
      this.beside.set(text, { ...(this.beside.get(text) ?? {}), ...beside });
    }
    return [];
  }

  /** Removes the record with `key` (its row and what is kept beside it). A table the snapshot lacks holds none. */
  remove(key: Readonly<Row>): void {
    if (!this.served) return;
    const where = this.whereOf(this.keyOf(key));
    if (where) this.store.deleteMatching(this.table, where);
    this.beside.delete(this.keyText(key));
  }

  /** The largest number a key field holds (0 without one), for the next generated id. */
  largest(field: string): number {
    const column = this.columnOf(field);
    if (column === undefined) return 0;
    const kind = this.store.find('table', this.table)?.columns.get(column)?.kind;
    // numbers by the database's order; ids kept as text (a contact's) by their numeric value
    if (kind === 'int' || kind === 'decimal') return Math.max(0, Number(this.store.largest(this.table, column) ?? 0));
    const numbers = this.store.rowsWhere(this.table, {}, [column]).map((row) => Number(row.get(column)?.[1]));
    return numbers.reduce((max, n) => (Number.isFinite(n) && n > max ? n : max), 0);
  }

  /** Only the columns the table has (the audit columns differ from table to table). */
  private present(columns: Readonly<Row>): Row {
    const stored = this.store.find('table', this.table);
    return Object.fromEntries(Object.entries(columns).filter(([c]) => stored?.columns.has(c)));
  }

  /** The columns a match on fields means; undefined when a value cannot match (a field without a column). */
  private whereOf(match: Readonly<Row>): Row | undefined {
    const where: Row = {};
    for (const [field, value] of Object.entries(match)) {
      const m = this.mapped.find((f) => f.field === field);
      if (!m?.column) return undefined;
      const converted = toColumn(m.kind, value);
      if ('problem' in converted) return undefined;
      where[m.column] = converted.value;
    }
    return where;
  }
}
