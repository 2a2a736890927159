// The entity family in the sandbox: customers, vendors, contacts and addresses on `/api/entity/{resource}`, kept in
// the sandbox's SQLite database (a table per resource), with the service's documented behaviour:
// - keys `{CompanyId}_{CustomerId}` / `{CompanyId}_{VendorId}` (the underscore may come as `%5F`; a numeric id
//   alone answers 404), numeric ids for contacts and addresses;
// - GET `/{key}` with `extendedproperties=*` or a comma list (nested objects null unless asked for); a missing
//   record is 404 `ResourceNotFoundException` with a message naming the query;
// - GET `/` lists (every record without `$query`); without the trailing slash 307 to the slashed path;
// - GET `/new` a blank template, except addresses (500, not implemented);
// - POST creates from a record without its key (a key given is a validation error, `{Message, Errors[]}`),
//   atomically; PUT updates (addresses: 405), `Delete: true` deletes; there is no DELETE method;
// - GET `/ping` answers `{ResponseMessage}`; a resource that does not exist answers 404.
import type { KeyedRecords, Store } from '../store.js';
import { parseQuery, QuerySyntaxError } from './query-filter.js';
import type { UserFields } from './user-fields.js';
import type { Family } from '../server.js';
import {
  bodyJson,
  Dec,
  decodeRecord,
  encodeRecord,
  json,
  noEndpoint,
  parameters,
  redirect,
  restError,
  validation,
  type RestReply,
  type RestRequest,
} from './reply.js';

type Row = Record<string, unknown>;

interface Resource {
  readonly key: readonly string[];
  readonly objectName: string;
  /** fields of a record, with their blank values for `/new` */
  readonly fields: readonly string[];
  readonly extended: readonly string[];
  readonly decimals: readonly string[];
  readonly writable: boolean;
  readonly template: boolean;
}

const ADDRESS = [
  'CorpAddressId',
  'MailAddress1',
  'MailAddress2',
  'MailCity',
  'MailState',
  'MailPostalCode',
  'MailCountry',
  'CentralPhoneNumber',
  'PhysAddress1',
  'PhysAddress2',
  'PhysCity',
  'PhysState',
  'PhysPostalCode',
  'PhysCountry',
];

export const RESOURCES: Readonly<Record<string, Resource>> = {
  customers: {
    key: ['CompanyId', 'CustomerId'],
    objectName: 'customer',
    fields: [
      'CompanyId',
      'CustomerId',
      'CustomerName',
      'SalesrepId',
      'TermsId',
      'CreditStatus',
      'CreditLimit',
      'Taxable',
      'CurrencyId',
      'CustomerType',
      'CodRequiredFlag',
      'Delete',
    ],
    extended: [
      'CustomerAddress',
      'CustomerEDITransactions',
      'CustomerSalesreps',
      'CustomerTerms',
      'CustomerDealerTypes',
      'CustomerRestrictedClasses',
      'CustomerContacts',
      'CustomerShipTos',
      'CustomerPriceLibraries',
    ],
    decimals: ['CreditLimit'],
    writable: true,
    template: true,
  },
  vendors: {
    key: ['CompanyId', 'VendorId'],
    objectName: 'vendor',
    fields: ['CompanyId', 'VendorId', 'VendorName', 'Delete'],
    extended: ['VendorSuppliers', 'VendorAddress', 'VendorPurchaseAccounts', 'VendorContract'],
    decimals: [],
    writable: true,
    template: true,
  },
  contacts: {
    key: ['Id'],
    objectName: 'contacts',
    fields: ['Id', 'FirstName', 'LastName', 'Delete'],
    extended: ['ContactDocuments', 'ContactLeadSources', 'ContactLinks', 'ContactLists', 'ContactSalesreps'],
    decimals: [],
    writable: true,
    template: true,
  },
  addresses: {
    key: ['AddressId'],
    objectName: 'address',
    fields: ['AddressId', ...ADDRESS],
    extended: [],
    decimals: [],
    writable: false,
    template: false,
  },
};

/** The entity records, by resource then key text (`ACME_10`, `17`), in a table per resource of the sandbox's database. */
export class EntityStore {
  readonly records: ReadonlyMap<string, KeyedRecords<Row>>;
  private nextId = 100_000;

  constructor(readonly database: Store) {
    this.records = new Map(
      Object.keys(RESOURCES).map((r) => [r, database.keyedRecords(`entity_${r}`, encodeRecord, decodeRecord)]),
    );
  }

  keyText(resource: string, record: Row): string {
    return (RESOURCES[resource]?.key ?? []).map((k) => String(record[k])).join('_');
  }

  insert(resource: string, record: Row): Row {
    const definition = RESOURCES[resource];
    if (!definition) throw new Error(`no entity resource ${resource}`);
    const full: Row = Object.fromEntries(definition.fields.map((f) => [f, null]));
    for (const name of definition.decimals)
      if (record[name] !== undefined && record[name] !== null) record[name] = Dec.of(String(record[name]));
    Object.assign(full, record, {
      UserDefinedFields: record['UserDefinedFields'] ?? {},
      ObjectName: definition.objectName,
    });
    this.records.get(resource)?.set(this.keyText(resource, full), full);
    return full;
  }

  newId(): number {
    return this.nextId++;
  }
}

/** A record as answered: nested objects null unless asked for; user-defined fields from the extension table. */
function answer(definition: Resource, record: Row, asked: ReadonlySet<string>, userFields: UserFields): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(record))
    if (!definition.extended.includes(name) && !name.startsWith('$')) out[name] = value;
  const udf = userFields.read(definition.objectName, record);
  if (udf) out['UserDefinedFields'] = udf;
  for (const name of definition.extended) out[name] = asked.has(name) ? (record[`$${name}`] ?? { list: [] }) : null;
  return out;
}

function askedFor(definition: Resource, query: string): Set<string> | string {
  const value = parameters(query).get('extendedproperties') ?? parameters(query).get('extendedProperties');
  if (value === undefined || value === '') return new Set();
  if (value === '*') return new Set(definition.extended);
  const names = value.split(',').map((n) => n.trim());
  const unknown = names.find((n) => !definition.extended.includes(n));
  return unknown ?? new Set(names);
}

function checkRecord(resource: string, record: Row): string[] {
  const issues: string[] = [];
  if (resource === 'customers' || resource === 'vendors')
    if (typeof record['CompanyId'] !== 'string' || record['CompanyId'] === '') issues.push('CompanyId is required.');
  if (resource === 'customers' && record['CustomerName'] !== undefined) {
    const name = record['CustomerName'];
    if (typeof name !== 'string' || name.trim() === '') issues.push('CustomerName is required.');
    else if (name.length > 50) issues.push('CustomerName cannot be longer than 50 characters.');
  }
  if (resource === 'customers' && record['CreditLimit'] !== undefined && Number(record['CreditLimit']) < 0)
    issues.push('CreditLimit cannot be negative.');
  return issues;
}

/** The resource a path names (an own member of RESOURCES: `constructor` and `__proto__` are not resources). */
function resourceOf(path: string): { resource: string; rest: string | undefined } | undefined {
  const match = /^\/api\/entity\/([^/]+)(\/.*)?$/.exec(path);
  const resource = match?.[1] ?? '';
  return match && Object.hasOwn(RESOURCES, resource) ? { resource, rest: match[2] } : undefined;
}

export function entityFamily(store: EntityStore, userFields: UserFields): Family {
  return {
    name: 'entity',
    owns: (path) => path.startsWith('/api/entity/'),
    access: 'api',
    before(head) {
      const at = resourceOf(head.path);
      if (!at) return noEndpoint();
      // E2: the list without its trailing slash is the web server's 307, before the token is looked at
      if (at.rest === undefined && head.method === 'GET')
        return redirect(`/api/entity/${at.resource}/${head.query ? `?${head.query}` : ''}`);
      return undefined;
    },
    route: (request) => entityAnswer(store, userFields, request),
  };
}

function entityAnswer(store: EntityStore, userFields: UserFields, request: RestRequest): RestReply {
  const { resource, rest } = resourceOf(request.path)!;
  const definition = RESOURCES[resource]!;
  const records = store.records.get(resource)!;
  const method = request.method;

  if (rest === undefined) {
    if (method !== 'POST')
      return json(405, { Message: `The requested resource does not support http method '${method}'.` });
    const body = bodyJson(request);
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return validation(['The request body is not a record.']);
    const record = body as Row;
    const idField = definition.key[definition.key.length - 1] ?? '';
    const issues = checkRecord(resource, record);
    if (record[idField] !== undefined && record[idField] !== null)
      issues.push(`${idField} must be empty on create: it is generated.`);
    if (issues.length) return validation(issues);
    const keyed = { ...record, [idField]: store.newId() };
    // atomic: user-defined fields that do not fit leave no record behind
    return store.database.atomically(() => {
      const udfIssues = userFields.write(definition.objectName, keyed, record['UserDefinedFields']);
      if (udfIssues.length) return validation(udfIssues);
      const created = store.insert(resource, withoutUserFields(definition, userFields, keyed));
      return json(200, answer(definition, created, new Set(), userFields));
    });
  }
  if (rest === '/') {
    if (method !== 'GET')
      return json(405, { Message: `The requested resource does not support http method '${method}'.` });
    const q = parameters(request.query).get('$query');
    let all = [...records.values()];
    if (q !== undefined) {
      try {
        const predicate = parseQuery(q, new Set([...definition.fields, 'ObjectName']));
        all = all.filter(predicate);
      } catch (error) {
        if (!(error instanceof QuerySyntaxError)) throw error;
        return restError(400, 'System.ArgumentException', `Invalid query: ${error.message}`);
      }
    }
    return json(
      200,
      all.map((r) => answer(definition, r, new Set(), userFields)),
    );
  }
  const segment = rest.slice(1);
  if (segment === 'ping') return json(200, { ResponseMessage: 'success' });
  if (segment === 'new') {
    if (!definition.template)
      return restError(500, 'System.NotImplementedException', 'The method or operation is not implemented.');
    if (method !== 'GET')
      return json(405, { Message: `The requested resource does not support http method '${method}'.` });
    const blank: Row = Object.fromEntries(definition.fields.map((f) => [f, null]));
    // a blank record has every user-defined field of the extension table, null
    const udf = userFields.read(definition.objectName, {}) ?? {};
    return json(200, { ...blank, UserDefinedFields: udf, ObjectName: definition.objectName });
  }
  let key: string;
  try {
    key = decodeURIComponent(segment);
  } catch {
    return noEndpoint();
  }
  const record = records.get(key);
  const notFound = () =>
    restError(
      404,
      'ResourceNotFoundException',
      `Your query did not yield any results. No resources found for query string "GetById ${key}".`,
    );
  if (method === 'GET') {
    if (!record) return notFound();
    const asked = askedFor(definition, request.query);
    if (typeof asked === 'string')
      return restError(400, 'System.ArgumentException', `Unknown extended property: ${asked}`);
    return json(200, answer(definition, record, asked, userFields));
  }
  if (method === 'PUT') {
    if (!definition.writable)
      return json(405, { Message: "The requested resource does not support http method 'PUT'." });
    if (!record) return notFound();
    const body = bodyJson(request);
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return validation(['The request body is not a record.']);
    const change = body as Row;
    if (store.keyText(resource, { ...record, ...pick(change, definition.key) }) !== key)
      return validation([`The key fields of the body (${definition.key.join(', ')}) do not match the URL.`]);
    if (change['Delete'] === true) {
      records.delete(key);
      return json(200, { ...answer(definition, record, new Set(), userFields), Delete: true });
    }
    const issues = checkRecord(resource, { ...change, CompanyId: record['CompanyId'] });
    if (issues.length) return validation(issues);
    const udfIssues = userFields.write(definition.objectName, record, change['UserDefinedFields']);
    if (udfIssues.length) return validation(udfIssues);
    const updated = store.insert(
      resource,
      withoutUserFields(definition, userFields, { ...record, ...withoutExtended(definition, change) }),
    );
    return json(200, answer(definition, updated, new Set(), userFields));
  }
  return json(405, { Message: `The requested resource does not support http method '${method}'.` });
}

function pick(record: Row, names: readonly string[]): Row {
  return Object.fromEntries(names.filter((n) => record[n] !== undefined).map((n) => [n, record[n]]));
}

/** The record as kept here: its user-defined fields are kept in the extension table, when there is one. */
function withoutUserFields(definition: Resource, userFields: UserFields, record: Row): Row {
  if (!userFields.has(definition.objectName)) return record;
  const { UserDefinedFields: _kept, ...rest } = record;
  return rest;
}

function withoutExtended(definition: Resource, record: Row): Row {
  return Object.fromEntries(Object.entries(record).filter(([name]) => !definition.extended.includes(name)));
}

/** A few records of each entity, nested objects included. */
export function seedEntities(store: EntityStore): void {
  const address = (id: number, city: string) => ({
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
    ObjectName: 'address',
  });
  const customers: Array<[string, number, string, string]> = [
    ['ACME', 10, 'ABC Supply Company', 'Cleveland'],
    ['ACME', 100198, "O'Brien Hardware", 'Akron'],
    ['ACME', 100199, 'Acme Tools', 'Toledo'],
    ['BETA', 10, 'Beta Builders', 'Dayton'],
  ];
  for (const [company, id, name, city] of customers) {
    store.insert('customers', {
      CompanyId: company,
      CustomerId: id,
      CustomerName: name,
      SalesrepId: '1100',
      TermsId: '1',
      CreditStatus: 'GOOD',
      CreditLimit: id === 100198 ? '2500.123456789' : '1000',
      Taxable: 'Y',
      CurrencyId: 1,
      CustomerType: 'COM',
      CodRequiredFlag: 'N',
      Delete: false,
      $CustomerAddress: address(id, city),
      $CustomerContacts: { list: [{ ContactId: 5000 + id, ObjectName: 'contacts' }] },
    });
    store.insert('addresses', { ...address(id, city), AddressId: 1 + (store.records.get('addresses')?.size ?? 0) });
  }
  store.insert('vendors', {
    CompanyId: 'ACME',
    VendorId: 20,
    VendorName: 'Widget Works',
    Delete: false,
    $VendorAddress: address(20, 'Columbus'),
  });
  store.insert('contacts', { Id: 17, FirstName: 'Ann', LastName: 'Lee', Delete: false });
}
