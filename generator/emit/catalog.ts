// catalog.ts: the names of every table and view, and where each generated one lives. Data only: importing
// it never makes an editor load the row modules.
import type { ObjectNames } from '../model/naming.js';
import { objectModulePath, serviceModulePath, type PlannedObject } from '../model/plan.js';
import type { Surface } from '../model/schema.js';
import { FAMILIES } from '../families/index.js';
import type { Expr, Module } from './printer.js';
import { GENERATED_HEADER } from './row-module.js';

function byName(a: PlannedObject, b: PlannedObject): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function record(entries: ReadonlyArray<readonly [string, Expr]>): Expr {
  return { asConst: { object: entries, listing: true } };
}

export function catalogModule(
  entries: readonly PlannedObject[],
  services: ReadonlyArray<readonly [string, ObjectNames]>,
): Module {
  const sorted = [...entries].sort(byName);
  const generated = (surface: Surface) =>
    record(sorted.filter((e) => e.surface === surface && !e.omitted).map((e) => [e.name, objectModulePath(e)]));
  const omitted = (reason: string) => sorted.filter((e) => e.omitted?.reason === reason);
  return {
    blocks: [
      [GENERATED_HEADER],
      [
        {
          const: 'tables',
          doc: ["Tables in this package: server name to module subpath (`import ... from '<package>/<subpath>'`)."],
          value: generated('table'),
        },
      ],
      [{ const: 'views', doc: ['Views in this package: server name to module subpath.'], value: generated('view') }],
      [
        {
          const: 'services',
          doc: ['Transaction services in this package: service name to module subpath.'],
          value: record(services.map(([name, names]) => [name, serviceModulePath(names)])),
        },
      ],
      ...FAMILIES.flatMap((f) => (f.catalog ? [f.catalog(sorted)] : [])),
      [
        { typeAlias: 'TableName', type: 'keyof typeof tables' },
        { typeAlias: 'ViewName', type: 'keyof typeof views' },
        { typeAlias: 'ServiceName', type: 'keyof typeof services' },
      ],
      [
        {
          const: 'unreachable',
          doc: [
            'Objects the server lists that the service cannot serve: name to why, and where to read their data instead.',
          ],
          value: record(omitted('unreachable').map((e) => [e.name, e.omitted!.note])),
        },
      ],
      [
        {
          const: 'excluded',
          doc: [
            'Objects the server exposes that erpgen.config.json leaves out (`include` / `exclude`), as `surface/name`.',
          ],
          value: {
            asConst: {
              array: omitted('excluded')
                .map((e) => `${e.surface}/${e.name}`)
                .sort(),
            },
          },
        },
      ],
    ],
  };
}
