// flat(): a copy of a string that keeps nothing else alive, for the names and paths a run keeps to its end.
import { describe, expect, it } from 'vitest';
import { flat } from '../../generator/flat-string.js';

describe('flat', () => {
  it('is the same text, whatever it holds: escapes, non-ASCII, wide characters, lone surrogates', () => {
    for (const text of [
      '',
      'a',
      'tables/customer_audit_copy10-255b832f.d.ts',
      '"\\\n\u2028',
      'ü表😀',
      '\ud800x\udfff',
      '__proto__',
    ])
      expect(flat(`${text}`)).toBe(text);
  });
});
