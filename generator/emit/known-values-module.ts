// known-values.ts: one constant and one union type per known-value set.
import type { KnownValueSet } from '../model/known-values.js';
import type { Module } from './printer.js';
import { GENERATED_HEADER } from './row-module.js';

export function knownValuesModule(sets: readonly KnownValueSet[]): Module {
  return {
    blocks: [
      [GENERATED_HEADER],
      ...sets.map((set) => [
        {
          const: set.name,
          doc: [...(set.description ? [set.description, ''] : []), `Columns: ${set.columns.join(', ')}.`],
          value: { asConst: { object: Object.entries(set.values), listing: true } },
        },
        { typeAlias: set.name, type: `(typeof ${set.name})[keyof typeof ${set.name}]` },
      ]),
    ],
  };
}
