// Type-level guarantees of the entity and inventory families (API.md section 5): what the service refuses does
// not compile. Compiled by test/package/types.test.ts with TypeScript 7 and TypeScript 6.
import { z } from 'zod';
import {
  answerSchemas,
  createClient,
  userDefinedFields,
  type CustomerRecord,
  type ItemCreate,
} from '@acme/erp-schema/client';

const client = createClient({ baseUrl: 'https://erp.example.com', auth: 'token' });
const { customers, addresses, contacts, vendors } = client.entity;
const parts = client.inventory.parts;

export async function entities(): Promise<void> {
  const c = await customers.get({ companyId: 'ACME', customerId: 100198 }, { extendedProperties: ['CustomerAddress'] });
  // asked for, yet it may be null (public captures show null children)
  const city: string | null | undefined = c.CustomerAddress?.MailCity;
  // @ts-expect-error asked for, but possibly null: read it with ?.
  void c.CustomerAddress.MailCity;
  // only the nested objects asked for are present: the others are null
  const contactsOfC: null = c.CustomerContacts;
  const all = await customers.get({ companyId: 'ACME', customerId: 1 }, { extendedProperties: '*' });
  const shipTos: object | null = all.CustomerShipTos;
  const plain: CustomerRecord = await customers.get({ companyId: 'ACME', customerId: 1 });
  // @ts-expect-error not asked for: null, so it has no MailCity
  void plain.CustomerAddress.MailCity;
  // @ts-expect-error not an extended property of a customer
  await customers.get({ companyId: 'ACME', customerId: 1 }, { extendedProperties: ['VendorAddress'] });
  void [city, contactsOfC, shipTos];

  // @ts-expect-error a customer key without its company
  await customers.get({ customerId: 100198 });
  // @ts-expect-error a bare number where a company is needed
  await customers.get(100198);
  // @ts-expect-error a vendor key needs vendorId, not customerId
  await vendors.get({ companyId: 'ACME', customerId: 1 });
  await contacts.get(17);

  // @ts-expect-error addresses cannot be updated
  await addresses.update({ AddressId: 1 });
  // @ts-expect-error addresses cannot be deleted
  await addresses.delete(1);
  // @ts-expect-error addresses have no template
  await addresses.template();
  await addresses.create({ MailCity: 'Kent' });

  // @ts-expect-error a list needs a $query expression
  await customers.list();
  // @ts-expect-error ... and the expression is required
  await customers.list({});
  await customers.listAll();
  await customers.list({ query: (f, { and, not }) => and(f.CustomerName.startswith('A'), not(f.CreditLimit.gt(5))) });
  await contacts.list({ query: (f) => f.Id.eq(17) });
  // @ts-expect-error an unknown $query field
  await customers.list({ query: (f) => f.CustomerNmae.eq('x') });
  // @ts-expect-error a field of another entity
  await customers.list({ query: (f) => f.VendorId.eq(1) });
  // @ts-expect-error a number compared with a string
  await customers.list({ query: (f) => f.CustomerId.eq('10') });
  // @ts-expect-error substringof is for text fields
  await customers.list({ query: (f) => f.CustomerId.substringof('1') });
  // @ts-expect-error `eq null` is not in the family's grammar (only `ne null`)
  await customers.list({ query: (f) => f.TermsId.eq(null) });

  // @ts-expect-error create does not take the generated key
  await customers.create({ CompanyId: 'ACME', CustomerId: 5, CustomerName: 'x' });
  // @ts-expect-error create needs the company
  await customers.create({ CustomerName: 'x' });
  // @ts-expect-error update needs the key fields
  await customers.update({ CustomerName: 'x' });
  await customers.update({ CompanyId: 'ACME', CustomerId: 5, CreditStatus: 'HOLD' });
  await customers.delete({ companyId: 'ACME', customerId: 5 });

  // a decimal is written as a number or as its exact text, and read as its exact text
  await customers.update({ CompanyId: 'ACME', CustomerId: 5, CreditLimit: 5000 });
  await customers.create({ CompanyId: 'ACME', CreditLimit: '5000.10' });
  // @ts-expect-error a decimal is a number or its text, not a boolean
  await customers.update({ CompanyId: 'ACME', CustomerId: 5, CreditLimit: true });
  const limit: string | null | undefined = (await customers.get({ companyId: 'ACME', customerId: 5 })).CreditLimit;
  // @ts-expect-error read back, a decimal is its exact text, not a number
  const limitAsNumber: number | null | undefined = (await customers.get({ companyId: 'ACME', customerId: 5 }))
    .CreditLimit;
  void [limit, limitAsNumber];
}

const minimal: ItemCreate = {
  ItemId: 'W-1',
  ItemDesc: 'Widget',
  ObjectName: 'inv_mast',
  Locations: { list: [{ LocationId: 10, ProductGroupId: 'MISC', ObjectName: 'inv_loc' }] },
  Suppliers: { list: [{ SupplierId: 10, DivisionId: 1, ObjectName: 'inventory_supplier' }] },
  LocationSuppliers: {
    list: [{ LocationId: 10, SupplierId: 10, PrimarySupplier: 'Y', ObjectName: 'inventory_supplier_x_loc' }],
  },
};

export async function inventory(): Promise<void> {
  await parts.create(minimal);
  // @ts-expect-error a create without its blocks
  await parts.create({ ItemId: 'W-1', ItemDesc: 'Widget', ObjectName: 'inv_mast' });
  // @ts-expect-error a create without LocationSuppliers
  await parts.create({ ...minimal, LocationSuppliers: undefined });
  // @ts-expect-error an empty Locations list
  await parts.create({ ...minimal, Locations: { list: [] } });
  // @ts-expect-error a location entry without its ObjectName
  await parts.create({ ...minimal, Locations: { list: [{ LocationId: 10, ProductGroupId: 'MISC' }] } });

  const item = await parts.get('W-1', { extendedProperties: ['Locations'] });
  const qty: string | null | undefined = item.Locations.list[0]?.QtyOnHand;
  const suppliers: null = item.Suppliers;
  void [qty, suppliers];
  // @ts-expect-error not an extended property of an item
  await parts.get('W-1', { extendedProperties: ['Customers'] });

  await parts.appendOrUpdate('W-1', {
    locations: { append: [{ LocationId: 20, CompanyId: 'ACME', ProductGroupId: 'MISC', accountsFromDefaults: true }] },
  });
  await parts.appendOrUpdate('W-1', {
    // @ts-expect-error an appended location needs its accounts, or to say they come from the location's defaults
    locations: { append: [{ LocationId: 20, CompanyId: 'ACME', ProductGroupId: 'MISC' }] },
  });
  await parts.appendOrUpdate('W-1', {
    // @ts-expect-error StandardCost is not writable on an existing location
    locations: { update: [{ LocationId: 10, StandardCost: '1' }] },
  });
  // I5: OP/OQ's order quantity is InvMax (a number or its text); there is no OrderQuantity
  await parts.appendOrUpdate('W-1', {
    item: { Price1: 12.5, Weight: '0.000000001' },
    locations: {
      append: [
        {
          LocationId: 30,
          CompanyId: 'ACME',
          ProductGroupId: 'MISC',
          accountsFromDefaults: true,
          ReplenishmentMethod: 'OP/OQ',
          InvMax: 5,
        },
      ],
    },
  });
  await parts.appendOrUpdate('W-1', {
    locations: {
      append: [
        // @ts-expect-error the order quantity is InvMax
        { LocationId: 30, CompanyId: 'ACME', ProductGroupId: 'MISC', accountsFromDefaults: true, OrderQuantity: 5 },
      ],
    },
  });
  await parts.create({
    ...minimal,
    Price1: 12.5,
    Locations: { list: [{ LocationId: 10, ProductGroupId: 'MISC', ObjectName: 'inv_loc', InvMax: '5' }] },
  });

  // I2: a list needs a $query over the item's fields; there is no unfiltered list
  const listed = await parts.list({ query: (f) => f.ItemId.startswith('W') });
  const listedDesc: string | null | undefined = listed[0]?.ItemDesc;
  void listedDesc;
  // @ts-expect-error the query is required
  await parts.list({});
  // @ts-expect-error an item has no CustomerName
  await parts.list({ query: (f) => f.CustomerName.eq('x') });
  // @ts-expect-error no listAll: an unfiltered item list times out on the service
  await parts.listAll();

  const price = await parts.price('AB#12', {
    companyId: 'ACME',
    customerId: 100198,
    salesLocId: 10,
    sourceLocId: 10,
    uom: 'EA',
    priceUom: 'EA',
    unitQuantity: 3,
  });
  const unit: string | null | undefined = price.UnitPrice;
  void unit;
  // @ts-expect-error a missing price parameter (priceUom)
  await parts.price('AB#12', {
    companyId: 'ACME',
    customerId: 1,
    salesLocId: 10,
    sourceLocId: 10,
    uom: 'EA',
    unitQuantity: 3,
  });
  // @ts-expect-error a missing batch parameter (salesLocId)
  await parts.prices([{ ItemId: 'A', SourceLocId: 10 }], { companyId: 'ACME', customerId: 1 });
  // @ts-expect-error a batch item without SourceLocId
  await parts.prices([{ ItemId: 'A' }], { companyId: 'ACME', customerId: 1, salesLocId: 10 });
  await parts.pricesBulk([{ ItemId: 'A', SourceLocId: 10 }], { companyId: 'ACME', customerId: 1, salesLocId: 10 });
  await parts.prices(
    [{ ItemId: 'A', SourceLocId: 10 }],
    { companyId: 'ACME', customerId: 1, salesLocId: 10 },
    { format: 'xml' },
  );
  await parts.prices(
    [{ ItemId: 'A', SourceLocId: 10 }],
    { companyId: 'ACME', customerId: 1, salesLocId: 10 },
    // @ts-expect-error the batch body is JSON or XML
    { format: 'csv' },
  );
}

// What the snapshot adds (section 6): `customer_ud` and `inv_mast_ud` are in the sample snapshot, `vendor_ud` is not.
export async function typedUserDefinedFields(): Promise<void> {
  const c = await customers.get({ companyId: 'ACME', customerId: 10 });
  const u = c.UserDefinedFields;
  if (u === undefined) return;
  const region: string | null | undefined = u.region;
  // a decimal user-defined field is exact text; a Boolean one a boolean; odd names are fields like the others
  const score: string | null | undefined = u['credit score'];
  const member: boolean | null | undefined = u.loyalty_member;
  const size: number | null | undefined = u.größe;
  // named like a member of Object: where the record lacks the field, that member is what reads
  const ctor: string | Function | null | undefined = u.constructor;
  const proto: string | null | undefined = u.__proto__;
  const keyOf: keyof NonNullable<CustomerRecord['UserDefinedFields']> = 'class';
  void [region, score, member, size, ctor, proto, keyOf];
  // @ts-expect-error a user-defined field the snapshot's customer_ud does not have
  void u.no_such_field;
  // @ts-expect-error the key columns that join customer_ud to customer are not user-defined fields
  void u.customer_id;
  // @ts-expect-error a decimal user-defined field is not a number
  const asNumber: number | null | undefined = u['credit score'];
  void asNumber;
  await customers.update({ CompanyId: 'ACME', CustomerId: 10, UserDefinedFields: { region: 'North', größe: 4 } });
  await customers.create({ CompanyId: 'ACME', UserDefinedFields: { constructor: 'c', ['__proto__']: 'p' } });
  // @ts-expect-error an unknown user-defined field is refused on update
  await customers.update({ CompanyId: 'ACME', CustomerId: 10, UserDefinedFields: { regoin: 'North' } });
  // @ts-expect-error a user-defined field of the wrong kind is refused on create
  await customers.create({ CompanyId: 'ACME', UserDefinedFields: { region: 7 } });
  // a decimal user-defined field is written as a number or its text (and read as its text)
  await customers.update({ CompanyId: 'ACME', CustomerId: 10, UserDefinedFields: { 'credit score': 712.5 } });
  await customers.update({ CompanyId: 'ACME', CustomerId: 10, UserDefinedFields: { 'credit score': '712.5' } });
  // @ts-expect-error ... not as a boolean
  await customers.update({ CompanyId: 'ACME', CustomerId: 10, UserDefinedFields: { 'credit score': true } });

  // without vendor_ud in the snapshot, a vendor's user-defined fields stay an open record
  const v = await vendors.get({ companyId: 'ACME', vendorId: 20 });
  const anything: unknown = v.UserDefinedFields?.['whatever'];
  await vendors.update({ CompanyId: 'ACME', VendorId: 20, UserDefinedFields: { whatever: 1 } });
  void anything;

  // inventory items: typed from inv_mast_ud
  const item = await parts.get('WIDGET-001');
  const carbon: string | null | undefined = item.UserDefinedFields?.carbon_kg;
  void carbon;
  // @ts-expect-error not a column of inv_mast_ud
  void item.UserDefinedFields?.carbon;
}

// the answers' zod schemas are built with the caller's zod
export const schemas = answerSchemas(z, userDefinedFields);
// @ts-expect-error not zod's namespace
answerSchemas({ string: () => '' });
