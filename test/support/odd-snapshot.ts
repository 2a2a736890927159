// A small snapshot of odd names for the mistake suite: a table and a service whose columns, fields and
// elements are reserved words, non-identifiers, non-ASCII and wide names, and Object.prototype members, each
// next to an ordinary name.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** column name -> Edm type of table `odd_names` (key `id`) */
const ODD_COLUMNS: Readonly<Record<string, string>> = {
  id: 'Edm.Int32',
  class: 'Edm.String',
  'my col': 'Edm.String',
  constructor: 'Edm.Decimal',
  toString: 'Edm.String',
  größe: 'Edm.Decimal',
  名前: 'Edm.String',
  '2024': 'Edm.Int32',
  normal: 'Edm.String',
};

/** field name -> DataType of every element of service `Odd` */
const ODD_FIELDS: Readonly<Record<string, string>> = {
  constructor: 'Char',
  toString: 'Char',
  class: 'Char',
  'po no': 'Char',
  größe: 'Decimal',
  名前: 'Char',
  normal: 'Char',
};

/** elements of service `Odd`: name -> type */
const ODD_ELEMENTS: Readonly<Record<string, 'Form' | 'List'>> = {
  // (a key named `constructor` takes Object's member as its contextual type: say the literal's type)
  constructor: 'Form' as const,
  名前: 'Form',
  'toString.list': 'List',
  'class.list': 'List',
};

function csdl(types: Record<string, unknown>): string {
  const container: Record<string, unknown> = { $Kind: 'EntityContainer' };
  for (const name of Object.keys(types)) container[name] = { $Collection: true, $Type: `dbo.${name}` };
  return JSON.stringify({ $Version: '4.0', $EntityContainer: 'ns.container', dbo: types, ns: { container } });
}

export function writeOddSnapshot(dir: string): void {
  mkdirSync(join(dir, 'definitions'), { recursive: true });
  // defined, not assigned: `__proto__` is a column name here, not the prototype
  const table: Record<string, unknown> = { $Kind: 'EntityType', $Key: ['id'] };
  for (const [name, type] of [...Object.entries(ODD_COLUMNS), ['__proto__', 'Edm.String'] as const])
    Object.defineProperty(table, name, { value: { $Type: type, $Nullable: name !== 'id' }, enumerable: true });
  writeFileSync(join(dir, 'tables.metadata.json'), csdl({ odd_names: table }));
  writeFileSync(join(dir, 'views.metadata.json'), csdl({}));
  writeFileSync(join(dir, 'services.json'), JSON.stringify([{ Name: 'Odd' }]));
  const fields = [...Object.entries(ODD_FIELDS), ['__proto__', 'Char'] as const].map(([Name, DataType]) => ({
    DataType,
    DbColumnName: null,
    Label: Name,
    Name,
    Required: false,
    ValidValues: null,
  }));
  const definition = {
    Name: 'Odd',
    TransactionDefinition: {
      DataElementDefinitions: Object.entries(ODD_ELEMENTS).map(([Name, Type]) => ({
        Name,
        Type,
        KeyFields: ['normal'],
        BusinessObjectName: null,
        DatawindowName: null,
        FieldDefinitions: fields,
      })),
    },
  };
  writeFileSync(join(dir, 'definitions', 'Odd.json'), JSON.stringify(definition));
}
