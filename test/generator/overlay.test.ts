// The `definitions` overlay of erpgen.config.json at generate time (generator/stages.ts, model/overlay.ts): a
// name the snapshot does not have is one line naming it, where it is in the file and the nearest name, with the
// output left as it was; the facts are recorded in the package's provenance, said in each field's docs, carried by
// the service's descriptor, and enforced by the generated builders at run time too (for JavaScript callers).
// The compile-time side: test/package/overlay.test.ts.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { UserError } from '../../generator/errors.js';
import { generatePackage } from '../../generator/generate-package.js';
import { nameServices } from '../../generator/model/naming.js';
import { tempDir } from '../support/cli.js';
import { ROOT, SAMPLE_SNAPSHOT } from '../support/paths.js';
import { PROTOTYPE_NAMES, writePrototypeSnapshot } from '../support/prototype-snapshot.js';
import { readTree } from '../support/tree.js';

const work = tempDir('erpgen-overlay-');
/** the fixture config of the type tests: Order's company_id disabled, taker not required, po_no and unit_price required */
const FIXTURE = join(ROOT, 'test/fixtures/overlay/erpgen.config.json');

interface AnyTransaction {
  form(element: string, row: object, options?: { keys: string[] }): AnyTransaction;
  list(element: string, rows: object[], options?: { keys: string[] }): AnyTransaction;
  missingRequired(): string[];
}
interface AnyService {
  transaction(): AnyTransaction;
  descriptor: { elements: Record<string, { fields: Record<string, object> }> };
}

async function load<T>(file: string, name: string): Promise<T> {
  return ((await import(pathToFileURL(file).href)) as Record<string, T>)[name]!;
}

describe('an overlay applied to the sample', () => {
  const out = join(work, 'sample');
  beforeAll(async () => {
    // the fixture's snapshot is the sample's, relative to the fixture: read it where it is
    const config = loadConfig({ config: FIXTURE }, ROOT);
    await generatePackage({ ...config, out });
  }, 120_000);

  it('is recorded in the provenance, as the config writes it', async () => {
    const provenance = await load<{ definitions: unknown; build: string }>(join(out, 'provenance.js'), 'provenance');
    expect(provenance.definitions).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')).definitions);
    expect(provenance.build).toBe('26.1.5940.0');
    expect(readFileSync(join(out, 'provenance.d.ts'), 'utf8')).toMatch(/`definitions`: what erpgen\.config\.json told/);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain(
      'told erpgen about this server: 4 fields of 1 service disabled or made required or not',
    );
  });

  it("is said in each affected field's docs, beside what the definition says", () => {
    const types = readFileSync(join(out, 'transactions/Order.d.ts'), 'utf8');
    const doc = (field: string) =>
      new RegExp(`/\\*\\* ([^\\n]*) \\*/\\n\\s+readonly ${field}\\??: ([^;]*);`).exec(types);
    expect(doc('company_id')?.slice(1)).toEqual([
      'Company ID. Column oe_hdr.company_id (Char, at most 8). Disabled on this server (erpgen.config.json definitions; the definition says Required): the server refuses it, so writing it does not compile.',
      '$DisabledOnThisServer',
    ]);
    expect(doc('taker')?.[1]).toBe(
      'Taker. Column oe_hdr.taker (Char, at most 255). Required: false on this server (erpgen.config.json definitions; the definition says true).',
    );
    expect(doc('po_no')?.[1]).toBe(
      "Customer's PO #. Column oe_hdr.po_no (Char, at most 50). Required: true on this server (erpgen.config.json definitions; the definition says false): a new row (no keys) must give it.",
    );
    // required: a property the row must have; the others optional as before
    expect(types).toMatch(/\n {4}readonly po_no: string;/);
    expect(types).toMatch(/\n {4}readonly unit_price: \$Decimal;/);
    expect(types).toMatch(/\n {4}readonly customer_id\?: \$Decimal;/);
    // fields of the same name in other elements are not touched
    expect(types.match(/readonly company_id\?: string;/g)?.length).toBeGreaterThan(3);
  });

  it('is enforced by the builders at run time: a disabled field refused, a required one needed in a new row', async () => {
    const Order = await load<AnyService>(join(out, 'transactions/Order.js'), 'Order');
    expect(() => Order.transaction().form('TABPAGE_1.order', { po_no: 'P', company_id: 'ACME' })).toThrow(
      'Order TABPAGE_1.order: "company_id" is disabled on this server (erpgen.config.json definitions): leave it out',
    );
    expect(() => Order.transaction().form('TABPAGE_1.order', { customer_id: 1 })).toThrow(
      'Order TABPAGE_1.order: "po_no" is missing: required on this server in a new row (erpgen.config.json definitions)',
    );
    expect(() => Order.transaction().list('TP_ITEMS.items', [{ unit_price: 1 }, { oe_order_item_id: 'W' }])).toThrow(
      'Order TP_ITEMS.items row 2: "unit_price" is missing',
    );
    // a keyed row may update: nothing is required of it
    expect(() => Order.transaction().form('TABPAGE_1.order', { order_no: '1' }, { keys: ['order_no'] })).not.toThrow();
    // missingRequired() follows the overlay: taker (false) and company_id (disabled) are no longer reported
    const missing = Order.transaction().form('TABPAGE_1.order', { po_no: 'P' }).missingRequired();
    expect(missing).toContain('TABPAGE_1.order.customer_id (Customer ID)');
    expect(missing.filter((m) => /taker|company_id/.test(m))).toEqual([]);
    expect(Order.descriptor.elements['TABPAGE_1.order']!.fields['company_id']).toEqual({
      type: 'Char',
      maxLength: 8,
      identifier: true,
      overlay: { disabled: true },
    });
  });
});

describe('a name the snapshot does not have', () => {
  const dir = join(work, 'mistakes');
  const out = join(dir, 'generated');
  let before: Map<string, string>;
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    cpSync(SAMPLE_SNAPSHOT, join(dir, 'schema'), { recursive: true });
    writeFileSync(join(dir, 'erpgen.config.json'), JSON.stringify({ include: ['customer'] }));
    await generatePackage(loadConfig({}, dir));
    before = readTree(out, () => false);
  }, 120_000);

  /** the one line a config with these definitions is refused with (raw JSON text) */
  async function refusal(definitions: string): Promise<string> {
    writeFileSync(join(dir, 'erpgen.config.json'), `{"include": ["customer"], "definitions": ${definitions}}`);
    const config = loadConfig({}, dir);
    const error = await generatePackage(config).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(1);
    // nothing written, nothing removed, not even the record of the run
    expect(readTree(out, () => false)).toEqual(before);
    return (error as Error).message.replace(/^.*erpgen\.config\.json: /, 'erpgen.config.json: ');
  }

  it('a service: named, where, and the nearest service', async () => {
    expect(await refusal('{"Ordr": {"TABPAGE_1.order": {"company_id": {"disabled": true}}}}')).toBe(
      'erpgen.config.json: definitions.Ordr: the snapshot has no transaction service Ordr (did you mean Order?)',
    );
  });

  it('a data element: named, where, and the nearest element', async () => {
    expect(await refusal('{"Order": {"TABPAGE_1.ordr": {"company_id": {"disabled": true}}}}')).toBe(
      'erpgen.config.json: definitions.Order."TABPAGE_1.ordr": service Order has no data element TABPAGE_1.ordr (did you mean TABPAGE_1.order?)',
    );
  });

  it('a field: named, where, and the nearest field', async () => {
    expect(await refusal('{"Order": {"TABPAGE_1.order": {"compnay_id": {"required": false}}}}')).toBe(
      'erpgen.config.json: definitions.Order."TABPAGE_1.order".compnay_id: data element TABPAGE_1.order of service Order has no field compnay_id (did you mean company_id?)',
    );
  });

  it('Object.prototype names are names like any other: not found, and not taken from the prototype', async () => {
    expect(await refusal('{"__proto__": {"x": {"y": {"disabled": true}}}}')).toBe(
      'erpgen.config.json: definitions.__proto__: the snapshot has no transaction service __proto__',
    );
    expect(await refusal('{"Order": {"constructor": {"y": {"disabled": true}}}}')).toBe(
      'erpgen.config.json: definitions.Order.constructor: service Order has no data element constructor',
    );
    expect(await refusal('{"Order": {"TABPAGE_1.order": {"toString": {"disabled": true}}}}')).toMatch(
      /definitions\.Order\."TABPAGE_1\.order"\.toString: data element TABPAGE_1\.order of service Order has no field toString$/,
    );
  });
});

describe('an overlay of Object.prototype names', () => {
  const snapshot = join(work, 'odd-snapshot');
  const out = join(work, 'odd');
  // raw JSON: an object literal would take `__proto__` for its prototype
  const definitions = `{
    "__proto__": { "form": { "constructor": { "disabled": true }, "normal": { "required": true } } },
    "Odd": { "__proto__": { "__proto__": { "disabled": true }, "toString": { "required": false } } }
  }`;
  beforeAll(async () => {
    writePrototypeSnapshot(snapshot);
    writeFileSync(join(work, 'odd.config.json'), `{"definitions": ${definitions}}`);
    await generatePackage({
      ...loadConfig({ config: join(work, 'odd.config.json'), snapshot, out, include: ['*'] }, work),
    });
  }, 120_000);

  it('records them as own keys of the provenance', async () => {
    const provenance = await load<{ definitions: Record<string, unknown> }>(join(out, 'provenance.js'), 'provenance');
    expect(Object.keys(provenance.definitions)).toEqual(['__proto__', 'Odd']);
    expect(provenance.definitions).toEqual(JSON.parse(definitions));
    expect(readFileSync(join(out, 'provenance.js'), 'utf8')).toContain("['__proto__']: {");
  });

  it('applies them to the services and fields they name, and to no other', async () => {
    const names = nameServices(['Odd', ...PROTOTYPE_NAMES]).get('__proto__')!;
    const proto = await load<AnyService>(join(out, `transactions/${names.stem}.js`), names.value);
    expect(() => proto.transaction().form('form', { normal: 'n', constructor: 'x' })).toThrow(
      '__proto__ form: "constructor" is disabled on this server',
    );
    expect(() => proto.transaction().form('form', { status: 'Active' })).toThrow(
      '__proto__ form: "normal" is missing: required on this server in a new row',
    );
    const Odd = await load<AnyService>(join(out, 'transactions/Odd.js'), 'Odd');
    const row = Object.defineProperty({ normal: 'n' }, '__proto__', { value: 5, enumerable: true });
    expect(() => Odd.transaction().form('__proto__', row)).toThrow('"__proto__" is disabled on this server');
    // the same field in another element is written as before
    expect(() => Odd.transaction().form('form', row)).not.toThrow();
    expect(Odd.descriptor.elements['__proto__']!.fields['toString']).toMatchObject({ overlay: { required: false } });
  });
});
