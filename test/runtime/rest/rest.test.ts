// The REST families' pieces without a server: the entity `$query` text against the OASIS grammar oracle, the
// lossless reading of decimals, the decoding of REST error bodies, and the lock retry of the one policy.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErpLockedError, ErpNotFoundError, ErpServerError } from '../../../templates/runtime/errors.js';
import { z } from 'zod';
import { recordCheck } from '../../../templates/runtime/rest/fields.js';
import { answerSchemas } from '../../../templates/runtime/answer-schemas.js';
import { CUSTOMER_FIELDS } from '../../../templates/runtime/entity/records.js';
import { buildQuery, type QueryBuilder } from '../../../templates/runtime/rest/query.js';
import { exactBody, parseExactJson } from '../../../templates/runtime/rest/call.js';
import { explainRestError, restDate } from '../../../templates/runtime/rest/error-body.js';
import {
  ErpResourceNotFoundError,
  ErpServiceError,
  ErpValidationError,
} from '../../../templates/runtime/rest/errors.js';
import { writeShape } from '../../../templates/runtime/rest/fields.js';
import { ErpQueryError } from '../../../templates/runtime/errors.js';
import { retryPolicy, retryReason } from '../../../templates/runtime/retry.js';
import type { RequestInfo } from '../../../templates/runtime/errors.js';
import { isValidFilter } from '../../support/odata-abnf.js';
import '../../support/property-seed.js';

type Customer = typeof CUSTOMER_FIELDS;
const build = (q: QueryBuilder<Customer, unknown>) => buildQuery(CUSTOMER_FIELDS, q);
/** The OData v4 grammar has `contains(Field,'x')` where this family has `substringof('x',Field)`. */
const asV4 = (text: string) => text.replace(/substringof\(('(?:[^']|'')*'),(\w+)\)/g, 'contains($2,$1)');

describe('entity $query builder', () => {
  it('writes each operation as the family documents it', () => {
    expect(build((c) => c.CustomerName.eq("O'Brien"))).toBe("CustomerName eq 'O''Brien'");
    expect(build((c) => c.CustomerName.substringof('Supply'))).toBe("substringof('Supply',CustomerName)");
    expect(build((c) => c.CustomerName.startswith('A'))).toBe("startswith(CustomerName,'A')");
    expect(build((c) => c.CustomerName.endswith('Co'))).toBe("endswith(CustomerName,'Co')");
    expect(build((c) => c.TermsId.ne(null))).toBe('TermsId ne null');
    expect(build((c) => c.CreditLimit.ge('1.123456789012345678'))).toBe('CreditLimit ge 1.123456789012345678');
    expect(build((c) => c.CustomerId.lt(100))).toBe('CustomerId lt 100');
    expect(build((c) => c.Delete.eq(false))).toBe('Delete eq false');
    expect(build((c, { or, not }) => or(c.Taxable.eq('Y'), not(c.CustomerId.le(3))))).toBe(
      "(Taxable eq 'Y') or (not (CustomerId le 3))",
    );
  });

  it('refuses what it cannot write: a non-integer id, a decimal that is not one, eq null', () => {
    expect(() => build((c) => c.CustomerId.eq(1.5))).toThrow(/not an integer/);
    expect(() => build((c) => c.CreditLimit.eq('1e5'))).toThrow(/not a decimal/);
    expect(() => build((c) => (c.TermsId as unknown as { eq(v: null): never }).eq(null))).toThrow(/only `ne null`/);
  });

  it('its text passes the OASIS grammar oracle, for any strings and numbers (substringof read as contains)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    const leaf = fc.oneof(
      text.map((s) => (c: Parameters<QueryBuilder<Customer, unknown>>[0]) => c.CustomerName.eq(s)),
      text.map((s) => (c: Parameters<QueryBuilder<Customer, unknown>>[0]) => c.CustomerName.substringof(s)),
      text.map((s) => (c: Parameters<QueryBuilder<Customer, unknown>>[0]) => c.SalesrepId.startswith(s)),
      fc.integer().map((n) => (c: Parameters<QueryBuilder<Customer, unknown>>[0]) => c.CustomerId.gt(n)),
      fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .map((n) => (c: Parameters<QueryBuilder<Customer, unknown>>[0]) => c.CreditLimit.le(n)),
      fc.constant((c: Parameters<QueryBuilder<Customer, unknown>>[0]) => c.TermsId.ne(null)),
    );
    fc.assert(
      fc.property(
        fc.array(leaf, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        (leaves, useOr, negate) => {
          const query = build((c, { and, or, not }) => {
            const [first, ...rest] = leaves.map((l) => l(c));
            const joined = (useOr ? or : and)(first!, ...rest);
            return negate ? not(joined) : joined;
          });
          expect(isValidFilter(asV4(query)), query).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('exact decimals', () => {
  it('keeps every digit of fractions and long integers; leaves strings and safe integers alone', () => {
    const value = parseExactJson(
      '{"a":1.123456789012,"b":12.500000000,"c":10,"d":"1.5","e":[-0.000000001,1e-7],"f":12345678901234567890,"g":"x\\"1.5"}',
    );
    expect(value).toEqual({
      a: '1.123456789012',
      b: '12.500000000',
      c: 10,
      d: '1.5',
      e: ['-0.000000001', '1e-7'],
      f: '12345678901234567890',
      g: 'x"1.5',
    });
  });
});

describe('exact decimals on the way out', () => {
  const shape = writeShape(
    { CreditLimit: 'decimal', CustomerName: 'text' },
    { Locations: writeShape({ QtyOnHand: 'decimal' }) },
    { 'credit score': 'decimal' },
  );

  it("writes each decimal of the record as a JSON number from its exact text, a number's or a string's", () => {
    expect(
      exactBody(
        {
          CreditLimit: '123456789012345.6789',
          CustomerName: '1.5',
          Locations: { list: [{ QtyOnHand: 0.1 }, { QtyOnHand: '-0.000000001' }, { QtyOnHand: null }] },
          UserDefinedFields: { 'credit score': 5000, other: '2.5' },
        },
        shape,
        'entity/customers',
      ),
    ).toBe(
      '{"CreditLimit":123456789012345.6789,"CustomerName":"1.5","Locations":{"list":[{"QtyOnHand":0.1},{"QtyOnHand":-0.000000001},{"QtyOnHand":null}]},"UserDefinedFields":{"credit score":5000,"other":"2.5"}}',
    );
    // 1e21 and 1e-7 written out in full: JSON.stringify would write an exponent
    expect(exactBody({ CreditLimit: 1e21 }, shape, 'c')).toBe('{"CreditLimit":1000000000000000000000}');
    expect(exactBody({ CreditLimit: 1e-7 }, shape, 'c')).toBe('{"CreditLimit":0.0000001}');
  });

  it('whatever the strings around it hold (the placeholder is one no string of the body has)', () => {
    const tricky = { CustomerName: '\u0000' + '0:0', Note: '\\u00000:0', CreditLimit: '1.10' };
    const text = exactBody(tricky, shape, 'c');
    expect(JSON.parse(text)).toEqual({ ...tricky, CreditLimit: 1.1 });
    expect(text).toContain('"CreditLimit":1.10');
  });

  it('keeps own members named like Object members, and what toJSON writes', () => {
    const odd = JSON.parse('{"__proto__":"p","constructor":"c","CreditLimit":"2"}') as object;
    expect(exactBody({ ...odd, When: new Date(0) }, shape, 'c')).toBe(
      '{"__proto__":"p","constructor":"c","CreditLimit":2,"When":"1970-01-01T00:00:00.000Z"}',
    );
  });

  it('refuses, naming the field, what is not a decimal', () => {
    expect(() => exactBody({ CreditLimit: '5,000' }, shape, 'entity/customers')).toThrow(ErpQueryError);
    expect(() => exactBody({ CreditLimit: '5,000' }, shape, 'entity/customers')).toThrow(
      /entity\/customers\.CreditLimit: "5,000" is not a decimal/,
    );
    expect(() => exactBody({ Locations: { list: [{ QtyOnHand: Number.NaN }] } }, shape, 'i')).toThrow(
      /i\.Locations\.list\[0\]\.QtyOnHand: NaN is not a finite number/,
    );
    expect(() => exactBody({ CreditLimit: '1e5' }, shape, 'c')).toThrow(/not a decimal/);
  });
});

describe("a record's user-defined fields", () => {
  const udf = { constructor: 'text', toString: 'int', rate: 'decimal' } as const;
  const check = recordCheck({ ObjectName: 'text!' }, {}, udf);

  it('are checked and normalised by their kinds where the snapshot typed them', () => {
    const answer = parseExactJson('{"ObjectName":"customer","UserDefinedFields":{"rate":2,"constructor":"c","x":1}}');
    expect(check(answer, 'answer')).toEqual({
      ObjectName: 'customer',
      UserDefinedFields: { rate: '2', constructor: 'c', x: 1 },
    });
    expect(() => check({ ObjectName: 'c', UserDefinedFields: { toString: 'ten' } }, 'answer')).toThrow(
      /answer\.UserDefinedFields\.toString: expected int/,
    );
    expect(() => check({ ObjectName: 'c', UserDefinedFields: [] }, 'answer')).toThrow(/expected an object/);
  });

  it("named like Object's members: absent is absent, not the inherited member", () => {
    const { UserDefinedFields: u } = check({ ObjectName: 'c', UserDefinedFields: {} }, 'answer') as {
      UserDefinedFields: object;
    };
    expect(Object.keys(u)).toEqual([]);
  });

  it('are left as they came where the snapshot has no extension table', () => {
    const open = recordCheck({ ObjectName: 'text!' });
    expect(open({ ObjectName: 'v', UserDefinedFields: { any: 2.5 } }, 'answer')).toEqual({
      ObjectName: 'v',
      UserDefinedFields: { any: 2.5 },
    });
  });
});

describe('the zod schema of each answer', () => {
  const kinds = { region: 'text', 'credit score': 'decimal', constructor: 'text' } as const;
  const s = answerSchemas(z, { customer: kinds });
  const customer = {
    CompanyId: 'ACME',
    CustomerId: 10,
    CustomerName: 'ABC Supply Company',
    CreditLimit: 1.0,
    Taxable: 'Y',
    CustomerAddress: null,
    CustomerContacts: null,
    UserDefinedFields: {},
    ObjectName: 'customer',
  };

  it("are zod schemas, built with the caller's zod", () => {
    expect(s.customer).toBeInstanceOf(z.ZodType);
    expect(s.customers.safeParse([customer]).success).toBe(true);
  });

  it('pass the documented shapes and refuse a wrong kind, a missing key field, a bad decimal', () => {
    expect(s.customer.safeParse(customer).error).toBeUndefined();
    expect(s.customer.safeParse({ ...customer, CreditLimit: '2500.123456789' }).success).toBe(true);
    expect(s.customer.safeParse({ ...customer, CreditLimit: '2,500' }).success).toBe(false);
    expect(s.customer.safeParse({ ...customer, CompanyId: undefined }).success).toBe(false);
    expect(s.customer.safeParse({ ...customer, Taxable: 'yes' }).success).toBe(false);
    expect(s.customer.safeParse({ ...customer, CustomerAddress: { MailCity: 7 } }).success).toBe(false);
    expect(s.ping.safeParse({ ResponseMessage: 'success' }).success).toBe(true);
    expect(s.validation.safeParse({ Message: 'The request is invalid.', Errors: ['x'] }).success).toBe(true);
    expect(s.error.safeParse({ ErrorType: 'ResourceNotFoundException', ErrorMessage: 'm', LogId: 'l' }).success).toBe(
      true,
    );
    const item = { ItemId: 'WIDGET-001', Weight: 0.0, Delete: 'N', ObjectName: 'inv_mast', Locations: null };
    expect(s.item.safeParse(item).success).toBe(true);
    expect(s.item.safeParse({ ...item, Locations: { list: [{ LocationId: 'ten' }] } }).success).toBe(false);
    expect(s.prices.safeParse([{ ItemId: 'A', UnitPrice: 12.5, LotCosted: 'N' }]).success).toBe(true);
  });

  it('check the user-defined fields the package typed, by kind, and only own fields', () => {
    const udf = (fields: object) => s.customer.safeParse({ ...customer, UserDefinedFields: fields }).success;
    expect(udf({ region: 'North', 'credit score': 712.5, constructor: null, other: [1] })).toBe(true);
    expect(udf({ 'credit score': 'high' })).toBe(false);
    expect(udf({ region: 3 })).toBe(false);
    // absent, not Object.prototype.constructor
    expect(udf({ region: 'North' })).toBe(true);
    // a vendor's (no typed fields) are any object
    expect(
      s.vendor.safeParse({ CompanyId: 'A', VendorId: 1, ObjectName: 'vendor', UserDefinedFields: { x: 1 } }).success,
    ).toBe(true);
  });
});

describe('REST error bodies', () => {
  const info = (status: number, serverMessage?: string): RequestInfo => ({
    request: 'GET /api/entity/customers/ACME_1',
    status,
    ...(serverMessage ? { serverMessage } : {}),
  });
  const explain = (status: number, body: unknown) => explainRestError(status, body, info, (t) => t);

  it('404 ResourceNotFoundException: its own type, details decoded', () => {
    const error = explain(404, {
      DateTimeStamp: '2026-02-11T15:30:00',
      ErrorMessage: 'No resources found for query string "GetById 100198".',
      ErrorType: 'ResourceNotFoundException',
      LogId: 'abc',
      InnerException: null,
    });
    expect(error).toBeInstanceOf(ErpResourceNotFoundError);
    expect(error).toBeInstanceOf(ErpNotFoundError);
    expect((error as ErpResourceNotFoundError).details).toMatchObject({ logId: 'abc', innerException: undefined });
    expect((error as ErpResourceNotFoundError).details.timestamp?.getUTCFullYear()).toBe(2026);
  });

  it("ErrorType is matched on its last segment: the documents' namespace and the vendor's", () => {
    for (const errorType of [
      'ResourceNotFoundException',
      'Svc.Common.Exceptions.ResourceNotFoundException',
      'P21.Common.Exceptions.ResourceNotFoundException',
    ]) {
      const error = explain(404, { ErrorMessage: 'No resources found', ErrorType: errorType });
      expect(error, errorType).toBeInstanceOf(ErpResourceNotFoundError);
      expect((error as ErpResourceNotFoundError).details.exception).toBe('ResourceNotFoundException');
    }
    // a prefix is not enough
    expect(explain(404, { ErrorMessage: 'x', ErrorType: 'ResourceNotFoundExceptionHandler' })).not.toBeInstanceOf(
      ErpResourceNotFoundError,
    );
    const business = explain(500, { ErrorMessage: 'm', ErrorType: 'P21.Business.Common.BusinessException' });
    expect((business as ErpServiceError).details.exception).toBe('BusinessException');
  });

  it("keeps the message of any error body: a framework's model state, a problem's detail", () => {
    const modelState = explain(400, {
      Message: 'The request is invalid.',
      ModelState: { 'itemPriceInfo[0]': ["Error converting value 1 to type 'ItemPriceInfo'."] },
    });
    expect(modelState).toBeInstanceOf(ErpValidationError);
    expect((modelState as ErpValidationError).issues).toEqual([
      "itemPriceInfo[0]: Error converting value 1 to type 'ItemPriceInfo'.",
    ]);
    const problem = { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'The ItemId field is required.' };
    expect(explain(400, problem)?.serverMessage).toBe('The ItemId field is required.');
    expect(explain(404, { ...problem, status: 404 })).toBeInstanceOf(ErpNotFoundError);
    expect(explain(500, { title: 'Server Error' })).toBeInstanceOf(ErpServerError);
    expect(explain(500, { title: 'Server Error' })?.serverMessage).toBe('Server Error');
    // refused tokens stay the common 401/403 reading's
    expect(explain(403, { ...problem, status: 403 })).toBeUndefined();
  });

  it('/Date(ms)/ dates', () => {
    expect(restDate('/Date(1739287800000)/')?.toISOString()).toBe('2025-02-11T15:30:00.000Z');
    expect(restDate('/Date(1739287800000+0100)/')?.getTime()).toBe(1739287800000);
    expect(restDate('soon')).toBeUndefined();
  });

  it('validation bodies list each issue', () => {
    const error = explain(400, { Message: 'The request is invalid.', Errors: ['A is required.', { Field: 'B' }] });
    expect(error).toBeInstanceOf(ErpValidationError);
    expect((error as ErpValidationError).issues).toEqual(['A is required.', '{"Field":"B"}']);
  });

  it("item errors: 'Error updating {ItemId}: Error updating inv_mast:' read into itemId and reason", () => {
    const error = explain(500, {
      ErrorMessage:
        'Error updating WIDGET-001: Error updating inv_mast: The proposed item ID already exists in the database.',
      ErrorType: 'P.Common.Exceptions.ServiceException',
    }) as ErpServiceError;
    expect(error).toBeInstanceOf(ErpServiceError);
    expect([error.itemId, error.reason]).toEqual([
      'WIDGET-001',
      'The proposed item ID already exists in the database.',
    ]);
    expect(error.message).toMatch(/^item WIDGET-001 was not saved: Error updating WIDGET-001: /);
  });

  it('the opaque invocation 500 is retried once on a read, never on a write; a lock error on both', () => {
    const opaque = explain(500, {
      ErrorMessage: 'Exception has been thrown by the target of an invocation.',
      ErrorType: 'System.Reflection.TargetInvocationException',
    });
    expect(opaque).toBeInstanceOf(ErpServerError);
    expect(retryReason(opaque, 'read')).toBe('opaque-500');
    expect(retryReason(opaque, 'write')).toBeUndefined();
    const locked = explain(500, {
      ErrorMessage: 'Transaction was deadlocked on lock resources',
      ErrorType: 'SqlException',
    });
    expect(locked).toBeInstanceOf(ErpLockedError);
    expect(retryReason(locked, 'write')).toBe('locked');
  });

  it('the lock retry waits 1 to 2 s, three attempts in all by default', async () => {
    const delays: number[] = [];
    const policy = retryPolicy({ random: () => 0.25, sleep: async (ms) => void delays.push(ms) });
    let calls = 0;
    const error = await policy
      .run('POST /api/inventory/parts/prices', 'read', async () => {
        calls++;
        throw new ErpLockedError('locked', { request: 'POST /prices', status: 500 });
      })
      .catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(delays).toEqual([1250, 1250]);
    expect((error as ErpLockedError).attempts).toBe(3);
  });
});
