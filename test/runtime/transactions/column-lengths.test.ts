// Column lengths as the server counts them: an nvarchar(n) holds n UTF-16 code units, so an astral character
// (an emoji, a CJK extension ideograph) takes two. The builder counts the same way, against the simulated
// Transaction API over real HTTP: what the builder passes the server takes, and what the server would refuse
// the builder refuses first (identifiers) or cuts without splitting a surrogate pair (free text).
import { describe, expect } from 'vitest';
import { ErpTransactionBuildError, ErpTransactionFailedError, type TransactionRequest } from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';
import { e2eTest } from '../../support/e2e.js';
import { sampleOrder } from '../../support/sandbox.js';

const it = e2eTest();

const EMOJI = '😀'; // U+1F600: one code point, two UTF-16 code units
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const order = sampleOrder;

const poNo = Order.descriptor.elements['TABPAGE_1.order']!.fields['po_no']!;

describe('lengths in UTF-16 code units, as nvarchar counts them', () => {
  it('oe_hdr.po_no is an identifier of 50', () => {
    expect(poNo).toMatchObject({ maxLength: 50, identifier: true });
  });

  it('an identifier of astral characters that fills the column exactly passes the builder and the server', async ({
    e2e: { client },
  }) => {
    const full = EMOJI.repeat(25);
    expect(full.length).toBe(50);
    const result = await client.transaction(Order.request([order({ po_no: full })], { useCodeValues: false }));
    expect(result.Summary).toEqual({ Succeeded: 1, Failed: 0, Other: 0 });
  });

  it('one more astral character is refused by the builder: 26 code points, but 52 code units', () => {
    const over = EMOJI.repeat(26);
    expect([...over].length).toBeLessThanOrEqual(50);
    expect(() => order({ po_no: over })).toThrow(ErpTransactionBuildError);
    expect(() => order({ po_no: over })).toThrow(
      /TABPAGE_1\.order\.po_no: 52 characters, but its column holds 50: an identifier is never cut/,
    );
  });

  it('the server refuses that value: counting code points would have sent it to fail there', async ({
    e2e: { client },
  }) => {
    const request = Order.request([order({ po_no: EMOJI.repeat(25) })], { useCodeValues: false });
    const edited = JSON.parse(JSON.stringify(request)) as TransactionRequest;
    const edit = edited.Transactions[0]!.DataElements[0]!.Rows[0]!.Edits.find((e) => e.Name === 'po_no')!;
    (edit as { Value: string }).Value = EMOJI.repeat(26);
    const error = await client.transaction(edited).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpTransactionFailedError);
    expect((error as ErpTransactionFailedError).messages.join(' ')).toMatch(
      /String or binary data would be truncated in table 'oe_hdr', column 'po_no'/,
    );
  });

  it('free text is cut to the column in code units, never through a surrogate pair, and the server takes it', async ({
    e2e: { client },
  }) => {
    const field = Order.descriptor.elements['TABPAGE_1.order']!.fields['delivery_instructions']!;
    expect(field).toMatchObject({ maxLength: 255 });
    expect(field.identifier).toBeUndefined();
    // 'ab' + pairs: the 255th code unit is the first half of a pair, so the cut leaves the pair out whole
    const text = `ab${EMOJI.repeat(200)}`;
    const t = order({ po_no: 'PO-LEN-1', delivery_instructions: text });
    const sent = t.toJSON().DataElements[0]!.Rows[0]!.Edits.find((e) => e.Name === 'delivery_instructions')!.Value;
    expect(sent).toBe(`ab${EMOJI.repeat(126)}`);
    expect(sent.length).toBe(254);
    expect(sent).not.toMatch(LONE_SURROGATE);
    expect(t.warnings).toEqual([
      `Order TABPAGE_1.order.delivery_instructions: cut from 402 to 254 characters (the column's length)`,
    ]);
    // an even start fills it exactly
    const even = order({ po_no: 'PO-LEN-2', delivery_instructions: `a${EMOJI.repeat(200)}` });
    const sentEven = even
      .toJSON()
      .DataElements[0]!.Rows[0]!.Edits.find((e) => e.Name === 'delivery_instructions')!.Value;
    expect(sentEven.length).toBe(255);
    const result = await client.transaction(Order.request([t, even], { useCodeValues: false }));
    expect(result.Summary).toEqual({ Succeeded: 2, Failed: 0, Other: 0 });
  });

  it('text of BMP characters, wide or combining, counts one unit each, as before', () => {
    const wide = '表'.repeat(50);
    expect(() => order({ po_no: wide })).not.toThrow();
    expect(() => order({ po_no: `${wide}x` })).toThrow(/51 characters, but its column holds 50/);
  });
});
