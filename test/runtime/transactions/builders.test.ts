// Transaction builders of the generated package: the real payloads rebuilt byte for byte (golden wire JSON),
// and every refusal the builder makes before anything is sent.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_DIR } from '../../tenant/real-columns.js';
import { ErpTransactionBuildError } from '@acme/erp-schema/client';
import { Customer } from '@acme/erp-schema/transactions/Customer';
import { InventoryAdjustment } from '@acme/erp-schema/transactions/InventoryAdjustment';
import { Order } from '@acme/erp-schema/transactions/Order';
import { PickZone } from '@acme/erp-schema/transactions/PickZone';
import { PurchaseOrder } from '@acme/erp-schema/transactions/PurchaseOrder';
import { m_openorderreport } from '@acme/erp-schema/transactions/m_openorderreport';
import { isReportService } from '../../../templates/runtime/contract.js';

const PAYLOADS = join(REFERENCE_DIR, 'transaction-payloads');

/** a real payload, without the `_source` note that is not a server field */
function payload(name: string): unknown {
  const { _source, ...body } = JSON.parse(readFileSync(join(PAYLOADS, name), 'utf8')) as Record<string, unknown>;
  void _source;
  return body;
}

describe('the real payloads, rebuilt with the generated builders', () => {
  it('create-sales-order.json', () => {
    const create = Order.transaction()
      .form('TABPAGE_1.order', {
        customer_id: 100198,
        sales_loc_id: 10,
        source_loc_id: 10,
        ship_to_id: 200,
        contact_id: '300',
        order_date: new Date(2030, 0, 5),
        requested_date: '2030-01-06',
        po_no: 'PO-TEST-001',
        taker: 'JSMITH',
      })
      .list('TP_ITEMS.items', [{ oe_order_item_id: 'WIDGET-001', unit_quantity: 5 }]);
    expect(JSON.stringify(Order.request([create], { useCodeValues: false }))).toBe(
      JSON.stringify(payload('create-sales-order.json')),
    );
  });

  it('update-order-lines.json (a keyed upsert on user_line_no, not on the usual key)', () => {
    const update = Order.transaction()
      .form('TABPAGE_1.order', { order_no: '1013938' }, { keys: ['order_no'] })
      .list(
        'TP_ITEMS.items',
        [
          { user_line_no: '010', oe_order_item_id: 'WIDGET-001', unit_quantity: 4 },
          { user_line_no: '030', oe_order_item_id: 'WIDGET-002', unit_quantity: 1 },
        ],
        { keys: ['user_line_no'] },
      );
    expect(JSON.stringify(Order.request([update], { useCodeValues: false }))).toBe(
      JSON.stringify(payload('update-order-lines.json')),
    );
  });

  it('create-customer.json', () => {
    const create = Customer.transaction()
      .form('TABPAGE_1.tp_1_dw_1', {
        customer_name: 'ACME Industrial Supply',
        salesrep_id: '100',
        mail_address1: '123 Main St',
        mail_city: 'Des Moines',
        mail_state: 'IA',
        mail_postal_code: '50309',
        mail_country: 'USA',
      })
      .form('SHIP_TO_GENERAL.ship_to_general', { default_branch: '10' });
    expect(JSON.stringify(Customer.request([create], { useCodeValues: false }))).toBe(
      JSON.stringify(payload('create-customer.json')),
    );
  });

  it('inventory-adjustment.json', () => {
    const adjust = InventoryAdjustment.transaction()
      .form('TABPAGE_1.tp_1_dw_1', { company_id: 'ACME', location_id: 10, reason_id: 'ADJUST' })
      .list('TABPAGE_17.tp_17_dw_17', [{ item_id: 'WIDGET-001', unit_quantity: -5 }]);
    expect(JSON.stringify(InventoryAdjustment.request([adjust], { useCodeValues: false }))).toBe(
      JSON.stringify(payload('inventory-adjustment.json')),
    );
  });

  it('transaction-get-request.json', () => {
    const get = Order.get('TABPAGE_1.order', { order_no: '1000001' }, { order_no: 1000002 });
    expect(JSON.stringify(get)).toBe(JSON.stringify(payload('transaction-get-request.json')));
  });
});

describe('the wire format', () => {
  it('sends IgnoreDisabled only when set, and Status New with RelativeDateEdits on every row', () => {
    const t = PickZone.transaction().form(
      'FORM.form',
      { location_id: 10, bin_zone_id: 'Z1', zone_desc: 'Zone' },
      { keys: ['location_id', 'bin_zone_id'] },
    );
    const body = PickZone.request([t], { useCodeValues: false, ignoreDisabled: true });
    expect(body).toEqual({
      Name: 'PickZone',
      UseCodeValues: false,
      IgnoreDisabled: true,
      Transactions: [
        {
          Status: 'New',
          DataElements: [
            {
              Name: 'FORM.form',
              Type: 'Form',
              Keys: ['location_id', 'bin_zone_id'],
              Rows: [
                {
                  Edits: [
                    { Name: 'location_id', Value: '10' },
                    { Name: 'bin_zone_id', Value: 'Z1' },
                    { Name: 'zone_desc', Value: 'Zone' },
                  ],
                  RelativeDateEdits: [],
                },
              ],
            },
          ],
        },
      ],
    });
    expect('IgnoreDisabled' in PickZone.request([t], { useCodeValues: false })).toBe(false);
  });

  it('writes values as the service takes them', () => {
    const t = Order.transaction().form('TABPAGE_1.order', {
      customer_id: '12345678901234567',
      sales_loc_id: 1e21,
      order_date: new Date(2030, 0, 5, 13, 45),
      requested_date: '2030-01-06',
    });
    const edits = Order.request([t], { useCodeValues: false }).Transactions[0]!.DataElements[0]!.Rows[0]!.Edits;
    expect(edits).toEqual([
      { Name: 'customer_id', Value: '12345678901234567' },
      { Name: 'sales_loc_id', Value: '1000000000000000000000' },
      { Name: 'order_date', Value: '2030-01-05T13:45:00' },
      { Name: 'requested_date', Value: '2030-01-06' },
    ]);
  });

  it('element names with spaces go on the wire as they are', () => {
    const spaced = Object.keys(Order.descriptor.elements).find(
      (e) => e.includes(' ') && Order.descriptor.elements[e]!.type === 'Form',
    )!;
    expect(spaced).toBeDefined();
    const t = (
      Order.transaction() as unknown as {
        form(e: string, v: object): { toJSON(): { DataElements: Array<{ Name: string }> } };
      }
    ).form(spaced, {});
    expect(t.toJSON().DataElements[0]!.Name).toBe(spaced);
  });
});

describe('refusals before sending', () => {
  const untyped = (service: { transaction(): unknown }) =>
    service.transaction() as unknown as {
      form(e: string, v: unknown, o?: unknown): unknown;
      list(e: string, v: unknown, o?: unknown): unknown;
    };

  it('rows of a List with equal keys (the server would keep only the last)', () => {
    expect(() =>
      Order.transaction().list(
        'TP_ITEMS.items',
        [
          { user_line_no: '010', unit_quantity: 4 },
          { user_line_no: '020', unit_quantity: 2 },
          { user_line_no: '010', unit_quantity: 1 },
        ],
        { keys: ['user_line_no'] },
      ),
    ).toThrow(/rows 1 and 3 have equal keys \(user_line_no=010\); the service would keep only the last/);
  });

  it('a key missing from a row, an unknown field or element (from untyped code)', () => {
    expect(() => untyped(Order).list('TP_ITEMS.items', [{ unit_quantity: 5 }], { keys: ['user_line_no'] })).toThrow(
      /key user_line_no missing/,
    );
    expect(() => untyped(Order).form('TABPAGE_1.order', { no_such_field: 'x' })).toThrow(
      /"no_such_field" is not a field of the element/,
    );
    expect(() => untyped(Order).form('NO_SUCH.element', {})).toThrow(/no such data element/);
    expect(() => untyped(Order).list('TP_ITEMS.items', [], { keys: ['no_such_field'] })).toThrow(
      /key "no_such_field" is not a field/,
    );
    expect(() => untyped(Order).form('TP_ITEMS.items', {})).toThrow(/a List element, so use list\(\)/);
  });

  it('an identifier too long for its column; free text is cut with a warning instead', () => {
    const idField = Object.entries(PurchaseOrder.descriptor.elements['TABPAGE_1.tp_1_dw_1']?.fields ?? {}).find(
      ([, f]) => f.identifier && f.maxLength,
    );
    expect(idField).toBeDefined();
    const [name, field] = idField!;
    expect(() =>
      untyped(PurchaseOrder).form('TABPAGE_1.tp_1_dw_1', { [name]: 'X'.repeat(field.maxLength! + 1) }),
    ).toThrow(
      new RegExp(
        `${name}: ${field.maxLength! + 1} characters, but its column holds ${field.maxLength}: an identifier is never cut`,
      ),
    );
    // po_hdr.external_po_no (40) is an identifier (`*_no`): the service itself refuses 41 characters
    expect(() => untyped(PurchaseOrder).form('TABPAGE_1.tp_1_dw_1', { external_po_no: 'E'.repeat(41) })).toThrow(
      /external_po_no: 41 characters, but its column holds 40/,
    );
    const [text, textField] = Object.entries(PurchaseOrder.descriptor.elements['TABPAGE_1.tp_1_dw_1']!.fields).find(
      ([, f]) => f.maxLength && !f.identifier && f.type === 'Char' && !f.validValues,
    )!;
    const long = 'É'.repeat(textField.maxLength! + 5);
    const t = untyped(PurchaseOrder).form('TABPAGE_1.tp_1_dw_1', { [text]: long }) as {
      warnings: string[];
      toJSON(): { DataElements: Array<{ Rows: Array<{ Edits: Array<{ Value: string }> }> }> };
    };
    expect(t.toJSON().DataElements[0]!.Rows[0]!.Edits[0]!.Value).toBe('É'.repeat(textField.maxLength!));
    expect(t.warnings).toEqual([
      `PurchaseOrder TABPAGE_1.tp_1_dw_1.${text}: cut from ${long.length} to ${textField.maxLength} characters (the column's length)`,
    ]);
  });

  it('a value outside the valid values, unless code values are sent', () => {
    expect(() => untyped(PickZone).form('FORM.form', { row_status_flag: 'Gone' })).toThrow(
      /"Gone" is not one of its valid values \("Active", "Delete"\)/,
    );
    const coded = PickZone.transaction({ useCodeValues: true }).form('FORM.form', { row_status_flag: '704' });
    expect(PickZone.request([coded], { useCodeValues: true }).UseCodeValues).toBe(true);
    expect(() => PickZone.request([coded], { useCodeValues: false as true })).toThrow(
      /built with useCodeValues true sent with useCodeValues false/,
    );
  });

  it('bad values', () => {
    expect(() => untyped(Order).form('TABPAGE_1.order', { customer_id: 'ACME' })).toThrow(
      /customer_id: "ACME" is not a number/,
    );
    expect(() => untyped(Order).form('TABPAGE_1.order', { order_date: new Date('nope') })).toThrow(
      /order_date: an invalid Date/,
    );
    expect(() => untyped(Order).form('TABPAGE_1.order', { customer_id: Number.NaN })).toThrow(/not a finite number/);
  });

  it('the same element twice, and a transaction of another service', () => {
    expect(() =>
      Order.transaction().form('TABPAGE_1.order', { po_no: 'a' }).form('TABPAGE_1.order', { po_no: 'b' }),
    ).toThrow(/given twice in one transaction/);
    const pick = PickZone.transaction().form('FORM.form', { zone_desc: 'x' });
    expect(() => (Order.request as (t: unknown[], o: unknown) => unknown)([pick], { useCodeValues: false })).toThrow(
      ErpTransactionBuildError,
    );
  });

  it('reports, not refuses, fields the definition marks required', () => {
    const t = PickZone.transaction().form('FORM.form', { zone_desc: 'x' });
    expect(t.missingRequired()).toEqual([
      'FORM.form.company_id (Company ID)',
      'FORM.form.location_id (Location ID)',
      'FORM.form.bin_zone_id (Pick Zone)',
    ]);
    expect(() => PickZone.request([t], { useCodeValues: false })).not.toThrow();
    const keyed = PickZone.transaction().form(
      'FORM.form',
      { location_id: 1, bin_zone_id: 'Z' },
      { keys: ['location_id', 'bin_zone_id'] },
    );
    expect(keyed.missingRequired()).toEqual([]);
  });

  it('knows report services by the one rule the generator and the client share', () => {
    expect(isReportService(m_openorderreport.descriptor.name)).toBe(true);
    expect(isReportService(Order.descriptor.name)).toBe(false);
  });
});
