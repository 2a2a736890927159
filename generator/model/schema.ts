// The query-surface model: what parse/ produces and emit/ consumes. Plain readonly data, no I/O.

export type Surface = 'table' | 'view';

export interface Column {
  /** the database column name, exactly as the server sent it */
  readonly name: string;
  /** qualified primitive type, `Edm.String` when the schema gave none */
  readonly edmType: string;
  readonly nullable: boolean;
  readonly key: boolean;
  /** `$MaxLength`: a number, or `max` */
  readonly maxLength?: number | string;
  readonly precision?: number;
  /** `$Scale`: a number, `variable` or `floating` */
  readonly scale?: number | string;
}

export interface QueryObject {
  /** the entity set name: the object's name on its surface */
  readonly name: string;
  readonly surface: Surface;
  /** qualified entity type name, namespace form (never the alias) */
  readonly entityType: string;
  readonly columns: readonly Column[];
}
