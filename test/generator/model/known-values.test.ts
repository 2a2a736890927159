// Known values: built-in sets, config sets added or replacing one by name, and which columns they narrow.
import { describe, expect, it } from 'vitest';
import { BUILT_IN_KNOWN_VALUES, KnownValueIndex, mergeKnownValues } from '../../../generator/model/known-values.js';

describe('known values', () => {
  it('a config set with a built-in name replaces it in place; others are added after', () => {
    const merged = mergeKnownValues([
      {
        name: 'CreditStatus',
        description: 'ours',
        columns: ['customer.credit_status'],
        values: { GOOD: 'GOOD', HOLD: 'HOLD' },
      },
      { name: 'PriceUnit', description: '', columns: ['*.unit'], values: { Each: 'EA' } },
    ]);
    expect(merged.map((s) => s.name)).toEqual([...BUILT_IN_KNOWN_VALUES.map((s) => s.name), 'PriceUnit']);
    expect(merged.find((s) => s.name === 'CreditStatus')!.values).toEqual({ GOOD: 'GOOD', HOLD: 'HOLD' });
  });

  it('narrows matching columns whose kind fits the codes', () => {
    const index = new KnownValueIndex(BUILT_IN_KNOWN_VALUES);
    expect(index.lookup('price_page', 'row_status_flag', 'int')?.name).toBe('RowStatusFlag');
    expect(index.lookup('price_page', 'row_status_flag', 'string')).toBeUndefined();
    expect(index.lookup('customer', 'delete_flag', 'string')?.name).toBe('DeleteFlag');
    expect(index.lookup('svc_view_es_item', 'delete_flag', 'string')?.name).toBe('DeleteFlag');
    expect(index.lookup('oe_hdr', 'completed', 'string')?.name).toBe('OrderCompleted');
    expect(index.lookup('oe_line', 'completed', 'string')).toBeUndefined();
    expect(index.lookup('customer', 'credit_status', 'string')?.name).toBe('CreditStatus');
  });
});
