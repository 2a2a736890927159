// The comparison every verified write makes (write-check.ts): a value read back against the value sent, by what it
// is. The end-to-end proofs are the families' own (transactions/verified-writes.test.ts, ...); these are the cases.
import { describe, expect, it } from 'vitest';
import { ErpWriteNotAppliedError } from '../../templates/runtime/errors.js';
import { overlayLine } from '../../templates/runtime/overlay-line.js';
import { compareValue, settle, type FieldFacts } from '../../templates/runtime/write-check.js';

const verdict = (sent: string, stored: string | undefined, facts?: FieldFacts) => {
  const v = compareValue(sent, stored, facts);
  return v.how ? `${v.verdict}: ${v.how}` : v.verdict;
};

describe('compareValue', () => {
  it('decimals by value; rounded or cut to fewer places is another form; anything else is not applied', () => {
    const decimal = { kind: 'decimal' } as const;
    expect(verdict('5', '5.0000', decimal)).toBe('same');
    expect(verdict('-0.50', '-.5', decimal)).toBe('same');
    expect(verdict('0', '-0.000', decimal)).toBe('same');
    expect(verdict('1.23456', '1.2346', decimal)).toBe('normalised: rounded to 4 decimal places');
    expect(verdict('1.23456', '1.2345', decimal)).toBe('normalised: cut to 4 decimal places');
    expect(verdict('-2.5', '-3', decimal)).toBe('normalised: rounded to 0 decimal places');
    expect(verdict('1.99999', '2', decimal)).toBe('normalised: rounded to 0 decimal places');
    // with the column's scale, only rounding to it is a form of the value
    expect(verdict('5.4', '5', { ...decimal, scale: 2 })).toBe('not-applied');
    expect(verdict('5.456', '5.46', { ...decimal, scale: 2 })).toBe('normalised: rounded to 2 decimal places');
    expect(verdict('5', '7', decimal)).toBe('not-applied');
    expect(verdict('5', '', decimal)).toBe('not-applied');
    expect(verdict('5', undefined, decimal)).toBe('not-applied');
    // numbers beyond a double compare digit for digit
    expect(verdict('12345678901234567.89', '12345678901234567.890', decimal)).toBe('same');
    expect(verdict('12345678901234567.89', '12345678901234567.88', decimal)).toBe('not-applied');
  });

  it('dates by the instant: a day is its midnight, fractions of a second and zones compare by the moment', () => {
    const date = { kind: 'datetime' } as const;
    expect(verdict('2030-01-05', '2030-01-05T00:00:00.000', date)).toBe('same');
    expect(verdict('2030-01-05T10:30:00', '2030-01-05 10:30', date)).toBe('same');
    expect(verdict('2030-01-05T10:30:00Z', '2030-01-05T12:30:00+02:00', date)).toBe('same');
    expect(verdict('2030-01-05T10:30:00.123', '2030-01-05T10:30:00.123', date)).toBe('same');
    expect(verdict('2030-01-05T10:30:00.001', '2030-01-05T10:30:00.000', date)).toBe(
      'normalised: fractions of a second rounded',
    );
    expect(verdict('2030-01-05T10:30:00', '2030-01-05', date)).toBe(
      'normalised: the time was not kept (a date column)',
    );
    expect(verdict('2030-01-05', '2030-01-06', date)).toBe('not-applied');
    expect(verdict('2030-01-05', '', date)).toBe('not-applied');
    expect(verdict('2030-01-05T00:00:00Z', '/Date(1893801600000)/', date)).toBe('same');
  });

  it('text: case, padding and a cut by the server are other forms; another text is not applied; blank is empty', () => {
    expect(verdict('PO-1', 'PO-1')).toBe('same');
    expect(verdict('PO-1', 'po-1')).toBe('normalised: case');
    expect(verdict('PO-1', 'PO-1    ')).toBe('normalised: padding');
    expect(verdict('A long note', 'A long')).toBe('normalised: cut by the server to 6 characters');
    expect(verdict('Rush', 'Standard')).toBe('not-applied');
    expect(verdict('Rush', '')).toBe('not-applied');
    expect(verdict(' ', '')).toBe('same');
    expect(verdict('', 'was here')).toBe('not-applied');
    // a Char field of digits is text: leading zeros matter
    expect(verdict('010', '10', { kind: 'text' })).toBe('not-applied');
  });

  it('kinds inferred from the values when the field is not described (a request written by hand)', () => {
    expect(verdict('5', '5.000')).toBe('same');
    expect(verdict('2030-01-05', '2030-01-05T00:00:00')).toBe('same');
    expect(verdict('abc', 'ABC')).toBe('normalised: case');
  });

  it('display labels against codes, as UseCodeValues says', () => {
    const labels = ['ON', 'OFF'];
    // labels sent (UseCodeValues false): the label back is the same, another label not applied, a code another form
    expect(verdict('ON', 'ON', { labels })).toBe('same');
    expect(verdict('ON', 'OFF', { labels })).toBe('not-applied');
    expect(verdict('ON', 'Y', { labels })).toBe('normalised: read back as a code');
    expect(verdict('ON', '', { labels })).toBe('not-applied');
    // codes sent: a code back is compared as sent, a label back is another form
    expect(verdict('Y', 'Y', { labels, codes: true })).toBe('same');
    expect(verdict('Y', 'ON', { labels, codes: true })).toBe('normalised: read back as a display label');
    expect(verdict('Y', 'N', { labels, codes: true })).toBe('not-applied');
    // a blank label reads back empty
    expect(verdict(' ', '', { labels: [' ', 'A'] })).toBe('same');
  });
});

describe('settle', () => {
  const info = { request: 'POST /api/v2/transaction', status: 200, object: 'Order' };
  const found = [
    { service: 'Order', element: 'E', field: 'a', sent: 'x', stored: '', kind: 'not-applied' as const },
    { service: 'Order', element: 'E', field: 'b', sent: 'y', stored: 'Y', kind: 'normalised' as const, how: 'case' },
  ];
  const show = (v: string) => JSON.stringify(v);

  it('logs the normalised and throws one error for every field not applied', () => {
    const lines: string[] = [];
    let error: unknown;
    try {
      settle(
        found,
        true,
        { service: 'Order', info, summary: 'the transaction passed, but read back by k=1' },
        show,
        (l) => lines.push(l),
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ErpWriteNotAppliedError);
    expect((error as ErpWriteNotAppliedError).fields).toEqual([found[0]]);
    expect((error as Error).message).toMatch(
      /^Order: the transaction passed, but read back by k=1, 1 field is not applied: E\.a: sent "x", stored "" \(empty\) \(HTTP 200/,
    );
    expect(lines).toEqual([
      `Order E.b: sent "y", stored "Y" (case): stored in another form than sent (verify: 'strict' makes this an error)`,
    ]);
  });

  it("under 'strict' the normalised are in the error too, and nothing is logged; with nothing to say, nothing happens", () => {
    const lines: string[] = [];
    expect(() => settle(found, 'strict', { service: 'Order', info, summary: 's' }, show, (l) => lines.push(l))).toThrow(
      /1 field is not applied and 1 is stored in another form/,
    );
    expect(lines).toEqual([]);
    expect(() => settle([], 'strict', { service: 'Order', info, summary: 's' }, show, undefined)).not.toThrow();
  });
});

describe('overlayLine', () => {
  it("writes the erpgen.config.json line, names as JSON strings, a service's facts grouped by element", () => {
    expect(overlayLine('Order', [{ element: 'TABPAGE_1.order', field: 'po_no', fact: { disabled: true } }])).toBe(
      '"definitions": { "Order": { "TABPAGE_1.order": { "po_no": { "disabled": true } } } }',
    );
    expect(
      overlayLine('Order', [
        { element: 'TABPAGE_ORDER_NOTES.order notes', field: 'note "x"', fact: { required: false } },
        { element: 'TABPAGE_1.order', field: 'a', fact: { disabled: true } },
        { element: 'TABPAGE_ORDER_NOTES.order notes', field: 'b', fact: { required: true } },
      ]),
    ).toBe(
      '"definitions": { "Order": { "TABPAGE_ORDER_NOTES.order notes": { "note \\"x\\"": { "required": false }, "b": { "required": true } }, "TABPAGE_1.order": { "a": { "disabled": true } } } }',
    );
  });
});
