// The plan (generator/model/plan.ts): given the objects the documents expose and the config's selection, wanted:
// each object with its names, and why it is left out when it is. Its module paths are the package's subpaths.
import { describe, expect, it } from 'vitest';
import { objectModulePath, planObjects, serviceModulePath, type IndexedObject } from '../../../generator/model/plan.js';
import type { Selection } from '../../../generator/model/select.js';

const table = (name: string): IndexedObject => ({ name, surface: 'table', entityType: `ERP.${name}` });
const view = (name: string): IndexedObject => ({ name, surface: 'view', entityType: `ERP.${name}` });

const cases: ReadonlyArray<
  readonly [string, { given: readonly [IndexedObject[], Selection]; want: ReadonlyArray<readonly [string, string]> }]
> = [
  [
    'every object, in the order given; unreachable ones left out unless includeUnreachable',
    {
      given: [
        [table('pallet'), table('bin'), view('v_pallet')],
        { include: ['*'], exclude: [], includeUnreachable: false },
      ],
      want: [
        ['table pallet', 'generated'],
        ['table bin', 'unreachable'],
        ['view v_pallet', 'generated'],
      ],
    },
  ],
  [
    'includeUnreachable: an unreachable object is generated as any other',
    {
      given: [[table('bin')], { include: ['*'], exclude: [], includeUnreachable: true }],
      want: [['table bin', 'generated']],
    },
  ],
  [
    'include and exclude choose: what they leave is excluded, still planned (the catalog lists it)',
    {
      given: [
        [table('pallet'), table('oe_hdr'), view('v_pallet')],
        { include: ['pallet', 'v_*'], exclude: ['v_*'], includeUnreachable: false },
      ],
      want: [
        ['table pallet', 'generated'],
        ['table oe_hdr', 'excluded'],
        ['view v_pallet', 'excluded'],
      ],
    },
  ],
];

describe('planObjects', () => {
  it.each(cases)('%s', (_, { given, want }) => {
    const plan = planObjects(...given);
    expect(plan.map((o) => [`${o.surface} ${o.name}`, o.omitted?.reason ?? 'generated'])).toEqual(want);
  });

  it('names each object once, a reserved word and a name of another case apart', () => {
    const plan = planObjects([table('class'), table('Pallet'), table('pallet')], {
      include: ['*'],
      exclude: [],
      includeUnreachable: false,
    });
    const stems = plan.map((o) => o.stem);
    expect(new Set(stems.map((s) => s.toLowerCase())).size).toBe(3);
    expect(plan[0]!.value).not.toBe('class');
    expect(plan.map(objectModulePath)).toEqual(stems.map((s) => `tables/${s}`));
  });

  it('places modules at the subpaths package.json exports', () => {
    expect(objectModulePath({ surface: 'view', stem: 'v_stock' })).toBe('views/v_stock');
    expect(serviceModulePath({ stem: 'Order', value: 'Order', type: 'Order' })).toBe('transactions/Order');
  });
});
