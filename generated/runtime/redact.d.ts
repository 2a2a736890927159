/** The text with the given secrets (in every form) and anything shaped like a credential cut out. */
export declare function redact(text: string, secrets?: readonly string[]): string;
/** A server's body (or a message taken from it): as `redact`, and every GUID, since it may be a consumer key. */
export declare function redactBody(text: string, secrets?: readonly string[]): string;
/** A URL as it may be shown: without `user:password@`. */
export declare function shownUrl(url: string): string;
/**
 * At most `length` characters of a value for a message, as JSON: redacted by `clean` first, then cut, never
 * throwing. JSON.stringify overflows the stack on a deeply nested answer (and throws on cycles), so such a
 * value is described instead of printed.
 */
export declare function preview(value: unknown, clean: (text: string) => string, length?: number): string;
/**
 * A short text a server sent (its build, a name) as a message shows it, bare: redacted by `clean`, every unsafe
 * character as a `\uXXXX` escape, at most `max` characters (a longer one cut, with `…`).
 */
export declare function shownText(text: string, clean: (text: string) => string, max?: number): string;
