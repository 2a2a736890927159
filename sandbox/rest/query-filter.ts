// The REST families' `$query` expressions (entity, inventory), as the sandbox reads them: comparisons
// `eq ne gt ge lt le`, `and or not` with parentheses, `startswith(Field, 'text')`, `endswith(Field, 'text')`,
// `substringof('text', Field)`, literals `'text'` (a quote doubled inside), numbers, `true`, `false`, `null`.
// Property names are the records' PascalCase field names; an unknown one is an error, as on the service. Numbers
// compare exactly (a decimal field against `5000.5`), and an expression nested deeper than the query surface's
// recursion limit is refused rather than followed.

import { Num } from '../json-text.js';
import { decimalKey } from '../values.js';

export type Predicate = (record: Readonly<Record<string, unknown>>) => boolean;

export class QuerySyntaxError extends Error {}

/** The same limit as the query surface's parser. */
const MAX_DEPTH = 800;

type Token = { kind: 'name' | 'string' | 'number' | 'punct'; text: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|([(),]))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) throw new QuerySyntaxError(`syntax error at position ${at}`);
    at = pattern.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'string', text: m[1].replace(/''/g, "'") });
    else if (m[2] !== undefined) tokens.push({ kind: 'number', text: m[2] });
    else if (m[3] !== undefined) tokens.push({ kind: 'name', text: m[3] });
    else tokens.push({ kind: 'punct', text: m[4] ?? '' });
  }
  return tokens;
}

/** A literal: text, a number (its text), a boolean, null. */
type Value = string | Num | boolean | null;

/** The decimal text of a number held by a record or written in the expression. */
const numberText = (v: unknown): string | undefined =>
  typeof v === 'number' ? String(v) : v instanceof Num ? v.text : undefined;

function compare(a: unknown, b: Value): number | undefined {
  if (a === null || a === undefined || b === null) return undefined;
  const x = numberText(a);
  const y = numberText(b);
  if (x !== undefined || y !== undefined) {
    const kx = decimalKey(x ?? String(a));
    const ky = decimalKey(y ?? String(b));
    if (kx === undefined || ky === undefined) return undefined;
    return kx < ky ? -1 : kx > ky ? 1 : 0;
  }
  const s = String(a);
  const t = String(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

/** A predicate over records with the given fields, or a QuerySyntaxError. */
export function parseQuery(text: string, fields: ReadonlySet<string>): Predicate {
  const tokens = tokenize(text);
  let i = 0;
  let depth = 0;
  const peek = () => tokens[i];
  const next = () => {
    const t = tokens[i++];
    if (!t) throw new QuerySyntaxError('unexpected end of the expression');
    return t;
  };
  const expect = (punct: string) => {
    const t = next();
    if (t.kind !== 'punct' || t.text !== punct) throw new QuerySyntaxError(`expected '${punct}', got '${t.text}'`);
  };
  const field = (t: Token) => {
    if (t.kind !== 'name' || !fields.has(t.text))
      throw new QuerySyntaxError(`Could not find a property named '${t.text}'`);
    return t.text;
  };
  const literal = (t: Token): Value => {
    if (t.kind === 'string') return t.text;
    if (t.kind === 'number') return new Num(t.text);
    if (t.kind === 'name' && (t.text === 'true' || t.text === 'false')) return t.text === 'true';
    if (t.kind === 'name' && t.text === 'null') return null;
    throw new QuerySyntaxError(`expected a literal, got '${t.text}'`);
  };
  const stringFunction = (name: string): Predicate => {
    expect('(');
    let f: string;
    let s: Value;
    if (name === 'substringof') {
      s = literal(next());
      expect(',');
      f = field(next());
    } else {
      f = field(next());
      expect(',');
      s = literal(next());
    }
    expect(')');
    const needle = String(s);
    return (r) => {
      const v = r[f];
      if (typeof v !== 'string') return false;
      return name === 'startswith'
        ? v.startsWith(needle)
        : name === 'endswith'
          ? v.endsWith(needle)
          : v.includes(needle);
    };
  };
  /** One level deeper (a parenthesis, a `not`), refusing more than MAX_DEPTH levels. */
  const deeper = <T>(parse: () => T): T => {
    if (++depth > MAX_DEPTH) throw new QuerySyntaxError('The recursion limit has been exceeded.');
    try {
      return parse();
    } finally {
      depth--;
    }
  };
  const primary = (): Predicate => {
    const t = next();
    if (t.kind === 'punct' && t.text === '(') {
      const inner = deeper(or);
      expect(')');
      return inner;
    }
    if (t.kind === 'name' && t.text === 'not') {
      const inner = deeper(primary);
      return (r) => !inner(r);
    }
    if (t.kind === 'name' && ['startswith', 'endswith', 'substringof'].includes(t.text)) return stringFunction(t.text);
    const f = field(t);
    const op = next();
    const value = literal(next());
    switch (op.text) {
      case 'eq':
        return (r) => (value === null ? r[f] === null || r[f] === undefined : compare(r[f], value) === 0);
      case 'ne':
        return (r) => (value === null ? r[f] !== null && r[f] !== undefined : compare(r[f], value) !== 0);
      case 'gt':
        return (r) => (compare(r[f], value) ?? 0) > 0;
      case 'ge':
        return (r) => (compare(r[f], value) ?? -1) >= 0;
      case 'lt':
        return (r) => (compare(r[f], value) ?? 0) < 0;
      case 'le':
        return (r) => (compare(r[f], value) ?? 1) <= 0;
      default:
        throw new QuerySyntaxError(`unknown operator '${op.text}'`);
    }
  };
  // a chain of `and` (or `or`) is one flat list: a long one costs no stack when it is evaluated
  const chain = (word: string, term: () => Predicate, join: 'every' | 'some'): Predicate => {
    const terms = [term()];
    while (peek()?.kind === 'name' && peek()?.text === word) {
      next();
      terms.push(term());
    }
    return terms.length === 1 ? terms[0]! : (r) => terms[join]((t) => t(r));
  };
  const and = (): Predicate => chain('and', primary, 'every');
  const or = (): Predicate => chain('or', and, 'some');
  const predicate = or();
  if (i < tokens.length) throw new QuerySyntaxError(`unexpected '${tokens[i]?.text ?? ''}'`);
  return predicate;
}
