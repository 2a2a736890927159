// The REST families' records in the sandbox's SQLite database: kept by key text, in first-stored order, decimals
// exact through the database, and a unit of change that fails leaves nothing behind.
import { describe, expect, it } from 'vitest';
import { Dec, decodeRecord, encodeRecord } from '../../sandbox/entity/reply.js';
import { Store } from '../../sandbox/store.js';

describe('keyed records in the sandbox database', () => {
  it('get, set, delete, values in first-stored order (a replaced record keeps its place), size', async () => {
    const store = await Store.open([], 1);
    const records = store.keyedRecords('entity_test', encodeRecord, decodeRecord);
    records.set('ACME_10', { CustomerName: "O'Brien", CreditLimit: Dec.of('2500.123456789'), ['__proto__']: 'p' });
    records.set('ACME_11', { CustomerName: 'B' });
    records.set('ACME_10', { CustomerName: 'A', CreditLimit: Dec.of('-0.000000001') });
    expect(records.size).toBe(2);
    expect(records.values().map((r) => r['CustomerName'])).toEqual(['A', 'B']);
    const a = records.get('ACME_10')!;
    expect(a['CreditLimit']).toBeInstanceOf(Dec);
    expect(String(a['CreditLimit'])).toBe('-0.000000001');
    expect(records.has('ACME_11')).toBe(true);
    expect(records.delete('ACME_11')).toBe(true);
    expect(records.delete('ACME_11')).toBe(false);
    expect(records.get('ACME_11')).toBeUndefined();
    store.close();
  });

  it('keeps an odd field name as an own field', async () => {
    const store = await Store.open([], 1);
    const records = store.keyedRecords('odd', encodeRecord, decodeRecord);
    const record: Record<string, unknown> = {};
    Object.defineProperty(record, '__proto__', { value: 'p', enumerable: true });
    records.set('k', record);
    const back = records.get('k')!;
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toBe('p');
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    store.close();
  });

  it('atomically: a change that throws leaves none of its writes', async () => {
    const store = await Store.open([], 1);
    const records = store.keyedRecords('items', encodeRecord, decodeRecord);
    records.set('kept', { n: 1 });
    expect(() =>
      store.atomically(() => {
        records.set('gone', { n: 2 });
        records.delete('kept');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(records.values()).toEqual([{ n: 1 }]);
    store.close();
  });
});
