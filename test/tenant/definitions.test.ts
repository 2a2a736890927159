import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  ORDER_ELEMENTS,
  benchDefinitions,
  definitionText,
  deriveTemplate,
  sampleDefinitions,
  serviceList,
  tenantTables,
  writeDefinitions,
  type DataElementDefinition,
  type FieldDefinition,
  type ServiceDefinition,
} from './definitions.js';
import { REFERENCE_DIR } from './real-columns.js';

const samples = sampleDefinitions();
const byName = new Map(samples.map((f) => [f.name, f.json as ServiceDefinition]));

function def(name: string): ServiceDefinition {
  const d = byName.get(name);
  if (!d) throw new Error(`no sample definition ${name}`);
  return d;
}
const elementsOf = (d: ServiceDefinition): DataElementDefinition[] => d.TransactionDefinition.DataElementDefinitions;
const fieldsOf = (d: ServiceDefinition): FieldDefinition[] => elementsOf(d).flatMap((e) => e.FieldDefinitions);
const fieldCount = (d: ServiceDefinition): number => fieldsOf(d).length;

function reference(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(REFERENCE_DIR, path), 'utf8')) as Record<string, unknown>;
}

/** a published definition without what publication added (`_note`, `ValidValuesRedacted`) */
function withoutPublicationMarks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPublicationMarks);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      if (k !== '_note' && k !== 'ValidValuesRedacted') out[k] = withoutPublicationMarks(v);
    return out;
  }
  return value;
}

// --- the real request bodies ---------------------------------------------------------------------------------------

interface PayloadEdit {
  service: string;
  element: string;
  type?: string;
  name: string;
  value: string;
}

interface PayloadElement {
  file: string;
  service: string;
  element: string;
  type?: string;
  keys: string[];
  edits: { Name: string; Value: string }[];
}

function payloadElements(): PayloadElement[] {
  const dir = join(REFERENCE_DIR, 'transaction-payloads');
  const out: PayloadElement[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const body = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    if (Array.isArray(body.Transactions)) {
      for (const t of body.Transactions as { DataElements: Record<string, unknown>[] }[]) {
        for (const e of t.DataElements) {
          const rows = e.Rows as { Edits: { Name: string; Value: string }[] }[];
          out.push({
            file,
            service: body.Name as string,
            element: e.Name as string,
            type: e.Type as string,
            keys: e.Keys as string[],
            edits: rows.flatMap((r) => r.Edits),
          });
        }
      }
    } else {
      for (const s of body.TransactionStates as {
        DataElementName: string;
        Keys: { Name: string; Value: string }[];
      }[]) {
        out.push({
          file,
          service: body.ServiceName as string,
          element: s.DataElementName,
          keys: s.Keys.map((k) => k.Name),
          edits: s.Keys,
        });
      }
    }
  }
  return out;
}

const payloads = payloadElements();
const payloadEdits: PayloadEdit[] = payloads.flatMap((p) =>
  p.edits.map((e) => ({ service: p.service, element: p.element, type: p.type, name: e.Name, value: e.Value })),
);

function findField(service: string, element: string, name: string): FieldDefinition | undefined {
  return elementsOf(def(service))
    .find((e) => e.Name === element)
    ?.FieldDefinitions.find((f) => f.Name === name);
}

describe('sample definitions', () => {
  it('has the twelve sample services with distinct names', () => {
    expect(samples.map((s) => s.name)).toEqual([
      'Order',
      'Customer',
      'PickZone',
      'Labor',
      'InventoryAdjustment',
      'Item',
      'PurchaseOrder',
      'SalesPricePage',
      'Supplier',
      'Contact',
      'Invoice',
      'm_openorderreport',
    ]);
    for (const s of samples) expect((s.json as ServiceDefinition).Name).toBe(s.name);
  });

  it('is deterministic and uses no randomness or clock', () => {
    const random = vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    const now = vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('Date.now used');
    });
    let again: unknown;
    let bench: [unknown, unknown];
    try {
      again = sampleDefinitions();
      bench = [benchDefinitions(2), benchDefinitions(2)];
    } finally {
      random.mockRestore();
      now.mockRestore();
    }
    expect(again).toEqual(samples);
    expect(bench[0]).toEqual(bench[1]);
  });

  it('gives Order 102 data elements and about 1,266 fields', () => {
    const order = def('Order');
    expect(elementsOf(order)).toHaveLength(ORDER_ELEMENTS);
    expect(fieldCount(order)).toBeGreaterThanOrEqual(1200);
    expect(fieldCount(order)).toBeLessThanOrEqual(1330);
    expect(fieldCount(order)).toBe(1266);
  });

  it('gives every element and field the server shape', () => {
    for (const s of samples) {
      const d = s.json as ServiceDefinition;
      expect(Object.keys(d)).toEqual(['Name', 'Template', 'TransactionDefinition']);
      const names = new Set<string>();
      for (const e of elementsOf(d)) {
        expect(names.has(e.Name), `${s.name}: ${e.Name} twice`).toBe(false);
        names.add(e.Name);
        expect(e.Name).toMatch(/^[^.]+\.[^.]+$/);
        expect(['Form', 'List']).toContain(e.Type);
        expect(typeof e.DatawindowName).toBe('string');
        expect(typeof e.ParentText).toBe('string');
        expect(e.BusinessObjectName === null || typeof e.BusinessObjectName === 'string').toBe(true);
        const fieldNames = new Set(e.FieldDefinitions.map((f) => f.Name));
        expect(fieldNames.size, `${s.name} ${e.Name}: duplicate field`).toBe(e.FieldDefinitions.length);
        for (const k of e.KeyFields) expect(fieldNames.has(k), `${s.name} ${e.Name}: key ${k}`).toBe(true);
        for (const f of e.FieldDefinitions) {
          expect(Object.keys(f)).toEqual(['DataType', 'DbColumnName', 'Label', 'Name', 'Required', 'ValidValues']);
          expect(['Char', 'Decimal', 'Long', 'Datetime', 'Number', null]).toContain(f.DataType);
          expect(typeof f.Required).toBe('boolean');
          expect(
            f.ValidValues === null ||
              (Array.isArray(f.ValidValues) && f.ValidValues.every((v) => typeof v === 'string')),
          ).toBe(true);
        }
      }
    }
  });

  it('alphabetises the keys of every object, like the published files', () => {
    const unsorted: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
      else if (value && typeof value === 'object') {
        const keys = Object.keys(value);
        if (keys.join('\u0000') !== [...keys].sort().join('\u0000')) unsorted.push(path);
        for (const k of keys) walk((value as Record<string, unknown>)[k], `${path}.${k}`);
      }
    };
    for (const s of samples) walk(s.json, s.name);
    expect(unsorted).toEqual([]);
  });

  it('derives every Template from its TransactionDefinition', () => {
    for (const d of [...samples, ...benchDefinitions(3)].map((s) => s.json as ServiceDefinition)) {
      const set = d.Template.TransactionSet;
      expect(set.Name).toBe(d.Name);
      expect(set.Transactions).toHaveLength(1);
      expect(set.Transactions[0]!.Status).toBe('New');
      const template = set.Transactions[0]!.DataElements;
      const definition = elementsOf(d);
      expect(template.map((e) => e.Name)).toEqual(definition.map((e) => e.Name));
      definition.forEach((e, i) => {
        const t = template[i]!;
        expect(t.Type).toBe(e.Type);
        expect(t.Keys).toEqual(e.KeyFields);
        expect(t.BusinessObjectName).toBeNull();
        expect(t.Rows).toHaveLength(1);
        expect(t.Rows[0]!.RelativeDateEdits).toEqual([]);
        expect(t.Rows[0]!.Edits).toEqual(
          e.FieldDefinitions.map((f) => ({ IgnoreIfEmpty: true, Name: f.Name, Value: '' })),
        );
      });
    }
  });

  it('derives KeyDefinitions from the main element', () => {
    for (const s of samples) {
      const d = s.json as ServiceDefinition;
      const main = elementsOf(d)[0]!;
      const location = main.Name.slice(main.Name.indexOf('.') + 1);
      expect(d.TransactionDefinition.KeyDefinitions, s.name).toEqual(
        main.KeyFields.map((k) => ({ Location: location, Name: k })),
      );
    }
  });
});

describe('the published real definitions', () => {
  it('answers PickZone exactly as published, and its Template follows the derivation rule', () => {
    const real = reference('definitions/PickZone.json') as unknown as ServiceDefinition;
    expect(def('PickZone')).toEqual(real);
    expect(deriveTemplate('PickZone', elementsOf(real))).toEqual(real.Template);
  });

  it('keeps the published Labor TransactionDefinition', () => {
    const real = withoutPublicationMarks(reference('definitions/Labor.TransactionDefinition.json')) as Record<
      string,
      unknown
    >;
    expect(def('Labor').TransactionDefinition).toEqual(real.TransactionDefinition);
  });

  it('keeps the four published Customer elements and adds the rest', () => {
    const real = withoutPublicationMarks(reference('definitions/Customer.partial.TransactionDefinition.json')) as {
      TransactionDefinition: { DataElementDefinitions: DataElementDefinition[] };
    };
    const published = real.TransactionDefinition.DataElementDefinitions;
    expect(elementsOf(def('Customer')).slice(0, published.length)).toEqual(published);
    const names = elementsOf(def('Customer')).map((e) => e.Name);
    expect(names).toEqual(
      expect.arrayContaining(['SHIP_TO_GENERAL.ship_to_general', 'TIMESTAMP.timestamp', 'TIMESTAMP.audit_trail']),
    );
    for (const f of [
      'customer_name',
      'salesrep_id',
      'mail_address1',
      'mail_city',
      'mail_state',
      'mail_postal_code',
      'mail_country',
    ]) {
      expect(findField('Customer', 'TABPAGE_1.tp_1_dw_1', f), f).toBeDefined();
    }
  });

  it('sends no publication marks', () => {
    for (const s of samples) expect(JSON.stringify(s.json)).not.toMatch(/"(_note|ValidValuesRedacted)"/);
  });
});

describe('the real request bodies', () => {
  it('covers the five payload files', () => {
    expect(new Set(payloads.map((p) => p.file)).size).toBe(5);
  });

  it('names only elements and fields that exist, with the element type and keys', () => {
    const problems: string[] = [];
    for (const p of payloads) {
      const e = elementsOf(def(p.service)).find((x) => x.Name === p.element);
      if (!e) {
        problems.push(`${p.file}: no element ${p.service}/${p.element}`);
        continue;
      }
      if (p.type !== undefined && p.type !== e.Type)
        problems.push(`${p.file}: ${p.element} is ${e.Type}, sent as ${p.type}`);
      const fields = new Set(e.FieldDefinitions.map((f) => f.Name));
      for (const k of p.keys) if (!fields.has(k)) problems.push(`${p.file}: key ${k} not on ${p.element}`);
      for (const edit of p.edits)
        if (!fields.has(edit.Name)) problems.push(`${p.file}: field ${edit.Name} not on ${p.element}`);
    }
    expect(problems).toEqual([]);
  });

  it('sends values that fit the field types and, but for known tenant gaps, the column lengths', () => {
    const conflicts: string[] = [];
    for (const e of payloadEdits) {
      const f = findField(e.service, e.element, e.name)!;
      if (f.DataType === 'Decimal' || f.DataType === 'Long')
        expect(e.value, `${e.element}.${e.name}`).toMatch(/^-?\d+(\.\d+)?$/);
      if (f.DataType === 'Datetime') expect(Number.isNaN(Date.parse(e.value)), `${e.element}.${e.name}`).toBe(false);
      if (f.ValidValues && f.ValidValues.length > 0) expect(f.ValidValues).toContain(e.value);
      const [table, column] = (f.DbColumnName ?? '').split('.');
      const c = table && column ? tenantTables().get(table)?.get(column) : undefined;
      if (c?.maxLength !== undefined && e.value.length > c.maxLength)
        conflicts.push(`${e.service}/${e.element}/${e.name}`);
    }
    expect(conflicts).toEqual([]);
  });
});

describe('columns of the sample tenant', () => {
  it('names real tenant columns from Order, and tenant tables only with their columns', () => {
    const tables = tenantTables();
    const order = fieldsOf(def('Order'));
    const resolved = order.filter((f) => {
      const [t, c] = (f.DbColumnName ?? '').split('.');
      return t && c && tables.get(t)?.has(c);
    });
    expect(resolved.length / order.length).toBeGreaterThan(0.6);
    const published = new Set(['customer.legal_name', 'customer.calculate_item_surcharge_flag']);
    const misses: string[] = [];
    for (const s of samples) {
      for (const f of fieldsOf(s.json as ServiceDefinition)) {
        const db = f.DbColumnName ?? '';
        const [t, c] = db.split('.');
        if (!t || !c || !tables.has(t) || tables.get(t)!.has(c)) continue;
        // the published Customer names two columns the sample tenant lacks; its price_page has no value columns
        if (published.has(db) || (s.name === 'SalesPricePage' && t === 'price_page')) continue;
        misses.push(`${s.name}: ${f.Name} -> ${db}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('gives length-checked columns to the fields the brief names', () => {
    expect(findField('PurchaseOrder', 'TABPAGE_1.tp_1_dw_1', 'external_po_no')?.DbColumnName).toBe(
      'po_hdr.external_po_no',
    );
    expect(tenantTables().get('po_hdr')?.get('external_po_no')?.maxLength).toBe(40);
    expect(findField('PurchaseOrder', 'TP_LINENOTES.po_line_notepad', 'topic')?.DbColumnName).toBe(
      'po_line_notepad.topic',
    );
    expect(findField('Item', 'TABPAGE_SUPPLIERS.suppliers', 'supplier_part_no')?.DbColumnName).toBe(
      'inventory_supplier.supplier_part_no',
    );
    expect(
      elementsOf(def('PurchaseOrder')).find((e) => e.Type === 'List' && e.BusinessObjectName === 'po_line'),
    ).toBeDefined();
  });

  it('gives SalesPricePage its status and page type lists', () => {
    expect(findField('SalesPricePage', 'FORM.form', 'row_status_flag')?.ValidValues).toEqual([
      'Active',
      'Inactive',
      'Delete',
    ]);
    expect(findField('SalesPricePage', 'FORM.form', 'price_page_type_cd')?.ValidValues?.length).toBeGreaterThan(1);
  });
});

describe('hard cases', () => {
  const order = def('Order');
  const orderFields = fieldsOf(order);
  const all = samples.flatMap((s) => fieldsOf(s.json as ServiceDefinition));

  it('has element names with spaces and a slash', () => {
    expect(elementsOf(order).some((e) => e.Name.includes(' '))).toBe(true);
    expect(elementsOf(def('SalesPricePage')).map((e) => e.Name)).toContain(
      'PO COST MULTIPLIERS.price_page_po_cost_calc',
    );
    expect(elementsOf(def('InventoryAdjustment')).some((e) => e.Name.includes('/'))).toBe(true);
  });

  it('has untyped fields, Number in a report, and one field name with two types', () => {
    expect(orderFields.some((f) => f.DataType === null)).toBe(true);
    expect(fieldsOf(def('m_openorderreport')).some((f) => f.DataType === 'Number')).toBe(true);
    const poNo = elementsOf(order).flatMap((e) =>
      e.FieldDefinitions.filter((f) => f.Name === 'po_no').map((f) => f.DataType),
    );
    expect(new Set(poNo).size).toBeGreaterThan(1);
  });

  it('has valid-value lists with "", " ", duplicates and none at all', () => {
    const lists = orderFields.map((f) => f.ValidValues).filter((v): v is string[] => v !== null);
    expect(orderFields.some((f) => f.ValidValues === null)).toBe(true);
    expect(lists.some((v) => v.includes(''))).toBe(true);
    expect(lists.some((v) => v.includes(' '))).toBe(true);
    expect(lists.some((v) => new Set(v).size < v.length)).toBe(true);
    expect(lists.some((v) => v.length === 0)).toBe(true);
  });

  it('has blank, null and awkward labels', () => {
    const labels = orderFields.map((f) => f.Label);
    expect(labels).toContain('');
    expect(labels).toContain(null);
    const text = labels.filter((l): l is string => typeof l === 'string');
    for (const marker of ["'", '"', '*/', '//', '<!--', '\\', '\n', '${']) {
      expect(
        text.some((l) => l.includes(marker)),
        marker,
      ).toBe(true);
    }
    expect(text.some((l) => /[^\x00-\x7f]/.test(l))).toBe(true);
  });

  it('has every form of DbColumnName', () => {
    const dbs = orderFields.map((f) => f.DbColumnName);
    expect(dbs.some((d) => typeof d === 'string' && /^\w+\.\w+$/.test(d))).toBe(true);
    expect(dbs.some((d) => typeof d === 'string' && d !== '' && !d.includes('.'))).toBe(true);
    expect(dbs).toContain('');
    expect(dbs).toContain(null);
  });

  it('has a mixed-case field name', () => {
    expect(all.some((f) => /[A-Z]/.test(f.Name))).toBe(true);
  });
});

describe('benchmark definitions', () => {
  it('gives 300 distinct, Order-sized services, the same on every call', () => {
    const first = benchDefinitions(300);
    expect(first).toHaveLength(300);
    expect(new Set(first.map((d) => d.name)).size).toBe(300);
    for (const d of first) {
      const s = d.json as ServiceDefinition;
      expect(s.Name).toBe(d.name);
      expect(elementsOf(s)).toHaveLength(ORDER_ELEMENTS);
      expect(fieldCount(s)).toBeGreaterThanOrEqual(1200);
      expect(fieldCount(s)).toBeLessThanOrEqual(1330);
    }
    const second = benchDefinitions(300);
    expect(second.map((d) => d.name)).toEqual(first.map((d) => d.name));
    // deep equality of 300 large trees, compared service by service through their exact JSON text
    const differing = first
      .filter((d, i) => definitionText(d.json) !== definitionText(second[i]!.json))
      .map((d) => d.name);
    expect(differing).toEqual([]);
    expect(second[0]).toEqual(first[0]);
  });

  it('keeps names distinct beyond the word list', () => {
    const many = benchDefinitions(650).map((d) => d.name);
    expect(new Set(many).size).toBe(650);
  });
});

describe('discovery and files', () => {
  it('hides the report service from the service list but still defines it', () => {
    const names = samples.map((s) => s.name);
    expect(names).toContain('m_openorderreport');
    const list = serviceList(names) as { Name: string }[];
    expect(list.map((s) => s.Name)).toEqual(names.filter((n) => !n.startsWith('m_')));
    expect(list.every((s) => Object.keys(s).join() === 'Name')).toBe(true);
  });

  it('writes services.json and one pretty definition file per service', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'erpgen-definitions-'));
    try {
      await writeDefinitions(dir, samples);
      const services = await readFile(join(dir, 'services.json'), 'utf8');
      expect(JSON.parse(services)).toEqual(serviceList(samples.map((s) => s.name)));
      expect((await readdir(join(dir, 'definitions'))).sort()).toEqual(samples.map((s) => `${s.name}.json`).sort());
      for (const s of samples) {
        const text = await readFile(join(dir, 'definitions', `${s.name}.json`), 'utf8');
        expect(text).toBe(definitionText(s.json));
        expect(text.startsWith(`{\n "Name": ${JSON.stringify(s.name)},\n "Template": {\n  "TransactionSet"`)).toBe(
          true,
        );
        expect(text.endsWith('}\n')).toBe(true);
        expect(JSON.parse(text)).toEqual(s.json);
      }
      const pickZone = await readFile(join(dir, 'definitions', 'PickZone.json'), 'utf8');
      expect(pickZone).toBe(readFileSync(join(REFERENCE_DIR, 'definitions', 'PickZone.json'), 'utf8'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
