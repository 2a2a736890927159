// How messages show what came from the input. A name in a schema or a definition can be anything JSON allows:
// newlines (which would split a one-line error and could fake an `erpgen:` line), control and bidi characters
// (which rearrange a terminal line), lone surrogates, ten thousand characters, or not a string at all. Every
// message shows such a value through `quote` or `named`, never raw and never as a dump of a nested value.

/** At most this many characters for a shown name, quotes and ellipsis included. */
export const SHOWN_NAME_MAX = 80;
/** At most this many characters for a whole message: a last bound, reached only by a message listing many problems. */
export const MESSAGE_MAX = 1000;

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/**
 * Characters that must not reach a terminal as they are: C0 and C1 controls, DEL, line and paragraph separators,
 * bidi marks, embeddings, overrides and isolates, the BOM, and lone surrogates (a `for...of` over a string yields
 * a well-formed pair as one code point, so a single surrogate here is a lone one).
 */
const UNSAFE = /^[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]$/;

function escapeChar(c: string): string {
  return SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** The characters of `text` (code points), each as it may be shown: unsafe ones as escapes. */
function* shownChars(text: string, quoting: boolean): Generator<string> {
  for (const c of text) {
    if (quoting && (c === '"' || c === '\\')) yield `\\${c}`;
    else if (UNSAFE.test(c)) yield escapeChar(c);
    else yield c;
  }
}

/** Joins pieces up to `max` characters (code points), ending with `…` when something had to be left out. */
function bounded(pieces: Iterable<string>, max: number): string {
  let out = '';
  let length = 0;
  let cut = false;
  for (const piece of pieces) {
    const size = [...piece].length;
    if (length + size > max - 1) {
      cut = true;
      break;
    }
    out += piece;
    length += size;
  }
  return cut ? `${out}…` : out;
}

/**
 * A value from the input as a message shows it: a string in double quotes with `"`, `\` and unsafe characters
 * escaped, shortened to `SHOWN_NAME_MAX` characters with `…`; a number, boolean or null as JSON writes it; an
 * array or an object only by what it is (its contents may be a megabyte, or nested ten thousand deep).
 */
export function quote(value: unknown): string {
  if (typeof value === 'string') {
    const inner = [...shownChars(value, true)];
    const whole = inner.join('');
    if ([...whole].length + 2 <= SHOWN_NAME_MAX) return `"${whole}"`;
    return `"${bounded(inner, SHOWN_NAME_MAX - 2)}"`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  return 'an object';
}

/** A name bare when it reads unambiguously that way (`customer`, `dbo.customer`, `PickZone`), else quoted. */
export function named(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9_.$-]+$/.test(value) && value.length <= SHOWN_NAME_MAX
    ? value
    : quote(value);
}

/**
 * A message as one line: unsafe characters escaped (a newline becomes `\n`), bounded to `MESSAGE_MAX`
 * characters. Idempotent, so any layer may apply it. Names should already have gone through `quote`; this is
 * the guarantee for the rest (a file name, a library's message, a flag the user typed).
 */
export function oneLine(message: string): string {
  let escaped = '';
  for (const c of shownChars(message, false)) escaped += c;
  return [...escaped].length <= MESSAGE_MAX ? escaped : bounded(escaped, MESSAGE_MAX);
}

/**
 * Where a value is in a JSON file, as a user would look for it: `knownValues[0].values.Each`,
 * `definitions.Order."TABPAGE_1.order".company_id` (a key holding a dot is quoted, so that the dots between keys
 * stay unambiguous).
 */
export function keyPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((p) =>
      typeof p === 'number' ? `[${p}]` : `.${String(p).includes('.') ? quote(String(p)) : named(String(p))}`,
    )
    .join('')
    .replace(/^\./, '');
}
