// Test oracle: is a string valid OData `$filter` text according to the official OASIS grammar?
//
// The grammar is test/fixtures/odata-abnf/odata-abnf-construction-rules.txt (OASIS "OData ABNF Construction Rules
// Version 4.01", unchanged). `apg-js` turns that ABNF text into a grammar object at run time (apgApi, ~0.4-0.6 s, once
// per process: see `getOdataGrammar`) and its parser checks input against a start rule: `boolCommonExpr` for filters.
//
// HOW THE TEXT IS READ
// The grammar describes URL text, so `isValidEncodedFilter` parses its argument exactly as given (it must be the text
// after `$filter=` as it would travel in the URL). `isValidFilter` takes the decoded text a user reads
// (`name eq 'O''Neil & Co'`) and first percent-encodes, inside each plain single-quoted string literal, every
// character the grammar's `pchar-no-SQUOTE` rule does not allow raw (space, `#`, `%`, `/`, `?`, `"`, non-ASCII ... as
// UTF-8 %XX). Which characters are allowed raw is asked of the grammar itself (the `pchar-no-SQUOTE` rule), not
// hard-coded. Everything outside string literals is left as is: plain spaces are fine there (RWS/BWS accept SP).
//
// APG-JS SPECIFICS (checked against apg-js 4.4.0)
// - apg-js generates this grammar with no errors: `%s"..."` (RFC 7405 case-sensitive strings) is supported and the
//   grammar has no prose values (`<...>` only occurs inside comments).
// - Quoted strings ("eq", "and", "true", "T", "Z", "e", hex "A".."F") match case-insensitively, as RFC 5234 says; only
//   `%s"..."` strings are case-sensitive (`null`, `booleanValue`, `$it`, `NaN`/`INF`, `Edm.*`). So the oracle accepts
//   `a EQ 1`, `StartsWith(a,'x')`, `b eq TRUE`, `2024-01-01t00:00:00z`. That is what the grammar says, and it is
//   laxer than this service is known to be (it reports OData-Version 4.0); fine for an oracle whose job is to catch
//   malformed text: the emitter's exact spelling is pinned by its own tests.
// - apg-js is a recursive-descent parser with PEG semantics: an alternation commits to the FIRST alternative that
//   matches, and repetitions are greedy, with no backtracking into a committed choice. ABNF itself is a context-free
//   grammar, so a few valid texts are rejected where an earlier alternative matches a prefix. The one that matters
//   here, and the first of the two grammar changes (see `preprocessGrammar`; the other is an erratum): in `commonExpr`, `primitiveLiteral` is tried before
//   `firstMemberExpr`, so a column whose name starts with a literal keyword (`nullable`, `true_up`, `falsey`,
//   `INFO`, `NaNx`) matched `null`/`true`/... and the rest of the name then failed.
// - Recursion depth: each `and`/`or` nests one `commonExpr` deeper, and apg-js recurses on the JS stack, so an
//   `or` chain of a few hundred terms overflows it (~300 terms with Node's default stack). On overflow the oracle
//   splits the text at its top-level `and`/`or` (outside parentheses and string literals) and checks each operand;
//   for this grammar that is equivalent (the operands of a top-level chain are exactly the `commonExpr`s without a
//   logical tail; checked against the direct parse on 20,000 random chains). The one difference: a column literally
//   named `and` or `or` next to a split point (`a eq or eq 1`) is reported invalid. A single operand that is itself
//   too deep (hundreds of nested parentheses) throws an Error rather than guessing.
//
// WHAT THE ORACLE DOES NOT CHECK
// - The service's own restrictions: the grammar accepts `in` (which this service silently ignores, returning every
//   row) and `now()` (404 here), arithmetic, lambdas, casts, `$it`, `@alias`, ... A column name on the right-hand
//   side (`a eq b`) is grammatical, though the service reads it as a string.
// - Types and names: columns are not known, so `credit_limit eq 'abc'` is valid; the grammar does not check calendar
//   dates (`2024-02-31` is a valid `date`) or numeric ranges.
// - Case (see above), and whether the emitter's URL encoding survives query-string transport: raw `&`, `+`, `=` are
//   allowed inside string literals by the grammar, but a real query string must percent-encode them (`&` splits
//   parameters, `+` may be decoded as a space). Run `isValidEncodedFilter` on the emitter's encoded output and assert
//   the encoding separately.
// - Non-ASCII outside string literals (e.g. in names) is left as is and rejected: the grammar's identifier rules only
//   allow ASCII letters, digits and `_` (its comment mentions percent-encoded Unicode letters, the rule does not).
// - Lambda expressions with raw spaces (`items/any(x:x eq 1)`) are rejected because of PEG ordering (the key-as-segment
//   rule `keyPathSegments` swallows `/any(x:x`). This service has no navigation properties, so filters never contain
//   them.
import { readFileSync } from 'node:fs';
import apgJs from 'apg-js';

/** the OASIS grammar file the oracle is built from */
const ODATA_ABNF_PATH = new URL('../fixtures/odata-abnf/odata-abnf-construction-rules.txt', import.meta.url);

/** start rule of a `$filter` value */
const FILTER_RULE = 'boolCommonExpr';

/**
 * Names accepted by `isValidLiteral` in addition to the grammar's own rule names. This version of the grammar has no
 * rule called `string` or `decimal`; they stand for the URL forms `stringLiteral` and `decimalLiteral`. An alias is
 * only used when the grammar has no rule of that name.
 */
const LITERAL_RULE_ALIASES: Readonly<Record<string, string>> = { string: 'stringLiteral', decimal: 'decimalLiteral' };

interface OdataGrammar {
  grammar: apgJs.Grammar;
  /** lower-cased rule names, for validating `rule` arguments */
  ruleNames: ReadonlySet<string>;
}

let cached: OdataGrammar | undefined;
/** ASCII characters already classified against `pchar-no-SQUOTE` */
const pcharCache = new Map<string, boolean>();

/**
 * Grammar changes, each asserted to apply exactly once so that a different grammar text fails loudly instead of
 * silently building another language:
 *
 * 1. `commonExpr = ( primitiveLiteral ...` becomes `commonExpr = ( primitiveLiteral !identifierCharacter ...`.
 *    `!` is SABNF negative look-ahead (apg-js superset of ABNF; matches nothing, fails if the element would match).
 *    Why: PEG ordered choice (see the header). Without it `nullable eq 1` is rejected, because `primitiveLiteral`
 *    matches `null` and the alternation never retries `firstMemberExpr`. With it, a literal that runs straight into
 *    an identifier character is not taken as a literal and `nullable` is parsed as a property path. No valid text
 *    is lost: after a complete literal in an expression only RWS/BWS, `)`, `,` or the end can follow (`1e5` and
 *    `1E5` are matched whole by `decimalLiteral`, prefixed literals like `duration'P1D'` include their prefix), and
 *    invalid text stays invalid (`a eq 1e` still fails: `1` is no literal there and `1e` is no name).
 *
 * 2. An erratum: `pct-encoded-no-SQUOTE = "%" ( "0" / "1" / "3" / "4" / "5" / "6" / "8" / "9" / A-to-F ) HEXDIG / ...`
 *    leaves out the first digit `7` as well as `2`. Only `%27` (the quote) is meant to be excluded, as the rule's
 *    name and its twin `pct-encoded-no-DQUOTE` (which lists `7`) show; without the fix `%7B`, `%7C` and `%7D`
 *    (`{`, `|`, `}`, correctly encoded) are rejected inside string literals. The `7` is put back. The runtime is
 *    never weakened to please this grammar bug.
 *
 * Nothing else needed changing: apg-js reports no errors for this grammar (no prose values, no unsupported
 * operators, `%s"..."` is supported).
 */
function preprocessGrammar(abnf: string): string {
  return replaceOnce(
    replaceOnce(abnf, /^(commonExpr[ \t]*=[ \t]*\([ \t]*primitiveLiteral)(?=\s)/gm, '$1 !identifierCharacter'),
    /^(pct-encoded-no-SQUOTE[ \t]*=[ \t]*"%"[ \t]*\([ \t]*"0"[ \t]*\/[ \t]*"1"[ \t]*\/[ \t]*"3"[ \t]*\/[ \t]*"4"[ \t]*\/[ \t]*"5"[ \t]*\/[ \t]*"6"[ \t]*\/)/gm,
    '$1 "7" /',
  );
}

function replaceOnce(abnf: string, pattern: RegExp, replacement: string): string {
  const hits = abnf.match(pattern)?.length ?? 0;
  if (hits !== 1) throw new Error(`odata-abnf: expected one match of ${pattern} in the grammar, found ${hits}`);
  return abnf.replace(pattern, replacement);
}

/** The parsed grammar: built from the ABNF file on first use, then cached for the life of the process. */
export function getOdataGrammar(): apgJs.Grammar {
  return load().grammar;
}

function load(): OdataGrammar {
  if (cached) return cached;
  const abnf = preprocessGrammar(readFileSync(ODATA_ABNF_PATH, 'utf8'));
  const api = new apgJs.apgApi(abnf);
  api.generate();
  if (api.errors.length > 0) {
    throw new Error(`odata-abnf: apg-js could not generate the grammar:\n${api.errorsToAscii()}`);
  }
  const grammar = api.toObject();
  cached = { grammar, ruleNames: new Set(grammar.rules.map((rule) => rule.lower)) };
  return cached;
}

/** true when the rule matches the whole input; throws RangeError when the parser runs out of stack */
function matches(rule: string, input: string): boolean {
  // a fresh parser per call: cheap, and no state can leak out of an aborted (stack-overflowed) parse
  const parser = new apgJs.apgLib.parser();
  return parser.parse(load().grammar, rule, input).success;
}

/** Whether an ASCII character may appear raw inside a string literal, asked of the grammar's `pchar-no-SQUOTE`. */
function allowedRawInString(char: string): boolean {
  const known = pcharCache.get(char);
  if (known !== undefined) return known;
  const allowed = matches('pchar-no-SQUOTE', char);
  pcharCache.set(char, allowed);
  return allowed;
}

function percentEncodeUtf8(char: string): string {
  let out = '';
  for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

function encodeStringContent(content: string): string {
  let out = '';
  for (const char of content) {
    // `'` only occurs here as half of an escaped `''`, which the grammar accepts raw (SQUOTE-in-string)
    if (char === "'") out += char;
    else if (char.length === 1 && char.charCodeAt(0) < 0x80 && allowedRawInString(char)) out += char;
    else out += percentEncodeUtf8(char);
  }
  return out;
}

/**
 * The URL form of decoded filter text, as `isValidFilter` checks it: inside each single-quoted string literal
 * (`''` is an escaped quote) every character the grammar's `pchar-no-SQUOTE` does not allow raw is percent-encoded
 * as UTF-8 `%XX`; everything else is kept. Quotes directly after a name character (`duration'P1D'`,
 * `geography'SRID=0;Point(1 2)'`, `Ns.Color'Red'`) open prefixed literals whose own rules allow raw characters
 * (e.g. SP); their content is kept as is. An unterminated literal is encoded to the end and left unterminated.
 */
export function percentEncodeStringLiterals(filter: string): string {
  let out = '';
  let i = 0;
  while (i < filter.length) {
    const char = filter.charAt(i);
    if (char !== "'") {
      out += char;
      i += 1;
      continue;
    }
    const prefixed = i > 0 && /[A-Za-z0-9_.]/.test(filter.charAt(i - 1));
    let j = i + 1;
    let content = '';
    let closed = false;
    while (j < filter.length) {
      if (filter.charAt(j) === "'") {
        if (filter.charAt(j + 1) === "'") {
          content += "''";
          j += 2;
          continue;
        }
        closed = true;
        break;
      }
      content += filter.charAt(j);
      j += 1;
    }
    out += `'${prefixed ? content : encodeStringContent(content)}${closed ? "'" : ''}`;
    i = closed ? j + 1 : j;
  }
  return out;
}

/** length of `raw` or its percent-encoded form `pct` at `index`, else 0 */
function tokenAt(text: string, index: number, raw: string, pct: string): number {
  if (text.startsWith(raw, index)) return raw.length;
  return text.slice(index, index + pct.length).toUpperCase() === pct ? pct.length : 0;
}

const LOGICAL_OPERATOR = /(?:[ \t]|%20|%09)+(?:and|or)(?:[ \t]|%20|%09)+/iy;

/**
 * Operands of a top-level `and`/`or` chain of URL-form filter text (split outside parentheses and string
 * literals, both raw and percent-encoded `'` `(` `)` count), or undefined when there is no top-level operator.
 */
function splitTopLevelLogical(text: string): string[] | undefined {
  const operands: string[] = [];
  let start = 0;
  let depth = 0;
  let inString = false;
  let i = 0;
  while (i < text.length) {
    const quote = tokenAt(text, i, "'", '%27');
    if (inString) {
      if (quote === 0) i += 1;
      else {
        const next = tokenAt(text, i + quote, "'", '%27');
        if (next > 0) i += quote + next;
        else {
          inString = false;
          i += quote;
        }
      }
      continue;
    }
    if (quote > 0) {
      inString = true;
      i += quote;
      continue;
    }
    const open = tokenAt(text, i, '(', '%28');
    const close = open > 0 ? 0 : tokenAt(text, i, ')', '%29');
    if (open > 0 || close > 0) {
      depth += open > 0 ? 1 : -1;
      i += open + close;
      continue;
    }
    if (depth === 0) {
      LOGICAL_OPERATOR.lastIndex = i;
      const operator = LOGICAL_OPERATOR.exec(text);
      if (operator) {
        operands.push(text.slice(start, i));
        i += operator[0].length;
        start = i;
        continue;
      }
    }
    i += 1;
  }
  if (operands.length === 0) return undefined;
  operands.push(text.slice(start));
  return operands;
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

function checkFilter(encoded: string): boolean {
  try {
    return matches(FILTER_RULE, encoded);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
  }
  const operands = splitTopLevelLogical(encoded);
  if (!operands) {
    throw new Error(`odata-abnf: filter too deeply nested for the apg-js parser (${encoded.length} chars)`);
  }
  return operands.every((operand) => {
    if (operand.length === 0) return false;
    try {
      return matches(FILTER_RULE, operand);
    } catch (error) {
      if (!isStackOverflow(error)) throw error;
      throw new Error(`odata-abnf: filter operand too deeply nested for the apg-js parser: ${operand.slice(0, 80)}…`);
    }
  });
}

/** true when `filter` (the decoded text a user would read, e.g. "name eq 'O''Neil & Co'") is a valid OData boolCommonExpr once string-literal contents are percent-encoded as a URL would carry them */
export function isValidFilter(filter: string): boolean {
  return checkFilter(percentEncodeStringLiterals(filter));
}

/** same, but for text that is already URL-encoded exactly as it would appear after `$filter=` */
export function isValidEncodedFilter(encoded: string): boolean {
  return checkFilter(encoded);
}

/**
 * Whether `text` (decoded, like `isValidFilter`: string-literal contents are percent-encoded first) is exactly one
 * literal of the grammar rule `rule`: `primitiveLiteral` (default; the URL forms of all literal kinds) or a specific
 * rule such as `stringLiteral`, `decimalLiteral`, `date`, `dateTimeOffsetValue`, `guidValue`, `booleanValue`; the
 * aliases `string` and `decimal` mean `stringLiteral` and `decimalLiteral`. Rule names are case-insensitive (apg-js).
 * Note `booleanValue` (%s"true"/%s"false") is case-sensitive while the URL rule `boolean` is not.
 * Throws on a rule name the grammar does not define.
 */
export function isValidLiteral(text: string, rule = 'primitiveLiteral'): boolean {
  const { ruleNames } = load();
  const lower = rule.toLowerCase();
  const alias = LITERAL_RULE_ALIASES[lower];
  const startRule = ruleNames.has(lower) || alias === undefined ? rule : alias;
  if (!ruleNames.has(startRule.toLowerCase())) throw new Error(`odata-abnf: the grammar has no rule "${rule}"`);
  return matches(startRule, percentEncodeStringLiterals(text));
}
