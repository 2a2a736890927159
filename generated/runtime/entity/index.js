// The entity family, `client.entity`: customers, vendors, contacts and addresses on `/api/entity/{resource}`.
//
// Service facts this follows:
// - Keys: customers `{CompanyId}_{CustomerId}`, vendors `{CompanyId}_{VendorId}` (CompanyId a string; a numeric
//   id alone answers 404, so these keys are built from both parts and cannot be built without the company);
//   contacts `{Id}` and addresses `{AddressId}`, numeric.
// - GET `/{resource}/{key}` with optional `extendedproperties=*` or a comma list; nested objects are null unless
//   asked for.
// - GET `/{resource}/` lists, with the trailing slash (without it the service answers 307, and a client that
//   follows it may drop the token); an unfiltered list returns every record (tens of thousands) in one answer,
//   with no paging, so `list` requires a `$query` and `listAll` is the explicit way to ask for all.
// - GET `/{resource}/new` is a blank template (customers, vendors, contacts; addresses answer 500).
// - POST `/{resource}` creates from a record without its key field; PUT `/{resource}/{key}` updates
//   (customers, vendors, contacts; addresses answer 405). There is no DELETE method: a PUT with `Delete: true`
//   moves the record to the documents' state "deleted", a soft delete: the row stays, marked deleted (its
//   `delete_flag` is `Y` on the query surface), and a following `get` answers it with `Delete: true`. Addresses
//   cannot be updated, deleted or templated through this family, so their namespace has no such methods.
// - Decimals are written as JSON numbers from their exact text: a write takes `CreditLimit: 5000` or `'5000.10'`.
// - The vendor id of this family is not the query surface's `supplier_id` (another table, another number).
// - GET `/{resource}/ping` answers `{ResponseMessage}`.
import { ErpQueryError, ErpUnexpectedResponseError } from '../errors.js';
import { arrayCheck, nestedCheck, objectCheck, recordCheck, userFieldKinds, writeShape } from '../rest/fields.js';
import { buildQuery } from '../rest/query.js';
import {
  ADDRESS_ENTITY_FIELDS,
  ADDRESS_FIELDS,
  CONTACT_EXTENDED,
  CONTACT_FIELDS,
  CUSTOMER_EXTENDED,
  CUSTOMER_FIELDS,
  ENTITY_TABLES,
  VENDOR_EXTENDED,
  VENDOR_FIELDS,
} from './records.js';
import { queryOf, restCall } from '../rest/call.js';
function companyKey(resource, companyId, id, idName) {
  if (typeof companyId !== 'string' || companyId === '')
    throw new ErpQueryError(
      `entity/${resource}: a key needs its company (\`{CompanyId}_{${idName}}\`); a numeric id alone answers 404`,
    );
  return `${encodeURIComponent(companyId)}_${numericKey(resource, id, idName)}`;
}
function numericKey(resource, id, idName) {
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    throw new ErpQueryError(
      `entity/${resource}: ${idName} must be an integer, not ${JSON.stringify(id) ?? String(id)}`,
    );
  return String(id);
}
const CUSTOMERS = {
  resource: 'customers',
  fields: CUSTOMER_FIELDS,
  extended: CUSTOMER_EXTENDED,
  keyOf: (k) => companyKey('customers', k?.companyId, k?.customerId, 'CustomerId'),
  keyFromRecord: (r) => ({ companyId: r['CompanyId'], customerId: r['CustomerId'] }),
  keyFields: (k) => ({ CompanyId: k.companyId, CustomerId: k.customerId }),
};
const VENDORS = {
  resource: 'vendors',
  fields: VENDOR_FIELDS,
  extended: VENDOR_EXTENDED,
  keyOf: (k) => companyKey('vendors', k?.companyId, k?.vendorId, 'VendorId'),
  keyFromRecord: (r) => ({ companyId: r['CompanyId'], vendorId: r['VendorId'] }),
  keyFields: (k) => ({ CompanyId: k.companyId, VendorId: k.vendorId }),
};
const CONTACTS = {
  resource: 'contacts',
  fields: CONTACT_FIELDS,
  extended: CONTACT_EXTENDED,
  keyOf: (k) => numericKey('contacts', k, 'Id'),
  keyFromRecord: (r) => r['Id'],
  keyFields: (k) => ({ Id: k }),
};
const ADDRESSES = {
  resource: 'addresses',
  fields: ADDRESS_ENTITY_FIELDS,
  extended: {},
  keyOf: (k) => numericKey('addresses', k, 'AddressId'),
  keyFromRecord: (r) => r['AddressId'],
  keyFields: (k) => ({ AddressId: k }),
};
const nestedAddress = recordCheck(ADDRESS_FIELDS);
const pingCheck = recordCheck({ ResponseMessage: 'text!' });
/** The record check; the nested objects in `required` must be present (they were asked for). */
function recordSchema(definition, required, udf) {
  const children = {};
  for (const [name, kind] of Object.entries(definition.extended))
    children[name] = { check: kind === 'address' ? nestedAddress : nestedCheck, required: required.has(name) };
  return recordCheck(definition.fields, children, udf);
}
/** The blank template: the same fields, every one of them may be null. */
function blankSchema(definition, udf) {
  const fields = {};
  for (const [name, kind] of Object.entries(definition.fields))
    fields[name] = kind === 'int!' ? 'int' : kind === 'text!' ? 'text' : kind;
  return recordCheck(fields, {}, udf);
}
function entity(context, definition) {
  const base = `/api/entity/${definition.resource}`;
  const object = `entity/${definition.resource}`;
  const udf = userFieldKinds(context, ENTITY_TABLES[definition.resource]);
  const anyRecord = recordSchema(definition, new Set(), udf);
  const records = arrayCheck(anyRecord);
  const nestedAddresses = Object.fromEntries(
    Object.entries(definition.extended)
      .filter(([, kind]) => kind === 'address')
      .map(([name]) => [name, writeShape(ADDRESS_FIELDS)]),
  );
  const shape = writeShape(definition.fields, nestedAddresses, udf);
  const list = (query) => restCall(context, { method: 'GET', path: `${base}/${query}`, object }, records);
  return {
    async get(key, options) {
      const asked = options?.extendedProperties;
      const names = asked === '*' ? Object.keys(definition.extended) : [...(asked ?? [])];
      for (const name of names)
        if (!Object.prototype.hasOwnProperty.call(definition.extended, name))
          throw new ErpQueryError(`${object}: \`${name}\` is not an extended property of this entity`);
      const path = `${base}/${definition.keyOf(key)}${queryOf([
        ['extendedproperties', asked === '*' ? '*' : names.length ? names.join(',') : undefined],
      ])}`;
      return restCall(context, { method: 'GET', path, object }, recordSchema(definition, new Set(names), udf));
    },
    async list(options) {
      if (typeof options?.query !== 'function')
        throw new ErpQueryError(
          `${object}: list() needs a query (an unfiltered list answers every record); use listAll()`,
        );
      return list(queryOf([['$query', buildQuery(definition.fields, options.query)]]));
    },
    listAll: () => list(''),
    create: (record) => restCall(context, { method: 'POST', path: base, object, body: record, shape }, anyRecord),
    async ping() {
      return (await restCall(context, { method: 'GET', path: `${base}/ping`, object }, pingCheck)).ResponseMessage;
    },
    template: () => restCall(context, { method: 'GET', path: `${base}/new`, object }, blankSchema(definition, udf)),
    update: async (record) =>
      restCall(
        context,
        {
          method: 'PUT',
          path: `${base}/${definition.keyOf(definition.keyFromRecord(record))}`,
          object,
          body: record,
          shape,
        },
        anyRecord,
      ),
    async delete(key) {
      const body = { ...definition.keyFields(key), Delete: true };
      const answer = await restCall(
        context,
        { method: 'PUT', path: `${base}/${definition.keyOf(key)}`, object, body },
        (value, path) => (value === undefined ? value : objectCheck(value, path)),
      );
      if (answer !== null && typeof answer === 'object' && answer.Delete === false)
        throw new ErpUnexpectedResponseError(`${object}: the record answered after the delete is not deleted`, {
          request: `PUT ${base}/${definition.keyOf(key)}`,
          status: 200,
          object,
        });
    },
  };
}
/** `client.entity`: one namespace per entity. */
export function entityFamily(context) {
  const { get, list, listAll, create, ping: pingAddresses } = entity(context, ADDRESSES);
  return {
    customers: entity(context, CUSTOMERS),
    vendors: entity(context, VENDORS),
    contacts: entity(context, CONTACTS),
    addresses: { get, list, listAll, create, ping: pingAddresses },
  };
}
