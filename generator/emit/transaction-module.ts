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
import { GENERATED_HEADER } from './row-module.js';
import {
  annotatedConst,
  arrayLiteral,
  docComment,
  objectLiteralKey,
  PRETTIER_OPTIONS,
  propertyKey,
  stringLiteral,
} from './ts-source.js';

interface FieldLengths {
  get(field: TransactionField): number | undefined;
}

/** The members of a field's value type: its valid values, or one type by DataType. */
function valueType(field: TransactionField): string[] {
  if (field.validValues) return field.validValues.map(stringLiteral);
  return [baseType(field)];
}

function baseType(field: TransactionField): string {
  switch (field.dataType) {
    case 'Decimal':
    case 'Long':
    case 'Number':
      return '$NumericValue';
    case 'Datetime':
      return '$DateValue';
    default:
      return 'string';
  }
}

function fieldDoc(field: TransactionField, element: DataElement, maxLength: number | undefined): string {
  const facts = [field.dataType ?? 'no DataType', ...(maxLength !== undefined ? [`at most ${maxLength}`] : [])].join(
    ', ',
  );
  const parts = [
    field.label ? `${field.label}.` : '',
    field.dbColumn ? `Column ${field.dbColumn} (${facts}).` : `No column (${facts}).`,
    field.required ? 'Required.' : '',
    element.keyFields.includes(field.name) ? 'Usual key.' : '',
    field.validValues ? `Valid values: ${field.validValues.map((v) => JSON.stringify(v)).join(', ')}.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * `readonly name?: A | B;` as prettier prints it: on one line when it fits; else the union alone on the next
 * line when that fits; else one member per line.
 */
function fieldSignature(key: string, members: readonly string[], indent: string): string {
  const type = members.join(' | ');
  const flat = `${indent}readonly ${key}?: ${type};`;
  if (flat.length <= PRETTIER_OPTIONS.printWidth || members.length === 1) return `${flat}\n`;
  const next = `${indent}  ${type};`;
  if (next.length <= PRETTIER_OPTIONS.printWidth) return `${indent}readonly ${key}?:\n${next}\n`;
  return `${indent}readonly ${key}?:\n${members.map((member) => `${indent}  | ${member}`).join('\n')};\n`;
}

function elementInterface(elements: readonly DataElement[], lengths: FieldLengths): string {
  if (elements.length === 0) return '{}';
  let out = '{\n';
  for (const element of elements) {
    const about = [
      `\`${element.name}\` (${element.type}).`,
      element.keyFields.length ? `Usual keys (KeyFields): ${element.keyFields.join(', ')}.` : 'No usual keys.',
      [
        element.businessObject ? `Business object ${element.businessObject}.` : '',
        element.datawindow ? `Datawindow ${element.datawindow}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    ].filter(Boolean);
    out += docComment(about, '  ');
    if (element.fields.length === 0) {
      out += `  readonly ${propertyKey(element.name)}: {};\n`;
      continue;
    }
    out += `  readonly ${propertyKey(element.name)}: {\n`;
    for (const field of element.fields) {
      out += docComment([fieldDoc(field, element, lengths.get(field))], '    ');
      out += fieldSignature(propertyKey(field.name), valueType(field), '    ');
    }
    out += '  };\n';
  }
  return `${out}}`;
}

/** `{ type: 'Char', maxLength: 8 }` on one line when it fits, else one property per line */
function fieldDescriptor(field: TransactionField, element: DataElement, lengths: FieldLengths, indent: string): string {
  const key = objectLiteralKey(field.name);
  const maxLength = lengths.get(field);
  const props: Array<[string, string]> = [['type', field.dataType === null ? 'null' : stringLiteral(field.dataType)]];
  if (maxLength !== undefined) props.push(['maxLength', String(maxLength)]);
  if (maxLength !== undefined && isIdentifier(field, element)) props.push(['identifier', 'true']);
  if (field.required) props.push(['required', 'true']);
  if (field.required && field.label) props.push(['label', stringLiteral(field.label)]);
  const flat = `${indent}${key}: { ${props.map(([k, v]) => `${k}: ${v}`).join(', ')}${field.validValues ? `, validValues: [${field.validValues.map(stringLiteral).join(', ')}]` : ''} },`;
  if (flat.length <= PRETTIER_OPTIONS.printWidth) return `${flat}\n`;
  const inner = `${indent}  `;
  return (
    `${indent}${key}: {\n` +
    props.map(([k, v]) => `${inner}${k}: ${v},\n`).join('') +
    (field.validValues ? arrayLiteral('validValues: ', field.validValues.map(stringLiteral), ',', inner) : '') +
    `${indent}},\n`
  );
}

export function emitTransactionModule(
  service: TransactionService,
  names: ObjectNames,
  allLengths: ColumnLengths,
): string {
  // each field's length is looked up once, not once per place it is printed
  const known = new Map<TransactionField, number | undefined>();
  const lengths = {
    get: (field: TransactionField) =>
      known.has(field) ? known.get(field) : known.set(field, lengthOf(field, allLengths)).get(field),
  };
  const forms = service.elements.filter((e) => e.type === 'Form');
  const lists = service.elements.filter((e) => e.type === 'List');
  const types = new Set(service.elements.flatMap((e) => e.fields.filter((f) => !f.validValues).map(baseType)));
  const typeImports = [
    ...(types.has('$DateValue') ? ['DateValue as $DateValue'] : []),
    ...(types.has('$NumericValue') ? ['NumericValue as $NumericValue'] : []),
  ];

  let descriptor = '';
  for (const element of service.elements) {
    descriptor += `    ${objectLiteralKey(element.name)}: {\n`;
    descriptor += `      type: '${element.type}',\n`;
    descriptor += arrayLiteral('keyFields: ', element.keyFields.map(stringLiteral), ',', '      ');
    if (element.fields.length === 0) descriptor += '      fields: {},\n';
    else {
      descriptor += '      fields: {\n';
      for (const field of element.fields) descriptor += fieldDescriptor(field, element, lengths, '        ');
      descriptor += '      },\n';
    }
    descriptor += '    },\n';
  }
  const what = service.report ? 'Report service' : 'Transaction service';
  const endpoint = service.report
    ? 'POST /api/v2/process/pdfreport (client.report)'
    : 'POST /api/v2/transaction (client.transaction)';

  return (
    `${GENERATED_HEADER}\n` +
    "import { defineService as $defineService, type Service as $Service } from '../runtime/transaction.js';\n" +
    (typeImports.length ? `import type { ${typeImports.join(', ')} } from '../runtime/transaction.js';\n` : '') +
    '\n' +
    docComment([
      `The Form data elements of ${what.toLowerCase()} \`${service.name}\`: element name to its fields (the names the payload sends).`,
    ]) +
    `export interface ${names.type}Forms ${elementInterface(forms, lengths)}\n\n` +
    docComment([`The List data elements of ${what.toLowerCase()} \`${service.name}\`.`]) +
    `export interface ${names.type}Lists ${elementInterface(lists, lengths)}\n\n` +
    // `as const` keeps the literals whatever the keys: as a contextual type, a key named `constructor` would
    // get Object's member and widen `'Char'` to string
    '/** The runtime descriptor: what the payload builder checks and converts by. */\n' +
    'const $descriptor = {\n' +
    `  name: ${stringLiteral(service.name)},\n` +
    `  report: ${service.report},\n` +
    (descriptor ? `  elements: {\n${descriptor}  },\n` : '  elements: {},\n') +
    '} as const;\n\n' +
    docComment([
      `${what} \`${service.name}\`: ${service.elements.length} data element${service.elements.length === 1 ? '' : 's'}, sent with ${endpoint}.`,
      `Build with \`${names.value}.transaction().form(...).list(...)\`, then \`${names.value}.request([...], { useCodeValues: false })\`.`,
    ]) +
    // annotated: the service's type needs no check of the descriptor (an editor would otherwise re-check
    // thousands of lines of it after every edit of a file that uses the service)
    annotatedConst(names.value, '$Service', [`${names.type}Forms`, `${names.type}Lists`], '$defineService($descriptor)')
  );
}
