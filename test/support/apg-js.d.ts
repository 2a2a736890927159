// Minimal local types for the parts of `apg-js` (4.4.0, CommonJS, ships no types) that the OData `$filter` oracle
// uses: the grammar generator (`apgApi`) and the parser library (`apgLib`). Only what test/support/odata-abnf.ts needs.
declare module 'apg-js' {
  namespace apgJs {
    /** one problem found while generating a grammar object from SABNF text */
    interface ApgApiError {
      /** zero-based line number in the grammar text */
      line: number;
      /** character offset into the grammar text */
      char: number;
      msg: string;
    }

    /** a rule of a generated grammar object */
    interface GrammarRule {
      /** the rule name as spelled in the grammar */
      name: string;
      /** the rule name in lower case (apg-js looks rules up case-insensitively) */
      lower: string;
      index: number;
    }

    /** the grammar object the parser runs on (what `apgApi#toObject()` returns) */
    interface Grammar {
      rules: GrammarRule[];
      udts: unknown[];
      /** the SABNF text the grammar was generated from */
      toString(): string;
    }

    /** generator: SABNF text in, grammar object out */
    interface ApgApi {
      /** errors from scanning, parsing, translating and the rule-attribute checks; empty when all is well */
      errors: ApgApiError[];
      /** scan, parse, translate and check attributes; problems land in `errors` (it does not throw for them) */
      generate(strict?: boolean): void;
      /** the grammar object; throws if `generate` found attribute errors */
      toObject(): Grammar;
      /** `errors` as readable text */
      errorsToAscii(): string;
    }
    interface ApgApiConstructor {
      new (src: string): ApgApi;
    }

    interface ParseResult {
      /** true when the start rule matched the whole input */
      success: boolean;
      state: number;
      /** input length */
      length: number;
      /** length of the phrase the start rule matched */
      matched: number;
      /** the furthest input position any rule matched up to (useful to point at a syntax error) */
      maxMatched: number;
      maxTreeDepth: number;
      nodeHits: number;
    }

    interface Parser {
      /** parse `input` with the rule `startRule` (name, case-insensitive, or index); throws on unknown rule names */
      parse(
        grammar: Grammar,
        startRule: string | number,
        input: string | number[],
        callbackData?: unknown,
      ): ParseResult;
      setMaxTreeDepth(depth: number): void;
      setMaxNodeHits(hits: number): void;
    }
    interface ParserConstructor {
      new (): Parser;
    }

    interface ApgLib {
      parser: ParserConstructor;
      utils: {
        stringToChars(text: string): number[];
        charsToString(chars: number[], beg?: number, len?: number): string;
      };
    }
  }

  const apgJs: {
    apgApi: apgJs.ApgApiConstructor;
    apgLib: apgJs.ApgLib;
  };
  export = apgJs;
}
