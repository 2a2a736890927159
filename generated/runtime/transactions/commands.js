// POST /api/v2/commands: a transaction played as the steps a user would take in the service's window (open it,
// change data, save, close). Some services that fail on /api/v2/transaction need it: public documentation names
// them (COMMANDS_SERVICES) and nothing else about the endpoint. No request or answer body was ever published, so
// the body built here is UNVERIFIED: it is the one public client code sends, a list of `{Action, DetailLevel, Args}`
// (actions: 0 open window, 1 close, 2 change data, 5 select row, 6 save, 9 run tool), a change naming each field's
// datawindow (`{DatawindowName, FieldName, Value}`), which the generated service descriptor carries. Built from the
// same payload the transaction builders make, so a caller switches endpoints without rewriting the payload:
// `client.commands(Order, Order.request([...], {...}))`. Check the first call against your server.
import { ErpTransactionBuildError } from '../define-service.js';
import { hasOwn } from '../object.js';
/**
 * The services public documentation names as needing POST /api/v2/commands instead of /api/v2/transaction (the
 * published list; a tenant may have others).
 */
export const COMMANDS_SERVICES = new Set([
  'TransferPalletShipping',
  'SupplierNotepad',
  'VendorNotepad',
  'ItemNotepad',
  'CustomerPartNumberNotes',
  'RestateForeignCurrencyAccount',
  'ServiceNoteTemplate',
  'ReverseARPayment',
  'VATReturnWorksheet',
  'SlabAdjustment',
  'ContainerBuilding',
]);
/** The actions of the commands endpoint (unverified: taken from public client code, not from a published body). */
export const COMMAND_ACTIONS = {
  openWindow: 0,
  close: 1,
  changeData: 2,
  selectRow: 5,
  save: 6,
  runTool: 9,
};
/**
 * The commands a transaction request stands for, per transaction: open the service's window, change each
 * element's fields (a keyed row's key fields first: setting them retrieves the record), save, close. A List element
 * of more than one row is refused: the commands endpoint's documented actions select rows but do not add them.
 */
export function commandsRequest(service, request) {
  const descriptor = service.descriptor;
  if (request.Name !== descriptor.name)
    throw new ErpTransactionBuildError(
      `commands: the request is for ${request.Name}, the service given is ${descriptor.name}`,
    );
  const requests = [];
  for (const transaction of request.Transactions) {
    requests.push({ Action: COMMAND_ACTIONS.openWindow, DetailLevel: 0, Args: { ServiceName: descriptor.name } });
    for (const element of transaction.DataElements) {
      const known = hasOwn(descriptor.elements, element.Name) ? descriptor.elements[element.Name] : undefined;
      if (!known) throw new ErpTransactionBuildError(`commands ${descriptor.name}: no data element ${element.Name}`);
      if (element.Rows.length > 1)
        throw new ErpTransactionBuildError(
          `commands ${descriptor.name} ${element.Name}: ${element.Rows.length} rows; the commands endpoint changes one row per element (send the others through client.transaction())`,
        );
      const datawindow = known.datawindowName ?? element.Name.slice(element.Name.indexOf('.') + 1);
      for (const row of element.Rows) {
        const edits = [...row.Edits].sort(
          (a, b) => Number(element.Keys.includes(b.Name)) - Number(element.Keys.includes(a.Name)),
        );
        if (edits.length === 0) continue;
        requests.push({
          Action: COMMAND_ACTIONS.changeData,
          DetailLevel: 0,
          Args: { List: edits.map((e) => ({ DatawindowName: datawindow, FieldName: e.Name, Value: e.Value })) },
        });
      }
    }
    requests.push({ Action: COMMAND_ACTIONS.save, DetailLevel: 0 }, { Action: COMMAND_ACTIONS.close, DetailLevel: 0 });
  }
  return { Requests: requests };
}
