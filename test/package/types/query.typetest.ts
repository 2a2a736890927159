// Type-level guarantees of queries, as docs/queries.md states them: each `@ts-expect-error`
// below is a query the package must refuse (unknown columns, a column or arithmetic on the right, string
// functions on numbers and dates, eq(null) on a non-nullable column, codes outside a known-values set, a
// filter of one object used on another, $expand and substringof). Compiled by test/package/types.test.ts with
// TypeScript 7 and TypeScript 6.
import { and, changedSince, decimal, not, or, query, type Filter, type ResultOf } from '@acme/erp-schema';
import { createClient } from '@acme/erp-schema/client';
import { address } from '@acme/erp-schema/tables/address';
import { bin_ud } from '@acme/erp-schema/tables/bin_ud';
import { customer } from '@acme/erp-schema/tables/customer';
import { oe_hdr } from '@acme/erp-schema/tables/oe_hdr';
import { po_hdr } from '@acme/erp-schema/tables/po_hdr';
import { price_page } from '@acme/erp-schema/tables/price_page';
import { supplier } from '@acme/erp-schema/tables/supplier';
import { svc_view_es_customer } from '@acme/erp-schema/views/svc_view_es_customer';

const q = query(customer)
  .select('customer_id', 'customer_name', 'credit_limit')
  .filter((c) =>
    and(
      c.delete_flag.eq('N'),
      c.credit_limit.gt(1000),
      c.customer_name.startsWith("O'Neil"),
      or(c.credit_status.eq('GOOD'), c.credit_status.eq('WATCH')),
      c.salesrep_id.in(['A1', 'B2']),
      c.date_created.ge(new Date('2024-01-01T00:00:00Z')),
      not(c.terms_id.eq(null)),
    ),
  )
  .orderBy('customer_name', 'asc')
  .top(500);

export const text: string = q.toString();
type R = typeof q extends { readonly row: infer T } ? T : never;
export const named: ResultOf<typeof q> = { customer_id: 1, customer_name: null, credit_limit: 2 };
export const r: R = named;

const client = createClient({ baseUrl: 'http://127.0.0.1', auth: 'token' });
export async function loop(): Promise<void> {
  for await (const row of client.rows(q)) {
    row.customer_name satisfies string | null;
    // @ts-expect-error not selected
    void row.terms_id;
  }
  const page = await client.page(query(customer).count());
  page.rows[0]?.terms_id satisfies string | null | undefined;
  page.count satisfies number | undefined;
}

// @ts-expect-error unknown column in select
query(customer).select('no_such_column');
// @ts-expect-error unknown column in a filter
query(customer).filter((c) => c.no_such_column.eq(1));
// @ts-expect-error string function on a number column
query(customer).filter((c) => c.customer_id.startsWith('1'));
// @ts-expect-error Q23: quoted numeric
query(customer).filter((c) => c.credit_limit.eq('1000'));
// @ts-expect-error Q19: a column on the right
query(customer).filter((c) => c.customer_name.eq(c.customer_id));
// @ts-expect-error Q19: a string column on the right of a string column
query(customer).filter((c) => c.customer_name.eq(c.salesrep_id));
// @ts-expect-error unknown column in orderBy
query(customer).orderBy('no_such_column');
// @ts-expect-error not a direction
query(customer).orderBy('customer_name', 'up');

// string functions on dates
// @ts-expect-error startsWith on an Edm.DateTimeOffset column
query(customer).filter((c) => c.date_created.startsWith('2024'));
// @ts-expect-error contains on an Edm.DateTimeOffset column
query(customer).filter((c) => c.date_created.contains('01'));
// @ts-expect-error a date-time must be a Date or an ISO date-time string
query(customer).filter((c) => c.date_created.ge('yesterday'));
query(customer).filter((c) => c.date_created.ge('2024-01-01T00:00:00Z'));

// eq(null) only on nullable columns
// @ts-expect-error customer_id is not nullable
query(customer).filter((c) => c.customer_id.eq(null));
// @ts-expect-error delete_flag is not nullable
query(customer).filter((c) => c.delete_flag.ne(null));
// @ts-expect-error Q28: null is tested with eq and ne only, even on a nullable column
query(customer).filter((c) => c.customer_name.gt(null));
// @ts-expect-error gt(null) is no filter
query(customer).filter((c) => c.terms_id.gt(null));
query(customer).filter((c) => c.terms_id.ne(null));

// a filter of one object cannot be used on another
let supplierFilter!: Filter<'supplier', 'table'>;
query(supplier).filter((s) => (supplierFilter = s.delete_flag.eq('N')));
// @ts-expect-error a supplier filter in a customer query
query(customer).filter(() => supplierFilter);
export const crossed = query(customer).filter((c) =>
  // @ts-expect-error and() of filters of two objects
  and(c.delete_flag.eq('N'), supplierFilter),
);

// known values narrow literals
query(price_page).filter((c) => c.row_status_flag.eq(704));
// @ts-expect-error Q9: 703 is not a row status
query(price_page).filter((c) => c.row_status_flag.eq(703));
// @ts-expect-error Q9: delete_flag is 'Y' or 'N'
query(customer).filter((c) => c.delete_flag.eq('y'));
query(oe_hdr).filter((c) => c.completed.in(['N', 'T']));
// @ts-expect-error Q12: completed is Y, N or T
query(oe_hdr).filter((c) => c.completed.in(['N', 'X']));

// a string of unknown content is no column name for orderBy
declare const someName: string;
// @ts-expect-error orderBy takes a column name, not any string
query(customer).orderBy(someName);

// decimals: numbers, or exact decimal text through decimal()
query(customer).filter((c) => c.credit_limit.ge(decimal('12345678901234567.89')));
// @ts-expect-error a plain string is a quoted numeric
query(customer).filter((c) => c.credit_limit.ge('12345678901234567.89'));

// select narrows, and keeps narrowing through the chain
const narrow = query(customer).select('customer_id').top(5).orderBy('customer_name');
export const one: ResultOf<typeof narrow> = { customer_id: 1 };
// @ts-expect-error customer_name is not selected
export const two: ResultOf<typeof narrow> = { customer_id: 1, customer_name: 'x' };

// more names than select's first signature takes one by one (eight), and every column of a small object (which
// that signature leaves to the second): the same narrowing, and a name that is no column is refused all the same
const nine = query(customer).select(
  'company_id',
  'customer_id',
  'customer_name',
  'credit_limit',
  'terms_id',
  'salesrep_id',
  'delete_flag',
  'credit_status',
  'date_created',
);
export const ninth: ResultOf<typeof nine>['date_created'] = '2024-01-01T00:00:00Z';
// @ts-expect-error taxable_flag is not selected
export const tenth: ResultOf<typeof nine>['taxable_flag'] = null;
// names spread from an array (the second signature's rest takes them): the union of what the array may hold
const some: ReadonlyArray<'customer_id' | 'credit_limit'> = ['customer_id'];
const spread = query(customer).select('customer_name', ...some);
export const spreadRow: ResultOf<typeof spread> = { customer_name: null, customer_id: 1, credit_limit: null };
// @ts-expect-error terms_id is not among them
export const spreadMore: ResultOf<typeof spread>['terms_id'] = null;
const whole = query(bin_ud).select('bin_ud_uid', 'location_id', 'bin', 'bin_category');
export const everyColumn: ResultOf<typeof whole> = { bin_ud_uid: 1, location_id: 2, bin: 'A', bin_category: null };
// @ts-expect-error bin is not nullable: each column keeps its own type
export const notNull: ResultOf<typeof whole>['bin'] = null;
query(customer).select(
  'taxable_flag',
  'resale_certificate',
  'credit_limit_used',
  'ar_account_no',
  'revenue_account_no',
  'cos_account_no',
  'allowed_account_no',
  'terms_id',
  // @ts-expect-error unknown column, the ninth name
  'no_such_column',
);

// select and orderBy by a function of the columns (completion documents each): the same narrowing
const chosen = query(customer)
  .select((c) => [c.customer_id, c.credit_limit])
  .orderBy((c) => c.customer_name, 'desc');
export const three: ResultOf<typeof chosen> = { customer_id: 1, credit_limit: null };
// @ts-expect-error customer_name is not selected
export const four: ResultOf<typeof chosen> = { customer_id: 1, credit_limit: null, customer_name: 'x' };
const single = query(customer).select((c) => c.customer_name);
export const five: ResultOf<typeof single> = { customer_name: null };
// @ts-expect-error customer_id is not selected
export const six: ResultOf<typeof single> = { customer_name: null, customer_id: 1 };
const mixed = query(customer).select('customer_id', (c) => c.credit_limit);
export const seven: ResultOf<typeof mixed> = { customer_id: 1, credit_limit: 2 };
// @ts-expect-error terms_id is not selected
export const eight: ResultOf<typeof mixed> = { customer_id: 1, credit_limit: 2, terms_id: null };
// @ts-expect-error unknown column in a select function
query(customer).select((c) => [c.customer_id, c.no_such_column]);
// @ts-expect-error a name is not a column of the argument
query(customer).select(() => ['customer_id']);
// @ts-expect-error unknown column in an orderBy function
query(customer).orderBy((c) => c.no_such_column);
// @ts-expect-error a column of another object
query(customer).select(() => ({ column: 'supplier_id' as const }));

// no now(), arithmetic, substringof or $expand on the builder
// @ts-expect-error Q18: no $expand
query(customer).expand('customer_terms');
// @ts-expect-error Q20: no arithmetic
query(customer).filter((c) => c.credit_limit.add(1).gt(5));
// @ts-expect-error Q18: no substringof
query(customer).filter((c) => c.customer_name.substringof('x'));
// @ts-expect-error Q22: no now(): a date-time is a Date or an ISO date-time
query(customer).filter((c) => c.date_created.lt('now()'));

// the columns of the documents' traps: the wrong one does not compile
// @ts-expect-error Q9: customer has delete_flag, not row_status_flag
query(customer).filter((c) => c.row_status_flag.eq(704));
// @ts-expect-error Q10: oe_hdr's company column is company_id
query(oe_hdr).filter((c) => c.company_no.eq('ACME'));
// @ts-expect-error Q10: po_hdr's is company_no
query(po_hdr).filter((c) => c.company_id.eq('ACME'));
// @ts-expect-error Q10: supplier has none
query(supplier).select('company_id');
// @ts-expect-error Q11: address columns are mail_ or phys_ prefixed
query(address).select('city');
// @ts-expect-error Q13: there is no quote_flag; projected_order = 'Y' marks a quote
query(oe_hdr).filter((c) => c.quote_flag.eq('Y'));
query(oe_hdr).filter((c) => c.projected_order.eq('Y'));

// incremental sync (deprecated for client.changes(), sync.typetest.ts): only on objects with a modification stamp
changedSince(query(svc_view_es_customer), new Date('2024-01-01T00:00:00Z'));
changedSince(query(svc_view_es_customer).select('unique_id', 'max_date_last_modified'), '2024-01-01T00:00:00Z');
changedSince(query(customer), new Date());
// @ts-expect-error bin_ud has no date_last_modified nor max_date_last_modified
changedSince(query(bin_ud), new Date());
