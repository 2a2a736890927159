// A plainly valid erpgen.config.json taken without zod (generator/config-accept.ts): what it takes, it reads as
// the config's zod schema does (the same keys, values and defaults, in the same order); what the schema refuses
// it never takes, so that zod's message is the one a user sees. Compared with the schema on a table of files and
// on every key of a full file set to every kind of JSON value.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptConfig } from '../../generator/config-accept.js';
import { configSchema } from '../../generator/config.js';
import { ROOT } from '../support/paths.js';

/** Holds the plain reading of `raw` to the schema's: the same data, or none. */
function agrees(raw: unknown): void {
  const plain = acceptConfig(raw);
  if (plain === undefined) return;
  const zod = configSchema.safeParse(raw);
  expect(zod.success, JSON.stringify(raw)).toBe(true);
  // the same keys in the same order (the run's record keeps the settings as JSON)
  expect(JSON.stringify(plain)).toBe(JSON.stringify(zod.data));
  expect(plain).toStrictEqual(zod.data);
}

const KNOWN = { name: 'Units', description: 'units', columns: ['inv_mast.*_unit'], values: { Each: 'EA', Box: 'BX' } };
const FULL = {
  $schema: './node_modules/erpgen/config.schema.json',
  snapshot: 'schema',
  out: 'generated',
  packageName: '@acme/erp-schema',
  include: ['customer', 'oe_*'],
  exclude: ['bin'],
  decimals: 'string',
  includeUnreachable: true,
  knownValues: [KNOWN, { columns: ['*.flag'], values: { On: 1, Off: 0 }, name: 'Flag' }],
  definitions: { Order: { 'TABPAGE_1.order': { po_no: { disabled: true }, taker: { required: true } } } },
  defaultPageSize: 500,
  emit: 'ts',
  fetch: { views: ['v_*'], baseUrl: 'https://erp.example.com', services: ['Order'], tables: ['*'], maxMetadataMb: 64 },
};

const TAKEN: Array<[string, unknown]> = [
  ['the repository own', JSON.parse(readFileSync(join(ROOT, 'erpgen.config.json'), 'utf8'))],
  ['an empty file', {}],
  ['every key', FULL],
  ['fetch with one key', { fetch: { baseUrl: 'http://127.0.0.1:8080' } }],
  ['fetch empty', { fetch: {} }],
  ['a known value set without its description', { knownValues: [{ name: 'A', columns: ['x.y'], values: { a: 1 } }] }],
  ['odd names in an overlay', { definitions: { __proto__x: { constructor: { 'ünï cödé': { required: false } } } } }],
];

const REFUSED: Array<[string, unknown]> = [
  ['an unknown key', { snapshots: 'schema' }],
  ['a key of fetch at the top', { baseUrl: 'x' }],
  ['an unknown key of fetch', { fetch: { baseURL: 'x' } }],
  ['a flag only', { check: true }],
  ['__proto__', JSON.parse('{"__proto__": {"snapshot": "x"}}')],
  ['an empty snapshot', { snapshot: '' }],
  ['an empty glob', { include: [''] }],
  ['a glob list that is a word', { include: 'customer' }],
  ['a package name in capitals', { packageName: 'Erp' }],
  ['a choice not among them', { emit: 'py' }],
  ['a page size out of range', { defaultPageSize: 1_000_001 }],
  ['a page size of zero', { defaultPageSize: 0 }],
  ['a page size not whole', { defaultPageSize: 2.5 }],
  ['a known value set without values', { knownValues: [{ name: 'A', columns: ['x.y'], values: {} }] }],
  ['a known value set of mixed values', { knownValues: [{ name: 'A', columns: ['x.y'], values: { a: 1, b: 'b' } }] }],
  ['a known value set with an unknown key', { knownValues: [{ ...KNOWN, colour: 'red' }] }],
  ['a known value set named in lower case', { knownValues: [{ ...KNOWN, name: 'units' }] }],
  ['a known value set with no columns', { knownValues: [{ ...KNOWN, columns: [] }] }],
  ['a known value key that is no identifier', { knownValues: [{ ...KNOWN, values: { 'a-b': 1 } }] }],
  ['a known value key __proto__', { knownValues: [{ ...KNOWN, values: JSON.parse('{"__proto__": 1}') }] }],
  ['an overlay that is a list', { definitions: [] }],
  ['an overlay fact unknown', { definitions: { Order: { e: { f: { hidden: true } } } } }],
  ['fetch a list', { fetch: [] }],
  ['a negative fetch cap', { fetch: { maxMetadataMb: -1 } }],
  ['not an object', ['snapshot']],
  ['null', null],
];

/** Every kind of JSON value, and those that are near what a key takes. */
const VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  1,
  -1,
  2.5,
  1e6,
  1e7,
  '',
  'x',
  'js',
  'ts',
  'string',
  'number',
  'Units',
  'erp-schema',
  [],
  [''],
  ['x'],
  [1],
  {},
  { x: 1 },
  [KNOWN],
];

describe('a config file taken without zod', () => {
  it.each(TAKEN)('is taken, and read as the schema reads it: %s', (_, raw) => {
    expect(acceptConfig(raw)).toBeDefined();
    agrees(raw);
  });

  it.each(REFUSED)('is left to zod when the schema refuses it: %s', (_, raw) => {
    expect(configSchema.safeParse(raw).success).toBe(false);
    expect(acceptConfig(raw)).toBeUndefined();
  });

  it('agrees with the schema on every key of a full file, and of its parts, set to every kind of JSON value', () => {
    const parts: Array<[string, (value: unknown) => unknown]> = [
      ...Object.keys(FULL).map((k): [string, (v: unknown) => unknown] => [k, (v) => ({ ...FULL, [k]: v })]),
      ...Object.keys(FULL.fetch).map((k): [string, (v: unknown) => unknown] => [
        `fetch.${k}`,
        (v) => ({ ...FULL, fetch: { ...FULL.fetch, [k]: v } }),
      ]),
      ...Object.keys(KNOWN).map((k): [string, (v: unknown) => unknown] => [
        `knownValues[0].${k}`,
        (v) => ({ ...FULL, knownValues: [{ ...KNOWN, [k]: v }] }),
      ]),
      ['knownValues[0].values.Each', (v) => ({ ...FULL, knownValues: [{ ...KNOWN, values: { Each: v } }] })],
    ];
    // as JSON.parse gives it: a key set to undefined is not there
    for (const [, make] of parts)
      for (const value of [...VALUES, undefined]) agrees(JSON.parse(JSON.stringify(make(value))));
  });

  it('agrees with the schema on generated files (fast-check)', () => {
    const value = fc.constantFrom(...VALUES);
    const key = fc.constantFrom(...Object.keys(FULL), 'fetch', 'other');
    fc.assert(
      fc.property(fc.dictionary(key, value), (raw) => agrees(raw)),
      { numRuns: 500 },
    );
  });
});
