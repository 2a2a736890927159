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
} from './entity/records.js';
import { ITEM_EXTENDED, ITEM_FIELDS, ITEM_TABLE, PRICE_FIELDS } from './inventory/records.js';
import { userFieldKinds } from './rest/fields.js';
/**
 * The schemas, with zod's `z`. `userDefinedFields` (the package's client entry exports them): the kinds of the
 * user-defined fields the snapshot typed; a record's other user-defined fields are allowed as they come.
 */
export function answerSchemas(z, userDefinedFields = {}) {
  const zod = z;
  const decimal = () => zod.number().or(zod.string().regex(/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/));
  const kind = (k) => {
    switch (k) {
      case 'text!':
        return zod.string();
      case 'int!':
        return zod.number().int();
      case 'text':
        return zod.string().nullish();
      case 'int':
        return zod.number().int().nullish();
      case 'decimal':
        return decimal().nullish();
      case 'yesNo':
        return zod.enum(['Y', 'N']).nullish();
      case 'bool':
        return zod.boolean().nullish();
    }
  };
  const shape = (fields) => Object.fromEntries(Object.entries(fields).map(([name, k]) => [name, kind(k)]));
  const userFields = (table) => {
    const kinds = userFieldKinds({ userDefinedFields }, table);
    const open = zod.record(zod.string(), zod.unknown());
    // zod reads a field the object lacks through its prototype: a user-defined field named `constructor` would
    // be read as Object's; the object is checked as its own fields only
    return (kinds ? zod.preprocess(ownFields, zod.looseObject(shape(optional(kinds)))) : open).nullish();
  };
  const record = (fields, table, extra = {}) =>
    zod.looseObject({ ...shape(fields), UserDefinedFields: userFields(table), ...extra });
  const nestedAddress = zod.looseObject(shape(ADDRESS_FIELDS)).nullish();
  const nested = (extended) =>
    Object.fromEntries(
      // present and null unless asked for, says the document; the sample answer leaves some out
      Object.entries(extended).map(([name, k]) => [name, k === 'address' ? nestedAddress : zod.unknown().optional()]),
    );
  const template = (fields, table) => record(optional(fields), table);
  const customer = record(CUSTOMER_FIELDS, ENTITY_TABLES.customers, nested(CUSTOMER_EXTENDED));
  const vendor = record(VENDOR_FIELDS, ENTITY_TABLES.vendors, nested(VENDOR_EXTENDED));
  const contact = record(CONTACT_FIELDS, ENTITY_TABLES.contacts, nested(CONTACT_EXTENDED));
  const address = record(ADDRESS_ENTITY_FIELDS, ENTITY_TABLES.addresses);
  const children = Object.fromEntries(
    Object.entries(ITEM_EXTENDED).map(([name, k]) => [
      name,
      k === 'nested'
        ? zod.unknown().optional()
        : zod.looseObject({ list: zod.array(k === 'list' ? zod.unknown() : zod.looseObject(shape(k))) }).nullish(),
    ]),
  );
  const item = record(ITEM_FIELDS, ITEM_TABLE, children);
  const price = zod.looseObject(shape(PRICE_FIELDS));
  return {
    customer,
    customers: zod.array(customer),
    customerTemplate: template(CUSTOMER_FIELDS, ENTITY_TABLES.customers),
    vendor,
    vendors: zod.array(vendor),
    vendorTemplate: template(VENDOR_FIELDS, ENTITY_TABLES.vendors),
    contact,
    contacts: zod.array(contact),
    contactTemplate: template(CONTACT_FIELDS, ENTITY_TABLES.contacts),
    address,
    addresses: zod.array(address),
    ping: zod.looseObject({ ResponseMessage: zod.string() }),
    item,
    items: zod.array(item),
    price,
    prices: zod.array(price),
    error: zod.looseObject({
      ErrorType: zod.string(),
      ErrorMessage: zod.string(),
      InnerException: zod.unknown().optional(),
      LogId: zod.string().nullish(),
      DateTimeStamp: zod.string().nullish(),
    }),
    validation: zod.looseObject({ Message: zod.string(), Errors: zod.array(zod.unknown()) }),
    frameworkError: zod.looseObject({ Message: zod.string() }),
  };
}
/** An object's own fields, on an object without a prototype; anything else as it is. */
function ownFields(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.assign(Object.create(null), value)
    : value;
}
/** The same fields, every one of them may be absent or null (a blank template; user-defined fields). */
function optional(fields) {
  const out = {};
  for (const [name, k] of Object.entries(fields)) out[name] = k === 'int!' ? 'int' : k === 'text!' ? 'text' : k;
  return out;
}
