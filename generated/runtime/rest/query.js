// The `$query` expressions of the entity family: property names are the PascalCase field names of the entity;
// comparisons `eq ne gt ge lt le`; logical `and or not`; functions `startswith(Field, text)`,
// `endswith(Field, text)` and `substringof(text, Field)` (this family has substringof, the query surface does
// not); `ne null`; strings in single quotes with a quote doubled. Other query options (`$select`, `$orderby`,
// `$top`) are not part of the family's contract, so the builder has none.
import { ErpLiteralError } from '../errors.js';
import { plainNumber } from '../literals.js';
const expression = (text) => ({ text });
const quoted = (text) => `'${text.split("'").join("''")}'`;
function literal(kind, value, where) {
  if (value === null) return 'null';
  switch (kind) {
    case 'text!':
    case 'text':
    case 'yesNo':
      if (typeof value !== 'string') throw new ErpLiteralError(`${where}: ${String(value)} is not a string`);
      return quoted(value);
    case 'int!':
    case 'int':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw new ErpLiteralError(`${where}: ${String(value)} is not an integer`);
      return String(value);
    case 'decimal':
      if (typeof value === 'number') return plainNumber(value, where);
      if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return value;
      throw new ErpLiteralError(`${where}: ${JSON.stringify(value)} is not a decimal`);
    case 'bool':
      if (typeof value !== 'boolean') throw new ErpLiteralError(`${where}: ${String(value)} is not true or false`);
      return String(value);
  }
}
function accessor(name, kind) {
  const compare = (op) => (value) => {
    if (value === null && op !== 'ne')
      throw new ErpLiteralError(`${name}.${op}(null): the service takes only \`ne null\``);
    return expression(`${name} ${op} ${literal(kind, value, `${name}.${op}`)}`);
  };
  const text = (render, fn) => (value) => {
    if (typeof value !== 'string') throw new ErpLiteralError(`${name}.${fn}: ${String(value)} is not a string`);
    return expression(render(name, quoted(value)));
  };
  return {
    eq: compare('eq'),
    ne: compare('ne'),
    gt: compare('gt'),
    ge: compare('ge'),
    lt: compare('lt'),
    le: compare('le'),
    startswith: text((f, t) => `startswith(${f},${t})`, 'startswith'),
    endswith: text((f, t) => `endswith(${f},${t})`, 'endswith'),
    substringof: text((f, t) => `substringof(${t},${f})`, 'substringof'),
  };
}
const join =
  (op) =>
  (...parts) =>
    expression(parts.length === 1 ? (parts[0]?.text ?? '') : parts.map((p) => `(${p.text})`).join(` ${op} `));
const LOGIC = {
  and: join('and'),
  or: join('or'),
  not: (e) => expression(`not (${e.text})`),
};
/** The text of a `$query` built over an entity's field map. */
export function buildQuery(fields, build) {
  const accessors = Object.create(null);
  for (const [name, kind] of Object.entries(fields)) accessors[name] = accessor(name, kind);
  const built = build(accessors, LOGIC);
  if (typeof built?.text !== 'string' || built.text === '')
    throw new ErpLiteralError('list({ query }): the query function returned no expression');
  return built.text;
}
