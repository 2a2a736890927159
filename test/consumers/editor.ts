// What an editor offers while a team writes a query, a payload and a read of its own user-defined fields:
// test/package/consumers.test.ts asks TypeScript 6's language service (the one editors run) for completions at the markers.
import { query } from '@acme/erp-schema';
import { customer } from '@acme/erp-schema/tables/customer';
import { Order } from '@acme/erp-schema/transactions/Order';
import { createClient } from '@acme/erp-schema/client';

export const customers = query(customer).filter((c) => c./*columns*/ customer_id.gt(0));
export const order = Order.transaction().list('TP_ITEMS.items', [{/*fields*/}]);
export const region = createClient({ baseUrl: 'https://erp.example.com', auth: 'token' })
  .entity.customers.get({ companyId: 'ACME', customerId: 10 })
  .then((c) => c.UserDefinedFields?./*udfs*/ region);
