// Secrets (passwords, consumer keys, tokens) must never reach an error message or a log line. Servers echo
// them: the token endpoint's error body repeats the consumer key, some 401/400/500 bodies repeat the
// Authorization header, and a base URL may carry `user:password@`. So every text that came from a server or
// names a URL passes through here before it is shown: the secrets the caller gave are cut out by value, and
// what looks like one (a bearer value, a JWT, a GUID in a server body, a secret-named field) by shape.
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
/** The text with the given secrets and anything shaped like a credential replaced by `[redacted]`. */
export function redact(text, secrets = []) {
  let out = text;
  // longest first, so a secret containing another is cut out whole
  for (const secret of [...secrets].sort((a, b) => b.length - a.length))
    if (secret !== '') out = out.split(secret).join(HIDDEN);
  return out
    .replace(USER_INFO, `$1${HIDDEN}@`)
    .replace(BEARER, `$1 ${HIDDEN}`)
    .replace(JWT, HIDDEN)
    .replace(JSON_FIELD, `$1"${HIDDEN}"`)
    .replace(XML_FIELD, `<$1>${HIDDEN}</`)
    .replace(PAIR_FIELD, `$1${HIDDEN}`);
}
/** A server's body (or a message taken from it): as `redact`, and every GUID, since it may be a consumer key. */
export function redactBody(text, secrets = []) {
  return redact(text, secrets).replace(GUID, HIDDEN);
}
/** A URL as it may be shown: without `user:password@`. */
export function shownUrl(url) {
  return url.replace(USER_INFO, '$1');
}
/**
 * At most `length` characters of a value for a message, never throwing: JSON.stringify overflows the stack on
 * a deeply nested answer (and throws on cycles), so such a value is described instead of printed.
 */
export function preview(value, length = 200) {
  let text;
  try {
    text = typeof value === 'string' ? JSON.stringify(value.slice(0, length + 1)) : JSON.stringify(value);
  } catch {
    text = Array.isArray(value) ? '[an array nested too deeply to show]' : '{an object nested too deeply to show}';
  }
  text ??= String(value);
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
