// Type-level guarantees of the row modules, as docs/types.md states them.
// Compiled by test/package/types.test.ts with both TypeScript 7 (tsc) and TypeScript 6 (ts-morph): a
// `@ts-expect-error` that stops erroring fails the build.
import { DeleteFlag, RowStatusFlag } from '@acme/erp-schema';
import { tables, views, type TableName } from '@acme/erp-schema/catalog';
import { customer, type CustomerColumn, type CustomerRow } from '@acme/erp-schema/tables/customer';
import type { OeHdrRow } from '@acme/erp-schema/tables/oe_hdr';
import type { PricePageRow } from '@acme/erp-schema/tables/price_page';
import { svc_view_es_customer, type SvcViewEsCustomerRow } from '@acme/erp-schema/views/svc_view_es_customer';

export const name: CustomerRow['customer_name'] = 'ACME'; // string | null, per the metadata
export const noName: CustomerRow['customer_name'] = null;
export const col: CustomerColumn = 'credit_limit';
// @ts-expect-error unknown column in the column union
export const bad: CustomerColumn = 'no_such_column';
// @ts-expect-error wrong type of a row field: credit_limit is Edm.Decimal
export const limit: CustomerRow['credit_limit'] = '1000';
// @ts-expect-error customer_id is a key and not nullable
export const noId: CustomerRow['customer_id'] = null;
// @ts-expect-error rows are read-only
export const edit = (row: CustomerRow) => (row.customer_name = 'x');

// known values narrow the column types
export const active: PricePageRow['row_status_flag'] = RowStatusFlag.Active;
// @ts-expect-error 703 is not a row status
export const wrongStatus: PricePageRow['row_status_flag'] = 703;
export const deleted: CustomerRow['delete_flag'] = DeleteFlag.Yes;
// @ts-expect-error delete_flag is 'Y' or 'N'
export const wrongFlag: CustomerRow['delete_flag'] = 'y';
export const editing: OeHdrRow['completed'] = 'T';
// @ts-expect-error completed is Y, N or T
export const wrongCompleted: OeHdrRow['completed'] = 'X';
export const quote: OeHdrRow['projected_order'] = 'Y';
export const good: CustomerRow['credit_status'] = 'GOOD';
// @ts-expect-error not a credit status code
export const wrongCredit: CustomerRow['credit_status'] = 'EXCELLENT';

// the descriptor carries name, surface and kinds as literal types
export const surface: 'table' = customer.surface;
export const viewSurface: 'view' = svc_view_es_customer.surface;
export const kind: 'decimal' = customer.columns.credit_limit;
export const lastModified: SvcViewEsCustomerRow['max_date_last_modified'] = '2024-01-01T00:00:00.000Z';
// @ts-expect-error the search view's columns are its own
export const notAColumn: SvcViewEsCustomerRow['no_such_column'] = 'x';

// the catalog names every generated object without loading its module
export const tableName: TableName = 'customer';
// @ts-expect-error bin is left out: unreachable on the service
export const binName: TableName = 'bin';
export const modulePath: 'tables/customer' = tables.customer;
export const viewPath: 'views/svc_view_es_customer' = views.svc_view_es_customer;
