// A CommonJS program (require) against the generated package, which is ES modules: Node loads it with
// require(esm), on by default from Node 20.19 and 22.12.
const { query } = require('@acme/erp-schema');
const { customer } = require('@acme/erp-schema/tables/customer');
const { Order } = require('@acme/erp-schema/transactions/Order');

const customers = query(customer)
  .select('customer_id', 'customer_name')
  .filter((c) => c.credit_limit.gt(1000))
  .orderBy('customer_name')
  .top(5);
const order = Order.request(
  [
    Order.transaction()
      .form('TABPAGE_1.order', { customer_id: 100198, po_no: 'PO-1' })
      .list('TP_ITEMS.items', [{ oe_order_item_id: 'W-1', unit_quantity: 5 }]),
  ],
  { useCodeValues: false },
);
console.log(JSON.stringify({ query: customers.toString(), path: customers.path, request: order }));
