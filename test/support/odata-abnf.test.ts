import { describe, expect, it } from 'vitest';
import {
  getOdataGrammar,
  isValidEncodedFilter,
  isValidFilter,
  isValidLiteral,
  percentEncodeStringLiterals,
} from './odata-abnf.js';

describe('OData ABNF oracle: grammar', () => {
  it('is built once per process and cached', () => {
    const first = getOdataGrammar();
    expect(getOdataGrammar()).toBe(first);
    expect(first.rules.some((rule) => rule.name === 'boolCommonExpr')).toBe(true);
  });
});

describe('isValidFilter: valid filters', () => {
  it.each([
    "customer_name eq 'ACME'",
    "customer_name eq 'O''Neil'",
    'credit_limit gt 1000',
    'credit_limit ge 1000.25',
    "startswith(customer_name,'O''Neil')",
    "contains(item_id,'AB#12')",
    'date_created ge 2024-01-01T00:00:00.000Z',
    'order_date eq 2024-01-31',
    'terms_id eq null',
    'not (terms_id eq null)',
    "(a eq 1 or b eq 2) and c ne 'x'",
    'is_active eq true',
    'row_guid eq 01234567-89ab-cdef-0123-456789abcdef',
    "customer_name eq 'ACME Supply'",
    "customer_name eq 'O''Neil & Co'",
    "item_id eq 'A/B+C#D 50%'",
    "customer_name eq 'Müller GmbH Übersee'",
    "endswith(item_id,'/')",
    "customer_name eq ''",
    "customer_name eq ''''",
    'terms_id ne null and credit_limit le -5',
    'date_created lt 2024-06-30T23:59:59Z',
    "contains(customer_name,'x') eq false",
  ])('%s', (filter) => {
    expect(isValidFilter(filter)).toBe(true);
  });

  it('accepts column names that start with a literal keyword (PEG fix in the grammar preprocessing)', () => {
    expect(isValidFilter('nullable eq 1')).toBe(true);
    expect(isValidFilter("true_up_date ge 2024-01-01 and falsey eq 'x'")).toBe(true);
    expect(isValidFilter('INFO_flag eq 1 or NaNa eq 2')).toBe(true);
    expect(isValidFilter("startswith(nullable_text,'a')")).toBe(true);
  });
});

describe('isValidFilter: invalid filters', () => {
  it.each([
    "customer_name eq 'unterminated",
    'credit_limit gt',
    'eq 1',
    'and(a eq 1)',
    'a eq 1 and',
    '((a eq 1)',
    'a eq 1e',
    "name eq O'Neil",
    'credit_limit eq 1.2.3',
    '',
    'a eq',
    'a  1',
    'a eq 1 or or b eq 2',
    "customer_name eq 'O'Neil'",
    'order_date eq 2024-13-01',
    'a eq1',
    'contains(item_id)',
    "contains(item_id,'x'",
    'credit_limit gt 1,000',
  ])('%s', (filter) => {
    expect(isValidFilter(filter)).toBe(false);
  });

  it('still rejects a literal running into a name after the PEG fix', () => {
    expect(isValidFilter('a eq 1abc')).toBe(false);
    expect(isValidFilter('a eq truex eq 1')).toBe(true); // `truex` is a property path, not a literal
    expect(isValidFilter("a eq 'x'y")).toBe(false);
  });
});

describe('percentEncodeStringLiterals', () => {
  it('encodes what pchar-no-SQUOTE does not allow, inside string literals only', () => {
    expect(percentEncodeStringLiterals("name eq 'O''Neil & Co'")).toBe("name eq 'O''Neil%20&%20Co'");
    expect(percentEncodeStringLiterals("id eq 'A/B+C#D 50%'")).toBe("id eq 'A%2FB+C%23D%2050%25'");
    expect(percentEncodeStringLiterals("n eq 'Ü'")).toBe("n eq '%C3%9C'");
    expect(percentEncodeStringLiterals("n eq 'a\"b?c'")).toBe("n eq 'a%22b%3Fc'");
    expect(percentEncodeStringLiterals("n eq 'x:y@z=$;!*(),~-._'")).toBe("n eq 'x:y@z=$;!*(),~-._'");
  });

  it('keeps the rest of the expression and prefixed literals as they are', () => {
    expect(percentEncodeStringLiterals('a eq 1 and b ne null')).toBe('a eq 1 and b ne null');
    expect(percentEncodeStringLiterals("g eq geography'SRID=0;Point(1 2)'")).toBe("g eq geography'SRID=0;Point(1 2)'");
    expect(percentEncodeStringLiterals("n eq 'open ended")).toBe("n eq 'open%20ended");
  });
});

describe('isValidEncodedFilter', () => {
  it('accepts URL-encoded text', () => {
    expect(isValidEncodedFilter("customer_name eq 'O''Neil%20%26%20Co'")).toBe(true);
    expect(isValidEncodedFilter("customer_name%20eq%20'ACME'")).toBe(true);
    expect(isValidEncodedFilter("contains(item_id,'AB%2312')")).toBe(true);
    expect(isValidEncodedFilter('customer_name eq %27O%27%27Neil%27')).toBe(true);
    expect(isValidEncodedFilter("item_id eq '%C3%9C'")).toBe(true);
  });

  it('rejects characters that must be encoded but are not', () => {
    expect(isValidEncodedFilter("customer_name eq 'ACME Supply'")).toBe(false);
    expect(isValidEncodedFilter("contains(item_id,'AB#12')")).toBe(false);
    expect(isValidEncodedFilter("item_id eq 'A/B'")).toBe(false);
    expect(isValidEncodedFilter("item_id eq '50%'")).toBe(false);
    expect(isValidEncodedFilter("item_id eq 'Ü'")).toBe(false);
    // %27 inside a literal is a quote, so it must be doubled like a raw one
    expect(isValidEncodedFilter("name eq 'O%27Neil'")).toBe(false);
  });

  it('accepts %7B, %7C and %7D in string literals (erratum in pct-encoded-no-SQUOTE, fixed in the oracle)', () => {
    expect(isValidEncodedFilter("name eq '%7B%7C%7D'")).toBe(true);
    expect(isValidFilter("name eq '{'")).toBe(true);
    expect(isValidFilter("name eq 'a|b}'")).toBe(true);
  });
});

describe('long and deeply nested filters', () => {
  const chain = (count: number, term: (i: number) => string): string =>
    Array.from({ length: count }, (_, i) => term(i)).join(' or ');

  it('checks or-chains far beyond the parser stack (split at top-level and/or)', () => {
    expect(isValidFilter(chain(1000, (i) => `item_id eq 'ITEM ${i}/${i}'`))).toBe(true);
    expect(isValidFilter(`${chain(600, (i) => `item_id eq 'I${i}'`)} and (a eq 1 or b eq 'x or y')`)).toBe(true);
    expect(isValidEncodedFilter(chain(800, (i) => `item_id%20eq%20'I%20${i}'`))).toBe(true);
  });

  it('still finds a bad operand or a dangling operator in a long chain', () => {
    expect(isValidFilter(chain(1000, (i) => (i === 517 ? "item_id eq 'oops" : `item_id eq 'I${i}'`)))).toBe(false);
    expect(isValidFilter(`${chain(1000, (i) => `item_id eq ${i}`)} or`)).toBe(false);
    expect(isValidFilter(`${chain(1000, (i) => `item_id eq ${i}`)} or  or a eq 1`)).toBe(false);
  });

  it('throws rather than guessing when a single operand is too deep', () => {
    const nested = `${'('.repeat(2000)}a eq 1${')'.repeat(2000)}`;
    expect(() => isValidFilter(nested)).toThrow(/too deeply nested/);
  });
});

describe('isValidLiteral', () => {
  it.each([
    ["'ACME'", 'string'],
    ["'O''Neil & Co'", 'string'],
    ["''", 'stringLiteral'],
    ["'Ü #1'", 'string'],
    ['1000', 'decimal'],
    ['-1000.25', 'decimal'],
    ['1.5e10', 'decimalLiteral'],
    ['+3', 'decimalValue'],
    ['2024-01-31', 'date'],
    ['2024-01-01T00:00:00.000Z', 'dateTimeOffsetValue'],
    ['2024-01-01T10:30:00+05:30', 'dateTimeOffsetValue'],
    ['01234567-89ab-cdef-0123-456789abcdef', 'guidValue'],
    ['01234567-89AB-CDEF-0123-456789ABCDEF', 'guidValue'],
    ['true', 'booleanValue'],
    ['false', 'booleanValue'],
    ['null', undefined],
    ["'x'", undefined],
    ['2024-01-31', undefined],
    ['42', undefined],
    ['01234567-89ab-cdef-0123-456789abcdef', undefined],
  ] as const)('%s is a %s', (text, rule) => {
    expect(isValidLiteral(text, rule)).toBe(true);
  });

  it.each([
    ["'ACME", 'string'],
    ["'O'Neil'", 'string'],
    ['ACME', 'string'],
    ['1.2.3', 'decimal'],
    ['1e', 'decimal'],
    ['1,5', 'decimal'],
    ['', 'decimal'],
    ['2024-1-31', 'date'],
    ['2024-01-32', 'date'],
    ['24-01-31', 'date'],
    ['2024-01-01', 'dateTimeOffsetValue'],
    ['2024-01-01T00:00:00', 'dateTimeOffsetValue'],
    ['2024-01-01 00:00:00Z', 'dateTimeOffsetValue'],
    ['0123456789abcdef0123456789abcdef', 'guidValue'],
    ['01234567-89ab-cdef-0123-456789abcdeg', 'guidValue'],
    ['{01234567-89ab-cdef-0123-456789abcdef}', 'guidValue'],
    ['TRUE', 'booleanValue'],
    ['yes', 'booleanValue'],
    ["'true'", 'booleanValue'],
    ['name', undefined],
    ['nullx', undefined],
    ['1 2', undefined],
  ] as const)('%s is not a %s', (text, rule) => {
    expect(isValidLiteral(text, rule)).toBe(false);
  });

  it('throws on a rule the grammar does not define', () => {
    expect(() => isValidLiteral('1', 'noSuchRule')).toThrow(/no rule "noSuchRule"/);
  });
});

// What the oracle does NOT reject: pinned so that nobody mistakes it for a check of the service's own restrictions.
describe('documented laxness (grammar says yes, the service may not)', () => {
  it('accepts `in` and `now()`, which this service ignores / rejects', () => {
    expect(isValidFilter("item_id in ('A','B')")).toBe(true);
    expect(isValidFilter('date_created le now()')).toBe(true);
  });

  it('matches keywords case-insensitively (RFC 5234 quoted strings)', () => {
    expect(isValidFilter("a EQ 1 AND StartsWith(b,'x')")).toBe(true);
    expect(isValidFilter('is_active eq TRUE')).toBe(true);
    expect(isValidFilter('d ge 2024-01-01t00:00:00z')).toBe(true);
    expect(isValidLiteral('TRUE', 'boolean')).toBe(true);
  });

  it('knows no types, names or calendars', () => {
    expect(isValidFilter("credit_limit eq 'abc'")).toBe(true);
    expect(isValidFilter('customer_name eq other_column')).toBe(true);
    expect(isValidLiteral('2024-02-31', 'date')).toBe(true);
  });
});
