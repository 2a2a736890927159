// JSON as the service's REST and UDT families read and write it: numbers keep their exact text both ways (a decimal
// never passes through a JS double), and a body nested deeper than JSON.NET's default MaxDepth (64) is refused
// instead of followed, so a 100,000-deep body costs no more than reading it once.

/** A JSON number kept as its text: `1000.0000`, `0.000000001`, `12345678901234567890`. */
export class Num {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
  /** `Number(n)`, `n > 0`: the nearest double, for the places where that is enough */
  valueOf(): number {
    return Number(this.text);
  }
}

/** JSON.NET's default MaxDepth: a body nested deeper does not bind. */
export const MAX_DEPTH = 64;

const TOKEN =
  /[ \t\n\r]*(?:("(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*")|(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([{}[\]:,]))/y;

class NotJsonError extends Error {}

/** How deep `text` nests, strings skipped; stops counting past `limit`. */
function depthOf(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      deepest = Math.max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * A request body as JSON: numbers that a double cannot hold exactly (a fraction, an exponent, an integer beyond
 * 2^53) as `Num`, the others as numbers; object members as own properties (`__proto__` too). `problem` says why
 * the text is not a body the service would bind.
 */
export function readJson(
  text: string,
  maxDepth = MAX_DEPTH,
): { readonly value: unknown } | { readonly problem: string } {
  if (depthOf(text, maxDepth) > maxDepth)
    return { problem: `The JSON is nested deeper than the maximum depth of ${maxDepth}.` };
  let at = 0;
  const next = (): RegExpExecArray => {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) throw new NotJsonError(`Unexpected character at position ${at}.`);
    at = TOKEN.lastIndex;
    return m;
  };
  const value = (m: RegExpExecArray): unknown => {
    if (m[1] !== undefined) return JSON.parse(m[1]) as string;
    if (m[2] !== undefined) {
      const n = Number(m[2]);
      return /^-?\d+$/.test(m[2]) && Number.isSafeInteger(n) ? n : new Num(m[2]);
    }
    if (m[3] !== undefined) return m[3] === 'null' ? null : m[3] === 'true';
    if (m[4] === '[') {
      const list: unknown[] = [];
      let t = next();
      if (t[4] === ']') return list;
      for (;;) {
        list.push(value(t));
        t = next();
        if (t[4] === ']') return list;
        if (t[4] !== ',') throw new NotJsonError(`Expected ',' or ']' at position ${at}.`);
        t = next();
      }
    }
    if (m[4] === '{') {
      const object: Record<string, unknown> = {};
      let t = next();
      if (t[4] === '}') return object;
      for (;;) {
        if (t[1] === undefined) throw new NotJsonError(`Expected a property name at position ${at}.`);
        const name = JSON.parse(t[1]) as string;
        if (next()[4] !== ':') throw new NotJsonError(`Expected ':' at position ${at}.`);
        // an own property even when it is named __proto__
        Object.defineProperty(object, name, {
          value: value(next()),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        t = next();
        if (t[4] === '}') return object;
        if (t[4] !== ',') throw new NotJsonError(`Expected ',' or '}' at position ${at}.`);
        t = next();
      }
    }
    throw new NotJsonError(`Unexpected '${m[4] ?? ''}' at position ${at}.`);
  };
  try {
    const result = value(next());
    if (!/^[ \t\n\r]*$/.test(text.slice(at)))
      throw new NotJsonError(`Unexpected text after the value at position ${at}.`);
    return { value: result };
  } catch (error) {
    if (error instanceof NotJsonError) return { problem: error.message };
    throw error;
  }
}

/** Anything written as a JSON number from its exact text (a `Num`, a price's nine-place decimal). */
export interface ExactNumber {
  readonly exactNumber: true;
  toString(): string;
}

/** JSON text in which every `Num` and exact number is written as the bare number it holds. */
export function exactJson(value: unknown): string {
  if (value instanceof Num || (value as ExactNumber | null)?.exactNumber === true) return String(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : exactJson(v))).join(',')}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .map(([k, v]) => `${JSON.stringify(k)}:${exactJson(v)}`);
  return `{${members.join(',')}}`;
}
