// Type-level guarantees of reading a whole table and only what changed (docs/sync.md): keyset paging and
// `changes()` compile for an object with a key (and, for changes, a modification stamp), and are refused for an
// object without a key, an object without a stamp, and a query that sets its own order or skip. Compiled by
// test/package/types.test.ts with TypeScript 7 and TypeScript 6.
import { defineObject, query, type Query } from '@acme/erp-schema';
import { createClient, type PagingOptions, type Sync } from '@acme/erp-schema/client';
import { bin_ud } from '@acme/erp-schema/tables/bin_ud';
import { customer, type CustomerKinds, type CustomerRow } from '@acme/erp-schema/tables/customer';
import { oe_line } from '@acme/erp-schema/tables/oe_line';
import { svc_view_es_customer } from '@acme/erp-schema/views/svc_view_es_customer';

const client = createClient({ baseUrl: 'http://127.0.0.1', auth: 'token' });

/** An object whose entity type has no key (its key type `never`, as the generator writes one). */
const keyless = defineObject<{ readonly note: string | null }>()({
  name: 'keyless_log',
  surface: 'table',
  key: [],
  columns: { note: 'string', date_last_modified: 'datetime' },
});

export async function keyset(): Promise<void> {
  // a composite key: the pages go by (order_no, line_no)
  for await (const row of client.rows(query(oe_line).select('order_no', 'unit_price').top(5000), { paging: 'keyset' }))
    row.unit_price satisfies number | null;
  client.rows(
    query(customer).filter((c) => c.delete_flag.eq('N')),
    { paging: 'keyset' },
  );
  client.rows(query(customer), { paging: 'skip' });
  client.rows(query(customer).orderBy('customer_name'));
  client.rows(query(keyless));
  // the paging chosen at run time, and options typed apart
  const paging = Math.random() > 0.5 ? ('skip' as const) : ('keyset' as const);
  client.rows(query(customer), { paging });
  const options: PagingOptions = { paging: 'keyset', validate: 'warn' };
  client.rows(query(customer), options);

  // @ts-expect-error keyless_log has no key: keyset paging and changes() need one
  client.rows(query(keyless), { paging: 'keyset' });
  // @ts-expect-error the query sets orderBy(): keyset paging orders by the key itself
  client.rows(query(customer).orderBy('customer_name'), { paging: 'keyset' });
  // @ts-expect-error the query sets skip(): keyset paging starts after a position
  client.rows(query(customer).skip(100), { paging: 'keyset' });
  // @ts-expect-error a paging that does not exist
  client.rows(query(customer), { paging: 'cursor' });

  // a query typed by hand: the compiler cannot tell its order, so the client checks it when it runs
  const loose: Query<CustomerRow, 'customer', 'table', CustomerKinds> = query(customer).orderBy('customer_name');
  client.rows(loose, { paging: 'keyset' });
}

export async function changes(checkpoint: string): Promise<void> {
  const sync: Sync<CustomerRow> = client.changes(query(customer), { since: checkpoint });
  for await (const row of sync) row.date_last_modified satisfies string;
  sync.checkpoint satisfies string;
  client.changes(query(customer).select('customer_name'), { since: new Date('2024-01-01T00:00:00Z') });
  client.changes(query(svc_view_es_customer)); // max_date_last_modified, Q15
  client.changes(
    query(oe_line).filter((c) => c.delete_flag.eq('N')),
    { since: '2024-01-01T00:00:00Z' },
  );

  // @ts-expect-error bin_ud has no modification stamp
  client.changes(query(bin_ud));
  // @ts-expect-error keyless_log has no key to order its rows by
  client.changes(query(keyless));
  // @ts-expect-error the query sets orderBy(): changes() orders by the stamp and the key itself
  client.changes(query(customer).orderBy('customer_name'));
  // @ts-expect-error since is a checkpoint, a Date or ISO text
  client.changes(query(customer), { since: 1700000000000 });
  // @ts-expect-error a sync's checkpoint is read, not written
  sync.checkpoint = '';
}
