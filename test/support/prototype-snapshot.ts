// A snapshot whose names are members of Object.prototype in every position: table, view and column names,
// service, element and field names, valid values. Each odd name sits next to an ordinary one (`id`,
// `normal`), which must be undisturbed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Names every object has through its prototype (and `__proto__`, which sets it). */
export const PROTOTYPE_NAMES = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
] as const;

function entityTypes(prefix: string): Record<string, unknown> {
  const types: Record<string, unknown> = Object.create(null);
  const column = (type: string, nullable: boolean) => ({ $Type: type, ...(nullable ? { $Nullable: true } : {}) });
  // one object per odd name, with the odd name as a column too
  for (const name of PROTOTYPE_NAMES) {
    Object.defineProperty(types, `${prefix}${name}`, {
      enumerable: true,
      value: { $Kind: 'EntityType', $Key: ['id'], id: column('Edm.Int32', false), [name]: column('Edm.String', true) },
    });
  }
  // one object whose columns are all odd names, of several kinds
  const odd: Record<string, unknown> = { $Kind: 'EntityType', $Key: ['id'], id: column('Edm.Int32', false) };
  PROTOTYPE_NAMES.forEach((name, i) => {
    const type = ['Edm.String', 'Edm.Int32', 'Edm.Decimal'][i % 3]!;
    Object.defineProperty(odd, name, { enumerable: true, value: column(type, i % 2 === 0) });
  });
  odd['normal'] = column('Edm.String', true);
  Object.defineProperty(types, `${prefix}odd_columns`, { enumerable: true, value: odd });
  return types;
}

function csdl(prefix: string): string {
  const types = entityTypes(prefix);
  const container: Record<string, unknown> = { $Kind: 'EntityContainer' };
  for (const name of Object.keys(types))
    Object.defineProperty(container, name, {
      enumerable: true,
      value: { $Collection: true, $Type: `dbo.${name}` },
    });
  return JSON.stringify({ $Version: '4.0', $EntityContainer: 'ns.container', dbo: types, ns: { container } });
}

function field(name: string, dataType: string, validValues: readonly string[] | null = null) {
  return { DataType: dataType, DbColumnName: null, Label: name, Name: name, Required: false, ValidValues: validValues };
}

/** fields of every element: each odd name (Char, Decimal, Datetime in turn), `normal`, and `status` whose valid values are the odd names */
function fields() {
  return [
    ...PROTOTYPE_NAMES.map((name, i) => field(name, ['Char', 'Decimal', 'Char'][i % 3]!)),
    field('normal', 'Char'),
    field('status', 'Char', [...PROTOTYPE_NAMES, 'Active']),
  ];
}

function definition(service: string, elements: ReadonlyArray<{ name: string; type: 'Form' | 'List' }>) {
  return {
    Name: service,
    TransactionDefinition: {
      DataElementDefinitions: elements.map((e) => ({
        Name: e.name,
        Type: e.type,
        KeyFields: ['normal'],
        BusinessObjectName: null,
        DatawindowName: null,
        FieldDefinitions: fields(),
      })),
    },
  };
}

/** The snapshot: tables and views named for each odd name plus `odd_columns`; service `Odd` with a Form and a List element per odd name; a service per odd name. */
export function writePrototypeSnapshot(dir: string): void {
  mkdirSync(join(dir, 'definitions'), { recursive: true });
  writeFileSync(join(dir, 'tables.metadata.json'), csdl(''));
  writeFileSync(join(dir, 'views.metadata.json'), csdl('v_'));
  const services = ['Odd', ...PROTOTYPE_NAMES];
  writeFileSync(join(dir, 'services.json'), JSON.stringify(services.map((Name) => ({ Name }))));
  const oddElements = [
    { name: 'form', type: 'Form' as const },
    { name: 'list', type: 'List' as const },
    ...PROTOTYPE_NAMES.flatMap((n) => [
      { name: n, type: 'Form' as const },
      { name: `${n}.list`, type: 'List' as const },
    ]),
  ];
  writeFileSync(join(dir, 'definitions', 'Odd.json'), JSON.stringify(definition('Odd', oddElements)));
  for (const name of PROTOTYPE_NAMES)
    writeFileSync(
      join(dir, 'definitions', `${name}.json`),
      JSON.stringify(definition(name, [{ name: 'form', type: 'Form' }])),
    );
}
