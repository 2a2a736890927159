// Turns a parsed `$filter` into a SQLite WHERE clause with bound parameters, checking names and types the way
// the service does. Every documented refusal and quirk of the service lives here:
// - only `column operator literal` comparisons; a column on the right is taken as a string literal holding
//   the column's NAME, converted to the left column's type (a SQL Server conversion error for typed columns);
// - a quoted value against a non-string column: the OData "incompatible types" message;
// - `in` anywhere: the whole filter is ignored (every row answers);
// - `now()`, `substringof()` and every other function than startswith/endswith/contains: refused.
//
// Null semantics are SQL's (the service runs SQL on SQL Server): `col ne 'x'` and `not (col eq 'x')` do not
// match rows where col is null; `col eq null` / `col ne null` become IS NULL / IS NOT NULL. String comparisons
// ignore case through `ci()`, as the default SQL Server collation does. GUIDs order as lower-case text (SQL
// Server's own uniqueidentifier order is not reproduced).
import type { Column, ColumnKind } from '../schema.js';
import type { CompareOp, FilterNode, Literal } from './filter-parser.js';
import { INVALID_QUERY, QueryError } from './errors.js';
import { dateKey, decimalKey, intRange, parseDate, parseDateTime } from '../values.js';

/** A column as SQL sees it: its schema, its kind and its quoted internal SQL name. */
export interface SqlColumn {
  readonly column: Column;
  readonly kind: ColumnKind;
  readonly sql: string;
  /**
   * A key column compared through a function (a string without case, a decimal by its exact key): the quoted name of
   * the column that holds that comparison key, kept beside it, so that the table's key index can hold it (SQLite
   * indexes no function the sandbox defines)
   */
  readonly sortKey?: string;
}

/** What a column is compared and ordered by: its comparison key column, else its own value, else `as` of it. */
export function compared(col: SqlColumn, as: (sql: string) => string = (sql) => sql): string {
  return col.sortKey ?? as(col.sql);
}

/** What a filter is checked against: the object's entity type name (for messages) and its columns. */
export interface FilterTarget {
  readonly entityType: string;
  readonly columns: ReadonlyMap<string, SqlColumn>;
}

export interface SqlFragment {
  readonly sql: string;
  readonly params: readonly unknown[];
}

const OPERATOR_KIND: Readonly<Record<CompareOp, string>> = {
  eq: 'Equal',
  ne: 'NotEqual',
  gt: 'GreaterThan',
  ge: 'GreaterThanOrEqual',
  lt: 'LessThan',
  le: 'LessThanOrEqual',
};

const SQL_OPERATOR: Readonly<Record<CompareOp, string>> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

const STRING_FUNCTIONS: ReadonlySet<string> = new Set(['startswith', 'endswith', 'contains']);

/** SQL functions the translation relies on; the store registers them on its database. */
export const SQL_FUNCTIONS = {
  /** case folding for comparisons and ordering, like a case-insensitive collation */
  ci: (value: unknown): unknown => (typeof value === 'string' ? value.toLowerCase() : value),
  dec_key: (value: unknown): unknown => (value === null ? null : (decimalKey(String(value)) ?? null)),
  odata_startswith: (s: unknown, p: unknown) => stringTest(s, p, (a, b) => a.startsWith(b)),
  odata_endswith: (s: unknown, p: unknown) => stringTest(s, p, (a, b) => a.endsWith(b)),
  odata_contains: (s: unknown, p: unknown) => stringTest(s, p, (a, b) => a.includes(b)),
} as const;

/** Plain substring tests: `%` and `_` in the value are ordinary characters, not LIKE wildcards. */
function stringTest(s: unknown, p: unknown, test: (a: string, b: string) => boolean): number | null {
  if (typeof s !== 'string' || typeof p !== 'string') return null;
  return test(s.toLowerCase(), p.toLowerCase()) ? 1 : 0;
}

function containsIn(node: FilterNode): boolean {
  switch (node.kind) {
    case 'in':
      return true;
    case 'or':
    case 'and':
      return containsIn(node.left) || containsIn(node.right);
    case 'not':
      return containsIn(node.operand);
    case 'compare':
      return containsIn(node.left) || containsIn(node.right);
    case 'call':
      return node.args.some(containsIn);
    default:
      return false;
  }
}

/**
 * The WHERE clause for a parsed filter, or undefined when the service ignores the filter (it contains `in`).
 * Throws QueryError for anything the service refuses.
 */
export function translateFilter(node: FilterNode, target: FilterTarget): SqlFragment | undefined {
  if (containsIn(node)) return undefined;
  return new Translator(target).top(node);
}

class Translator {
  private readonly params: unknown[] = [];

  constructor(private readonly target: FilterTarget) {}

  top(node: FilterNode): SqlFragment {
    if (this.typeOf(node) !== 'Edm.Boolean') {
      throw new QueryError(`${INVALID_QUERY} The $filter expression must evaluate to a single boolean value.`);
    }
    return { sql: this.bool(node), params: this.params };
  }

  private column(node: { readonly name: string }): SqlColumn {
    const column = this.target.columns.get(node.name);
    if (!column)
      throw new QueryError(`Could not find a property named '${node.name}' on type '${this.target.entityType}'.`);
    return column;
  }

  /** The Edm type an expression has, as OData names it in messages. */
  private typeOf(node: FilterNode): string {
    switch (node.kind) {
      case 'property':
        return this.column(node).column.edmType;
      case 'literal':
        return literalType(node.literal);
      case 'call':
        this.checkFunctionName(node.name);
        return 'Edm.Boolean';
      default:
        return 'Edm.Boolean';
    }
  }

  private bind(value: unknown): string {
    this.params.push(value);
    return '?';
  }

  /** SQL for an expression that must be a boolean condition. */
  private bool(node: FilterNode): string {
    switch (node.kind) {
      case 'or':
      case 'and': {
        const op = node.kind === 'or' ? 'Or' : 'And';
        const [l, r] = [this.typeOf(node.left), this.typeOf(node.right)];
        if (l !== 'Edm.Boolean' || r !== 'Edm.Boolean') {
          throw new QueryError(
            `${INVALID_QUERY} A binary operator with incompatible types was detected. Found operand types '${l}' and '${r}' for operator kind '${op}'.`,
          );
        }
        return `(${this.bool(node.left)} ${node.kind.toUpperCase()} ${this.bool(node.right)})`;
      }
      case 'not': {
        const type = this.typeOf(node.operand);
        if (type !== 'Edm.Boolean') {
          throw new QueryError(
            `${INVALID_QUERY} A unary operator with an incompatible type was detected. Found operand type '${type}' for operator kind 'Not'.`,
          );
        }
        return `(NOT ${this.bool(node.operand)})`;
      }
      case 'compare':
        return this.compare(node.op, node.left, node.right);
      case 'call':
        return this.call(node.name, node.args, node.at);
      case 'property':
        // only a Boolean column reaches here (typeOf was checked by the caller)
        return `(${this.column(node).sql} = 1)`;
      case 'literal':
        return node.literal.type === 'boolean' && node.literal.value ? '1' : '0';
      case 'in':
        throw new Error('unreachable: filters with `in` are ignored before translation');
    }
  }

  private compare(op: CompareOp, left: FilterNode, right: FilterNode): string {
    // unknown names and functions (`now()`) are reported before the shape of the comparison, as OData binds them
    this.typeOf(left);
    this.typeOf(right);
    if (left.kind !== 'property') {
      if (left.kind === 'not') this.bool(left); // reports `not <non-boolean>` the way OData binds it: first
      throw new QueryError(
        `${INVALID_QUERY} The left operand of '${OPERATOR_KIND[op]}' at position ${left.at} must be a property; only 'property operator literal' comparisons are supported.`,
      );
    }
    const col = this.column(left);
    if (right.kind === 'property') {
      // documented quirk: the name on the right is taken as a string literal
      this.column(right);
      return this.compareNameAsText(op, col, right.name);
    }
    if (right.kind !== 'literal') {
      throw new QueryError(
        `${INVALID_QUERY} The right operand of '${OPERATOR_KIND[op]}' at position ${right.at} must be a literal; only 'property operator literal' comparisons are supported.`,
      );
    }
    return this.compareLiteral(op, col, right.literal);
  }

  private compareNameAsText(op: CompareOp, col: SqlColumn, name: string): string {
    if (col.kind !== 'string') throw new QueryError(conversionFailure(col, name));
    return `(ci(${col.sql}) ${SQL_OPERATOR[op]} ${this.bind(name.toLowerCase())})`;
  }

  private compareLiteral(op: CompareOp, col: SqlColumn, literal: Literal): string {
    const sqlOp = SQL_OPERATOR[op];
    if (literal.type === 'null') {
      if (op === 'eq') return `(${col.sql} IS NULL)`;
      if (op === 'ne') return `(${col.sql} IS NOT NULL)`;
      return '0'; // an ordering comparison with NULL is never true in SQL
    }
    const incompatible = (): QueryError =>
      new QueryError(
        `${INVALID_QUERY} A binary operator with incompatible types was detected. Found operand types '${col.column.edmType}' and '${literalType(literal)}' for operator kind '${OPERATOR_KIND[op]}'.`,
      );
    switch (col.kind) {
      case 'string':
        if (literal.type !== 'string') throw incompatible();
        return `(${compared(col, (c) => `ci(${c})`)} ${sqlOp} ${this.bind(literal.value.toLowerCase())})`;
      case 'decimal': {
        if (literal.type !== 'number') throw incompatible();
        return `(${compared(col, (c) => `dec_key(${c})`)} ${sqlOp} ${this.bind(numberKey(literal.text))})`;
      }
      case 'int':
      case 'float': {
        if (literal.type !== 'number') throw incompatible();
        return `(${col.sql} ${sqlOp} ${this.bind(numberValue(literal.text, literal.integer))})`;
      }
      case 'boolean':
        if (literal.type !== 'boolean') throw incompatible();
        return `(${col.sql} ${sqlOp} ${this.bind(literal.value ? 1 : 0)})`;
      case 'date':
      case 'datetime': {
        if (literal.type !== 'date' && literal.type !== 'datetime') throw incompatible();
        const key = temporalKey(literal.type, literal.text);
        // stored dates are `YYYY-MM-DD`, stored date-times `YYYY-MM-DDThh:mm:ss.sssZ`: both become a key
        if (col.kind === 'date' && literal.type === 'date') return `(${col.sql} ${sqlOp} ${this.bind(literal.text)})`;
        const columnKey = col.kind === 'date' ? `(${col.sql} || 'T00:00:00.000')` : `substr(${col.sql}, 1, 23)`;
        return `(${columnKey} ${sqlOp} ${this.bind(key)})`;
      }
      case 'guid':
        if (literal.type !== 'guid') throw incompatible();
        return `(lower(${col.sql}) ${sqlOp} ${this.bind(literal.text.toLowerCase())})`;
      default:
        // time of day, duration, binary and geographic columns have no literal form on this service
        throw incompatible();
    }
  }

  private checkFunctionName(name: string): void {
    if (STRING_FUNCTIONS.has(name)) return;
    if (name === 'now') {
      throw new QueryError(`${INVALID_QUERY} The function 'now' is not supported; use an explicit date-time literal.`);
    }
    throw new QueryError(
      `An unknown function with name '${name}' was found. This may also be a function import or a key lookup on a navigation property, which is not allowed.`,
    );
  }

  private call(name: string, args: readonly FilterNode[], at: number): string {
    this.checkFunctionName(name);
    const noSignature = (): QueryError =>
      new QueryError(
        `${INVALID_QUERY} No function signature for the function with name '${name}' matches the specified arguments. The function signatures considered are: ${name}(Edm.String Nullable=true, Edm.String Nullable=true).`,
      );
    const [subject, value] = args;
    if (args.length !== 2 || !subject || !value) throw noSignature();
    if (subject.kind !== 'property') {
      throw new QueryError(
        `${INVALID_QUERY} The first argument of '${name}' at position ${at} must be a property; only '${name}(property, literal)' is supported.`,
      );
    }
    const col = this.column(subject);
    if (col.kind !== 'string') throw noSignature();
    let text: string | null;
    if (value.kind === 'property') {
      this.column(value);
      text = value.name; // the same quirk as in comparisons: the name is the text
    } else if (value.kind === 'literal' && value.literal.type === 'string') text = value.literal.value;
    else if (value.kind === 'literal' && value.literal.type === 'null') text = null;
    else throw noSignature();
    return `(odata_${name}(${col.sql}, ${this.bind(text)}) = 1)`;
  }
}

function literalType(literal: Literal): string {
  switch (literal.type) {
    case 'string':
      return 'Edm.String';
    case 'number': {
      if (!literal.integer) return 'Edm.Decimal';
      const n = BigInt(literal.text);
      if (n >= -2147483648n && n <= 2147483647n) return 'Edm.Int32';
      return n >= intRange('Edm.Int64')[0] && n <= intRange('Edm.Int64')[1] ? 'Edm.Int64' : 'Edm.Decimal';
    }
    case 'boolean':
      return 'Edm.Boolean';
    case 'null':
      return 'null';
    case 'date':
      return 'Edm.Date';
    case 'datetime':
      return 'Edm.DateTimeOffset';
    case 'guid':
      return 'Edm.Guid';
  }
}

function numberKey(text: string): string {
  const key = decimalKey(text);
  if (key === undefined) throw new QueryError(`${INVALID_QUERY} The number '${text}' is too large.`);
  return key;
}

/** Integers are bound exactly (BigInt) while they fit 64 bits; anything else compares as a double. */
function numberValue(text: string, integer: boolean): bigint | number {
  if (integer) {
    const n = BigInt(text);
    const [min, max] = intRange('Edm.Int64');
    if (n >= min && n <= max) return n;
  }
  return Number(text);
}

function temporalKey(type: 'date' | 'datetime', text: string): string {
  if (type === 'date') {
    if (parseDate(text) === undefined) throw new QueryError(`Unrecognized 'Edm.Date' literal '${text}'.`);
    return dateKey(text);
  }
  const parsed = parseDateTime(text);
  if (!parsed) throw new QueryError(`Unrecognized 'Edm.DateTimeOffset' literal '${text}'.`);
  return parsed.key;
}

const SQL_INT_NAMES: Readonly<Record<string, string>> = {
  'Edm.Byte': 'tinyint',
  'Edm.SByte': 'smallint',
  'Edm.Int16': 'smallint',
  'Edm.Int32': 'int',
  'Edm.Int64': 'bigint',
};

/** SQL Server's message for converting the text `value` to the column's type, as the service passes it on. */
function conversionFailure(col: SqlColumn, value: string): string {
  switch (col.kind) {
    case 'decimal':
      return 'Error converting data type nvarchar to numeric.';
    case 'float':
      return 'Error converting data type nvarchar to float.';
    case 'int':
      return `Conversion failed when converting the nvarchar value '${value}' to data type ${SQL_INT_NAMES[col.column.edmType] ?? 'int'}.`;
    case 'boolean':
      return `Conversion failed when converting the nvarchar value '${value}' to data type bit.`;
    case 'date':
    case 'datetime':
    case 'time':
      return 'Conversion failed when converting date and/or time from character string.';
    case 'guid':
      return 'Conversion failed when converting from a character string to uniqueidentifier.';
    default:
      return `Implicit conversion from data type nvarchar to the type of column '${col.column.name}' is not allowed.`;
  }
}
