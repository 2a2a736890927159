// A zod schema per answer of the entity and inventory families, built from the same field maps as the records'
// types and the client's own checks, for callers who validate what the service sends (erpgen's tests check every
// answer they receive with them).
//
// The runtime does not depend on zod: its declarations need the DOM or Node `URL` type, which the runtime does
// without (it compiles under lib ES2020 with no ambient types), and it would weigh ten times the runtime. The
// caller passes zod's `z` (zod 4) instead, and gets zod schemas back, typed here by the little they share.
import type { FieldKind, UserDefinedFieldKinds } from './contract.js';
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

/** What these schemas are given: zod's `z` (`import { z } from 'zod'`), of which they use these functions. */
export interface ZodNamespace {
  readonly string: (...args: never[]) => unknown;
  readonly number: (...args: never[]) => unknown;
  readonly boolean: (...args: never[]) => unknown;
  readonly unknown: (...args: never[]) => unknown;
  readonly enum: (...args: never[]) => unknown;
  readonly array: (...args: never[]) => unknown;
  readonly looseObject: (...args: never[]) => unknown;
  readonly record: (...args: never[]) => unknown;
  readonly preprocess: (...args: never[]) => unknown;
}

/** A zod schema of one answer, as parsed from its JSON text (decimals as numbers or their text). */
export interface AnswerSchema {
  parse(value: unknown): unknown;
  safeParse(value: unknown): { readonly success: boolean; readonly error?: unknown };
}

/** One schema per answer; the lists are the answers of `list`, `listAll` and the batch price. */
export interface AnswerSchemas {
  readonly customer: AnswerSchema;
  readonly customers: AnswerSchema;
  readonly customerTemplate: AnswerSchema;
  readonly vendor: AnswerSchema;
  readonly vendors: AnswerSchema;
  readonly vendorTemplate: AnswerSchema;
  readonly contact: AnswerSchema;
  readonly contacts: AnswerSchema;
  readonly contactTemplate: AnswerSchema;
  readonly address: AnswerSchema;
  readonly addresses: AnswerSchema;
  /** `GET /{resource}/ping` */
  readonly ping: AnswerSchema;
  readonly item: AnswerSchema;
  /** a filtered item list */
  readonly items: AnswerSchema;
  /** a single price */
  readonly price: AnswerSchema;
  /** a batch price: one result per item */
  readonly prices: AnswerSchema;
  /** a REST error body (`ErrorType`, `ErrorMessage`, ...) */
  readonly error: AnswerSchema;
  /** a validation failure, `{Message, Errors[]}` */
  readonly validation: AnswerSchema;
  /** the web framework's own refusals, `{Message}` (no endpoint, method not allowed, a body that does not bind) */
  readonly frameworkError: AnswerSchema;
}

/** The zod calls made here, as zod 4 has them. */
interface Zod {
  string(): Schema & { regex(pattern: RegExp): Schema };
  number(): Schema & { int(): Schema };
  boolean(): Schema;
  unknown(): Schema;
  enum(values: readonly string[]): Schema;
  array(entry: Schema): Schema;
  looseObject(shape: Readonly<Record<string, Schema>>): Schema;
  record(key: Schema, value: Schema): Schema;
  preprocess(change: (value: unknown) => unknown, schema: Schema): Schema;
}
interface Schema extends AnswerSchema {
  nullable(): Schema;
  nullish(): Schema;
  optional(): Schema;
  or(other: Schema): Schema;
}

type Fields = Readonly<Record<string, FieldKind>>;

/**
 * The schemas, with zod's `z`. `userDefinedFields` (the package's client entry exports them): the kinds of the
 * user-defined fields the snapshot typed; a record's other user-defined fields are allowed as they come.
 */
export function answerSchemas(z: ZodNamespace, userDefinedFields: UserDefinedFieldKinds = {}): AnswerSchemas {
  const zod = z as unknown as Zod;
  const decimal = () => zod.number().or(zod.string().regex(/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/));
  const kind = (k: FieldKind): Schema => {
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
  const shape = (fields: Fields) => Object.fromEntries(Object.entries(fields).map(([name, k]) => [name, kind(k)]));
  const userFields = (table: string): Schema => {
    const kinds = userFieldKinds({ userDefinedFields }, table);
    const open = zod.record(zod.string(), zod.unknown());
    // zod reads a field the object lacks through its prototype: a user-defined field named `constructor` would
    // be read as Object's; the object is checked as its own fields only
    return (kinds ? zod.preprocess(ownFields, zod.looseObject(shape(optional(kinds)))) : open).nullish();
  };
  const record = (fields: Fields, table: string, extra: Readonly<Record<string, Schema>> = {}) =>
    zod.looseObject({ ...shape(fields), UserDefinedFields: userFields(table), ...extra });
  const nestedAddress = zod.looseObject(shape(ADDRESS_FIELDS)).nullish();
  const nested = (extended: Readonly<Record<string, 'address' | 'nested'>>) =>
    Object.fromEntries(
      // present and null unless asked for, says the document; the sample answer leaves some out
      Object.entries(extended).map(([name, k]) => [name, k === 'address' ? nestedAddress : zod.unknown().optional()]),
    );
  const template = (fields: Fields, table: string) => record(optional(fields), table);

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
function ownFields(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.assign(Object.create(null) as object, value)
    : value;
}

/** The same fields, every one of them may be absent or null (a blank template; user-defined fields). */
function optional(fields: Fields): Fields {
  const out: Record<string, FieldKind> = {};
  for (const [name, k] of Object.entries(fields)) out[name] = k === 'int!' ? 'int' : k === 'text!' ? 'text' : k;
  return out;
}
