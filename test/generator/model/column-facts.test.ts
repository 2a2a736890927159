import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ColumnFacts } from '../../../generator/model/column-facts.js';
import '../../support/property-seed.js';

describe('ColumnFacts: the column sizes kept by table', () => {
  it('answers every lookup as a map of the keys added does, added in any batches, after a lookup or not', () => {
    // names with dots, separators, odd characters and Object.prototype members, in the table and the column
    const part = fc.oneof(
      fc.constantFrom(
        'oe_hdr',
        'po_no',
        'constructor',
        '__proto__',
        'a.b',
        '',
        'Σ',
        'x\0y',
        'x\ny',
        '"',
        '\ud800',
        '1',
      ),
      fc.string({ maxLength: 4 }),
    );
    const key = fc.tuple(part, part).map(([table, column]) => `${table}.${column}`);
    const batch = fc.array(
      fc.tuple(
        key,
        fc.oneof(
          fc.nat(),
          fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
        ),
      ),
    );
    fc.assert(
      fc.property(fc.array(batch, { maxLength: 4 }), fc.array(fc.oneof(key, part)), (batches, asked) => {
        const map = new Map<string, number>();
        const facts = new ColumnFacts();
        for (const b of batches) {
          for (const [k, v] of b) map.set(k, v);
          facts.add(b);
          // a lookup between batches: what is added after it is found too
          for (const k of asked) expect(facts.get(k)).toBe(map.get(k));
        }
        const crossed = new ColumnFacts(structuredClone(facts.data));
        for (const k of [...map.keys(), ...asked]) {
          expect(facts.get(k)).toBe(map.get(k));
          expect(crossed.get(k)).toBe(map.get(k));
        }
      }),
    );
  });
});
