// Filters tied to their object. A filter lambda gets one accessor per column with only the operations the
// column's kind allows: comparisons for all, string functions for strings, `eq(null)` / `ne(null)` only on
// nullable columns, `in([...])` sent as an `or` chain (the service ignores `in` and returns every row).
// Every comparison is `column operator literal`: there is no way to put a column on the right, do
// arithmetic, call `now()` or `substringof`, which the service rejects.
import { ErpQueryError } from './errors.js';
import { literal } from './literals.js';
/** The only implementation; not exported from the package, so no filter text can be made up by hand. */
class FilterNode {
  text;
  precedence;
  constructor(text, precedence) {
    this.text = text;
    this.precedence = precedence;
  }
  toString() {
    return this.text;
  }
}
/** Filters are FilterNodes at run time; the brand exists only for the compiler. */
function node(text, precedence) {
  return new FilterNode(text, precedence);
}
export function isFilter(value) {
  return value instanceof FilterNode;
}
function wrap(filter, tighter) {
  const rank = { or: 0, and: 1, atom: 2 };
  return rank[filter.precedence] < rank[tighter] ? `(${filter.text})` : filter.text;
}
function checkFilters(filters, what) {
  if (filters.length === 0) throw new ErpQueryError(`${what}() needs at least one filter`);
  for (const f of filters)
    if (!isFilter(f)) throw new ErpQueryError(`${what}(): ${String(f)} is not a filter built by the column accessors`);
}
/** Every filter holds. */
export function and(...filters) {
  checkFilters(filters, 'and');
  if (filters.length === 1) return filters[0];
  return node(filters.map((f) => wrap(f, 'and')).join(' and '), 'and');
}
/** At least one filter holds. */
export function or(...filters) {
  checkFilters(filters, 'or');
  if (filters.length === 1) return filters[0];
  return node(filters.map((f) => wrap(f, 'or')).join(' or '), 'or');
}
/** The filter does not hold. (`not` binds tighter than `eq` in OData, so its operand is always in parentheses.) */
export function not(filter) {
  checkFilters([filter], 'not');
  return node(`not (${filter.text})`, 'atom');
}
const OPERATORS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
/** OData names columns by identifier only: a column named `my col` or `2024` cannot appear in a query. */
export function checkColumnName(column, object) {
  if (!/^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}\p{Cf}]{0,127}$/u.test(column)) {
    throw new ErpQueryError(
      `${object}: column ${JSON.stringify(column)} is not an OData identifier, so no query can name it (select all columns instead)`,
    );
  }
}
function accessor(column, kind, object) {
  const what = `${object}.${column}`;
  const compare = (op) => (value) => {
    checkColumnName(column, object);
    if (value === null && op !== 'eq' && op !== 'ne')
      throw new ErpQueryError(`${what}: ${op}(null) is not a filter; only eq(null) and ne(null) are`);
    return node(`${column} ${op} ${literal(kind, value, what)}`, 'atom');
  };
  const ops = {};
  if (kind === 'binary' || kind === 'other') {
    for (const op of ['eq', 'ne']) {
      ops[op] = (value) => {
        if (value !== null) throw new ErpQueryError(`${what}: a ${kind} column can only be compared with null`);
        return compare(op)(null);
      };
    }
    return ops;
  }
  for (const op of OPERATORS) ops[op] = compare(op);
  ops['in'] = (values) => {
    if (!Array.isArray(values) || values.length === 0)
      throw new ErpQueryError(
        `${what}: in() needs at least one value (an empty list matches no row: skip the query instead)`,
      );
    const terms = values.map((v) => compare('eq')(v));
    return terms.length === 1 ? terms[0] : node(terms.map((t) => t.text).join(' or '), 'or');
  };
  if (kind === 'string') {
    for (const [method, fn] of [
      ['startsWith', 'startswith'],
      ['endsWith', 'endswith'],
      ['contains', 'contains'],
    ]) {
      ops[method] = (text) => {
        checkColumnName(column, object);
        if (typeof text !== 'string') throw new ErpQueryError(`${what}: ${method}() takes a string`);
        return node(`${fn}(${column},${literal('string', text, what)})`, 'atom');
      };
    }
  }
  return ops;
}
/** The accessors of an object's columns; created once per object and reused. */
export function columnAccessors(object, kinds) {
  // no prototype: a column may be named `constructor` or `__proto__` and must mean the column
  const columns = Object.create(null);
  for (const column of Object.keys(kinds)) {
    Object.defineProperty(columns, column, { value: accessor(column, kinds[column], object), enumerable: true });
  }
  return Object.freeze(columns);
}
