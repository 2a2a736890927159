// How messages show names from the input: escaped, shortened, never a dump; every error one line.
import { describe, expect, it } from 'vitest';
import { inputError, UserError } from '../../generator/errors.js';
import { MESSAGE_MAX, named, oneLine, quote, SHOWN_NAME_MAX } from '../../generator/message-text.js';

const length = (text: string) => [...text].length;

describe('quote', () => {
  it('shows an ordinary name as JSON would', () => {
    expect(quote('customer_id')).toBe('"customer_id"');
    expect(quote('say "hi" \\ there')).toBe('"say \\"hi\\" \\\\ there"');
    expect(quote('表示名')).toBe('"表示名"');
    expect(quote('😀')).toBe('"😀"');
  });

  it('escapes newlines, controls, separators, bidi overrides and lone surrogates', () => {
    expect(quote('a\nerpgen: fake')).toBe('"a\\nerpgen: fake"');
    expect(quote('\r\t\u0000\u001b\u007f\u0085')).toBe('"\\r\\t\\u0000\\u001b\\u007f\\u0085"');
    expect(quote('\u2028x\u2029')).toBe('"\\u2028x\\u2029"');
    expect(quote('\u202eevil\u2066')).toBe('"\\u202eevil\\u2066"');
    expect(quote('\ud800a\udfff')).toBe('"\\ud800a\\udfff"');
    expect(quote('\ufeffbom')).toBe('"\\ufeffbom"');
  });

  it(`shortens to ${SHOWN_NAME_MAX} characters with an ellipsis, never cutting an escape or a surrogate pair`, () => {
    const long = quote('x'.repeat(10_000));
    expect(length(long)).toBe(SHOWN_NAME_MAX);
    expect(long).toMatch(/^"x+…"$/);
    const newlines = quote('\n'.repeat(100));
    expect(length(newlines)).toBeLessThanOrEqual(SHOWN_NAME_MAX);
    expect(newlines).toMatch(/^"(\\n)+…"$/);
    const emoji = quote('😀'.repeat(100));
    expect(length(emoji)).toBe(SHOWN_NAME_MAX);
    expect(emoji).toMatch(/^"(😀)+…"$/u);
    // exactly at the bound: nothing cut
    const fits = 'y'.repeat(SHOWN_NAME_MAX - 2);
    expect(quote(fits)).toBe(`"${fits}"`);
  });

  it('names a value that is not a string by what it is, never by dumping it', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(quote(deep)).toBe('an array');
    expect(quote({ $Type: 'x'.repeat(1000) })).toBe('an object');
    expect(quote(Object.create(null))).toBe('an object');
    expect(quote(7)).toBe('7');
    expect(quote(false)).toBe('false');
    expect(quote(null)).toBe('null');
    expect(quote(undefined)).toBe('nothing');
  });
});

describe('named', () => {
  it('is bare for a plain name and quoted otherwise', () => {
    expect(named('dbo.customer')).toBe('dbo.customer');
    expect(named('PickZone')).toBe('PickZone');
    expect(named('Sales Order')).toBe('"Sales Order"');
    expect(named('a\nb')).toBe('"a\\nb"');
    expect(named('x'.repeat(200))).toMatch(/^"x+…"$/);
    expect(named('')).toBe('""');
    expect(named(['a'])).toBe('an array');
  });
});

describe('oneLine and UserError', () => {
  it('escapes line breaks and bounds the length, and is idempotent', () => {
    const message = `a\nb\r\nc\u2028d ${'z'.repeat(5000)}`;
    const line = oneLine(message);
    expect(line).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(line.startsWith('a\\nb\\r\\nc\\u2028d ')).toBe(true);
    expect(length(line)).toBe(MESSAGE_MAX);
    expect(line.endsWith('…')).toBe(true);
    expect(oneLine(line)).toBe(line);
    // backslashes and quotes of an already quoted name are left alone
    expect(oneLine(`column ${quote('a\nb')}`)).toBe('column "a\\nb"');
  });

  it('makes every UserError one line, whoever built its message', () => {
    expect(new UserError('ERPGEN_JSON_INVALID', 'first\nerpgen: second').message).toBe('first\\nerpgen: second');
    expect(inputError('ERPGEN_JSON_INVALID', 'dir/\nfile.json', 'bad', 3).message).toBe(
      'dir/\\nfile.json: bad (at byte 3)',
    );
  });
});
