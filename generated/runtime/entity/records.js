/** The table behind each entity (its records' `ObjectName`): its extension table `<table>_ud` holds the user-defined fields. */
export const ENTITY_TABLES = {
  customers: 'customer',
  vendors: 'vendor',
  contacts: 'contacts',
  addresses: 'address',
};
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
};
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
};
export const VENDOR_FIELDS = {
  CompanyId: 'text!',
  /** not the query surface's `supplier_id`: another table */
  VendorId: 'int!',
  Delete: 'bool',
  ObjectName: 'text!',
};
export const CONTACT_FIELDS = {
  Id: 'int!',
  Delete: 'bool',
  ObjectName: 'text!',
};
export const ADDRESS_ENTITY_FIELDS = {
  AddressId: 'int!',
  ...ADDRESS_FIELDS,
  ObjectName: 'text!',
};
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
};
export const VENDOR_EXTENDED = {
  VendorSuppliers: 'nested',
  VendorAddress: 'address',
  VendorPurchaseAccounts: 'nested',
  VendorContract: 'nested',
};
export const CONTACT_EXTENDED = {
  ContactDocuments: 'nested',
  ContactLeadSources: 'nested',
  ContactLinks: 'nested',
  ContactLists: 'nested',
  ContactSalesreps: 'nested',
};
