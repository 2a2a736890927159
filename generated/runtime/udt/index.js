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
export { ErpUdtError, ErpUdtNothingChangedError, ErpUdtUsageError } from './errors.js';
export const udt = lazyFamily(() => import('./build.js'), { update: true, delete: true });
