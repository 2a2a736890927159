// What the generator knows of a client family: one entry per family (generator/families/<name>.ts), beside the
// family's runtime folder (templates/runtime/<name>/). Adding a family is that folder, its line in the runtime's
// families.ts, and an entry here; generate.ts, the catalog, the package files and the names read the entries.
import type { Statement } from '../emit/printer.js';
import type { PlannedObject } from '../model/plan.js';

export interface GeneratorFamily {
  /** `client.<namespace>`: the key of the family's factory in the runtime's families.ts */
  readonly namespace: string;
  /** the values its runtime adds to the package's index and client entry: no generated value takes these names */
  readonly apiNames: readonly string[];
  /**
   * The tables behind the family's records, by the namespace member that serves them (`customers` ->
   * `customer`). When the snapshot has a table's extension table (`customer_ud`), the records' user-defined
   * fields are typed from its columns.
   */
  readonly recordTables?: Readonly<Record<string, string>>;
  /** the family's statements in catalog.ts */
  catalog?(plan: readonly PlannedObject[]): readonly Statement[];
}
