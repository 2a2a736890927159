// Where the fields of a transaction service live among the snapshot's tables, so that a transaction, an interactive
// save and the query surface read and write the same rows. The definitions say it field by field (`DbColumnName`:
// `oe_hdr.po_no`); the element as a whole is placed by these rules, the sandbox's own (the documents say nothing):
//
// - An element's table is its `BusinessObjectName` when that is a table of the snapshot holding one of its fields;
//   else the one table of its KeyFields' columns; else the table most of its fields name (none, when the snapshot
//   lacks that table). Fields of any other table on the element are display lookups (an order's `address.name`):
//   kept with the row, written to no table.
// - The service's header table is the table of its main element (the one `KeyDefinitions` point at): a record is
//   one row there, identified by the table's key columns (`oe_hdr.order_no`).
// - A Form of the header table is the header row itself (Order's TP_SHIPTO.shipto edits `oe_hdr`). An element
//   whose table carries every key column of the header table, by name, holds the record's child rows
//   (`oe_line.order_no` links the lines to `oe_hdr.order_no`).
// - Everything else is detached: kept with the record (so /transaction/get echoes it) but in no table the query
//   surface serves: fields without a column (`c_*`, computed names, '', null), elements of tables the snapshot does
//   not have or that do not link to the header, and whole services whose header table the snapshot lacks.
//
// A value crosses between the transaction's text and a column's stored value here, both ways. Display labels of
// fields with ValidValues are codes in the table: ON/OFF are the flags Y/N, `row_status_flag` labels are the
// documented 704/705/700, and other labels are kept as text when they fit the column, else numbered by their place in
// the list (the codes behind those labels are the tenant's, which no definition shows).
import type { ElementModel, FieldModel, ServiceModel } from './catalog.js';
import { kindOf, type Column, type ColumnKind, type QueryObject } from '../schema.js';
import { toStored, type Stored } from '../values.js';

type ElementRole = 'header' | 'child' | 'detached';

export interface ElementTable {
  readonly element: ElementModel;
  readonly role: ElementRole;
  /** the table of a header or child element */
  readonly table: QueryObject | undefined;
  /** the fields stored in a column of `table`, by field name */
  readonly columns: ReadonlyMap<string, Column>;
  /** a child's columns naming the header's key (the same names in both tables) */
  readonly link: readonly string[];
}

export interface ServiceTables {
  readonly service: ServiceModel;
  /** the header table and its key columns; undefined when the whole service is detached */
  readonly header: { readonly table: QueryObject; readonly keys: readonly Column[] } | undefined;
  readonly elements: ReadonlyMap<string, ElementTable>;
}

/** A write the database refuses (a value the column cannot take, a duplicate key): the transaction fails with it. */
export class WriteRefusedError extends Error {
  override readonly name = 'WriteRefusedError';
}

function split(dbColumn: string | null): [string, string] | undefined {
  const dot = dbColumn?.indexOf('.') ?? -1;
  return dbColumn && dot > 0 ? [dbColumn.slice(0, dot), dbColumn.slice(dot + 1)] : undefined;
}

/** The column of `table` a field names, if any (names are lower case on this server: that form is tried too). */
function columnOf(field: FieldModel, table: QueryObject): Column | undefined {
  const parts = split(field.dbColumn);
  if (!parts || (parts[0] !== table.name && parts[0].toLowerCase() !== table.name)) return undefined;
  return table.columns.find((c) => c.name === parts[1]) ?? table.columns.find((c) => c.name === parts[1].toLowerCase());
}

function tableFor(element: ElementModel, tableOf: (name: string) => QueryObject | undefined): QueryObject | undefined {
  const fields = [...element.fields.values()];
  const holds = (table: QueryObject | undefined) =>
    table !== undefined && fields.some((f) => columnOf(f, table) !== undefined) ? table : undefined;
  const named = element.businessObject !== null ? holds(tableOf(element.businessObject)) : undefined;
  if (named) return named;
  const keyTables = new Set(element.keyFields.map((k) => split(element.fields.get(k)?.dbColumn ?? null)?.[0]));
  const [keyTable] = keyTables;
  if (keyTables.size === 1 && keyTable !== undefined) {
    const found = holds(tableOf(keyTable));
    if (found) return found;
  }
  // the table most of its fields name; when the snapshot lacks it, the element writes no table (its lookups of other
  // tables are not its own)
  const counts = new Map<string, number>();
  for (const f of fields) {
    const name = split(f.dbColumn)?.[0];
    if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const [most] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return most === undefined ? undefined : holds(tableOf(most));
}

export function serviceTables(
  service: ServiceModel,
  tableOf: (name: string) => QueryObject | undefined,
): ServiceTables {
  const placed = new Map([...service.elements.values()].map((e) => [e, tableFor(e, tableOf)]));
  const headerTable = service.main ? placed.get(service.main) : undefined;
  const keys = headerTable?.columns.filter((c) => c.key) ?? [];
  const header = headerTable && keys.length > 0 ? { table: headerTable, keys } : undefined;
  const elements = new Map<string, ElementTable>();
  for (const [element, table] of placed) {
    let role: ElementRole = 'detached';
    if (header && table === header.table && (element === service.main || element.type === 'Form')) role = 'header';
    else if (
      header &&
      table &&
      table !== header.table &&
      table.columns.some((c) => c.key) &&
      keys.every((k) => table.columns.some((c) => c.name === k.name))
    )
      role = 'child';
    const columns = new Map<string, Column>();
    if (role !== 'detached')
      for (const field of element.fields.values()) {
        const column = columnOf(field, table!);
        if (column) columns.set(field.name, column);
      }
    elements.set(element.name, {
      element,
      role,
      table: role === 'detached' ? undefined : table,
      columns,
      link: role === 'child' ? keys.map((k) => k.name) : [],
    });
  }
  return { service, header, elements };
}

// --- values -------------------------------------------------------------------------------------------------------

/** The documented codes of `row_status_flag` (704 Active, 705 Inactive, 700 Delete). */
const ROW_STATUS: Readonly<Record<string, string>> = { Active: '704', Inactive: '705', Delete: '700' };

interface LabelCodes {
  readonly toCode: Map<string, string>;
  readonly toLabel: Map<string, string>;
}
const codesOf = new WeakMap<FieldModel, LabelCodes>();

/** label -> code and code -> label of a field with ValidValues, for its column (a field names one column) */
function labelCodes(field: FieldModel, column: Column): LabelCodes {
  let codes = codesOf.get(field);
  if (!codes) codesOf.set(field, (codes = computeCodes(field, column)));
  return codes;
}

function computeCodes(field: FieldModel, column: Column): LabelCodes {
  const toCode = new Map<string, string>();
  const toLabel = new Map<string, string>();
  const kind = kindOf(column.edmType);
  const labels = [...new Set((field.validValues ?? []).filter((l) => l.trim() !== ''))];
  labels.forEach((label, i) => {
    let code: string;
    if ((label === 'ON' || label === 'OFF') && kind === 'string') code = label === 'ON' ? 'Y' : 'N';
    else if (column.name === 'row_status_flag' && ROW_STATUS[label] !== undefined) code = ROW_STATUS[label]!;
    else if (kind === 'string' && (typeof column.maxLength !== 'number' || label.length <= column.maxLength))
      code = label;
    else code = String(i + 1);
    toCode.set(label, code);
    if (!toLabel.has(code)) toLabel.set(code, label);
  });
  return { toCode, toLabel };
}

const SQL_TYPES: Readonly<Partial<Record<ColumnKind, string>>> = {
  decimal: 'numeric',
  int: 'int',
  float: 'float',
  datetime: 'datetime',
  date: 'date',
  boolean: 'bit',
  guid: 'uniqueidentifier',
};

/** A transaction's date text (`YYYY-MM-DD`, optionally with a time, no zone) as the column's ISO form. */
function dateTimeText(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?))?(Z)?$/.exec(text);
  if (!m) return text;
  return `${m[1]}T${m[2] ?? '00:00:00'}Z`;
}

/**
 * Decimal text with more fraction digits than the column's scale, rounded to it (half away from zero), as SQL Server
 * converts an nvarchar to numeric(p, s): `1.23456` is stored as `1.2346` in a numeric(19, 4). Other text as it is.
 */
function toScale(text: string, scale: number): string {
  const m = /^\s*(-?)(\d*)\.(\d+)\s*$/.exec(text);
  if (!m || m[3]!.length <= scale) return text;
  const [, sign, whole, fraction] = m as unknown as [string, string, string, string];
  let digits = BigInt(`${whole}${fraction.slice(0, scale)}` || '0');
  if (fraction.charCodeAt(scale) - 48 >= 5) digits += 1n;
  const padded = digits.toString().padStart(scale + 1, '0');
  const int = padded.slice(0, padded.length - scale);
  return `${digits === 0n ? '' : sign}${int}${scale > 0 ? `.${padded.slice(-scale)}` : ''}`;
}

/**
 * The stored value of `text` sent for `field` in `column` of `table`: a display label becomes its code, '' clears
 * the column (null), dates without a zone are the server's wall-clock time. Throws a WriteRefusedError.
 */
export function toColumn(field: FieldModel, column: Column, table: string, text: string): Stored {
  const kind = kindOf(column.edmType);
  let value = field.validValues ? (labelCodes(field, column).toCode.get(text) ?? text) : text;
  if (value.trim() === '' && (kind !== 'string' || value === '')) {
    if (column.nullable) return null;
    if (kind !== 'string')
      throw new WriteRefusedError(
        `Cannot insert the value NULL into column '${column.name}', table '${table}'; column does not allow nulls.`,
      );
  }
  if (kind === 'decimal' && typeof column.scale === 'number') value = toScale(value, column.scale);
  if (kind === 'datetime') value = dateTimeText(value);
  if (kind === 'date') value = value.slice(0, 10);
  try {
    if (kind === 'float') return toStored(column, /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);
    if (kind === 'boolean')
      return toStored(column, /^(Y|1|true)$/i.test(value) ? true : /^(N|0|false)$/i.test(value) ? false : value);
    return toStored(column, value);
  } catch {
    throw new WriteRefusedError(
      kind === 'string'
        ? `String or binary data would be truncated in table '${table}', column '${column.name}'.`
        : `Error converting data type nvarchar to ${SQL_TYPES[kind] ?? column.edmType}.`,
    );
  }
}

/** A stored value as a transaction writes it: decimals without trailing zeros, a midnight as its day, codes as labels. */
export function fromColumn(field: FieldModel, column: Column, stored: unknown): string | undefined {
  if (stored === null || stored === undefined) return undefined;
  const kind = kindOf(column.edmType);
  let text: string;
  if (kind === 'decimal')
    text = String(stored)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '');
  else if (kind === 'datetime') {
    const iso = String(stored);
    text = iso.slice(11, 23) === '00:00:00.000' ? iso.slice(0, 10) : iso.slice(0, iso.endsWith('.000Z') ? 19 : 23);
  } else if (kind === 'boolean') text = stored === 1n || stored === 1 ? 'Y' : 'N';
  else if (kind === 'binary') text = Buffer.from(stored as Uint8Array).toString('base64');
  else text = String(stored);
  return field.validValues ? (labelCodes(field, column).toLabel.get(text) ?? text) : text;
}
