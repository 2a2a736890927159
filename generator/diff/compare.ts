// What changed between two versions of one table or view, or of one transaction service: pure functions of the
// two models, each change named by its rule (rules.ts). A removed and an added member of the same type are
// never taken for a rename: the pair is only pointed out, as a hint.
import { kindOf } from '../model/edm.js';
import type { KnownValueIndex, KnownValueSet } from '../model/known-values.js';
import type { Column, QueryObject, Surface } from '../model/schema.js';
import type { DataElement, TransactionField, TransactionService } from '../model/transactions.js';
import { distance } from '../../common/did-you-mean.js';
import { isDisabled, mustBeGiven, requiredFlag } from '../model/overlay.js';
import type { RuleId } from './rules.js';

export type Subject =
  | { readonly kind: 'object'; readonly surface: Surface; readonly object: string }
  | { readonly kind: 'column'; readonly surface: Surface; readonly object: string; readonly column: string }
  | { readonly kind: 'service'; readonly service: string }
  | { readonly kind: 'element'; readonly service: string; readonly element: string }
  | { readonly kind: 'field'; readonly service: string; readonly element: string; readonly field: string };

export type Value = string | number | boolean | null | readonly string[];

export interface Change {
  readonly rule: RuleId;
  readonly subject: Subject;
  readonly from?: Value;
  readonly to?: Value;
  /** a possibility, never assumed: the added member a removed one may have been renamed to */
  readonly hint?: string;
  /** what else there is to know: why a service is gone */
  readonly note?: string;
  /** the `table.column` a field's length comes from (field-length changes) */
  readonly via?: string;
}

/** A length as compared: a number, or unlimited (`max`, or no facet at all). */
function length(value: number | string | undefined): number {
  return typeof value === 'number' ? value : Infinity;
}

function shownLength(value: number): number | string {
  return value === Infinity ? 'max' : value;
}

/** The known-value set narrowing a column, as compared and shown: `OrderCompleted ('Y' | 'N' | 'T')`. */
function knownText(set: KnownValueSet | undefined): string | null {
  if (!set) return null;
  const codes = Object.values(set.values).map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
  return `${set.name} (${codes.join(' | ')})`;
}

/** The members of two versions of a list: by name, those removed and added, and which look renamed. */
interface Members<T> {
  readonly before: ReadonlyMap<string, T>;
  readonly removed: readonly T[];
  readonly added: readonly T[];
  /** removed name -> the closest added one of the same type, and back: hints only */
  readonly renamedTo: ReadonlyMap<string, string>;
  readonly renamedFrom: ReadonlyMap<string, string>;
}

function members<T extends { readonly name: string }>(
  before: readonly T[],
  after: readonly T[],
  typeOf: (t: T) => string,
): Members<T> {
  const old = byName(before);
  const current = byName(after);
  const removed = before.filter((m) => !current.has(m.name));
  const added = after.filter((m) => !old.has(m.name));
  const renamedTo = new Map<string, string>();
  const free = new Set(added);
  for (const r of removed) {
    let best: T | undefined;
    let bestDistance = Infinity;
    for (const a of free) {
      if (typeOf(a) !== typeOf(r)) continue;
      const d = distance(r.name, a.name);
      if (d < bestDistance) [best, bestDistance] = [a, d];
    }
    if (best !== undefined) {
      renamedTo.set(r.name, best.name);
      free.delete(best);
    }
  }
  return { before: old, removed, added, renamedTo, renamedFrom: new Map([...renamedTo].map(([f, t]) => [t, f])) };
}

function hint(how: 'to' | 'from', name: string | undefined): { hint?: string } {
  return name === undefined ? {} : { hint: `renamed ${how} ${name}?` };
}

function byName<T extends { readonly name: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((i) => [i.name, i]));
}

/** The changes from `before` to `after`, two versions of the same table or view. */
export function compareObjects(before: QueryObject, after: QueryObject, knownValues: KnownValueIndex): Change[] {
  const { surface, name: object } = after;
  const changes: Change[] = [];
  const columnSubject = (column: string): Subject => ({ kind: 'column', surface, object, column });

  const keyBefore = before.columns.filter((c) => c.key).map((c) => c.name);
  const keyAfter = after.columns.filter((c) => c.key).map((c) => c.name);
  if (keyBefore.join('\0') !== keyAfter.join('\0'))
    changes.push({
      rule: 'object-key-changed',
      subject: { kind: 'object', surface, object },
      from: keyBefore,
      to: keyAfter,
    });

  const columns = members(before.columns, after.columns, (c) => c.edmType);
  const facts = (c: Column) => `${c.edmType}${c.nullable ? ', nullable' : ''}`;

  for (const c of columns.removed)
    changes.push({
      rule: 'column-removed',
      subject: columnSubject(c.name),
      from: facts(c),
      ...hint('to', columns.renamedTo.get(c.name)),
    });
  for (const c of after.columns) {
    const old = columns.before.get(c.name);
    if (!old) continue;
    const subject = columnSubject(c.name);
    if (old.edmType !== c.edmType)
      changes.push({
        rule: kindOf(old.edmType) === kindOf(c.edmType) ? 'column-type-changed-same-kind' : 'column-type-changed',
        subject,
        from: old.edmType,
        to: c.edmType,
      });
    if (old.nullable !== c.nullable)
      changes.push({ rule: c.nullable ? 'column-nullable' : 'column-not-null', subject });
    const [lengthBefore, lengthAfter] = [length(old.maxLength), length(c.maxLength)];
    if (lengthBefore !== lengthAfter)
      changes.push({
        rule: lengthAfter < lengthBefore ? 'column-length-shrunk' : 'column-length-grown',
        subject,
        from: shownLength(lengthBefore),
        to: shownLength(lengthAfter),
      });
    if (old.precision !== c.precision || old.scale !== c.scale) {
      // fewer digits in all, or fewer after the point, is narrower; a scale that is not a number is unbounded
      const narrower =
        length(c.precision) < length(old.precision) || length(c.scale as number) < length(old.scale as number);
      changes.push({
        rule: narrower ? 'column-precision-narrowed' : 'column-precision-widened',
        subject,
        from: precisionText(old),
        to: precisionText(c),
      });
    }
    const knownBefore = knownText(knownValues.lookup(before.name, old.name, kindOf(old.edmType)));
    const knownAfter = knownText(knownValues.lookup(after.name, c.name, kindOf(c.edmType)));
    if (knownBefore !== knownAfter)
      changes.push({ rule: 'known-values-changed', subject, from: knownBefore, to: knownAfter });
  }
  for (const c of columns.added)
    changes.push({
      rule: 'column-added',
      subject: columnSubject(c.name),
      to: facts(c),
      ...hint('from', columns.renamedFrom.get(c.name)),
    });
  return changes;
}

function precisionText(c: Column): string {
  if (c.precision === undefined && c.scale === undefined) return 'none';
  return `(${c.precision ?? '-'},${c.scale ?? '-'})`;
}

/** A field's length where it is known to have changed: the old and new `$MaxLength` of its column. */
export type LengthChange = (dbColumn: string) => { readonly from: number; readonly to: number } | undefined;

/** How changes name the config file each version's `definitions` overlay came from (model/overlay.ts). */
export interface OverlaySources {
  readonly before: string;
  readonly after: string;
}

const SAME_CONFIG: OverlaySources = { before: 'erpgen.config.json', after: 'erpgen.config.json' };

/**
 * The changes from `before` to `after`, two versions of the same transaction service, each with its overlay
 * applied: a field's facts are compared as the package types them (disabled, required in new rows, reported by
 * `missingRequired()`), whether the definition or the overlay changed them.
 */
export function compareServices(
  before: TransactionService,
  after: TransactionService,
  lengthChange: LengthChange = () => undefined,
  sources: OverlaySources = SAME_CONFIG,
): Change[] {
  const service = after.name;
  const changes: Change[] = [];
  const oldElements = byName(before.elements);
  const newElements = byName(after.elements);
  for (const e of before.elements)
    if (!newElements.has(e.name))
      changes.push({ rule: 'element-removed', subject: { kind: 'element', service, element: e.name }, from: e.type });
  for (const e of after.elements) {
    const old = oldElements.get(e.name);
    const subject: Subject = { kind: 'element', service, element: e.name };
    if (!old) {
      changes.push({ rule: 'element-added', subject, to: e.type });
      continue;
    }
    if (old.type !== e.type) changes.push({ rule: 'element-type-changed', subject, from: old.type, to: e.type });
    if ([...old.keyFields].sort().join('\0') !== [...e.keyFields].sort().join('\0'))
      changes.push({ rule: 'element-keys-changed', subject, from: old.keyFields, to: e.keyFields });
    changes.push(...compareFields(service, old, e, lengthChange, sources));
  }
  return changes;
}

function compareFields(
  service: string,
  before: DataElement,
  after: DataElement,
  lengthChange: LengthChange,
  sources: OverlaySources,
): Change[] {
  const element = after.name;
  const changes: Change[] = [];
  const subject = (field: string): Subject => ({ kind: 'field', service, element, field });
  const fields = members(before.fields, after.fields, (f) => String(f.dataType));
  for (const f of fields.removed)
    changes.push({ rule: 'field-removed', subject: subject(f.name), ...hint('to', fields.renamedTo.get(f.name)) });
  for (const f of after.fields) {
    const old = fields.before.get(f.name);
    if (old) changes.push(...compareField(old, f, subject(f.name), lengthChange, sources));
  }
  for (const f of fields.added)
    changes.push({
      rule: requiredFlag(f) ? 'field-added-required' : 'field-added',
      subject: subject(f.name),
      ...(f.dataType !== null ? { to: f.dataType } : {}),
      ...hint('from', fields.renamedFrom.get(f.name)),
    });
  return changes;
}

/** The facts the overlay gives a field, compared: disabled, required in new rows, then the required flag. */
function compareFacts(
  before: TransactionField,
  after: TransactionField,
  subject: Subject,
  sources: OverlaySources,
): Change[] {
  const changes: Change[] = [];
  const said = (side: 'before' | 'after') => ({ note: `${sources[side]} definitions` });
  if (isDisabled(before) !== isDisabled(after))
    changes.push({
      rule: isDisabled(after) ? 'field-disabled' : 'field-enabled',
      subject,
      ...said(isDisabled(after) ? 'after' : 'before'),
    });
  if (isDisabled(after)) return changes;
  if (mustBeGiven(before) !== mustBeGiven(after))
    changes.push({
      rule: mustBeGiven(after) ? 'field-required-on-server' : 'field-not-required-on-server',
      subject,
      ...said(mustBeGiven(after) ? 'after' : 'before'),
    });
  else if (!isDisabled(before) && requiredFlag(before) !== requiredFlag(after)) {
    const word = after.overlay?.required ?? before.overlay?.required;
    const note =
      after.overlay?.required !== undefined
        ? `"required": ${word} in ${sources.after} definitions`
        : before.overlay?.required !== undefined
          ? `"required": ${word} no longer in ${sources.after} definitions`
          : undefined;
    changes.push({
      rule: requiredFlag(after) ? 'field-required' : 'field-optional',
      subject,
      ...(note ? { note } : {}),
    });
  }
  return changes;
}

function compareField(
  before: TransactionField,
  after: TransactionField,
  subject: Subject,
  lengthChange: LengthChange,
  sources: OverlaySources,
): Change[] {
  const changes = compareFacts(before, after, subject, sources);
  if (before.dataType !== after.dataType)
    changes.push({ rule: 'field-type-changed', subject, from: before.dataType, to: after.dataType });
  const [oldValues, newValues] = [before.validValues, after.validValues];
  if (oldValues === null && newValues !== null)
    changes.push({ rule: 'field-values-restricted', subject, to: newValues });
  else if (oldValues !== null && newValues === null)
    changes.push({ rule: 'field-values-unrestricted', subject, from: oldValues });
  else if (oldValues !== null && newValues !== null) {
    const gone = oldValues.filter((v) => !newValues.includes(v));
    const come = newValues.filter((v) => !oldValues.includes(v));
    const hint = gone.length === 1 && come.length === 1 ? { hint: `renamed to ${JSON.stringify(come[0])}?` } : {};
    if (gone.length) changes.push({ rule: 'field-values-removed', subject, from: gone, ...hint });
    if (come.length) changes.push({ rule: 'field-values-added', subject, to: come });
  }
  if ((before.dbColumn ?? '').toLowerCase() !== (after.dbColumn ?? '').toLowerCase())
    changes.push({ rule: 'field-column-changed', subject, from: before.dbColumn, to: after.dbColumn });
  else if (after.dbColumn) {
    const change = lengthChange(after.dbColumn);
    if (change)
      changes.push({
        rule: change.to < change.from ? 'field-length-shrunk' : 'field-length-grown',
        subject,
        from: shownLength(change.from),
        to: shownLength(change.to),
        via: after.dbColumn,
      });
  }
  return changes;
}
