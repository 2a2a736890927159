// How each Edm type is stored in SQLite, checked on the way in, compared, and written back as JSON.
//
// Decimals are the reason this module exists: the service writes Edm.Decimal values as JSON numbers with all
// their digits (`1000.0000`, `12345678901234.5678`), which a JS double cannot hold. So decimals are stored as
// canonical decimal TEXT, written to JSON verbatim, and compared through an order-preserving text key that
// SQLite can sort (see `decimalKey`). Date-times are stored as canonical UTC text, which sorts as it compares.
import { kindOf, type ColumnKind } from './schema.js';
import type { Column } from './schema.js';

export type StorageType = 'TEXT' | 'INTEGER' | 'REAL' | 'BLOB';

/** The SQLite column type for a kind: exact kinds as TEXT, integers and booleans as INTEGER. */
export function storageOf(kind: ColumnKind): StorageType {
  switch (kind) {
    case 'int':
    case 'boolean':
      return 'INTEGER';
    case 'float':
      return 'REAL';
    case 'binary':
      return 'BLOB';
    default:
      return 'TEXT';
  }
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$|^([+-])?\.(\d+)$/;

interface DecimalParts {
  readonly negative: boolean;
  /** integer digits without leading zeros ('' for zero) */
  readonly int: string;
  /** fraction digits without trailing zeros */
  readonly frac: string;
}

function decimalParts(text: string): DecimalParts | undefined {
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const sign = m[1] ?? m[4];
  const int = (m[2] ?? '').replace(/^0+/, '');
  const frac = (m[3] ?? m[5] ?? '').replace(/0+$/, '');
  return { negative: sign === '-' && (int !== '' || frac !== ''), int, frac };
}

/** Widths of the decimal key: SQL Server decimals have at most 38 digits, so 40 on each side is ample. */
const KEY_DIGITS = 40;

/**
 * An order-preserving text key for a decimal: comparing keys as text compares the numbers exactly. Positive
 * numbers are `1` + zero-padded digits; negative ones `0` + the nines' complement, so that -2 sorts before -1.
 * Returns undefined for text that is not a decimal or has more digits than the key holds.
 */
export function decimalKey(text: string): string | undefined {
  const parts = decimalParts(text);
  if (!parts || parts.int.length > KEY_DIGITS || parts.frac.length > KEY_DIGITS) return undefined;
  const digits = parts.int.padStart(KEY_DIGITS, '0') + parts.frac.padEnd(KEY_DIGITS, '0');
  if (!parts.negative) return `1${digits}`;
  let complement = '0';
  for (const d of digits) complement += String(9 - Number(d));
  return complement;
}

/**
 * The stored form of a decimal for a column: no leading zeros, exactly `scale` fraction digits when the scale
 * is a number (as SQL Server keeps them, and as the service writes them). Throws when the value does not fit.
 */
function canonicalDecimal(text: string, column: Pick<Column, 'precision' | 'scale'>): string {
  const parts = decimalParts(text);
  if (!parts) throw new Error(`${JSON.stringify(text)} is not a decimal number`);
  const scale = typeof column.scale === 'number' ? column.scale : typeof column.scale === 'string' ? undefined : 0;
  let frac = parts.frac;
  if (scale !== undefined) {
    if (frac.length > scale) throw new Error(`${text} has more than ${scale} fraction digits`);
    frac = frac.padEnd(scale, '0');
  }
  const precision = column.precision;
  if (precision !== undefined && scale !== undefined && parts.int.length > precision - scale) {
    throw new Error(`${text} does not fit decimal(${precision},${scale})`);
  }
  const sign = parts.negative ? '-' : '';
  return `${sign}${parts.int === '' ? '0' : parts.int}${frac === '' ? '' : `.${frac}`}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,12}))?)?(Z|[+-]\d{2}:\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leapDay = month === 2 && ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0) ? 1 : 0;
  return day <= DAYS_IN_MONTH[month - 1]! + leapDay;
}

/** `YYYY-MM-DD` when it names a real day. */
export function parseDate(text: string): string | undefined {
  const m = DATE.exec(text);
  if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
  return text;
}

export interface DateTimeValue {
  /**
   * Comparison key: UTC `YYYY-MM-DDThh:mm:ss.sss` (23 characters) followed by any further significant fraction
   * digits. Stored values are compared through their first 23 characters, so text order is time order.
   */
  readonly key: string;
  /** UTC `YYYY-MM-DDThh:mm:ss.sssZ` when the value has no more than millisecond precision */
  readonly canonical?: string;
}

/** A date-time with `Z` or a `±hh:mm` offset, converted to UTC. Undefined when it is not a real instant. */
export function parseDateTime(text: string): DateTimeValue | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const second = Number(m[6] ?? 0);
  if (!validDate(year!, month!, day!) || hour! > 23 || minute! > 59 || second > 59) return undefined;
  const fraction = m[7] ?? '';
  const zone = m[8]!;
  const offsetMinutes =
    zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)));
  const base = new Date(0);
  base.setUTCFullYear(year!, month! - 1, day!);
  base.setUTCHours(hour!, minute! - offsetMinutes, second, Number(fraction.slice(0, 3).padEnd(3, '0')));
  if (base.getUTCFullYear() < 1 || base.getUTCFullYear() > 9999) return undefined;
  const utc = base.toISOString().slice(0, 23);
  const extra = fraction.slice(3).replace(/0+$/, '');
  return extra === '' ? { key: utc, canonical: `${utc}Z` } : { key: utc + extra };
}

/** The midnight key of a `YYYY-MM-DD` date, for comparing dates with date-times. */
export function dateKey(date: string): string {
  return `${date}T00:00:00.000`;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isGuid(text: string): boolean {
  return GUID.test(text);
}

const INT_RANGE: Readonly<Record<string, readonly [bigint, bigint]>> = {
  'Edm.Byte': [0n, 255n],
  'Edm.SByte': [-128n, 127n],
  'Edm.Int16': [-32768n, 32767n],
  'Edm.Int32': [-2147483648n, 2147483647n],
  'Edm.Int64': [-9223372036854775808n, 9223372036854775807n],
};

/** The range of an integer Edm type. */
export function intRange(edmType: string): readonly [bigint, bigint] {
  return INT_RANGE[edmType] ?? INT_RANGE['Edm.Int64']!;
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,12})?)?$/;
const DURATION = /^-?P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

export type Stored = string | bigint | number | Buffer | null;

/**
 * Checks a value given for a column (by a test's `insert`, or by the seeder) and turns it into what SQLite
 * stores. Throws with a plain message when the value does not fit the column, as the database would refuse it.
 */
export function toStored(column: Column, value: unknown): Stored {
  if (value === null || value === undefined) {
    if (!column.nullable) throw new Error(`column ${JSON.stringify(column.name)} is not nullable`);
    return null;
  }
  const kind = kindOf(column.edmType);
  const fail = (why: string): never => {
    throw new Error(`column ${JSON.stringify(column.name)} (${column.edmType}): ${why}`);
  };
  switch (kind) {
    case 'string': {
      if (typeof value !== 'string') return fail(`expected a string, got ${typeof value}`);
      if (typeof column.maxLength === 'number' && [...value].length > column.maxLength) {
        return fail(`${JSON.stringify(value)} is longer than ${column.maxLength}`);
      }
      return value;
    }
    case 'decimal': {
      const text =
        typeof value === 'bigint' ? String(value) : typeof value === 'number' ? numberText(value, fail) : value;
      if (typeof text !== 'string') return fail(`expected a decimal (string, number or bigint), got ${typeof value}`);
      try {
        return canonicalDecimal(text, column);
      } catch (error) {
        return fail((error as Error).message);
      }
    }
    case 'int': {
      let n: bigint;
      if (typeof value === 'bigint') n = value;
      else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
      else if (typeof value === 'string' && /^-?\d+$/.test(value)) n = BigInt(value);
      else return fail(`expected an integer, got ${JSON.stringify(String(value))}`);
      const [min, max] = intRange(column.edmType);
      if (n < min || n > max) fail(`${n} is out of range`);
      return n;
    }
    case 'float':
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('expected a finite number');
      return column.edmType === 'Edm.Single' ? Math.fround(value) : value;
    case 'boolean':
      if (typeof value !== 'boolean') return fail('expected a boolean');
      return value ? 1n : 0n;
    case 'date': {
      const text = value instanceof Date ? value.toISOString().slice(0, 10) : value;
      if (typeof text !== 'string' || parseDate(text) === undefined) return fail('expected a YYYY-MM-DD date');
      return text;
    }
    case 'datetime': {
      const text = value instanceof Date ? value.toISOString() : value;
      const parsed = typeof text === 'string' ? parseDateTime(text) : undefined;
      if (!parsed?.canonical)
        return fail('expected an ISO date-time with Z or an offset, at most millisecond precision');
      return parsed.canonical;
    }
    case 'guid':
      if (typeof value !== 'string' || !isGuid(value)) return fail('expected a GUID 8-4-4-4-12');
      return value.toLowerCase();
    case 'time':
      if (typeof value !== 'string' || !TIME_OF_DAY.test(value)) return fail('expected a time of day hh:mm:ss');
      return value;
    case 'duration':
      if (typeof value !== 'string' || !DURATION.test(value)) return fail('expected an ISO 8601 duration');
      return value;
    case 'binary':
      if (value instanceof Uint8Array) return Buffer.from(value);
      if (typeof value === 'string') return Buffer.from(value, 'base64');
      return fail('expected bytes or a base64 string');
    case 'other':
      // streams and geographic values: kept as the JSON they are written as
      return JSON.stringify(value);
  }
}

function numberText(value: number, fail: (why: string) => never): string {
  const text = String(value);
  if (!Number.isFinite(value) || /e/i.test(text)) fail(`${text} cannot be written as a plain decimal; pass a string`);
  return text;
}

/** The JSON text of a stored value: decimals verbatim, never through a JS double. */
export function jsonOf(kind: ColumnKind, stored: unknown): string {
  if (stored === null || stored === undefined) return 'null';
  switch (kind) {
    case 'decimal':
    case 'other':
      return String(stored);
    case 'int':
      return String(stored);
    case 'float':
      return JSON.stringify(Number(stored));
    case 'boolean':
      return stored === 0n || stored === 0 ? 'false' : 'true';
    case 'binary':
      return JSON.stringify(Buffer.from(stored as Uint8Array).toString('base64'));
    default:
      return JSON.stringify(String(stored));
  }
}
