// Known values: closed sets of codes the service documents give for some columns. They narrow a column's
// type (`row_status_flag: 704 | 705 | 700`) and become named constants (`RowStatusFlag.Active`). The
// built-in sets come from the service documents; a config adds sets or replaces one by giving its name.
import picomatch from 'picomatch';
import type { ColumnKind } from './edm.js';

export interface KnownValueSet {
  /** the exported constant and type, e.g. `RowStatusFlag` */
  readonly name: string;
  /** what the codes mean and where the rule comes from */
  readonly description: string;
  /** `object.column` globs over the columns that hold these codes, e.g. `*.row_status_flag` */
  readonly columns: readonly string[];
  /** member name to code */
  readonly values: Readonly<Record<string, string | number>>;
}

export const BUILT_IN_KNOWN_VALUES: readonly KnownValueSet[] = [
  {
    name: 'RowStatusFlag',
    description:
      'Record status of tables with `row_status_flag`: soft-deleted rows (700) are not removed and keep their old values.',
    columns: ['*.row_status_flag'],
    values: { Active: 704, Inactive: 705, Delete: 700 },
  },
  {
    name: 'DeleteFlag',
    description:
      "Record status of tables with `delete_flag` (`customer`, `supplier`, `inv_mast` and many others): 'Y' is deleted.",
    columns: ['*.delete_flag'],
    values: { Yes: 'Y', No: 'N' },
  },
  {
    name: 'OrderCompleted',
    description:
      "`oe_hdr.completed`: 'T' marks an order left in an in-progress editing state; such rows refuse Transaction API writes.",
    columns: ['oe_hdr.completed'],
    values: { Yes: 'Y', No: 'N', Editing: 'T' },
  },
  {
    name: 'ProjectedOrder',
    description:
      "`oe_hdr.projected_order`: 'Y' marks a quote (`quote_type` is empty on every row and there is no `quote_flag`).",
    columns: ['oe_hdr.projected_order'],
    values: { Quote: 'Y', Order: 'N' },
  },
  {
    name: 'CreditStatus',
    description: 'Credit status codes of `customer.credit_status`, decoded by the `credit_status` table.',
    columns: ['customer.credit_status', 'credit_status.credit_status', 'svc_view_es_customer.credit_status'],
    values: { GOOD: 'GOOD', ACA: 'ACA', WATCH: 'WATCH', TRC: 'TRC', PRC: 'PRC', COD: 'COD', TBD: 'TBD' },
  },
];

/** Built-ins first, then the config's sets; a config set with a built-in's name replaces it in place. */
export function mergeKnownValues(extra: readonly KnownValueSet[]): KnownValueSet[] {
  const merged = [...BUILT_IN_KNOWN_VALUES];
  for (const set of extra) {
    const at = merged.findIndex((s) => s.name === set.name);
    if (at >= 0) merged[at] = set;
    else merged.push(set);
  }
  return merged;
}

const NUMERIC_KINDS: ReadonlySet<ColumnKind> = new Set(['int', 'decimal', 'float']);

/**
 * The column names a set's globs can match, when each glob ends in a plain name (`*.delete_flag`,
 * `oe_hdr.completed`): a path `object.column` matches only if its last dotted part is one of them. Undefined when a
 * glob ends otherwise (`oe_*.*_flag`) or is a negation: then every column is matched by the globs themselves.
 */
function lastParts(globs: readonly string[]): ReadonlySet<string> | undefined {
  const parts = new Set<string>();
  for (const glob of globs) {
    const part = glob.slice(glob.lastIndexOf('.') + 1);
    if (glob.startsWith('!') || !glob.includes('.') || /[*?[\]{}()!+@\\/]/.test(part)) return undefined;
    parts.add(part);
  }
  return parts;
}

/** Finds the known-value set of a column: the first set whose glob matches and whose codes fit the column. */
export class KnownValueIndex {
  private readonly matchers: Array<{
    set: KnownValueSet;
    matches: (path: string) => boolean;
    numeric: boolean;
    lastParts: ReadonlySet<string> | undefined;
  }>;
  constructor(readonly sets: readonly KnownValueSet[]) {
    this.matchers = sets.map((set) => ({
      set,
      matches: picomatch([...set.columns], { dot: true }),
      numeric: Object.values(set.values).every((v) => typeof v === 'number'),
      lastParts: lastParts(set.columns),
    }));
  }

  lookup(object: string, column: string, kind: ColumnKind): KnownValueSet | undefined {
    const path = `${object}.${column}`;
    // most columns are in no set: the globs' last parts say so without running them
    const last = path.slice(path.lastIndexOf('.') + 1);
    for (const m of this.matchers) {
      // a set of numbers only narrows numeric columns, a set of strings only string columns
      if (m.numeric ? !NUMERIC_KINDS.has(kind) : kind !== 'string') continue;
      if (m.lastParts && !m.lastParts.has(last)) continue;
      if (m.matches(path)) return m.set;
    }
    return undefined;
  }
}
