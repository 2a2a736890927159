// The entity family's namespaces, built from the client's context on their first call (index.ts): one per
// entity, each from its definition (resource, fields, nested objects, key).
import { ErpQueryError, ErpUnexpectedResponseError } from '../errors.js';
import { checkVerify } from '../option-checks.js';
import { fieldMismatch, settle } from '../write-check.js';
import { queryOf, restCall } from '../rest/call.js';
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
  keyOf: (k) => {
    // E9: the family's vendor id is not the query surface's supplier_id (another table, another number)
    const given = k;
    if (
      given?.['vendorId'] === undefined &&
      (given?.['supplierId'] !== undefined || given?.['supplier_id'] !== undefined)
    )
      throw new ErpQueryError(
        "entity/vendors: a vendor is keyed by its VendorId, which is not the query surface's supplier_id (the vendor table, not supplier: the same number may name another party); give vendorId",
      );
    return companyKey('vendors', k?.companyId, k?.vendorId, 'VendorId');
  },
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
/**
 * The record check. A nested object asked for may still come as null: public captures show null children (a
 * customer whose address row is missing), so null is a record without it, not a broken answer.
 */
function recordSchema(definition, udf) {
  const children = {};
  for (const [name, kind] of Object.entries(definition.extended))
    children[name] = { check: kind === 'address' ? nestedAddress : nestedCheck, required: false };
  return recordCheck(definition.fields, children, udf);
}
/** The blank template: the same fields, every one of them may be null. */
function blankSchema(definition, udf) {
  const fields = {};
  for (const [name, kind] of Object.entries(definition.fields))
    fields[name] = kind === 'int!' ? 'int' : kind === 'text!' ? 'text' : kind;
  return recordCheck(fields, {}, udf);
}
/**
 * The fields of an update against the record read back: each scalar field sent (decimals by value), and each
 * user-defined field sent; nested objects are not written by an update, so they are not compared.
 */
function recordMismatches(object, sent, stored, fields, udf) {
  const found = [];
  const check = (element, values, read, kinds) => {
    const readRecord = read ?? {};
    for (const [field, value] of Object.entries(values)) {
      if (value !== null && typeof value === 'object') continue;
      const kind = Object.prototype.hasOwnProperty.call(kinds, field) ? kinds[field] : undefined;
      const mismatch = fieldMismatch(
        { service: object, element, field },
        value,
        Object.prototype.hasOwnProperty.call(readRecord, field) ? readRecord[field] : undefined,
        kind === 'decimal' || kind === 'int' || kind === 'int!' ? { kind: 'decimal' } : {},
      );
      if (mismatch) found.push(mismatch);
    }
  };
  check('record', sent, stored, fields);
  const userFields = sent['UserDefinedFields'];
  if (userFields !== null && typeof userFields === 'object')
    check('UserDefinedFields', userFields, stored['UserDefinedFields'], udf ?? {});
  return found;
}
function entity(context, definition) {
  const base = `/api/entity/${definition.resource}`;
  const object = `entity/${definition.resource}`;
  const udf = userFieldKinds(context, ENTITY_TABLES[definition.resource]);
  const anyRecord = recordSchema(definition, udf);
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
      return restCall(context, { method: 'GET', path, object }, anyRecord);
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
    async update(record, options) {
      const mode = checkVerify(options?.verify, `${object}.update`) ?? context.verify ?? false;
      const path = `${base}/${definition.keyOf(definition.keyFromRecord(record))}`;
      const answer = await restCall(context, { method: 'PUT', path, object, body: record, shape }, anyRecord);
      if (mode === false) return answer;
      // read back with a GET (the PUT's answer may be the body sent, echoed): one request more
      const stored = await restCall(context, { method: 'GET', path, object }, anyRecord);
      settle(
        recordMismatches(object, record, stored, definition.fields, udf),
        mode,
        {
          service: object,
          info: { request: `PUT ${path}`, status: 200, object },
          summary: 'the PUT answered 200, but read back',
        },
        (value) => context.http.show(value, 40),
        context.log,
      );
      return stored;
    },
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
export const build = (context) => {
  const { get, list, listAll, create, ping: pingAddresses } = entity(context, ADDRESSES);
  return {
    customers: entity(context, CUSTOMERS),
    vendors: entity(context, VENDORS),
    contacts: entity(context, CONTACTS),
    addresses: { get, list, listAll, create, ping: pingAddresses },
  };
};
