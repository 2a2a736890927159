import type { Decimal } from '../literals.js';
import type { QueryObject, RowOf } from '../object.js';
export { ErpUdtError, ErpUdtNothingChangedError, ErpUdtUsageError } from './errors.js';
/** A user-defined table's descriptor: a table (not a view) whose name starts with `udt_`. */
export type UdtTable = QueryObject<any, `udt_${string}`, 'table', object>;
/** Refuses, at compile time, a UDT whose row has no `row_uid` column (the service cannot reach its rows). */
export type WithRowUid<T> = 'row_uid' extends keyof RowOf<T>
  ? unknown
  : {
      readonly 'this UDT has no row_uid column: the UDT service cannot update or delete its rows': never;
    };
/**
 * The new values of an update: any columns of the row but `row_uid`; `null` clears a column. A decimal column
 * (`Kinds`: the table's column kinds) takes a Decimal, whichever type its rows read.
 */
export type UdtChanges<Row, Kinds = {}> = {
  readonly [K in Exclude<keyof Row, 'row_uid'>]?:
    (K extends keyof Kinds ? (Kinds[K] extends 'decimal' ? Decimal : Row[K]) : Row[K]) | null;
};
/** The column kinds of a table's descriptor. */
type KindsOf<T> = T extends {
  readonly columns: infer K;
}
  ? K
  : {};
/** Which rows: the `row_uid` of one (the service takes no other condition). */
export type UdtConditions<Row> = {
  readonly row_uid: Exclude<Row[Extract<keyof Row, 'row_uid'>], null | undefined>;
};
export interface UdtResult {
  /** the row count the service reported (`[n] ...`), when its message has one */
  readonly rows: number | undefined;
  /** the service's message, e.g. `[1] rows deleted from [udt_pallet] table successfully!` */
  readonly message: string;
}
export interface Udt {
  /** Updates the row with this `row_uid`: `PUT /udtservice/api/udtdata/updateudtdata`. */
  update<T extends UdtTable, C extends UdtChanges<RowOf<T>, KindsOf<T>>>(
    table: T & WithRowUid<T>,
    changes: C &
      NoInfer<{
        readonly [P in Exclude<keyof C, keyof UdtChanges<RowOf<T>>>]: never;
      }>,
    conditions: UdtConditions<RowOf<T>>,
  ): Promise<UdtResult>;
  /** Deletes the row with this `row_uid`: `DELETE /udtservice/api/udtdata/deleteudtdata`. Zero rows is an error. */
  delete<T extends UdtTable>(table: T & WithRowUid<T>, conditions: UdtConditions<RowOf<T>>): Promise<UdtResult>;
}
export declare const udt: import('../family.js').Family<Udt>;
