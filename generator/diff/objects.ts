// Compares the two versions of one schema document (tables or views), streaming, with memory flat in the size
// of the documents. Their objects come in any order (a server writes its entity types in its own order, and an
// upgrade inserts new ones anywhere), so the objects are not merged as they go by:
//
//   1. the index of each document (its container: object names and entity types), as `generate` reads it;
//   2. a pass over the old document keeps a digest of each object's columns (one short string per object);
//   3. a pass over the new document compares each object's digest with the old one, and keeps the objects
//      whose digest differs, up to a budget of columns;
//   4. a pass over the old document reads just those objects and compares each with its new version.
//
// Objects that did not change (nearly all of them) cost one digest. When more objects changed than the budget
// holds, steps 3 and 4 repeat for the rest: more passes, never more memory.
import { createHash } from 'node:crypto';
import { flat } from '../flat-string.js';
import { readCsdlIndex, readCsdlObjects, type CsdlDocument } from '../parse/csdl.js';
import type { KnownValueIndex } from '../model/known-values.js';
import { planObjects, type PlannedObject } from '../model/plan.js';
import type { Column, QueryObject } from '../model/schema.js';
import type { Selection } from '../model/select.js';
import type { SnapshotDocument } from '../source/snapshot.js';
import { compareObjects, type Change } from './compare.js';

/** columns of changed objects held at once (about 150 bytes each) */
const BUDGET_COLUMNS = 50_000;

/** `table.column` in lower case (as transaction fields name them) -> its old and new length (Infinity: none) */
export type LengthChanges = Map<string, { readonly from: number; readonly to: number }>;

export interface DocumentDiffOptions {
  readonly selection: Selection;
  readonly knownValues: KnownValueIndex;
  /** read objects left out of the package too: their columns' lengths are the lengths of transaction fields */
  readonly lengthsOfAll: boolean;
  /** each generated object that changed, in both versions (for `--project`) */
  readonly onChanged?: (before: QueryObject, after: QueryObject) => void;
}

export interface DocumentDiff {
  readonly changes: Change[];
  readonly lengths: LengthChanges;
  /** both documents' plans: every object with its names */
  readonly plans: { readonly before: readonly PlannedObject[]; readonly after: readonly PlannedObject[] };
  readonly documents: { readonly before: CsdlDocument; readonly after: CsdlDocument };
}

function digestOf(columns: readonly Column[]): string {
  const hash = createHash('sha1');
  for (const c of columns)
    hash.update(`${c.name}\0${c.edmType}\0${c.nullable}\0${c.key}\0${c.maxLength}\0${c.precision}\0${c.scale}\u0001`);
  return hash.digest('base64');
}

const FULL = Symbol('budget reached');

/** Reads the wanted objects of a document, stopping once `take` says no (the budget is spent). */
function readSome(document: CsdlDocument, wanted: readonly PlannedObject[], take: (o: QueryObject) => boolean): void {
  try {
    readCsdlObjects(document, wanted, (object) => {
      if (!take(object)) throw FULL;
    });
  } catch (error) {
    if (error !== FULL) throw error;
  }
}

export function diffDocument(
  before: SnapshotDocument,
  after: SnapshotDocument,
  options: DocumentDiffOptions,
): DocumentDiff {
  const oldIndex = readCsdlIndex(before.file, before.surface, before.label);
  const newIndex = readCsdlIndex(after.file, after.surface, after.label);
  const oldPlan = planObjects(oldIndex.objects, options.selection);
  const newPlan = planObjects(newIndex.objects, options.selection);
  const documents = { before: oldIndex.document, after: newIndex.document };
  const surface = after.surface;
  const changes: Change[] = [];
  const lengths: LengthChanges = new Map();

  const wanted = (o: PlannedObject) => !o.omitted || (options.lengthsOfAll && surface === 'table');
  const newByName = new Map(newPlan.map((o) => [o.name, o]));
  const oldNames = new Set(oldPlan.map((o) => o.name));
  for (const o of oldPlan)
    if (!o.omitted && !newByName.has(o.name))
      changes.push({ rule: 'object-removed', subject: { kind: 'object', surface, object: o.name } });
  for (const o of newPlan)
    if (!o.omitted && !oldNames.has(o.name))
      changes.push({ rule: 'object-added', subject: { kind: 'object', surface, object: o.name } });

  // 2: the old digests of the objects both versions have
  const common = newPlan.filter((o) => oldNames.has(o.name) && wanted(o));
  const oldCommon = oldPlan.filter((o) => newByName.has(o.name) && wanted(o));
  const digests = new Map<string, string>();
  readCsdlObjects(oldIndex.document, oldCommon, (object) => digests.set(object.name, digestOf(object.columns)));

  // 3: the objects whose digest differs; the first ones kept while the budget lasts
  let changed: PlannedObject[] = [];
  let held = new Map<string, QueryObject>();
  let columns = 0;
  readCsdlObjects(newIndex.document, common, (object, planned) => {
    if (digests.get(object.name) === digestOf(object.columns)) return;
    changed.push(planned);
    if (columns + object.columns.length <= BUDGET_COLUMNS || held.size === 0) {
      held.set(object.name, flatObject(object));
      columns += object.columns.length;
    }
  });
  digests.clear();

  // 4: each held object against its old version; then the next batch, until none is left
  const oldByName = new Map(oldCommon.map((o) => [o.name, o]));
  for (;;) {
    const batch = held;
    const toRead = [...batch.keys()].map((name) => oldByName.get(name)!);
    // (nothing to read would still read the whole document: the walk stops only once what it wants went by)
    if (toRead.length > 0)
      readCsdlObjects(oldIndex.document, toRead, (old) => {
        const current = batch.get(old.name)!;
        batch.delete(old.name);
        const planned = newByName.get(old.name)!;
        if (surface === 'table') recordLengths(old, current, lengths);
        if (planned.omitted) return;
        const found = compareObjects(old, current, options.knownValues).map(flatChange);
        changes.push(...found);
        if (found.length) options.onChanged?.(old, current);
      });
    const done = new Set(toRead.map((o) => o.name));
    changed = changed.filter((o) => !done.has(o.name));
    if (changed.length === 0) break;
    held = new Map();
    columns = 0;
    readSome(newIndex.document, changed, (object) => {
      if (columns + object.columns.length > BUDGET_COLUMNS && held.size > 0) return false;
      held.set(object.name, flatObject(object));
      columns += object.columns.length;
      return true;
    });
  }
  return { changes, lengths, plans: { before: oldPlan, after: newPlan }, documents };
}

/**
 * A copy whose strings are its own. A string the parser cut from a 64 KiB read block keeps the block alive, and
 * held objects and changes are kept past their block: thousands of them would keep hundreds of blocks.
 */
function flatObject(object: QueryObject): QueryObject {
  return { ...object, columns: object.columns.map((c) => ({ ...c, name: flat(c.name), edmType: flat(c.edmType) })) };
}

function flatValue<T>(value: T): T {
  if (typeof value === 'string') return flat(value) as T;
  if (Array.isArray(value)) return value.map(flatValue) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, flatValue(v)])) as T;
  return value;
}

const flatChange = (c: Change): Change => flatValue(c);

/** The string columns whose length changed, as transaction fields look them up. */
function recordLengths(before: QueryObject, after: QueryObject, lengths: LengthChanges): void {
  const old = new Map(before.columns.map((c) => [c.name, c]));
  for (const c of after.columns) {
    const o = old.get(c.name);
    if (!o) continue;
    const [from, to] = [lengthOf(o), lengthOf(c)];
    if (from !== to) lengths.set(flat(`${after.name}.${c.name}`.toLowerCase()), { from, to });
  }
}

function lengthOf(c: Column): number {
  return typeof c.maxLength === 'number' ? c.maxLength : Infinity;
}
