// Deterministic sample transaction service definitions: what GET /api/v2/definition/{name} answers for the sample
// tenant, and what GET /api/v2/services lists. Three services come from the real published definitions in
// test/fixtures/reference/definitions (PickZone unchanged, Labor with its derived Template, Customer's four published
// elements plus more); the others are written in definition-specs.ts and resolved here against the sample tenant so
// that a field's `DbColumnName` names a real column of it where that makes sense (length checks then apply). Order is
// as large as the real one (102 data elements, 1,266 fields) and carries the hard cases a real server sends.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isReportService } from '../../templates/runtime/contract.js';
import {
  BENCH_ACTIONS,
  BENCH_SUBJECTS,
  BENCH_TABS,
  CF_NAMES,
  CUSTOMER_EXTRA,
  HARD_ELEMENT,
  REPORT_SERVICE,
  SAMPLE_SERVICES,
  ORDER_CORE,
  ORDER_FILLER,
  VALID_VALUES,
  type ElementSpec,
  type ServiceSpec,
} from './definition-specs.js';
import { makeTenant, type SampleColumn } from './make-tenant.js';
import { hash32, prng } from './random.js';
import { REFERENCE_DIR } from './real-columns.js';

// --- the server's shapes (keys in the alphabetical order of the published files) --------------------------------

/** `Number` appears in real report (`m_*`) definitions although the documents list only the first four and null */
type FieldDataType = 'Char' | 'Decimal' | 'Long' | 'Datetime' | 'Number' | null;

export interface FieldDefinition {
  DataType: FieldDataType;
  DbColumnName: string | null;
  Label: string | null;
  Name: string;
  Required: boolean;
  ValidValues: string[] | null;
}

export interface DataElementDefinition {
  BusinessObjectName: string | null;
  DatawindowName: string;
  FieldDefinitions: FieldDefinition[];
  KeyFields: string[];
  Name: string;
  ParentText: string;
  Type: 'Form' | 'List';
}

interface KeyDefinition {
  Location: string;
  Name: string;
}

interface TemplateEdit {
  IgnoreIfEmpty: boolean;
  Name: string;
  Value: string;
}

interface TemplateDataElement {
  BusinessObjectName: string | null;
  Keys: string[];
  Name: string;
  Rows: { Edits: TemplateEdit[]; RelativeDateEdits: unknown[] }[];
  Type: 'Form' | 'List';
}

export interface TransactionSetTemplate {
  Description: string | null;
  FieldMap: unknown[];
  IgnoreDisabled: boolean;
  Name: string;
  Parameters: unknown;
  Query: unknown;
  TransactionSplitMethod: number;
  Transactions: { DataElements: TemplateDataElement[]; Documents: unknown; Status: string }[];
  UseCodeValues: boolean;
}

export interface ServiceDefinition {
  Name: string;
  Template: { TransactionSet: TransactionSetTemplate };
  TransactionDefinition: { DataElementDefinitions: DataElementDefinition[]; KeyDefinitions: KeyDefinition[] };
}

export interface DefinitionFile {
  name: string;
  /** the exact object GET /api/v2/definition/{name} would answer */
  json: unknown;
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

function shuffled<T>(rand: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** integer shares of `total` proportional to `weights`, each at least `min` (largest remainder) */
function apportion(total: number, weights: readonly number[], min = 1): number[] {
  const spare = total - min * weights.length;
  if (spare < 0) throw new Error(`cannot give ${weights.length} parts at least ${min} of ${total}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (spare * w) / sum);
  const shares = exact.map((x) => Math.floor(x));
  let left = spare - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    shares[i]!++;
  }
  return shares.map((s) => s + min);
}

// --- the sample tenant's columns ----------------------------------------------------------------------------------

let tenantCache: Map<string, Map<string, SampleColumn>> | undefined;
const tenantKeys = new Map<string, readonly string[]>();

/** the curated sample tenant's tables by name, each a map of its columns (the objects `DbColumnName` may name) */
export function tenantTables(): Map<string, Map<string, SampleColumn>> {
  if (tenantCache) return tenantCache;
  tenantCache = new Map();
  for (const t of makeTenant({ curated: true }).tables) {
    tenantCache.set(t.name, new Map(t.columns.map((c) => [c.name, c])));
    tenantKeys.set(t.name, t.key);
  }
  return tenantCache;
}

function edmToDataType(type: string): FieldDataType {
  switch (type) {
    case 'Edm.Decimal':
    case 'Edm.Double':
    case 'Edm.Single':
      return 'Decimal';
    case 'Edm.Int16':
    case 'Edm.Int32':
    case 'Edm.Int64':
    case 'Edm.Byte':
    case 'Edm.SByte':
      return 'Long';
    case 'Edm.DateTimeOffset':
    case 'Edm.Date':
      return 'Datetime';
    default:
      return 'Char';
  }
}

/** the data type a window gives a column it does not read from a table, guessed from its name */
function guessDataType(name: string): FieldDataType {
  if (/(^|_)(date|dt)(_|$)|_date\d*$|^date_|expiration|_time$|birthday|anniversary/.test(name)) return 'Datetime';
  if (/_flag$|^include_|^print_|^allow_|^use_/.test(name)) return 'Char';
  if (/(^|_)(uid|cd|sequence|seq|count|level|days|period|year)$/.test(name)) return 'Long';
  if (
    /(^|_)(amt|amount|qty|quantity|price|cost|pct|percent|percentage|total|factor|value\d*|rate|weight|hours|multiplier|break\d*|balance|limit|size|qoh|mac|margin|paid|due)(_|$|\d)/.test(
      name,
    )
  )
    return 'Decimal';
  return 'Char';
}

const WORDS: Record<string, string> = {
  id: 'ID',
  uid: 'UID',
  no: 'No',
  qty: 'Qty',
  uom: 'UOM',
  pct: '%',
  po: 'PO',
  oe: 'OE',
  gl: 'GL',
  ar: 'AR',
  ap: 'AP',
  url: 'URL',
  edi: 'EDI',
  ups: 'UPS',
  fob: 'FOB',
  cod: 'COD',
  rma: 'RMA',
  upc: 'UPC',
  ean: 'EAN',
  dea: 'DEA',
  wwms: 'WWMS',
  fc: 'FC',
  sku: 'SKU',
  ytd: 'YTD',
  b2b: 'B2B',
  mac: 'MAC',
  qoh: 'QOH',
  iva: 'IVA',
  sfdc: 'SFDC',
  irs: 'IRS',
  cd: '',
  flag: '',
  desc: 'Desc',
  mi: 'MI',
};

/** a window label for a column name: `customer_type_cd` → `Customer Type` */
function humanize(name: string): string {
  const parts = name.split('_').filter((p) => p !== '');
  if (parts.length > 1 && (parts[0] === 'c' || parts[0] === 'cf')) parts.shift();
  return parts
    .map((p) => {
      const w = WORDS[p.toLowerCase()];
      if (w !== undefined) return w;
      return p.charAt(0).toUpperCase() + p.slice(1);
    })
    .filter((p) => p !== '')
    .join(' ');
}

function defaultValidValues(name: string, dataType: FieldDataType): string[] | null {
  if (name === 'row_status_flag') return [...VALID_VALUES.rowstatus!];
  if (dataType === 'Char' && (/_flag$/.test(name) || name === 'delete_flag')) return [...VALID_VALUES.onoff!];
  if (dataType === 'Char' && /^class_?\d_?id$|^class_id\d$/.test(name)) return [...VALID_VALUES.classes!];
  return null;
}

// --- field specs ---------------------------------------------------------------------------------------------------

// name[=db][:Type][!][@validValues][~Label]  (see definition-specs.ts)
const SPEC = /^([^=:!@~\s]+)(?:=([^:!@~]*))?(?::(\w+))?(!)?(?:@(\w+))?(?:~([\s\S]*))?$/;
const TYPE_CODES: Record<string, FieldDataType> = {
  C: 'Char',
  D: 'Decimal',
  L: 'Long',
  T: 'Datetime',
  N: null,
  Number: 'Number',
};

interface ResolveContext {
  readonly tables: readonly string[];
  /** seed text for the per-field choices (labels left blank) */
  readonly seed: string;
}

/** expand entries without a label (`~`) that hold several specs separated by white space */
function expandSpecs(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    if (e.includes('~')) out.push(e);
    else out.push(...e.split(/\s+/).filter((s) => s !== ''));
  }
  return out;
}

function lookupColumn(table: string, column: string): SampleColumn | undefined {
  return tenantTables().get(table)?.get(column);
}

function resolveField(spec: string, ctx: ResolveContext): FieldDefinition {
  const m = SPEC.exec(spec);
  if (!m) throw new Error(`bad field spec: ${spec}`);
  const [, name, dbText, typeCode, bang, vvKey, labelText] = m as unknown as [
    string,
    string,
    string | undefined,
    string | undefined,
    string | undefined,
    string | undefined,
    string | undefined,
  ];
  // DbColumnName: explicit, else the first context table that has the column, else computed
  let db: string | null;
  let column: SampleColumn | undefined;
  const computedOnly = /^(cf_|rowind$|rowfocus$)/.test(name);
  if (dbText !== undefined) {
    db = dbText === 'null' ? null : dbText;
    if (db && db.includes('.')) {
      const [t, c] = db.split('.') as [string, string];
      column = lookupColumn(t, c);
    }
  } else if (computedOnly) {
    db = null;
  } else {
    const table = ctx.tables.find((t) => lookupColumn(t, name));
    if (table) {
      db = `${table}.${name}`;
      column = lookupColumn(table, name);
    } else db = name;
  }
  let dataType: FieldDataType;
  if (typeCode !== undefined) {
    if (!(typeCode in TYPE_CODES)) throw new Error(`bad type code in ${spec}`);
    dataType = TYPE_CODES[typeCode]!;
  } else if (computedOnly && db === null) dataType = null;
  else if (column) dataType = edmToDataType(column.type);
  else dataType = guessDataType(db && db.includes('.') ? db.split('.')[1]! : name);
  let label: string | null;
  if (labelText !== undefined) label = labelText === 'null' ? null : labelText;
  else if (dataType === null && db === null) label = null;
  else {
    // windows leave many labels blank (the text sits next to another field's label)
    const r = prng(hash32(`${ctx.seed}/${name}`))();
    label = !bang && r < 0.15 ? '' : humanize(name);
  }
  let validValues: string[] | null;
  if (vvKey !== undefined) {
    if (vvKey === 'none') validValues = null;
    else {
      const list = VALID_VALUES[vvKey];
      if (!list) throw new Error(`unknown valid-value list ${vvKey} in ${spec}`);
      validValues = [...list];
    }
  } else validValues = defaultValidValues(name, dataType);
  return {
    DataType: dataType,
    DbColumnName: db,
    Label: label,
    Name: name,
    Required: bang === '!',
    ValidValues: validValues,
  };
}

function resolveElement(service: string, spec: ElementSpec): DataElementDefinition {
  const ctx: ResolveContext = { tables: spec.tables ?? (spec.bo ? [spec.bo] : []), seed: `${service}/${spec.name}` };
  const fields = expandSpecs(spec.fields).map((f) => resolveField(f, ctx));
  return element(spec, fields);
}

function element(spec: Omit<ElementSpec, 'fields'>, fields: FieldDefinition[]): DataElementDefinition {
  const names = new Set<string>();
  for (const f of fields) {
    if (names.has(f.Name)) throw new Error(`${spec.name}: field ${f.Name} twice`);
    names.add(f.Name);
  }
  for (const k of spec.keys ?? []) if (!names.has(k)) throw new Error(`${spec.name}: key ${k} is not a field`);
  return {
    BusinessObjectName: spec.bo,
    DatawindowName: spec.dw,
    FieldDefinitions: fields,
    KeyFields: [...(spec.keys ?? [])],
    Name: spec.name,
    ParentText: spec.parent,
    Type: spec.type,
  };
}

// --- synthetic elements (Order's other windows, the benchmark services) --------------------------------------------

function tableColumnList(table: string): SampleColumn[] {
  const cols = tenantTables().get(table);
  if (!cols) throw new Error(`sample tenant has no table ${table}`);
  return [...cols.values()].filter((c) => c.type !== 'Edm.Binary' && !/^[A-Z]/.test(c.name));
}

/**
 * `n` fields read from tenant table `src`, with the usual computed and blank-label mix of a real window; the `keys`
 * columns come first, under their own names
 */
function syntheticFields(src: string, n: number, rand: () => number, keys: readonly string[]): FieldDefinition[] {
  const out: FieldDefinition[] = [];
  const names = new Set<string>();
  const all = tableColumnList(src);
  const columns = [
    ...keys.map((k) => all.find((c) => c.name === k)!),
    ...shuffled(
      rand,
      all.filter((c) => !keys.includes(c.name)),
    ),
  ];
  const trailing = n >= 3 && rand() < 0.7 ? 1 : 0; // cf_dfflag closes most datawindows
  const computedTail = n >= 6 ? Math.floor(rand() * Math.min(4, n / 6)) : 0;
  const fromColumns = Math.max(keys.length, Math.min(columns.length, n - trailing - computedTail));
  for (const [index, c] of columns.slice(0, fromColumns).entries()) {
    const r = index < keys.length ? 1 : rand();
    let name = c.name;
    let db: string | null = `${src}.${c.name}`;
    if (r < 0.06) name = `${src}_${c.name}`;
    else if (r < 0.1) {
      name = `c_${c.name}`;
      db = name;
    } else if (r < 0.115) db = '';
    else if (r < 0.13 && /_(desc|name)$/.test(c.name)) db = `compute_${String(hash32(name) % 9000).padStart(4, '0')}`;
    if (names.has(name)) continue;
    names.add(name);
    const dataType = edmToDataType(c.type);
    const blank = rand() < 0.17;
    out.push({
      DataType: dataType,
      DbColumnName: db,
      Label: blank ? '' : humanize(name),
      Name: name,
      Required: rand() < 0.04,
      ValidValues: defaultValidValues(c.name, dataType),
    });
  }
  // computed-only columns (no type, no column, no label) and anything still missing
  const cf = shuffled(rand, CF_NAMES);
  let i = 0;
  while (out.length < n - trailing) {
    const name = i < cf.length ? cf[i]! : `cf_value_${i - cf.length + 1}`;
    i++;
    if (names.has(name) || name === 'cf_dfflag') continue;
    names.add(name);
    out.push({ DataType: null, DbColumnName: null, Label: null, Name: name, Required: false, ValidValues: null });
  }
  if (trailing)
    out.push({
      DataType: null,
      DbColumnName: null,
      Label: null,
      Name: 'cf_dfflag',
      Required: false,
      ValidValues: null,
    });
  return out;
}

interface FillerEntry {
  readonly name: string;
  readonly type: 'Form' | 'List';
  readonly bo: string;
  readonly parent: string;
  readonly src: string;
}

function parseFiller(text: string): FillerEntry {
  const [name, type, bo, parent, src] = text.split('|') as [string, string, string, string, string];
  if ((type !== 'Form' && type !== 'List') || !src) throw new Error(`bad filler entry ${text}`);
  return { name, type, bo, parent, src };
}

function syntheticElement(entry: FillerEntry, n: number, rand: () => number): DataElementDefinition {
  // some windows are keyed on their table's key (lists more often than forms)
  const tableKey = tenantKeys.get(entry.src) ?? [];
  const keyed = entry.bo === entry.src && tableKey.length < n && rand() < (entry.type === 'List' ? 0.5 : 0.25);
  const keys = keyed ? tableKey : [];
  const fields = syntheticFields(entry.src, n, rand, keys);
  const dwPart = entry.name.slice(entry.name.indexOf('.') + 1).replace(/[^a-z0-9_]/gi, '_');
  return element(
    { name: entry.name, type: entry.type, bo: entry.bo, dw: `d_dw_${dwPart}`, parent: entry.parent, keys },
    fields,
  );
}

function weights(rand: () => number, entries: readonly FillerEntry[]): number[] {
  // skewed like a real window: many small datawindows, a few wide ones; narrow tables give narrow windows
  return entries.map((e) => (0.4 + rand() ** 2 * 3) * Math.min(1, tableColumnList(e.src).length / 20));
}

// --- whole services -----------------------------------------------------------------------------------------------

/** the Template a server derives from a definition: one data element per definition element, one edit per field */
export function deriveTemplate(
  name: string,
  elements: readonly DataElementDefinition[],
): { TransactionSet: TransactionSetTemplate } {
  return {
    TransactionSet: {
      Description: null,
      FieldMap: [],
      IgnoreDisabled: false,
      Name: name,
      Parameters: null,
      Query: null,
      TransactionSplitMethod: 0,
      Transactions: [
        {
          DataElements: elements.map((e) => ({
            BusinessObjectName: null,
            Keys: [...e.KeyFields],
            Name: e.Name,
            Rows: [
              {
                Edits: e.FieldDefinitions.map((f) => ({ IgnoreIfEmpty: true, Name: f.Name, Value: '' })),
                RelativeDateEdits: [],
              },
            ],
            Type: e.Type,
          })),
          Documents: null,
          Status: 'New',
        },
      ],
      UseCodeValues: false,
    },
  };
}

/** the service's key definitions: the key fields of its first (main) element, located by its datawindow part */
function deriveKeyDefinitions(elements: readonly DataElementDefinition[]): KeyDefinition[] {
  const main = elements[0];
  if (!main) return [];
  const location = main.Name.slice(main.Name.indexOf('.') + 1);
  return main.KeyFields.map((k) => ({ Location: location, Name: k }));
}

function service(name: string, elements: DataElementDefinition[], keyDefinitions?: KeyDefinition[]): ServiceDefinition {
  const seen = new Set<string>();
  for (const e of elements) {
    if (seen.has(e.Name)) throw new Error(`${name}: element ${e.Name} twice`);
    seen.add(e.Name);
  }
  return {
    Name: name,
    Template: deriveTemplate(name, elements),
    TransactionDefinition: {
      DataElementDefinitions: elements,
      KeyDefinitions: keyDefinitions ?? deriveKeyDefinitions(elements),
    },
  };
}

function fromSpec(spec: ServiceSpec): ServiceDefinition {
  return service(
    spec.name,
    spec.elements.map((e) => resolveElement(spec.name, e)),
  );
}

export const ORDER_ELEMENTS = 102;
const ORDER_FIELDS = 1266;

function orderDefinition(): ServiceDefinition {
  const core = ORDER_CORE.map((e) => resolveElement('Order', e));
  const coreFields = core.reduce((n, e) => n + e.FieldDefinitions.length, 0);
  const fillerCount = ORDER_ELEMENTS - core.length;
  if (fillerCount > ORDER_FILLER.length)
    throw new Error(`Order needs ${fillerCount} filler elements, has ${ORDER_FILLER.length}`);
  const rand = prng(hash32('Order'));
  const entries = ORDER_FILLER.slice(0, fillerCount).map(parseFiller);
  const counts = apportion(ORDER_FIELDS - coreFields, weights(rand, entries), 2);
  const filler = entries.map((entry, i) => syntheticElement(entry, counts[i]!, rand));
  // the main header and lines first, the synthetic windows in the middle, notes and audit trail last
  const tail = core.filter((e) => e.Name.startsWith('TIMESTAMP.'));
  const head = core.filter((e) => !e.Name.startsWith('TIMESTAMP.'));
  return service('Order', [...head, ...filler, ...tail]);
}

// --- the published real definitions ------------------------------------------------------------------------------

function readReference(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(REFERENCE_DIR, 'definitions', file), 'utf8')) as Record<string, unknown>;
}

/** drop what publication added (`_note`, `ValidValuesRedacted`); the server sends neither */
function publishedElements(doc: Record<string, unknown>): DataElementDefinition[] {
  const td = doc.TransactionDefinition as { DataElementDefinitions: DataElementDefinition[] };
  return td.DataElementDefinitions.map((e) => ({
    BusinessObjectName: e.BusinessObjectName,
    DatawindowName: e.DatawindowName,
    FieldDefinitions: e.FieldDefinitions.map((f) => ({
      DataType: f.DataType,
      DbColumnName: f.DbColumnName,
      Label: f.Label,
      Name: f.Name,
      Required: f.Required,
      ValidValues: f.ValidValues === null ? null : [...f.ValidValues],
    })),
    KeyFields: [...e.KeyFields],
    Name: e.Name,
    ParentText: e.ParentText,
    Type: e.Type,
  }));
}

function pickZoneDefinition(): ServiceDefinition {
  return readReference('PickZone.json') as unknown as ServiceDefinition;
}

function laborDefinition(): ServiceDefinition {
  const doc = readReference('Labor.TransactionDefinition.json');
  const td = doc.TransactionDefinition as { KeyDefinitions: KeyDefinition[] };
  return service('Labor', publishedElements(doc), td.KeyDefinitions);
}

function customerDefinition(): ServiceDefinition {
  const published = publishedElements(readReference('Customer.partial.TransactionDefinition.json'));
  const extra = CUSTOMER_EXTRA.map((e) => resolveElement('Customer', e));
  const tail = extra.filter((e) => e.Name.startsWith('TIMESTAMP.'));
  const middle = extra.filter((e) => !e.Name.startsWith('TIMESTAMP.'));
  return service('Customer', [...published, ...middle, ...tail]);
}

// --- public API ----------------------------------------------------------------------------------------------------

/** the sample tenant's services: Order (102 elements), Customer, PickZone, Labor, ... and one hidden report */
export function sampleDefinitions(): DefinitionFile[] {
  const defs: ServiceDefinition[] = [
    orderDefinition(),
    customerDefinition(),
    pickZoneDefinition(),
    laborDefinition(),
    ...SAMPLE_SERVICES.map(fromSpec),
    fromSpec(REPORT_SERVICE),
  ];
  return defs.map((d) => ({ name: d.Name, json: d }));
}

function benchNames(count: number): string[] {
  const rand = prng(hash32('bench-names'));
  const combos = shuffled(
    rand,
    BENCH_SUBJECTS.flatMap((s) => BENCH_ACTIONS.map((a) => `${s}${a}`)),
  );
  const names: string[] = [];
  for (let i = 0; names.length < count; i++) {
    const base = combos[i % combos.length]!;
    names.push(i < combos.length ? base : `${base}${Math.floor(i / combos.length) + 1}`);
  }
  return names;
}

function benchElementEntries(rand: () => number, count: number): FillerEntry[] {
  const tables = [...tenantTables().keys()].filter((t) => tableColumnList(t).length >= 8 && !t.startsWith('udt_'));
  const entries: FillerEntry[] = [];
  const taken = new Set<string>([HARD_ELEMENT.name]);
  const tabs = shuffled(rand, BENCH_TABS);
  for (let round = 1; entries.length < count; round++) {
    for (const tab of tabs) {
      if (entries.length >= count) break;
      const lower = tab.toLowerCase().replace(/ /g, '_');
      // a few tab names carry spaces, as real ones do (`PO COST MULTIPLIERS.price_page_po_cost_calc`)
      const tabName = tab.includes(' ') ? tab : `TP_${tab}`;
      const name = round === 1 ? `${tabName}.tp_${lower}` : `${tabName}.tp_${lower}_dw_${round}`;
      if (taken.has(name)) continue;
      taken.add(name);
      const src = pick(rand, tables);
      entries.push({
        name,
        type: rand() < 0.45 ? 'List' : 'Form',
        bo: rand() < 0.08 ? '' : src,
        parent: tab.charAt(0) + tab.slice(1).toLowerCase().replace(/_/g, ' '),
        src,
      });
    }
  }
  return entries;
}

/** `count` services each about the size of Order (102 data elements, 1,200-1,329 fields), distinct names */
export function benchDefinitions(count: number): DefinitionFile[] {
  return benchNames(count).map((name) => {
    const rand = prng(hash32(`bench/${name}`));
    const hard = resolveElement(name, HARD_ELEMENT);
    const target = 1200 + Math.floor(rand() * 130) - hard.FieldDefinitions.length;
    const entries = benchElementEntries(rand, ORDER_ELEMENTS - 1);
    const counts = apportion(target, weights(rand, entries), 2);
    const elements = entries.map((entry, i) => syntheticElement(entry, counts[i]!, rand));
    elements.splice(1 + Math.floor(rand() * (elements.length - 1)), 0, hard);
    const def = service(name, elements);
    return { name, json: def };
  });
}

/** what GET /api/v2/services answers (its exact form was not captured; a list of `{Name}` objects is one accepted) */
export function serviceList(names: string[]): unknown {
  return names.filter((n) => !isReportService(n)).map((n) => ({ Name: n }));
}

/** pretty JSON like the published files: one-space indent, trailing newline */
export function definitionText(json: unknown): string {
  return `${JSON.stringify(json, null, 1)}\n`;
}

/** writes `<dir>/services.json` and `<dir>/definitions/<Name>.json` for every file (report services included) */
export async function writeDefinitions(dir: string, files: DefinitionFile[]): Promise<void> {
  await mkdir(join(dir, 'definitions'), { recursive: true });
  await writeFile(join(dir, 'services.json'), definitionText(serviceList(files.map((f) => f.name))));
  for (const f of files) {
    if (!/^[A-Za-z0-9_]+$/.test(f.name)) throw new Error(`service name not usable as a file name: ${f.name}`);
    await writeFile(join(dir, 'definitions', `${f.name}.json`), definitionText(f.json));
  }
}
