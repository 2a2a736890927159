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
import type { FieldKind } from '../contract.js';
import type { FamilyContext } from '../family.js';
import {
  arrayCheck,
  nestedCheck,
  objectCheck,
  recordCheck,
  type Check,
  type ExtendedProperties,
  type FieldsOf,
  type RestRecord,
  type Simplify,
  type UserDefinedFields,
  type UserDefinedFieldsOf,
  type UserDefinedFieldWritesOf,
  type WriteFieldsOf,
  userFieldKinds,
  writeShape,
} from '../rest/fields.js';
import { buildQuery, type QueryBuilder } from '../rest/query.js';
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
  type ExtendedOf,
  type NestedKind,
} from './records.js';
import { queryOf, restCall } from '../rest/call.js';

export type { DecimalString, YesNo } from '../rest/fields.js';
export type { RestErrorDetails } from '../rest/errors.js';
export type { EntityQuery, QueryBuilder, QueryFields, Logic } from '../rest/query.js';
export type { Nested, UserDefinedFields, UserDefinedFieldTypes, UserDefinedFieldWriteTypes } from '../rest/fields.js';

type Fields = Readonly<Record<string, FieldKind>>;
type Extended = Readonly<Record<string, NestedKind>>;

/** An address as nested in a customer or vendor. */
export type NestedAddress = FieldsOf<typeof ADDRESS_FIELDS> & { readonly ObjectName?: string };

/** What `create` sends: the record without its generated key field (`without`), other fields as wanted. */
export type CreateOf<F, Without extends keyof F, Needed extends keyof F = never, U = UserDefinedFields> = Simplify<
  { [K in Needed]: F[K] } & { [K in Exclude<keyof F, Without | Needed | 'ObjectName'>]?: F[K] } & {
    ObjectName?: string;
    UserDefinedFields?: U;
  } & { [K in Without]?: never }
>;

/** What `update` sends: the key fields, and the fields to change. */
export type UpdateOf<F, KeyField extends keyof F, U = UserDefinedFields> = Simplify<
  { [K in KeyField]: F[K] } & { [K in Exclude<keyof F, KeyField>]?: F[K] } & { UserDefinedFields?: U }
>;

/** The blank record `/new` answers: every field may be null. */
export type Blank<F, U = UserDefinedFields> = { [K in keyof F]?: F[K] | null } & { UserDefinedFields?: U };

export interface GetOptions<P> {
  /** nested objects to fill: a list of names, or `'*'` for all */
  readonly extendedProperties?: P;
}

export interface ListOptions<D extends Fields, F> {
  /**
   * The `$query` expression, required: without one the service answers every record in one body (tens of
   * thousands on a real tenant). `listAll()` is there for the caller who means it.
   */
  readonly query: QueryBuilder<D, F>;
}

/** What every entity of the family offers (addresses offer only this). */
export interface EntityReader<D extends Fields, X, K, C, U = UserDefinedFields> {
  /** GET `/{key}`: one record; `extendedProperties` fills the nested objects named (`'*'`: all). */
  get<const P extends ExtendedProperties<X> = readonly []>(
    key: K,
    options?: GetOptions<P>,
  ): Promise<RestRecord<FieldsOf<D>, X, P, U>>;
  /** GET `/?$query=...`: the records the expression matches (the service does not page). */
  list(options: ListOptions<D, FieldsOf<D>>): Promise<RestRecord<FieldsOf<D>, X, readonly [], U>[]>;
  /** GET `/`: every record, in one answer; the service cannot page, so neither can this. */
  listAll(): Promise<RestRecord<FieldsOf<D>, X, readonly [], U>[]>;
  /** POST: creates the record (its key field is generated) and answers it. */
  create(record: C): Promise<RestRecord<FieldsOf<D>, X, readonly [], U>>;
  /** GET `/ping`: the service's `ResponseMessage`. */
  ping(): Promise<string>;
}

/** Customers, vendors and contacts: also a blank template, update and soft delete. */
export interface EntityWriter<D extends Fields, X, K, C, Change, U = UserDefinedFields> extends EntityReader<
  D,
  X,
  K,
  C,
  U
> {
  /** GET `/new`: a blank record to fill and `create`. */
  template(): Promise<Blank<FieldsOf<D>, U>>;
  /** PUT `/{key}` with the key fields and the fields to change; answers the record. */
  update(record: Change): Promise<RestRecord<FieldsOf<D>, X, readonly [], U>>;
  /**
   * Soft delete: PUT `/{key}` with `Delete: true` (the service has no DELETE). The record stays, marked deleted: a
   * following `get` answers it with `Delete: true`, and its row's `delete_flag` is `Y` on the query surface.
   */
  delete(key: K): Promise<void>;
}

export interface CustomerKey {
  readonly companyId: string;
  readonly customerId: number;
}
export interface VendorKey {
  readonly companyId: string;
  readonly vendorId: number;
}

export type CustomerFields = FieldsOf<typeof CUSTOMER_FIELDS>;
export type VendorFields = FieldsOf<typeof VENDOR_FIELDS>;
export type ContactFields = FieldsOf<typeof CONTACT_FIELDS>;
export type AddressFields = FieldsOf<typeof ADDRESS_ENTITY_FIELDS>;
/** What a write of each entity takes: the same fields, a decimal as a number (`5000`) or its text (`'5000.10'`). */
export type CustomerWriteFields = WriteFieldsOf<typeof CUSTOMER_FIELDS>;
export type VendorWriteFields = WriteFieldsOf<typeof VENDOR_FIELDS>;
export type ContactWriteFields = WriteFieldsOf<typeof CONTACT_FIELDS>;
export type AddressWriteFields = WriteFieldsOf<typeof ADDRESS_ENTITY_FIELDS>;
export type CustomerExtended = ExtendedOf<typeof CUSTOMER_EXTENDED, NestedAddress>;
export type VendorExtended = ExtendedOf<typeof VENDOR_EXTENDED, NestedAddress>;
export type ContactExtended = ExtendedOf<typeof CONTACT_EXTENDED, NestedAddress>;

/** The user-defined fields of each entity: typed where the snapshot has its table's extension table. */
export type CustomerUserFields = UserDefinedFieldsOf<(typeof ENTITY_TABLES)['customers']>;
export type VendorUserFields = UserDefinedFieldsOf<(typeof ENTITY_TABLES)['vendors']>;
export type ContactUserFields = UserDefinedFieldsOf<(typeof ENTITY_TABLES)['contacts']>;
export type AddressUserFields = UserDefinedFieldsOf<(typeof ENTITY_TABLES)['addresses']>;
/** ... and as a write takes them (a decimal as a number or its text). */
type CustomerUserFieldWrites = UserDefinedFieldWritesOf<(typeof ENTITY_TABLES)['customers']>;
type VendorUserFieldWrites = UserDefinedFieldWritesOf<(typeof ENTITY_TABLES)['vendors']>;
type ContactUserFieldWrites = UserDefinedFieldWritesOf<(typeof ENTITY_TABLES)['contacts']>;
type AddressUserFieldWrites = UserDefinedFieldWritesOf<(typeof ENTITY_TABLES)['addresses']>;

export type CustomerRecord<P = readonly []> = RestRecord<CustomerFields, CustomerExtended, P, CustomerUserFields>;
export type VendorRecord<P = readonly []> = RestRecord<VendorFields, VendorExtended, P, VendorUserFields>;
export type ContactRecord<P = readonly []> = RestRecord<ContactFields, ContactExtended, P, ContactUserFields>;
export type AddressRecord = RestRecord<AddressFields, {}, readonly [], AddressUserFields>;

export type Customers = EntityWriter<
  typeof CUSTOMER_FIELDS,
  CustomerExtended,
  CustomerKey,
  CreateOf<CustomerWriteFields, 'CustomerId', 'CompanyId', CustomerUserFieldWrites>,
  UpdateOf<CustomerWriteFields, 'CompanyId' | 'CustomerId', CustomerUserFieldWrites>,
  CustomerUserFields
>;
export type Vendors = EntityWriter<
  typeof VENDOR_FIELDS,
  VendorExtended,
  VendorKey,
  CreateOf<VendorWriteFields, 'VendorId', 'CompanyId', VendorUserFieldWrites>,
  UpdateOf<VendorWriteFields, 'CompanyId' | 'VendorId', VendorUserFieldWrites>,
  VendorUserFields
>;
export type Contacts = EntityWriter<
  typeof CONTACT_FIELDS,
  ContactExtended,
  number,
  CreateOf<ContactWriteFields, 'Id', never, ContactUserFieldWrites>,
  UpdateOf<ContactWriteFields, 'Id', ContactUserFieldWrites>,
  ContactUserFields
>;
/** Addresses: get, list, create and ping only (the service answers 405 to PUT and 500 to `/new`). */
export type Addresses = EntityReader<
  typeof ADDRESS_ENTITY_FIELDS,
  {},
  number,
  CreateOf<AddressWriteFields, 'AddressId', never, AddressUserFieldWrites>,
  AddressUserFields
>;

export interface EntityFamily {
  readonly customers: Customers;
  readonly vendors: Vendors;
  readonly contacts: Contacts;
  readonly addresses: Addresses;
}

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
  keyOf: (k) => companyKey('vendors', k?.companyId, k?.vendorId, 'VendorId'),
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

/** The record check; the nested objects in `required` must be present (they were asked for). */
function recordSchema(definition: EntityDefinition<unknown>, required: ReadonlySet<string>, udf?: Fields): Check {
  const children: Record<string, { check: Check; required: boolean }> = {};
  for (const [name, kind] of Object.entries(definition.extended))
    children[name] = { check: kind === 'address' ? nestedAddress : nestedCheck, required: required.has(name) };
  return recordCheck(definition.fields, children, udf);
}

/** The blank template: the same fields, every one of them may be null. */
function blankSchema(definition: EntityDefinition<unknown>, udf?: Fields): Check {
  const fields: Record<string, FieldKind> = {};
  for (const [name, kind] of Object.entries(definition.fields))
    fields[name] = kind === 'int!' ? 'int' : kind === 'text!' ? 'text' : kind;
  return recordCheck(fields, {}, udf);
}

function entity<K>(context: FamilyContext, definition: EntityDefinition<K>) {
  const base = `/api/entity/${definition.resource}`;
  const object = `entity/${definition.resource}`;
  const udf = userFieldKinds(context, ENTITY_TABLES[definition.resource]);
  const anyRecord = recordSchema(definition as EntityDefinition<unknown>, new Set(), udf);
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
      return restCall(
        context,
        { method: 'GET', path, object },
        recordSchema(definition as EntityDefinition<unknown>, new Set(names), udf),
      );
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
    update: async (record: Readonly<Record<string, unknown>>) =>
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
export function entityFamily(context: FamilyContext): EntityFamily {
  const { get, list, listAll, create, ping: pingAddresses } = entity(context, ADDRESSES);
  return {
    customers: entity(context, CUSTOMERS) as unknown as Customers,
    vendors: entity(context, VENDORS) as unknown as Vendors,
    contacts: entity(context, CONTACTS) as unknown as Contacts,
    addresses: { get, list, listAll, create, ping: pingAddresses } as unknown as Addresses,
  };
}
