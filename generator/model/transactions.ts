// The transaction-service model: what parse/definitions.ts produces and emit/transaction-module.ts consumes.
import type { FieldOverlay, FieldType } from '../../templates/runtime/contract.js';

export type { FieldType };

export interface TransactionField {
  /** what the payload sends (often not the column name) */
  readonly name: string;
  readonly label: string | null;
  readonly dataType: FieldType;
  /** `table.column`, a bare computed name, or null */
  readonly dbColumn: string | null;
  /** window metadata: not always what the server enforces */
  readonly required: boolean;
  /** display labels, duplicates dropped, order kept; null when the field takes any value */
  readonly validValues: readonly string[] | null;
  /** what erpgen.config.json `definitions` says of it on this server (model/overlay.ts), when it says anything */
  readonly overlay?: FieldOverlay;
}

export interface DataElement {
  /** `TAB.datawindow`, spaces and all */
  readonly name: string;
  readonly type: 'Form' | 'List';
  /** the usual keys */
  readonly keyFields: readonly string[];
  readonly businessObject: string | null;
  readonly datawindow: string | null;
  readonly fields: readonly TransactionField[];
}

export interface TransactionService {
  readonly name: string;
  /** a report service (contract.ts `isReportService`): run through the PDF report endpoint */
  readonly report: boolean;
  readonly elements: readonly DataElement[];
}

/**
 * `table.column` (lower case) -> one number of the column: a string column's $MaxLength, a decimal's $Scale (a map, or
 * column-facts.ts as a run collects them).
 */
type ColumnFacts = Pick<ReadonlyMap<string, number>, 'get'>;

/** What transaction fields take from the snapshot's tables' columns that their `DbColumnName` names. */
export interface ColumnSizes {
  readonly lengths: ColumnFacts;
  readonly scales: ColumnFacts;
}

/** Identifiers are refused when too long; free text is cut. Key fields, `*_id` and `*_no` are identifiers. */
export function isIdentifier(field: TransactionField, element: DataElement): boolean {
  return element.keyFields.includes(field.name) || /_(id|no)$/i.test(field.name);
}

/** The column's fact (length, scale) a field takes, when its `DbColumnName` names a column of the tables. */
export function factOf(field: TransactionField, facts: ColumnFacts): number | undefined {
  if (!field.dbColumn) return undefined;
  // names are lower case on this server: try the name as given before lower-casing it
  const given = facts.get(field.dbColumn);
  if (given !== undefined) return given;
  const lower = field.dbColumn.toLowerCase();
  return lower === field.dbColumn ? undefined : facts.get(lower);
}
