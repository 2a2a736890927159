// provenance.ts: where the package's snapshot came from (the runtime's Provenance), re-exported by the client entry
// and given to every client it creates, whose drift guard compares the server's build with it.
import type { Provenance } from '../../templates/runtime/drift.js';
import type { Expr, Module } from './printer.js';
import { GENERATED_HEADER } from './row-module.js';

export const PROVENANCE_MODULE = 'provenance';

/** The definitions overlay as an object literal: names one per line, each field's facts on its line. */
function overlayExpr(tree: object, depth = 0): Expr {
  const entries = Object.entries(tree);
  return depth === 3
    ? { object: entries as Array<[string, boolean]> }
    : { object: entries.map(([key, value]) => [key, overlayExpr(value as object, depth + 1)]), listing: true };
}

export function provenanceModule(provenance: Provenance): Module {
  const { definitions, ...facts } = provenance;
  const fields: Array<[string, Expr]> = Object.entries(facts).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  if (definitions !== undefined) fields.push(['definitions', overlayExpr(definitions)]);
  return {
    blocks: [
      [GENERATED_HEADER, { import: ['Provenance'], from: './runtime/client-api.js', use: 'type' }],
      [
        {
          const: 'provenance',
          doc: [
            'Where the snapshot this package was generated from came from: the server build and the time of',
            '`erpgen fetch` (from its manifest.json; undefined for a snapshot without one) and the sha256 of its files.',
            "The client's drift guard (`createClient({ drift })`) compares the server's build with `build`.",
            ...(definitions !== undefined
              ? [
                  '`definitions`: what erpgen.config.json told erpgen about this server (disabled and required fields),',
                  "as applied to the transaction services' types and shown in each field's docs.",
                ]
              : []),
          ],
          value: { object: fields, listing: true },
          type: 'Provenance',
        },
      ],
    ],
  };
}
