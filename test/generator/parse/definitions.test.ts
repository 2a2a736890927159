// Service definitions and the service list: what is read, and how a definition that does not fit is named.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../generator/errors.js';
import { nameServices } from '../../../generator/model/naming.js';
import {
  definitionSchema,
  fitsDefinition,
  parseDefinition,
  parseServiceList,
} from '../../../generator/parse/definitions.js';
import { REFERENCE_DIR } from '../../tenant/real-columns.js';

const pickZone = () =>
  JSON.parse(readFileSync(join(REFERENCE_DIR, 'definitions/PickZone.json'), 'utf8')) as {
    Name: string;
    TransactionDefinition: {
      DataElementDefinitions: Array<Record<string, unknown> & { FieldDefinitions: Array<Record<string, unknown>> }>;
    };
  };

function failure(text: string): string {
  try {
    parseDefinition(text, 'definitions/PickZone.json');
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('expected the definition to be refused');
}

describe('fitsDefinition: the schema without zod', () => {
  it('agrees with definitionSchema on every key of a definition, an element and a field set to every kind of JSON value', () => {
    const values: unknown[] = [
      undefined,
      null,
      '',
      'x',
      'Form',
      'List',
      'Char',
      'Long',
      'char',
      0,
      1.5,
      true,
      false,
      [],
      ['a'],
      [1],
      [null],
      {},
      { Name: 'x' },
    ];
    // each place a value stands, given as the object that holds it and its key (an extra key among them)
    const places = (d: ReturnType<typeof pickZone>) => {
      const element = d.TransactionDefinition.DataElementDefinitions[0]!;
      const field = element.FieldDefinitions[0]!;
      const holders: Array<[Record<string, unknown>, string[]]> = [
        [d as unknown as Record<string, unknown>, ['Name', 'TransactionDefinition', 'Extra']],
        [d.TransactionDefinition, ['DataElementDefinitions']],
        [
          element,
          ['Name', 'Type', 'KeyFields', 'BusinessObjectName', 'DatawindowName', 'ParentText', 'FieldDefinitions', 'X'],
        ],
        [field, ['Name', 'DbColumnName', 'Label', 'DataType', 'Required', 'ValidValues', 'X']],
      ];
      return holders.flatMap(([holder, keys]) => keys.map((key) => [holder, key] as const));
    };
    let cases = 0;
    for (let p = 0; p < places(pickZone()).length; p++) {
      for (const value of values) {
        const d = pickZone();
        const [holder, key] = places(d)[p]!;
        if (value === undefined) delete holder[key];
        else holder[key] = structuredClone(value);
        const want = definitionSchema().safeParse(d).success;
        expect(fitsDefinition(d), `${key}: ${JSON.stringify(value)}`).toBe(want);
        cases++;
      }
    }
    expect(fitsDefinition(pickZone())).toBe(true);
    expect(cases).toBeGreaterThan(300);
  });
});

describe('definitions', () => {
  it('reads the real PickZone definition', () => {
    const service = parseDefinition(
      readFileSync(join(REFERENCE_DIR, 'definitions/PickZone.json'), 'utf8'),
      'PickZone.json',
    );
    expect(service.name).toBe('PickZone');
    expect(service.report).toBe(false);
    expect(service.elements).toHaveLength(1);
    const [form] = service.elements;
    expect(form).toMatchObject({
      name: 'FORM.form',
      type: 'Form',
      keyFields: ['location_id', 'bin_zone_id'],
      businessObject: 'bin_zone',
      datawindow: 'd_dw_bin_zone_form',
    });
    expect(form!.fields.find((f) => f.name === 'row_status_flag')).toEqual({
      name: 'row_status_flag',
      label: 'Status',
      dataType: 'Long',
      dbColumn: 'bin_zone.row_status_flag',
      required: false,
      validValues: ['Active', 'Delete'],
    });
  });

  it('drops duplicate valid values, keeps "" and " ", and reads an empty list as no list', () => {
    const d = pickZone();
    const fields = d.TransactionDefinition.DataElementDefinitions[0]!.FieldDefinitions;
    fields[0]!.ValidValues = ['A', '', ' ', 'A', 'B', ''];
    fields[1]!.ValidValues = [];
    fields[2]!.DataType = null;
    fields[2]!.Label = null;
    const service = parseDefinition(JSON.stringify(d), 'x.json');
    expect(service.elements[0]!.fields[0]!.validValues).toEqual(['A', '', ' ', 'B']);
    expect(service.elements[0]!.fields[1]!.validValues).toBeNull();
    expect(service.elements[0]!.fields[2]).toMatchObject({ dataType: null, label: null });
  });

  it('names the service, the element and the field of a definition that does not fit', () => {
    const d = pickZone();
    d.TransactionDefinition.DataElementDefinitions[0]!.FieldDefinitions[5]!.DataType = 'Money';
    expect(failure(JSON.stringify(d))).toMatch(
      /^definitions\/PickZone\.json: service PickZone, element "FORM\.form", field "row_status_flag", DataType: /,
    );
    const e = pickZone();
    e.TransactionDefinition.DataElementDefinitions[0]!.Type = 'Grid';
    expect(failure(JSON.stringify(e))).toMatch(
      /^definitions\/PickZone\.json: service PickZone, element "FORM\.form", Type: /,
    );
    const f = pickZone();
    delete f.TransactionDefinition.DataElementDefinitions[0]!.FieldDefinitions[2]!.Name;
    expect(failure(JSON.stringify(f))).toMatch(/service PickZone, element "FORM\.form", field #2, Name: /);
    const g = pickZone();
    g.TransactionDefinition.DataElementDefinitions[0]!.KeyFields = ['nope'];
    expect(failure(JSON.stringify(g))).toMatch(
      /element "FORM\.form": KeyFields names "nope", which is not one of its fields/,
    );
    const h = pickZone();
    h.TransactionDefinition.DataElementDefinitions[0]!.FieldDefinitions.push({
      ...h.TransactionDefinition.DataElementDefinitions[0]!.FieldDefinitions[0]!,
    });
    expect(failure(JSON.stringify(h))).toMatch(/field "company_id": defined twice/);
  });

  it('refuses what is not a definition: empty (the 500 of an unknown service), XML, broken JSON', () => {
    expect(failure('')).toMatch(/is empty/);
    expect(failure('<Error/>')).toMatch(/is XML or HTML/);
    expect(failure('{"Name":')).toMatch(/invalid JSON/);
    expect(failure('{"Name":"PickZone"}')).toMatch(/service PickZone, TransactionDefinition: /);
  });

  it('marks report services', () => {
    const d = { ...pickZone(), Name: 'm_picktickets' };
    expect(parseDefinition(JSON.stringify(d), 'm.json').report).toBe(true);
  });
});

describe('a definition given as its bytes (read as Latin-1, its strings decoded as UTF-8)', () => {
  /** what parseDefinition makes of the bytes, or the message it refuses them with */
  const outcome = (source: string | Buffer) => {
    try {
      return parseDefinition(source, 'definitions/PickZone.json');
    } catch (error) {
      return (error as Error).message;
    }
  };
  const labelOf = (service: ReturnType<typeof outcome>) =>
    typeof service === 'string' ? service : service.elements[0]!.fields[0]!.label;
  const odd = () => {
    const d = pickZone();
    d.Name = 'Pick€Zone';
    const element = d.TransactionDefinition.DataElementDefinitions[0]!;
    element.Name = 'FORM.förm 表';
    element.BusinessObjectName = 'bin_zöne';
    element.DatawindowName = 'd_dw_😀';
    element.KeyFields = ['lócation_id'];
    const fields = element.FieldDefinitions;
    fields[0]!.Name = 'lócation_id';
    fields[0]!.Label = 'Émplacement ＡＢ €';
    fields[0]!.DbColumnName = 'bin_zone.lócation_id';
    fields[1]!.ValidValues = ['Aktiv ✓', 'Gelöscht', 'Aktiv ✓', '👨‍👩‍👧'];
    fields[2]!.Label = 'constructor';
    return d;
  };

  it('is the service its text is: every string the model takes, in one, two, three and four UTF-8 bytes', () => {
    const text = JSON.stringify(odd());
    const service = outcome(Buffer.from(text));
    expect(service).toEqual(outcome(text));
    expect(service).toMatchObject({
      name: 'Pick€Zone',
      elements: [{ name: 'FORM.förm 表', keyFields: ['lócation_id'] }],
    });
    expect(typeof service !== 'string' && service.elements[0]!.fields[1]!.validValues).toEqual([
      'Aktiv ✓',
      'Gelöscht',
      '👨‍👩‍👧',
    ]);
  });

  it('is the service its text is with a \\u escape, a BOM or bytes that are not UTF-8', () => {
    const escaped = JSON.stringify(odd()).replace('Émplacement', '\\u00c9mplacement \\u20ac');
    expect(labelOf(outcome(escaped))).toBe('Émplacement € ＡＢ €');
    expect(outcome(Buffer.from(escaped))).toEqual(outcome(escaped));
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(odd()))]);
    expect(outcome(bom)).toEqual(outcome(bom.toString('utf8')));
    expect(outcome(bom)).toMatchObject({ name: 'Pick€Zone' });
    // a lone lead byte, a truncated sequence before the closing quote, a stray continuation byte
    const broken = Buffer.from(JSON.stringify(odd()).replace('Émplacement', '\x00'));
    const at = broken.indexOf(0);
    const bad = Buffer.concat([
      broken.subarray(0, at),
      Buffer.from([0xe2, 0x82, 0x41, 0x80, 0xf0, 0x9f]),
      broken.subarray(at + 1),
    ]);
    expect(outcome(bad)).toEqual(outcome(bad.toString('utf8')));
    expect(labelOf(outcome(bad))).toBe('\ufffdA\ufffd\ufffd ＡＢ €');
  });

  it('refuses what its text is refused for, with the same message', () => {
    const twice = odd();
    twice.TransactionDefinition.DataElementDefinitions[0]!.FieldDefinitions[1]!.Name = 'lócation_id';
    const noFit = odd();
    noFit.TransactionDefinition.DataElementDefinitions[0]!.FieldDefinitions[1]!.DataType = 'Mönëy';
    for (const text of ['', ' \n', '<Érror/>', '{"Name": "Pick€', JSON.stringify(twice), JSON.stringify(noFit)]) {
      const message = outcome(text);
      expect(typeof message, text.slice(0, 40)).toBe('string');
      expect(outcome(Buffer.from(text))).toBe(message);
    }
    expect(outcome(Buffer.from(JSON.stringify(twice)))).toMatch(/field "lócation_id": defined twice/);
  });
});

describe('names in messages', () => {
  it('are escaped and shortened: a newline cannot split the line, a long name cannot stretch it', () => {
    const d = pickZone();
    d.Name = 'Pick\nerpgen: ok';
    const element = d.TransactionDefinition.DataElementDefinitions[0]!;
    element.Name = `FORM\u2028${'x'.repeat(10_000)}`;
    element.FieldDefinitions[1]!.Name = element.FieldDefinitions[0]!.Name;
    const message = failure(JSON.stringify(d));
    expect(message).toMatch(
      /^definitions\/PickZone\.json: service "Pick\\nerpgen: ok", element "FORM\\u2028x+…", field "company_id": defined twice$/,
    );
    expect(message.length).toBeLessThan(200);
  });

  it('a zod path through odd values names them by position, never by dumping them', () => {
    const d = pickZone() as unknown as { TransactionDefinition: { DataElementDefinitions: unknown[] } };
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i++) deep = [deep];
    d.TransactionDefinition.DataElementDefinitions[0] = deep;
    expect(failure(JSON.stringify(d))).toMatch(/^definitions\/PickZone\.json: service PickZone, element #0: /);
    const e = pickZone();
    e.TransactionDefinition.DataElementDefinitions[0]!.FieldDefinitions[0]!.ValidValues = ['a', 7];
    expect(failure(JSON.stringify(e))).toMatch(/element "FORM\.form", field "company_id", ValidValues, #1: /);
  });
});

describe('the service list', () => {
  it('takes every plausible form', () => {
    expect(parseServiceList('["Order","Customer"]', 's.json')).toEqual(['Order', 'Customer']);
    expect(parseServiceList('[{"Name":"Order"},{"Name":"Customer","Other":1}]', 's.json')).toEqual([
      'Order',
      'Customer',
    ]);
    expect(parseServiceList('{"Services":[{"Name":"Order"}]}', 's.json')).toEqual(['Order']);
    expect(() => parseServiceList('{"services":1}', 's.json')).toThrow(/is not a service list/);
  });
});

describe('service names', () => {
  it('keep their own case in module names, and stay unique', () => {
    const names = nameServices(['Order', 'PickZone', 'm_openorderreport', 'order', 'Sales Order', 'class']);
    expect(names.get('Order')).toEqual({ stem: 'Order', value: 'Order', type: 'Order' });
    expect(names.get('m_openorderreport')).toEqual({
      stem: 'm_openorderreport',
      value: 'm_openorderreport',
      type: 'MOpenorderreport',
    });
    expect(names.get('order')!.stem).toMatch(/^order-[0-9a-f]{8}$/);
    expect(names.get('order')!.type).toMatch(/^Order\$[0-9a-f]{8}$/);
    expect(names.get('Sales Order')!.value).toMatch(/^Sales_Order\$[0-9a-f]{8}$/);
    expect(names.get('class')!.value).toMatch(/^class\$/);
    const all = [...names.values()];
    expect(new Set(all.map((n) => n.stem.toLowerCase())).size).toBe(all.length);
    expect(new Set(all.map((n) => n.type)).size).toBe(all.length);
  });
});
