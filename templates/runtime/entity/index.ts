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
import type { FieldKind } from '../contract.js';
import { lazyFamily } from '../family.js';
import type { WriteOptions } from '../write-check.js';
import type {
  ExtendedProperties,
  FieldsOf,
  RestRecord,
  Simplify,
  UserDefinedFields,
  UserDefinedFieldsOf,
  UserDefinedFieldWritesOf,
  WriteFieldsOf,
} from '../rest/fields.js';
import type { QueryBuilder } from '../rest/query.js';
import type {
  ADDRESS_ENTITY_FIELDS,
  ADDRESS_FIELDS,
  CONTACT_EXTENDED,
  CONTACT_FIELDS,
  CUSTOMER_EXTENDED,
  CUSTOMER_FIELDS,
  ENTITY_TABLES,
  VENDOR_EXTENDED,
  VENDOR_FIELDS,
  ExtendedOf,
} from './records.js';

export type { DecimalString, YesNo } from '../rest/fields.js';
export type { RestErrorDetails } from '../rest/errors.js';
export type { EntityQuery, QueryBuilder, QueryFields, Logic } from '../rest/query.js';
export type { Nested, UserDefinedFields, UserDefinedFieldTypes, UserDefinedFieldWriteTypes } from '../rest/fields.js';

type Fields = Readonly<Record<string, FieldKind>>;

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
  ): Promise<EntityRecord<FieldsOf<D>, X, P, U>>;
  /** GET `/?$query=...`: the records the expression matches (the service does not page). */
  list(options: ListOptions<D, FieldsOf<D>>): Promise<EntityRecord<FieldsOf<D>, X, readonly [], U>[]>;
  /** GET `/`: every record, in one answer; the service cannot page, so neither can this. */
  listAll(): Promise<EntityRecord<FieldsOf<D>, X, readonly [], U>[]>;
  /** POST: creates the record (its key field is generated) and answers it. */
  create(record: C): Promise<EntityRecord<FieldsOf<D>, X, readonly [], U>>;
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
  /**
   * PUT `/{key}` with the key fields and the fields to change; answers the record. With `verify` (default: the
   * client's `verify`, else false) the record is read back (a GET, one request more) and each field sent compared
   * with what is stored: one not stored is an ErpWriteNotAppliedError, one stored in another form (a decimal
   * rounded, another case) a line in the log, an error under `'strict'`; the record answered is then the one read.
   */
  update(record: Change, options?: WriteOptions): Promise<EntityRecord<FieldsOf<D>, X, readonly [], U>>;
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

/**
 * An entity record: a nested object asked for may still be null (public captures show null children: a customer
 * without an address row, a contact list with no entry), one not asked for is null.
 */
type EntityRecord<F, X, P, U> = RestRecord<F, X, P, U, null>;

export type CustomerRecord<P = readonly []> = EntityRecord<CustomerFields, CustomerExtended, P, CustomerUserFields>;
export type VendorRecord<P = readonly []> = EntityRecord<VendorFields, VendorExtended, P, VendorUserFields>;
export type ContactRecord<P = readonly []> = EntityRecord<ContactFields, ContactExtended, P, ContactUserFields>;
export type AddressRecord = EntityRecord<AddressFields, {}, readonly [], AddressUserFields>;

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

const READER = { get: true, list: true, listAll: true, create: true, ping: true } as const;
const WRITER = { ...READER, template: true, update: true, delete: true } as const;

/** `client.entity`: one namespace per entity, loaded on its first call (build.ts). */
export const entity = lazyFamily<EntityFamily>(() => import('./build.js'), {
  customers: WRITER,
  vendors: WRITER,
  contacts: WRITER,
  addresses: READER,
});
