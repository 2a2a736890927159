// The `definitions` overlay of erpgen.config.json as the config reads it (generator/model/overlay.ts): its shape
// refused in one line naming where, every name kept (dots, spaces, non-ASCII, Object.prototype members), checked
// against a service's definition with the nearest name, and applied to the service's fields.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../generator/config.js';
import { UserError } from '../../../generator/errors.js';
import {
  applyOverlay,
  checkServiceLines,
  overlayTree,
  readOverlay,
  unknownService,
} from '../../../generator/model/overlay.js';
import type { TransactionField, TransactionService } from '../../../generator/model/transactions.js';
import { nearest } from '../../../common/did-you-mean.js';
import { tempDir } from '../../support/cli.js';

const dir = tempDir();

/** loadConfig of a config file with this text (raw JSON: `__proto__` must reach the file as a key) */
function configOf(text: string) {
  writeFileSync(join(dir, 'erpgen.config.json'), text);
  return loadConfig({}, dir);
}

function refusal(text: string): string {
  try {
    configOf(text);
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

const field = (name: string, facets: Partial<TransactionField> = {}): TransactionField => ({
  name,
  label: null,
  dataType: 'Char',
  dbColumn: null,
  required: false,
  validValues: null,
  ...facets,
});

const order: TransactionService = {
  name: 'Order',
  report: false,
  elements: [
    {
      name: 'TABPAGE_1.order',
      type: 'Form',
      keyFields: ['order_no'],
      businessObject: null,
      datawindow: null,
      fields: [field('order_no'), field('company_id', { required: true }), field('taker', { required: true })],
    },
    {
      name: 'TP_ITEMS.items',
      type: 'List',
      keyFields: [],
      businessObject: null,
      datawindow: null,
      fields: [field('x')],
    },
  ],
};

describe('the definitions overlay in erpgen.config.json', () => {
  it('is read as lines, in the order of the file', () => {
    const config = configOf(
      JSON.stringify({
        definitions: {
          Order: {
            'TABPAGE_1.order': { company_id: { disabled: true }, taker: { required: false } },
            'TP_ITEMS.items': { x: { required: true, disabled: false } },
          },
        },
      }),
    );
    expect(config.definitions).toEqual([
      { service: 'Order', element: 'TABPAGE_1.order', field: 'company_id', disabled: true },
      { service: 'Order', element: 'TABPAGE_1.order', field: 'taker', required: false },
      { service: 'Order', element: 'TP_ITEMS.items', field: 'x', disabled: false, required: true },
    ]);
    expect(configOf('{}').definitions).toEqual([]);
  });

  it('keeps every name: dots, spaces, non-ASCII, and the members of Object.prototype', () => {
    const text = `{"definitions": {
      "__proto__": { "constructor": { "__proto__": { "disabled": true }, "toString": { "required": false } } },
      "SPECIAL INSTRUCTIONS.x": { "a.b c": { "é𠮷": { "required": true } } },
      "hasOwnProperty": { "valueOf": { "constructor": { "disabled": true } } }
    }}`;
    const lines = configOf(text).definitions;
    expect(lines.map((l) => [l.service, l.element, l.field])).toEqual([
      ['__proto__', 'constructor', '__proto__'],
      ['__proto__', 'constructor', 'toString'],
      ['SPECIAL INSTRUCTIONS.x', 'a.b c', 'é𠮷'],
      ['hasOwnProperty', 'valueOf', 'constructor'],
    ]);
    // the tree the provenance records holds them as own keys, and nothing reached Object.prototype
    const tree = overlayTree(lines);
    expect(Object.keys(tree)).toEqual(['__proto__', 'SPECIAL INSTRUCTIONS.x', 'hasOwnProperty']);
    expect(Object.keys(tree['__proto__']!['constructor']!)).toEqual(['__proto__', 'toString']);
    expect(JSON.parse(JSON.stringify(tree))).toEqual(JSON.parse(text).definitions);
    expect(({} as Record<string, unknown>)['constructor']).toBe(Object);
  });

  it('refuses a shape it does not know, in one line naming where', () => {
    const at = (definitions: string) => refusal(`{"definitions": ${definitions}}`);
    expect(at('[]')).toBe('erpgen.config.json: definitions: expected an object of services, got an array');
    expect(at('{"Order": true}')).toBe(
      'erpgen.config.json: definitions.Order: expected an object of data elements of Order, got boolean',
    );
    expect(at('{"Order": {"TABPAGE_1.order": null}}')).toBe(
      'erpgen.config.json: definitions.Order."TABPAGE_1.order": expected an object of fields of TABPAGE_1.order, got null',
    );
    expect(at('{"Order": {"TABPAGE_1.order": {"company_id": true}}}')).toBe(
      'erpgen.config.json: definitions.Order."TABPAGE_1.order".company_id: expected { "disabled": true } or { "required": true | false }, got boolean',
    );
    expect(at('{"Order": {"TABPAGE_1.order": {"company_id": {"disable": true}}}}')).toBe(
      'erpgen.config.json: definitions.Order."TABPAGE_1.order".company_id.disable: "disable" is not a fact the overlay knows: give "disabled": true or "required": true | false (did you mean "disabled"?)',
    );
    expect(at('{"Order": {"TABPAGE_1.order": {"company_id": {"hidden": true}}}}')).toMatch(
      /company_id\.hidden: "hidden" is not a fact the overlay knows: give "disabled": true or "required": true \| false$/,
    );
    expect(at('{"Order": {"TABPAGE_1.order": {"company_id": {"required": "yes"}}}}')).toMatch(
      /company_id\.required: expected true or false, got string$/,
    );
    expect(at('{"Order": {"TABPAGE_1.order": {"company_id": {}}}}')).toMatch(
      /company_id: give "disabled": true or "required": true \| false$/,
    );
    expect(at('{"Order": {"TABPAGE_1.order": {"company_id": {"disabled": true, "required": true}}}}')).toMatch(
      /company_id: a field cannot be both disabled and required/,
    );
    // a name that could break the line is escaped in the path
    expect(at('{"Order": {"a\\nerpgen: x": {"f": {"bad": 1}}}}')).toMatch(
      /^erpgen\.config\.json: definitions\.Order\."a\\nerpgen: x"\.f\.bad: /,
    );
  });

  it('is checked against a definition: a data element or field it does not have is named with the nearest one', () => {
    const line = (element: string, f: string) => ({ service: 'Order', element, field: f, disabled: true });
    expect(checkServiceLines(order, [line('TABPAGE_1.order', 'company_id')])).toBeUndefined();
    expect(checkServiceLines(order, [line('TABPAGE_1.order', 'compnay_id')])).toEqual({
      path: ['Order', 'TABPAGE_1.order', 'compnay_id'],
      message: 'data element TABPAGE_1.order of service Order has no field compnay_id (did you mean company_id?)',
    });
    expect(checkServiceLines(order, [line('TABPAGE_1.ordr', 'company_id')])?.message).toBe(
      'service Order has no data element TABPAGE_1.ordr (did you mean TABPAGE_1.order?)',
    );
    expect(checkServiceLines(order, [line('tp_items.ITEMS', 'x')])?.message).toMatch(/did you mean TP_ITEMS\.items\?/);
    expect(checkServiceLines(order, [line('nothing.like.it', 'x')])?.message).toBe(
      'service Order has no data element nothing.like.it',
    );
    expect(unknownService('Ordr', ['Customer', 'Order']).message).toBe(
      'the snapshot has no transaction service Ordr (did you mean Order?)',
    );
  });

  it("applies its facts to the fields it names, and leaves the others (and the definition's flag) as they are", () => {
    const applied = applyOverlay(order, [
      { service: 'Order', element: 'TABPAGE_1.order', field: 'company_id', disabled: true },
      { service: 'Order', element: 'TABPAGE_1.order', field: 'taker', required: false },
    ]);
    const [header] = applied.elements;
    expect(header!.fields.map((f) => [f.name, f.required, f.overlay])).toEqual([
      ['order_no', false, undefined],
      ['company_id', true, { disabled: true }],
      ['taker', true, { required: false }],
    ]);
    expect(applied.elements[1]).toEqual(order.elements[1]);
    expect(applyOverlay(order, undefined)).toBe(order);
  });
});

describe('the nearest name', () => {
  it('is the same but for case, else the one closest within a third of its length, else the one it abbreviates, else the same last part', () => {
    expect(nearest('order', ['Order', 'Orders'])).toBe('Order');
    expect(nearest('compnay_id', ['company_id', 'customer_id'])).toBe('company_id');
    expect(nearest('tkr', ['taker', 'token'])).toBe('taker');
    expect(nearest('tkn', ['taker', 'token', 'taken'])).toBeUndefined();
    expect(nearest('items', ['TP_ITEMS.items', 'TABPAGE_1.order'])).toBe('TP_ITEMS.items');
    // two as close: none is said
    expect(nearest('ab_id', ['ab_ix', 'ab_iy'])).toBeUndefined();
    expect(nearest('x', [])).toBeUndefined();
  });
});
