// What the snapshot adds, end to end: the sample snapshot has `customer_ud` and `inv_mast_ud` (not `vendor_ud`).
// The sandbox keeps the user-defined fields in those tables of its database; the generated package's client
// reads them with their kinds (a decimal stays exact text, a Boolean a boolean) and odd names as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErpValidationError } from '@acme/erp-schema';
import {
  answerSchemas,
  userDefinedFields,
  type AnswerSchema,
  type ErpClient,
  type ItemCreate,
} from '@acme/erp-schema/client';
import { startSignedIn, type SignedIn } from '../support/sandbox.js';

let sandbox: SignedIn;
let client: ErpClient;

beforeAll(async () => {
  sandbox = await startSignedIn({ rowsPerObject: 1 });
  client = sandbox.recording();
  sandbox.server.insert('customer_ud', [
    {
      company_id: 'ACME',
      customer_id: 10,
      region: 'North',
      class: 'A',
      'credit score': '712.5',
      größe: 42,
      constructor: 'from constructor',
      ['__proto__']: 'from __proto__',
      loyalty_member: true,
      first_order: '2024-01-02T03:04:05Z',
    },
  ]);
});
afterAll(() => sandbox.server.close());

const own = (record: object, name: string) => Object.getOwnPropertyDescriptor(record, name)?.value;

describe('user-defined fields typed from the snapshot', () => {
  it('a customer answers the fields of its customer_ud row, with their kinds and odd names', async () => {
    const c = await client.entity.customers.get({ companyId: 'ACME', customerId: 10 });
    const u = c.UserDefinedFields!;
    // the service writes the decimal as a JSON number with nine places; the client keeps its exact text
    expect(sandbox.answers.at(-1)?.body).toContain('"credit score":712.500000000');
    expect(u['credit score']).toBe('712.500000000');
    expect(u.region).toBe('North');
    expect(u.class).toBe('A');
    expect(u.größe).toBe(42);
    expect(u.loyalty_member).toBe(true);
    expect(u.first_order).toBe('2024-01-02T03:04:05.000Z');
    expect(own(u, 'constructor')).toBe('from constructor');
    expect(own(u, '__proto__')).toBe('from __proto__');
    expect(Object.getPrototypeOf(u)).toBe(Object.prototype);
    // the key columns that join customer_ud to customer are not user-defined fields
    expect(Object.keys(u)).not.toContain('customer_id');
    expect(Object.keys(u).sort()).toEqual(Object.keys(userDefinedFields.customer).sort());
  });

  it('a customer without a customer_ud row answers every field null', async () => {
    const c = await client.entity.customers.get({ companyId: 'ACME', customerId: 199 });
    expect(c.UserDefinedFields).toMatchObject({ region: null, 'credit score': null, loyalty_member: null });
  });

  it('update writes the fields given and keeps the others; the answer and a new read have them', async () => {
    const answered = await client.entity.customers.update({
      CompanyId: 'ACME',
      CustomerId: 10,
      UserDefinedFields: { region: 'South', 'credit score': '0.000000001', constructor: null },
    });
    expect(answered.UserDefinedFields).toMatchObject({ region: 'South', 'credit score': '0.000000001', größe: 42 });
    const read = await client.entity.customers.get({ companyId: 'ACME', customerId: 10 });
    expect(read.UserDefinedFields?.region).toBe('South');
    expect(read.UserDefinedFields?.['credit score']).toBe('0.000000001');
    expect(own(read.UserDefinedFields!, 'constructor')).toBeNull();
    expect(own(read.UserDefinedFields!, '__proto__')).toBe('from __proto__');
    // the sandbox keeps them in customer_ud, which the query surface serves
    const filter = encodeURIComponent("company_id eq 'ACME' and customer_id eq 10");
    const rows = await sandbox.raw(`/odataservice/odata/table/customer_ud?$filter=${filter}`);
    expect(((await rows.json()) as { value: Array<Record<string, unknown>> }).value).toMatchObject([
      { region: 'South', 'credit score': 0.000000001, größe: 42, constructor: null },
    ]);
  });

  it('create writes them with the new record, and a field the table does not have is a validation error', async () => {
    const created = await client.entity.customers.create({
      CompanyId: 'ACME',
      CustomerName: 'Udf Works',
      UserDefinedFields: { region: 'East', loyalty_member: false },
    });
    expect(created.UserDefinedFields).toMatchObject({ region: 'East', loyalty_member: false });
    const sent = { CompanyId: 'ACME', CustomerName: 'Nope', UserDefinedFields: { regoin: 'East' } };
    const error = await client.entity.customers.create(sent as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpValidationError);
    expect((error as ErpValidationError).issues).toEqual(['UserDefinedFields: regoin is not a user-defined field.']);
  });

  it('a create whose user-defined field does not fit its column leaves nothing behind (atomic create)', async () => {
    const before = (await client.entity.customers.listAll()).length;
    const error = await client.entity.customers
      .create({ CompanyId: 'ACME', CustomerName: 'Too Long', UserDefinedFields: { region: 'R'.repeat(21) } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpValidationError);
    expect((error as ErpValidationError).issues[0]).toMatch(/region.*longer than 20/);
    const after = await client.entity.customers.listAll();
    expect(after.length).toBe(before);
    expect(after.map((c) => c.CustomerName)).not.toContain('Too Long');
  });

  it('a vendor (no vendor_ud in the snapshot) keeps an open record, as sent (beside its row, not queryable)', async () => {
    const v = await client.entity.vendors.update({
      CompanyId: 'ACME',
      VendorId: 20,
      UserDefinedFields: { anything: 'goes', n: 1, exact: '0.1000000000000000000001' },
    });
    expect(v.UserDefinedFields).toEqual({ anything: 'goes', n: 1, exact: '0.1000000000000000000001' });
    const read = await client.entity.vendors.get({ companyId: 'ACME', vendorId: 20 });
    expect(read.UserDefinedFields).toEqual({ anything: 'goes', n: 1, exact: '0.1000000000000000000001' });
  });

  it('an item answers its inv_mast_ud fields; create writes them, decimals exact', async () => {
    const plain = await client.inventory.parts.get('WIDGET-001');
    expect(plain.UserDefinedFields).toEqual({ hazmat_class: null, shelf_life_days: null, carbon_kg: null });
    const item: ItemCreate = {
      ItemId: 'UDF-1',
      ItemDesc: 'Item with user-defined fields',
      ObjectName: 'inv_mast',
      Locations: { list: [{ LocationId: 10, ProductGroupId: 'MISC', ObjectName: 'inv_loc' }] },
      Suppliers: { list: [{ SupplierId: 10, DivisionId: 1, ObjectName: 'inventory_supplier' }] },
      LocationSuppliers: {
        list: [{ LocationId: 10, SupplierId: 10, PrimarySupplier: 'Y', ObjectName: 'inventory_supplier_x_loc' }],
      },
      UserDefinedFields: { hazmat_class: 'H1', carbon_kg: '1.123456789' },
    };
    await client.inventory.parts.create(item);
    const read = await client.inventory.parts.get('UDF-1');
    expect(read.UserDefinedFields).toEqual({ hazmat_class: 'H1', shelf_life_days: null, carbon_kg: '1.123456789' });
  });

  it('the template answers every user-defined field, null', async () => {
    const blank = await client.entity.customers.template();
    expect(blank.UserDefinedFields).toMatchObject({ region: null, loyalty_member: null });
    expect(own(blank.UserDefinedFields!, 'constructor')).toBeNull();
  });

  it("every answer passes the package's zod schema of its answer, and has exactly the snapshot's fields", () => {
    const s = answerSchemas(z, userDefinedFields);
    const byTable: Record<string, readonly [AnswerSchema, readonly string[]]> = {
      customer: [s.customer, Object.keys(userDefinedFields.customer)],
      inv_mast: [s.item, Object.keys(userDefinedFields.inv_mast)],
    };
    let checked = 0;
    for (const answer of sandbox.answers.filter((a) => a.status === 200 && a.body.startsWith('{'))) {
      const body = JSON.parse(answer.body) as { ObjectName?: string; UserDefinedFields?: object };
      const [schema, names] = byTable[body.ObjectName ?? ''] ?? [];
      if (!schema || answer.path.endsWith('/new')) continue;
      expect(schema.safeParse(body).error, answer.path).toBeUndefined();
      expect(Object.keys(body.UserDefinedFields ?? {}).sort(), answer.path).toEqual([...(names ?? [])].sort());
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(7);
    // the schema checks the kinds: a decimal field that is not a number is refused
    const wrong = {
      CompanyId: 'ACME',
      CustomerId: 1,
      ObjectName: 'customer',
      UserDefinedFields: { 'credit score': true },
    };
    expect(s.customer.safeParse(wrong).success).toBe(false);
    // and a field named constructor that the answer lacks is absent, not Object's
    expect(s.customer.safeParse({ ...wrong, UserDefinedFields: { region: 'N' } }).success).toBe(true);
  });
});
