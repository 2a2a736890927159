import { type ColumnKind } from './column-kinds.js';
/** `Object.hasOwn`, which needs ES2022's lib: the runtime compiles down to ES2020. */
export declare function hasOwn(object: object, key: PropertyKey): boolean;
/** Where an object is served: `/odataservice/odata/table/{name}` or `/odataservice/odata/view/{name}`. */
export type Surface = 'table' | 'view';
declare const rowType: unique symbol;
/** A table or view: its name, surface, key columns and the kind of every column. */
export interface QueryObject<
  Row = unknown,
  Name extends string = string,
  S extends Surface = Surface,
  Kinds extends object = {
    readonly [column: string]: ColumnKind;
  },
> {
  readonly name: Name;
  readonly surface: S;
  /** the key columns of the entity type */
  readonly key: readonly string[];
  /** column name to kind, for every column */
  readonly columns: Kinds;
  /** type only: the row this object returns */
  readonly [rowType]?: Row;
}
/** The row type of an object. */
export type RowOf<O> = O extends {
  readonly [rowType]?: infer Row;
}
  ? Row
  : never;
interface Descriptor {
  readonly name: string;
  readonly surface: Surface;
  readonly key: readonly string[];
  /** column name to kind: a literal, or a generated object's `columns` (an interface, without index signature) */
  readonly columns: object;
}
/**
 * `defineObject<Row>()(descriptor)`: the row type is given, the descriptor's literal types are inferred. The
 * kinds are checked here rather than by the compiler: generated modules name theirs (`CustomerKinds`, an
 * interface, which an index signature would refuse), and a per-column type check would cost every compile.
 */
export declare function defineObject<Row>(): <const D extends Descriptor>(
  descriptor: D,
) => QueryObject<Row, D['name'], D['surface'], D['columns']>;
export {};
