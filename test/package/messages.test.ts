// The compile errors of typical mistakes name the mistake: the first line says what is wrong in the user's
// words (the unknown name and where, the missing key, a close match), no internal helper type in it, and the
// whole message stays short. Recorded under TypeScript 7 and TypeScript 6, on the sample package and on a
// package of odd names (reserved words, non-identifiers, non-ASCII and wide names, Object.prototype members).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config.js';
import { generatePackage } from '../../generator/generate-package.js';
import { compileMistakes, type Messages, type Mistake } from '../support/messages.js';
import { writeOddSnapshot } from '../support/odd-snapshot.js';
import { ROOT } from '../support/paths.js';

const ORDER = "import { Order } from '@acme/erp-schema/transactions/Order';";
/** A window of Order in an interactive session, left open for a change. */
const WINDOW = `${ORDER}\nimport { createClient } from '@acme/erp-schema/client';\nconst client = createClient({ baseUrl: 'http://127.0.0.1', auth: 'token' });\nvoid client.interactive.session(async (s) => {\n  const w = await s.open(Order);`;
/** A client, and the user-defined table udt_pallet. */
const PALLET =
  "import { createClient } from '@acme/erp-schema/client';\nimport { udt_pallet } from '@acme/erp-schema/tables/udt_pallet';\nconst client = createClient({ baseUrl: 'http://127.0.0.1', auth: 'token' });";
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
    names: ["'credit_limt' is not a column of customer", 'did you mean credit_limit'],
  },
  {
    name: 'a misspelt column in select, after a function of the columns',
    code: `${CUSTOMER}\nquery(customer).select((c) => c.customer_id, 'custmer_name');`,
    names: ["'custmer_name' is not a column of customer", 'did you mean customer_name'],
  },
  {
    name: 'unknown column in select, the ninth name',
    code: `${CUSTOMER}\nquery(customer).select('company_id', 'customer_id', 'customer_name', 'terms_id', 'salesrep_id', 'delete_flag', 'credit_status', 'date_created', 'credit_limt');`,
    names: ["'credit_limt' is not a column of customer", 'did you mean credit_limit'],
  },
  {
    name: 'a misspelt column in orderBy',
    code: `${CUSTOMER}\nquery(customer).orderBy('customer_nmae', 'desc');`,
    names: ["'customer_nmae' is not a column of customer", 'did you mean customer_name'],
  },
  {
    name: 'an unknown field in a window change',
    code: `${WINDOW}\n  await w.change('TABPAGE_1.order', { job_nme: 'Rush' });\n});`,
    names: ["'job_nme' is not a field of TABPAGE_1.order", 'did you mean job_name'],
  },
  {
    name: 'an unknown field in a window change, passed in a variable',
    code: `${WINDOW}\n  const fields = { po_no: 'X', taker_id: 'JS' };\n  await w.change('TABPAGE_1.order', fields);\n});`,
    names: ["'taker_id' is not a field of TABPAGE_1.order"],
  },
  {
    // ranked by the whole name: the field it abbreviates before the one that shares its last part (c_available_qty)
    name: 'an abbreviated field in a window change',
    code: `${WINDOW}\n  await w.change('TP_ITEMS.items', { unit_qty: 5 });\n});`,
    names: ["'unit_qty' is not a field of TP_ITEMS.items", 'did you mean unit_quantity?'],
  },
  {
    name: 'an abbreviated field in a List row',
    code: `${ORDER}\nOrder.transaction().list('TP_ITEMS.items', [{ oe_order_item_id: 'W-1', unit_qty: 5 }]);`,
    names: ["'unit_qty' is not a field of TP_ITEMS.items", 'did you mean unit_quantity?'],
  },
  {
    name: 'an abbreviated field in a Form',
    code: `${ORDER}\nOrder.transaction().form('TABPAGE_1.order', { cust_id: 100198 });`,
    names: ["'cust_id' is not a field of TABPAGE_1.order", 'did you mean customer_id?'],
  },
  {
    name: 'a misspelt column in a UDT update',
    code: `${PALLET}\nvoid client.udt.update(udt_pallet, { notte: 'moved' }, { row_uid: 7 });`,
    names: ["'notte' is not a column of udt_pallet", 'did you mean note'],
  },
  {
    name: 'an unknown column in a UDT update, passed in a variable',
    code: `${PALLET}\nconst changes = { note: 'moved', wieght: 12.5 };\nvoid client.udt.update(udt_pallet, changes, { row_uid: 7 });`,
    names: ["'wieght' is not a column of udt_pallet", 'did you mean weight'],
  },
  {
    name: "a UDT update that changes the row's row_uid",
    code: `${PALLET}\nvoid client.udt.update(udt_pallet, { row_uid: 8 }, { row_uid: 7 });`,
    names: ["'row_uid' names the row of udt_pallet", 'conditions'],
  },
  {
    name: 'a UDT delete by another column',
    code: `${PALLET}\nvoid client.udt.delete(udt_pallet, { pallet_id: 'P-1' });`,
    names: ["'pallet_id' cannot pick a row of udt_pallet", 'row_uid alone'],
  },
];

// the odd package is generated next to the mistakes' files (see beforeAll)
const ODD = "import { Odd } from './odd/transactions/Odd.js';";
const ODD_TABLE = "import { query } from './odd/index.js';\nimport { odd_names } from './odd/tables/odd_names.js';";

/** The same kinds of mistake where the names around them are odd (test/support/odd-snapshot.ts). */
export const ODD_MISTAKES: readonly Mistake[] = [
  {
    name: 'odd names: unknown field next to constructor and __proto__ fields',
    code: `${ODD}\nOdd.transaction().form('constructor', { constructor: 'a', ['__proto__']: 'b', po_no: 'c' });`,
    names: ['po_no', 'is not a field of constructor'],
  },
  {
    name: 'odd names: a field that differs from toString in case, on a wide-named element',
    code: `${ODD}\nOdd.transaction().form('名前', { ToString: 'x' });`,
    names: ['ToString', 'is not a field of 名前', 'did you mean toString'],
  },
  {
    name: 'odd names: unknown field in a row variable that has a constructor field',
    code: `${ODD}\nconst row = { constructor: 'x', normal: 'n', grösse: 5 };\nOdd.transaction().list('toString.list', [row]);`,
    names: ['grösse', 'is not a field of toString.list'],
  },
  {
    name: 'odd names: a key named __proto__ missing from a keyed row',
    code: `${ODD}\nOdd.transaction().list('class.list', [{ normal: 'n', 'po no': 'p' }], { keys: ['__proto__'] });`,
    names: ['__proto__', 'is missing'],
  },
  {
    name: 'odd names: an element name that differs from constructor in case',
    code: `${ODD}\nOdd.transaction().form('Constructor', { normal: 'n' });`,
    names: ['Constructor', 'is not a Form element', 'did you mean constructor'],
  },
  {
    name: 'odd names: the List element toString.list given to form()',
    code: `${ODD}\nOdd.transaction().form('toString.list', { normal: 'n' });`,
    names: ['toString.list', 'is a List element', 'list()'],
  },
  {
    name: 'odd names: a misspelt non-ASCII column in a filter',
    code: `${ODD_TABLE}\nquery(odd_names).filter((c) => c.gröse.gt(1));`,
    names: ['gröse', 'größe'],
  },
  {
    name: 'odd names: a misspelt __proto__ column in a filter',
    code: `${ODD_TABLE}\nquery(odd_names).filter((c) => c.__proto_.eq('x'));`,
    names: ['__proto_', '__proto__'],
  },
  {
    name: 'odd names: a string function on the Decimal column constructor',
    code: `${ODD_TABLE}\nquery(odd_names).filter((c) => c.constructor.startsWith('1'));`,
    names: ['startsWith'],
  },
  {
    // an int column's values are plain numbers, so the compiler widens the quoted literal to string
    name: 'odd names: a quoted number for the int column 2024',
    code: `${ODD_TABLE}\nquery(odd_names).filter((c) => c['2024'].eq('2024'));`,
    names: ["type 'string'", "type 'number'"],
  },
  {
    name: "odd names: unknown column in select next to 'my col'",
    code: `${ODD_TABLE}\nquery(odd_names).select('my col', 'my_col');`,
    names: ["'my_col' is not a column of odd_names"],
  },
  {
    name: 'odd names: a misspelt __proto__ column in orderBy',
    code: `${ODD_TABLE}\nquery(odd_names).orderBy('__proto_');`,
    names: ["'__proto_' is not a column of odd_names", 'did you mean __proto__'],
  },
];

/** Internal helper types that must stay out of the first line. */
const HELPERS =
  /RowEdits|RowShape|NoInfer|Inherited|InMode|ValueByKind|AccessorByKind|UdtChanges|Changes<|Conditions<|readonly \w+: "(string|int|decimal)"/;

const dir = join(ROOT, 'test', '.messages');
let messages: Messages;
beforeAll(async () => {
  writeOddSnapshot(join(dir, 'odd-snapshot'));
  await generatePackage(
    loadConfig({ snapshot: join(dir, 'odd-snapshot'), out: join(dir, 'odd'), include: ['*'] }, dir),
  );
  messages = compileMistakes(dir, [...MISTAKES, ...ODD_MISTAKES]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([['TypeScript 7', 'ts7'] as const, ['TypeScript 6', 'ts6'] as const])('%s', (_, compiler) => {
  it.each([...MISTAKES, ...ODD_MISTAKES].map((m) => [m.name, m] as const))(
    '%s: a short message that names it',
    (_name, mistake) => {
      const text = messages[compiler].get(mistake.name);
      console.log(`[${compiler}] ${mistake.name} (${text?.length ?? 0} characters):\n${text ?? '(no error)'}\n`);
      expect(text, 'the mistake must not compile').toBeDefined();
      const first = text!.split('\n')[0]!;
      for (const name of mistake.names) expect(first, `the first line names ${name}`).toContain(name);
      expect(first).not.toMatch(HELPERS);
      expect(text!.length, 'at most 300 characters').toBeLessThanOrEqual(300);
    },
  );
});
