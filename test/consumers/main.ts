// A team's program against the generated package: a query and a transaction payload, printed as JSON.
// test/package/consumers.test.ts builds and runs it in each consumer project and compares what it prints.
import { query } from '@acme/erp-schema';
import { customer } from '@acme/erp-schema/tables/customer';
import { Order } from '@acme/erp-schema/transactions/Order';

// the projects have no @types/node: the one global used is declared here
declare const console: { log(line: string): void };

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
