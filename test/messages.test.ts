// The compile errors of typical mistakes name the mistake: the first line says what is wrong in the user's
// words (the unknown name and where, the missing key, a close match), no internal helper type in it, and the
// whole message stays short. Recorded under TypeScript 7 and TypeScript 6.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileMistakes, type Messages, type Mistake } from './support/messages.js';
import { ROOT } from './support/paths.js';

const ORDER = "import { Order } from '@acme/erp-schema/transactions/Order';";
const CUSTOMER =
  "import { query } from '@acme/erp-schema';\nimport { customer } from '@acme/erp-schema/tables/customer';";

export const MISTAKES: readonly Mistake[] = [
  {
    name: 'unknown field in a row held in a variable',
    code: `${ORDER}\nconst row = { oe_order_item_id: 'WIDGET-001', qty: 5 };\nOrder.transaction().list('TP_ITEMS.items', [row]);`,
    names: ['qty', 'TP_ITEMS.items', 'is not a field of'],
  },
  {
    name: 'unknown field in a literal',
    code: `${ORDER}\nOrder.transaction().form('TABPAGE_1.order', { po_number: 'PO-1' });`,
    names: ['po_number', 'is not a field of TABPAGE_1.order', 'did you mean po_no'],
  },
  {
    name: 'a key missing from a keyed row',
    code: `${ORDER}\nOrder.transaction().list('TP_ITEMS.items', [{ unit_quantity: 5 }], { keys: ['user_line_no'] });`,
    names: ['user_line_no', 'is missing'],
  },
  {
    name: 'wrong element name',
    code: `${ORDER}\nOrder.transaction().form('TABPAGE_1.ordr', { customer_id: 1 });`,
    names: ['TABPAGE_1.ordr', 'is not a Form element', 'did you mean TABPAGE_1.order'],
  },
  {
    name: 'wrong column in a filter',
    code: `${CUSTOMER}\nquery(customer).filter((c) => c.credit_limt.gt(1000));`,
    names: ['credit_limt', 'credit_limit'],
  },
  {
    name: 'a quoted number',
    code: `${CUSTOMER}\nquery(customer).filter((c) => c.credit_limit.eq('1000'));`,
    names: ['1000'],
  },
  {
    name: 'a string function on a number',
    code: `${CUSTOMER}\nquery(customer).filter((c) => c.customer_id.startsWith('1'));`,
    names: ['startsWith'],
  },
  {
    name: 'eq(null) on a non-nullable column',
    code: `${CUSTOMER}\nquery(customer).filter((c) => c.customer_id.eq(null));`,
    names: ['null'],
  },
  {
    name: 'a List element given to form()',
    code: `${ORDER}\nOrder.transaction().form('TP_ITEMS.items', { unit_quantity: 5 });`,
    names: ['TP_ITEMS.items', 'is a List element', 'list()'],
  },
  {
    name: 'a Form element given to list()',
    code: `${ORDER}\nOrder.transaction().list('TABPAGE_1.order', [{ customer_id: 1 }]);`,
    names: ['TABPAGE_1.order', 'is a Form element', 'form()'],
  },
  {
    name: 'unknown column in select',
    code: `${CUSTOMER}\nquery(customer).select('customer_id', 'credit_limt');`,
    names: ['credit_limt'],
  },
];

/** Internal helper types that must stay out of the first line. */
const HELPERS =
  /RowEdits|RowShape|NoInfer|Inherited|InMode|ValueByKind|AccessorByKind|readonly \w+: "(string|int|decimal)"/;

const dir = join(ROOT, 'test', '.messages');
let messages: Messages;
beforeAll(() => {
  messages = compileMistakes(dir, MISTAKES);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([['TypeScript 7', 'ts7'] as const, ['TypeScript 6', 'ts6'] as const])('%s', (_, compiler) => {
  it.each(MISTAKES.map((m) => [m.name, m] as const))('%s: a short message that names it', (_name, mistake) => {
    const text = messages[compiler].get(mistake.name);
    console.log(`[${compiler}] ${mistake.name} (${text?.length ?? 0} characters):\n${text ?? '(no error)'}\n`);
    expect(text, 'the mistake must not compile').toBeDefined();
    const first = text!.split('\n')[0]!;
    for (const name of mistake.names) expect(first, `the first line names ${name}`).toContain(name);
    expect(first).not.toMatch(HELPERS);
    expect(text!.length, 'at most 300 characters').toBeLessThanOrEqual(300);
  });
});
