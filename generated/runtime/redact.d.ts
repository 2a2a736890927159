/** The text with the given secrets and anything shaped like a credential replaced by `[redacted]`. */
export declare function redact(text: string, secrets?: readonly string[]): string;
/** A server's body (or a message taken from it): as `redact`, and every GUID, since it may be a consumer key. */
export declare function redactBody(text: string, secrets?: readonly string[]): string;
/** A URL as it may be shown: without `user:password@`. */
export declare function shownUrl(url: string): string;
/**
 * At most `length` characters of a value for a message, never throwing: JSON.stringify overflows the stack on
 * a deeply nested answer (and throws on cycles), so such a value is described instead of printed.
 */
export declare function preview(value: unknown, length?: number): string;
