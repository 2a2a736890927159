// The generator's column kinds and the runtime's are the same set (the build type-checks this file).
import { describe, expect, it } from 'vitest';
import { EDM_TYPES, kindOf, tsTypeOf, type ColumnKind } from '../../generator/model/edm.js';
import type { ColumnKind as RuntimeColumnKind } from '../../templates/runtime/object.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const sameKinds: Same<ColumnKind, RuntimeColumnKind> = true;

describe('Edm types', () => {
  it('maps every primitive type to a kind and a TypeScript type', () => {
    expect(EDM_TYPES.size).toBe(33);
    expect(kindOf('Edm.Int64')).toBe('int');
    expect(kindOf('Edm.DateTimeOffset')).toBe('datetime');
    expect(kindOf('Edm.GeographyPoint')).toBe('other');
    expect(tsTypeOf('decimal', 'number')).toBe('number');
    expect(tsTypeOf('decimal', 'string')).toBe('string');
    expect(tsTypeOf('other', 'number')).toBe('unknown');
    expect(() => kindOf('Edm.Money')).toThrow();
  });
});
