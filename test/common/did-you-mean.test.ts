// The name meant, for a misspelt command, flag, config key, object or folder (common/did-you-mean.ts).
import { describe, expect, it } from 'vitest';
import { didYouMean, nearest } from '../../common/did-you-mean.js';

describe('nearest', () => {
  const commands = ['generate', 'fetch', 'sandbox', 'diff'];
  it('the same but for case, then one or two edits, then the only one it begins', () => {
    expect(nearest('packagename', ['packageName', 'snapshot'])).toBe('packageName');
    expect(nearest('baseURL', ['baseUrl', 'services'])).toBe('baseUrl');
    expect(nearest('custmer', ['customer', 'customer_ud', 'oe_hdr'])).toBe('customer');
    expect(nearest('snapshots', ['snapshot', 'out'])).toBe('snapshot');
    expect(nearest('shema', ['schema', 'generated'])).toBe('schema');
    expect(nearest('gen', commands)).toBe('generate');
    expect(nearest('fecth', commands)).toBe('fetch');
  });

  it('ranks by the whole name: one it abbreviates before one that shares a part with it', () => {
    const items = ['c_available_qty', 'unit_quantity', 'unit_price', 'unit_of_measure', 'qty_ordered'];
    expect(nearest('unit_qty', items, '_')).toBe('unit_quantity');
    expect(nearest('cust_id', ['customer_id', 'cust_name', 'vendor_id'], '_')).toBe('customer_id');
    // then the same last part, then the same first part
    expect(nearest('order', ['TABPAGE_1.order', 'TP_ITEMS.items'])).toBe('TABPAGE_1.order');
    expect(nearest('po_number', ['po_no', 'job_name', 'customer_id'], '_')).toBe('po_no');
    // two names as close: none, rather than one further off
    expect(nearest('cust_name', ['customer_name', 'customer_type_name', 'cust_part_no'], '_')).toBeUndefined();
  });

  it('none when nothing is close, or two are as close', () => {
    expect(nearest('frobnicate', commands)).toBeUndefined();
    expect(nearest('ab', ['ac', 'ad'])).toBeUndefined();
    expect(nearest('CUSTOMER', ['customer', 'Customer'])).toBeUndefined();
    expect(nearest('x', [])).toBeUndefined();
    // the name itself is no suggestion
    expect(nearest('diff', commands)).toBeUndefined();
  });

  it('odd names are candidates like any other', () => {
    expect(nearest('__proto_', ['__proto__', 'constructor'])).toBe('__proto__');
    expect(didYouMean('größe', ['grösse', 'toString'], JSON.stringify)).toBe(' (did you mean "grösse"?)');
    expect(didYouMean('zzz', ['a'])).toBe('');
  });
});
