// The entity family of the generated package against the sandbox's entity routes over real HTTP: keys from their
// parts, extended properties, the trailing slash and a required $query, template, create, update, soft delete,
// the typed errors; every answer received is checked against the zod schema of its record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErpError,
  ErpNotFoundError,
  ErpQueryError,
  ErpResourceNotFoundError,
  ErpServerError,
  ErpValidationError,
} from '@acme/erp-schema';
import { createClient, type ErpClient } from '@acme/erp-schema/client';
import { answerSchemas, userDefinedFields, type AnswerSchema } from '@acme/erp-schema/client';
import { startRestSandbox, TOKEN, type RestSandbox } from './entity-sandbox.js';
import { z } from 'zod';

let sandbox: RestSandbox;
let client: ErpClient;

beforeAll(async () => {
  sandbox = await startRestSandbox();
  client = createClient({
    baseUrl: sandbox.url,
    auth: TOKEN,
    fetch: sandbox.fetch,
    retry: { sleep: async () => undefined },
  });
});
afterAll(() => sandbox.server.close());

const last = () => sandbox.server.requests[sandbox.server.requests.length - 1];

describe('entity family: reading', () => {
  it('builds a customer key from company and id, and fills exactly the nested objects asked for', async () => {
    const c = await client.entity.customers.get(
      { companyId: 'ACME', customerId: 100198 },
      { extendedProperties: ['CustomerAddress'] },
    );
    expect(last()?.path).toBe('/api/entity/customers/ACME_100198');
    expect(last()?.query).toBe('extendedproperties=CustomerAddress');
    expect(c.CustomerAddress.MailCity).toBe('Akron');
    expect(c.CustomerContacts).toBeNull();
    expect(c.ObjectName).toBe('customer');
    expect(c.UserDefinedFields).toMatchObject({ region: null, 'credit score': null });
    // nine decimal places, kept exactly (JSON.parse would keep 2500.123456789, but not the trailing zeros)
    expect(c.CreditLimit).toBe('2500.123456789');
  });

  it("'*' fills every nested object; no option fills none", async () => {
    const all = await client.entity.customers.get({ companyId: 'ACME', customerId: 10 }, { extendedProperties: '*' });
    expect(last()?.query).toBe('extendedproperties=*');
    expect(all.CustomerContacts).toEqual({ list: [{ ContactId: 5010, ObjectName: 'contacts' }] });
    expect(all.CustomerShipTos).toEqual({ list: [] });
    const none = await client.entity.customers.get({ companyId: 'ACME', customerId: 10 });
    expect(none.CustomerAddress).toBeNull();
    expect(none.CreditLimit).toBe('1000.000000000');
  });

  it('refuses a key without its company before sending (a numeric id alone would answer 404)', async () => {
    const before = sandbox.server.requests.length;
    await expect(
      client.entity.customers.get({ customerId: 100198 } as unknown as { companyId: string; customerId: number }),
    ).rejects.toThrow(/needs its company/);
    await expect(client.entity.vendors.get({ companyId: '', vendorId: 20 })).rejects.toBeInstanceOf(ErpQueryError);
    expect(sandbox.server.requests.length).toBe(before);
  });

  it('a missing record is an ErpResourceNotFoundError with the decoded error body', async () => {
    const error = await client.entity.customers.get({ companyId: 'ACME', customerId: 4242 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpResourceNotFoundError);
    expect(error).toBeInstanceOf(ErpNotFoundError);
    const e = error as ErpResourceNotFoundError;
    expect(e.status).toBe(404);
    expect(e.details.errorType).toBe('ResourceNotFoundException');
    expect(e.details.logId).toMatch(/^log-/);
    expect(e.details.timestamp).toBeInstanceOf(Date);
    expect(e.message).toMatch(/GetById ACME_4242/);
  });

  it('lists with the trailing slash and the $query expression, strings quoted with quotes doubled', async () => {
    const found = await client.entity.customers.list({
      query: (c, { and, or }) =>
        and(c.CompanyId.eq('ACME'), or(c.CustomerName.eq("O'Brien Hardware"), c.CustomerName.startswith('Acme'))),
    });
    expect(last()?.path).toBe('/api/entity/customers/');
    expect(decodeURIComponent(last()?.query ?? '')).toBe(
      "$query=(CompanyId eq 'ACME') and ((CustomerName eq 'O''Brien Hardware') or (startswith(CustomerName,'Acme')))",
    );
    expect(found.map((c) => c.CustomerId).sort()).toEqual([100198, 100199]);
    expect(found.every((c) => c.CustomerAddress === null)).toBe(true);
  });

  it('substringof, not, ne null and decimal comparisons reach the service as the family writes them', async () => {
    const found = await client.entity.customers.list({
      query: (c, { and, not }) =>
        and(c.CustomerName.substringof('Supply'), not(c.CreditLimit.gt('5000.5')), c.TermsId.ne(null)),
    });
    expect(decodeURIComponent(last()?.query ?? '')).toBe(
      "$query=(substringof('Supply',CustomerName)) and (not (CreditLimit gt 5000.5)) and (TermsId ne null)",
    );
    expect(found.map((c) => c.CustomerName)).toEqual(['ABC Supply Company']);
  });

  it('refuses a list without a query at run time too; listAll() asks for everything', async () => {
    const before = sandbox.server.requests.length;
    await expect((client.entity.contacts.list as (o: unknown) => Promise<unknown>)({})).rejects.toThrow(/listAll/);
    expect(sandbox.server.requests.length).toBe(before);
    const all = await client.entity.addresses.listAll();
    expect(last()?.path).toBe('/api/entity/addresses/');
    expect(last()?.query).toBe('');
    expect(all.length).toBe(4);
  });

  it('the service answers 307 without the trailing slash (why the client always sends it)', async () => {
    const response = await fetch(`${sandbox.url}/api/entity/customers`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
      redirect: 'manual',
    });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/api/entity/customers/');
  });

  it('pings each resource', async () => {
    await expect(client.entity.vendors.ping()).resolves.toBe('success');
    await expect(client.entity.addresses.ping()).resolves.toBe('success');
  });
});

describe('entity family: writing', () => {
  it('template() answers a blank record; create() posts without the key and answers the new record', async () => {
    const blank = await client.entity.customers.template();
    expect(last()?.path).toBe('/api/entity/customers/new');
    expect(blank.CustomerId).toBeNull();
    const created = await client.entity.customers.create({
      CompanyId: 'ACME',
      CustomerName: 'New Co',
      CreditLimit: '10.000000001',
    });
    expect(last()?.method).toBe('POST');
    expect(last()?.path).toBe('/api/entity/customers');
    expect(JSON.parse(last()?.body ?? '{}')).not.toHaveProperty('CustomerId');
    expect(created.CustomerId).toBeGreaterThan(0);
    expect(created.CreditLimit).toBe('10.000000001');
    const read = await client.entity.customers.get({ companyId: 'ACME', customerId: created.CustomerId });
    expect(read.CustomerName).toBe('New Co');
  });

  it('update() PUTs the key fields and the changes to the key built from them', async () => {
    const updated = await client.entity.customers.update({
      CompanyId: 'ACME',
      CustomerId: 100199,
      CreditStatus: 'HOLD',
    });
    expect(last()?.method).toBe('PUT');
    expect(last()?.path).toBe('/api/entity/customers/ACME_100199');
    expect(updated.CreditStatus).toBe('HOLD');
    expect((await client.entity.customers.get({ companyId: 'ACME', customerId: 100199 })).CreditStatus).toBe('HOLD');
  });

  it('a validation failure is an ErpValidationError listing each issue', async () => {
    const error = await client.entity.customers
      .update({ CompanyId: 'ACME', CustomerId: 100199, CustomerName: ' ', CreditLimit: '-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpValidationError);
    expect((error as ErpValidationError).issues).toEqual([
      'CustomerName is required.',
      'CreditLimit cannot be negative.',
    ]);
    expect((error as ErpValidationError).message).toMatch(
      /CustomerName is required\.; CreditLimit cannot be negative\./,
    );
  });

  it('delete() is a PUT with Delete: true (there is no DELETE method); the record is gone afterwards', async () => {
    await client.entity.contacts.delete(17);
    expect(last()?.method).toBe('PUT');
    expect(last()?.path).toBe('/api/entity/contacts/17');
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({ Id: 17, Delete: true });
    await expect(client.entity.contacts.get(17)).rejects.toBeInstanceOf(ErpResourceNotFoundError);
  });

  it('addresses have no update, delete or template at run time either; the service answers 405 and 500', async () => {
    const addresses = client.entity.addresses as unknown as Record<string, unknown>;
    expect(addresses['update']).toBeUndefined();
    expect(addresses['delete']).toBeUndefined();
    expect(addresses['template']).toBeUndefined();
    const put = await fetch(`${sandbox.url}/api/entity/addresses/1`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: '{"AddressId":1}',
    });
    expect(put.status).toBe(405);
    const blank = await fetch(`${sandbox.url}/api/entity/addresses/new`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(blank.status).toBe(500);
    const created = await client.entity.addresses.create({ MailCity: 'Kent', CorpAddressId: 1 });
    expect(created.AddressId).toBeGreaterThan(0);
  });

  it('an unknown resource path answers 404 Not Found', async () => {
    const response = await fetch(`${sandbox.url}/api/entity/suppliers/1`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
    expect(ErpServerError).toBeDefined();
    expect(ErpError).toBeDefined();
  });
});

describe('entity family: every answer', () => {
  it('each JSON answer the tests received passes the zod schema of its answer (the package ships them)', () => {
    const s = answerSchemas(z, userDefinedFields);
    const byResource: Record<string, readonly [one: AnswerSchema, list: AnswerSchema, template?: AnswerSchema]> = {
      customers: [s.customer, s.customers, s.customerTemplate],
      vendors: [s.vendor, s.vendors, s.vendorTemplate],
      contacts: [s.contact, s.contacts, s.contactTemplate],
      addresses: [s.address, s.addresses],
    };
    let checked = 0;
    for (const answer of sandbox.answers.filter((a) => a.body.startsWith('{') || a.body.startsWith('['))) {
      const body: unknown = JSON.parse(answer.body);
      const [, resource = '', rest = ''] = /^\/api\/entity\/([^/]+)(\/.*)?$/.exec(answer.path) ?? [];
      const [one, list, template] = byResource[resource] ?? [];
      const schema =
        answer.status === 400 && 'Errors' in (body as object)
          ? s.validation
          : answer.status >= 400
            ? 'ErrorType' in (body as object)
              ? s.error
              : s.frameworkError
            : rest === '/ping'
              ? s.ping
              : rest === '/new'
                ? template
                : Array.isArray(body)
                  ? list
                  : one;
      expect(schema, `${answer.method} ${answer.path}`).toBeDefined();
      expect(schema!.safeParse(body).error, `${answer.method} ${answer.path}`).toBeUndefined();
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });
});
