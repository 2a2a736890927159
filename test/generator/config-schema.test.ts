// config.schema.json, the JSON Schema of erpgen.config.json that ships at the package's root: derived from the
// config's zod schema (and so from the option tables), never kept by hand, and right about real configs (checked
// with Ajv, as an editor's JSON language service checks them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../generator/config.js';
import { CONFIG_SCHEMA_FILE, configJsonSchema } from '../../generator/config-schema.js';
import { ROOT } from '../support/paths.js';

const shipped = readFileSync(join(ROOT, CONFIG_SCHEMA_FILE), 'utf8');
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(shipped) as object);
const problems = (config: unknown) =>
  validate(config) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);

describe('config.schema.json', () => {
  it('is the one the option tables give (npm run build writes it)', () => {
    expect(shipped).toBe(configJsonSchema());
  });

  it('names every key of the config, at the top and under fetch, each with its description', () => {
    const schema = JSON.parse(shipped) as {
      properties: Record<string, { description?: string; properties?: Record<string, { description?: string }> }>;
    };
    expect(Object.keys(schema.properties)).toEqual(Object.keys(configSchema.shape));
    for (const [key, property] of Object.entries(schema.properties)) expect(property.description, key).toMatch(/\S/);
    const fetchKeys = Object.keys(schema.properties['fetch']!.properties!);
    expect(fetchKeys).toContain('baseUrl');
    for (const key of fetchKeys) expect(schema.properties['fetch']!.properties![key]!.description, key).toMatch(/\S/);
  });

  it("accepts this repository's config and the README's, which name it in $schema", () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'erpgen.config.json'), 'utf8')) as Record<string, unknown>;
    expect(config['$schema']).toBe(`./${CONFIG_SCHEMA_FILE}`);
    expect(problems(config)).toEqual([]);
    expect(
      problems({
        $schema: './node_modules/erpgen/config.schema.json',
        snapshot: 'schema',
        out: 'generated',
        packageName: '@acme/erp-schema',
        include: ['customer', 'oe_*'],
        emit: 'ts',
        fetch: { baseUrl: 'https://erp.example.com', services: ['Order'] },
        definitions: { Order: { 'TABPAGE_1.order': { company_id: { disabled: true }, taker: { required: false } } } },
      }),
    ).toEqual([]);
  });

  it('refuses what erpgen refuses: an unknown key, a value of the wrong kind, a word not among the choices', () => {
    expect(problems({ packagename: 'x' })).toEqual(['/ must NOT have additional properties']);
    expect(problems({ fetch: { baseURL: 'https://erp.example.com' } })).toEqual([
      '/fetch must NOT have additional properties',
    ]);
    expect(problems({ include: 'customer' })).toEqual(['/include must be array']);
    expect(problems({ emit: 'py' })).toEqual(['/emit must be equal to one of the allowed values']);
    expect(problems({ packageName: 'Not A Name' })).toHaveLength(1);
    // the definitions overlay: service -> data element -> field -> its facts, nothing else
    expect(problems({ definitions: { Order: { 'TABPAGE_1.order': { po_no: { hidden: true } } } } })).toEqual([
      '/definitions/Order/TABPAGE_1.order/po_no must NOT have additional properties',
    ]);
    expect(problems({ definitions: { Order: { 'TABPAGE_1.order': { po_no: { disabled: 'yes' } } } } })).toEqual([
      '/definitions/Order/TABPAGE_1.order/po_no/disabled must be boolean',
    ]);
  });
});
