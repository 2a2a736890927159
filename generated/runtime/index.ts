// The runtime's public API, re-exported by the generated package's index.
export { defineObject } from './object.js';
export type { ColumnKind, QueryObject, RowOf, Surface } from './object.js';
