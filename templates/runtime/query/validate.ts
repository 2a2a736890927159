// Row validation (`validate: 'warn' | 'error'`): each row a page brings is checked against its object's columns as
// the snapshot describes them, so that a server that changed under the package (a column of another type, a
// column that became nullable or longer, one added or gone) is noticed where the rows arrive rather than deep in
// the caller's code. Opt-in: it costs a pass over every value.
//
// The checks are per column, planned once per object and selection: unknown columns (the server sends one the
// snapshot lacks), missing ones (a column asked for does not come), a value of the wrong kind, null where the
// snapshot says not null, and a string longer than its MaxLength (counted in UTF-16 units, as the database's
// nvarchar counts). OData annotations (`@odata.etag`) are not columns.
import type { ColumnKind } from '../column-kinds.js';
import { ErpRowValidationError, type RowProblem } from '../errors.js';
import { hasOwn, parseFacets } from '../object.js';
import type { Logger } from '../logger.js';

const DATE = /^-?\d{4,}-\d{2}-\d{2}$/;
const DATETIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}/;
const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Whether a value (not null) is of the kind: JSON numbers, or numeric strings where OData allows them (IEEE754Compatible). */
const KIND_CHECKS: { readonly [K in ColumnKind]: (value: unknown) => boolean } = {
  string: (v) => typeof v === 'string',
  int: (v) => (typeof v === 'number' ? Number.isInteger(v) : typeof v === 'string' && /^[-+]?\d+$/.test(v)),
  decimal: (v) => (typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && NUMERIC.test(v)),
  float: (v) => typeof v === 'number' || v === 'INF' || v === '-INF' || v === 'NaN',
  boolean: (v) => typeof v === 'boolean',
  date: (v) => typeof v === 'string' && DATE.test(v),
  datetime: (v) => typeof v === 'string' && DATETIME.test(v),
  time: (v) => typeof v === 'string',
  duration: (v) => typeof v === 'string',
  guid: (v) => typeof v === 'string',
  binary: (v) => typeof v === 'string',
  other: () => true,
};

/** What validation needs of an object: its columns' kinds and facets (object.ts). */
export interface Validated {
  readonly name: string;
  readonly surface: string;
  readonly columns?: object;
  readonly facets?: string | undefined;
}

/** Per column looked for, in parallel arrays: one indexed loop per row is the cheapest pass over its values. */
interface Plan {
  readonly where: string;
  readonly columns: readonly string[];
  readonly kinds: readonly ColumnKind[];
  readonly checks: ReadonlyArray<(value: unknown) => boolean>;
  readonly notNull: readonly boolean[];
  /** -1: no MaxLength */
  readonly maxLength: readonly number[];
  /** whether Object.prototype has a member of the column's name (then only an own-property test tells) */
  readonly inherited: readonly boolean[];
  readonly known: object;
}

const plans = new WeakMap<object, Map<string, Plan>>();

function planOf(object: Validated, select: readonly string[] | undefined): Plan {
  let byObject = plans.get(object);
  if (!byObject) plans.set(object, (byObject = new Map()));
  const key = select?.join('\u0000') ?? '';
  let plan = byObject.get(key);
  if (!plan) {
    const columns = (object.columns ?? {}) as Readonly<Record<string, ColumnKind>>;
    const facets = parseFacets(columns, object.facets);
    const names = select?.length ? select : Object.keys(columns);
    const kinds = names.map((c) => (hasOwn(columns, c) ? columns[c]! : 'other'));
    plan = {
      where: `${object.surface}/${object.name}`,
      columns: names,
      kinds,
      checks: kinds.map((k) => KIND_CHECKS[k]),
      notNull: names.map((c) => facets.get(c)?.notNull === true),
      maxLength: names.map((c) => facets.get(c)?.maxLength ?? -1),
      inherited: names.map((c) => c in {}),
      known: columns,
    };
    byObject.set(key, plan);
  }
  return plan;
}

/** Checks rows; `show` previews a value (redacted, then cut), `log` takes the lines of `warn`. */
export interface RowChecker {
  check(rows: readonly object[], firstIndex: number): void;
}

/** `warn` says a row's new problems in one line, the first PROBLEMS_SHOWN of them in full and the rest counted. */
const PROBLEMS_SHOWN = 3;
/** `warn` says at most this many lines of an object, then that it says no more of it. */
const LINES_PER_OBJECT = 20;

/**
 * What `warn` has said for a client: each problem (object, column, problem) once, and how many lines each object
 * had. A row of a hostile server with 100,000 unknown columns is one line, and an object's lines end at a cap.
 */
export type Said = Map<string, number>;

export function rowChecker(
  mode: 'warn' | 'error',
  object: Validated,
  select: readonly string[] | undefined,
  show: (value: unknown, length?: number) => string,
  log: Logger,
  said: Said,
): RowChecker {
  const plan = planOf(object, select);
  /** the new problems of the row being checked (`warn`): the first few in words, and how many there were */
  let problems: string[] = [];
  let count = 0;
  const report = (index: number, column: string, problem: RowProblem, what: string): void => {
    if (mode === 'error')
      throw new ErpRowValidationError(
        `${plan.where} row ${index}: column ${show(column, 60)} ${what}`,
        plan.where,
        column,
        index,
        problem,
      );
    const once = `${plan.where}\u0000${column}\u0000${problem}`;
    if (said.has(once)) return;
    count++;
    if (problems.length >= PROBLEMS_SHOWN) return;
    said.set(once, 1);
    problems.push(`column ${show(column, 60)} ${what}`);
  };
  /** the row's line, when it has news (`warn`) */
  const sayRow = (index: number): void => {
    if (count === 0) return;
    const lines = (said.get(plan.where) ?? 0) + 1;
    said.set(plan.where, lines);
    const more = count > problems.length ? `; and ${count - problems.length} more` : '';
    const last = lines === LINES_PER_OBJECT ? `; no more is said of ${plan.where}` : '';
    log(
      `erpgen row validation: ${plan.where} row ${index}: ${problems.join('; ')}${more} (said once per object, column and problem${last})`,
    );
    problems = [];
    count = 0;
  };
  const { columns, kinds, checks, notNull, maxLength, inherited } = plan;
  const n = columns.length;
  return {
    check(rows, firstIndex) {
      if (mode === 'warn' && (said.get(plan.where) ?? 0) >= LINES_PER_OBJECT) return;
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as Readonly<Record<string, unknown>>;
        const index = firstIndex + i;
        let present = 0;
        for (let j = 0; j < n; j++) {
          const column = columns[j]!;
          // JSON values are never undefined: only a name Object.prototype has needs the slower test
          const value = inherited[j] ? (hasOwn(row, column) ? row[column] : undefined) : row[column];
          if (value === undefined) {
            report(index, column, 'missing-column', 'is missing from the row');
            continue;
          }
          present++;
          if (value === null) {
            if (notNull[j]) report(index, column, 'null', 'is null, but the snapshot says not null');
          } else if (!checks[j]!(value))
            report(index, column, 'wrong-kind', `holds ${show(value, 40)}, not a value of kind ${kinds[j]}`);
          else if (maxLength[j]! >= 0 && typeof value === 'string' && value.length > maxLength[j]!)
            report(
              index,
              column,
              'too-long',
              `holds ${value.length} characters, more than its MaxLength ${maxLength[j]}: ${show(value, 40)}`,
            );
        }
        // every name the row has is one looked for: nothing unknown (the common case, told by a count)
        const names = Object.keys(row);
        if (names.length !== present)
          for (const column of names)
            if (!hasOwn(plan.known, column) && column[0] !== '@')
              report(index, column, 'unknown-column', 'is not in the snapshot');
        sayRow(index);
        if (mode === 'warn' && (said.get(plan.where) ?? 0) >= LINES_PER_OBJECT) return;
      }
    },
  };
}
