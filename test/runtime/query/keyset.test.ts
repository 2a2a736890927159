// The position filters of keyset paging and changes(), and the checkpoint's round trip, as units: the filter text is
// valid OData (Q30) using only comparisons, and/or, and the null tests the service takes (Q28), with its literal
// forms (Q24); a checkpoint names its position exactly, whatever its values hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErpCheckpointError } from '../../../templates/runtime/errors.js';
import { defineObject } from '../../../templates/runtime/object.js';
import { queryWith } from '../../../templates/runtime/query/query.js';
import { afterFilter, keysetWalk, readCheckpoint } from '../../../templates/runtime/query/keyset.js';
import { syncColumns, writeCheckpoint } from '../../../templates/runtime/query/sync.js';
import { isValidFilter } from '../../support/odata-abnf.js';

describe('the position after a row', () => {
  it('is one comparison for a one-column key', () => {
    expect(afterFilter(['id'], ['int'], [42])).toBe('id gt 42');
    expect(afterFilter(['id'], ['string'], ["O'Neil"])).toBe("id gt 'O''Neil'");
  });

  it('is lexicographic for a composite key, led by a bound on its first column (Q24 literals)', () => {
    expect(
      afterFilter(
        ['date_last_modified', 'company_id', 'customer_id'],
        ['datetime', 'string', 'decimal'],
        ['2024-03-01T10:00:00+02:00', 'ACME', '100198.50'],
      ),
    ).toBe(
      "date_last_modified ge 2024-03-01T08:00:00.000Z and (date_last_modified gt 2024-03-01T08:00:00.000Z or (date_last_modified eq 2024-03-01T08:00:00.000Z and (company_id gt 'ACME' or (company_id eq 'ACME' and customer_id gt 100198.50))))",
    );
  });

  it('tests null only with eq null and ne null, null coming first (Q28)', () => {
    expect(afterFilter(['stamp', 'id'], ['datetime', 'string'], [null, 'C-1'])).toBe(
      "stamp ne null or (stamp eq null and id gt 'C-1')",
    );
    expect(afterFilter(['a', 'b'], ['int', 'int'], [1, null])).toBe('a ge 1 and (a gt 1 or (a eq 1 and b ne null))');
  });

  it('keeps the digits of a date-time finer than a millisecond: cut, the row itself would come again', () => {
    expect(afterFilter(['stamp'], ['datetime'], ['2024-03-01T10:00:00.1234500Z'])).toBe(
      'stamp gt 2024-03-01T10:00:00.12345Z',
    );
    expect(afterFilter(['stamp'], ['datetime'], ['2024-03-01T12:00:00.1230000+02:00'])).toBe(
      'stamp gt 2024-03-01T10:00:00.123Z',
    );
  });

  it('is valid OData for any values of any key (seeded)', () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.integer(),
      fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
    );
    const kindOf = (v: unknown) =>
      v === null ? 'string' : typeof v === 'string' ? 'string' : typeof v === 'number' ? 'int' : 'datetime';
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), (values) => {
        const columns = values.map((_, i) => `k${i}`);
        const text = afterFilter(columns, values.map(kindOf) as never, values);
        expect(isValidFilter(text)).toBe(true);
        expect(text).not.toMatch(/\b(lt|le|not|in)\b(?=\s)/);
      }),
      { seed: 31, numRuns: 40 },
    );
  });
});

describe('checkpoints', () => {
  const query = queryWith({ defaultPageSize: 100 });
  const odd = defineObject<Record<string, unknown>>()({
    name: 'größe tabelle',
    surface: 'table',
    key: ['constructor', '__proto__'],
    columns: { constructor: 'string', ['__proto__']: 'decimal', date_last_modified: 'datetime' } as const,
  });
  const columns = syncColumns(query(odd).object);
  const plan = { object: 'table/größe tabelle', columns, kinds: ['datetime', 'string', 'decimal'] } as const;

  it('give back the position they were written from, whatever the values and names', () => {
    expect(columns).toEqual(['date_last_modified', 'constructor', '__proto__']);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.integer(), (text, n) => {
        const position = { from: 'after', values: ['2024-03-01T10:00:00.000Z', text, String(n)] } as const;
        const checkpoint = writeCheckpoint(plan.object, columns, position);
        expect(checkpoint).toMatch(/^erpgen-sync\.1\.[A-Za-z0-9_-]+\.[0-9a-f]{8}$/);
        expect(readCheckpoint(plan, checkpoint)).toEqual(position);
      }),
      { seed: 31, numRuns: 200 },
    );
    for (const position of [{ from: 'start' }, { from: 'time', at: '2024-03-01T10:00:00.000Z' }] as const)
      expect(readCheckpoint(plan, writeCheckpoint(plan.object, columns, position))).toEqual(position);
  });

  it('refuse values their column no longer takes', () => {
    const retyped = { ...plan, kinds: ['datetime', 'int', 'decimal'] as const };
    const checkpoint = writeCheckpoint(plan.object, columns, {
      from: 'after',
      values: ['2024-03-01T10:00:00.000Z', 'x', '1'],
    });
    expect(() => readCheckpoint(retyped, checkpoint)).toThrow(ErpCheckpointError);
    expect(() => readCheckpoint(retyped, checkpoint)).toThrow(/holds a value its column no longer takes/);
  });
});

describe("a keyset walk's checks of the pages it is given", () => {
  const query = queryWith({ defaultPageSize: 2 });
  const odd = defineObject<Record<string, unknown>>()({
    name: 'odd',
    surface: 'table',
    key: ['constructor', '__proto__'],
    columns: { constructor: 'string', ['__proto__']: 'int', note: 'string' } as const,
  });
  const row = (a: unknown, b: unknown): Record<string, unknown> => {
    const r: Record<string, unknown> = { note: 'n' };
    if (a !== undefined)
      Object.defineProperty(r, 'constructor', { value: a, enumerable: true, writable: true, configurable: true });
    if (b !== undefined)
      Object.defineProperty(r, '__proto__', { value: b, enumerable: true, writable: true, configurable: true });
    return r;
  };
  /** takes the pages in turn, delivering each row (and letting the caller change it); what took() said of the last */
  const walk = (...pages: Array<Array<Record<string, unknown>>>) => {
    const w = keysetWalk(query(odd));
    const filters: Array<string | undefined> = [];
    for (const page of pages) {
      filters.push(w.next().filter);
      const wrong = w.took(page);
      if (wrong !== undefined) return { wrong, filters };
      for (const r of page) {
        w.delivered(r);
        Object.defineProperty(r, '__proto__', { value: 999 });
      }
    }
    return { wrong: undefined, filters: [...filters, w.next().filter] };
  };

  it('start each page after the last row delivered, as it was given (a row the caller changed moves nothing)', () => {
    expect(walk([row('a', 1), row('a', 2)], [row('b', 1), row('b', 2)]).filters).toEqual([
      undefined,
      "constructor ge 'a' and (constructor gt 'a' or (constructor eq 'a' and __proto__ gt 2))",
      "constructor ge 'b' and (constructor gt 'b' or (constructor eq 'b' and __proto__ gt 2))",
    ]);
  });

  it('stop at a row without a key column, or with a number beyond what a double holds exactly', () => {
    expect(walk([row('a', 1), row('a', undefined)]).wrong).toMatch(/^a row came without __proto__, which keyset/);
    expect(walk([row(undefined, 1)]).wrong).toMatch(/^a row came without constructor, which keyset/);
    expect(walk([row('a', 2 ** 53 + 2)]).wrong).toMatch(/^the row's __proto__ \(9007199254740994\) is beyond/);
  });

  it('stop at two rows alike in the key: in a page, across pages, or the last page answered again', () => {
    expect(walk([row('a', 1), row('a', 1)]).wrong).toMatch(/same constructor, __proto__ \("a",1\): they do not tell/);
    expect(walk([row('a', 1), row('a', 2)], [row('a', 2), row('b', 1)]).wrong).toMatch(
      /same constructor, __proto__ \("a",2\): the server answered a row the last page had again/,
    );
    expect(walk([row('a', 1), row('a', 2)], [row('a', 1), row('a', 2)]).wrong).toMatch(
      /same constructor, __proto__ \("a",1\): the server answered a row the last page had again/,
    );
    expect(walk([row('a', 1), row('a', 2)], [row('a', 3), row('b', 1)]).wrong).toBeUndefined();
  });
});
