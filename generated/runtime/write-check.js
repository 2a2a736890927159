// Verified writes, the part every writing family shares: a value read back compared with the value sent, and the
// one error (ErpWriteNotAppliedError) a write that did not land is. The service can answer a write as a success and
// change nothing (a transaction sent with IgnoreDisabled skips a disabled column silently; a UDT delete "deletes"
// zero rows), so a family that verifies reads the record back and asks, field by field, which of three it is:
// - `same`: stored as sent, compared by what the value is, not how it is written: decimals by value (`5` is
//   `5.0000`), dates by the instant (`2030-01-05` is `2030-01-05T00:00:00.000`), text as text, a display label
//   against a code as the request's UseCodeValues says;
// - `normalised`: stored in another form that the server made of the value sent: another case, padding, a decimal
//   rounded to fewer places (the column's scale), a time the column did not keep, text the server cut, a label
//   stored as its code (or the reverse). A warning through the client's logger; an error under `verify: 'strict'`;
// - `not-applied`: anything else, which is what was there before (empty, for a new record).
// Without a pre-read (which would cost a request more) the value before is not known: a stored value that is
// neither the value sent nor a form of it is taken to be it. With the column's scale (a transaction field's, from the
// snapshot's tables) only rounding to it is a form; without it the rounding test accepts a stored decimal that the
// sent one rounds to at any number of places: `5` for a sent `5.4` is `normalised`.
import { ErpWriteNotAppliedError } from './errors.js';
const SAME = { verdict: 'same' };
const NOT_APPLIED = { verdict: 'not-applied' };
const normalised = (how) => ({ verdict: 'normalised', how });
const DECIMAL = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/;
function decimalOf(text) {
  const m = DECIMAL.exec(text);
  if (!m || `${m[2] ?? ''}${m[3] ?? ''}` === '') return undefined;
  const whole = (m[2] ?? '').replace(/^0+/, '');
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  return { negative: m[1] === '-' && (whole !== '' || fraction !== ''), whole, fraction };
}
const sameDecimal = (a, b) => a.negative === b.negative && a.whole === b.whole && a.fraction === b.fraction;
/** `value` rounded half away from zero to `places` fraction digits, or cut there when `cut` */
function rounded(value, places, cut) {
  const digits = BigInt(`${value.whole}${value.fraction.slice(0, places).padEnd(places, '0')}` || '0');
  const next = value.fraction.charCodeAt(places) - 48; // NaN past the end
  const up = !cut && next >= 5 ? digits + 1n : digits;
  const text = up.toString().padStart(places + 1, '0');
  return decimalOf(
    `${value.negative ? '-' : ''}${text.slice(0, text.length - places)}.${text.slice(text.length - places)}`,
  );
}
function compareDecimals(sent, stored, scale) {
  if (sameDecimal(sent, stored)) return SAME;
  // rounded (or cut) to the column's scale; without it, to the places the stored value shows or more (its trailing
  // zeros may not have been sent back)
  const from = scale ?? stored.fraction.length;
  const to = scale ?? sent.fraction.length - 1;
  for (let places = from; places <= to; places++)
    for (const cut of [false, true])
      if (sameDecimal(rounded(sent, places, cut), stored))
        return normalised(`${cut ? 'cut' : 'rounded'} to ${places} decimal place${places === 1 ? '' : 's'}`);
  return NOT_APPLIED;
}
const DATETIME =
  /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?\s*$/i;
/** .NET's JSON date, `/Date(1736899200000)/` (an offset after the milliseconds changes nothing: they are UTC) */
const NET_DATE = /^\s*\/Date\((-?\d+)(?:[+-]\d{4})?\)\/\s*$/;
function instantOf(text) {
  const net = NET_DATE.exec(text);
  if (net) {
    const d = new Date(Number(net[1]));
    const parts = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
    return { ms: d.getTime(), zoned: true, parts: [...parts, d.getUTCSeconds(), d.getUTCMilliseconds()] };
  }
  const m = DATETIME.exec(text);
  if (!m) return undefined;
  const n = (i) => Number(m[i] ?? 0);
  const ms = Number(`0.${m[7] ?? '0'}`) * 1000;
  const parts = [n(1), n(2) - 1, n(3), n(4), n(5), n(6), ms];
  const wall = Date.UTC(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], ms);
  const zone = m[8];
  if (Number.isNaN(wall)) return undefined;
  if (zone === undefined) return { ms: wall, zoned: false, parts };
  const offset = /^z$/i.test(zone)
    ? 0
    : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2))) * 60_000;
  return { ms: wall - offset, zoned: true, parts };
}
/** A wall-clock time without a zone as an instant of this machine's zone (how the builders send a Date). */
function localMs(value) {
  const [y, mo, d, h, mi, s, ms] = value.parts;
  return new Date(y, mo, d, h, mi, s, ms).getTime();
}
function compareInstants(sent, stored) {
  const [a, b] =
    sent.zoned === stored.zoned
      ? [sent.ms, stored.ms]
      : sent.zoned
        ? [sent.ms, localMs(stored)]
        : [localMs(sent), stored.ms];
  if (a === b) return SAME;
  const midnight = (value) => value.parts.slice(3).every((p) => p === 0);
  // the column keeps the day only: the stored value is the sent one's day, at midnight
  if (!midnight(sent) && midnight(stored) && sent.parts.slice(0, 3).join() === stored.parts.slice(0, 3).join())
    return normalised('the time was not kept (a date column)');
  // SQL Server's datetime keeps 1/300 s
  if (Math.abs(a - b) < 1000) return normalised('fractions of a second rounded');
  return NOT_APPLIED;
}
// --- text --------------------------------------------------------------------------------------------------------
function compareText(sent, stored) {
  if (sent === stored) return SAME;
  // blank is empty: a label of one space (`' '`, the "none" of many lists) reads back as ''
  if (sent.trim() === '' && stored.trim() === '') return SAME;
  if (stored.trim() === '') return NOT_APPLIED;
  if (sent.trim() === stored.trim()) return normalised('padding');
  if (sent.trim().toLowerCase() === stored.trim().toLowerCase()) return normalised('case');
  const s = sent.trim();
  const t = stored.trim();
  if (s.length > t.length && (s.startsWith(t) || s.toLowerCase().startsWith(t.toLowerCase())))
    return normalised(`cut by the server to ${t.length} characters`);
  return NOT_APPLIED;
}
/** What a stored value is to the value sent: the same, another form of it, or not it (the write did not land). */
export function compareValue(sent, stored, facts = {}) {
  const read = stored ?? '';
  if (sent === read) return SAME;
  if (facts.labels && facts.labels.length > 0) {
    const sentLabel = facts.labels.includes(sent);
    const storedLabel = facts.labels.includes(read);
    // a label against a code: the read answers the other form; which code a label stands for is the tenant's
    if (
      read.trim() !== '' &&
      sent.trim() !== '' &&
      sentLabel !== storedLabel &&
      (facts.codes ? storedLabel : !storedLabel)
    )
      return normalised(facts.codes ? 'read back as a display label' : 'read back as a code');
    if (sentLabel && storedLabel) return sent.trim() === read.trim() ? SAME : NOT_APPLIED;
  }
  const kind = facts.kind ?? inferred(sent, read);
  if (kind === 'decimal') {
    const a = decimalOf(sent);
    const b = decimalOf(read);
    if (a && b) return compareDecimals(a, b, facts.scale);
  }
  if (kind === 'datetime') {
    const a = instantOf(sent);
    const b = instantOf(read);
    if (a && b) return compareInstants(a, b);
  }
  return compareText(sent, read);
}
function inferred(sent, stored) {
  if (decimalOf(sent) && decimalOf(stored)) return 'decimal';
  if (instantOf(sent) && instantOf(stored)) return 'datetime';
  return 'text';
}
/** A value as the comparison reads it: text, a number's digits, `''` for null or absent. */
const textOf = (value) =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
/**
 * One field of a record read back against the value sent: undefined when the same, else the mismatch (a REST
 * record's or a window's values, which come as JSON numbers, booleans and null as well as text).
 */
export function fieldMismatch(where, sent, stored, facts = {}) {
  const verdict = compareValue(textOf(sent), textOf(stored), facts);
  if (verdict.verdict === 'same') return undefined;
  return {
    ...where,
    sent: textOf(sent),
    stored: textOf(stored),
    kind: verdict.verdict,
    ...(verdict.how ? { how: verdict.how } : {}),
  };
}
// --- the outcome --------------------------------------------------------------------------------------------------
/** `TABPAGE_1.order.job_name` or `TP_ITEMS.items row 2.unit_price` */
export const mismatchPlace = (m) => `${m.element}${m.row !== undefined ? ` row ${m.row}` : ''}.${m.field}`;
/**
 * `TABPAGE_1.order.job_name: sent "Rush", stored "" (empty)`, the values shown by `show` (the client's: redacted
 * and cut short, since a record's text may be long).
 */
export function describeMismatch(m, show) {
  const stored = m.stored === '' ? '"" (empty)' : show(m.stored);
  return `${mismatchPlace(m)}: sent ${show(m.sent)}, stored ${stored}${m.how ? ` (${m.how})` : ''}`;
}
/**
 * The differences a read-back found, settled: the normalised ones are logged (one line each) unless `strict`; the
 * ones not applied (and under `strict` the normalised ones too) are one ErpWriteNotAppliedError, thrown.
 */
export function settle(found, mode, where, show, log) {
  const strict = mode === 'strict';
  const failing = found.filter((m) => m.kind === 'not-applied' || strict);
  for (const m of found)
    if (m.kind === 'normalised' && !strict)
      log?.(
        `${where.service} ${describeMismatch(m, show)}: stored in another form than sent (verify: 'strict' makes this an error)`,
      );
  if (failing.length === 0) return;
  const notApplied = failing.filter((m) => m.kind === 'not-applied').length;
  const other = failing.length - notApplied;
  const counts = [
    notApplied ? `${notApplied} field${notApplied === 1 ? ' is' : 's are'} not applied` : '',
    other ? `${other} ${other === 1 ? 'is' : 'are'} stored in another form (an error under verify: 'strict')` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  throw new ErpWriteNotAppliedError(
    `${where.service}: ${where.summary}, ${counts}: ${failing.map((m) => describeMismatch(m, show)).join('; ')}${where.hint ? `. ${where.hint}` : ''}`,
    where.info,
    where.service,
    failing,
  );
}
