// Transaction service definitions (GET /api/v2/definition/{name}) and the service list (GET /api/v2/services),
// as the server sent them, validated (with zod where one does not fit). A definition that does not fit is refused with a message naming
// the file, the service, the element and the field. The `Template` part is not read: it is derivable.
import { createRequire } from 'node:module';
import type { z as Z } from 'zod';
import { FIELD_TYPES, isReportService } from '../../templates/runtime/contract.js';
import { serviceNames } from '../../templates/runtime/discovery.js';
import { inputError } from '../errors.js';
import { named, quote } from '../message-text.js';
import type { DataElement, FieldType, TransactionField, TransactionService } from '../model/transactions.js';

/**
 * What a definition must be, as a zod schema: only a definition that does not fit (fitsDefinition) needs it, for
 * the message naming where, so zod is loaded then (every run reads definitions, and loading zod cost a run of the
 * sample more than reading them). Its CommonJS build, since a definition is read synchronously.
 */
function buildSchema(z: typeof Z) {
  const fieldSchema = z.object({
    Name: z.string().min(1, 'must not be empty'),
    DbColumnName: z.string().nullable().optional(),
    Label: z.string().nullable().optional(),
    DataType: z.enum(FIELD_TYPES).nullable().optional(),
    Required: z.boolean().optional(),
    ValidValues: z.array(z.string()).nullable().optional(),
  });
  const elementSchema = z.object({
    Name: z.string().min(1, 'must not be empty'),
    Type: z.enum(['Form', 'List']),
    KeyFields: z.array(z.string()).nullable().optional(),
    BusinessObjectName: z.string().nullable().optional(),
    DatawindowName: z.string().nullable().optional(),
    ParentText: z.string().nullable().optional(),
    FieldDefinitions: z.array(fieldSchema),
  });
  return z.object({
    Name: z.string().min(1),
    TransactionDefinition: z.object({ DataElementDefinitions: z.array(elementSchema) }),
  });
}

let schema: ReturnType<typeof buildSchema> | undefined;

/** The schema (exported for the test that holds fitsDefinition to it). */
export function definitionSchema(): ReturnType<typeof buildSchema> {
  return (schema ??= buildSchema((createRequire(import.meta.url)('zod') as typeof import('zod')).z));
}

type Definition = Z.infer<ReturnType<typeof buildSchema>>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isName = (v: unknown) => typeof v === 'string' && v !== '';
const isText = (v: unknown) => v === undefined || v === null || typeof v === 'string';
const isTexts = (v: unknown) =>
  v === undefined || v === null || (Array.isArray(v) && v.every((s) => typeof s === 'string'));
const TYPES: ReadonlySet<unknown> = new Set(FIELD_TYPES);

/**
 * Whether `raw` fits definitionSchema, answered without zod, which took a definition as long as its JSON.parse: an
 * Order-sized service has 1,266 fields. The same rules, checked by test against the schema; a definition that does
 * not fit goes to zod, for the message naming where.
 */
export function fitsDefinition(raw: unknown): raw is Definition {
  if (!isObject(raw) || !isName(raw['Name']) || !isObject(raw['TransactionDefinition'])) return false;
  const elements = raw['TransactionDefinition']['DataElementDefinitions'];
  if (!Array.isArray(elements)) return false;
  for (const e of elements as unknown[]) {
    if (
      !isObject(e) ||
      !isName(e['Name']) ||
      (e['Type'] !== 'Form' && e['Type'] !== 'List') ||
      !isTexts(e['KeyFields']) ||
      !isText(e['BusinessObjectName']) ||
      !isText(e['DatawindowName']) ||
      !isText(e['ParentText']) ||
      !Array.isArray(e['FieldDefinitions'])
    )
      return false;
    for (const f of e['FieldDefinitions'] as unknown[]) {
      if (
        !isObject(f) ||
        !isName(f['Name']) ||
        !isText(f['DbColumnName']) ||
        !isText(f['Label']) ||
        !(f['DataType'] === undefined || f['DataType'] === null || TYPES.has(f['DataType'])) ||
        !(f['Required'] === undefined || typeof f['Required'] === 'boolean') ||
        !isTexts(f['ValidValues'])
      )
        return false;
    }
  }
  return true;
}

function parseJson(text: string, label: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/^\s*$/.test(text))
    throw inputError(
      'ERPGEN_JSON_INVALID',
      label,
      'is empty (an unknown service or an unlicensed window answers an empty HTTP 500)',
      0,
    );
  if (/^\s*</.test(text))
    throw inputError('ERPGEN_JSON_INVALID', label, 'is XML or HTML, not JSON (send Accept: application/json)', 0);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw inputError('ERPGEN_JSON_INVALID', label, `invalid JSON: ${(error as Error).message}`);
  }
}

/** GET /api/v2/services, whose JSON form was never published: the four forms public clients read are taken. */
export function parseServiceList(text: string, label: string): string[] {
  const names = serviceNames(parseJson(text, label));
  if (!names)
    throw inputError(
      'ERPGEN_SERVICE_LIST_INVALID',
      label,
      'is not a service list (a list of names, of {Name} objects, {value: [...]} or {Services: [...]})',
    );
  return names;
}

/** Where a zod issue points, in the words of the definition: service, element and field by name. */
function describePath(raw: unknown, path: ReadonlyArray<PropertyKey>): string {
  const parts: string[] = [];
  let node: unknown = raw;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const next = (node as Record<PropertyKey, unknown> | undefined)?.[key as string];
    if (path[i - 1] === 'DataElementDefinitions' || path[i - 1] === 'FieldDefinitions') {
      const name = (next as { Name?: unknown } | undefined)?.Name;
      const what = path[i - 1] === 'DataElementDefinitions' ? 'element' : 'field';
      parts.push(typeof name === 'string' ? `${what} ${quote(name)}` : `${what} #${String(key)}`);
    } else if (
      i === path.length - 1 ||
      (key !== 'TransactionDefinition' && key !== 'DataElementDefinitions' && key !== 'FieldDefinitions')
    ) {
      // a key of the definition's own shape, or an index into a list: never free text from the input
      parts.push(typeof key === 'number' ? `#${key}` : named(String(key)));
    }
    node = next;
  }
  return parts.join(', ');
}

/** Distinct values in their order: real definitions repeat labels and hold "" and " ". */
function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export function parseDefinition(text: string, label: string): TransactionService {
  const raw = parseJson(text, label);
  if (fitsDefinition(raw)) return serviceOf(raw, label);
  const parsed = definitionSchema().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = (raw as { Name?: unknown } | null)?.Name;
    const service = typeof name === 'string' ? `service ${named(name)}` : 'the definition';
    const where = describePath(raw, issue.path);
    throw inputError('ERPGEN_DEFINITION_INVALID', label, `${service}${where ? `, ${where}` : ''}: ${issue.message}`);
  }
  return serviceOf(parsed.data, label);
}

/** The service a definition that fits describes; a name given twice, or a key that is not a field, is refused. */
function serviceOf(definition: Definition, label: string): TransactionService {
  const seen = new Set<string>();
  const elements: DataElement[] = definition.TransactionDefinition.DataElementDefinitions.map((e) => {
    if (seen.has(e.Name))
      throw inputError(
        'ERPGEN_DEFINITION_INVALID',
        label,
        `service ${named(definition.Name)}, element ${quote(e.Name)}: defined twice`,
      );
    seen.add(e.Name);
    const names = new Set<string>();
    const fields: TransactionField[] = e.FieldDefinitions.map((f) => {
      if (names.has(f.Name))
        throw inputError(
          'ERPGEN_DEFINITION_INVALID',
          label,
          `service ${named(definition.Name)}, element ${quote(e.Name)}, field ${quote(f.Name)}: defined twice`,
        );
      names.add(f.Name);
      return {
        name: f.Name,
        label: f.Label ?? null,
        dataType: (f.DataType ?? null) as FieldType,
        dbColumn: f.DbColumnName ?? null,
        required: f.Required ?? false,
        validValues: f.ValidValues && f.ValidValues.length ? distinct(f.ValidValues) : null,
      };
    });
    const keyFields = e.KeyFields ?? [];
    for (const key of keyFields) {
      if (!names.has(key))
        throw inputError(
          'ERPGEN_DEFINITION_INVALID',
          label,
          `service ${named(definition.Name)}, element ${quote(e.Name)}: KeyFields names ${quote(key)}, which is not one of its fields`,
        );
    }
    return {
      name: e.Name,
      type: e.Type,
      keyFields,
      businessObject: e.BusinessObjectName ?? null,
      datawindow: e.DatawindowName ?? null,
      fields,
    };
  });
  return { name: definition.Name, report: isReportService(definition.Name), elements };
}
