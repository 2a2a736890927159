// What the generator knows of a client family: one entry per family (generator/families/<name>.ts), beside the
// family's runtime folder (templates/runtime/<name>/), under the same name in FAMILIES (index.ts; the compiler holds
// the two registries to the same names). The catalog module loops over the entries' sections; the user-defined
// fields (user-defined-fields.ts) are typed for the entries' record tables.
import type { Statement } from '../emit/printer.js';
import type { ObjectNames } from '../model/naming.js';
import type { PlannedObject } from '../model/plan.js';

export interface GeneratorFamily {
  /**
   * The tables behind the family's records, by the namespace member that serves them (`customers` ->
   * `customer`). When the snapshot has a table's extension table (`customer_ud`), the records' user-defined
   * fields are typed from its columns.
   */
  readonly recordTables?: Readonly<Record<string, string>>;
  /** the family's section of catalog.ts */
  catalog?(package_: CatalogInput): CatalogSection;
}

interface CatalogInput {
  /** every object of the snapshot, generated or not, sorted by name */
  readonly objects: readonly PlannedObject[];
  /** the transaction services, in code-point order */
  readonly services: ReadonlyArray<readonly [string, ObjectNames]>;
}

/** Catalog.ts has the families' listings, then the type aliases of their names in one block, then what is left out. */
export interface CatalogSection {
  /** values, one block each */
  readonly listings?: readonly (readonly Statement[])[];
  /** type aliases of their keys */
  readonly names?: readonly Statement[];
  /** what the package leaves out, one block each */
  readonly leftOut?: readonly (readonly Statement[])[];
}
