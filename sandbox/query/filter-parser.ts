// Parses `$filter` text (already percent-decoded) into a syntax tree. Syntax only: whether names exist and types
// fit is decided when the tree is translated to SQL (filter-sql.ts), so the two kinds of error stay apart.
//
// The grammar is the subset of OData 4.0 the service accepts, plus the constructs it is documented to refuse
// or ignore, which must still parse so that they fail (or are ignored) the way the service does:
//
//   or      := and ('or' and)*
//   and     := compare ('and' compare)*
//   compare := unary [ ('eq'|'ne'|'gt'|'ge'|'lt'|'le') unary | 'in' '(' list ')' ]
//   unary   := 'not' unary | primary
//   primary := '(' or ')' | name '(' [or (',' or)*] ')' | literal | name
//
// As in OData, `not` binds tighter than a comparison: `not a eq 'x'` is `(not a) eq 'x'`, which fails.
// Operators and keywords are case-sensitive. Arithmetic (`add sub mul div mod`) is recognised and refused here.
import { QueryError } from './errors.js';

export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

export type Literal =
  | { readonly type: 'string'; readonly value: string }
  /** `text` as written: integers and decimals, never exponents */
  | { readonly type: 'number'; readonly text: string; readonly integer: boolean }
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'null' }
  | { readonly type: 'date'; readonly text: string }
  | { readonly type: 'datetime'; readonly text: string }
  | { readonly type: 'guid'; readonly text: string };

export type FilterNode =
  | { readonly kind: 'or' | 'and'; readonly left: FilterNode; readonly right: FilterNode; readonly at: number }
  | { readonly kind: 'not'; readonly operand: FilterNode; readonly at: number }
  | {
      readonly kind: 'compare';
      readonly op: CompareOp;
      readonly left: FilterNode;
      readonly right: FilterNode;
      readonly at: number;
    }
  | { readonly kind: 'in'; readonly operand: FilterNode; readonly list: readonly FilterNode[]; readonly at: number }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly FilterNode[]; readonly at: number }
  | { readonly kind: 'property'; readonly name: string; readonly at: number }
  | { readonly kind: 'literal'; readonly literal: Literal; readonly at: number };

type TokenKind = 'name' | 'string' | 'number' | 'date' | 'datetime' | 'guid' | '(' | ')' | ',' | 'end';

interface Token {
  readonly kind: TokenKind;
  /** the source text of the token (for a string literal: its value, quotes removed) */
  readonly text: string;
  readonly at: number;
  /** where the token's source text ends */
  readonly end: number;
}

const COMPARE_OPS: ReadonlySet<string> = new Set<CompareOp>(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const ARITHMETIC_OPS: ReadonlySet<string> = new Set(['add', 'sub', 'mul', 'div', 'mod']);

// Sticky patterns, tried in this order at the current position. A GUID can start like a name or a number,
// and a date-time like a date, so the longer forms come first.
const GUID = /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/y;
const DATE_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,12})?)?(?:Z|[+-]\d{2}:\d{2})/y;
const DATE = /\d{4}-\d{2}-\d{2}/y;
const NUMBER = /-?\d+(?:\.\d+)?/y;
const NAME = /[\p{L}_][\p{L}\p{N}_]*/uy;
/** what may not directly follow a literal: `1e5`, `12abc`, `1.5M`, `1.2.3` are all one malformed token */
const GLUED = /[\p{L}\p{N}_.]/u;

function syntaxError(text: string, at: number): QueryError {
  return new QueryError(`Syntax error at position ${at} in '${text}'.`);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  const match = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = pos;
    return pattern.exec(text)?.[0];
  };
  while (pos < text.length) {
    const ch = text[pos]!;
    if (ch === ' ' || ch === '\t') {
      pos++;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: ch, text: ch, at: pos, end: pos + 1 });
      pos++;
      continue;
    }
    if (ch === "'") {
      const token = stringToken(text, pos);
      tokens.push(token);
      pos = token.end;
      continue;
    }
    let kind: TokenKind | undefined;
    let source: string | undefined;
    for (const [k, pattern] of [
      ['guid', GUID],
      ['datetime', DATE_TIME],
      ['date', DATE],
      ['number', NUMBER],
    ] as const) {
      source = match(pattern);
      if (source !== undefined) {
        kind = k;
        break;
      }
    }
    if (kind === undefined) {
      source = match(NAME);
      if (source !== undefined) kind = 'name';
    }
    if (kind === undefined || source === undefined) throw syntaxError(text, pos);
    const end = pos + source.length;
    if (kind !== 'name' && end < text.length && GLUED.test(text[end]!)) throw syntaxError(text, pos);
    tokens.push({ kind, text: source, at: pos, end });
    pos = end;
  }
  tokens.push({ kind: 'end', text: '', at: text.length, end: text.length });
  return tokens;
}

/** `'...'` with `''` standing for one quote. */
function stringToken(text: string, start: number): Token {
  let value = '';
  let pos = start + 1;
  for (;;) {
    const quote = text.indexOf("'", pos);
    if (quote < 0) throw new QueryError(`There is an unterminated string literal at position ${start} in '${text}'.`);
    value += text.slice(pos, quote);
    if (text[quote + 1] === "'") {
      value += "'";
      pos = quote + 2;
    } else return { kind: 'string', text: value, at: start, end: quote + 1 };
  }
}

/**
 * How deep parentheses, `not` and function arguments may nest: the OData library the service runs refuses deeper
 * expressions (its recursion limit) rather than overflowing its stack.
 */
const MAX_DEPTH = 800;

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;

  constructor(private readonly text: string) {
    this.tokens = tokenize(text);
  }

  parse(): FilterNode {
    const node = this.or();
    const rest = this.peek();
    if (rest.kind !== 'end') throw syntaxError(this.text, rest.at);
    return node;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private isWord(token: Token, word: string): boolean {
    return token.kind === 'name' && token.text === word;
  }

  private or(): FilterNode {
    let left = this.and();
    while (this.isWord(this.peek(), 'or')) {
      const at = this.next().at;
      left = { kind: 'or', left, right: this.and(), at };
    }
    return left;
  }

  private and(): FilterNode {
    let left = this.compare();
    while (this.isWord(this.peek(), 'and')) {
      const at = this.next().at;
      left = { kind: 'and', left, right: this.compare(), at };
    }
    return left;
  }

  private compare(): FilterNode {
    const left = this.unary();
    this.refuseArithmetic();
    const token = this.peek();
    if (token.kind === 'name' && COMPARE_OPS.has(token.text)) {
      this.next();
      const right = this.unary();
      this.refuseArithmetic();
      return { kind: 'compare', op: token.text as CompareOp, left, right, at: token.at };
    }
    if (this.isWord(token, 'in')) {
      this.next();
      return { kind: 'in', operand: left, list: this.list(), at: token.at };
    }
    return left;
  }

  /** The service cannot compute: an arithmetic operator fails the whole filter. */
  private refuseArithmetic(): void {
    const token = this.peek();
    if (token.kind === 'name' && ARITHMETIC_OPS.has(token.text)) {
      throw new QueryError(
        `The query specified in the URI is not valid. The arithmetic operator '${token.text}' at position ${token.at} is not supported; compare a column with a literal.`,
      );
    }
  }

  private list(): FilterNode[] {
    const open = this.next();
    if (open.kind !== '(') throw syntaxError(this.text, open.at);
    const items = [this.or()];
    while (this.peek().kind === ',') {
      this.next();
      items.push(this.or());
    }
    this.close();
    return items;
  }

  private close(): void {
    const token = this.next();
    if (token.kind !== ')') throw new QueryError(`')' or ',' expected at position ${token.at} in '${this.text}'.`);
  }

  /** Parses one level deeper, refusing an expression nested beyond MAX_DEPTH. */
  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_DEPTH)
      throw new QueryError('The query specified in the URI is not valid. The recursion limit has been exceeded.');
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private unary(): FilterNode {
    const token = this.peek();
    if (this.isWord(token, 'not')) {
      this.next();
      return { kind: 'not', operand: this.nested(() => this.unary()), at: token.at };
    }
    return this.primary();
  }

  private primary(): FilterNode {
    const token = this.next();
    const at = token.at;
    switch (token.kind) {
      case '(': {
        const inner = this.nested(() => this.or());
        this.close();
        return inner;
      }
      case 'string':
        return { kind: 'literal', literal: { type: 'string', value: token.text }, at };
      case 'number':
        return {
          kind: 'literal',
          literal: { type: 'number', text: token.text, integer: !token.text.includes('.') },
          at,
        };
      case 'date':
      case 'datetime':
      case 'guid':
        return { kind: 'literal', literal: { type: token.kind, text: token.text }, at };
      case 'name':
        return this.named(token);
      default:
        throw new QueryError(`Expression expected at position ${at} in '${this.text}'.`);
    }
  }

  private named(token: Token): FilterNode {
    const at = token.at;
    switch (token.text) {
      case 'true':
      case 'false':
        return { kind: 'literal', literal: { type: 'boolean', value: token.text === 'true' }, at };
      case 'null':
        return { kind: 'literal', literal: { type: 'null' }, at };
    }
    // a function call is a name directly followed by `(`
    const open = this.peek();
    if (open.kind !== '(' || open.at !== token.end) return { kind: 'property', name: token.text, at };
    this.next();
    const args: FilterNode[] = [];
    if (this.peek().kind !== ')') {
      args.push(this.nested(() => this.or()));
      while (this.peek().kind === ',') {
        this.next();
        args.push(this.nested(() => this.or()));
      }
    }
    this.close();
    return { kind: 'call', name: token.text, args, at };
  }
}

/** Parses decoded `$filter` text. Throws QueryError (the service's 404 with a message) on a syntax error. */
export function parseFilter(text: string): FilterNode {
  return new Parser(text).parse();
}
