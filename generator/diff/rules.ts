// The kinds of schema change `erpgen diff` reports, one rule each: an id, a level and the reason for the level,
// stated once here (after oasdiff's checkers: one rule per kind of change). Breaking means that code which
// compiled against the old package may no longer compile against the new one, or may be refused by the server.
// The comparison (compare.ts) only says which rule a change falls under; the level always comes from here.

export type Level = 'breaking' | 'non-breaking';

export interface Rule {
  readonly level: Level;
  readonly reason: string;
}

export const RULES = {
  'object-added': {
    level: 'non-breaking',
    reason: 'a new module: nothing that compiled before refers to it',
  },
  'object-removed': {
    level: 'breaking',
    reason: 'its module is gone: imports of it no longer compile, and the server no longer serves it',
  },
  'object-key-changed': {
    level: 'breaking',
    reason: 'rows are told apart by another key: paging order, `changedSince` and updates by key change',
  },
  'column-added': {
    level: 'non-breaking',
    reason: 'rows gain a field: code written before does not name it',
  },
  'column-removed': {
    level: 'breaking',
    reason: 'rows lose the field: code that selects, filters or reads it no longer compiles',
  },
  'column-type-changed': {
    level: 'breaking',
    reason:
      'its TypeScript type and filter operations change: code that reads, filters or writes it may no longer compile',
  },
  'column-type-changed-same-kind': {
    level: 'non-breaking',
    reason: 'another Edm type of the same kind: the TypeScript type, the filters and the literals stay the same',
  },
  'column-nullable': {
    level: 'breaking',
    reason: 'it may now be null: code that uses its value without a null check no longer compiles',
  },
  'column-not-null': {
    level: 'breaking',
    reason: 'it can no longer be null: `eq(null)` and `ne(null)` filters on it no longer compile',
  },
  'column-length-shrunk': {
    level: 'breaking',
    reason:
      'values longer than the new length are refused on write (transaction fields on this column, user-defined table updates)',
  },
  'column-length-grown': {
    level: 'non-breaking',
    reason: 'longer values fit: everything that fitted still does',
  },
  'column-precision-narrowed': {
    level: 'breaking',
    reason: 'fewer digits fit: the server may refuse or round values that fitted before',
  },
  'column-precision-widened': {
    level: 'non-breaking',
    reason: 'more digits fit: everything that fitted still does',
  },
  'known-values-changed': {
    level: 'breaking',
    reason:
      "another set of erpgen.config.json's known values narrows the column (or none does): code comparing or writing its codes may no longer compile",
  },
  'service-added': {
    level: 'non-breaking',
    reason: 'a new module: nothing that compiled before refers to it',
  },
  'service-removed': {
    level: 'breaking',
    reason: 'its module is gone: imports of it no longer compile, and the server refuses its transactions',
  },
  'service-not-fetched': {
    level: 'breaking',
    reason:
      'a report service the server hides from its list, not asked for by the fetch: the package generated from the new snapshot has no module for it',
  },
  'element-added': {
    level: 'non-breaking',
    reason: 'a new data element: code written before does not name it',
  },
  'element-removed': {
    level: 'breaking',
    reason: '`form()` and `list()` calls naming it no longer compile',
  },
  'element-type-changed': {
    level: 'breaking',
    reason:
      'a Form element became a List or the other way round: `form()` or `list()` calls naming it no longer compile',
  },
  'element-keys-changed': {
    level: 'breaking',
    reason: 'the usual keys (KeyFields) changed: writes keyed on the old ones may no longer find their rows',
  },
  'field-added': {
    level: 'non-breaking',
    reason: 'a new optional field: rows written before need not name it',
  },
  'field-added-required': {
    level: 'breaking',
    reason: 'a new field the definition marks required: new rows without it may be refused',
  },
  'field-removed': {
    level: 'breaking',
    reason: 'rows naming it no longer compile, and the server refuses it',
  },
  'field-required': {
    level: 'breaking',
    reason:
      'now marked required (by its definition, or no longer overruled by erpgen.config.json definitions): new rows without it may be refused (`missingRequired()` reports it)',
  },
  'field-optional': {
    level: 'non-breaking',
    reason:
      'no longer marked required (by its definition, or overruled by erpgen.config.json definitions): rows with it are still taken',
  },
  'field-disabled': {
    level: 'breaking',
    reason:
      'erpgen.config.json definitions say the server refuses it (disabled on this server): rows that write it no longer compile',
  },
  'field-enabled': {
    level: 'non-breaking',
    reason: 'erpgen.config.json definitions no longer say it is disabled: rows may write it again',
  },
  'field-required-on-server': {
    level: 'breaking',
    reason:
      'erpgen.config.json definitions say the server needs it (required: true): new rows (no keys) without it no longer compile',
  },
  'field-not-required-on-server': {
    level: 'non-breaking',
    reason: 'erpgen.config.json definitions no longer say the server needs it: rows without it compile again',
  },
  'definitions-line-unmatched': {
    level: 'breaking',
    reason:
      'a line of erpgen.config.json definitions names a service, data element or field the new snapshot does not have: `erpgen generate` refuses the config until the line is fixed or removed',
  },
  'field-type-changed': {
    level: 'breaking',
    reason: 'its DataType changed, and so does the type of value it takes: writes of it may no longer compile',
  },
  'field-values-removed': {
    level: 'breaking',
    reason: 'ValidValues lost labels: writes of them no longer compile (unless code values are sent)',
  },
  'field-values-added': {
    level: 'non-breaking',
    reason: 'ValidValues gained labels: every label written before is still valid',
  },
  'field-values-restricted': {
    level: 'breaking',
    reason: 'the field now takes only its ValidValues: writes of any other value no longer compile',
  },
  'field-values-unrestricted': {
    level: 'non-breaking',
    reason: 'the field no longer has ValidValues: it takes any value of its type',
  },
  'field-column-changed': {
    level: 'non-breaking',
    reason: 'DbColumnName names another column: its length and documentation come from there',
  },
  'field-length-shrunk': {
    level: 'breaking',
    reason: "values longer than its column's new length are refused (identifiers) or cut (free text)",
  },
  'field-length-grown': {
    level: 'non-breaking',
    reason: 'longer values fit: everything that fitted still does',
  },
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

export function levelOf(rule: RuleId): Level {
  return RULES[rule].level;
}

/** Changes of a member's type: they break the places that use its value, whichever way. */
export const TYPE_RULES: ReadonlySet<RuleId> = new Set<RuleId>([
  'column-type-changed',
  'column-nullable',
  'column-not-null',
  'field-type-changed',
  'field-values-removed',
  'field-values-added',
  'field-values-restricted',
  'field-values-unrestricted',
]);

/**
 * Changes that break only the places that write a value (a length, a precision, which fields a row must have):
 * a read of the member is not broken by them.
 */
export const WRITE_RULES: ReadonlySet<RuleId> = new Set<RuleId>([
  'column-length-shrunk',
  'column-length-grown',
  'column-precision-narrowed',
  'column-precision-widened',
  'field-length-shrunk',
  'field-length-grown',
  'field-required',
  'field-optional',
  'field-disabled',
  'field-enabled',
  'field-required-on-server',
  'field-not-required-on-server',
]);
