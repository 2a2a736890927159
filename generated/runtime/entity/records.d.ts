import type { Nested } from '../rest/fields.js';
/** The table behind each entity (its records' `ObjectName`): its extension table `<table>_ud` holds the user-defined fields. */
export declare const ENTITY_TABLES: {
  readonly customers: 'customer';
  readonly vendors: 'vendor';
  readonly contacts: 'contacts';
  readonly addresses: 'address';
};
/** The address fields, as nested in a customer (`CustomerAddress`) and as the address entity's own. */
export declare const ADDRESS_FIELDS: {
  readonly CorpAddressId: 'int';
  readonly MailAddress1: 'text';
  readonly MailAddress2: 'text';
  readonly MailCity: 'text';
  readonly MailState: 'text';
  readonly MailPostalCode: 'text';
  readonly MailCountry: 'text';
  readonly CentralPhoneNumber: 'text';
  readonly PhysAddress1: 'text';
  readonly PhysAddress2: 'text';
  readonly PhysCity: 'text';
  readonly PhysState: 'text';
  readonly PhysPostalCode: 'text';
  readonly PhysCountry: 'text';
};
export declare const CUSTOMER_FIELDS: {
  readonly CompanyId: 'text!';
  readonly CustomerId: 'int!';
  readonly CustomerName: 'text';
  readonly SalesrepId: 'text';
  readonly TermsId: 'text';
  readonly CreditStatus: 'text';
  readonly CreditLimit: 'decimal';
  readonly Taxable: 'yesNo';
  readonly CurrencyId: 'int';
  readonly CustomerType: 'text';
  readonly CodRequiredFlag: 'yesNo';
  /** soft delete: `delete(key)` sends it */
  readonly Delete: 'bool';
  readonly ObjectName: 'text!';
};
export declare const VENDOR_FIELDS: {
  readonly CompanyId: 'text!';
  /** not the query surface's `supplier_id`: another table */
  readonly VendorId: 'int!';
  readonly Delete: 'bool';
  readonly ObjectName: 'text!';
};
export declare const CONTACT_FIELDS: {
  readonly Id: 'int!';
  readonly Delete: 'bool';
  readonly ObjectName: 'text!';
};
export declare const ADDRESS_ENTITY_FIELDS: {
  readonly CorpAddressId: 'int';
  readonly MailAddress1: 'text';
  readonly MailAddress2: 'text';
  readonly MailCity: 'text';
  readonly MailState: 'text';
  readonly MailPostalCode: 'text';
  readonly MailCountry: 'text';
  readonly CentralPhoneNumber: 'text';
  readonly PhysAddress1: 'text';
  readonly PhysAddress2: 'text';
  readonly PhysCity: 'text';
  readonly PhysState: 'text';
  readonly PhysPostalCode: 'text';
  readonly PhysCountry: 'text';
  readonly AddressId: 'int!';
  readonly ObjectName: 'text!';
};
/** The nested objects a `get` may ask for; `'address'` ones have the address fields, the others are untyped. */
export declare const CUSTOMER_EXTENDED: {
  readonly CustomerAddress: 'address';
  readonly CustomerEDITransactions: 'nested';
  readonly CustomerSalesreps: 'nested';
  readonly CustomerTerms: 'nested';
  readonly CustomerDealerTypes: 'nested';
  readonly CustomerRestrictedClasses: 'nested';
  readonly CustomerContacts: 'nested';
  readonly CustomerShipTos: 'nested';
  readonly CustomerPriceLibraries: 'nested';
};
export declare const VENDOR_EXTENDED: {
  readonly VendorSuppliers: 'nested';
  readonly VendorAddress: 'address';
  readonly VendorPurchaseAccounts: 'nested';
  readonly VendorContract: 'nested';
};
export declare const CONTACT_EXTENDED: {
  readonly ContactDocuments: 'nested';
  readonly ContactLeadSources: 'nested';
  readonly ContactLinks: 'nested';
  readonly ContactLists: 'nested';
  readonly ContactSalesreps: 'nested';
};
export type NestedKind = 'address' | 'nested';
export type ExtendedOf<X extends Readonly<Record<string, NestedKind>>, Address> = {
  [K in keyof X]: X[K] extends 'address' ? Address : Nested;
};
