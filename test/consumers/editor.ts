// What an editor offers while a team writes a query and a payload: test/consumers.test.ts asks TypeScript 6's
// language service (the one editors run) for completions at the two markers.
import { query } from '@acme/erp-schema';
import { customer } from '@acme/erp-schema/tables/customer';
import { Order } from '@acme/erp-schema/transactions/Order';

export const customers = query(customer).filter((c) => c./*columns*/ customer_id.gt(0));
export const order = Order.transaction().list('TP_ITEMS.items', [{/*fields*/}]);
