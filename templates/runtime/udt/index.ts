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
import type { DidYouMean, OrProblem } from '../messages.js';
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
  // over the row's own keys (`as` leaves row_uid out), so that completion shows each column's docs
  readonly [K in keyof Row as K extends 'row_uid' ? never : K]?:
    (K extends keyof Kinds ? (Kinds[K] extends 'decimal' ? Decimal : Row[K]) : Row[K]) | null;
};

/** The column kinds of a table's descriptor. */
type KindsOf<T> = T extends { readonly columns: infer K } ? K : {};

/** Which rows: the `row_uid` of one (the service takes no other condition). */
export type UdtConditions<Row> = { readonly row_uid: Exclude<Row[Extract<keyof Row, 'row_uid'>], null | undefined> };

/**
 * The changes as they are checked: the columns `K` they name (inferred from a literal or a variable alike), each
 * with its column's value; a name that is no column takes `never`, and the message (ChangesProblem) says which.
 */
type Changes<K extends string, Row, Kinds> = UdtChanges<Row, Kinds> & {
  readonly [P in K]?: P extends keyof UdtChanges<Row, Kinds> ? UdtChanges<Row, Kinds>[P] : never;
};

/**
 * What is wrong with the columns `K` of an update's changes, as a message; `''` when nothing is: a name that is not
 * a column of the table (`'wieght' is not a column of udt_pallet (did you mean weight?)`), or `row_uid`, which
 * names the row and so belongs in the conditions.
 */
type ChangesProblem<K extends string, Row, Name extends string> = string extends K
  ? '' // keys not known yet (completing)
  : [Exclude<K, keyof Row>] extends [never]
    ? 'row_uid' extends K
      ? `'row_uid' names the row of ${Name} to update: give it in the conditions, not the changes`
      : ''
    : `'${Exclude<K, keyof Row> & string}' is not a column of ${Name}${DidYouMean<Exclude<K, keyof Row>, Exclude<keyof Row, 'row_uid'>, '_'>}`;

/** The conditions as they are checked: `row_uid`, and any other name `K` as `never` (ConditionsProblem says why). */
type Conditions<K extends string, Row> = UdtConditions<Row> & {
  readonly [P in K]?: P extends 'row_uid' ? unknown : never;
};

/** A condition other than `row_uid`, as a message; `''` when there is none. */
type ConditionsProblem<K extends string, Name extends string> = string extends K
  ? ''
  : [Exclude<K, 'row_uid'>] extends [never]
    ? ''
    : `'${Exclude<K, 'row_uid'> & string}' cannot pick a row of ${Name}: the UDT service finds a row by its row_uid alone${DidYouMean<Exclude<K, 'row_uid'>, 'row_uid', '_'>}`;

export interface UdtResult {
  /** the row count the service reported (`[n] ...`), when its message has one */
  readonly rows: number | undefined;
  /** the service's message, e.g. `[1] rows deleted from [udt_pallet] table successfully!` */
  readonly message: string;
}

export interface Udt {
  /** Updates the row with this `row_uid`: `PUT /udtservice/api/udtdata/updateudtdata`. */
  update<
    T extends UdtTable,
    K extends string,
    C extends string,
    ChangesMistake extends string = ChangesProblem<K, RowOf<T>, T['name']>,
    ConditionsMistake extends string = ConditionsProblem<C, T['name']>,
  >(
    table: T & WithRowUid<T>,
    changes: OrProblem<Changes<K, RowOf<T>, KindsOf<T>>, ChangesMistake>,
    conditions: OrProblem<Conditions<C, RowOf<T>>, ConditionsMistake>,
  ): Promise<UdtResult>;
  /** Deletes the row with this `row_uid`: `DELETE /udtservice/api/udtdata/deleteudtdata`. Zero rows is an error. */
  delete<T extends UdtTable, C extends string, ConditionsMistake extends string = ConditionsProblem<C, T['name']>>(
    table: T & WithRowUid<T>,
    conditions: OrProblem<Conditions<C, RowOf<T>>, ConditionsMistake>,
  ): Promise<UdtResult>;
}

export const udt = lazyFamily<Udt>(() => import('./build.js'), { update: true, delete: true });
