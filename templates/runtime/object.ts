// The runtime descriptor of a table or view: what the query builder needs to know about an object. Each
// generated row module exports one, built by `defineObject`.
import { COLUMN_KINDS, type ColumnKind } from './column-kinds.js';
import { ErpQueryError } from './errors.js';

/** `Object.hasOwn`, which needs ES2022's lib: the runtime compiles under lib ES2020. */
export function hasOwn(object: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Where an object is served: `/odataservice/odata/table/{name}` or `/odataservice/odata/view/{name}`. */
export type Surface = 'table' | 'view';

declare const rowType: unique symbol;

/** A table or view: its name, surface, key columns and the kind of every column. */
export interface QueryObject<
  Row = unknown,
  Name extends string = string,
  S extends Surface = Surface,
  // an interface of the object's column kinds (`CustomerKinds`): named, so messages and hovers show its name;
  // interfaces have no index signature, hence `object`
  Kinds extends object = { readonly [column: string]: ColumnKind },
  // the key columns of the entity type's `$Key`, a union (`never` for an object without a key): keyset paging and
  // `changes()` order by them, so that the compiler can refuse them on an object without one
  Key extends string = string,
> {
  readonly name: Name;
  readonly surface: S;
  /** the key columns of the entity type, in the order of its `$Key` */
  readonly key: readonly Key[];
  /** column name to kind, for every column */
  readonly columns: Kinds;
  /**
   * What row validation checks beyond the kinds, compactly (a stock package has thousands of objects): one entry
   * per column in the order of `Object.keys(columns)`, joined by commas, each `!` for not null and then the
   * MaxLength, if any (`'!8,,!40'`: not null; nullable; not null, at most 40 characters). Read by parseFacets.
   */
  readonly facets?: string | undefined;
  /** type only: the row this object returns */
  readonly [rowType]?: Row;
}

/** The row type of an object. */
export type RowOf<O> = O extends { readonly [rowType]?: infer Row } ? Row : never;

interface Descriptor {
  readonly name: string;
  readonly surface: Surface;
  readonly key: readonly string[];
  /** column name to kind: a literal, or a generated object's `columns` (an interface, without index signature) */
  readonly columns: object;
  readonly facets?: string;
}

/** A column's facets: not null, and the most characters a string may have. */
export interface Facet {
  readonly notNull?: boolean;
  readonly maxLength?: number;
}

/** The facets of `columns` from their compact form (QueryObject's `facets`); none given: every column nullable. */
export function parseFacets(columns: object, facets: string | undefined): ReadonlyMap<string, Facet> {
  const out = new Map<string, Facet>();
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

const KINDS: ReadonlySet<unknown> = new Set(COLUMN_KINDS);

/**
 * `defineObject<Row>()(descriptor)`: the row type is given, the descriptor's literal types are inferred. The
 * kinds are checked here rather than by the compiler: generated modules name theirs (`CustomerKinds`, an
 * interface, which an index signature would refuse), and a per-column type check would cost every compile.
 */
export function defineObject<Row>() {
  return <const D extends Descriptor>(
    descriptor: D,
  ): QueryObject<Row, D['name'], D['surface'], D['columns'], D['key'][number]> => {
    for (const [column, kind] of Object.entries(descriptor.columns))
      if (!KINDS.has(kind))
        throw new ErpQueryError(
          `${descriptor.name}: column ${JSON.stringify(column)} has no column kind: ${String(kind)}`,
        );
    return Object.freeze({ ...descriptor, columns: Object.freeze(descriptor.columns) });
  };
}
