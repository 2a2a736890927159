// catalog.ts: the names of every table, view and service and where each generated one lives, and what the package
// leaves out. Data only: importing it never makes an editor load the row modules. Each family writes its section
// (generator/families/); this module puts them in order: the listings, the names' types, what is left out.
import type { ObjectNames } from '../model/naming.js';
import type { PlannedObject } from '../model/plan.js';
import { FAMILIES, type CatalogSection } from '../families/index.js';
import type { Module } from './printer.js';
import { GENERATED_HEADER } from './row-module.js';

function byName(a: PlannedObject, b: PlannedObject): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function catalogModule(
  entries: readonly PlannedObject[],
  services: ReadonlyArray<readonly [string, ObjectNames]>,
): Module {
  const input = { objects: [...entries].sort(byName), services };
  const sections: CatalogSection[] = Object.values(FAMILIES).flatMap((f) => (f.catalog ? [f.catalog(input)] : []));
  return {
    blocks: [
      [GENERATED_HEADER],
      ...sections.flatMap((s) => s.listings ?? []),
      sections.flatMap((s) => s.names ?? []),
      ...sections.flatMap((s) => s.leftOut ?? []),
    ],
  };
}
