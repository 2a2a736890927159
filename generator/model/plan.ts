// The plan of a package: every object the documents expose, with its names and whether it is generated.
// One small record per object is all the run keeps between the two passes: at ten times the objects, the
// plan is what grows, so it stays flat.
import { modulePath } from '../../templates/runtime/contract.js';
import { nameObjects, type ObjectNames } from './naming.js';
import type { Surface } from './schema.js';
import { selector, type Selection } from './select.js';

export interface IndexedObject {
  readonly name: string;
  readonly surface: Surface;
  /** qualified by namespace, never by alias */
  readonly entityType: string;
}

export interface Omission {
  /** `unsupported`: its entity type cannot be resolved (a missing or non-entity base type, a cycle) */
  readonly reason: 'unreachable' | 'excluded' | 'unsupported';
  readonly note: string;
}

export interface PlannedObject extends IndexedObject, ObjectNames {
  /** absent when the object is generated */
  readonly omitted?: Omission;
}

export function planObjects(objects: readonly IndexedObject[], selection: Selection): PlannedObject[] {
  const names = nameObjects(objects);
  const decide = selector(selection);
  return objects.map((o, i) => {
    const decision = decide(o.name);
    const { stem, value, type } = names[i]!;
    const planned = { name: o.name, surface: o.surface, entityType: o.entityType, stem, value, type };
    return decision.generate ? planned : { ...planned, omitted: decision.omission };
  });
}

/** `tables/<stem>` or `views/<stem>`: the module's path in the package and its export subpath */
export function objectModulePath(o: { readonly surface: Surface; readonly stem: string }): string {
  return modulePath(o.surface, o.stem);
}

/** `transactions/<stem>` */
export function serviceModulePath(names: ObjectNames): string {
  return modulePath('service', names.stem);
}
