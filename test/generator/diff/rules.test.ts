// The rule table of `erpgen diff`, given/want: each case a pair of versions of a table or a service and the
// changes (rule, from, to, hint) the comparison must find. Every rule of RULES is exercised by some case.
import { describe, expect, it } from 'vitest';
import { compareObjects, compareServices, type Change } from '../../../generator/diff/compare.js';
import { colours } from '../../../generator/diff/report.js';
import { RULES, type RuleId } from '../../../generator/diff/rules.js';
import { KnownValueIndex, mergeKnownValues } from '../../../generator/model/known-values.js';
import type { Column, QueryObject } from '../../../generator/model/schema.js';
import type { DataElement, TransactionField, TransactionService } from '../../../generator/model/transactions.js';

const knownValues = new KnownValueIndex(mergeKnownValues([]));

function col(name: string, edmType = 'Edm.String', facets: Partial<Column> = {}): Column {
  return { name, edmType, nullable: false, key: false, ...facets };
}

function obj(name: string, columns: Column[]): QueryObject {
  return { name, surface: 'table', entityType: `dbo.${name}`, columns };
}

function field(name: string, facets: Partial<TransactionField> = {}): TransactionField {
  return { name, label: null, dataType: 'Char', dbColumn: null, required: false, validValues: null, ...facets };
}

function element(name: string, fields: TransactionField[], facets: Partial<DataElement> = {}): DataElement {
  return { name, type: 'Form', keyFields: [], businessObject: null, datawindow: null, fields, ...facets };
}

function service(elements: DataElement[]): TransactionService {
  return { name: 'Order', report: false, elements };
}

/** what a case expects of each change: its rule, and from, to and hint when given */
type Want = [RuleId, Partial<Pick<Change, 'from' | 'to' | 'hint' | 'via'>>?];

const shape = (changes: readonly Change[]): Want[] =>
  changes.map((c) => {
    const facts: Partial<Change> = {};
    for (const k of ['from', 'to', 'hint', 'via'] as const) if (c[k] !== undefined) Object.assign(facts, { [k]: c[k] });
    return [c.rule, facts];
  });

const base = [col('id', 'Edm.Int32', { key: true }), col('name', 'Edm.String', { maxLength: 40 })];

const objectCases: Array<{ name: string; given: [Column[], Column[]]; want: Want[]; table?: string }> = [
  { name: 'no change', given: [base, base], want: [] },
  { name: 'a column added', given: [base, [...base, col('note')]], want: [['column-added', { to: 'Edm.String' }]] },
  {
    name: 'a column removed, and one of the same type added: a rename, hinted',
    given: [
      [...base, col('credit_limt', 'Edm.Decimal', { nullable: true })],
      [...base, col('credit_limit', 'Edm.Decimal', { nullable: true })],
    ],
    want: [
      ['column-removed', { from: 'Edm.Decimal, nullable', hint: 'renamed to credit_limit?' }],
      ['column-added', { to: 'Edm.Decimal, nullable', hint: 'renamed from credit_limt?' }],
    ],
  },
  {
    name: 'a removed and an added column of other types: no hint',
    given: [
      [...base, col('a', 'Edm.Int32')],
      [...base, col('b', 'Edm.String')],
    ],
    want: [
      ['column-removed', { from: 'Edm.Int32' }],
      ['column-added', { to: 'Edm.String' }],
    ],
  },
  {
    name: 'a type of another kind',
    given: [base, [base[0]!, col('name', 'Edm.Int32')]],
    want: [
      ['column-type-changed', { from: 'Edm.String', to: 'Edm.Int32' }],
      ['column-length-grown', { from: 40, to: 'max' }],
    ],
  },
  {
    name: 'a type of the same kind',
    given: [base, [col('id', 'Edm.Int64', { key: true }), base[1]!]],
    want: [['column-type-changed-same-kind', { from: 'Edm.Int32', to: 'Edm.Int64' }]],
  },
  {
    name: 'nullable, and not null',
    given: [
      [col('a', 'Edm.String', { nullable: false }), col('b', 'Edm.String', { nullable: true })],
      [col('a', 'Edm.String', { nullable: true }), col('b', 'Edm.String', { nullable: false })],
    ],
    want: [['column-nullable'], ['column-not-null']],
  },
  {
    name: 'a length shrunk, one grown, one no longer limited, one limited at last',
    given: [
      [
        col('a', 'Edm.String', { maxLength: 50 }),
        col('b', 'Edm.String', { maxLength: 10 }),
        col('c', 'Edm.String', { maxLength: 8 }),
        col('d', 'Edm.String', { maxLength: 'max' }),
      ],
      [
        col('a', 'Edm.String', { maxLength: 40 }),
        col('b', 'Edm.String', { maxLength: 20 }),
        col('c'),
        col('d', 'Edm.String', { maxLength: 255 }),
      ],
    ],
    want: [
      ['column-length-shrunk', { from: 50, to: 40 }],
      ['column-length-grown', { from: 10, to: 20 }],
      ['column-length-grown', { from: 8, to: 'max' }],
      ['column-length-shrunk', { from: 'max', to: 255 }],
    ],
  },
  {
    name: 'no facet and `max` are the same: no limit',
    given: [[col('a', 'Edm.String', { maxLength: 'max' })], [col('a')]],
    want: [],
  },
  {
    name: 'precision narrowed, scale widened',
    given: [
      [col('a', 'Edm.Decimal', { precision: 19, scale: 4 }), col('b', 'Edm.Decimal', { precision: 19, scale: 2 })],
      [col('a', 'Edm.Decimal', { precision: 15, scale: 4 }), col('b', 'Edm.Decimal', { precision: 19, scale: 4 })],
    ],
    want: [
      ['column-precision-narrowed', { from: '(19,4)', to: '(15,4)' }],
      ['column-precision-widened', { from: '(19,2)', to: '(19,4)' }],
    ],
  },
  {
    name: 'the key changed',
    given: [base, [col('id', 'Edm.Int32', { key: true }), col('name', 'Edm.String', { maxLength: 40, key: true })]],
    want: [['object-key-changed', { from: ['id'], to: ['id', 'name'] }]],
  },
  {
    name: 'known values: a numeric set no longer narrows a column that became a string',
    given: [[col('row_status_flag', 'Edm.Int32')], [col('row_status_flag', 'Edm.String')]],
    want: [
      ['column-type-changed', { from: 'Edm.Int32', to: 'Edm.String' }],
      ['known-values-changed', { from: 'RowStatusFlag (704 | 705 | 700)', to: null }],
    ],
  },
  {
    name: "known values: a table's own set (oe_hdr.completed) follows the column's kind",
    table: 'oe_hdr',
    given: [[col('completed', 'Edm.Int16')], [col('completed', 'Edm.String', { maxLength: 1 })]],
    want: [
      ['column-type-changed', { from: 'Edm.Int16', to: 'Edm.String' }],
      ['column-length-shrunk', { from: 'max', to: 1 }],
      ['known-values-changed', { from: null, to: "OrderCompleted ('Y' | 'N' | 'T')" }],
    ],
  },
];

const f = (name: string, facets: Partial<TransactionField> = {}) => field(name, facets);

const serviceCases: Array<{ name: string; given: [TransactionService, TransactionService]; want: Want[] }> = [
  {
    name: 'elements added, removed, retyped, rekeyed',
    given: [
      service([element('A', [f('x')]), element('B', [f('y')]), element('C', [f('z')], { keyFields: ['z'] })]),
      service([
        element('A', [f('x')], { type: 'List' }),
        element('C', [f('z'), f('w')], { keyFields: ['w'] }),
        element('D', []),
      ]),
    ],
    want: [
      ['element-removed', { from: 'Form' }],
      ['element-type-changed', { from: 'Form', to: 'List' }],
      ['element-keys-changed', { from: ['z'], to: ['w'] }],
      ['field-added', { to: 'Char' }],
      ['element-added', { to: 'Form' }],
    ],
  },
  {
    name: 'KeyFields in another order: no change',
    given: [
      service([element('A', [f('x'), f('y')], { keyFields: ['x', 'y'] })]),
      service([element('A', [f('x'), f('y')], { keyFields: ['y', 'x'] })]),
    ],
    want: [],
  },
  {
    name: 'a field renamed (hinted), a required field added',
    given: [
      service([element('A', [f('po_number', { dataType: 'Char' })])]),
      service([element('A', [f('po_no', { dataType: 'Char' }), f('taker', { required: true })])]),
    ],
    want: [
      ['field-removed', { hint: 'renamed to po_no?' }],
      ['field-added', { to: 'Char', hint: 'renamed from po_number?' }],
      ['field-added-required', { to: 'Char' }],
    ],
  },
  {
    name: 'required and no longer required; DataType changed',
    given: [
      service([element('A', [f('a'), f('b', { required: true }), f('c', { dataType: 'Char' })])]),
      service([element('A', [f('a', { required: true }), f('b'), f('c', { dataType: 'Decimal' })])]),
    ],
    want: [['field-required'], ['field-optional'], ['field-type-changed', { from: 'Char', to: 'Decimal' }]],
  },
  {
    name: 'a valid value renamed: removed (hinted) and added',
    given: [
      service([element('A', [f('priority', { validValues: ['Normal', 'Rush'] })])]),
      service([element('A', [f('priority', { validValues: ['Normal', 'Urgent'] })])]),
    ],
    want: [
      ['field-values-removed', { from: ['Rush'], hint: 'renamed to "Urgent"?' }],
      ['field-values-added', { to: ['Urgent'] }],
    ],
  },
  {
    name: 'valid values where there were none, and none where there were',
    given: [
      service([element('A', [f('a'), f('b', { validValues: ['ON', 'OFF'] })])]),
      service([element('A', [f('a', { validValues: ['ON', 'OFF'] }), f('b')])]),
    ],
    want: [
      ['field-values-restricted', { to: ['ON', 'OFF'] }],
      ['field-values-unrestricted', { from: ['ON', 'OFF'] }],
    ],
  },
  {
    name: 'DbColumnName changed; lengths that follow their column',
    given: [
      service([
        element('A', [
          f('a', { dbColumn: 'oe_hdr.po_no' }),
          f('b', { dbColumn: 'oe_hdr.taker' }),
          f('c', { dbColumn: 'x.c' }),
        ]),
      ]),
      service([
        element('A', [
          f('a', { dbColumn: 'oe_hdr.po_no' }),
          f('b', { dbColumn: 'OE_HDR.TAKER' }),
          f('c', { dbColumn: 'x.d' }),
        ]),
      ]),
    ],
    want: [
      ['field-length-shrunk', { from: 50, to: 40, via: 'oe_hdr.po_no' }],
      ['field-length-grown', { from: 16, to: 'max', via: 'OE_HDR.TAKER' }],
      ['field-column-changed', { from: 'x.c', to: 'x.d' }],
    ],
  },
  {
    name: 'the definitions overlay: a field disabled, one no longer, one made required in new rows, one no longer',
    given: [
      service([
        element('A', [
          f('a'),
          f('b', { overlay: { disabled: true } }),
          f('c'),
          f('d', { overlay: { required: true } }),
        ]),
      ]),
      service([
        element('A', [
          f('a', { overlay: { disabled: true } }),
          f('b'),
          f('c', { overlay: { required: true } }),
          f('d'),
        ]),
      ]),
    ],
    want: [['field-disabled'], ['field-enabled'], ['field-required-on-server'], ['field-not-required-on-server']],
  },
  {
    name: "the overlay's required: false overrules the definition's flag; the line dropped, the flag is back",
    given: [
      service([
        element('A', [
          f('a', { required: true }),
          f('b', { required: true, overlay: { required: false } }),
          f('c', { overlay: { required: false } }),
        ]),
      ]),
      service([
        element('A', [
          f('a', { required: true, overlay: { required: false } }),
          f('b', { required: true }),
          // the definition changed under a line that pins the flag: nothing the package does changes
          f('c', { required: true, overlay: { required: false } }),
        ]),
      ]),
    ],
    want: [['field-optional'], ['field-required']],
  },
  {
    name: 'a field flagged Required disabled: only disabled; a line turned from disabled to required: both said',
    given: [
      service([element('A', [f('a', { required: true }), f('b', { overlay: { disabled: true } })])]),
      service([
        element('A', [
          f('a', { required: true, overlay: { disabled: true } }),
          f('b', { overlay: { required: true } }),
        ]),
      ]),
    ],
    want: [['field-disabled'], ['field-enabled'], ['field-required-on-server']],
  },
];

const lengths = new Map([
  ['oe_hdr.po_no', { from: 50, to: 40 }],
  ['oe_hdr.taker', { from: 16, to: Infinity }],
]);

describe('the rule table', () => {
  it.each(objectCases)('tables: $name', ({ given: [before, after], want, table }) => {
    expect(shape(compareObjects(obj(table ?? 't', before), obj(table ?? 't', after), knownValues))).toEqual(
      want.map(([rule, facts]) => [rule, facts ?? {}]),
    );
  });

  it.each(serviceCases)('services: $name', ({ given: [before, after], want }) => {
    // the same column in upper case is the same column: transaction fields name columns either way
    const lengthChange = (column: string) => lengths.get(column.toLowerCase());
    expect(shape(compareServices(before, after, lengthChange))).toEqual(
      want.map(([rule, facts]) => [rule, facts ?? {}]),
    );
  });

  it('states every rule once, with a level and a one-sentence reason, and each is exercised above', () => {
    const exercised = new Set([...objectCases, ...serviceCases].flatMap((c) => c.want.map(([rule]) => rule)));
    // those a whole document or snapshot decides (objects and services come and go there, overlay lines name what
    // is not there: test/cli/diff.test.ts; a report service a fetch was not asked for: test/cli/fetch.test.ts)
    for (const rule of [
      'object-added',
      'object-removed',
      'service-added',
      'service-removed',
      'definitions-line-unmatched',
      'service-not-fetched',
    ] as const)
      exercised.add(rule);
    for (const [id, rule] of Object.entries(RULES)) {
      expect(['breaking', 'non-breaking'], id).toContain(rule.level);
      expect(rule.reason, id).toMatch(/^[^\n]{20,200}$/);
      expect(rule.reason, id).not.toMatch(/\.\s+[A-Z]/);
      expect(exercised.has(id as RuleId), id).toBe(true);
    }
  });

  it('classes as breaking what can stop code compiling or be refused, and nothing else', () => {
    const breaking = Object.entries(RULES)
      .filter(([, r]) => r.level === 'breaking')
      .map(([id]) => id)
      .sort();
    expect(breaking).toEqual([
      'column-length-shrunk',
      'column-not-null',
      'column-nullable',
      'column-precision-narrowed',
      'column-removed',
      'column-type-changed',
      'definitions-line-unmatched',
      'element-keys-changed',
      'element-removed',
      'element-type-changed',
      'field-added-required',
      'field-disabled',
      'field-length-shrunk',
      'field-removed',
      'field-required',
      'field-required-on-server',
      'field-type-changed',
      'field-values-removed',
      'field-values-restricted',
      'known-values-changed',
      'object-key-changed',
      'object-removed',
      'service-not-fetched',
      'service-removed',
    ]);
  });
});

describe('the text report', () => {
  it('is coloured on a terminal only, and not when NO_COLOR is set (and not empty)', () => {
    expect(colours({ isTTY: true }, {}).red('x')).toBe('\x1b[31mx\x1b[39m');
    expect(colours({ isTTY: true }, { NO_COLOR: '' }).red('x')).toBe('\x1b[31mx\x1b[39m');
    expect(colours({ isTTY: true }, { NO_COLOR: '1' }).red('x')).toBe('x');
    expect(colours({ isTTY: false }, {}).red('x')).toBe('x');
    expect(colours({}, {}).bold('x')).toBe('x');
  });
});
