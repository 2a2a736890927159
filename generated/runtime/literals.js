// Literals of the $filter grammar, by column kind, exactly as the service's literal table says: strings in
// single quotes with `'` doubled; numbers bare, never in exponent form and never rounded; dates
// `YYYY-MM-DD`; date-times `YYYY-MM-DDThh:mm:ss.sssZ`; booleans and GUIDs bare. A value that cannot be
// written correctly is refused with an ErpLiteralError, never sent as `NaN` or `Invalid Date`.
import { ErpLiteralError } from './errors.js';
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
/** `decimal('12345678901234567.89')`: an exact decimal for filters on Edm.Decimal columns. */
export function decimal(text) {
  if (!DECIMAL.test(text))
    throw new ErpLiteralError(
      `decimal(${JSON.stringify(text)}): not a decimal number (digits, one optional point, optional sign)`,
    );
  return canonicalDecimal(text);
}
/** The grammar's form of a decimal: no `+`, a digit before and after any point. The digits stay as given. */
function canonicalDecimal(text) {
  return text
    .replace(/^\+/, '')
    .replace(/^(-?)\./, '$10.')
    .replace(/\.$/, '');
}
/** Plain decimal text of a finite number: 1e21 and 1e-7 written out in full. */
export function plainNumber(value, what) {
  if (!Number.isFinite(value)) throw new ErpLiteralError(`${what}: ${value} is not a finite number`);
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return Object.is(value, -0) ? '0' : text;
  const [, sign, whole, fraction = '', exponentText] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
/**
 * A Decimal as the exact text it is sent as, in every family that writes one: a number written out in full, numeric
 * text digit for digit (trimmed); undefined for anything else, which the caller refuses with its own error.
 */
export function decimalText(value, what) {
  if (typeof value === 'number') return plainNumber(value, what);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  return undefined;
}
function twoDigits(n) {
  return String(n).padStart(2, '0');
}
/** Whether `YYYY-MM-DD` names a day of the calendar (no 2024-02-30). */
function isCalendarDate(year, month, day) {
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
/**
 * What a JavaScript Date means where the server wants a day, or a date and time without a zone: the calendar
 * day and the wall-clock time it shows in this process's local time zone.
 *
 * Why local and not UTC: a Date is an instant, and a day or a zoneless time is not, so a zone must be chosen,
 * and the one the user's code meant is the local one. `new Date(2030, 0, 5)`, a date picker's value and
 * `new Date()` for "today" are all made in local time; read back in UTC, a local midnight east of UTC (Tokyo,
 * Berlin) is the previous day, and so would be the day sent. The one Date that reads differently is
 * `new Date('2030-01-05')`, which JavaScript parses as UTC midnight (the previous evening west of UTC): give
 * the text `'2030-01-05'` itself, the unambiguous form, which is taken everywhere a date is. An
 * Edm.DateTimeOffset is an instant, so a Date for one keeps its instant (sent in UTC with `Z`).
 */
export function localDateTime(value) {
  const year = value.getFullYear();
  // an invalid Date's year is NaN
  if (!(year >= 0 && year <= 9999)) return undefined;
  return {
    midnight: value.getHours() + value.getMinutes() + value.getSeconds() + value.getMilliseconds() === 0,
    date: `${String(year).padStart(4, '0')}-${twoDigits(value.getMonth() + 1)}-${twoDigits(value.getDate())}`,
    time: `${twoDigits(value.getHours())}:${twoDigits(value.getMinutes())}:${twoDigits(value.getSeconds())}`,
  };
}
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `YYYY-MM-DD` text naming a calendar day, as it is. */
export function isDateText(value) {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}
/** An Edm.Date: `YYYY-MM-DD` text as given, or a Date's local calendar day (see `localDateTime`). */
function dateLiteral(value, what) {
  if (value instanceof Date) {
    const local = localDateTime(value);
    if (!local)
      throw new ErpLiteralError(
        `${what}: ${Number.isNaN(value.getTime()) ? 'an invalid Date' : 'a Date outside the years 0000-9999'}`,
      );
    return local.date;
  }
  if (!isDateText(value))
    throw new ErpLiteralError(`${what}: ${JSON.stringify(value)} is not a date (YYYY-MM-DD, or a Date)`);
  return value;
}
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
function dateTimeLiteral(value, what) {
  let date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string') {
    const m = DATE_TIME.exec(value);
    if (
      m &&
      isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3])) &&
      Number(m[4]) < 24 &&
      Number(m[5]) < 60 &&
      Number(m[6] ?? 0) < 60
    )
      date = new Date(value);
  }
  if (!date || Number.isNaN(date.getTime())) {
    throw new ErpLiteralError(
      `${what}: ${value instanceof Date ? 'an invalid Date' : JSON.stringify(value)} is not a date-time (a Date, or ISO 8601 with Z or an offset)`,
    );
  }
  const iso = date.toISOString();
  if (!/^\d{4}-/.test(iso)) throw new ErpLiteralError(`${what}: ${iso} is outside the years 0000-9999`);
  return iso;
}
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,12})?)?$/;
const DURATION = /^-?P(?=\d|T\d)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
/**
 * The $filter literal of `value` for a column of `kind`; `what` names the column in errors.
 * Types keep wrong values out at compile time; this checks again at run time, for values from `any`.
 */
export function literal(kind, value, what) {
  if (value === null) return 'null';
  switch (kind) {
    case 'string':
      if (typeof value !== 'string') break;
      // a lone surrogate has no UTF-8 form, so no URL can carry it
      if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value))
        throw new ErpLiteralError(`${what}: the text holds a lone UTF-16 surrogate`);
      return `'${value.replace(/'/g, "''")}'`;
    case 'int':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        if (typeof value === 'number')
          throw new ErpLiteralError(`${what}: ${value} is not an integer a JS number holds exactly`);
        break;
      }
      return plainNumber(value, what);
    case 'decimal':
    case 'float':
      if (typeof value === 'number') return plainNumber(value, what);
      if (typeof value === 'string' && DECIMAL.test(value)) return canonicalDecimal(value);
      break;
    case 'boolean':
      if (typeof value !== 'boolean') break;
      return String(value);
    case 'date':
      return dateLiteral(value, what);
    case 'datetime':
      return dateTimeLiteral(value, what);
    case 'time':
      if (typeof value === 'string' && TIME.test(value)) return value;
      break;
    case 'duration':
      if (typeof value === 'string' && DURATION.test(value)) return `duration'${value}'`;
      break;
    case 'guid':
      if (typeof value === 'string' && GUID.test(value)) return value.toLowerCase();
      break;
    default:
      throw new ErpLiteralError(`${what}: a ${kind} column cannot be compared in a filter`);
  }
  throw new ErpLiteralError(`${what}: ${JSON.stringify(value) ?? String(value)} is not a valid ${kind} value`);
}
