// The client's families: one folder in the runtime (templates/runtime/<name>/, a line in families.ts) and one
// entry in the generator (generator/families/<name>.ts). These keep the two halves in step.
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../generator/families/index.js';
import { API_NAMES } from '../../generator/model/naming.js';
import { RESOURCES } from '../../sandbox/entity/route.js';
import { FAMILIES as RUNTIME_FAMILIES } from '../../templates/runtime/families.js';
import * as clientApi from '../../templates/runtime/client-api.js';
import * as runtime from '../../templates/runtime/index.js';
import { API_NAMES as CORE_NAMES } from '../../templates/runtime/contract.js';

describe('client families', () => {
  it('the generator has one entry per runtime family, in the same order', () => {
    expect(FAMILIES.map((f) => f.namespace)).toEqual(Object.keys(RUNTIME_FAMILIES));
  });

  it("each family's API names are exported by the package entries, apart from the core's, and reserved", () => {
    const exported = new Set([...Object.keys(runtime), ...Object.keys(clientApi)]);
    for (const family of FAMILIES)
      for (const name of family.apiNames) {
        expect(exported.has(name), `${family.namespace}: ${name}`).toBe(true);
        expect(CORE_NAMES, `${family.namespace}: ${name}`).not.toContain(name);
        expect(API_NAMES.has(name)).toBe(true);
      }
  });

  it("the record tables are the tables the sandbox's records name as their ObjectName", () => {
    const entity = FAMILIES.find((f) => f.namespace === 'entity')!;
    for (const [resource, table] of Object.entries(entity.recordTables ?? {}))
      expect(RESOURCES[resource]?.table, resource).toBe(table);
    expect(FAMILIES.find((f) => f.namespace === 'inventory')?.recordTables).toEqual({ parts: 'inv_mast' });
  });
});
