// Type-level guarantees of the Interactive and UDT families (API.md section 7): a window change offers only the
// element's fields and the service's elements; the UDT calls take only user-defined tables with row_uid, as
// descriptors. Compiled by test/package/types.test.ts with TypeScript 7 and TypeScript 6.
import { createClient, type InteractiveResult } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { udt_legacy } from '@acme/erp-schema/tables/udt_legacy';
import { udt_pallet } from '@acme/erp-schema/tables/udt_pallet';
import { Order } from '@acme/erp-schema/transactions/Order';
import { svc_view_es_customer } from '@acme/erp-schema/views/svc_view_es_customer';

const client = createClient({ baseUrl: 'http://127.0.0.1', auth: 'token' });

export const done: Promise<string> = client.interactive.session(async (s) => {
  const w = await s.open(Order);
  const changed: InteractiveResult = await w.change('TABPAGE_1.order', { po_no: 'X', order_date: new Date() });
  if (changed.kind === 'blocked') await changed.responseWindow.runTool('cb_yes');
  await w.change('TP_CUSTOMER.tp_customer', { customer_name: 'ACME' });
  await w.tab('TABPAGE_1');
  await w.changeRaw([{ TabName: 'TABPAGE_1', FieldName: 'anything', Value: 'x', DatawindowName: 'd_any' }]);

  // @ts-expect-error unknown field in a window change
  await w.change('TABPAGE_1.order', { no_such_field: 'x' });
  const fields = { po_no: 'X', no_such_field: 'y' };
  // @ts-expect-error unknown field in a window change, passed in a variable
  await w.change('TABPAGE_1.order', fields);
  // @ts-expect-error a datawindow (element) the service does not have
  await w.change('TABPAGE_1.no_such_datawindow', { po_no: 'X' });
  // @ts-expect-error a value the field's valid values do not include
  await w.change('TABPAGE_1.order', { quote: 'MAYBE' });
  // @ts-expect-error a tab the service does not have
  await w.tab('NO_SUCH_TAB');
  // @ts-expect-error a response window has no typed change
  if (changed.kind === 'blocked') await changed.responseWindow.change('TABPAGE_1.order', { po_no: 'X' });
  return w.id;
});

export const updated = client.udt.update(udt_pallet, { note: 'moved', weight: 12.5 }, { row_uid: 7 });
export const deleted = client.udt.delete(udt_pallet, { row_uid: 7 });

// @ts-expect-error a UDT without row_uid offers no update
client.udt.update(udt_legacy, { description: 'x' }, { row_uid: 1 });
// @ts-expect-error a UDT without row_uid offers no delete
client.udt.delete(udt_legacy, { row_uid: 1 });
// @ts-expect-error a bare UDT name
client.udt.delete('udt_pallet', { row_uid: 1 });
// @ts-expect-error a bare name without the prefix
client.udt.update('pallet', { note: 'x' }, { row_uid: 1 });
// @ts-expect-error an ordinary table is not a UDT
client.udt.delete(customer, { row_uid: 1 });
// @ts-expect-error a view is not a UDT
client.udt.delete(svc_view_es_customer, { row_uid: 1 });
// @ts-expect-error a column the UDT does not have
client.udt.update(udt_pallet, { no_such_column: 'x' }, { row_uid: 1 });
// @ts-expect-error row_uid identifies the row; it is not a change
client.udt.update(udt_pallet, { row_uid: 2 }, { row_uid: 1 });
// @ts-expect-error the conditions need the row_uid
client.udt.delete(udt_pallet, { pallet_id: 'P1' });
