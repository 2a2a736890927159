// The column kinds are one table, the runtime's: the generator and the sandbox read that same table.
import { describe, expect, it } from 'vitest';
import { kindOf, tsTypeOf } from '../../../generator/model/edm.js';
import { kindOf as sandboxKindOf } from '../../../sandbox/schema.js';
import { COLUMN_KINDS, EDM_KINDS } from '../../../templates/runtime/column-kinds.js';
import { defineObject } from '../../../templates/runtime/object.js';

const EDM_TYPES = Object.keys(EDM_KINDS);

describe('Edm types', () => {
  it('maps every primitive type to a kind and a TypeScript type', () => {
    expect(EDM_TYPES.length).toBe(33);
    expect(kindOf('Edm.Int64')).toBe('int');
    expect(kindOf('Edm.DateTimeOffset')).toBe('datetime');
    expect(kindOf('Edm.GeographyPoint')).toBe('other');
    expect(kindOf('Edm.GeometryCollection')).toBe('other');
    expect(tsTypeOf('decimal', 'number')).toBe('number');
    expect(tsTypeOf('decimal', 'string')).toBe('string');
    expect(tsTypeOf('other', 'number')).toBe('unknown');
    expect(() => kindOf('Edm.Money')).toThrow('not an Edm primitive type: Edm.Money');
    // a member of Object.prototype is not a type
    expect(() => kindOf('constructor')).toThrow();
  });

  it('the generator and the sandbox read the one table, so they cannot disagree', () => {
    expect(sandboxKindOf).toBe(kindOf);
    for (const type of EDM_TYPES) expect(sandboxKindOf(type)).toBe(kindOf(type));
    // a name that only looks geographic is no type, to the sandbox as to the generator
    expect(() => sandboxKindOf('Edm.GeographyAnything')).toThrow();
  });

  it('every kind of the table is one the runtime takes, and the runtime takes no other', () => {
    expect(new Set(Object.values(EDM_KINDS))).toEqual(new Set(COLUMN_KINDS));
    const columns = Object.fromEntries(COLUMN_KINDS.map((kind) => [kind, kind]));
    expect(() => defineObject()({ name: 't', surface: 'table', key: [], columns })).not.toThrow();
    expect(() => defineObject()({ name: 't', surface: 'table', key: [], columns: { a: 'money' } })).toThrow(
      'column "a" has no column kind: money',
    );
  });
});
