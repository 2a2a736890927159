// The runtime descriptor of a table or view: what the query builder needs to know about an object. Each
// generated row module exports one, built by `defineObject`.
import { COLUMN_KINDS } from './column-kinds.js';
import { ErpQueryError } from './errors.js';
/** `Object.hasOwn`, which needs ES2022's lib: the runtime compiles under lib ES2020. */
export function hasOwn(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}
/** The facets of `columns` from their compact form (QueryObject's `facets`); none given: every column nullable. */
export function parseFacets(columns, facets) {
  const out = new Map();
  if (!facets) return out;
  const entries = facets.split(',');
  Object.keys(columns).forEach((column, i) => {
    const entry = entries[i] ?? '';
    const notNull = entry.startsWith('!');
    const digits = notNull ? entry.slice(1) : entry;
    out.set(column, { ...(notNull ? { notNull } : {}), ...(digits ? { maxLength: Number(digits) } : {}) });
  });
  return out;
}
const KINDS = new Set(COLUMN_KINDS);
/**
 * `defineObject<Row>()(descriptor)`: the row type is given, the descriptor's literal types are inferred. The
 * kinds are checked here rather than by the compiler: generated modules name theirs (`CustomerKinds`, an
 * interface, which an index signature would refuse), and a per-column type check would cost every compile.
 */
export function defineObject() {
  return (descriptor) => {
    for (const [column, kind] of Object.entries(descriptor.columns))
      if (!KINDS.has(kind))
        throw new ErpQueryError(
          `${descriptor.name}: column ${JSON.stringify(column)} has no column kind: ${String(kind)}`,
        );
    return Object.freeze({ ...descriptor, columns: Object.freeze(descriptor.columns) });
  };
}
