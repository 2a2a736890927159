// Which include and exclude patterns select nothing: tried one by one, on the names as the selector sees them.
import { describe, expect, it } from 'vitest';
import { selector, unmatchedPatterns } from '../../../generator/model/select.js';

const names = ['customer', 'customer_ud', 'order lines', 'a/b', '.hidden', 'a*b', 'größe'];
const selection = (include: string[], exclude: string[] = []) => ({ include, exclude, includeUnreachable: false });

describe('unmatchedPatterns', () => {
  it('finds the include and exclude patterns that match no name, plain names and globs alike', () => {
    expect(
      unmatchedPatterns(
        selection(['customer', 'custmer', 'cust*', 'zz*', 'order lines', 'größe'], ['x', 'customer_u?']),
        names,
      ),
    ).toEqual({ include: ['custmer', 'zz*'], exclude: ['x'] });
  });

  it('agrees with the selector: a / in a name is an ordinary character, dot names match, escapes are globs', () => {
    const patterns = ['a/b', 'a/*', '*', '.hidden', 'a\\*b', 'a\\*c', '*/b', 'A/B'];
    const { include } = unmatchedPatterns(selection(patterns), names);
    for (const pattern of patterns) {
      const selects = selector(selection([pattern]));
      const any = names.some((n) => selects(n).generate);
      expect(include.includes(pattern), pattern).toBe(!any);
    }
    expect(include).toEqual(['a\\*c', 'A/B']);
  });

  it('an empty snapshot: the default include matches nothing', () => {
    expect(unmatchedPatterns(selection(['*']), [])).toEqual({ include: ['*'], exclude: [] });
  });
});
