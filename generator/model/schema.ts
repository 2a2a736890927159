// The query-surface model: what parse/ produces and emit/ consumes. Plain readonly data, no I/O.

export type Surface = 'table' | 'view';

/**
 * A column of a type the schema defines itself: an enumeration (its member names; `flags`: a value may combine
 * several, written `a,b`) or a structure (a complex type), whose value is a JSON object.
 */
export type ColumnShape =
  | { readonly kind: 'enum'; readonly members: readonly string[]; readonly flags: boolean }
  | { readonly kind: 'complex' };

export interface Column {
  /** the database column name, exactly as the server sent it */
  readonly name: string;
  /**
   * qualified primitive type, `Edm.String` when the schema gave none (a type definition's underlying type); with
   * `shape`, the qualified name of the enumeration or complex type (namespace form)
   */
  readonly edmType: string;
  readonly nullable: boolean;
  readonly key: boolean;
  /** `$MaxLength`: a number, or `max` */
  readonly maxLength?: number | string;
  readonly precision?: number;
  /** `$Scale`: a number, `variable` or `floating` */
  readonly scale?: number | string;
  /** absent for a primitive type */
  readonly shape?: ColumnShape;
}

export interface QueryObject {
  /** the entity set name: the object's name on its surface */
  readonly name: string;
  readonly surface: Surface;
  /** qualified entity type name, namespace form (never the alias) */
  readonly entityType: string;
  readonly columns: readonly Column[];
}
