// One change in words: `column credit_limt removed (Edm.Decimal)`, `po_no shrank from 50 to 40 characters`.
// Names go through `name`, which each output form gives (escaped for a terminal, a code span in Markdown).
import type { Change, Subject, Value } from './compare.js';

/** How an output form shows a name from the input, and free text that may hold such names (notes, hints). */
export interface Namer {
  (name: string): string;
  readonly text?: (text: string) => string;
}

/** The group a change is listed under: `table customer`, `service Order`. */
export function groupTitle(s: Subject, name: Namer): string {
  return 'surface' in s ? `${s.surface} ${name(s.object)}` : `service ${name(s.service)}`;
}

/** Where a change is, whole: `customer.credit_limit`, `Order TABPAGE_1.order po_no`. */
function subjectText(s: Subject, name: Namer): string {
  switch (s.kind) {
    case 'object':
      return `${s.surface} ${name(s.object)}`;
    case 'column':
      return `${s.surface === 'table' ? 'column' : 'view column'} ${name(`${s.object}.${s.column}`)}`;
    case 'service':
      return `service ${name(s.service)}`;
    case 'element':
      return `element ${name(s.element)} of service ${name(s.service)}`;
    case 'field':
      return `field ${name(s.field)} of ${name(s.service)} ${name(s.element)}`;
  }
}

function list(value: Value | undefined, name: Namer): string {
  if (Array.isArray(value)) return value.length ? value.map((v) => name(v)).join(', ') : 'none';
  return value === null || value === undefined ? 'none' : String(value);
}

function quoted(values: Value | undefined): string {
  return (Array.isArray(values) ? values : []).map((v) => JSON.stringify(v)).join(', ');
}

/** `from 50 to 40 characters`, `from 40 characters to no limit` */
function lengths(c: Change): string {
  const shown = (v: Value | undefined) => (v === 'max' ? 'no limit' : `${String(v)} characters`);
  if (c.from !== 'max' && c.to !== 'max') return `from ${String(c.from)} to ${shown(c.to)}`;
  return `from ${shown(c.from)} to ${shown(c.to)}`;
}

/** What happened to the subject, without saying which it is. */
function what(c: Change, name: Namer): string {
  const s = (n: number, word: string) => `${word}${n === 1 ? '' : 's'}`;
  switch (c.rule) {
    case 'object-added':
    case 'service-added':
    case 'element-added':
    case 'column-added':
    case 'field-added':
      return `added${c.to !== undefined ? ` (${String(c.to)})` : ''}`;
    case 'field-added-required':
      return `added, required${c.to !== undefined ? ` (${String(c.to)})` : ''}`;
    case 'object-removed':
    case 'service-removed':
    case 'element-removed':
    case 'column-removed':
    case 'field-removed':
      return `removed${c.from !== undefined ? ` (${String(c.from)})` : ''}`;
    case 'service-not-fetched':
      return 'not fetched';
    case 'object-key-changed':
      return `key (${list(c.from, name)}) became (${list(c.to, name)})`;
    case 'element-keys-changed':
      return `KeyFields (${list(c.from, name)}) became (${list(c.to, name)})`;
    case 'column-type-changed':
    case 'column-type-changed-same-kind':
      return `type ${String(c.from)} became ${String(c.to)}`;
    case 'element-type-changed':
      return `${String(c.from)} element became a ${String(c.to)} element`;
    case 'field-type-changed':
      return `DataType ${String(c.from)} became ${String(c.to)}`;
    case 'column-nullable':
      return 'may now be null';
    case 'column-not-null':
      return 'can no longer be null';
    case 'column-length-shrunk':
    case 'field-length-shrunk':
      return `shrank ${lengths(c)}`;
    case 'column-length-grown':
    case 'field-length-grown':
      return `grew ${lengths(c)}`;
    case 'column-precision-narrowed':
    case 'column-precision-widened':
      return `precision and scale ${String(c.from)} became ${String(c.to)}`;
    case 'known-values-changed':
      return `known values ${list(c.from, name)} became ${list(c.to, name)}`;
    case 'field-disabled':
      return 'is disabled on this server';
    case 'field-enabled':
      return 'is no longer disabled on this server';
    case 'field-required-on-server':
      return 'must be given in new rows on this server';
    case 'field-not-required-on-server':
      return 'no longer must be given in new rows';
    case 'definitions-line-unmatched':
      return 'is named by the definitions overlay, but the new snapshot does not have it';
    case 'field-required':
      return 'is now required';
    case 'field-optional':
      return 'is no longer required';
    case 'field-values-removed':
      return `lost valid ${s((c.from as string[]).length, 'value')} ${quoted(c.from)}`;
    case 'field-values-added':
      return `gained valid ${s((c.to as string[]).length, 'value')} ${quoted(c.to)}`;
    case 'field-values-restricted':
      return `now takes only ${quoted(c.to)}`;
    case 'field-values-unrestricted':
      return 'no longer has valid values: it takes any value';
    case 'field-column-changed':
      return `DbColumnName ${list(c.from, name)} became ${list(c.to, name)}`;
  }
}

function extras(c: Change, name: Namer): string {
  const text = (t: string) => (name.text ? name.text(t) : t);
  const parts = [
    ...(c.via !== undefined ? [`column ${name(c.via)}`] : []),
    ...[c.note, c.hint].filter((p): p is string => p !== undefined).map(text),
  ];
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** The change within its group: `column credit_limt removed (Edm.Decimal)`, `TABPAGE_1.order po_no is now required`. */
export function describeInGroup(c: Change, name: Namer): string {
  const s = c.subject;
  const who =
    s.kind === 'column'
      ? `column ${name(s.column)} `
      : s.kind === 'element'
        ? `element ${name(s.element)}: `
        : s.kind === 'field'
          ? `${name(s.element)} field ${name(s.field)} `
          : '';
  return `${who}${what(c, name)}${extras(c, name)}`;
}

/** The change on its own: ``column `oe_hdr.po_no` shrank from 50 to 40 characters``. */
export function describe(c: Change, name: Namer): string {
  return `${subjectText(c.subject, name)} ${what(c, name)}${extras(c, name)}`;
}
