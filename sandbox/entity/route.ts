// The entity family in the sandbox: customers, vendors, contacts and addresses on `/api/entity/{resource}`. Their
// records are the rows of `customer`, `vendor`, `contacts` and `address` (rows.ts: `CustomerName` is
// `customer.customer_name`), the rows the query surface serves; nested objects are rows of their own tables
// (a customer's address is the `address` row whose `id` is the customer id, its contacts the `contacts` rows of that
// address, its ship-tos, salesreps and terms the `ship_to`, `customer_salesrep` and `customer_terms` rows of its
// company and id). The service's documented behaviour:
// - keys `{CompanyId}_{CustomerId}` / `{CompanyId}_{VendorId}` (the underscore may come as `%5F`; a numeric id
//   alone answers 404), numeric ids for contacts and addresses;
// - GET `/{key}` with `extendedproperties=*` or a comma list (nested objects null unless asked for); a missing
//   record is 404 `ResourceNotFoundException` with a message naming the query;
// - GET `/` lists (every record without `$query`); without the trailing slash 307 to the slashed path;
// - GET `/new` a blank template, except addresses (500, not implemented);
// - POST creates from a record without its key (a key given is a validation error, `{Message, Errors[]}`),
//   atomically; PUT updates (addresses: 405); there is no DELETE method: a PUT with `Delete: true` deletes, and the
//   record is then in the documents' state "deleted": the row stays, its `delete_flag` is `Y` (doc 1: tables such
//   as `customer` mark records deleted with `delete_flag`), and the record answers `Delete: true` (a soft delete);
// - GET `/ping` answers `{ResponseMessage}`; a resource that does not exist answers 404.
import type { Store } from '../store.js';
import type { Caller } from '../auth.js';
import type { Routes } from '../server.js';
import { exactJson, readJson } from '../json-text.js';
import { parseQuery, QuerySyntaxError } from '../rest/query-filter.js';
import { fieldOf, RecordTable, type FieldSpec } from '../rest/rows.js';
import type { UserFields } from '../rest/user-fields.js';
import {
  answered,
  bodyObject,
  json,
  methodNotAllowed,
  noEndpoint,
  Num,
  parameters,
  redirect,
  RefusedError,
  RestErrors,
  segment,
  validation,
  type RestReply,
  type RestRequest,
  negotiated,
  rootOf,
} from '../rest/reply.js';

type Row = Record<string, unknown>;

/** How a nested object is answered: an address row, rows of a table linked to the record, or an empty list. */
type Nested =
  { readonly address: string } | { readonly table: string; readonly link: Readonly<Record<string, string>> } | 'empty';

interface Resource {
  readonly table: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
  readonly key: readonly string[];
  readonly extended: Readonly<Record<string, Nested>>;
  readonly writable: boolean;
  readonly template: boolean;
}

const ADDRESS: Readonly<Record<string, FieldSpec>> = {
  CorpAddressId: 'int',
  MailAddress1: 'text',
  MailAddress2: 'text',
  MailCity: 'text',
  MailState: 'text',
  MailPostalCode: 'text',
  MailCountry: 'text',
  CentralPhoneNumber: 'text',
  PhysAddress1: 'text',
  PhysAddress2: 'text',
  PhysCity: 'text',
  PhysState: 'text',
  PhysPostalCode: 'text',
  PhysCountry: 'text',
};

const DELETE: FieldSpec = { kind: 'flag', column: 'delete_flag' };
const KEPT: FieldSpec = { kind: 'json', column: '' };
const OF_CUSTOMER = { company_id: 'CompanyId', customer_id: 'CustomerId' };

export const RESOURCES: Readonly<Record<string, Resource>> = {
  customers: {
    table: 'customer',
    fields: {
      CompanyId: 'text',
      CustomerId: 'int',
      CustomerName: 'text',
      SalesrepId: 'text',
      TermsId: 'text',
      CreditStatus: 'text',
      CreditLimit: 'decimal',
      Taxable: { kind: 'yesNo', column: 'taxable_flag' },
      CurrencyId: 'int',
      // the table has only the integer `customer_type_cd`: kept beside the row
      CustomerType: 'text',
      CodRequiredFlag: 'yesNo',
      Delete: DELETE,
    },
    key: ['CompanyId', 'CustomerId'],
    extended: {
      CustomerAddress: { address: 'CustomerId' },
      CustomerEDITransactions: 'empty',
      CustomerSalesreps: { table: 'customer_salesrep', link: OF_CUSTOMER },
      CustomerTerms: { table: 'customer_terms', link: OF_CUSTOMER },
      CustomerDealerTypes: 'empty',
      CustomerRestrictedClasses: 'empty',
      CustomerContacts: { table: 'contacts', link: { address_id: 'CustomerId' } },
      CustomerShipTos: { table: 'ship_to', link: OF_CUSTOMER },
      CustomerPriceLibraries: 'empty',
    },
    writable: true,
    template: true,
  },
  vendors: {
    table: 'vendor',
    fields: { CompanyId: 'text', VendorId: 'int', VendorName: 'text', Delete: DELETE },
    key: ['CompanyId', 'VendorId'],
    extended: {
      // E9: the vendor's suppliers are not the query surface's `supplier` rows of the same number (another table)
      VendorSuppliers: 'empty',
      VendorAddress: { address: 'VendorId' },
      VendorPurchaseAccounts: 'empty',
      VendorContract: 'empty',
    },
    writable: true,
    template: true,
  },
  contacts: {
    table: 'contacts',
    fields: { Id: 'int', FirstName: 'text', LastName: 'text', AddressId: 'int', Delete: DELETE },
    key: ['Id'],
    extended: {
      ContactDocuments: 'empty',
      ContactLeadSources: 'empty',
      ContactLinks: 'empty',
      ContactLists: 'empty',
      ContactSalesreps: 'empty',
    },
    writable: true,
    template: true,
  },
  addresses: {
    table: 'address',
    fields: { AddressId: { kind: 'int', column: 'id' }, ...ADDRESS },
    key: ['AddressId'],
    extended: {},
    writable: false,
    template: false,
  },
};

/** The entity records: one RecordTable per resource, and the addresses nested in customers and vendors. */
export class EntityStore {
  readonly tables: ReadonlyMap<string, RecordTable>;
  private readonly addressRows: RecordTable;

  constructor(
    readonly database: Store,
    readonly userFields: UserFields,
  ) {
    this.tables = new Map(
      Object.entries(RESOURCES).map(([name, r]) => [
        name,
        new RecordTable(
          database,
          r.table,
          // without an extension table, the user-defined fields are kept beside the row, as sent
          userFields.has(r.table) ? r.fields : { ...r.fields, UserDefinedFields: KEPT },
          r.key,
          database.keyedRecords(`entity_${name}`, exactJson, (t) => (readJson(t, Infinity) as { value: Row }).value),
        ),
      ]),
    );
    this.addressRows = this.tables.get('addresses')!;
  }

  /**
   * The id of a new record. Customers, vendors and addresses share one numbering: the address behind a customer or
   * vendor has its id (and is shared by the companies that have it).
   */
  nextId(resource: string): number {
    const shared = ['customers', 'vendors', 'addresses'];
    const from = shared.includes(resource) ? shared : [resource];
    const largest = from.map((r) => {
      const table = this.tables.get(r)!;
      return table.largest(table.key.at(-1)!);
    });
    return Math.max(100_000, ...largest) + 1;
  }

  /** The records of a resource whose fields equal `match` (all of them without one), with their ObjectName. */
  find(resource: string, match: Row = {}): Row[] {
    const definition = RESOURCES[resource]!;
    return this.tables
      .get(resource)!
      .find(match)
      .map((r) => ({ ...r, ObjectName: definition.table }));
  }

  /** A nested object of a record, as answered when asked for. */
  nested(how: Nested, record: Readonly<Row>): unknown {
    if (how === 'empty') return { list: [] };
    if ('address' in how) {
      const [address] = this.addressRows.find({ AddressId: record[how.address] });
      if (!address) return null;
      const { AddressId: _id, ...fields } = address;
      return { ...fields, ObjectName: 'address' };
    }
    const match = Object.fromEntries(Object.entries(how.link).map(([column, field]) => [column, record[field]]));
    return { list: this.database.rowsWhere(how.table, match).map((row) => rowRecord(how.table, row)) };
  }

  /**
   * Adds or replaces a record given whole (seeds, tests): its row takes the given fields, and an address given as
   * `$Address` is the address row of its id.
   */
  put(resource: string, record: Row): void {
    const table = this.tables.get(resource)!;
    if (!table.served) return;
    const { $Address: address, ...fields } = record;
    const key = Object.fromEntries(table.key.map((k) => [k, fields[k]]));
    const issues = table.get(key) ? table.update(key, fields) : table.insert(fields, AUDIT('sandbox', true));
    if (issues.length) throw new Error(`${resource} ${table.keyText(key)}: ${issues.join(' ')}`);
    if (address !== undefined) this.put('addresses', { ...(address as Row), AddressId: fields[table.key.at(-1)!] });
  }
}

/** A row of a table nested in a record: every column under its PascalCase name, and the table as `ObjectName`. */
function rowRecord(table: string, row: ReadonlyMap<string, readonly [string, unknown]>): Row {
  const out: Row = {};
  for (const [column, [kind, value]] of row)
    out[fieldOf(column)] =
      value === null
        ? null
        : kind === 'decimal'
          ? new Num(String(value))
          : kind === 'int'
            ? Number(value)
            : kind === 'boolean'
              ? value === 1n || value === 1
              : String(value);
  return { ...out, ObjectName: table };
}

/** The audit columns a write sets, where the table has them. */
function AUDIT(user: string, created: boolean): Row {
  const now = new Date().toISOString();
  return {
    date_last_modified: now,
    last_maintained_by: user,
    ...(created ? { date_created: now, created_by: user, delete_flag: 'N' } : {}),
  };
}

/** A record as answered: nested objects null unless asked for; user-defined fields from the extension table. */
function answer(store: EntityStore, definition: Resource, record: Row, asked: ReadonlySet<string>): Row {
  const out: Row = { ...record, ObjectName: definition.table };
  out['UserDefinedFields'] = store.userFields.read(definition.table, record) ?? record['UserDefinedFields'] ?? {};
  for (const [name, how] of Object.entries(definition.extended))
    out[name] = asked.has(name) ? store.nested(how, record) : null;
  return out;
}

function askedFor(definition: Resource, query: string): Set<string> | string {
  const q = parameters(query);
  const value = q.get('extendedproperties') ?? q.get('extendedProperties');
  if (value === undefined || value === '') return new Set();
  const names = Object.keys(definition.extended);
  if (value === '*') return new Set(names);
  const asked = value.split(',').map((n) => n.trim());
  const unknown = asked.find((n) => !names.includes(n));
  return unknown ?? new Set(asked);
}

function checkRecord(resource: string, record: Row): string[] {
  const issues: string[] = [];
  if (resource === 'customers' || resource === 'vendors')
    if (typeof record['CompanyId'] !== 'string' || record['CompanyId'] === '') issues.push('CompanyId is required.');
  if (resource === 'customers' && record['CustomerName'] !== undefined) {
    const name = record['CustomerName'];
    if (typeof name !== 'string' || name.trim() === '') issues.push('CustomerName is required.');
  }
  const limit = record['CreditLimit'];
  if (resource === 'customers' && limit !== undefined && limit !== null && /^-/.test(String(limit)))
    issues.push('CreditLimit cannot be negative.');
  return issues;
}

/** The resource a path names (an own member of RESOURCES: `constructor` and `__proto__` are not resources). */
function resourceOf(path: string): { resource: string; rest: string | undefined } | undefined {
  const match = /^\/api\/entity\/([^/]+)(\/.*)?$/.exec(path);
  const resource = match?.[1] ?? '';
  return match && Object.hasOwn(RESOURCES, resource) ? { resource, rest: match[2] } : undefined;
}

export function entityRoutes(store: EntityStore, errors: RestErrors): Routes {
  return {
    name: 'entity',
    owns: (path) => path.startsWith('/api/entity/'),
    access: 'api',
    before(head) {
      const at = resourceOf(head.path);
      // a resource whose table the snapshot lacks is an endpoint that is not enabled
      if (!at || !store.tables.get(at.resource)!.served) return noEndpoint();
      // E2: the list without its trailing slash is the web server's 307, before the token is looked at
      if (at.rest === undefined && head.method === 'GET')
        return redirect(`/api/entity/${at.resource}/${head.query ? `?${head.query}` : ''}`);
      return undefined;
    },
    route: (request, caller) =>
      negotiated(
        request,
        answered(() => entityAnswer(store, errors, request, caller)),
        entityRoot(request.path),
      ),
  };
}

/** The XML root of an entity answer: `PingResponse` (the documents), else the record's type (the sandbox's names). */
function entityRoot(path: string): (value: unknown) => string {
  if (path.endsWith('/ping')) return () => 'PingResponse';
  const resource = resourceOf(path)?.resource ?? '';
  const type = { customers: 'Customer', vendors: 'Vendor', contacts: 'Contact', addresses: 'Address' }[resource];
  return rootOf(type ?? 'Record');
}

function entityAnswer(store: EntityStore, errors: RestErrors, request: RestRequest, caller: Caller): RestReply {
  const { resource, rest } = resourceOf(request.path)!;
  const definition = RESOURCES[resource]!;
  const table = store.tables.get(resource)!;
  const method = request.method;

  if (rest === undefined) {
    if (method !== 'POST') return methodNotAllowed(method);
    return create(store, resource, request, caller);
  }
  if (rest === '/') {
    if (method !== 'GET') return methodNotAllowed(method);
    const q = parameters(request.query).get('$query');
    let all = store.find(resource);
    if (q !== undefined) {
      try {
        all = all.filter(parseQuery(q, new Set([...Object.keys(definition.fields), 'ObjectName'])));
      } catch (error) {
        if (!(error instanceof QuerySyntaxError)) throw error;
        return errors.error(400, 'System.ArgumentException', `Invalid query: ${error.message}`);
      }
    }
    return json(
      200,
      all.map((r) => answer(store, definition, r, new Set())),
    );
  }
  const name = segment(rest.slice(1));
  if (name === 'ping') return json(200, { ResponseMessage: 'success' });
  if (name === 'new') {
    if (!definition.template)
      return errors.error(500, 'System.NotImplementedException', 'The method or operation is not implemented.');
    if (method !== 'GET') return methodNotAllowed(method);
    const blank: Row = Object.fromEntries(Object.keys(definition.fields).map((f) => [f, null]));
    // a blank record has every user-defined field of the extension table, null
    const udf = store.userFields.read(definition.table, {}) ?? {};
    return json(200, { ...blank, UserDefinedFields: udf, ObjectName: definition.table });
  }
  const key = keyOf(table, name);
  const record = key ? table.get(key) : undefined;
  if (method === 'GET') {
    if (!record) return errors.notFound(name);
    const asked = askedFor(definition, request.query);
    if (typeof asked === 'string')
      return errors.error(400, 'System.ArgumentException', `Unknown extended property: ${asked}`);
    return json(200, answer(store, definition, record, asked));
  }
  if (method === 'PUT') {
    if (!definition.writable) return methodNotAllowed('PUT');
    if (!record || !key) return errors.notFound(name);
    const body = bodyObject(request);
    if ('problem' in body) return validation([body.problem]);
    const change = body.record;
    for (const k of table.key)
      if (change[k] !== undefined && String(change[k]) !== String(record[k]))
        return validation([`The key fields of the body (${table.key.join(', ')}) do not match the URL.`]);
    const issues = checkRecord(resource, { ...change, CompanyId: record['CompanyId'] });
    if (issues.length) return validation(issues);
    const fields = Object.fromEntries(
      Object.entries(change).filter(([f]) => !table.key.includes(f) && !Object.hasOwn(definition.extended, f)),
    );
    return store.database.atomically(() => {
      refuse(table.update(key, fields, AUDIT(caller.user, false)));
      refuse(store.userFields.write(definition.table, record, change['UserDefinedFields']));
      return json(200, answer(store, definition, table.get(key)!, new Set()));
    });
  }
  return methodNotAllowed(method);
}

/** A validation failure inside a unit of change: the unit is undone. */
function refuse(issues: readonly string[]): void {
  if (issues.length) throw new RefusedError(validation(issues));
}

/** The key fields a URL segment names (`ACME_10`, `17`); undefined when it cannot name a record. */
function keyOf(table: RecordTable, text: string): Row | undefined {
  if (table.key.length === 1) return /^\d+$/.test(text) ? { [table.key[0]!]: Number(text) } : undefined;
  // `{CompanyId}_{Id}`: the id is what follows the last underscore; a company id may hold underscores
  const at = text.lastIndexOf('_');
  if (at <= 0 || !/^\d+$/.test(text.slice(at + 1))) return undefined;
  return { [table.key[0]!]: text.slice(0, at), [table.key[1]!]: Number(text.slice(at + 1)) };
}

function create(store: EntityStore, resource: string, request: RestRequest, caller: Caller): RestReply {
  const definition = RESOURCES[resource]!;
  const table = store.tables.get(resource)!;
  const body = bodyObject(request);
  if ('problem' in body) return validation([body.problem]);
  const record = body.record;
  const idField = table.key.at(-1)!;
  const issues = checkRecord(resource, record);
  if (record[idField] !== undefined && record[idField] !== null)
    issues.push(`${idField} must be empty on create: it is generated.`);
  if (issues.length) return validation(issues);
  const id = store.nextId(resource);
  const keyed: Row = { ...record, [idField]: id };
  // atomic: a field or user-defined field that does not fit leaves no record (and no address) behind
  return store.database.atomically(() => {
    const fields = Object.fromEntries(Object.entries(keyed).filter(([f]) => !Object.hasOwn(definition.extended, f)));
    refuse(table.insert(fields, AUDIT(caller.user, true)));
    const address = Object.entries(definition.extended).find(([, how]) => typeof how === 'object' && 'address' in how);
    if (address && !store.tables.get('addresses')!.get({ AddressId: id })) {
      const given = keyed[address[0]];
      const nested = given !== null && typeof given === 'object' ? (given as Row) : {};
      refuse(store.tables.get('addresses')!.insert({ ...nested, AddressId: id }, AUDIT(caller.user, true)));
    }
    refuse(store.userFields.write(definition.table, keyed, record['UserDefinedFields']));
    return json(200, answer(store, definition, table.get(keyed)!, new Set()));
  });
}

/**
 * A few records of each entity, nested objects included, over the rows the snapshot's tables were seeded with:
 * written when the table is created, so a sandbox that is not asked for customers does not make them.
 */
export function seedEntities(store: EntityStore): void {
  store.database.whenCreated('customer', () => seedCustomers(store));
  store.database.whenCreated('vendor', () => seedVendors(store));
  store.database.whenCreated('contacts', () => seedContacts(store));
}

function address(id: number, city: string): Row {
  return {
    CorpAddressId: id,
    MailAddress1: `${id} Main Street`,
    MailCity: city,
    MailState: 'OH',
    MailPostalCode: '44101',
    MailCountry: 'USA',
    CentralPhoneNumber: '555-0100',
    PhysAddress1: `${id} Main Street`,
    PhysCity: city,
    PhysState: 'OH',
  };
}

function seedCustomers(store: EntityStore): void {
  // rows the table was generated with, made the documents' examples: the query surface keeps its row counts
  const customers: Array<[string, number, string, string, string]> = [
    ['ACME', 10, 'ABC Supply Company', 'Cleveland', '1000.0000'],
    ['ACME', 198, "O'Brien Hardware", 'Akron', '123456789012345.6789'],
    ['ACME', 199, 'Acme Tools', 'Toledo', '1000.0000'],
  ];
  for (const [company, id, name, city, limit] of customers)
    store.put('customers', {
      CompanyId: company,
      CustomerId: id,
      CustomerName: name,
      SalesrepId: '1100',
      TermsId: '1',
      CreditStatus: 'GOOD',
      CreditLimit: limit,
      Taxable: 'Y',
      CurrencyId: 1,
      CustomerType: 'COM',
      CodRequiredFlag: 'N',
      Delete: false,
      $Address: address(id, city),
    });
}

function seedVendors(store: EntityStore): void {
  store.put('vendors', {
    CompanyId: 'ACME',
    VendorId: 20,
    VendorName: 'Widget Works',
    Delete: false,
    $Address: address(20, 'Columbus'),
  });
}

function seedContacts(store: EntityStore): void {
  store.put('contacts', { Id: 5010, FirstName: 'Bea', LastName: 'Stone', AddressId: 10, Delete: false });
  store.put('contacts', { Id: 17, FirstName: 'Ann', LastName: 'Lee', Delete: false });
}
