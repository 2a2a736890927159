// The module of the user-defined fields of the REST families' records (families/user-defined-fields.ts types them
// from the snapshot's extension tables). It holds their kinds (the client checks and normalises answers with them:
// a decimal stays exact text) and, by module augmentation of the runtime's `UserDefinedFieldTypes` (as read) and
// `UserDefinedFieldWriteTypes` (as written: a decimal as a number or its text), their types.
import type { TypedUserFields } from '../families/user-defined-fields.js';
import { stringLiteral, type Module, type Statement } from './printer.js';
import { GENERATED_HEADER } from './row-module.js';

/** the module's path in the package, which the client entry re-exports (its `userDefinedFields` setting) */
export const USER_DEFINED_FIELDS_MODULE = 'user-defined-fields';
/** the runtime module whose interfaces the generated module augments */
const FIELDS = './runtime/rest/fields.js';

export function userDefinedFieldsModule(typed: readonly TypedUserFields[]): Module {
  const imports: Statement[] = typed.length
    ? [{ import: ['UserFieldWritesOf', 'UserFieldsOf'], from: FIELDS, use: 'type' }]
    : [];
  return {
    blocks: [
      [
        GENERATED_HEADER,
        {
          comment: [
            "The user-defined fields of the REST families' records, typed from the extension tables of the snapshot",
            "(`customer_ud` for customers' `UserDefinedFields`). The client checks answers with these kinds.",
          ],
        },
        ...imports,
      ],
      [
        {
          const: 'userDefinedFields',
          doc: ['The kinds of the user-defined fields of each record table with an extension table in the snapshot.'],
          value: {
            asConst: {
              object: typed.map((t) => [t.table, { object: t.fields.map(([name, kind]) => [name, kind]) }]),
              listing: true,
            },
          },
          // written out in `ts` too: a member inferred from the computed key `['__proto__']` is not offered by an
          // editor's completion, a declared one is
          type: {
            members: typed.map((t) => ({
              key: t.table,
              type: { members: t.fields.map(([name, kind]) => ({ key: name, type: { literal: kind } })) },
            })),
          },
        },
      ],
      // their types, as read and as written, added to the runtime's (the table names are the families' own, plain)
      typed.length
        ? [
            {
              declareModule: FIELDS,
              interfaces: [
                ['UserDefinedFieldTypes', 'UserFieldsOf'],
                ['UserDefinedFieldWriteTypes', 'UserFieldWritesOf'],
              ].map(([name, of]) => ({
                name: name!,
                members: typed.map((t) => ({
                  key: t.table,
                  type: { generic: of!, args: [`(typeof userDefinedFields)[${stringLiteral(t.table)}]`] },
                  mutable: true,
                })),
              })),
            },
          ]
        : [],
    ],
  };
}

/** The generated README's lines on them. */
export function userDefinedFieldsReadme(typed: readonly TypedUserFields[]): string[] {
  if (!typed.length)
    return [
      "- User-defined fields: the snapshot has no extension table (`customer_ud`, ...) of a REST family's records, so",
      '  every `UserDefinedFields` is an open record.',
    ];
  return [
    '- User-defined fields typed from the extension tables of the snapshot (all optional; any other record keeps an',
    '  open `UserDefinedFields`):',
    ...typed.map(
      (t) =>
        `  - ${t.served.map((s) => `\`client.${s}\``).join(', ')} from \`${t.extension}\` (${t.fields.map(([n]) => `\`${n}\``).join(', ') || 'no fields beyond its key'}).`,
    ),
  ];
}
