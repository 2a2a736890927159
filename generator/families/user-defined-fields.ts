// What the snapshot adds to the REST families: the user-defined fields of a record whose table has an extension
// table (`customer_ud` beside `customer`) are typed from that table's columns. The generated module holds their
// kinds (the client checks and normalises answers with them: a decimal stays exact text) and, by module
// augmentation of the runtime's `UserDefinedFieldTypes` (as read) and `UserDefinedFieldWriteTypes` (as written: a
// decimal as a number or its text), their types; a record whose table has none keeps an open `UserDefinedFields`.
import { stringLiteral, type Module, type Statement } from '../emit/printer.js';
import { GENERATED_HEADER } from '../emit/row-module.js';
import { columnKind } from '../model/edm.js';
import type { Column, QueryObject } from '../model/schema.js';
import type { FieldKind } from '../../templates/runtime/contract.js';
import type { GeneratorFamily, PackageAddition } from './family.js';

const MODULE = 'user-defined-fields';
/** the runtime module whose interfaces the generated module augments */
const FIELDS = './runtime/rest/fields.js';

/** A record table of a family and the snapshot objects read for it. */
export interface RecordTable {
  readonly table: string;
  /** `entity.customers`: where the client serves its records */
  readonly served: readonly string[];
}

/** The tables behind the families' records, each with where it is served. */
function recordTables(families: Readonly<Record<string, GeneratorFamily>>): RecordTable[] {
  const byTable = new Map<string, string[]>();
  for (const [namespace, family] of Object.entries(families))
    for (const [member, table] of Object.entries(family.recordTables ?? {}))
      byTable.set(table, [...(byTable.get(table) ?? []), `${namespace}.${member}`]);
  return [...byTable].map(([table, served]) => ({ table, served }));
}

/**
 * The user-defined fields of the families' records: the snapshot tables it reads, generated or not (each record
 * table and its extension table), and what it makes of them (the module, its README lines, the client's setting).
 */
export function userDefinedFields(families: Readonly<Record<string, GeneratorFamily>>): PackageAddition {
  const tables = recordTables(families);
  return {
    tables: new Set(tables.flatMap((t) => [t.table, `${t.table}_ud`])),
    make(read) {
      const typed = typedUserFields(tables, read);
      return {
        modules: [[MODULE, userDefinedFieldsModule(typed)]],
        readme: userDefinedFieldsReadme(typed),
        settings: [{ name: 'userDefinedFields', module: MODULE }],
      };
    },
  };
}

/** A REST record's kind for a column's type; undefined for the types the REST answers do not carry as JSON values. */
function restKind(column: Column): FieldKind | undefined {
  switch (columnKind(column)) {
    case 'int':
      return 'int';
    case 'decimal':
    case 'float':
      return 'decimal';
    case 'boolean':
      return 'bool';
    case 'other':
      return undefined;
    default:
      return 'text';
  }
}

export interface TypedUserFields {
  readonly table: string;
  readonly extension: string;
  readonly served: readonly string[];
  /** field name -> kind, in the extension table's column order */
  readonly fields: ReadonlyArray<readonly [string, FieldKind]>;
}

/**
 * The typed user-defined fields of each record table whose extension table was read: its columns, less the key
 * columns that join it to the base table (those of its key that the base table has; all of its key when the
 * snapshot lacks the base table).
 */
function typedUserFields(tables: readonly RecordTable[], read: ReadonlyMap<string, QueryObject>): TypedUserFields[] {
  const out: TypedUserFields[] = [];
  for (const { table, served } of tables) {
    const extension = read.get(`${table}_ud`);
    if (!extension) continue;
    const base = read.get(table);
    const joins = (name: string) => !base || base.columns.some((c) => c.name === name);
    const fields: Array<readonly [string, FieldKind]> = [];
    for (const column of extension.columns) {
      const kind = restKind(column);
      if (kind !== undefined && !(column.key && joins(column.name))) fields.push([column.name, kind]);
    }
    out.push({ table, extension: extension.name, served, fields });
  }
  return out;
}

function userDefinedFieldsModule(typed: readonly TypedUserFields[]): Module {
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
function userDefinedFieldsReadme(typed: readonly TypedUserFields[]): string[] {
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
