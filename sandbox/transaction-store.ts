// What the transaction service has written: per service, per data element, rows of field -> string value, each row
// belonging to a record. A record is what one transaction edits, a window's worth: the row of the service's main
// element (the one its KeyDefinitions point at, e.g. Order's TABPAGE_1.order) and the rows of its other elements.
//
// Writes are keyed upserts, as the documents say: a row sent with Keys updates the row whose key fields hold the same
// values (for the main element across all records, for the others within the transaction's record), and is inserted
// when there is none. A Form sent without Keys is the record's own: it updates the record's row of that Form, or, in
// a new record, is inserted with its KeyFields numbered by the server. List rows sent without Keys are always new.
import type { ElementModel, ServiceModel } from './transaction-catalog.js';
import type { KeyValue } from './transaction-payload.js';
import type { PlannedElement } from './transaction-validate.js';

export interface Edit {
  readonly Name: string;
  readonly Value: string;
}

/** one element of a passed transaction in the response: what was written */
export interface WrittenElement {
  readonly Name: string;
  readonly Rows: ReadonlyArray<{ readonly Edits: readonly Edit[] }>;
}

/** the rows of one element found by a read */
export interface ElementRows {
  readonly element: ElementModel;
  readonly rows: ReadonlyArray<ReadonlyMap<string, string>>;
}

interface StoredRow {
  readonly record: number;
  readonly values: Map<string, string>;
}

interface ServiceRows {
  readonly elements: Map<string, StoredRow[]>;
  nextRecord: number;
  /** per `element\0field`: the next number the server gives a key field */
  readonly counters: Map<string, number>;
}

/** where the server's numbering starts (order numbers of a sample tenant: 1000001, 1000002, ...) */
const FIRST_NUMBER = 1_000_001;

export class TransactionStore {
  private readonly services = new Map<string, ServiceRows>();

  /** copies of the stored rows of one element, in insertion order */
  rows(service: string, element: string): Array<Record<string, string>> {
    return (this.services.get(service)?.elements.get(element) ?? []).map((r) => Object.fromEntries(r.values));
  }

  /** writes a validated transaction; answers what was written, element by element, in the order sent */
  apply(service: ServiceModel, plan: readonly PlannedElement[]): WrittenElement[] {
    const data = this.serviceRows(service.name);
    const main = service.main && plan.find((p) => p.element === service.main);
    const mainRow = main?.rows[0];
    const existing =
      main && mainRow && main.keys.length > 0
        ? this.elementRows(data, main.element.name).find((r) => matches(r, main.keys, mainRow.keyValues))
        : undefined;
    const newRecord = existing === undefined;
    const record = existing?.record ?? data.nextRecord++;

    return plan.map((planned) => {
      const { element, keys } = planned;
      const stored = this.elementRows(data, element.name);
      const inScope = (r: StoredRow): boolean => element === service.main || r.record === record;
      const rows = planned.rows.map((row) => {
        let target: StoredRow | undefined;
        if (keys.length > 0) target = stored.find((r) => inScope(r) && matches(r, keys, row.keyValues));
        else if (element.type === 'Form') target = stored.find((r) => r.record === record);
        const generated: Edit[] = [];
        if (!target) {
          target = { record, values: new Map() };
          if (element.type === 'Form' && keys.length === 0 && newRecord) {
            for (const field of element.keyFields) {
              if (row.values.has(field)) continue;
              const Value = this.nextNumber(data, element.name, field, stored);
              target.values.set(field, Value);
              generated.push({ Name: field, Value });
            }
          }
          stored.push(target);
        }
        for (const [name, value] of row.values) target.values.set(name, value);
        return { Edits: [...generated, ...[...row.values].map(([Name, Value]) => ({ Name, Value }))] };
      });
      return { Name: element.name, Rows: rows };
    });
  }

  /**
   * The rows of `element` whose fields hold the given key values; for the service's main element also the rows of
   * the same records in its other elements (the whole window, as /transaction/get answers it).
   */
  read(service: ServiceModel, element: ElementModel, keys: readonly KeyValue[]): ElementRows[] {
    const data = this.services.get(service.name);
    const found = (data?.elements.get(element.name) ?? []).filter((r) =>
      keys.every((k) => r.values.get(k.name) === k.value),
    );
    const out: ElementRows[] = [{ element, rows: found.map((r) => new Map(r.values)) }];
    if (element !== service.main || found.length === 0 || !data) return out;
    const records = new Set(found.map((r) => r.record));
    for (const other of service.elements.values()) {
      if (other === element) continue;
      const rows = (data.elements.get(other.name) ?? []).filter((r) => records.has(r.record));
      if (rows.length > 0) out.push({ element: other, rows: rows.map((r) => new Map(r.values)) });
    }
    return out;
  }

  private serviceRows(service: string): ServiceRows {
    let data = this.services.get(service);
    if (!data) {
      data = { elements: new Map(), nextRecord: 1, counters: new Map() };
      this.services.set(service, data);
    }
    return data;
  }

  private elementRows(data: ServiceRows, element: string): StoredRow[] {
    let rows = data.elements.get(element);
    if (!rows) {
      rows = [];
      data.elements.set(element, rows);
    }
    return rows;
  }

  /** the next free number for a key field: numbers a keyed insert already used are skipped */
  private nextNumber(data: ServiceRows, element: string, field: string, stored: readonly StoredRow[]): string {
    const counter = `${element}\u0000${field}`;
    let n = data.counters.get(counter) ?? FIRST_NUMBER;
    while (stored.some((r) => r.values.get(field) === String(n))) n++;
    data.counters.set(counter, n + 1);
    return String(n);
  }
}

function matches(row: StoredRow, keys: readonly string[], values: readonly string[]): boolean {
  return keys.every((k, i) => row.values.get(k) === values[i]);
}
