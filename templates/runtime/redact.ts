// Secrets (passwords, consumer keys, tokens) must never reach an error message or a log line. Servers echo
// them: the token endpoint's error body repeats the consumer key, some 401/400/500 bodies repeat the
// Authorization header, and a base URL may carry `user:password@`. So every text that came from a server or
// names a URL passes through here before it is shown: the secrets the caller gave are cut out by value, and
// what looks like one (a bearer value, a JWT, a GUID in a server body, a secret-named field) by shape.
//
// A secret is cut out in every form it takes in such a text, not only as given: a server that echoes it inside
// JSON escapes its quotes, backslashes and tabs (and .NET escapes non-ASCII as \uXXXX), a URL or a form body
// percent-encodes it (Java's URLEncoder `~` too, and a space as `+`; a proxy or a redirect may encode it twice),
// XML and HTML escape it as entities (named or numeric, `-` `.` `_` `~` too), these nested in one another, and
// Basic credentials hide it in base64. And a text is redacted before it is cut to a snippet, never after: a secret
// straddling the cut would survive as its head.

const HIDDEN = '[redacted]';

/** `Bearer <anything>`: an echoed Authorization header */
const BEARER = /\b(Bearer|Basic)\s+[^\s"'<>,;]+/gi;
/** a JWT (the service's tokens are JWTs): three base64url parts, the first one a JSON object (`eyJ`) */
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*/g;
/** `scheme://user:password@host`: the user information of a URL */
const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi;
/** JSON, XML, form and header fields whose names say they hold a secret */
const SECRET_NAMES =
  'password|passwd|pwd|ClientSecret|client_secret|consumerKey|consumer_key|AccessToken|access_token|RefreshToken|refresh_token|Authorization|appkey|token';
const JSON_FIELD = new RegExp(`("(?:${SECRET_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const XML_FIELD = new RegExp(`<((?:[\\w-]+:)?(?:${SECRET_NAMES}))>[^<]*</`, 'gi');
/** `name=value` / `name: value` pairs; not a bare `token`, which prose uses ("the token: ...") */
const PAIR_NAMES = SECRET_NAMES.split('|')
  .filter((name) => name !== 'token')
  .join('|');
const PAIR_FIELD = new RegExp(
  `\\b((?:${PAIR_NAMES})\\s*[=:]\\s*)(?!\\[redacted\\]|Bearer\\b|Basic\\b)[^\\s&"'<>,;]+`,
  'gi',
);
/** a consumer key is a GUID; inside a server body any GUID may be one */
const GUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

interface Codec {
  btoa(binary: string): string;
  TextEncoder: new () => { encode(text: string): Uint8Array };
}
// through globalThis: the package compiles without DOM or Node type definitions
const codec = globalThis as unknown as Codec;
const utf8 = new codec.TextEncoder();

/**
 * Letters and digits: no encoding a server in this family uses changes them (JSON, .NET's \uXXXX, percent-encoding
 * with `+` for a space, Java's URLEncoder, which encodes `~` too, XML and HTML entities named or numeric, for `-`
 * `.` `_` `~` as well), so a secret's runs of them appear verbatim in any of its encoded forms, at any depth.
 */
const PLAIN = /[A-Za-z0-9]+/g;
/** a percent escape of `hex`, percent-encoded again any number of times (`%22`, `%2522`, `%252522`) */
const pct = (hex: string) => `%(?:25)*${hex}`;
/** an entity, named or numeric (`&quot;`, `&#45;`, `&#x7E;`, `&period;`), escaped again or percent-encoded */
const ENTITY = `(?:&|${pct('26')})(?:amp(?:;|${pct('3[Bb]')}))*(?:#|${pct('23')})?[0-9A-Za-z]{1,8}(?:;|${pct('3[Bb]')})`;
/**
 * One encoded character: a backslash escape of any depth (a whole run of backslashes, never split, so that a
 * hostile text of many backslashes cannot make the match backtrack through its partitions), an entity, a percent
 * escape (nested), or a character that is not a letter or digit as it is (`+` for a space among them).
 */
const ENCODED = String.raw`(?:\\+(?!\\)(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[tnrbf"'/])?|${ENTITY}|${pct('[0-9A-Fa-f]{2}')}|[^A-Za-z0-9\\])`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The source of a pattern that matches a secret in every encoded form: its plain runs in order, and between them,
 * before and after, what its other characters become once encoded.
 */
function secretPattern(secret: string): string {
  const runs = secret.match(PLAIN);
  if (runs === null) return escapeRegExp(secret);
  // between two runs, each character may take a few encoded characters (a UTF-8 byte is one percent escape, a
  // surrogate pair two \u escapes); at the ends, at most one per byte, so that no neighbour is cut out as well
  const gap = (text: string, edge = false) =>
    text === '' ? '' : `${ENCODED}{1,${(edge ? 1 : 4) * utf8.encode(text).length + (edge ? 0 : 8)}}`;
  const lead = secret.slice(0, secret.indexOf(runs[0]!));
  const trail = secret.slice(secret.lastIndexOf(runs[runs.length - 1]!) + runs[runs.length - 1]!.length);
  // not from inside a run of backslashes: every start there would scan the rest of the run again
  let pattern = lead === '' ? '' : `(?<!\\\\)${gap(lead, true)}`;
  let at = lead.length;
  runs.forEach((run, i) => {
    const start = secret.indexOf(run, at);
    if (i > 0) pattern += gap(secret.slice(at, start));
    pattern += escapeRegExp(run);
    at = start + run.length;
  });
  return pattern + gap(trail, true);
}

/**
 * The part of any base64 text that is fixed by `bytes` alone, for each of the three alignments the bytes can
 * take inside a longer encoded text (Basic credentials encode `user:password`): the characters whose six bits all
 * come from the secret. Short cores are left out: they would cut out ordinary text.
 */
function base64Cores(bytes: Uint8Array): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    let binary = '\0'.repeat(offset);
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const encoded = codec.btoa(binary);
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (core.length >= 6) cores.push(escapeRegExp(core), escapeRegExp(core.replace(/\+/g, '-').replace(/\//g, '_')));
  }
  return cores;
}

/** One pattern for a set of secrets, each in every form; made once per set. */
let cached: { key: string; pattern: RegExp | undefined } | undefined;
function patternOf(secrets: readonly string[]): RegExp | undefined {
  const key = secrets.join('\u0000');
  if (cached?.key !== key) {
    // longest first: a secret that contains another is cut out whole
    const given = [...new Set(secrets.filter((s) => s !== ''))].sort((a, b) => b.length - a.length);
    const sources = given.flatMap((secret) => [secretPattern(secret), ...base64Cores(utf8.encode(secret))]);
    cached = { key, pattern: sources.length ? new RegExp(sources.join('|'), 'g') : undefined };
  }
  return cached.pattern;
}

/** The text with the given secrets (in every form) and anything shaped like a credential cut out. */
export function redact(text: string, secrets: readonly string[] = []): string {
  const pattern = patternOf(secrets);
  return (pattern !== undefined ? text.replace(pattern, HIDDEN) : text)
    .replace(USER_INFO, `$1${HIDDEN}@`)
    .replace(BEARER, `$1 ${HIDDEN}`)
    .replace(JWT, HIDDEN)
    .replace(JSON_FIELD, `$1"${HIDDEN}"`)
    .replace(XML_FIELD, `<$1>${HIDDEN}</`)
    .replace(PAIR_FIELD, `$1${HIDDEN}`);
}

/** A server's body (or a message taken from it): as `redact`, and every GUID, since it may be a consumer key. */
export function redactBody(text: string, secrets: readonly string[] = []): string {
  return redact(text, secrets).replace(GUID, HIDDEN);
}

/** A URL as it may be shown: without `user:password@`. */
export function shownUrl(url: string): string {
  return url.replace(USER_INFO, '$1');
}

/**
 * How much of a text is redacted before it is cut to `length`: enough that a secret starting before the cut is
 * whole in what is redacted, in any of its forms.
 */
const REDACTED_WINDOW = 1 << 16;

/**
 * At most `length` characters of a value for a message, as JSON: redacted by `clean` first, then cut, never
 * throwing. JSON.stringify overflows the stack on a deeply nested answer (and throws on cycles), so such a
 * value is described instead of printed.
 */
export function preview(value: unknown, clean: (text: string) => string, length = 200): string {
  let text: string | undefined;
  try {
    // a string is redacted as the server sent it, then shown as JSON: its escaped form holds no secret either
    text =
      typeof value === 'string'
        ? JSON.stringify(clean(value.slice(0, length + REDACTED_WINDOW)))
        : JSON.stringify(value);
  } catch {
    text = Array.isArray(value) ? '[an array nested too deeply to show]' : '{an object nested too deeply to show}';
  }
  // redacted (again) as shown: escaping can turn text next to nothing secret into the form of a secret
  text = clean((text ?? String(value)).slice(0, length + REDACTED_WINDOW));
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/**
 * Characters that must not reach a terminal or a log as they are: C0 and C1 controls (ESC, CR, LF, NUL), DEL, line
 * and paragraph separators, bidi marks, embeddings, overrides and isolates, the BOM, and lone surrogates.
 */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A short text a server sent (its build, a name) as a message shows it, bare: redacted by `clean`, every unsafe
 * character as a `\uXXXX` escape, at most `max` characters (a longer one cut, with `…`).
 */
export function shownText(text: string, clean: (text: string) => string, max = 80): string {
  const pieces: string[] = [];
  let length = 0;
  for (const c of clean(text.slice(0, max + REDACTED_WINDOW))) {
    const piece = UNSAFE.test(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c;
    pieces.push(piece);
    length += piece.length;
    if (length > max) break;
  }
  if (length <= max) return pieces.join('');
  let shown = '';
  for (const piece of pieces) {
    if (shown.length + piece.length > max - 1) break;
    shown += piece;
  }
  return `${shown}…`;
}
