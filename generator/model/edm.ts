// OData v4 primitive types and the column kind each one has in the generated package. The kind decides the
// TypeScript type of a row field and, in the runtime, which filter operations a column has and how its
// literals are written.

/** Mirrors `ColumnKind` in templates/runtime/object.ts (test/unit/edm.test.ts keeps the two equal). */
export type ColumnKind =
  | 'string'
  | 'int'
  | 'decimal'
  | 'float'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'duration'
  | 'guid'
  | 'binary'
  | 'other';

const KIND_OF: ReadonlyMap<string, ColumnKind> = new Map<string, ColumnKind>([
  ['Edm.String', 'string'],
  ['Edm.Byte', 'int'],
  ['Edm.SByte', 'int'],
  ['Edm.Int16', 'int'],
  ['Edm.Int32', 'int'],
  ['Edm.Int64', 'int'],
  ['Edm.Decimal', 'decimal'],
  ['Edm.Double', 'float'],
  ['Edm.Single', 'float'],
  ['Edm.Boolean', 'boolean'],
  ['Edm.Date', 'date'],
  ['Edm.DateTimeOffset', 'datetime'],
  ['Edm.TimeOfDay', 'time'],
  ['Edm.Duration', 'duration'],
  ['Edm.Guid', 'guid'],
  ['Edm.Binary', 'binary'],
  ['Edm.Stream', 'other'],
  ...[
    'Geography',
    'GeographyPoint',
    'GeographyLineString',
    'GeographyPolygon',
    'GeographyMultiPoint',
    'GeographyMultiLineString',
    'GeographyMultiPolygon',
    'GeographyCollection',
    'Geometry',
    'GeometryPoint',
    'GeometryLineString',
    'GeometryPolygon',
    'GeometryMultiPoint',
    'GeometryMultiLineString',
    'GeometryMultiPolygon',
    'GeometryCollection',
  ].map((t): [string, ColumnKind] => [`Edm.${t}`, 'other']),
]);

export const EDM_TYPES: ReadonlySet<string> = new Set(KIND_OF.keys());

export function kindOf(edmType: string): ColumnKind {
  const kind = KIND_OF.get(edmType);
  if (!kind) throw new Error(`not an Edm primitive type: ${edmType}`);
  return kind;
}

/** A column's kind: an enumeration or a structure is `other` (no filter literal of its own, `eq(null)` only). */
export function columnKind(column: { readonly edmType: string; readonly shape?: unknown }): ColumnKind {
  return column.shape ? 'other' : kindOf(column.edmType);
}

export type DecimalMode = 'number' | 'string';

/** The TypeScript type of a field of this kind in a row, before known values and nullability. */
export function tsTypeOf(kind: ColumnKind, decimals: DecimalMode): string {
  switch (kind) {
    case 'int':
    case 'float':
      return 'number';
    case 'decimal':
      return decimals;
    case 'boolean':
      return 'boolean';
    case 'other':
      return 'unknown';
    default:
      return 'string';
  }
}
