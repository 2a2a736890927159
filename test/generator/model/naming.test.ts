// Names: decided in one place, deterministic, compiling for any server name, stable as the schema grows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  API_NAMES,
  isPlainIdentifier,
  nameObjects,
  pascal,
  type NamedObject,
  type ObjectNames,
} from '../../../generator/model/naming.js';
import { hardCaseTables } from '../../tenant/make-tenant.js';
import { ENTRY_VALUES } from '../../../templates/runtime/contract.js';

/** the names by surface and server name */
function named(objects: NamedObject[]) {
  const names = nameObjects(objects);
  const by = { table: new Map<string, ObjectNames>(), view: new Map<string, ObjectNames>() };
  objects.forEach((o, i) => by[o.surface].set(o.name, names[i]!));
  return by;
}
const one = (name: string, surface: 'table' | 'view' = 'table') => named([{ name, surface }])[surface].get(name)!;

describe('object names', () => {
  it('keeps plain names as they are', () => {
    expect(one('customer_salesrep')).toEqual({
      stem: 'customer_salesrep',
      value: 'customer_salesrep',
      type: 'CustomerSalesrep',
    });
    expect(one('oe_hdr')).toEqual({ stem: 'oe_hdr', value: 'oe_hdr', type: 'OeHdr' });
    expect(one('svc_view_es_customer', 'view').type).toBe('SvcViewEsCustomer');
    expect(one('price1_x')).toEqual({ stem: 'price1_x', value: 'price1_x', type: 'Price1X' });
  });

  it('gives reserved words, API names and Object.prototype members a hashed value, keeping the file and type', () => {
    for (const name of [
      'class',
      'default',
      'function',
      'delete',
      'query',
      'and',
      'or',
      'not',
      'constructor',
      'hasOwnProperty',
      '__proto__',
      'toString',
    ]) {
      const n = one(name);
      expect(n.value).toMatch(/^[A-Za-z_][A-Za-z0-9_]*\$[0-9a-f]{8}$/);
      expect(isPlainIdentifier(n.value)).toBe(false);
    }
    expect(one('class')).toMatchObject({ stem: 'class', type: 'Class' });
    expect(one('query').stem).toBe('query');
  });

  it('makes names that are not identifiers into ASCII identifiers and file names', () => {
    expect(one('order lines').stem).toMatch(/^order_lines-[0-9a-f]{8}$/);
    expect(one('order lines').value).toMatch(/^order_lines\$[0-9a-f]{8}$/);
    expect(one('2fa_settings').value).toMatch(/^_2fa_settings\$[0-9a-f]{8}$/);
    expect(one('2fa_settings').stem).toBe('2fa_settings');
    expect(one('2fa_settings').type).toMatch(/^X2faSettings\$[0-9a-f]{8}$/);
    expect(one('a*/b').stem).toMatch(/^a_b-[0-9a-f]{8}$/);
    expect(one('größe_tabelle')).toMatchObject({
      stem: expect.stringMatching(/^grosse_tabelle-/) as unknown,
      value: expect.stringMatching(/^grosse_tabelle\$/) as unknown,
    });
    expect(one('naïve').stem).toMatch(/^naive-/);
    expect(one('データ').stem).toMatch(/^object-[0-9a-f]{8}$/);
  });

  it('never lets file names collide ignoring case, nor values and types collide at all', () => {
    const objects: NamedObject[] = [
      'Customer_Audit',
      'customer_audit',
      'customerAudit',
      'CUSTOMER_AUDIT',
      'customer__audit',
      'customer_audit_',
    ].map((name) => ({
      name,
      surface: 'table',
    }));
    const names = [...named(objects).table.values()];
    expect(new Set(names.map((n) => n.stem.toLowerCase())).size).toBe(objects.length);
    expect(new Set(names.map((n) => n.value)).size).toBe(objects.length);
    expect(new Set(names.map((n) => n.type)).size).toBe(objects.length);
    // the plain one keeps its plain names
    expect(named(objects).table.get('customer_audit')).toEqual({
      stem: 'customer_audit',
      value: 'customer_audit',
      type: 'CustomerAudit',
    });
  });

  it('avoids Windows device names as file names', () => {
    expect(one('con').stem).toMatch(/^con-[0-9a-f]{8}$/);
    expect(one('lpt1').stem).toMatch(/^lpt1-/);
    expect(one('console').stem).toBe('console');
  });

  it('depends on the name only: adding objects renames nothing', () => {
    const base: NamedObject[] = hardCaseTables().map((t) => ({ name: t.name, surface: 'table' }));
    const before = named(base);
    const after = named([
      ...base,
      { name: 'customer_audit2', surface: 'table' },
      { name: 'Order Lines', surface: 'view' },
    ]);
    for (const [name, names] of before.table) expect(after.table.get(name)).toEqual(names);
  });

  it('is deterministic', () => {
    const objects: NamedObject[] = hardCaseTables().map((t) => ({ name: t.name, surface: 'table' }));
    expect([...named(objects).table].sort()).toEqual([...named([...objects].reverse()).table].sort());
  });

  it('gives a name on both surfaces plain names on the table and hashed ones on the view', () => {
    const names = named([
      { name: 'customer', surface: 'table' },
      { name: 'customer', surface: 'view' },
    ]);
    expect(names.table.get('customer')).toEqual({ stem: 'customer', value: 'customer', type: 'Customer' });
    expect(names.view.get('customer')!.value).toMatch(/^customer\$[0-9a-f]{8}$/);
    expect(names.view.get('customer')!.type).toMatch(/^Customer\$[0-9a-f]{8}$/);
  });

  it('Pascal case is one-to-one on plain names, so plain type names never collide', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/), fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/), (a, b) => {
        fc.pre(a !== b);
        expect(pascal(a)).not.toBe(pascal(b));
      }),
      { numRuns: 5000 },
    );
  });

  it("knows every value the generated package's entries export, so no object value shadows one", async () => {
    // the package as generated (generated/, regenerated with every change of the runtime), less its known values
    const index = await import('@acme/erp-schema');
    const client = await import('@acme/erp-schema/client');
    const knownValues = new Set(Object.keys(await import('@acme/erp-schema/known-values')));
    const exported = new Set([...Object.keys(index), ...Object.keys(client)].filter((n) => !knownValues.has(n)));
    expect([...API_NAMES].sort()).toEqual([...exported].sort());
    // and the runtime as it is now (API_NAMES lists its exports rather than importing it)
    const runtime = [
      ...Object.keys(await import('../../../templates/runtime/index.js')),
      ...Object.keys(await import('../../../templates/runtime/client-api.js')),
      ...ENTRY_VALUES,
    ];
    expect([...API_NAMES].sort()).toEqual(runtime.sort());
    expect(API_NAMES.has('answerSchemas') && API_NAMES.has('ErpUdtUsageError') && API_NAMES.has('query')).toBe(true);
  });
});
