export declare const string = 'string';
export declare const int = 'int';
export declare const decimal = 'decimal';
export declare const float = 'float';
export declare const boolean = 'boolean';
export declare const date = 'date';
export declare const datetime = 'datetime';
export declare const time = 'time';
export declare const duration = 'duration';
export declare const guid = 'guid';
export declare const binary = 'binary';
export declare const other = 'other';
/**
 * The column kinds: `int` (Byte, SByte, Int16, Int32, Int64), `decimal`, `float` (Double, Single), `string`,
 * `boolean`, `date` (Edm.Date), `datetime` (Edm.DateTimeOffset), `time` (Edm.TimeOfDay), `duration`, `guid`,
 * `binary`, and `other` (streams and geographic types, which the query surface cannot filter).
 */
export declare const COLUMN_KINDS: readonly [
  'string',
  'int',
  'decimal',
  'float',
  'boolean',
  'date',
  'datetime',
  'time',
  'duration',
  'guid',
  'binary',
  'other',
];
/** What a column holds: decides the filter operations it has and how its literals are written. */
export type ColumnKind = (typeof COLUMN_KINDS)[number];
/**
 * Every OData v4 primitive type and its kind; the geographic and geometric types are `other`. A literal, so that a
 * bundle of the runtime that does not read it leaves it out.
 */
export declare const EDM_KINDS: {
  readonly [edmType: string]: ColumnKind;
};
/** The kind of an Edm primitive type; throws for a name that is not one (`Edm.Money`, an enumeration's name). */
export declare function kindOf(edmType: string): ColumnKind;
