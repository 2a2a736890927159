// The entity family's namespaces, built from the client's context on their first call (index.ts): one per
// entity, each from its definition (resource, fields, nested objects, key).
import { ErpQueryError, ErpUnexpectedResponseError, type WriteMismatch } from '../errors.js';
import { checkVerify } from '../option-checks.js';
import { fieldMismatch, settle, type VerifyMode } from '../write-check.js';
import type { FieldKind } from '../contract.js';
import type { Family, FamilyContext } from '../family.js';
import { queryOf, restCall } from '../rest/call.js';
import {
  arrayCheck,
  nestedCheck,
  objectCheck,
  recordCheck,
  type Check,
  userFieldKinds,
  writeShape,
} from '../rest/fields.js';
import { buildQuery, type QueryBuilder } from '../rest/query.js';
import type {
  Addresses,
  Contacts,
  Customers,
  CustomerKey,
  EntityFamily,
  GetOptions,
  Vendors,
  VendorKey,
} from './index.js';
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
  type NestedKind,
} from './records.js';

type Fields = Readonly<Record<string, FieldKind>>;
type Extended = Readonly<Record<string, NestedKind>>;

interface EntityDefinition<K> {
  readonly resource: keyof typeof ENTITY_TABLES;
  readonly fields: Fields;
  readonly extended: Extended;
  /** the key as the URL segment, refused before sending when a part is missing or malformed */
  keyOf(key: K): string;
  /** the key fields of a record, as the key */
  keyFromRecord(record: Readonly<Record<string, unknown>>): K;
  /** the key fields a PUT body carries */
  keyFields(key: K): Record<string, unknown>;
}

function companyKey(resource: string, companyId: unknown, id: unknown, idName: string): string {
  if (typeof companyId !== 'string' || companyId === '')
    throw new ErpQueryError(
      `entity/${resource}: a key needs its company (\`{CompanyId}_{${idName}}\`); a numeric id alone answers 404`,
    );
  return `${encodeURIComponent(companyId)}_${numericKey(resource, id, idName)}`;
}

function numericKey(resource: string, id: unknown, idName: string): string {
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    throw new ErpQueryError(
      `entity/${resource}: ${idName} must be an integer, not ${JSON.stringify(id) ?? String(id)}`,
    );
  return String(id);
}

const CUSTOMERS: EntityDefinition<CustomerKey> = {
  resource: 'customers',
  fields: CUSTOMER_FIELDS,
  extended: CUSTOMER_EXTENDED,
  keyOf: (k) => companyKey('customers', k?.companyId, k?.customerId, 'CustomerId'),
  keyFromRecord: (r) => ({ companyId: r['CompanyId'] as string, customerId: r['CustomerId'] as number }),
  keyFields: (k) => ({ CompanyId: k.companyId, CustomerId: k.customerId }),
};
const VENDORS: EntityDefinition<VendorKey> = {
  resource: 'vendors',
  fields: VENDOR_FIELDS,
  extended: VENDOR_EXTENDED,
  keyOf: (k) => {
    // E9: the family's vendor id is not the query surface's supplier_id (another table, another number)
    const given = k as unknown as Record<string, unknown> | null | undefined;
    if (
      given?.['vendorId'] === undefined &&
      (given?.['supplierId'] !== undefined || given?.['supplier_id'] !== undefined)
    )
      throw new ErpQueryError(
        "entity/vendors: a vendor is keyed by its VendorId, which is not the query surface's supplier_id (the vendor table, not supplier: the same number may name another party); give vendorId",
      );
    return companyKey('vendors', k?.companyId, k?.vendorId, 'VendorId');
  },
  keyFromRecord: (r) => ({ companyId: r['CompanyId'] as string, vendorId: r['VendorId'] as number }),
  keyFields: (k) => ({ CompanyId: k.companyId, VendorId: k.vendorId }),
};
const CONTACTS: EntityDefinition<number> = {
  resource: 'contacts',
  fields: CONTACT_FIELDS,
  extended: CONTACT_EXTENDED,
  keyOf: (k) => numericKey('contacts', k, 'Id'),
  keyFromRecord: (r) => r['Id'] as number,
  keyFields: (k) => ({ Id: k }),
};
const ADDRESSES: EntityDefinition<number> = {
  resource: 'addresses',
  fields: ADDRESS_ENTITY_FIELDS,
  extended: {},
  keyOf: (k) => numericKey('addresses', k, 'AddressId'),
  keyFromRecord: (r) => r['AddressId'] as number,
  keyFields: (k) => ({ AddressId: k }),
};

const nestedAddress = recordCheck(ADDRESS_FIELDS);
const pingCheck = recordCheck({ ResponseMessage: 'text!' });

/**
 * The record check. A nested object asked for may still come as null: public captures show null children (a
 * customer whose address row is missing), so null is a record without it, not a broken answer.
 */
function recordSchema(definition: EntityDefinition<unknown>, udf?: Fields): Check {
  const children: Record<string, { check: Check; required: boolean }> = {};
  for (const [name, kind] of Object.entries(definition.extended))
    children[name] = { check: kind === 'address' ? nestedAddress : nestedCheck, required: false };
  return recordCheck(definition.fields, children, udf);
}

/** The blank template: the same fields, every one of them may be null. */
function blankSchema(definition: EntityDefinition<unknown>, udf?: Fields): Check {
  const fields: Record<string, FieldKind> = {};
  for (const [name, kind] of Object.entries(definition.fields))
    fields[name] = kind === 'int!' ? 'int' : kind === 'text!' ? 'text' : kind;
  return recordCheck(fields, {}, udf);
}

/**
 * The fields of an update against the record read back: each scalar field sent (decimals by value), and each
 * user-defined field sent; nested objects are not written by an update, so they are not compared.
 */
function recordMismatches(
  object: string,
  sent: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
  fields: Fields,
  udf: Fields | undefined,
): WriteMismatch[] {
  const found: WriteMismatch[] = [];
  const check = (element: string, values: Readonly<Record<string, unknown>>, read: unknown, kinds: Fields) => {
    const readRecord = (read ?? {}) as Readonly<Record<string, unknown>>;
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
    check('UserDefinedFields', userFields as Record<string, unknown>, stored['UserDefinedFields'], udf ?? {});
  return found;
}

function entity<K>(context: FamilyContext, definition: EntityDefinition<K>) {
  const base = `/api/entity/${definition.resource}`;
  const object = `entity/${definition.resource}`;
  const udf = userFieldKinds(context, ENTITY_TABLES[definition.resource]);
  const anyRecord = recordSchema(definition as EntityDefinition<unknown>, udf);
  const records = arrayCheck(anyRecord);
  const nestedAddresses = Object.fromEntries(
    Object.entries(definition.extended)
      .filter(([, kind]) => kind === 'address')
      .map(([name]) => [name, writeShape(ADDRESS_FIELDS)]),
  );
  const shape = writeShape(definition.fields, nestedAddresses, udf);
  const list = (query: string) => restCall(context, { method: 'GET', path: `${base}/${query}`, object }, records);
  return {
    async get(key: K, options?: GetOptions<'*' | readonly string[]>) {
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
    async list(options: { query: QueryBuilder<Fields, unknown> }) {
      if (typeof options?.query !== 'function')
        throw new ErpQueryError(
          `${object}: list() needs a query (an unfiltered list answers every record); use listAll()`,
        );
      return list(queryOf([['$query', buildQuery(definition.fields, options.query)]]));
    },
    listAll: () => list(''),
    create: (record: Readonly<Record<string, unknown>>) =>
      restCall(context, { method: 'POST', path: base, object, body: record, shape }, anyRecord),
    async ping() {
      return (
        (await restCall(context, { method: 'GET', path: `${base}/ping`, object }, pingCheck)) as {
          ResponseMessage: string;
        }
      ).ResponseMessage;
    },
    template: () =>
      restCall(
        context,
        { method: 'GET', path: `${base}/new`, object },
        blankSchema(definition as EntityDefinition<unknown>, udf),
      ),
    async update(record: Readonly<Record<string, unknown>>, options?: { readonly verify?: VerifyMode }) {
      const mode = checkVerify(options?.verify, `${object}.update`) ?? context.verify ?? false;
      const path = `${base}/${definition.keyOf(definition.keyFromRecord(record))}`;
      const answer = await restCall(context, { method: 'PUT', path, object, body: record, shape }, anyRecord);
      if (mode === false) return answer;
      // read back with a GET (the PUT's answer may be the body sent, echoed): one request more
      const stored = (await restCall(context, { method: 'GET', path, object }, anyRecord)) as Record<string, unknown>;
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
    async delete(key: K) {
      const body = { ...definition.keyFields(key), Delete: true };
      const answer = await restCall(
        context,
        { method: 'PUT', path: `${base}/${definition.keyOf(key)}`, object, body },
        (value, path) => (value === undefined ? value : objectCheck(value, path)),
      );
      if (answer !== null && typeof answer === 'object' && (answer as { Delete?: unknown }).Delete === false)
        throw new ErpUnexpectedResponseError(`${object}: the record answered after the delete is not deleted`, {
          request: `PUT ${base}/${definition.keyOf(key)}`,
          status: 200,
          object,
        });
    },
  };
}

/** `client.entity`: one namespace per entity. */
export const build: Family<EntityFamily> = (context) => {
  const { get, list, listAll, create, ping: pingAddresses } = entity(context, ADDRESSES);
  return {
    customers: entity(context, CUSTOMERS) as unknown as Customers,
    vendors: entity(context, VENDORS) as unknown as Vendors,
    contacts: entity(context, CONTACTS) as unknown as Contacts,
    addresses: { get, list, listAll, create, ping: pingAddresses } as unknown as Addresses,
  };
};
