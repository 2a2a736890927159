// The probe packages of `erpgen diff --project` (project-map.ts says what they are for): which members each
// change is about, and the new package's modules with those members taken out, or, for changes of a member's
// type, with the members as they were.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../config.js';
import { moduleFiles } from '../emit/package-files.js';
import { rowModule } from '../emit/row-module.js';
import { transactionModule } from '../emit/transaction-module.js';
import { KnownValueIndex } from '../model/known-values.js';
import type { ObjectNames } from '../model/naming.js';
import { objectModulePath, serviceModulePath, type PlannedObject } from '../model/plan.js';
import type { Column, QueryObject } from '../model/schema.js';
import type { DataElement, TransactionField, TransactionService } from '../model/transactions.js';
import type { Change } from './compare.js';
import { TYPE_RULES } from './rules.js';
import { escapeRegExp, namePatterns, probeKey, type Probe, type Removal } from './project-map.js';

/** The new versions of what changed, as the diff saw them go by, and the old ones (`before`). */
export interface ChangedModels {
  readonly objects: Map<string, QueryObject>;
  readonly services: Map<string, TransactionService>;
  readonly before: { readonly objects: Map<string, QueryObject>; readonly services: Map<string, TransactionService> };
}

export const modelKey = (surface: string, name: string) => `${surface}:${name}`;

function writeFiles(dir: string, files: Iterable<readonly [string, string]>): void {
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

/**
 * A probe package: a whole copy of the new package (it holds only the modules the project imports) with the
 * modules it changes written over. Whole, so that a compile reaches one package only: a probe laid over the new
 * package (`paths` trying it first) gave the runtime's generic types two homes, and calls that take a service
 * (`session.open(Order)`) failed on that instead of on the member taken out.
 */
export function probePackage(dir: string, newPackage: string, files: Iterable<readonly [string, string]>): void {
  cpSync(newPackage, dir, { recursive: true });
  writeFiles(dir, files);
}

const ADDED = new Set([
  'object-added',
  'service-added',
  'column-added',
  'field-added',
  'field-added-required',
  'element-added',
]);

/** What the compiler says of a row that breaks a fact of the overlay (templates/runtime/define-service.ts). */
const OVERLAY_MESSAGES = {
  'field-disabled': (field: string, element: string) =>
    new RegExp(escapeRegExp(`'${field}' of ${element} is disabled on this server`)),
  // `Property 'po_no' is missing ... but required in type 'RequiredOnThisServer<"po_no">'`, or several at once
  'field-required-on-server': (field: string) =>
    new RegExp(`RequiredOnThisServer<[^']*"${escapeRegExp(field.replace(/["\\]/g, '\\$&'))}"`),
};

interface ProbePlan {
  readonly members: Probe[];
  readonly elements: Probe[];
  readonly removals: Removal[];
}

export function planProbes(
  changes: readonly Change[],
  names: {
    object: (surface: string, name: string, side: 'before' | 'after') => ObjectNames | undefined;
    service: (name: string, side: 'before' | 'after') => ObjectNames | undefined;
  },
  models: ChangedModels,
  packageName: string,
): ProbePlan {
  const probes = new Map<string, Probe & { changes: number[] }>();
  const probe = (key: string, p: Omit<Probe, 'changes' | 'key'>, change: number) => {
    const known = probes.get(key) ?? { ...p, key, changes: [] };
    known.changes.push(change);
    probes.set(key, known);
  };
  const removals: Removal[] = [];
  changes.forEach((c, i) => {
    const s = c.subject;
    // a line of the overlay that names nothing of the new snapshot: no member to look for
    if (c.rule === 'definitions-line-unmatched') return;
    if ('surface' in s) {
      const side = c.rule === 'object-removed' ? 'before' : 'after';
      const n = names.object(s.surface, s.object, side);
      if (!n) return;
      const module = `${packageName}/${objectModulePath({ surface: s.surface, stem: n.stem })}`;
      const context = [`${n.type}Row`, `${n.type}Kinds`, `${n.type}Column`, `"${s.object}"`];
      if (c.rule === 'object-removed') {
        removals.push({
          change: i,
          patterns: [new RegExp(`Cannot find module ['"]${escapeRegExp(module)}['"]`)],
          context: [],
          module,
        });
        return;
      }
      const columns =
        s.kind === 'column'
          ? [s.column]
          : c.rule === 'object-key-changed'
            ? symmetricDifference(c.from as string[], c.to as string[])
            : [];
      const current = models.objects.get(modelKey(s.surface, s.object));
      for (const column of columns) {
        if (c.rule === 'column-removed') removals.push({ change: i, patterns: namePatterns(column), context, module });
        else if (!ADDED.has(c.rule) && current?.columns.some((col) => col.name === column))
          probe(probeKey('column', s.surface, s.object, column), { kind: 'column', name: column, context, module }, i);
      }
      return;
    }
    const gone = c.rule === 'service-removed' || c.rule === 'service-not-fetched';
    const side = gone ? 'before' : 'after';
    const n = names.service(s.service, side);
    if (!n) return;
    const module = `${packageName}/${serviceModulePath(n)}`;
    const context = [`${n.type}Forms`, `${n.type}Lists`, ...(s.kind === 'service' ? [] : [s.element])];
    if (gone)
      removals.push({
        change: i,
        patterns: [new RegExp(`Cannot find module ['"]${escapeRegExp(module)}['"]`)],
        context: [],
        module,
      });
    else if (s.kind === 'element') {
      if (c.rule === 'element-removed')
        removals.push({ change: i, patterns: namePatterns(s.element), context, module });
      else if (!ADDED.has(c.rule))
        probe(probeKey('element', s.service, s.element), { kind: 'element', name: s.element, context, module }, i);
    } else if (s.kind === 'field') {
      if (c.rule === 'field-removed')
        removals.push({
          change: i,
          patterns: [
            new RegExp(`'${escapeRegExp(s.field)}' is not a field of ${escapeRegExp(s.element)}`),
            ...namePatterns(s.field),
          ],
          context,
          module,
        });
      else if (!ADDED.has(c.rule)) {
        // the messages of the overlay's facts name the field: the errors they give are this change's
        const message = OVERLAY_MESSAGES[c.rule as keyof typeof OVERLAY_MESSAGES]?.(s.field, s.element);
        if (message) removals.push({ change: i, patterns: [message], context, module });
        const key = probeKey('field', s.service, s.element, s.field);
        probe(key, { kind: 'field', name: s.field, context, module }, i);
        // a column's length change is used where the fields on that column are written
        const column = c.via === undefined ? -1 : changes.findIndex((o) => isLengthOf(o, c.via!));
        if (column >= 0) probe(key, { kind: 'field', name: s.field, context, module }, column);
      }
    }
  });
  const all = [...probes.entries()];
  return {
    members: all.filter(([, p]) => p.kind !== 'element').map(([, p]) => p),
    elements: all.filter(([, p]) => p.kind === 'element').map(([, p]) => p),
    removals,
  };
}

function isLengthOf(c: Change, dbColumn: string): boolean {
  const s = c.subject;
  return (
    (c.rule === 'column-length-shrunk' || c.rule === 'column-length-grown') &&
    s.kind === 'column' &&
    s.surface === 'table' &&
    `${s.object}.${s.column}`.toLowerCase() === dbColumn.toLowerCase()
  );
}

function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  return [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];
}

/** Which modules a probe package holds, and how a changed object's columns and a service's elements are in it. */
interface ProbeEdit {
  /** the module paths the project imports: others are left out */
  readonly wanted: (modulePath: string) => boolean;
  /** the object's columns in the probe, or undefined when they are as in the new package */
  readonly columns: (o: PlannedObject, object: QueryObject) => readonly Column[] | undefined;
  readonly elements: (name: string, service: TransactionService) => readonly DataElement[] | undefined;
}

/** The modules of the changed objects and services as a probe has them. */
function probeModules(
  models: ChangedModels,
  plan: readonly PlannedObject[],
  serviceNames: ReadonlyMap<string, ObjectNames>,
  config: Config,
  edit: ProbeEdit,
): Array<readonly [string, string]> {
  const files: Array<readonly [string, string]> = [];
  const knownValues = new KnownValueIndex(config.knownValues);
  for (const o of plan) {
    const object = models.objects.get(modelKey(o.surface, o.name));
    if (!object || o.omitted || !edit.wanted(objectModulePath(o))) continue;
    const columns = edit.columns(o, object);
    if (!columns) continue;
    const module = rowModule({ ...object, columns: [...columns] }, o, {
      decimals: config.decimals,
      knownValues,
      source: 'a probe',
    });
    files.push(...moduleFiles(objectModulePath(o), module, config.emit));
  }
  for (const [name, service] of models.services) {
    const names = serviceNames.get(name);
    if (!names || !edit.wanted(serviceModulePath(names))) continue;
    const elements = edit.elements(name, service);
    if (!elements) continue;
    const module = transactionModule({ ...service, elements: [...elements] }, names, {
      lengths: new Map(),
      scales: new Map(),
    });
    files.push(...moduleFiles(serviceModulePath(names), module, config.emit));
  }
  return files;
}

/**
 * The modules of the revert probe: the changed objects and services whose members changed type, each such member
 * as it was (its old column or field), the rest as it is now. An error the new package gives and this one does
 * not is caused by one of those changes.
 */
export function revertFiles(
  changes: readonly Change[],
  models: ChangedModels,
  plan: readonly PlannedObject[],
  serviceNames: ReadonlyMap<string, ObjectNames>,
  config: Config,
  wanted: (modulePath: string) => boolean,
): { files: Array<readonly [string, string]>; changes: number[] } {
  const reverted: number[] = [];
  const keys = new Set<string>();
  changes.forEach((c, i) => {
    const s = c.subject;
    if (!TYPE_RULES.has(c.rule)) return;
    if (s.kind === 'column') keys.add(probeKey('column', s.surface, s.object, s.column));
    else if (s.kind === 'field') keys.add(probeKey('field', s.service, s.element, s.field));
    else return;
    reverted.push(i);
  });
  if (!reverted.length) return { files: [], changes: reverted };
  const files = probeModules(models, plan, serviceNames, config, {
    wanted,
    columns: (o, object) => {
      const old = models.before.objects.get(modelKey(o.surface, o.name));
      const was = (c: Column) =>
        keys.has(probeKey('column', o.surface, o.name, c.name))
          ? old?.columns.find((b) => b.name === c.name)
          : undefined;
      return object.columns.some(was) ? object.columns.map((c) => was(c) ?? c) : undefined;
    },
    elements: (name, service) => {
      const old = models.before.services.get(name);
      const was = (e: DataElement, f: TransactionField) =>
        keys.has(probeKey('field', name, e.name, f.name))
          ? old?.elements.find((b) => b.name === e.name)?.fields.find((b) => b.name === f.name)
          : undefined;
      if (!service.elements.some((e) => e.fields.some((f) => was(e, f)))) return undefined;
      return service.elements.map((e) => ({ ...e, fields: e.fields.map((f) => was(e, f) ?? f) }));
    },
  });
  return { files, changes: files.length ? reverted : [] };
}

/** The modules of a probe package: the new versions of the changed objects and services, less what it probes. */
export function probeFiles(
  keys: ReadonlySet<string>,
  models: ChangedModels,
  plan: readonly PlannedObject[],
  serviceNames: ReadonlyMap<string, ObjectNames>,
  config: Config,
  wanted: (modulePath: string) => boolean,
): Array<readonly [string, string]> {
  return probeModules(models, plan, serviceNames, config, {
    wanted,
    columns: (o, object) => {
      const columns = object.columns.filter((c) => !keys.has(probeKey('column', o.surface, o.name, c.name)));
      return columns.length === object.columns.length ? undefined : columns;
    },
    elements: (name, service) => {
      const elements = service.elements
        .filter((e) => !keys.has(probeKey('element', name, e.name)))
        .map((e) => {
          const fields = e.fields.filter((f) => !keys.has(probeKey('field', name, e.name, f.name)));
          const kept = new Set(fields.map((f) => f.name));
          return { ...e, fields, keyFields: e.keyFields.filter((k) => kept.has(k)) };
        });
      const same =
        elements.length === service.elements.length &&
        elements.every((e, i) => e.fields.length === service.elements[i]!.fields.length);
      return same ? undefined : elements;
    },
  });
}
