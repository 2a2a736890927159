import type { FamilyContext } from '../family.js';
import { type FieldsOf, type Kind, type Simplify, type UserDefinedFields } from './fields.js';
import { type QueryBuilder } from './query.js';
import {
  ADDRESS_ENTITY_FIELDS,
  ADDRESS_FIELDS,
  CONTACT_EXTENDED,
  CONTACT_FIELDS,
  CUSTOMER_EXTENDED,
  CUSTOMER_FIELDS,
  VENDOR_EXTENDED,
  VENDOR_FIELDS,
  type ExtendedOf,
} from './records.js';
export type { DecimalString, YesNo, RestErrorDetails } from './rest.js';
export type { EntityQuery, QueryBuilder, QueryFields, Logic } from './query.js';
export type { Nested, UserDefinedFields } from './fields.js';
type Fields = Readonly<Record<string, Kind>>;
/** An address as nested in a customer or vendor. */
export type NestedAddress = FieldsOf<typeof ADDRESS_FIELDS> & {
  readonly ObjectName?: string;
};
/** The names a `get` may ask for: a list of the entity's nested objects, or `'*'` for all of them. */
export type ExtendedProperties<X> = '*' | readonly (keyof X & string)[];
type Requested<X, P> = P extends '*' ? keyof X : P extends readonly (infer N)[] ? N : never;
/** A record: its fields, `UserDefinedFields`, and each nested object present when requested, else null. */
export type EntityRecord<F, X, P = readonly []> = Simplify<
  F & {
    UserDefinedFields?: UserDefinedFields;
  } & {
    [K in keyof X]: K extends Requested<X, P> ? X[K] : null;
  }
>;
/** What `create` sends: the record without its generated key field (`without`), other fields as wanted. */
export type CreateOf<F, Without extends keyof F, Needed extends keyof F = never> = Simplify<
  {
    [K in Needed]: F[K];
  } & {
    [K in Exclude<keyof F, Without | Needed | 'ObjectName'>]?: F[K];
  } & {
    ObjectName?: string;
    UserDefinedFields?: UserDefinedFields;
  } & {
    [K in Without]?: never;
  }
>;
/** What `update` sends: the key fields, and the fields to change. */
export type UpdateOf<F, KeyField extends keyof F> = Simplify<
  {
    [K in KeyField]: F[K];
  } & {
    [K in Exclude<keyof F, KeyField>]?: F[K];
  } & {
    UserDefinedFields?: UserDefinedFields;
  }
>;
/** The blank record `/new` answers: every field may be null. */
export type Blank<F> = {
  [K in keyof F]?: F[K] | null;
} & {
  UserDefinedFields?: UserDefinedFields;
};
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
export interface EntityReader<D extends Fields, X, K, C> {
  /** GET `/{key}`: one record; `extendedProperties` fills the nested objects named (`'*'`: all). */
  get<const P extends ExtendedProperties<X> = readonly []>(
    key: K,
    options?: GetOptions<P>,
  ): Promise<EntityRecord<FieldsOf<D>, X, P>>;
  /** GET `/?$query=...`: the records the expression matches (the service does not page). */
  list(options: ListOptions<D, FieldsOf<D>>): Promise<EntityRecord<FieldsOf<D>, X>[]>;
  /** GET `/`: every record, in one answer; the service cannot page, so neither can this. */
  listAll(): Promise<EntityRecord<FieldsOf<D>, X>[]>;
  /** POST: creates the record (its key field is generated) and answers it. */
  create(record: C): Promise<EntityRecord<FieldsOf<D>, X>>;
  /** GET `/ping`: the service's `ResponseMessage`. */
  ping(): Promise<string>;
}
/** Customers, vendors and contacts: also a blank template, update and soft delete. */
export interface EntityWriter<D extends Fields, X, K, C, U> extends EntityReader<D, X, K, C> {
  /** GET `/new`: a blank record to fill and `create`. */
  template(): Promise<Blank<FieldsOf<D>>>;
  /** PUT `/{key}` with the key fields and the fields to change; answers the record. */
  update(record: U): Promise<EntityRecord<FieldsOf<D>, X>>;
  /** Soft delete: PUT `/{key}` with `Delete: true` (the service has no DELETE). */
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
export type CustomerExtended = ExtendedOf<typeof CUSTOMER_EXTENDED, NestedAddress>;
export type VendorExtended = ExtendedOf<typeof VENDOR_EXTENDED, NestedAddress>;
export type ContactExtended = ExtendedOf<typeof CONTACT_EXTENDED, NestedAddress>;
export type CustomerRecord<P = readonly []> = EntityRecord<CustomerFields, CustomerExtended, P>;
export type VendorRecord<P = readonly []> = EntityRecord<VendorFields, VendorExtended, P>;
export type ContactRecord<P = readonly []> = EntityRecord<ContactFields, ContactExtended, P>;
export type AddressRecord = EntityRecord<AddressFields, {}>;
export type Customers = EntityWriter<
  typeof CUSTOMER_FIELDS,
  CustomerExtended,
  CustomerKey,
  CreateOf<CustomerFields, 'CustomerId', 'CompanyId'>,
  UpdateOf<CustomerFields, 'CompanyId' | 'CustomerId'>
>;
export type Vendors = EntityWriter<
  typeof VENDOR_FIELDS,
  VendorExtended,
  VendorKey,
  CreateOf<VendorFields, 'VendorId', 'CompanyId'>,
  UpdateOf<VendorFields, 'CompanyId' | 'VendorId'>
>;
export type Contacts = EntityWriter<
  typeof CONTACT_FIELDS,
  ContactExtended,
  number,
  CreateOf<ContactFields, 'Id'>,
  UpdateOf<ContactFields, 'Id'>
>;
/** Addresses: get, list, create and ping only (the service answers 405 to PUT and 500 to `/new`). */
export type Addresses = EntityReader<typeof ADDRESS_ENTITY_FIELDS, {}, number, CreateOf<AddressFields, 'AddressId'>>;
export interface EntityFamily {
  readonly customers: Customers;
  readonly vendors: Vendors;
  readonly contacts: Contacts;
  readonly addresses: Addresses;
}
/** `client.entity`: one namespace per entity. */
export declare function entityFamily(context: FamilyContext): EntityFamily;
