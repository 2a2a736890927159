// known-values.ts: one constant and one union type per known-value set.
import type { KnownValueSet } from '../model/known-values.js';
import { GENERATED_HEADER } from './row-module.js';
import { docComment, propertyKey, stringLiteral } from './ts-source.js';

function literal(value: string | number): string {
  return typeof value === 'string' ? stringLiteral(value) : String(value);
}

export function emitKnownValues(sets: readonly KnownValueSet[]): string {
  let out = `${GENERATED_HEADER}\n`;
  for (const set of sets) {
    const members = Object.entries(set.values)
      .map(([member, value]) => `  ${propertyKey(member)}: ${literal(value)},\n`)
      .join('');
    out +=
      '\n' +
      docComment([...(set.description ? [set.description, ''] : []), `Columns: ${set.columns.join(', ')}.`]) +
      `export const ${set.name} = {\n${members}} as const;\n` +
      `export type ${set.name} = (typeof ${set.name})[keyof typeof ${set.name}];\n`;
  }
  return out;
}
