// The query surface (`client.page`, `client.rows`: templates/runtime/query/): its tables and views in the catalog,
// and the objects the package leaves out.
import type { Expr, ObjectExpr } from '../emit/printer.js';
import { objectModulePath, type PlannedObject } from '../model/plan.js';
import type { Surface } from '../model/schema.js';
import type { GeneratorFamily } from './family.js';

/** A listing as catalog.ts has them: name to value, one per line. */
export function listing(entries: ObjectExpr['object']): Expr {
  return { asConst: { object: entries, listing: true } };
}

export const query: GeneratorFamily = {
  catalog({ objects }) {
    const generated = (surface: Surface) => {
      const listed = objects.filter((e) => e.surface === surface && !e.omitted);
      // made as printed: at a 10x tenant, 71,600 entries and paths held through the printing of both forms
      return listing({ length: listed.length, at: (i) => [listed[i]!.name, objectModulePath(listed[i]!)] });
    };
    const omitted = (reason: string): PlannedObject[] => objects.filter((e) => e.omitted?.reason === reason);
    return {
      listings: [
        [
          {
            const: 'tables',
            doc: ["Tables in this package: server name to module subpath (`import ... from '<package>/<subpath>'`)."],
            value: generated('table'),
          },
        ],
        [{ const: 'views', doc: ['Views in this package: server name to module subpath.'], value: generated('view') }],
      ],
      names: [
        { typeAlias: 'TableName', type: 'keyof typeof tables' },
        { typeAlias: 'ViewName', type: 'keyof typeof views' },
      ],
      leftOut: [
        [
          {
            const: 'unreachable',
            doc: [
              'Objects the server lists that the service cannot serve: name to why, and where to read their data instead.',
            ],
            value: listing(omitted('unreachable').map((e) => [e.name, e.omitted!.note])),
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
  },
};
