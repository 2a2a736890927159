// One transaction of a POST /api/v2/transaction body, checked the way the service documents say the server checks
// it, before anything is written: a transaction is atomic, so the first problem fails all of it and the store is
// never touched. The result is either the reason (the text after `Transaction {n}:: ` in `Messages`) or the rows to
// write, with List rows that agree on their keys already folded into the last of them.
//
// What the server enforces comes from the definition (element names and types, field names, ValidValues, data
// types), from the tenant's database (column lengths: the definition has none), and from the tenant's window setup,
// which a definition does not show (required and disabled columns: given as options, because the definition's
// `Required` flag is window metadata the server does not enforce).
import type { ElementModel, FieldModel, ServiceModel } from './catalog.js';
import type { DataElementBody, EditBody, TransactionBody, TransactionSetBody } from './payload.js';

/** field names by service name, then data element name */
export type FieldRules = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

export interface TransactionRules {
  readonly required: FieldRules;
  /** the window's own message for a missing required field, by service, element, field; else the documented one */
  readonly requiredMessages: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>;
  readonly disabled: FieldRules;
  /** `$MaxLength` of the snapshot's table columns: table -> column -> length */
  readonly lengths: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /**
   * Whether the order is left in the in-progress editing state (`oe_hdr.completed = 'T'` in the store's rows), which
   * the documents say refuses Transaction API writes.
   */
  readonly orderInEditing: (orderNo: string) => boolean;
  /** the values are a window's (an interactive save): a field with ValidValues holds its label or a code */
  readonly windowValues?: boolean;
}

export interface PlannedRow {
  /** field -> value to write, in the order sent; a field edited twice keeps its last value */
  readonly values: ReadonlyMap<string, string>;
  /** the values of the element's `Keys`, in their order, as sent (a key is matched even when it is not written) */
  readonly keyValues: readonly string[];
}

export interface PlannedElement {
  readonly element: ElementModel;
  /** the key fields the request named (not necessarily the definition's KeyFields) */
  readonly keys: readonly string[];
  readonly rows: readonly PlannedRow[];
}

export type Validation =
  { readonly ok: true; readonly plan: readonly PlannedElement[] } | { readonly ok: false; readonly reason: string };

class TransactionFailedError extends Error {}

/** The documents' message for a required column left empty. */
const REQUIRED = 'This column is required.';

const NUMERIC = /^-?\d+(\.\d+)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?Z?$/;

export function validateTransaction(
  service: ServiceModel,
  set: TransactionSetBody,
  transaction: TransactionBody,
  rules: TransactionRules,
): Validation {
  try {
    const plan = transaction.dataElements.map((e) => planElement(service, set, e, rules));
    return { ok: true, plan };
  } catch (error) {
    if (error instanceof TransactionFailedError) return { ok: false, reason: error.message };
    throw error;
  }
}

function fail(reason: string): never {
  throw new TransactionFailedError(reason);
}

function planElement(
  service: ServiceModel,
  set: TransactionSetBody,
  sent: DataElementBody,
  rules: TransactionRules,
): PlannedElement {
  const element = service.elements.get(sent.name);
  if (!element) fail(`General Exception: Unable to find data element named ${sent.name} in service ${service.name}`);
  if (sent.type !== element.type)
    fail(`General Exception: Data element ${sent.name} is a ${element.type}, not a ${sent.type}`);
  for (const key of sent.keys) if (!element.fields.has(key)) fail(`Invalid column name: ${key}`);

  const disabled = new Set(rules.disabled[service.name]?.[element.name] ?? []);
  const required = rules.required[service.name]?.[element.name] ?? [];
  const messages = rules.requiredMessages[service.name]?.[element.name] ?? {};
  const rows = sent.rows.map((row) => {
    for (const edit of row.edits) if (!element.fields.has(edit.name)) fail(`Invalid column name: ${edit.name}`);
    const edits = row.edits.filter((e) => !(e.ignoreIfEmpty && e.value === ''));
    const sentValues = new Map(edits.map((e) => [e.name, e.value]));
    // the server looks each key up among the row's edits with LINQ's First(): a missing one surfaces as its message
    for (const key of sent.keys)
      if (!sentValues.has(key)) fail('General Exception: Sequence contains no matching element');
    const values = new Map<string, string>();
    for (const edit of edits) {
      if (disabled.has(edit.name)) {
        if (set.ignoreDisabled) continue; // the documented trap: the transaction passes and this field is not written
        fail(`General Exception: Column is disabled: ${edit.name}`);
      }
      checkValue(element.fields.get(edit.name)!, edit, set.useCodeValues, rules);
      values.set(edit.name, edit.value);
    }
    // required columns are checked when a row is created; a keyed row may update one that already has them. The
    // documents give the message: `This column is required.`, naming no column
    if (sent.keys.length === 0) {
      for (const field of required) {
        if ((sentValues.get(field) ?? '').trim() !== '') continue;
        fail(messages[field] ?? REQUIRED);
      }
    }
    checkOrderNotInEditing(element, sentValues, rules);
    return { values, keyValues: sent.keys.map((k) => sentValues.get(k)!), sent: sentValues };
  });
  // T8: List rows that agree on their keys are one row to the server; without Keys, on the definition's KeyFields
  const foldKeys = sent.keys.length > 0 ? sent.keys : element.type === 'List' ? element.keyFields : [];
  return {
    element,
    keys: sent.keys,
    rows: foldOnKeys(foldKeys, rows).map(({ values, keyValues }) => ({ values, keyValues })),
  };
}

const fieldOf = (element: ElementModel, dbColumn: string): FieldModel | undefined =>
  [...element.fields.values()].find((f) => f.dbColumn === dbColumn);

/** A row naming an existing order whose `completed` is `T` is refused (the message is the sandbox's own). */
function checkOrderNotInEditing(
  element: ElementModel,
  sentValues: ReadonlyMap<string, string>,
  rules: TransactionRules,
): void {
  const orderField = fieldOf(element, 'oe_hdr.order_no');
  const orderNo = orderField && sentValues.get(orderField.name);
  if (orderNo === undefined || orderNo === '') return;
  if (rules.orderInEditing(orderNo))
    fail(`General Exception: Order ${orderNo} is in an editing state (completed = T) and cannot be changed.`);
}

function checkValue(field: FieldModel, edit: EditBody, useCodeValues: boolean, rules: TransactionRules): void {
  const value = edit.value;
  const lengths = rules.lengths;
  if (field.validValues !== null && (!useCodeValues || rules.windowValues)) {
    // a display label: the server translates it to the stored code, so the label is neither typed nor measured
    if (field.validValues.includes(value)) return;
    if (!useCodeValues) fail(`Invalid ${field.name} value: ${value}`);
  }
  // with UseCodeValues the codes of a list are not known here: any value is taken as a code
  const typed =
    field.dataType === 'Decimal' || field.dataType === 'Long'
      ? NUMERIC.test(value)
      : field.dataType === 'Datetime'
        ? DATETIME.test(value)
        : true;
  if (!typed) fail(`Invalid value for ${field.name}: '${value}'`);
  const dot = field.dbColumn?.indexOf('.') ?? -1;
  if (dot > 0) {
    const table = field.dbColumn!.slice(0, dot);
    const column = field.dbColumn!.slice(dot + 1);
    const max = lengths.get(table)?.get(column);
    if (max !== undefined && value.length > max)
      fail(`String or binary data would be truncated in table '${table}', column '${column}'.`);
  }
}

/**
 * Rows that agree on every key are one row to the server: the last one wins, in the place it was sent. A row that
 * does not carry every key (only possible for KeyFields the caller did not name) is a row of its own.
 */
function foldOnKeys<R extends { readonly sent: ReadonlyMap<string, string> }>(
  keys: readonly string[],
  rows: readonly R[],
): R[] {
  if (keys.length === 0) return [...rows];
  const byKey = new Map<string | R, R>();
  for (const row of rows) {
    const values = keys.map((k) => row.sent.get(k));
    const id = values.includes(undefined) ? row : JSON.stringify(values);
    byKey.delete(id);
    byKey.set(id, row);
  }
  return [...byKey.values()];
}
