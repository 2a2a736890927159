// What a column holds, from its Edm type: written once, here. The runtime decides a column's filter operations
// and how its literals are written by its kind; the generator types row fields by it (generator/model/edm.ts);
// the sandbox stores, compares and answers values by it (sandbox/schema.ts). A new column type is a line in
// EDM_KINDS, and, for a new kind, a member of COLUMN_KINDS and its case where each of them tells kinds apart.
// Each kind is a value of its own name too: a table module writes its columns' kinds with them (`company_id:
// $string`), which a minifier shortens to one letter where a quoted kind costs a byte a letter (a fifth of a
// table module in a consumer's bundle).
export const string = 'string';
export const int = 'int';
export const decimal = 'decimal';
export const float = 'float';
export const boolean = 'boolean';
export const date = 'date';
export const datetime = 'datetime';
export const time = 'time';
export const duration = 'duration';
export const guid = 'guid';
export const binary = 'binary';
export const other = 'other';
/**
 * The column kinds: `int` (Byte, SByte, Int16, Int32, Int64), `decimal`, `float` (Double, Single), `string`,
 * `boolean`, `date` (Edm.Date), `datetime` (Edm.DateTimeOffset), `time` (Edm.TimeOfDay), `duration`, `guid`,
 * `binary`, and `other` (streams and geographic types, which the query surface cannot filter).
 */
export const COLUMN_KINDS = [string, int, decimal, float, boolean, date, datetime, time, duration, guid, binary, other];
/**
 * Every OData v4 primitive type and its kind; the geographic and geometric types are `other`. A literal, so that a
 * bundle of the runtime that does not read it leaves it out.
 */
export const EDM_KINDS = {
  'Edm.String': 'string',
  'Edm.Byte': 'int',
  'Edm.SByte': 'int',
  'Edm.Int16': 'int',
  'Edm.Int32': 'int',
  'Edm.Int64': 'int',
  'Edm.Decimal': 'decimal',
  'Edm.Double': 'float',
  'Edm.Single': 'float',
  'Edm.Boolean': 'boolean',
  'Edm.Date': 'date',
  'Edm.DateTimeOffset': 'datetime',
  'Edm.TimeOfDay': 'time',
  'Edm.Duration': 'duration',
  'Edm.Guid': 'guid',
  'Edm.Binary': 'binary',
  'Edm.Stream': 'other',
  'Edm.Geography': 'other',
  'Edm.GeographyPoint': 'other',
  'Edm.GeographyLineString': 'other',
  'Edm.GeographyPolygon': 'other',
  'Edm.GeographyMultiPoint': 'other',
  'Edm.GeographyMultiLineString': 'other',
  'Edm.GeographyMultiPolygon': 'other',
  'Edm.GeographyCollection': 'other',
  'Edm.Geometry': 'other',
  'Edm.GeometryPoint': 'other',
  'Edm.GeometryLineString': 'other',
  'Edm.GeometryPolygon': 'other',
  'Edm.GeometryMultiPoint': 'other',
  'Edm.GeometryMultiLineString': 'other',
  'Edm.GeometryMultiPolygon': 'other',
  'Edm.GeometryCollection': 'other',
};
/** The kind of an Edm primitive type; throws for a name that is not one (`Edm.Money`, an enumeration's name). */
export function kindOf(edmType) {
  if (!Object.prototype.hasOwnProperty.call(EDM_KINDS, edmType))
    throw new Error(`not an Edm primitive type: ${edmType}`);
  return EDM_KINDS[edmType];
}
