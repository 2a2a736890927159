// Deterministic sample rows for any object of a snapshot. Row `i` of an object is a pure function of the
// object's name and `i` (its own PRNG stream, seeded from both), so data never depends on which objects were
// touched first, on the order of the schema, or on the machine: two servers always serve identical rows.
//
// Values follow each column's Edm type, nullability, `$MaxLength`, precision and scale, plus the column facts of
// the service documents (status flags and codes), and a few objects get the special rows tests rely on.
import { kindOf } from './schema.js';
import type { Column, QueryObject } from './schema.js';
import { intRange } from './values.js';

/** mulberry32: a small, fast generator of numbers in [0, 1) (the sample tenant's, so data matches it). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The tenant's seeded generator, with the helpers seeding needs. */
class Random {
  /** uniform in [0, 1) */
  readonly next: () => number;

  constructor(seed: number) {
    this.next = prng(seed);
  }

  /** an integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** FNV-1a, 32 bits: turns a name into a seed */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const CREDIT_STATUS_CODES = ['GOOD', 'ACA', 'WATCH', 'TRC', 'PRC', 'COD', 'TBD'] as const;

/** customer_name values with characters that must survive quoting and percent-encoding; spread over the pages */
const SPECIAL_CUSTOMER_NAMES: ReadonlyMap<number, string> = new Map([
  [3, "O'Neil Supply"],
  [250, 'Smith & Sons'],
  [617, '50% Off'],
  [1233, 'Ünïcödé GmbH'],
]);

/** item ids with characters that must be percent-encoded in a query string */
export const SPECIAL_ITEM_IDS = ['AB#12', 'A/B-7', 'X+Y', 'Q&A', 'WITH SPACE', '100%'] as const;

export const CUSTOMER_ROWS = 1234;

/** How many rows an object is seeded with. */
export function seedCount(object: QueryObject, rowsPerObject: number): number {
  if (object.surface === 'table') {
    if (object.name === 'customer') return CUSTOMER_ROWS; // enough for real paging
    if (object.name === 'credit_status') return CREDIT_STATUS_CODES.length; // the decoding table: one row per code
    if (object.name === 'inv_mast') return Math.max(rowsPerObject, SPECIAL_ITEM_IDS.length);
  }
  return rowsPerObject;
}

const WORDS = [
  'Acme',
  'Northern',
  'Summit',
  'Valley',
  'Precision',
  'Harbor',
  'Granite',
  'Pioneer',
  'Atlas',
  'Cedar',
  'Keystone',
  'Liberty',
  'Metro',
  'Pacific',
  'Redwood',
  'Sterling',
  'Titan',
  'United',
  'Vector',
  'Western',
];
const NAME_SUFFIXES = [
  'Supply',
  'Industrial',
  'Electric',
  'Plumbing',
  'Hardware',
  'Distributors',
  'Mechanical',
  'Fasteners',
];
const COMPANY_FORMS = ['Inc', 'LLC', 'Co', 'Corp', 'Ltd'];

const DAY_MS = 86_400_000;
const START_MS = Date.UTC(2015, 0, 1);
const SPAN_DAYS = 4017; // to 2025-12-31

/**
 * Row `index` of `object`: a value for every column, in the form `toStored` accepts (decimals as strings,
 * Int64 as bigint when large, Buffers for binary).
 */
export function generateRow(object: QueryObject, index: number): Record<string, unknown> {
  const rng = new Random(hashString(`${object.surface}/${object.name}#${index}`));
  const row: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const soleKey = object.columns.filter((c) => c.key).length === 1;
  for (const column of object.columns) row[column.name] = generateValue(object, column, index, rng, soleKey);
  for (const column of object.columns) {
    const value = object.surface === 'table' ? referenceOf(object.name, column, index) : undefined;
    if (value !== undefined) row[column.name] = value;
  }
  return row;
}

/** The item id of inventory item (inv_mast row) `uid`: the generated ids count up, the first ones are odd. */
function itemIdOf(uid: number): string {
  return SPECIAL_ITEM_IDS[uid - 1] ?? `ITEM-${pad(uid, 5)}`;
}

/**
 * A column that names a row of another table holds one that table has, so the sample's tables agree with each
 * other: an item location (`inv_loc`) names its own item's id, an order (`oe_hdr`) one of the customers, an order
 * line (`oe_line`) an item (and that item's uid), a pallet (`udt_pallet`) a location that stocks items (10 or 20).
 * A function of the row number alone, set after the row's random values, which stay what they were.
 */
function referenceOf(table: string, column: Column, index: number): unknown {
  const name = column.name;
  // inv_loc's key is (location_id, inv_mast_uid): row i is item i + 1's
  if (table === 'inv_loc' && name === 'item_id') return fit(itemIdOf(index + 1), column);
  if (table === 'oe_hdr' && name === 'customer_id') return String(1 + ((index * 97) % CUSTOMER_ROWS));
  // an order line's item: 2 to 25, the generated items that keep their rows (the sandbox seeds AB#12 anew)
  const lineItem = 2 + ((index * 7) % 24);
  if (table === 'oe_line' && name === 'inv_mast_uid') return lineItem;
  if (table === 'oe_line' && name === 'item_id') return fit(itemIdOf(lineItem), column);
  if (table === 'udt_pallet' && name === 'location_id') return index % 2 === 0 ? 10 : 20;
  return undefined;
}

function generateValue(object: QueryObject, column: Column, index: number, rng: Random, soleKey: boolean): unknown {
  const special = specialValue(object, column, index);
  if (special !== undefined) return special;
  const kind = kindOf(column.edmType);
  const name = column.name;
  if (column.key && !(name === 'company_id' && !soleKey)) return keyValue(column, index);
  // documented column facts come before nullability: these columns always hold one of their codes
  if (name === 'delete_flag') return rng.chance(0.1) ? 'Y' : 'N';
  if (name === 'row_status_flag') return fromCode(column, rng.pick([704, 704, 704, 705, 700]));
  if (name === 'credit_status') return fit(rng.pick(CREDIT_STATUS_CODES), column);
  if (object.name === 'oe_hdr' && name === 'completed') return rng.pick(['Y', 'Y', 'N', 'T']);
  if (object.name === 'oe_hdr' && name === 'projected_order') return rng.chance(0.2) ? 'Y' : 'N';
  // the documents: empty on every row (a quote is marked by projected_order)
  if (object.name === 'oe_hdr' && name === 'quote_type') return column.nullable ? null : kind === 'string' ? '' : 0;
  if (name === 'company_id' && kind === 'string') return fit('ACME', column);
  // row 0 is fully populated, so every column has at least one value to look at
  if (column.nullable && index > 0 && rng.chance(0.15)) return null;
  switch (kind) {
    case 'string':
      return fit(stringValue(name, column, index, rng), column);
    case 'decimal':
      return decimalValue(column, rng, /(_id|_no|_uid|_number)$/.test(name));
    case 'int':
      return intValue(column, index, rng);
    case 'float':
      // Single values are multiples of 1/8, exact in 32 bits, so they print the same as the service's
      return column.edmType === 'Edm.Single' ? rng.int(0, 80_000) / 8 : rng.int(0, 10_000_000) / 1000;
    case 'boolean':
      return rng.chance(0.5);
    case 'date':
      return new Date(START_MS + rng.int(0, SPAN_DAYS) * DAY_MS).toISOString().slice(0, 10);
    case 'datetime':
      return new Date(START_MS + Math.floor(rng.next() * SPAN_DAYS * DAY_MS)).toISOString();
    case 'guid':
      return guidValue(rng);
    case 'time':
      return `${pad(rng.int(0, 23), 2)}:${pad(rng.int(0, 59), 2)}:${pad(rng.int(0, 59), 2)}.0000000`;
    case 'duration':
      return `PT${rng.int(0, 48)}H${rng.int(0, 59)}M`;
    case 'binary':
      return Buffer.from(Array.from({ length: 8 }, () => rng.int(0, 255)));
    case 'other':
      return { type: 'Point', coordinates: [rng.int(-180, 180), rng.int(-90, 90)] };
  }
}

function specialValue(object: QueryObject, column: Column, index: number): unknown {
  if (object.surface !== 'table') return undefined;
  if (object.name === 'customer' && column.name === 'customer_name') return SPECIAL_CUSTOMER_NAMES.get(index);
  if (object.name === 'inv_mast' && column.name === 'item_id') return fit(itemIdOf(index + 1), column);
  if (object.name === 'credit_status' && column.name === 'credit_status') return CREDIT_STATUS_CODES[index];
  return undefined;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function maxLengthOf(column: Column): number {
  return typeof column.maxLength === 'number' ? column.maxLength : Number.POSITIVE_INFINITY;
}

/** cuts a string to the column's `$MaxLength` (in characters) without leaving a trailing space */
function fit(text: string, column: Column): string {
  const max = maxLengthOf(column);
  return [...text].length <= max ? text : [...text].slice(0, max).join('').trimEnd();
}

function fromCode(column: Column, code: number): unknown {
  const kind = kindOf(column.edmType);
  if (kind === 'int' || kind === 'float') return code;
  return String(code);
}

/** Key columns count up, so keys are unique and sorting by key is insertion order. */
function keyValue(column: Column, index: number): unknown {
  const n = index + 1;
  switch (kindOf(column.edmType)) {
    case 'int':
    case 'decimal':
      return String(n);
    case 'float':
      return n;
    case 'guid':
      return `00000000-0000-4000-8000-${pad(n, 12)}`;
    case 'date':
      return new Date(START_MS + index * DAY_MS).toISOString().slice(0, 10);
    case 'datetime':
      return new Date(START_MS + index * 60_000).toISOString();
    case 'boolean':
      return n % 2 === 1;
    default: {
      // readable numbers when they fit, else base 36 so that even one-character keys stay distinct
      const max = maxLengthOf(column);
      const decimal = String(1_000_000 + n);
      return decimal.length <= max ? decimal : n.toString(36).toUpperCase().slice(-max);
    }
  }
}

function stringValue(name: string, column: Column, index: number, rng: Random): string {
  const max = maxLengthOf(column);
  if (max === 1 || name.endsWith('_flag')) return rng.chance(0.5) ? 'Y' : 'N';
  if (name.endsWith('_name') || name === 'name') {
    return `${rng.pick(WORDS)} ${rng.pick(NAME_SUFFIXES)} ${rng.pick(COMPANY_FORMS)} ${pad(index + 1, 4)}`;
  }
  if (/(_id|_cd|_code|_no)$/.test(name)) return `${rng.pick(WORDS).slice(0, 3).toUpperCase()}${rng.int(1, 999)}`;
  if (name.includes('email')) return `user${index + 1}@example.com`;
  if (name.includes('phone') || name.includes('fax')) return `555-${pad(rng.int(0, 9999), 4)}`;
  if (name === 'last_maintained_by') return rng.pick(['admin', 'api_user', 'jsmith', 'mgarcia']);
  return `${rng.pick(WORDS)} ${rng.pick(WORDS).toLowerCase()} ${rng.int(1, 999)}`;
}

/** Digits within the column's precision and exactly `scale` fraction digits; ids and numbers are whole. */
function decimalValue(column: Column, rng: Random, whole: boolean): string {
  const scale = typeof column.scale === 'number' ? column.scale : typeof column.scale === 'string' ? 2 : 0;
  const intDigits = Math.max(1, Math.min(7, (column.precision ?? 19) - scale));
  const intPart = String(rng.int(0, 10 ** intDigits - 1));
  if (scale === 0) return intPart;
  const frac = whole
    ? '0'.repeat(scale)
    : Array.from({ length: scale }, (_, i) => (i < 2 ? String(rng.int(0, 9)) : '0')).join('');
  return `${intPart}.${frac}`;
}

function intValue(column: Column, index: number, rng: Random): number | bigint {
  if (column.edmType === 'Edm.Int64' && index % 4 === 0) {
    // beyond 2^53: only exact end-to-end handling (never a JS double) returns these unchanged
    return 9_007_199_254_740_993n + BigInt(index);
  }
  const [min, max] = intRange(column.edmType);
  const low = Number(min < 0n ? -100n : min);
  const high = Number(max < 1_000_000n ? max : 1_000_000n);
  return rng.int(Math.max(low, Number(min)), high);
}

function guidValue(rng: Random): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = '4'; // version 4
  hex[16] = (8 + rng.int(0, 3)).toString(16); // RFC 4122 variant
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
