// The layout engine (generator/emit/layout.ts), case by case: a document given, the text wanted. These are the
// decisions prettier makes for the documents generated code needs; the printer's cases (printer.test.ts) check the
// documents it builds against prettier itself.
import { describe, expect, it } from 'vitest';
import {
  conditional,
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  layout,
  line,
  lines,
  PRINT_WIDTH,
  softline,
  type Doc,
  type Group,
} from '../../../generator/emit/layout.js';

/** `[a, b, c]` as prettier lays out an array: flat when it fits, else one item per line with a trailing comma */
const list = (items: readonly string[]): Doc =>
  group(['[', indent([softline, join([',', line], items)]), ifBreak(','), softline, ']']);
const word = (n: number, c = 'x') => c.repeat(n);

const cases: ReadonlyArray<readonly [string, { given: Doc; want: string }]> = [
  ['text as it is', { given: 'const a = 1;', want: 'const a = 1;' }],
  ['a group that fits stays flat', { given: ['const a = ', list(['1', '2', '3']), ';'], want: 'const a = [1, 2, 3];' }],
  [
    'a group one column too long breaks, each item on its line, a trailing comma',
    {
      given: list([word(PRINT_WIDTH - 4), 'y']),
      want: `[\n  ${word(PRINT_WIDTH - 4)},\n  y,\n]`,
    },
  ],
  [
    'a line exactly the print width fits',
    { given: list([word(PRINT_WIDTH - 5), 'y']), want: `[${word(PRINT_WIDTH - 5)}, y]` },
  ],
  [
    'wide characters count two columns: 58 of them no longer fit where 58 letters would',
    { given: list([word(58, '漢'), 'y']), want: `[\n  ${word(58, '漢')},\n  y,\n]` },
  ],
  ['58 letters fit', { given: list([word(58), 'y']), want: `[${word(58)}, y]` }],
  [
    'a hard line breaks every group around it',
    { given: group(['{', indent([line, 'a;', hardline, 'b;']), line, '}']), want: '{\n  a;\n  b;\n}' },
  ],
  ['a soft line is nothing when flat', { given: group(['(', softline, 'a', softline, ')']), want: '(a)' }],
  [
    'a group broken on purpose breaks although it fits',
    { given: group(['{', indent([line, 'a: 1,']), line, '}'], true), want: '{\n  a: 1,\n}' },
  ],
  [
    'an inner group stays flat when the outer one breaks',
    {
      given: group(['f(', indent([softline, join([',', line], [list(['1', '2']), word(PRINT_WIDTH)])]), softline, ')']),
      want: `f(\n  [1, 2],\n  ${word(PRINT_WIDTH)}\n)`,
    },
  ],
  [
    'indentIfBreak (a fluid assignment): the right side moves, indented, when it does not fit after the `=`',
    (() => {
      const after: Group = { ...group(indent(line)), tracked: true };
      const right = word(PRINT_WIDTH - 5);
      return { given: group(['const a =', after, indentIfBreak(after, right)]), want: `const a =\n  ${right}` };
    })(),
  ],
  [
    'and stays on the line when it fits',
    (() => {
      const after: Group = { ...group(indent(line)), tracked: true };
      return { given: group(['const a =', after, indentIfBreak(after, 'b;')]), want: 'const a = b;' };
    })(),
  ],
  [
    'a conditional group takes the first state that fits',
    { given: conditional(['too long ' + word(PRINT_WIDTH), 'short']), want: 'short' },
  ],
  [
    'a conditional group with no state that fits prints its last one broken',
    {
      given: conditional([word(PRINT_WIDTH + 1), group(['[', indent([softline, word(PRINT_WIDTH)]), softline, ']'])]),
      want: `[\n  ${word(PRINT_WIDTH)}\n]`,
    },
  ],
  [
    'lines are each one level deeper, on a line of their own',
    { given: ['interface A {', lines(['a: 1;', 'b: 2;']), hardline, '}'], want: 'interface A {\n  a: 1;\n  b: 2;\n}' },
  ],
  [
    'indentation nests',
    {
      given: group(['a {', indent([hardline, 'b {', indent([hardline, 'c;']), hardline, '}']), hardline, '}']),
      want: 'a {\n  b {\n    c;\n  }\n}',
    },
  ],
];

describe('layout', () => {
  for (const [name, { given, want }] of cases) it(name, () => expect(layout(given)).toBe(want));
});
