// The transaction services a snapshot defines, read once at start: `<snapshot>/services.json` (served verbatim as
// GET /api/v2/services) and `<snapshot>/definitions/<Name>.json` (served verbatim as GET /api/v2/definition/{Name}).
// A service exists for the transaction routes exactly when it has a definition file: report services (`m_*`) have
// one but are absent from the list, as on a real server. Without a definitions folder every name is unknown.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isReportService } from '../../templates/runtime/contract.js';
import { serviceNames } from '../../templates/runtime/discovery.js';

export interface FieldModel {
  /** what a payload sends; often not the column name */
  readonly name: string;
  /** `table.column`, a bare computed name, '' or null */
  readonly dbColumn: string | null;
  readonly label: string | null;
  /** `Char`, `Decimal`, `Long`, `Datetime`, `Number` (reports) or null */
  readonly dataType: string | null;
  /** display labels; null when the field takes any value */
  readonly validValues: readonly string[] | null;
}

export interface ElementModel {
  /** `TAB.datawindow`; may contain spaces and slashes */
  readonly name: string;
  readonly type: 'Form' | 'List';
  /** the window's datawindow behind it (`DatawindowName`), when the definition gives one */
  readonly datawindow: string | null;
  /** `BusinessObjectName`: usually the table the datawindow updates (`oe_hdr`), but it can be anything */
  readonly businessObject: string | null;
  readonly keyFields: readonly string[];
  /** by field name, in definition order */
  readonly fields: ReadonlyMap<string, FieldModel>;
}

export interface ServiceModel {
  readonly name: string;
  /** hidden from the list, run by /process/pdfreport; /transaction accepts them and does nothing */
  readonly report: boolean;
  /** by element name, in definition order */
  readonly elements: ReadonlyMap<string, ElementModel>;
  /** the element whose row identifies a record (the one `KeyDefinitions` point at); the others belong to it */
  readonly main: ElementModel | undefined;
  /** the definition file's text, answered byte for byte */
  readonly definitionText: string;
}

export interface ServiceCatalog {
  /** the body of GET /api/v2/services */
  readonly servicesText: string;
  /** the names it lists */
  readonly listed: readonly string[];
  readonly services: ReadonlyMap<string, ServiceModel>;
}

export function readServiceCatalog(snapshot: string): ServiceCatalog {
  const services = new Map<string, ServiceModel>();
  const folder = join(snapshot, 'definitions');
  if (existsSync(folder)) {
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith('.json')) continue;
      const text = readFileSync(join(folder, file), 'utf8');
      const model = serviceModel(text, file);
      services.set(model.name, model);
    }
  }
  const listFile = join(snapshot, 'services.json');
  if (existsSync(listFile)) {
    const servicesText = readFileSync(listFile, 'utf8');
    return { servicesText, listed: listedNames(JSON.parse(servicesText) as unknown, listFile), services };
  }
  const listed = [...services.keys()].filter((n) => !isReportService(n));
  return { servicesText: JSON.stringify(listed.map((Name) => ({ Name }))), listed, services };
}

/** The names a snapshot's services.json lists, in any of the forms a server may answer (the runtime's reading). */
function listedNames(value: unknown, file: string): string[] {
  const names = serviceNames(value);
  if (names === undefined)
    throw new Error(`${file}: not a list of names, of {Name} objects, {value: [...]} or {Services: [...]}`);
  return names;
}

// --- reading a definition: strict, because a malformed snapshot is a test bug that should be loud ---------------

type Json = Record<string, unknown>;

/** A service by the `Name` its definition holds (a name that cannot be a file name is kept under a safe one). */
function serviceModel(text: string, file: string): ServiceModel {
  const doc = JSON.parse(text.replace(/^\uFEFF/, '')) as Json;
  const name = typeof doc.Name === 'string' ? doc.Name : file.slice(0, -'.json'.length);
  const td = doc.TransactionDefinition as Json | undefined;
  const list = td?.DataElementDefinitions;
  if (!Array.isArray(list)) throw new Error(`${file}: no TransactionDefinition.DataElementDefinitions`);
  const elements = new Map<string, ElementModel>();
  for (const raw of list as Json[]) {
    const element = elementModel(raw, file);
    elements.set(element.name, element);
  }
  const keyDefinitions = Array.isArray(td?.KeyDefinitions) ? (td.KeyDefinitions as Json[]) : [];
  const location = keyDefinitions[0]?.Location;
  const located =
    typeof location === 'string' ? [...elements.values()].find((e) => e.name.endsWith(`.${location}`)) : undefined;
  return {
    name,
    report: isReportService(name),
    elements,
    main: located ?? elements.values().next().value,
    definitionText: text,
  };
}

function elementModel(raw: Json, file: string): ElementModel {
  const { Name: name, Type: type, KeyFields: keyFields, FieldDefinitions: fieldList } = raw;
  if (typeof name !== 'string' || (type !== 'Form' && type !== 'List') || !Array.isArray(fieldList))
    throw new Error(`${file}: a data element without Name, Type or FieldDefinitions`);
  const fields = new Map<string, FieldModel>();
  for (const f of fieldList as Json[]) {
    if (typeof f.Name !== 'string') throw new Error(`${file}: ${name} has a field without Name`);
    fields.set(f.Name, {
      name: f.Name,
      dbColumn: typeof f.DbColumnName === 'string' ? f.DbColumnName : null,
      label: typeof f.Label === 'string' ? f.Label : null,
      dataType: typeof f.DataType === 'string' ? f.DataType : null,
      validValues: Array.isArray(f.ValidValues) ? (f.ValidValues as unknown[]).map(String) : null,
    });
  }
  return {
    name,
    type,
    datawindow: typeof raw.DatawindowName === 'string' && raw.DatawindowName !== '' ? raw.DatawindowName : null,
    businessObject: typeof raw.BusinessObjectName === 'string' ? raw.BusinessObjectName : null,
    keyFields: Array.isArray(keyFields) ? (keyFields as unknown[]).map(String) : [],
    fields,
  };
}
