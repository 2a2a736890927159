// Type-level guarantees of transaction builders, as docs/transactions.md states them: each
// `@ts-expect-error` below is a payload the package must refuse (unknown elements and fields, in literals and
// in variables, keys missing from a row, a Form used as a List, values of the wrong kind, labels where codes
// were chosen). Compiled by test/package/types.test.ts with TypeScript 7 and TypeScript 6.
import { createClient, type TransactionRequest, type TransactionResponse } from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';
import { PickZone } from '@acme/erp-schema/transactions/PickZone';
import { SalesPricePage } from '@acme/erp-schema/transactions/SalesPricePage';

// a new order: no keys, the server assigns the order number
const create = Order.transaction()
  .form('TABPAGE_1.order', {
    customer_id: 100198,
    sales_loc_id: 10,
    po_no: 'PO-TEST-001',
    order_date: new Date('2030-01-05'),
  })
  .list('TP_ITEMS.items', [{ oe_order_item_id: 'WIDGET-001', unit_quantity: 5 }]);

// a keyed upsert: rows that match the keys are updated, the others inserted
const update = Order.transaction()
  .form('TABPAGE_1.order', { order_no: '1013938' }, { keys: ['order_no'] })
  .list(
    'TP_ITEMS.items',
    [
      { user_line_no: '010', oe_order_item_id: 'WIDGET-001', unit_quantity: 4 },
      { user_line_no: '030', oe_order_item_id: 'WIDGET-002', unit_quantity: 1 },
    ],
    { keys: ['user_line_no'] },
  );

export const body: TransactionRequest = Order.request([create, update], { useCodeValues: false });
const client = createClient({ baseUrl: 'http://127.0.0.1', auth: 'token' });
export const result: Promise<TransactionResponse> = client.transaction(body);

// @ts-expect-error unknown field
Order.transaction().form('TABPAGE_1.order', { no_such_field: 'x' });
// @ts-expect-error unknown element
Order.transaction().form('NO_SUCH.element', {});
// @ts-expect-error a key missing from a row
Order.transaction().list('TP_ITEMS.items', [{ unit_quantity: 5 }], { keys: ['user_line_no'] });
// @ts-expect-error a key that is not a field
Order.transaction().list('TP_ITEMS.items', [], { keys: ['no_such_field'] });

// unknown fields in variables, not only in object literals
const row = { oe_order_item_id: 'WIDGET-001', no_such_field: 'x' };
// @ts-expect-error an unknown field passed in a variable
Order.transaction().list('TP_ITEMS.items', [row]);
const header = { customer_id: 100198, colour: 'red' };
// @ts-expect-error an unknown field passed in a variable (Form)
Order.transaction().form('TABPAGE_1.order', header);
const fine = { oe_order_item_id: 'WIDGET-001', unit_quantity: 5 };
Order.transaction().list('TP_ITEMS.items', [fine]);

// Form and List elements are not interchangeable
// @ts-expect-error TP_ITEMS.items is a List
Order.transaction().form('TP_ITEMS.items', {});
// @ts-expect-error TABPAGE_1.order is a Form
Order.transaction().list('TABPAGE_1.order', []);

// value types by DataType
// @ts-expect-error a Decimal field takes a number or a numeric string
Order.transaction().form('TABPAGE_1.order', { customer_id: 'ACME' });
Order.transaction().form('TABPAGE_1.order', { customer_id: '100198' });
// @ts-expect-error a Datetime field takes a Date or a date string
Order.transaction().form('TABPAGE_1.order', { order_date: 'tomorrow' });
Order.transaction().form('TABPAGE_1.order', { order_date: '2030-01-05' });
// @ts-expect-error a Char field takes text
Order.transaction().form('TABPAGE_1.order', { po_no: 12 });

// valid values: the display labels, unless code values are sent
PickZone.transaction().form(
  'FORM.form',
  { location_id: 10, bin_zone_id: 'Z1', row_status_flag: 'Active' },
  { keys: ['location_id', 'bin_zone_id'] },
);
// @ts-expect-error not one of the valid values
PickZone.transaction().form('FORM.form', { row_status_flag: 'Gone' });
const coded = PickZone.transaction({ useCodeValues: true }).form('FORM.form', { row_status_flag: '704' });
PickZone.request([coded], { useCodeValues: true });
// @ts-expect-error a transaction built with code values sent as labels
PickZone.request([coded], { useCodeValues: false });

// a transaction of one service is not a transaction of another
// @ts-expect-error
SalesPricePage.request([create], { useCodeValues: false });

// reading back by key values, typed to the element's fields
Order.get('TABPAGE_1.order', { order_no: '1013938' });
// @ts-expect-error not a field of the element
Order.get('TABPAGE_1.order', { no_such_field: '1' });
// @ts-expect-error not an element
Order.get('NO_SUCH.element', { order_no: '1' });
// @ts-expect-error a List element: the service fails a transaction/get keyed on one (public captures)
Order.get('TP_ITEMS.items', { user_line_no: '010' });

// typed read-back: the rows of an element by field name, from a write's answer or a read
export async function readBack(): Promise<string | undefined> {
  const answer = await client.transaction(body);
  const [header] = Order.records(answer, 'TABPAGE_1.order');
  // @ts-expect-error not a field of TABPAGE_1.order
  void header?.no_such_field;
  // @ts-expect-error not an element of Order
  Order.records(answer, 'NO_SUCH.element');
  const set = await client.transactionGet(Order.get('TABPAGE_1.order', { order_no: header?.order_no ?? '' }));
  const lines = Order.records(set, 'TP_ITEMS.items');
  return lines[0]?.unit_quantity satisfies string | undefined;
}

// messages name the mistake (test/package/messages.test.ts checks their text); the guarantees themselves:
// @ts-expect-error an unknown field next to a known one
Order.transaction().form('TABPAGE_1.order', { po_no: 'x', po_number: 'x' });
// @ts-expect-error a key missing from one row of several
Order.transaction().list('TP_ITEMS.items', [{ user_line_no: '010' }, { unit_quantity: 5 }], { keys: ['user_line_no'] });
// @ts-expect-error the key's value must be of its type
Order.transaction().list('TP_ITEMS.items', [{ user_line_no: 10 }], { keys: ['user_line_no'] });
// @ts-expect-error a wrong element name
Order.transaction().list('TP_ITEMS.itms', []);
// code-value mode: any string for fields with valid values, still no unknown fields
PickZone.transaction({ useCodeValues: true }).form('FORM.form', { row_status_flag: '704' });
// @ts-expect-error unknown field in code-value mode
PickZone.transaction({ useCodeValues: true }).form('FORM.form', { no_such_field: '704' });

// a row whose fields are optional in its type (a spread of `{ po_no?: string }`) is fine unless keyed on them:
// the keys come from `keys` alone, never inferred from the row
const optionalHeader: { readonly po_no?: string } = {};
const line: { readonly unit_quantity?: number } = {};
Order.transaction().form('TABPAGE_1.order', { customer_id: 1, ...optionalHeader });
Order.transaction().list('TP_ITEMS.items', [{ user_line_no: '010', ...line }], { keys: ['user_line_no'] });
