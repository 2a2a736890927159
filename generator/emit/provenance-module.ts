// provenance.ts: where the package's snapshot came from (the runtime's Provenance), re-exported by the client entry
// and given to every client it creates, whose drift guard compares the server's build with it.
import type { Provenance } from '../../templates/runtime/drift.js';
import type { Module } from './printer.js';
import { GENERATED_HEADER } from './row-module.js';

export const PROVENANCE_MODULE = 'provenance';

export function provenanceModule(provenance: Provenance): Module {
  const fields = Object.entries(provenance).filter((entry): entry is [string, string] => entry[1] !== undefined);
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
          ],
          value: { object: fields, listing: true },
          type: 'Provenance',
        },
      ],
    ],
  };
}
