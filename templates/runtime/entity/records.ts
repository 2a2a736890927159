// The entity family's records, from the service document: the fields it names per entity (a customer has 102
// fields on the server, a vendor 50, a contact 40, an address 27; the document shows only these, and the others
// arrive untyped on the same object), `ObjectName` (the table name), `UserDefinedFields`, and the nested objects
// (`extendedproperties`) that are null unless asked for.
import type { FieldKind } from '../contract.js';
import type { Nested } from '../rest/fields.js';

/** The table behind each entity (its records' `ObjectName`): its extension table `<table>_ud` holds the user-defined fields. */
export const ENTITY_TABLES = {
  customers: 'customer',
  vendors: 'vendor',
  contacts: 'contacts',
  addresses: 'address',
} as const;

/** The address fields, as nested in a customer (`CustomerAddress`) and as the address entity's own. */
export const ADDRESS_FIELDS = {
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
} as const satisfies Record<string, FieldKind>;

export const CUSTOMER_FIELDS = {
  CompanyId: 'text!',
  CustomerId: 'int!',
  CustomerName: 'text',
  SalesrepId: 'text',
  TermsId: 'text',
  CreditStatus: 'text',
  CreditLimit: 'decimal',
  Taxable: 'yesNo',
  CurrencyId: 'int',
  CustomerType: 'text',
  CodRequiredFlag: 'yesNo',
  /** soft delete: `delete(key)` sends it */
  Delete: 'bool',
  ObjectName: 'text!',
} as const satisfies Record<string, FieldKind>;

export const VENDOR_FIELDS = {
  CompanyId: 'text!',
  /** not the query surface's `supplier_id`: another table */
  VendorId: 'int!',
  Delete: 'bool',
  ObjectName: 'text!',
} as const satisfies Record<string, FieldKind>;

export const CONTACT_FIELDS = {
  Id: 'int!',
  Delete: 'bool',
  ObjectName: 'text!',
} as const satisfies Record<string, FieldKind>;

export const ADDRESS_ENTITY_FIELDS = {
  AddressId: 'int!',
  ...ADDRESS_FIELDS,
  ObjectName: 'text!',
} as const satisfies Record<string, FieldKind>;

/** The nested objects a `get` may ask for; `'address'` ones have the address fields, the others are untyped. */
export const CUSTOMER_EXTENDED = {
  CustomerAddress: 'address',
  CustomerEDITransactions: 'nested',
  CustomerSalesreps: 'nested',
  CustomerTerms: 'nested',
  CustomerDealerTypes: 'nested',
  CustomerRestrictedClasses: 'nested',
  CustomerContacts: 'nested',
  CustomerShipTos: 'nested',
  CustomerPriceLibraries: 'nested',
} as const;

export const VENDOR_EXTENDED = {
  VendorSuppliers: 'nested',
  VendorAddress: 'address',
  VendorPurchaseAccounts: 'nested',
  VendorContract: 'nested',
} as const;

export const CONTACT_EXTENDED = {
  ContactDocuments: 'nested',
  ContactLeadSources: 'nested',
  ContactLinks: 'nested',
  ContactLists: 'nested',
  ContactSalesreps: 'nested',
} as const;

export type NestedKind = 'address' | 'nested';

export type ExtendedOf<X extends Readonly<Record<string, NestedKind>>, Address> = {
  [K in keyof X]: X[K] extends 'address' ? Address : Nested;
};
