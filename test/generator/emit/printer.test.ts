// The printer (generator/emit/printer.ts), case by case: a module given in each form, the text wanted, and that text
// checked against prettier itself (what it prints is what `prettier --check` accepts, as the package promises).
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  printModule,
  printModuleInParts,
  propertyKey,
  stringLiteral,
  type Form,
  type Module,
  type Statement,
} from '../../../generator/emit/printer.js';

const one = (...statements: Statement[]): Module => ({ blocks: [statements] });
const codes = (n: number, width: number) =>
  ({ union: Array.from({ length: n }, (_, i) => ({ literal: `${'C'.repeat(width)}${i}` })) }) as const;
const lines = (...text: string[]) => `${text.join('\n')}\n`;

const cases: ReadonlyArray<readonly [string, { given: Module; form: Form; want: string }]> = [
  [
    'an object that fits: bare keys, quoted ones, __proto__ computed, a number-like key quoted in ts',
    {
      given: one({
        const: 'a',
        value: {
          object: [
            ['b', 1],
            ['c d', 'x'],
            ['__proto__', null],
            ['2024', true],
          ],
        },
      }),
      form: 'ts',
      want: lines(`export const a = { b: 1, 'c d': 'x', ['__proto__']: null, '2024': true };`),
    },
  ],
  [
    'in js a number-like key is bare, as prettier prints it there',
    {
      given: one({
        const: 'a',
        value: {
          object: [
            ['b', 1],
            ['2024', true],
          ],
        },
      }),
      form: 'js',
      want: lines('export const a = { b: 1, 2024: true };'),
    },
  ],
  [
    'a listing: one entry per line whatever the width',
    {
      given: one({
        const: 'a',
        value: {
          object: [
            ['b', 1],
            ['c', 2],
          ],
          listing: true,
        },
      }),
      form: 'ts',
      want: lines('export const a = {', '  b: 1,', '  c: 2,', '};'),
    },
  ],
  [
    'a string or a reference that does not fit after its long key moves to the next line (a column kind)',
    {
      given: one({
        const: 'a',
        value: {
          object: [
            ['n'.repeat(110), { ref: '$string' }],
            ['m'.repeat(110), 'string'],
            ['short', { ref: '$int' }],
          ],
          listing: true,
        },
      }),
      form: 'js',
      want: lines(
        'export const a = {',
        `  ${'n'.repeat(110)}:`,
        '    $string,',
        `  ${'m'.repeat(110)}:`,
        "    'string',",
        '  short: $int,',
        '};',
      ),
    },
  ],
  [
    'a declaration of an as-const value is its literal type',
    {
      given: one({ const: 'keys', value: { asConst: { array: ['a', 'b'] } } }),
      form: 'dts',
      want: lines("export declare const keys: readonly ['a', 'b'];"),
    },
  ],
  [
    'an interface: readonly members, optional ones, odd keys, a comment that cannot be ended by a name',
    {
      given: one({
        interface: 'Row',
        doc: ['A row.'],
        members: [
          { key: 'id', type: 'number', doc: ['The id. */ not the end'] },
          { key: 'my col', type: { union: ['string', 'null'] }, optional: true },
          { key: 'constructor', type: { literal: 'x' } },
        ],
      }),
      form: 'dts',
      want: lines(
        '/** A row. */',
        'export interface Row {',
        '  /** The id. *\\/ not the end */',
        '  readonly id: number;',
        "  readonly 'my col'?: string | null;",
        "  readonly constructor: 'x';",
        '}',
      ),
    },
  ],
  [
    'a member union too long for its line goes to the next, one member per line when it must',
    {
      given: one({ interface: 'A', members: [{ key: 'code', type: codes(7, 12) }] }),
      form: 'ts',
      want: lines(
        'export interface A {',
        '  readonly code:',
        ...Array.from({ length: 7 }, (_, i) => `    | 'CCCCCCCCCCCC${i}'${i === 6 ? ';' : ''}`),
        '}',
      ),
    },
  ],
  [
    'a type alias union that fits stays on its line',
    {
      given: one({ typeAlias: 'Code', type: codes(3, 2) }),
      form: 'ts',
      want: lines("export type Code = 'CC0' | 'CC1' | 'CC2';"),
    },
  ],
  [
    'a type alias union that fits on the next line moves there',
    {
      given: one({ typeAlias: 'Code', type: codes(6, 12) }),
      form: 'ts',
      want: lines('export type Code =', `  ${Array.from({ length: 6 }, (_, i) => `'CCCCCCCCCCCC${i}'`).join(' | ')};`),
    },
  ],
  [
    'a type alias union too long for any line: one member per line, each after |',
    {
      given: one({ typeAlias: 'Code', type: codes(8, 12) }),
      form: 'dts',
      want: lines(
        'export type Code =',
        ...Array.from({ length: 8 }, (_, i) => `  | 'CCCCCCCCCCCC${i}'${i === 7 ? ';' : ''}`),
      ),
    },
  ],
  [
    'type arguments are printed in ts and left out in js',
    {
      given: one({
        const: 'x',
        value: { call: { ref: 'f' }, typeArgs: ['Row'], args: [{ object: [['name', 'customer']] }] },
      }),
      form: 'ts',
      want: lines("export const x = f<Row>({ name: 'customer' });"),
    },
  ],
  [
    'the same call in js',
    {
      given: one({
        const: 'x',
        value: { call: { ref: 'f' }, typeArgs: ['Row'], args: [{ object: [['name', 'customer']] }] },
      }),
      form: 'js',
      want: lines("export const x = f({ name: 'customer' });"),
    },
  ],
  [
    'imports by use: values and types in ts, blocks a blank line apart',
    {
      given: {
        blocks: [
          [
            { import: ['a', 'b'], from: './x.js', use: 'value' },
            { import: ['T'], from: './t.js', use: 'type' },
          ],
          [{ const: 'c', value: 1 }],
        ],
      },
      form: 'ts',
      want: lines("import { a, b } from './x.js';", "import type { T } from './t.js';", '', 'export const c = 1;'),
    },
  ],
  [
    'in declarations only the types are imported, and a const is declared',
    {
      given: {
        blocks: [
          [
            { import: ['a', 'b'], from: './x.js', use: 'value' },
            { import: ['T'], from: './t.js', use: 'type' },
          ],
          [{ const: 'c', value: 1 }],
        ],
      },
      form: 'dts',
      want: lines("import type { T } from './t.js';", '', 'export declare const c: 1;'),
    },
  ],
];

describe('printModule', () => {
  for (const [name, { given, form, want }] of cases)
    it(`${name} (${form})`, async () => {
      const printed = printModule(given, form);
      expect(printed).toBe(want);
      const parser = form === 'js' ? 'babel' : 'typescript';
      expect(await prettier.format(printed, { parser, singleQuote: true, printWidth: 120 })).toBe(printed);
    });
});

describe('tokens', () => {
  const literals: ReadonlyArray<readonly [string, string]> = [
    ['plain', "'plain'"],
    ["it's", `"it's"`],
    [`it's "so"`, `'it\\'s "so"'`],
    ['a\nb', "'a\\nb'"],
    // kept as it is: a line separator is valid in a string literal since ES2019, and prettier keeps it
    ['\u2028', "'\u2028'"],
  ];
  for (const [given, want] of literals)
    it(`stringLiteral(${JSON.stringify(given)})`, () => expect(stringLiteral(given)).toBe(want));
  const keys: ReadonlyArray<readonly [string, string]> = [
    ['class', 'class'],
    ['größe', 'größe'],
    ['a-b', "'a-b'"],
    ['2024', "'2024'"],
    ['__proto__', '__proto__'],
  ];
  for (const [given, want] of keys)
    it(`propertyKey(${JSON.stringify(given)})`, () => expect(propertyKey(given)).toBe(want));
});

describe('a long listing (made a block at a time: the 10x catalog)', () => {
  // more entries than a block holds, odd names among them, and keys too long for their value on the line
  const entries = Array.from({ length: 5000 }, (_, i): readonly [string, string] => {
    const key = i % 997 === 0 ? `${'long_name_'.repeat(12)}${i}` : ['constructor', "it's", '一丁七', 'a b'][i % 4]! + i;
    return [key, `tables/${key}`];
  });
  const listing: Module = one({
    const: 'tables',
    doc: ['Tables.'],
    value: { asConst: { object: entries, listing: true } },
  });
  for (const form of ['js', 'ts', 'dts'] as const)
    it(`one entry per line, in order, as prettier prints it (${form})`, async () => {
      const printed = printModule(listing, form);
      const body = printed.split('\n').filter((l) => l.startsWith('  '));
      // the long keys put their value on the next line
      expect(body).toHaveLength(entries.length + 6 * (form === 'dts' ? 0 : 1));
      let at = 0;
      for (const [, value] of entries) expect((at = printed.indexOf(stringLiteral(value), at))).toBeGreaterThan(0);
      const parser = form === 'js' ? 'babel' : 'typescript';
      expect(await prettier.format(printed, { parser, singleQuote: true, printWidth: 120 })).toBe(printed);
    });
  for (const form of ['js', 'ts', 'dts'] as const)
    it(`entries made as they are printed print as the same entries given whole, each made once (${form})`, () => {
      let made = 0;
      const asMade: Module = one({
        const: 'tables',
        doc: ['Tables.'],
        value: { asConst: { object: { length: entries.length, at: (i) => (made++, entries[i]!) }, listing: true } },
      });
      expect(printModule(asMade, form)).toBe(printModule(listing, form));
      expect(made).toBe(entries.length);
    });
  for (const form of ['js', 'ts', 'dts'] as const)
    it(`entries are made as they are laid out, not all before (${form})`, () => {
      let made = 0;
      const many = 20_000;
      const asMade: Module = one({
        const: 'tables',
        value: { asConst: { object: { length: many, at: (i) => (made++, [`t${i}`, `tables/t${i}`]) }, listing: true } },
      });
      const madeAtParts: number[] = [];
      printModuleInParts(asMade, form, () => madeAtParts.push(made));
      // the first part (64 KiB) is given after a block or two of entries, not all of them
      expect(madeAtParts[0]).toBeLessThan(many / 2);
      expect(made).toBe(many);
    });
  for (const form of ['js', 'ts', 'dts'] as const)
    it(`printed a part at a time, its parts are the module as printed whole (${form})`, () => {
      // a line with a trailing space at the end of every part's reach: it is taken off all the same
      const spaced: Module = {
        blocks: [
          ...listing.blocks,
          [{ comment: Array.from({ length: 3000 }, (_, i) => `${'x'.repeat(i % 90)} `) }],
          ...listing.blocks,
        ],
      };
      for (const module of [listing, spaced]) {
        const parts: string[] = [];
        printModuleInParts(module, form, (part) => parts.push(part));
        expect(parts.length).toBeGreaterThan(2);
        expect(parts.join('')).toBe(printModule(module, form));
      }
    });
});
