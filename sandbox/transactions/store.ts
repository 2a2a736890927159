// The records the Transaction and Interactive APIs write, kept in the rows the query surface serves (transaction-
// columns.ts says which table and column each field is): a transaction writes `oe_hdr` and `oe_line`, and the query
// surface, /transaction/get and the next transaction all see the same rows. Fields without a column of their
// element's table are kept beside the row, in a table of the same database, so /transaction/get still echoes what was
// written and a failed transaction (run inside `Store.atomically`) leaves nothing anywhere.
//
// Writes are keyed upserts, as the documents say: a row sent with Keys updates the row whose fields hold the same
// values (for the main element across all records, for the others within the transaction's record), and is inserted
// when there is none. A Form sent without Keys is the record's own row. A main element sent without Keys is a new
// record. New rows get the keys the server gives: the next number after the highest in their column (within the
// record for a child's own key, such as a line number), so a new order never takes the number of an existing row.
import { randomUUID } from 'node:crypto';
import type { ElementModel, FieldModel, ServiceModel } from './catalog.js';
import type { KeyValue } from './payload.js';
import type { PlannedElement, PlannedRow } from './validate.js';
import { kindOf, type Column, type QueryObject } from '../schema.js';
import type { KeyedRecords, Store } from '../store.js';
import {
  fromColumn,
  serviceTables,
  toColumn,
  WriteRefusedError,
  type ElementTable,
  type ServiceTables,
} from './columns.js';

export interface Edit {
  readonly Name: string;
  readonly Value: string;
}

/** one element of a passed transaction in the response: what was written */
export interface WrittenElement {
  readonly Name: string;
  readonly Rows: ReadonlyArray<{ readonly Edits: readonly Edit[] }>;
}

/** the rows of one element found by a read, each field -> text in definition order */
export interface ElementRows {
  readonly element: ElementModel;
  readonly rows: ReadonlyArray<ReadonlyMap<string, string>>;
}

/** where the server's numbering of records starts (order numbers of a sample tenant: 1000001, 1000002, ...) */
const FIRST_NUMBER = 1_000_001n;

/** The values of fields kept beside a row (no column), per service, element and record. */
interface SideEntry {
  readonly service: string;
  readonly element: string;
  readonly record: string;
  /** per row: its identity within the record ('' for a Form's one row) and field -> text pairs */
  readonly rows: Array<{ readonly row: string; readonly values: Array<[string, string]> }>;
}

/** A row of an element in one record: its table row (if any) and the key of its side values. */
interface RowHandle {
  readonly record: string;
  /** the table row: column -> stored value of the table's key columns */
  readonly match?: Readonly<Record<string, unknown>>;
  readonly side: string;
  /** the table row's columns as read when it was found (column -> [kind, stored]) */
  readonly row?: ReadonlyMap<string, readonly [unknown, unknown]>;
}

type Match = Record<string, unknown>;
const match = (): Match => Object.create(null) as Match;

function numberOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+(\.0*)?$/.test(value)) return BigInt(value.replace(/\.0*$/, ''));
  return undefined;
}

const textOf = (stored: unknown): string => (stored === null || stored === undefined ? '' : String(stored));

export class RecordStore {
  private readonly maps = new Map<ServiceModel, ServiceTables>();
  private readonly side: KeyedRecords<SideEntry>;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.side = store.keyedRecords<SideEntry>(
      'transaction_fields',
      (e) => JSON.stringify(e),
      (t) => JSON.parse(t) as SideEntry,
    );
  }

  tablesOf(service: ServiceModel): ServiceTables {
    let map = this.maps.get(service);
    if (!map) {
      map = serviceTables(service, (name) => this.store.find('table', name)?.object);
      this.maps.set(service, map);
    }
    return map;
  }

  /**
   * Writes a validated transaction (the caller runs it inside `Store.atomically`); answers what was written, element by
   * element, in the order sent, with the keys the server gave. Throws WriteRefusedError when the database refuses a value.
   */
  apply(service: ServiceModel, plan: readonly PlannedElement[]): WrittenElement[] {
    const map = this.tablesOf(service);
    const { record, generated } = this.recordFor(map, plan);
    return plan.map((planned) => {
      const et = map.elements.get(planned.element.name)!;
      const rows = planned.rows.map((row, i) =>
        this.writeRow(map, et, record, planned.keys, row, planned.element === service.main && i === 0 ? generated : []),
      );
      return { Name: planned.element.name, Rows: rows };
    });
  }

  /**
   * The rows of `element` whose fields hold the given key values; for the service's main element, every element's
   * rows of the records found (the whole window, as /transaction/get answers it).
   */
  read(service: ServiceModel, element: ElementModel, keys: readonly KeyValue[]): ElementRows[] {
    // a read looks up each element's side entry once per row: parsed once for the whole read
    this.reading = new Map();
    try {
      return this.readRecords(service, element, keys);
    } finally {
      this.reading = undefined;
    }
  }

  /** The side entries a read has parsed, by key; undefined outside a read (writes change them). */
  private reading: Map<string, SideEntry | undefined> | undefined;

  private readRecords(service: ServiceModel, element: ElementModel, keys: readonly KeyValue[]): ElementRows[] {
    const map = this.tablesOf(service);
    const et = map.elements.get(element.name)!;
    const found = this.find(
      map,
      et,
      undefined,
      keys.map((k) => k.name),
      keys.map((k) => k.value),
    );
    if (element !== service.main || found.length === 0)
      return [{ element, rows: found.map((h) => this.valuesOf(map, et, h)) }];
    const records = [...new Set(found.map((h) => h.record))];
    const out: ElementRows[] = [];
    // the elements of one table (an order's dozens of oe_hdr Forms) find the same rows of a record: read them once
    const rowsOf = new Map<string, RowHandle[]>();
    const findAll = (other: ElementTable, record: string) => {
      if (other.role === 'detached') return this.find(map, other, record, [], []);
      const key = JSON.stringify([other.role, other.table!.name, record]);
      let handles = rowsOf.get(key);
      if (!handles) rowsOf.set(key, (handles = this.find(map, other, record, [], [])));
      return handles;
    };
    for (const e of service.elements.values()) {
      const other = map.elements.get(e.name)!;
      const rows = records.flatMap((r) => findAll(other, r).map((h) => this.valuesOf(map, other, h)));
      const shown = rows.filter((r) => r.size > 0);
      if (shown.length > 0 || e === element) out.push({ element: e, rows: shown });
    }
    return out;
  }

  /** every row of one element, across records, field -> text */
  rows(service: ServiceModel, element: ElementModel): Array<Record<string, string>> {
    const map = this.tablesOf(service);
    const et = map.elements.get(element.name)!;
    return this.find(map, et, undefined, [], []).map((h) => Object.fromEntries(this.valuesOf(map, et, h)));
  }

  // --- records -------------------------------------------------------------------------------------------------

  /** The record a transaction writes: the one its main element's keys find, else a new one with the server's keys. */
  private recordFor(map: ServiceTables, plan: readonly PlannedElement[]): { record: string; generated: Edit[] } {
    const main = map.service.main;
    const mainPlan = main && plan.find((p) => p.element === main);
    const first = mainPlan?.rows[0];
    const mainTable = main && map.elements.get(main.name);
    if (mainTable && mainPlan && first && mainPlan.keys.length > 0) {
      const found = this.find(map, mainTable, undefined, mainPlan.keys, first.keyValues)[0];
      if (found) return { record: found.record, generated: [] };
    }
    const generated: Edit[] = [];
    if (!map.header || !mainTable) {
      // a service in no table: the record is named by its main element's KeyFields, numbered when not sent
      const values = (main?.keyFields ?? []).map((k) => {
        const sent = first?.values.get(k);
        if (sent !== undefined && sent !== '') return sent;
        const Value = String(this.nextSideNumber(map, main!, k));
        generated.push({ Name: k, Value });
        return Value;
      });
      return { record: JSON.stringify(values), generated };
    }
    const { table, keys } = map.header;
    const row = match();
    for (const key of keys) {
      const field = fieldOfColumn(mainTable, key);
      const sent = field && first?.values.get(field.name);
      if (field && sent !== undefined && sent !== '') row[key.name] = toColumn(field, key, table.name, sent);
      else {
        const n = this.nextNumber(table, key, this.keyScope(keys, row), FIRST_NUMBER) ?? this.commonValue(table, key);
        if (n === undefined) continue;
        row[key.name] = n;
        if (field) generated.push({ Name: field.name, Value: fromColumn(field, key, n) ?? String(n) });
      }
    }
    this.insertRow(table, keys, row);
    return { record: JSON.stringify(keys.map((k) => textOf(row[k.name]))), generated };
  }

  /** The header table's key columns of a record, as a match. */
  private headerMatch(map: ServiceTables, record: string): Match {
    const values = JSON.parse(record) as string[];
    const m = match();
    map.header!.keys.forEach((k, i) => (m[k.name] = values[i]));
    return m;
  }

  /** A child table's link columns for a record (the header's key, by name). */
  private linkMatch(map: ServiceTables, et: ElementTable, record: string): Match {
    const values = JSON.parse(record) as string[];
    const m = match();
    et.link.forEach((column, i) => (m[column] = values[i]));
    return m;
  }

  // --- finding rows ------------------------------------------------------------------------------------------------

  /** The rows of an element (in one record, or in all) whose fields hold `values` for `keys` (as text). */
  private find(
    map: ServiceTables,
    et: ElementTable,
    record: string | undefined,
    keys: readonly string[],
    values: readonly string[],
  ): RowHandle[] {
    const service = map.service.name;
    const element = et.element.name;
    const sideOf = (h: RowHandle) => this.sideValues(service, element, h.record, h.side);
    // the keys that are columns narrow the table's rows; the others are compared with the side values
    const byColumn = match();
    const bySide: Array<[string, string]> = [];
    keys.forEach((k, i) => {
      const column = et.columns.get(k);
      if (column) byColumn[column.name] = this.stored(et, k, column, values[i]!);
      else bySide.push([k, values[i]!]);
    });
    if (Object.values(byColumn).includes(NO_MATCH)) return [];
    let handles: RowHandle[];
    if (et.role === 'detached') {
      handles = this.sideEntries(service, element, record).flatMap(({ record: r, entry }) =>
        entry.rows.map((row) => ({ record: r, side: row.row })),
      );
    } else {
      const table = et.table!;
      const scope =
        record === undefined
          ? match()
          : et.role === 'header'
            ? this.headerMatch(map, record)
            : this.linkMatch(map, et, record);
      const keyColumns = et.role === 'header' ? map.header!.keys : table.columns.filter((c) => c.key);
      handles = this.store.rowsWhere(table.name, { ...scope, ...byColumn }).map((row) => {
        const m = match();
        for (const k of keyColumns) m[k.name] = row.get(k.name)?.[1];
        const recordValues =
          et.role === 'header'
            ? map.header!.keys.map((k) => textOf(row.get(k.name)?.[1]))
            : et.link.map((c) => textOf(row.get(c)?.[1]));
        const side = et.role === 'header' ? '' : JSON.stringify(keyColumns.map((k) => textOf(m[k.name])));
        return { record: JSON.stringify(recordValues), match: m, side, row };
      });
    }
    return handles.filter((h) => bySide.every(([k, v]) => sideOf(h).get(k) === v));
  }

  /** A key value as stored in its column, or NO_MATCH when the column cannot hold it (then no row has it). */
  private stored(et: ElementTable, field: string, column: Column, text: string): unknown {
    try {
      return toColumn(et.element.fields.get(field)!, column, et.table!.name, text);
    } catch {
      return NO_MATCH;
    }
  }

  /** A row's fields: the columns of its table row, then the values kept beside it, in definition order. */
  private valuesOf(map: ServiceTables, et: ElementTable, h: RowHandle): Map<string, string> {
    const row = h.row ?? (h.match ? this.store.rowsWhere(et.table!.name, h.match)[0] : undefined);
    const side = this.sideValues(map.service.name, et.element.name, h.record, h.side);
    const out = new Map<string, string>();
    for (const field of et.element.fields.values()) {
      const column = et.columns.get(field.name);
      const text = column ? fromColumn(field, column, row?.get(column.name)?.[1]) : side.get(field.name);
      if (text !== undefined) out.set(field.name, text);
    }
    return out;
  }

  // --- writing rows ------------------------------------------------------------------------------------------------

  private writeRow(
    map: ServiceTables,
    et: ElementTable,
    record: string,
    keys: readonly string[],
    row: PlannedRow,
    generated: readonly Edit[],
  ): { Edits: Edit[] } {
    const edits = [...generated];
    let handle: RowHandle | undefined;
    if (et.role === 'header') handle = { record, match: this.headerMatch(map, record), side: '' };
    else if (keys.length > 0) handle = this.find(map, et, record, keys, row.keyValues)[0];
    else if (et.element.type === 'Form') handle = this.find(map, et, record, [], [])[0];
    if (!handle) handle = this.newRow(map, et, record, row, edits);
    // the values the server numbered are written like the ones sent
    const values = new Map([...edits.map((e): [string, string] => [e.Name, e.Value]), ...row.values]);
    const columns = new Map<string, unknown>();
    const side = new Map<string, string>();
    for (const [name, text] of values) {
      const column = et.columns.get(name);
      if (column) columns.set(column.name, toColumn(et.element.fields.get(name)!, column, et.table!.name, text));
      else side.set(name, text);
    }
    if (handle.match && columns.size > 0) {
      this.touch(et.table!, columns);
      this.store.updateMatching(et.table!.name, handle.match, columns);
    }
    if (side.size > 0 || !handle.match)
      this.setSide(map.service.name, et.element.name, handle.record, handle.side, side);
    return { Edits: [...edits, ...[...row.values].map(([Name, Value]) => ({ Name, Value }))] };
  }

  /** Inserts a new row of a child or detached element; `edits` gets the keys the server numbered. */
  private newRow(map: ServiceTables, et: ElementTable, record: string, row: PlannedRow, edits: Edit[]): RowHandle {
    const numbered = (field: FieldModel, value: unknown, column?: Column) =>
      edits.push({
        Name: field.name,
        Value: column ? (fromColumn(field, column, value) ?? String(value)) : String(value),
      });
    if (et.role === 'detached') {
      const rows = this.sideEntries(map.service.name, et.element.name, record)[0]?.entry.rows ?? [];
      for (const key of et.element.keyFields)
        if (!row.values.has(key))
          numbered(et.element.fields.get(key)!, this.nextSideNumber(map, et.element, key, record, 1n));
      return { record, side: et.element.type === 'Form' ? '' : String(rows.length + 1) };
    }
    const table = et.table!;
    const values = this.linkMatch(map, et, record);
    for (const [name, text] of row.values) {
      const column = et.columns.get(name);
      if (column && !(column.name in values))
        values[column.name] = toColumn(et.element.fields.get(name)!, column, table.name, text);
    }
    const keyColumns = table.columns.filter((c) => c.key);
    // the table's own key (a line number), then the element's KeyFields (a user line number): numbered in the record
    const toNumber = [
      ...keyColumns,
      ...et.element.keyFields.map((k) => et.columns.get(k)).filter((c): c is Column => c !== undefined),
    ];
    for (const column of toNumber) {
      if (column.name in values) continue;
      // a key column is numbered among the rows sharing the rest of the key; another field within the record
      const scope = column.key ? this.keyScope(keyColumns, values) : this.linkMatch(map, et, record);
      const n = this.nextNumber(table, column, scope, 1n);
      if (n === undefined) continue;
      values[column.name] = n;
      const field = fieldOfColumn(et, column);
      if (field) numbered(field, n, column);
    }
    this.insertRow(table, keyColumns, values);
    const m = match();
    for (const k of keyColumns) m[k.name] = values[k.name];
    return { record, match: m, side: JSON.stringify(keyColumns.map((k) => textOf(values[k.name]))) };
  }

  /** The key columns a row already has, as a match. */
  private keyScope(keys: readonly Column[], values: Match): Match {
    const m = match();
    for (const k of keys) if (k.name in values) m[k.name] = values[k.name];
    return m;
  }

  /** Inserts a row, refusing a duplicate key as SQL Server does; columns it leaves out get the server's defaults. */
  private insertRow(table: QueryObject, keys: readonly Column[], values: Match): void {
    if (
      keys.length > 0 &&
      keys.every((k) => k.name in values) &&
      this.store.columnWhere(table.name, this.keyScope(keys, values), keys[0]!.name).length > 0
    )
      throw new WriteRefusedError(
        `Violation of PRIMARY KEY constraint 'PK_${table.name}'. Cannot insert duplicate key in object 'dbo.${table.name}'. The duplicate key value is (${keys.map((k) => textOf(values[k.name])).join(', ')}).`,
      );
    const row = match();
    for (const column of table.columns) {
      const value = defaultOf(column);
      if (value !== undefined) row[column.name] = value;
    }
    const stamp = new Map<string, unknown>();
    this.touch(table, stamp);
    for (const [column, value] of stamp) row[column] = value;
    const created = table.columns.find((c) => c.name === 'date_created' && kindOf(c.edmType) === 'datetime');
    if (created) row[created.name] = this.now().toISOString();
    Object.assign(row, values);
    this.store.insert(table.name, [row]);
  }

  /** A write sets `date_last_modified` (the column incremental syncs read), where the table has one. */
  private touch(table: QueryObject, columns: Map<string, unknown>): void {
    const modified = table.columns.find((c) => c.name === 'date_last_modified' && kindOf(c.edmType) === 'datetime');
    if (modified && !columns.has(modified.name)) columns.set(modified.name, this.now().toISOString());
  }

  /**
   * One more than the highest number in `column` among the rows matching `scope`; undefined for a column whose values
   * are not numbers (a company id).
   */
  private nextNumber(table: QueryObject, column: Column, scope: Match, floor: bigint): string | undefined {
    const kind = kindOf(column.edmType);
    if (kind === 'guid') return randomUUID();
    if (kind !== 'int' && kind !== 'decimal' && kind !== 'string') return undefined;
    let next = floor;
    let numbers = 0;
    let others = 0;
    for (const value of this.store.columnWhere(table.name, scope, column.name)) {
      const n = numberOf(value);
      if (n === undefined && value !== null && value !== '') others++;
      if (n === undefined) continue;
      numbers++;
      if (n >= next) next = n + 1n;
    }
    // a column of text whose values are not numbers (company ids) is not numbered
    if (kind === 'string' && numbers === 0 && others > 0) return undefined;
    const text = String(next);
    return kind === 'string' && typeof column.maxLength === 'number' && text.length > column.maxLength
      ? undefined
      : text;
  }

  /** The value most rows hold in a column (the tenant's company, for a company id a write does not give). */
  private commonValue(table: QueryObject, column: Column): unknown {
    const counts = new Map<unknown, number>();
    for (const value of this.store.columnWhere(table.name, match(), column.name))
      if (value !== null && value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  }

  /** The next number of a field kept beside the rows (a service in no table), over all records or one. */
  private nextSideNumber(
    map: ServiceTables,
    element: ElementModel,
    field: string,
    record?: string,
    floor = FIRST_NUMBER,
  ): bigint {
    let next = floor;
    for (const { entry } of this.sideEntries(map.service.name, element.name, record))
      for (const row of entry.rows) {
        const n = numberOf(new Map(row.values).get(field));
        if (n !== undefined && n >= next) next = n + 1n;
      }
    return next;
  }

  // --- values kept beside the rows ---------------------------------------------------------------------------------

  private sideKey(service: string, element: string, record: string): string {
    return JSON.stringify([service, element, record]);
  }

  /** The side entries of an element: of one record, or of every record (then read from the keys). */
  private sideEntries(
    service: string,
    element: string,
    record: string | undefined,
  ): Array<{ record: string; entry: SideEntry }> {
    if (record !== undefined) {
      const entry = this.side.get(this.sideKey(service, element, record));
      return entry ? [{ record, entry }] : [];
    }
    return this.side
      .values()
      .filter((entry) => entry.service === service && entry.element === element)
      .map((entry) => ({ record: entry.record, entry }));
  }

  private sideValues(service: string, element: string, record: string, row: string): Map<string, string> {
    const key = this.sideKey(service, element, record);
    const entry = this.reading?.has(key) ? this.reading.get(key) : this.side.get(key);
    this.reading?.set(key, entry);
    return new Map(entry?.rows.find((r) => r.row === row)?.values ?? []);
  }

  private setSide(service: string, element: string, record: string, row: string, values: Map<string, string>): void {
    const key = this.sideKey(service, element, record);
    const entry = this.side.get(key) ?? { service, element, record, rows: [] };
    const existing = entry.rows.find((r) => r.row === row);
    const merged = new Map([...(existing?.values ?? []), ...values]);
    const rows = existing
      ? entry.rows.map((r) => (r === existing ? { row, values: [...merged] } : r))
      : [...entry.rows, { row, values: [...merged] }];
    this.side.set(key, { ...entry, rows });
  }
}

/** a key value its column cannot hold: no row has it */
const NO_MATCH = Symbol('no match');

/** What a row the server creates holds where the write gives nothing: an active row, not deleted, not in editing. */
function defaultOf(column: Column): string | undefined {
  if (column.key) return undefined;
  const kind = kindOf(column.edmType);
  if (column.name === 'row_status_flag' && (kind === 'int' || kind === 'decimal' || kind === 'string')) return '704';
  if ((column.name === 'delete_flag' || column.name === 'completed') && kind === 'string') return 'N';
  return undefined;
}

function fieldOfColumn(et: ElementTable, column: Column): FieldModel | undefined {
  for (const [name, c] of et.columns) if (c === column) return et.element.fields.get(name);
  return undefined;
}
