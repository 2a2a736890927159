/** The kinds of `table`'s user-defined fields, when the snapshot has its extension table. */
export function userFieldKinds(context, table) {
  return Object.prototype.hasOwnProperty.call(context.userDefinedFields, table)
    ? context.userDefinedFields[table]
    : undefined;
}
/** Where an answer departs from the documented shape: the path and what was wrong. */
export class ShapeIssue extends Error {
  path;
  problem;
  constructor(path, problem) {
    super(`${path}: ${problem}`);
    this.path = path;
    this.problem = problem;
  }
}
const DECIMAL_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
function describe(value) {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
/** One field's value, normalised; `undefined` or `null` only where the kind allows. */
function checkKind(kind, value, path) {
  if (value === undefined || value === null) {
    if (kind === 'text!' || kind === 'int!') throw new ShapeIssue(path, `required, got ${describe(value)}`);
    return value;
  }
  switch (kind) {
    case 'text!':
    case 'text':
      if (typeof value === 'string') return value;
      break;
    case 'int!':
    case 'int':
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      break;
    case 'decimal':
      // an integral decimal arrives as a JSON integer; a fractional one as its text (parseExactJson)
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return value;
      break;
    case 'yesNo':
      if (value === 'Y' || value === 'N') return value;
      break;
    case 'bool':
      if (typeof value === 'boolean') return value;
      break;
  }
  throw new ShapeIssue(path, `expected ${kind.replace('!', '')}, got ${JSON.stringify(value)}`);
}
/**
 * A record: its fields by kind, its children (required or nullable), its user-defined fields by kind where the
 * snapshot typed them (`udf`), any other field kept as it came.
 */
export function recordCheck(fields, children = {}, udf) {
  const userFields = udf ? recordCheck(udf) : objectCheck;
  return (value, path) => {
    if (!isObject(value)) throw new ShapeIssue(path, `expected an object, got ${describe(value)}`);
    const out = { ...value };
    for (const [name, kind] of Object.entries(fields)) {
      // own fields only: a user-defined field may be called `constructor`
      const given = Object.prototype.hasOwnProperty.call(value, name) ? value[name] : undefined;
      const checked = checkKind(kind, given, `${path}.${name}`);
      if (checked !== undefined) out[name] = checked;
    }
    const udfs = value['UserDefinedFields'];
    if (udfs !== undefined && udfs !== null) out['UserDefinedFields'] = userFields(udfs, `${path}.UserDefinedFields`);
    for (const [name, child] of Object.entries(children)) {
      const inner = value[name];
      if (inner === undefined || inner === null) {
        if (child.required) throw new ShapeIssue(`${path}.${name}`, `asked for, got ${describe(inner)}`);
        continue;
      }
      out[name] = child.check(inner, `${path}.${name}`);
    }
    return out;
  };
}
/** An array of values that each pass `entry`. */
export function arrayCheck(entry) {
  return (value, path) => {
    if (!Array.isArray(value)) throw new ShapeIssue(path, `expected an array, got ${describe(value)}`);
    return value.map((item, i) => entry(item, `${path}[${i}]`));
  };
}
/** A child collection, `{list: [...]}`. */
export function listCheck(entry) {
  return (value, path) => {
    if (!isObject(value)) throw new ShapeIssue(path, `expected {list: [...]}, got ${describe(value)}`);
    return { ...value, list: arrayCheck(entry)(value['list'], `${path}.list`) };
  };
}
/** Any object. */
export const objectCheck = (value, path) => {
  if (!isObject(value)) throw new ShapeIssue(path, `expected an object, got ${describe(value)}`);
  return value;
};
/** An object or an array: a nested value whose shape is not documented. */
export const nestedCheck = (value, path) => {
  if (value === null || typeof value !== 'object')
    throw new ShapeIssue(path, `expected an object, got ${describe(value)}`);
  return value;
};
/** The write shape of a field map, with its nested records and its user-defined fields' kinds. */
export function writeShape(fields, nested = {}, udf) {
  const decimals = (kinds) => new Set(Object.keys(kinds).filter((name) => kinds[name] === 'decimal'));
  return {
    decimals: decimals(fields),
    nested: udf ? { ...nested, UserDefinedFields: { decimals: decimals(udf) } } : nested,
  };
}
