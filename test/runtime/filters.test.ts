// The filter and query builders on their own: exact text, every literal kind, parentheses, encoding, and
// refusals; every emitted filter checked with the OData ABNF grammar; literals property-tested.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErpLiteralError, ErpQueryError } from '../../templates/runtime/errors.js';
import { and, not, or } from '../../templates/runtime/filter.js';
import { decimal, literal, plainNumber } from '../../templates/runtime/literals.js';
import { defineObject } from '../../templates/runtime/object.js';
import { changedSince, queryWith } from '../../templates/runtime/query/query.js';
import { isValidEncodedFilter, isValidFilter, isValidLiteral } from '../support/odata-abnf.js';

interface ThingRow {
  readonly id: number;
  readonly name: string | null;
  readonly code: 'A' | 'B';
  readonly amount: number | null;
  readonly ratio: number;
  readonly born: string | null;
  readonly stamp: string;
  readonly active: boolean;
  readonly guid: string;
  readonly at: string | null;
  readonly wait: string | null;
  readonly blob: string | null;
  readonly 'my col': string | null;
  readonly max_date_last_modified: string | null;
  readonly unique_id: string;
}

const thing = defineObject<ThingRow>()({
  name: 'thing',
  surface: 'table',
  key: ['id'],
  columns: {
    id: 'int',
    name: 'string',
    code: 'string',
    amount: 'decimal',
    ratio: 'float',
    born: 'date',
    stamp: 'datetime',
    active: 'boolean',
    guid: 'guid',
    at: 'time',
    wait: 'duration',
    blob: 'binary',
    'my col': 'string',
    max_date_last_modified: 'datetime',
    unique_id: 'string',
  },
});

const query = queryWith({ defaultPageSize: 1000 });
const filterOf = (q: { options: { filter?: string } }) => q.options.filter!;
const where = (
  build: Parameters<ReturnType<typeof query<ThingRow, 'thing', 'table', typeof thing.columns>>['filter']>[0],
) => filterOf(query(thing).filter(build));

describe('filter text', () => {
  const cases: Array<[string, string]> = [
    [where((c) => c.name.eq("O'Neil")), "name eq 'O''Neil'"],
    [where((c) => c.name.eq(null)), 'name eq null'],
    [where((c) => c.name.ne(null)), 'name ne null'],
    [where((c) => c.name.startsWith("O'N")), "startswith(name,'O''N')"],
    [where((c) => c.name.endsWith('x')), "endswith(name,'x')"],
    [where((c) => c.name.contains('AB#12')), "contains(name,'AB#12')"],
    [where((c) => c.id.gt(5)), 'id gt 5'],
    [where((c) => c.id.le(-5)), 'id le -5'],
    [where((c) => c.amount.ge(1000)), 'amount ge 1000'],
    [where((c) => c.amount.ge(0.0000001)), 'amount ge 0.0000001'],
    [where((c) => c.amount.lt(1e21)), 'amount lt 1000000000000000000000'],
    [where((c) => c.amount.eq(decimal('12345678901234567.89'))), 'amount eq 12345678901234567.89'],
    [where((c) => c.amount.eq(decimal('+.5'))), 'amount eq 0.5'],
    [where((c) => c.ratio.eq(-1.5e-10)), 'ratio eq -0.00000000015'],
    [where((c) => c.born.eq('2024-02-29')), 'born eq 2024-02-29'],
    [where((c) => c.born.eq(new Date(2024, 0, 31, 23, 30))), 'born eq 2024-01-31'],
    [where((c) => c.stamp.ge(new Date('2024-01-01T00:00:00Z'))), 'stamp ge 2024-01-01T00:00:00.000Z'],
    [where((c) => c.stamp.ge('2024-01-01T02:00:00+02:00')), 'stamp ge 2024-01-01T00:00:00.000Z'],
    [where((c) => c.active.eq(true)), 'active eq true'],
    [where((c) => c.guid.eq('0123ABCD-89ab-cdef-0123-456789abcdef')), 'guid eq 0123abcd-89ab-cdef-0123-456789abcdef'],
    [where((c) => c.at.lt('12:30:00')), 'at lt 12:30:00'],
    [where((c) => c.wait.gt('PT1H')), "wait gt duration'PT1H'"],
    [where((c) => c.blob.eq(null)), 'blob eq null'],
    [where((c) => c.code.in(['A'])), "code eq 'A'"],
    [where((c) => c.code.in(['A', 'B'])), "code eq 'A' or code eq 'B'"],
    [where((c) => and(c.id.eq(1), c.code.in(['A', 'B']))), "id eq 1 and (code eq 'A' or code eq 'B')"],
    [where((c) => or(c.id.eq(1), and(c.id.eq(2), c.active.eq(false)))), 'id eq 1 or id eq 2 and active eq false'],
    [
      where((c) => and(or(c.id.eq(1), c.id.eq(2)), or(c.id.eq(3), c.id.eq(4)))),
      '(id eq 1 or id eq 2) and (id eq 3 or id eq 4)',
    ],
    [where((c) => not(c.name.eq(null))), 'not (name eq null)'],
    [where((c) => not(and(c.id.eq(1), c.id.eq(2)))), 'not (id eq 1 and id eq 2)'],
    [where((c) => and(not(c.id.eq(1)), or(c.id.eq(2)))), 'not (id eq 1) and id eq 2'],
  ];
  for (const [actual, expected] of cases) {
    it(expected, () => {
      expect(actual).toBe(expected);
      expect(isValidFilter(actual), 'valid OData').toBe(true);
    });
  }

  it('adds the condition of a second filter() with and', () => {
    const q = query(thing)
      .filter((c) => or(c.id.eq(1), c.id.eq(2)))
      .filter((c) => c.active.eq(true));
    expect(filterOf(q)).toBe('(id eq 1 or id eq 2) and (active eq true)');
    expect(isValidFilter(filterOf(q))).toBe(true);
  });
});

describe('refusals before anything is sent', () => {
  const refused: Array<[string, () => unknown, RegExp]> = [
    ['an invalid Date', () => where((c) => c.stamp.gt(new Date('nope'))), /table\/thing\.stamp: an invalid Date/],
    [
      'a date-time string that is not one',
      () => where((c) => c.stamp.gt('2024-13-01T00:00:00Z' as never)),
      /not a date-time/,
    ],
    ['a date that is not in the calendar', () => where((c) => c.born.eq('2023-02-29')), /not a date/],
    ['NaN', () => where((c) => c.amount.gt(Number.NaN)), /NaN is not a finite number/],
    ['Infinity', () => where((c) => c.ratio.gt(Infinity)), /Infinity is not a finite number/],
    ['an integer beyond 2^53', () => where((c) => c.id.eq(2 ** 60)), /not an integer a JS number holds exactly/],
    ['a fraction on an integer column', () => where((c) => c.id.eq(1.5)), /not an integer/],
    ['a bad decimal', () => decimal('1e5'), /not a decimal number/],
    ['a bad GUID', () => where((c) => c.guid.eq('x')), /not a valid guid value/],
    ['a lone surrogate', () => where((c) => c.name.eq('\uD800x')), /lone UTF-16 surrogate/],
    ['an empty in()', () => where((c) => c.code.in([])), /in\(\) needs at least one value/],
    ['gt(null)', () => where((c) => c.amount.gt(null as never)), /gt\(null\) is not a filter/],
    ['a non-null on a binary column', () => where((c) => c.blob.eq('x' as never)), /can only be compared with null/],
    ['a column no query can name', () => where((c) => c['my col'].eq('x')), /"my col" is not an OData identifier/],
    ['a lambda that returns no filter', () => query(thing).filter(() => 'id eq 1' as never), /must return a filter/],
    ['a negative top', () => query(thing).top(-1), /not a non-negative integer/],
    ['a fractional skip', () => query(thing).skip(1.5), /not a non-negative integer/],
    [
      'a select of no column',
      () => (query(thing).select as (...c: string[]) => unknown)(),
      /needs at least one column/,
    ],
    [
      'an unknown column from untyped code',
      () => query(thing).orderBy('nope' as never),
      /"nope" is not a column of thing/,
    ],
  ];
  for (const [what, run, message] of refused) {
    it(what, () => {
      expect(run).toThrow(message);
      try {
        run();
      } catch (error) {
        expect(error instanceof ErpLiteralError || error instanceof ErpQueryError).toBe(true);
      }
    });
  }
});

describe('query string', () => {
  it('always sends $top, the default page size when top() is not given', () => {
    expect(query(thing).toString()).toBe('$top=1000');
    expect(queryWith({ defaultPageSize: 50 })(thing).toString()).toBe('$top=50');
    expect(query(thing).top(0).toString()).toBe('$top=0');
  });

  it('puts the options in a fixed order and percent-encodes values', () => {
    const q = query(thing)
      .count()
      .skip(20)
      .top(10)
      .orderBy('name')
      .orderBy('id', 'desc')
      .select('id', 'name', 'id')
      .filter((c) => c.name.eq("A/B +C#1 & 50% O'N"));
    expect(q.toString()).toBe(
      "$select=id,name&$filter=name%20eq%20'A%2FB%20%2BC%231%20%26%2050%25%20O''N'&$orderby=name%20asc,id%20desc&$top=10&$skip=20&$count=true",
    );
    expect(q.path).toBe(`/odataservice/odata/table/thing?${q.toString()}`);
  });

  it('select and orderBy by a function of the columns send exactly what the names send', () => {
    const named = query(thing).select('id', 'name', 'code').orderBy('name').orderBy('id', 'desc');
    const chosen = query(thing)
      .select(
        (c) => [c.id, c.name],
        'code',
        (c) => c.id,
      )
      .orderBy((c) => c.name)
      .orderBy((c) => c.id, 'desc');
    expect(chosen.toString()).toBe(named.toString());
    expect(chosen.toString()).toBe('$select=id,name,code&$orderby=name%20asc,id%20desc&$top=1000');
    // columns chosen together are sort keys in that order, each in the direction given
    expect(
      query(thing)
        .orderBy((c) => [c.name, c.id], 'desc')
        .toString(),
    ).toBe(query(thing).orderBy('name', 'desc').orderBy('id', 'desc').toString());
  });

  it('a function that does not return columns of its argument is refused', () => {
    // as untyped code could call it
    const untyped = query(thing) as unknown as { select(...c: unknown[]): unknown };
    const select = (...c: unknown[]) => untyped.select(...c);
    expect(() => select(() => 'id')).toThrow(
      /select: the function must return columns of its argument \(c.name\), not "id"/,
    );
    expect(() => select(() => ({ column: 'id' }))).toThrow(/must return columns of its argument/);
    expect(() => select(() => [])).toThrow(/select: the function chose no column/);
    expect(() => query(thing).orderBy((c) => c.name, 'up' as never)).toThrow(/direction is 'asc' or 'desc'/);
    // a column of another object is not a column of this one
    const other = defineObject<{ other: number }>()({
      name: 'other',
      surface: 'table',
      key: ['other'],
      columns: { other: 'int' },
    });
    let ref: unknown;
    query(other).select((c) => ((ref = c.other), c.other));
    expect(() => select(() => ref)).toThrow(/"other" is not a column of thing/);
  });

  it('reads back exactly the values given (URLSearchParams decoding is the server side of this)', () => {
    const value = "Q&A / X+Y #12 100% O'Neil Ünï ☃ 𝄞";
    const q = query(thing).filter((c) => c.name.eq(value));
    const params = new URLSearchParams(q.toString());
    expect(params.get('$filter')).toBe(`name eq '${value.replace(/'/g, "''")}'`);
    expect(isValidEncodedFilter(q.toString().split('&')[0]!.slice('$filter='.length))).toBe(true);
  });

  it('encodes object names in the path', () => {
    const odd = defineObject<{ id: number }>()({
      name: 'order lines',
      surface: 'view',
      key: ['id'],
      columns: { id: 'int' },
    });
    expect(query(odd).path).toBe('/odataservice/odata/view/order%20lines?$top=1000');
  });

  it('is immutable', () => {
    const base = query(thing);
    base.top(5).filter((c) => c.id.eq(1));
    expect(base.toString()).toBe('$top=1000');
  });

  it('changedSince filters on max_date_last_modified at or after the time, oldest first, the key as tie-break', () => {
    const q = changedSince(query(thing), new Date('2024-05-01T00:00:00Z'));
    expect(new URLSearchParams(q.toString()).get('$filter')).toBe('max_date_last_modified ge 2024-05-01T00:00:00.000Z');
    expect(new URLSearchParams(q.toString()).get('$orderby')).toBe('max_date_last_modified asc,id asc');
  });
});

describe('literals, property-based: valid OData, and decoding gives the input back', () => {
  const decodeString = (lit: string) => lit.slice(1, -1).replace(/''/g, "'");

  it('strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const lit = literal('string', s, 'x');
        expect(isValidFilter(`name eq ${lit}`)).toBe(true);
        expect(decodeString(lit)).toBe(s);
        const q = query(thing).filter((c) => c.name.eq(s));
        expect(new URLSearchParams(q.toString()).get('$filter')).toBe(`name eq ${lit}`);
      }),
      { numRuns: 300 },
    );
  });

  it('exact decimals given as text', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 28n), max: 10n ** 28n }),
        fc.integer({ min: 0, max: 12 }),
        (units, scale) => {
          const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
          const text = `${units < 0n ? '-' : ''}${scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits}`;
          const lit = literal('decimal', decimal(text), 'x');
          expect(lit).toBe(text);
          expect(isValidLiteral(lit, 'decimalValue')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('numbers: no exponent, no loss', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const lit = plainNumber(n, 'x');
        expect(lit).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(lit)).toBe(Object.is(n, -0) ? 0 : n);
        expect(isValidLiteral(lit, 'decimalValue')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('dates and date-times', () => {
    fc.assert(
      fc.property(
        fc.date({
          // a day inside the years 0001-9999 in every time zone
          min: new Date('0001-01-02T00:00:00Z'),
          max: new Date('9999-12-30T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const stamp = literal('datetime', d, 'x');
          expect(isValidLiteral(stamp, 'dateTimeOffsetValue')).toBe(true);
          expect(new Date(stamp).getTime()).toBe(d.getTime());
          const day = literal('date', d, 'x');
          expect(isValidLiteral(day, 'dateValue')).toBe(true);
          // a Date is its local calendar day (in UTC, the day of its ISO text)
          const local = `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
          expect(day).toBe(local);
          expect(literal('date', day, 'x')).toBe(day);
        },
      ),
      { numRuns: 300 },
    );
  });
});
