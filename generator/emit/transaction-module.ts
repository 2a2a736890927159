// One module per transaction service: the fields of every Form and List element as TypeScript types (so an
// unknown element or field does not compile), and the runtime descriptor the payload builder reads.
import type { ObjectNames } from '../model/naming.js';
import { isDisabled, mustBeGiven, requiredFlag } from '../model/overlay.js';
import {
  factOf,
  isIdentifier,
  type ColumnSizes,
  type DataElement,
  type TransactionField,
  type TransactionService,
} from '../model/transactions.js';
import type { Expr, Member, Module, Statement, Type } from './printer.js';
import { GENERATED_HEADER } from './row-module.js';

/**
 * The lengths and, for decimals, scales of an element's fields' columns, by field index: each looked up once, not
 * once per place it is printed, and without a map keyed by field (its lookups and hashes cost more than the
 * look-ups they saved).
 */
interface FieldSizes {
  readonly lengths: ReadonlyArray<number | undefined>;
  readonly scales: ReadonlyArray<number | undefined>;
}

function fieldSizes(element: DataElement, columns: ColumnSizes): FieldSizes {
  return {
    lengths: element.fields.map((field) => factOf(field, columns.lengths)),
    // a scale is a decimal's: a Long or Number field on a decimal column is compared as the number it is
    scales: element.fields.map((field) => (field.dataType === 'Decimal' ? factOf(field, columns.scales) : undefined)),
  };
}

/** A field's value type: its valid values, or one type by DataType; none a value can have when it is disabled. */
function valueType(field: TransactionField): Type {
  if (isDisabled(field)) return '$DisabledOnThisServer';
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

function fieldDoc(
  field: TransactionField,
  element: DataElement,
  maxLength: number | undefined,
  scale: number | undefined,
): string {
  const facts = [
    field.dataType ?? 'no DataType',
    ...(maxLength !== undefined ? [`at most ${maxLength}`] : []),
    ...(scale !== undefined ? [`scale ${scale}`] : []),
  ].join(', ');
  const parts = [
    field.label ? `${field.label}.` : '',
    field.dbColumn ? `Column ${field.dbColumn} (${facts}).` : `No column (${facts}).`,
    field.required && field.overlay?.required === undefined && !isDisabled(field) ? 'Required.' : '',
    element.keyFields.includes(field.name) ? 'Usual key.' : '',
    field.validValues ? `Valid values: ${field.validValues.map((v) => JSON.stringify(v)).join(', ')}.` : '',
    overlayDoc(field),
  ];
  return parts.filter(Boolean).join(' ');
}

/** What erpgen.config.json `definitions` says of the field, and what the definition said. */
function overlayDoc(field: TransactionField): string {
  if (field.overlay === undefined) return '';
  const says = `the definition says ${field.required}`;
  const where = 'erpgen.config.json definitions';
  return [
    isDisabled(field)
      ? `Disabled on this server (${where}${field.required ? '; the definition says Required' : ''}): the server refuses it, so writing it does not compile.`
      : '',
    field.overlay?.required === true
      ? `Required: true on this server (${where}; ${says}): a new row (no keys) must give it.`
      : '',
    field.overlay?.required === false ? `Required: false on this server (${where}; ${says}).` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function elementMembers(elements: readonly DataElement[], sizes: ReadonlyMap<DataElement, FieldSizes>): Member[] {
  return elements.map((element) => {
    const { lengths, scales } = sizes.get(element)!;
    return {
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
          // a field the team says is required is a property the row must have: form() and list() check it in new rows
          optional: !mustBeGiven(field),
          doc: [fieldDoc(field, element, lengths[i], scales[i])],
          type: valueType(field),
        })),
        listing: true,
      },
    };
  });
}

/** `{ type: 'Char', maxLength: 8 }`: the printer puts it on one line when it fits */
function fieldDescriptor(
  field: TransactionField,
  element: DataElement,
  maxLength: number | undefined,
  scale: number | undefined,
): Expr {
  const props: Array<[string, Expr]> = [['type', field.dataType]];
  if (maxLength !== undefined) props.push(['maxLength', maxLength]);
  if (scale !== undefined) props.push(['scale', scale]);
  if (maxLength !== undefined && isIdentifier(field, element)) props.push(['identifier', true]);
  const required = requiredFlag(field);
  if (required) props.push(['required', true]);
  if (required && field.label) props.push(['label', field.label]);
  if (field.validValues) props.push(['validValues', { array: field.validValues }]);
  if (field.overlay)
    props.push([
      'overlay',
      { object: Object.entries(field.overlay).filter((e): e is [string, boolean] => e[1] !== undefined) },
    ]);
  return { object: props };
}

export function transactionModule(service: TransactionService, names: ObjectNames, columns: ColumnSizes): Module {
  const sizes = new Map(service.elements.map((element) => [element, fieldSizes(element, columns)]));
  const forms = service.elements.filter((e) => e.type === 'Form');
  const lists = service.elements.filter((e) => e.type === 'List');
  const types = new Set(
    service.elements.flatMap((e) => e.fields.filter((f) => !f.validValues && !isDisabled(f)).map(baseType)),
  );
  const disabled = service.elements.some((e) => e.fields.some(isDisabled));
  const typeImports = [
    ...(types.has('$DateValue') ? ['DateValue as $DateValue'] : []),
    ...(types.has('$Decimal') ? ['Decimal as $Decimal'] : []),
    ...(disabled ? ['DisabledOnThisServer as $DisabledOnThisServer'] : []),
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
          object: service.elements.map((element): [string, Expr] => {
            const { lengths, scales } = sizes.get(element)!;
            return [
              element.name,
              {
                object: [
                  ['type', element.type],
                  ['keyFields', { array: element.keyFields }],
                  ...(element.datawindow ? [['datawindowName', element.datawindow] as const] : []),
                  [
                    'fields',
                    {
                      object: element.fields.map((field, i) => [
                        field.name,
                        fieldDescriptor(field, element, lengths[i], scales[i]),
                      ]),
                      listing: true,
                    },
                  ],
                ],
                listing: true,
              },
            ];
          }),
          listing: true,
        },
      ],
    ],
    listing: true,
  };

  const imports: Statement[] = [
    GENERATED_HEADER,
    { import: ['defineService as $defineService'], from: '../runtime/define-service.js', use: 'value' },
    { import: ['Service as $Service'], from: '../runtime/define-service.js', use: 'type' },
  ];
  if (typeImports.length) imports.push({ import: typeImports, from: '../runtime/define-service.js', use: 'type' });
  return {
    blocks: [
      imports,
      [
        {
          interface: `${names.type}Forms`,
          members: elementMembers(forms, sizes),
          doc: [
            `The Form data elements of ${what} \`${service.name}\`: element name to its fields (the names the payload sends).`,
          ],
        },
      ],
      [
        {
          interface: `${names.type}Lists`,
          members: elementMembers(lists, sizes),
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
