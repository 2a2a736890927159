// The column kind of an Edm type (the runtime owns the table: templates/runtime/column-kinds.ts) and the
// TypeScript type a row field of each kind has in the generated package.
import { kindOf, type ColumnKind } from '../../templates/runtime/column-kinds.js';

export { kindOf, type ColumnKind } from '../../templates/runtime/column-kinds.js';

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
