// The user-defined tables family (`client.udt`): row updates and deletes through the UDT service
// (`/udtservice/api/udtdata/...` on the base host), by the `row_uid` column; loaded on its first call (build.ts).
//
// The service's rules, encoded once:
// - Only user-defined tables (`udt_` prefix, on the table surface) that have a `row_uid` column can be reached:
//   the service answers `400 Invalid Row Uid!` to every update elsewhere, and "deletes" zero rows with HTTP 200.
//   Tables made on 26.1 have `udt_{name}_uid` and no `row_uid`. So the calls take the table's generated descriptor,
//   and a table that is not such a UDT does not compile (and is refused before sending, for untyped callers).
// - Names are sent with their `udt_` prefix: a bare name, a view or an ordinary table gets `Invalid UDT table`
//   (errorNo 4001) or `Incompatible table for bulk insert`.
// - A delete's answer says `[n] rows deleted` with errorNo 0 even when nothing was deleted (U2): the count is read,
//   and 0 is an ErpWriteNotAppliedError (the one error of a write that did not land), not a success. An update's
//   `[n] ...` count is read the same way. It costs no request, so it is never switched off.
// - Errors come as `{error: [...]}` or `{id, errorNo, errorMessage}`: both are ErpUdtErrors.
//
// The request bodies are not in the service documents; these are the shapes public client code sends:
// update `PUT .../updateudtdata {table, rows: [{columns: [{name, value}], conditions: [{name: 'row_uid', value}]}]}`;
// delete `DELETE .../deleteudtdata {table, conditions: [{name: 'row_uid', value}]}`, the conditions at the top level
// of the payload (nested in rows, the service answers `Conditions cannot be blank or none!`).
import { lazyFamily } from '../family.js';
import type { Decimal } from '../literals.js';
import type { QueryObject, RowOf } from '../object.js';

export { ErpUdtError, ErpUdtNothingChangedError, ErpUdtUsageError } from './errors.js';

/** A user-defined table's descriptor: a table (not a view) whose name starts with `udt_`. */
export type UdtTable = QueryObject<any, `udt_${string}`, 'table', object>;

/** Refuses, at compile time, a UDT whose row has no `row_uid` column (the service cannot reach its rows). */
export type WithRowUid<T> = 'row_uid' extends keyof RowOf<T>
  ? unknown
  : { readonly 'this UDT has no row_uid column: the UDT service cannot update or delete its rows': never };

/**
 * The new values of an update: any columns of the row but `row_uid`; `null` clears a column. A decimal column
 * (`Kinds`: the table's column kinds) takes a Decimal, whichever type its rows read.
 */
export type UdtChanges<Row, Kinds = {}> = {
  readonly [K in Exclude<keyof Row, 'row_uid'>]?:
    (K extends keyof Kinds ? (Kinds[K] extends 'decimal' ? Decimal : Row[K]) : Row[K]) | null;
};

/** The column kinds of a table's descriptor. */
type KindsOf<T> = T extends { readonly columns: infer K } ? K : {};

/** Which rows: the `row_uid` of one (the service takes no other condition). */
export type UdtConditions<Row> = { readonly row_uid: Exclude<Row[Extract<keyof Row, 'row_uid'>], null | undefined> };

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
    changes: C & NoInfer<{ readonly [P in Exclude<keyof C, keyof UdtChanges<RowOf<T>>>]: never }>,
    conditions: UdtConditions<RowOf<T>>,
  ): Promise<UdtResult>;
  /** Deletes the row with this `row_uid`: `DELETE /udtservice/api/udtdata/deleteudtdata`. Zero rows is an error. */
  delete<T extends UdtTable>(table: T & WithRowUid<T>, conditions: UdtConditions<RowOf<T>>): Promise<UdtResult>;
}

export const udt = lazyFamily<Udt>(() => import('./build.js'), { update: true, delete: true });
