// The printer measures lines as prettier does: displayWidth agrees with prettier's own getStringWidth on
// wide, fullwidth, combining, zero-width, control, astral and emoji text, and on any string fast-check makes.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../../generator/emit/width.js';

// prettier's public utility (prettier.util.getStringWidth), from its CommonJS entry, which loads it synchronously
const prettierWidth: (text: string) => number = createRequire(import.meta.url)('prettier').util.getStringWidth;

describe('display width', () => {
  it.each([
    ['ASCII', 'customer_id', 11],
    ['CJK ideographs: 2 each', '顧客番号', 8],
    ['fullwidth forms: 2 each', 'ＡＢＣ', 6],
    ['halfwidth katakana: 1 each', 'ｱｲｳ', 3],
    ['combining acute: 0', 'e\u0301e\u0301', 2],
    ['enclosing mark: 0', 'x\u20dd', 1],
    ['astral ideograph (2 UTF-16 units): 2', '\u{20000}', 2],
    ['astral letter (2 UTF-16 units): 1', '\u{1d4b3}', 1],
    ['emoji ZWJ sequence: 2', '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}', 2],
    ['keycap sequence: 2', '1\ufe0f\u20e3', 2],
    ['flag: 2', '\u{1f1e9}\u{1f1ea}', 2],
    ['text-presentation emoji prettier lists as narrow: 1', '\u00a9', 1],
    ['control characters: 0', '\u0007a\u0085', 1],
  ])('%s', (_, text, width) => {
    expect(displayWidth(text)).toBe(width);
    expect(prettierWidth(text)).toBe(width);
  });

  it('agrees with prettier on any text (graphemes, and raw code points including lone surrogates)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => displayWidth(text) === prettierWidth(text)),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => displayWidth(text) === prettierWidth(text)),
      { numRuns: 5000 },
    );
  });
});
