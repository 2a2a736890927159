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

/** a character of a string parsed from Latin-1 text that is a byte of a UTF-8 sequence */
const NOT_ASCII = /[\x80-\xff]/;
/** A string of a definition parsed from its bytes read as Latin-1: the text those bytes are in UTF-8. */
const fromLatin1 = (s: string) => (NOT_ASCII.test(s) ? Buffer.from(s, 'latin1').toString('utf8') : s);
const BACKSLASH_U = Buffer.from('\\u');

/**
 * A definition: its text, or its file's bytes. Bytes are parsed as Latin-1 text (one byte, one character), and only
 * the strings the model takes are decoded as UTF-8: decoding the whole file made a two-byte string of it (one `€`
 * in a label does), which took its decoding and its JSON.parse half as long again as its parse does now (a
 * tenant's 312 definitions are 141 MB). The same service either way: JSON's syntax is ASCII, so a byte of a UTF-8
 * sequence can only be in a string, and what the strings hold is decoded from the same bytes. Not so for a `\u`
 * escape (its character is not a byte of the file), nor for a file that does not parse or fit (its message is the
 * text's): those are parsed as UTF-8 text.
 */
export function parseDefinition(source: string | Buffer, label: string): TransactionService {
  if (typeof source !== 'string') {
    let raw: unknown;
    if (!source.includes(BACKSLASH_U))
      try {
        raw = JSON.parse(source.toString('latin1'));
      } catch {
        // the text's own message (a BOM, an empty file, HTML or invalid JSON)
      }
    if (raw !== undefined && fitsDefinition(raw)) return serviceOf(raw, label, fromLatin1);
    source = source.toString('utf8');
  }
  const raw = parseJson(source, label);
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

/**
 * The service a definition that fits describes; a name given twice, or a key that is not a field, is refused.
 * `text`: how a string of it is read (parseDefinition: from Latin-1).
 */
function serviceOf(definition: Definition, label: string, text = (s: string) => s): TransactionService {
  const orNull = (s: string | null | undefined) => (s === undefined || s === null ? null : text(s));
  const service = text(definition.Name);
  const seen = new Set<string>();
  const elements: DataElement[] = definition.TransactionDefinition.DataElementDefinitions.map((e) => {
    const element = text(e.Name);
    if (seen.has(element))
      throw inputError(
        'ERPGEN_DEFINITION_INVALID',
        label,
        `service ${named(service)}, element ${quote(element)}: defined twice`,
      );
    seen.add(element);
    const names = new Set<string>();
    const fields: TransactionField[] = e.FieldDefinitions.map((f) => {
      const name = text(f.Name);
      if (names.has(name))
        throw inputError(
          'ERPGEN_DEFINITION_INVALID',
          label,
          `service ${named(service)}, element ${quote(element)}, field ${quote(name)}: defined twice`,
        );
      names.add(name);
      return {
        name,
        label: orNull(f.Label),
        dataType: (f.DataType ?? null) as FieldType,
        dbColumn: orNull(f.DbColumnName),
        required: f.Required ?? false,
        validValues: f.ValidValues && f.ValidValues.length ? distinct(f.ValidValues.map(text)) : null,
      };
    });
    const keyFields = e.KeyFields?.map(text) ?? [];
    for (const key of keyFields) {
      if (!names.has(key))
        throw inputError(
          'ERPGEN_DEFINITION_INVALID',
          label,
          `service ${named(service)}, element ${quote(element)}: KeyFields names ${quote(key)}, which is not one of its fields`,
        );
    }
    return {
      name: element,
      type: e.Type,
      keyFields,
      businessObject: orNull(e.BusinessObjectName),
      datawindow: orNull(e.DatawindowName),
      fields,
    };
  });
  return { name: service, report: isReportService(service), elements };
}
