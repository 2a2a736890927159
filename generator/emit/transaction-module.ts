// One module per transaction service: the fields of every Form and List element as TypeScript types (so an
// unknown element or field does not compile), and the runtime descriptor the payload builder reads.
import type { ObjectNames } from '../model/naming.js';
import {
  isIdentifier,
  lengthOf,
  type ColumnLengths,
  type DataElement,
  type TransactionField,
  type TransactionService,
} from '../model/transactions.js';
import type { Expr, Member, Module, Statement, Type } from './printer.js';
import { GENERATED_HEADER } from './row-module.js';

/** An element's fields with what the module says of each, worked out once: its column's length, whether a key. */
interface ElementFields {
  readonly element: DataElement;
  readonly maxLengths: ReadonlyArray<number | undefined>;
  readonly keys: ReadonlySet<string>;
}

/** A field's value type: its valid values, or one type by DataType. */
function valueType(field: TransactionField): Type {
  if (field.validValues) return { union: field.validValues.map((v) => ({ literal: v })) };
  return baseType(field);
}

function baseType(field: TransactionField): string {
  switch (field.dataType) {
    case 'Decimal':
      return '$Decimal';
    case 'Long':
    case 'Number':
      return '$NumericValue';
    case 'Datetime':
      return '$DateValue';
    default:
      return 'string';
  }
}

function fieldDoc(field: TransactionField, key: boolean, maxLength: number | undefined): string {
  const facts = `${field.dataType ?? 'no DataType'}${maxLength !== undefined ? `, at most ${maxLength}` : ''}`;
  let doc = field.label ? `${field.label}. ` : '';
  doc += field.dbColumn ? `Column ${field.dbColumn} (${facts}).` : `No column (${facts}).`;
  if (field.required) doc += ' Required.';
  if (key) doc += ' Usual key.';
  if (field.validValues) doc += ` Valid values: ${field.validValues.map((v) => JSON.stringify(v)).join(', ')}.`;
  return doc;
}

function elementMembers(elements: readonly ElementFields[]): Member[] {
  return elements.map(({ element, maxLengths, keys }) => ({
    key: element.name,
    doc: [
      `\`${element.name}\` (${element.type}).`,
      element.keyFields.length ? `Usual keys (KeyFields): ${element.keyFields.join(', ')}.` : 'No usual keys.',
      [
        element.businessObject ? `Business object ${element.businessObject}.` : '',
        element.datawindow ? `Datawindow ${element.datawindow}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    ].filter(Boolean),
    type: {
      members: element.fields.map((field, i) => ({
        key: field.name,
        optional: true,
        doc: [fieldDoc(field, keys.has(field.name), maxLengths[i])],
        type: valueType(field),
      })),
      listing: true,
    },
  }));
}

/** `{ type: 'Char', maxLength: 8 }`: the printer puts it on one line when it fits */
function fieldDescriptor(field: TransactionField, keys: ReadonlySet<string>, maxLength: number | undefined): Expr {
  const props: Array<[string, Expr]> = [['type', field.dataType]];
  if (maxLength !== undefined) props.push(['maxLength', maxLength]);
  if (maxLength !== undefined && isIdentifier(field, keys)) props.push(['identifier', true]);
  if (field.required) props.push(['required', true]);
  if (field.required && field.label) props.push(['label', field.label]);
  if (field.validValues) props.push(['validValues', { array: field.validValues }]);
  return { object: props };
}

export function transactionModule(service: TransactionService, names: ObjectNames, allLengths: ColumnLengths): Module {
  // each field's length is looked up once, not once per place it is printed
  const elements: ElementFields[] = service.elements.map((element) => ({
    element,
    maxLengths: element.fields.map((field) => lengthOf(field, allLengths)),
    keys: new Set(element.keyFields),
  }));
  const forms = elements.filter((e) => e.element.type === 'Form');
  const lists = elements.filter((e) => e.element.type === 'List');
  const types = new Set(service.elements.flatMap((e) => e.fields.filter((f) => !f.validValues).map(baseType)));
  const typeImports = [
    ...(types.has('$DateValue') ? ['DateValue as $DateValue'] : []),
    ...(types.has('$Decimal') ? ['Decimal as $Decimal'] : []),
    ...(types.has('$NumericValue') ? ['NumericValue as $NumericValue'] : []),
  ];
  const what = service.report ? 'report service' : 'transaction service';
  const endpoint = service.report
    ? 'POST /api/v2/process/pdfreport (client.report)'
    : 'POST /api/v2/transaction (client.transaction)';
  const descriptor: Expr = {
    object: [
      ['name', service.name],
      [
        'elements',
        {
          object: elements.map(({ element, maxLengths, keys }) => [
            element.name,
            {
              object: [
                ['type', element.type],
                ['keyFields', { array: element.keyFields }],
                ...(element.datawindow ? [['datawindowName', element.datawindow] as const] : []),
                [
                  'fields',
                  {
                    object: element.fields.map((field, i) => [field.name, fieldDescriptor(field, keys, maxLengths[i])]),
                    listing: true,
                  },
                ],
              ],
              listing: true,
            },
          ]),
          listing: true,
        },
      ],
    ],
    listing: true,
  };

  const imports: Statement[] = [
    GENERATED_HEADER,
    { import: ['defineService as $defineService'], from: '../runtime/transaction.js', use: 'value' },
    { import: ['Service as $Service'], from: '../runtime/transaction.js', use: 'type' },
  ];
  if (typeImports.length) imports.push({ import: typeImports, from: '../runtime/transaction.js', use: 'type' });
  return {
    blocks: [
      imports,
      [
        {
          interface: `${names.type}Forms`,
          members: elementMembers(forms),
          doc: [
            `The Form data elements of ${what} \`${service.name}\`: element name to its fields (the names the payload sends).`,
          ],
        },
      ],
      [
        {
          interface: `${names.type}Lists`,
          members: elementMembers(lists),
          doc: [`The List data elements of ${what} \`${service.name}\`.`],
        },
      ],
      [
        {
          const: names.value,
          doc: [
            `${service.report ? 'Report service' : 'Transaction service'} \`${service.name}\`: ${service.elements.length} data element${service.elements.length === 1 ? '' : 's'}, sent with ${endpoint}.`,
            `Build with \`${names.value}.transaction().form(...).list(...)\`, then \`${names.value}.request([...], { useCodeValues: false })\`.`,
          ],
          value: {
            call: { ref: '$defineService' },
            typeArgs: [`${names.type}Forms`, `${names.type}Lists`],
            // a literal of its own: as an argument, a key named like an Object member (`constructor`) would
            // take that member's type as its contextual type and lose its literal types
            args: [{ asConst: descriptor }],
          },
          type: { generic: '$Service', args: [`${names.type}Forms`, `${names.type}Lists`] },
        },
      ],
    ],
  };
}
