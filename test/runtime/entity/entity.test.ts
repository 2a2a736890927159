// The entity family of the generated package against the sandbox's entity routes over real HTTP, signed in with a
// token the sandbox issued: keys from their parts (E1), the trailing slash (E2), `$query` (E3, E4), extended
// properties (E5), addresses (E6), the soft delete (E7), the family's paths (E8), vendors apart from suppliers (E9),
// exact decimals both ways, the typed errors; every answer received is checked against the zod schema of its record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErpError,
  ErpNotFoundError,
  ErpQueryError,
  ErpResourceNotFoundError,
  ErpServerError,
  ErpValidationError,
  ErpWriteNotAppliedError,
  query,
} from '@acme/erp-schema';
import {
  answerSchemas,
  createClient,
  userDefinedFields,
  type AnswerSchema,
  type ErpClient,
} from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { supplier } from '@acme/erp-schema/tables/supplier';
import { vendor } from '@acme/erp-schema/tables/vendor';
import { z } from 'zod';
import { startSignedIn, type SignedIn } from '../../support/sandbox.js';

let sandbox: SignedIn;
let client: ErpClient;

beforeAll(async () => {
  sandbox = await startSignedIn({ rowsPerObject: 1 });
  client = sandbox.recording({ retry: { sleep: async () => undefined } });
});
afterAll(() => sandbox.server.close());

const last = () => sandbox.server.requests[sandbox.server.requests.length - 1];
/** the requests `run` made, token calls left out */
async function requestsOf(run: () => Promise<unknown>) {
  const from = sandbox.server.requests.length;
  await run();
  return sandbox.server.requests.slice(from).filter((r) => !r.path.startsWith('/api/security/'));
}

describe('entity family: reading', () => {
  it('E1: builds a customer key from company and id, and fills exactly the nested objects asked for (E5)', async () => {
    const c = await client.entity.customers.get(
      { companyId: 'ACME', customerId: 198 },
      { extendedProperties: ['CustomerAddress'] },
    );
    expect(last()?.path).toBe('/api/entity/customers/ACME_198');
    expect(last()?.query).toBe('extendedproperties=CustomerAddress');
    expect(c.CustomerAddress?.MailCity).toBe('Akron');
    expect(c.CustomerContacts).toBeNull();
    expect(c.ObjectName).toBe('customer');
    expect(c.UserDefinedFields).toMatchObject({ region: null, 'credit score': null });
  });

  it('decimals arrive as JSON numbers and are read with every digit (JSON.parse would round them)', async () => {
    const c = await client.entity.customers.get({ companyId: 'ACME', customerId: 198 });
    expect(sandbox.answers.at(-1)?.body).toContain('"CreditLimit":123456789012345.6789');
    expect(JSON.parse(sandbox.answers.at(-1)!.body).CreditLimit).toBe(123456789012345.67);
    expect(c.CreditLimit).toBe('123456789012345.6789');
  });

  it("E5: '*' fills every nested object from the rows of its table; no option fills none", async () => {
    const all = await client.entity.customers.get({ companyId: 'ACME', customerId: 10 }, { extendedProperties: '*' });
    expect(last()?.query).toBe('extendedproperties=*');
    // the contacts rows of the customer's address
    expect(all.CustomerContacts).toMatchObject({ list: [{ Id: '5010', FirstName: 'Bea', ObjectName: 'contacts' }] });
    expect(all.CustomerShipTos).toEqual({ list: [] });
    expect(all.CustomerEDITransactions).toEqual({ list: [] });
    const none = await client.entity.customers.get({ companyId: 'ACME', customerId: 10 });
    expect(none.CustomerAddress).toBeNull();
    expect(none.CreditLimit).toBe('1000.0000');
  });

  it('E1: refuses a key without its company before sending; the service answers a numeric id alone 404', async () => {
    const before = sandbox.server.requests.length;
    await expect(
      client.entity.customers.get({ customerId: 198 } as unknown as { companyId: string; customerId: number }),
    ).rejects.toThrow(/needs its company/);
    await expect(client.entity.vendors.get({ companyId: '', vendorId: 20 })).rejects.toBeInstanceOf(ErpQueryError);
    expect(sandbox.server.requests.length).toBe(before);
    expect((await sandbox.raw('/api/entity/customers/198')).status).toBe(404);
    // the underscore may come percent-encoded
    expect((await sandbox.raw('/api/entity/customers/ACME%5F198')).status).toBe(200);
  });

  it('E12: a missing record is a 404 ResourceNotFoundException naming the query: an ErpResourceNotFoundError with the decoded error body', async () => {
    const error = await client.entity.customers.get({ companyId: 'ACME', customerId: 4242 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpResourceNotFoundError);
    expect(error).toBeInstanceOf(ErpNotFoundError);
    const e = error as ErpResourceNotFoundError;
    expect(e.status).toBe(404);
    expect(e.details.errorType).toBe('ResourceNotFoundException');
    expect(e.details.exception).toBe('ResourceNotFoundException');
    expect(e.details.logId).toMatch(/^log-/);
    expect(e.details.timestamp).toBeInstanceOf(Date);
    expect(e.message).toMatch(/GetById ACME_4242/);
  });

  it('E2, E3: lists with the trailing slash, in one request (no 307 followed), and the $query expression', async () => {
    let found: Awaited<ReturnType<typeof client.entity.customers.list>> = [];
    const sent = await requestsOf(async () => {
      found = await client.entity.customers.list({
        query: (c, { and, or }) =>
          and(c.CompanyId.eq('ACME'), or(c.CustomerName.eq("O'Brien Hardware"), c.CustomerName.startswith('Acme T'))),
      });
    });
    // without the slash the service answers 307: the client would follow it, in a second request
    expect(sent.map((r) => r.path)).toEqual(['/api/entity/customers/']);
    expect(decodeURIComponent(sent[0]?.query ?? '')).toBe(
      "$query=(CompanyId eq 'ACME') and ((CustomerName eq 'O''Brien Hardware') or (startswith(CustomerName,'Acme T')))",
    );
    expect(found.map((c) => c.CustomerId).sort()).toEqual([198, 199]);
    expect(found.every((c) => c.CustomerAddress === null)).toBe(true);
  });

  it('E3: substringof, not, ne null and exact decimal comparisons reach the service as the family writes them', async () => {
    // as doubles, 123456789012345.6780 and 123456789012345.6789 are the same number
    await client.entity.customers.create({
      CompanyId: 'ACME',
      CustomerName: 'Near Hardware',
      CreditLimit: '123456789012345.678',
      TermsId: '1',
    });
    const found = await client.entity.customers.list({
      query: (c, { and, not }) =>
        and(
          c.CustomerName.substringof('Hardware'),
          not(c.CustomerName.startswith('Near')),
          c.CreditLimit.gt('123456789012345.6780'),
          c.TermsId.ne(null),
        ),
    });
    expect(decodeURIComponent(last()?.query ?? '')).toBe(
      "$query=(substringof('Hardware',CustomerName)) and (not (startswith(CustomerName,'Near'))) and (CreditLimit gt 123456789012345.6780) and (TermsId ne null)",
    );
    expect(found.map((c) => c.CustomerName)).toEqual(["O'Brien Hardware"]);
    const exact = await client.entity.customers.list({ query: (c) => c.CreditLimit.eq('123456789012345.678') });
    expect(exact.map((c) => c.CustomerName)).toEqual(['Near Hardware']);
  });

  it('E2: the service answers 307 without the trailing slash, before it looks at the token', async () => {
    const response = await fetch(`${sandbox.url}/api/entity/customers`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/api/entity/customers/');
  });

  it('E4: a list needs a $query; listAll() answers every record of the table in one answer, as the service does', async () => {
    const before = sandbox.server.requests.length;
    await expect((client.entity.contacts.list as (o: unknown) => Promise<unknown>)({})).rejects.toThrow(/listAll/);
    expect(sandbox.server.requests.length).toBe(before);
    const all = await client.entity.customers.listAll();
    expect(last()?.path).toBe('/api/entity/customers/');
    expect(last()?.query).toBe('');
    // every row of `customer`, as the query surface counts them
    const counted = await client.page(query(customer).top(1).count());
    expect(all.length).toBe(counted.count);
    expect(all.length).toBeGreaterThan(1000);
  });

  it('pings each resource', async () => {
    await expect(client.entity.vendors.ping()).resolves.toBe('success');
    await expect(client.entity.addresses.ping()).resolves.toBe('success');
  });

  it('E8: customers are served on /api/entity/ only; a category path such as /api/sales/customers answers 404', async () => {
    const sent = await requestsOf(() => client.entity.customers.get({ companyId: 'ACME', customerId: 10 }));
    expect(sent.map((r) => r.path)).toEqual(['/api/entity/customers/ACME_10']);
    expect((await sandbox.raw('/api/sales/customers/')).status).toBe(404);
    expect((await sandbox.raw('/api/sales/customers/ACME_10')).status).toBe(404);
  });

  it("E9: a vendor's id is not a supplier_id: the vendor is a `vendor` row, the supplier of that number another", async () => {
    const created = await client.entity.vendors.create({ CompanyId: 'ACME', VendorName: 'Nine Nails' } as never);
    const id = created.VendorId;
    const vendors = await client.page(query(vendor).filter((v) => v.vendor_id.eq(id)));
    expect(vendors.rows.map((v) => v.vendor_name)).toEqual(['Nine Nails']);
    const suppliers = await client.page(query(supplier).filter((s) => s.supplier_id.eq(id)));
    expect(suppliers.rows).toEqual([]);
    // vendor ACME_1 and supplier 1 are both there, and are not the same party
    const [supplier1] = (await client.page(query(supplier).filter((s) => s.supplier_id.eq(1)))).rows;
    const vendor1 = await client.entity.vendors.get({ companyId: 'ACME', vendorId: 1 });
    expect(supplier1).toBeDefined();
    expect(vendor1['VendorName' as never]).not.toBe(supplier1?.supplier_name);
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
      CreditLimit: '10.0001',
    });
    expect(last()?.method).toBe('POST');
    expect(last()?.path).toBe('/api/entity/customers');
    expect(JSON.parse(last()?.body ?? '{}')).not.toHaveProperty('CustomerId');
    expect(created.CustomerId).toBeGreaterThan(0);
    expect(created.CreditLimit).toBe('10.0001');
    const read = await client.entity.customers.get({ companyId: 'ACME', customerId: created.CustomerId });
    expect(read.CustomerName).toBe('New Co');
  });

  it('a decimal is written as a JSON number made from its exact text: 5000 or its text', async () => {
    await client.entity.customers.update({ CompanyId: 'ACME', CustomerId: 199, CreditLimit: 5000 });
    expect(last()?.body).toContain('"CreditLimit":5000');
    await client.entity.customers.update({
      CompanyId: 'ACME',
      CustomerId: 199,
      CreditLimit: '123456789012345.1234',
    });
    // a number token, not a string, and no digit lost on the way (as a double it would be ...345.12)
    expect(last()?.body).toContain('"CreditLimit":123456789012345.1234');
    const read = await client.entity.customers.get({ companyId: 'ACME', customerId: 199 });
    expect(read.CreditLimit).toBe('123456789012345.1234');
    // what is not a decimal is refused before sending, naming the field
    const before = sandbox.server.requests.length;
    await expect(
      client.entity.customers.update({ CompanyId: 'ACME', CustomerId: 199, CreditLimit: '5,000' as never }),
    ).rejects.toThrow(/CreditLimit: "5,000" is not a decimal/);
    expect(sandbox.server.requests.length).toBe(before);
  });

  it('update() PUTs the key fields and the changes to the key built from them', async () => {
    const updated = await client.entity.customers.update({
      CompanyId: 'ACME',
      CustomerId: 199,
      CreditStatus: 'HOLD',
    });
    expect(last()?.method).toBe('PUT');
    expect(last()?.path).toBe('/api/entity/customers/ACME_199');
    expect(updated.CreditStatus).toBe('HOLD');
    expect((await client.entity.customers.get({ companyId: 'ACME', customerId: 199 })).CreditStatus).toBe('HOLD');
  });

  it('a verified update reads the record back (one GET more) and compares each field sent, decimals by value', async () => {
    const from = sandbox.server.requests.length;
    const read = await client.entity.customers.update(
      { CompanyId: 'ACME', CustomerId: 199, CreditLimit: '7000.50', CreditStatus: 'COD' },
      { verify: true },
    );
    // stored as 7000.5000: the same value
    expect(read.CreditLimit).toBe('7000.5000');
    expect(sandbox.server.requests.slice(from).map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/entity/customers/ACME_199',
      'GET /api/entity/customers/ACME_199',
    ]);
  });

  it('a verified update whose read-back differs (another writer changed it after the PUT) is an ErpWriteNotAppliedError naming the field', async () => {
    // a fetch that lets another writer change the customer between the PUT's answer and the read-back
    const racing = createClient({
      baseUrl: sandbox.url,
      auth: sandbox.auth,
      drift: 'off',
      verify: true,
      fetch: async (url, init) => {
        const response = await sandbox.fetch(url, init);
        if (init.method === 'PUT')
          await sandbox.raw('/api/entity/customers/ACME_199', {
            method: 'PUT',
            body: JSON.stringify({ CompanyId: 'ACME', CustomerId: 199, CreditStatus: 'HOLD' }),
          });
        return response;
      },
    });
    const error = await racing.entity.customers
      .update({ CompanyId: 'ACME', CustomerId: 199, CreditStatus: 'OK' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpWriteNotAppliedError);
    expect((error as ErpWriteNotAppliedError).fields).toEqual([
      {
        service: 'entity/customers',
        element: 'record',
        field: 'CreditStatus',
        sent: 'OK',
        stored: 'HOLD',
        kind: 'not-applied',
      },
    ]);
    // unverified (the client's default), the same update answers the record the PUT returned
    await expect(
      client.entity.customers.update({ CompanyId: 'ACME', CustomerId: 199, CreditStatus: 'OK' }),
    ).resolves.toMatchObject({ CreditStatus: 'OK' });
  });

  it('E12: a validation failure {Message, Errors[]} is an ErpValidationError listing each issue', async () => {
    const error = await client.entity.customers
      .update({ CompanyId: 'ACME', CustomerId: 199, CustomerName: ' ', CreditLimit: '-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpValidationError);
    expect((error as ErpValidationError).issues).toEqual([
      'CustomerName is required.',
      'CreditLimit cannot be negative.',
    ]);
    expect((error as ErpValidationError).message).toMatch(
      /CustomerName is required\.; CreditLimit cannot be negative\./,
    );
    // a decimal with more places than its column holds is refused too, naming the field
    const places = await client.entity.customers
      .update({ CompanyId: 'ACME', CustomerId: 199, CreditLimit: '1.00001' })
      .catch((e: unknown) => e);
    expect((places as ErpValidationError).issues).toEqual(['CreditLimit: 1.00001 has more than 4 fraction digits.']);
  });

  it('E7: delete() is a PUT with Delete: true (there is no DELETE method); the record stays, marked deleted', async () => {
    await client.entity.contacts.delete(17);
    expect(last()?.method).toBe('PUT');
    expect(last()?.path).toBe('/api/entity/contacts/17');
    expect(JSON.parse(last()?.body ?? '{}')).toEqual({ Id: 17, Delete: true });
    const after = await client.entity.contacts.get(17);
    expect(after.Delete).toBe(true);
    expect(after['FirstName' as never]).toBe('Ann');
    const raw = await sandbox.raw('/api/entity/contacts/17', { method: 'DELETE' });
    expect(raw.status).toBe(405);
  });

  it('E6: addresses have no update, delete or template at run time either; the service answers 405 and 500', async () => {
    const addresses = client.entity.addresses as unknown as Record<string, unknown>;
    expect(addresses['update']).toBeUndefined();
    expect(addresses['delete']).toBeUndefined();
    expect(addresses['template']).toBeUndefined();
    const put = await sandbox.raw('/api/entity/addresses/10', { method: 'PUT', body: '{"AddressId":10}' });
    expect(put.status).toBe(405);
    const blank = await sandbox.raw('/api/entity/addresses/new');
    expect(blank.status).toBe(500);
    const created = await client.entity.addresses.create({ MailCity: 'Kent', CorpAddressId: 1 });
    expect(created.AddressId).toBeGreaterThan(0);
  });

  it('an unknown resource path answers 404 Not Found', async () => {
    const response = await sandbox.raw('/api/entity/suppliers/1');
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
      const [, resource = '', rest = ''] = /^\/api\/entity\/([^/]+)(\/.*)?$/.exec(answer.path) ?? [];
      if (resource === '') continue;
      const body: unknown = JSON.parse(answer.body);
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
