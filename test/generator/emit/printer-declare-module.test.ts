// The printer's module augmentation (`declare module`), which the user-defined fields module needs: the interfaces
// a module adds members to, printed in the types' forms only.
import { describe, expect, it } from 'vitest';
import { printModule, type Module } from '../../../generator/emit/printer.js';

const augmentation: Module = {
  blocks: [
    [{ const: 'kinds', value: { asConst: { object: [['customer', { object: [['region', 'text']] }]] } } }],
    [
      {
        declareModule: './runtime/rest/fields.js',
        interfaces: [
          {
            name: 'UserDefinedFieldTypes',
            members: [
              {
                key: 'customer',
                type: { generic: 'UserFieldsOf', args: ["(typeof kinds)['customer']"] },
                mutable: true,
              },
              { key: 'odd name', type: 'string', mutable: true, optional: true },
            ],
          },
          { name: 'Empty', members: [] },
        ],
      },
    ],
  ],
};

describe('printer: declare module', () => {
  it.each([
    [
      'ts',
      "export const kinds = { customer: { region: 'text' } } as const;\n\n" +
        "declare module './runtime/rest/fields.js' {\n" +
        '  interface UserDefinedFieldTypes {\n' +
        "    customer: UserFieldsOf<(typeof kinds)['customer']>;\n" +
        "    'odd name'?: string;\n" +
        '  }\n' +
        '  interface Empty {}\n' +
        '}\n',
    ],
    ['js', "export const kinds = { customer: { region: 'text' } };\n"],
  ] as const)('%s', (form, want) => {
    expect(printModule(augmentation, form)).toBe(want);
  });

  it('dts: after the declarations', () => {
    expect(printModule(augmentation, 'dts')).toMatch(
      /^export declare const kinds: \{ readonly customer: \{ readonly region: 'text' \} \};\n\ndeclare module '\.\/runtime\/rest\/fields\.js' \{\n {2}interface UserDefinedFieldTypes \{\n/,
    );
  });
});
