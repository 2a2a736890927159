// Secrets never reach a message: every text a server sent (the token endpoint's error body echoes the consumer key)
// and every URL is passed through here before it is shown.

const TOKEN_LIKE = /\beyJ[\w-]*\.[\w-]+\.[\w-]+/g;
const SHOWN = 200;

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Adds values never to show (a password, a consumer key, an issued token). Very short values are ignored. */
  add(...values: ReadonlyArray<string | undefined>): void {
    for (const v of values) if (v !== undefined && v.length >= 4) this.secrets.add(v);
  }

  /** The text with every known secret and anything shaped like a bearer token replaced by `***`. */
  text(text: string): string {
    let out = text;
    // longest first, so a secret that contains another is replaced whole
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join('***');
    return out.replace(TOKEN_LIKE, '***');
  }

  /** A server body for a one-line message: redacted, on one line, cut to a readable length. */
  body(text: string): string {
    const line = this.text(text).replace(/\s+/g, ' ').trim();
    return line.length > SHOWN ? `${line.slice(0, SHOWN)}...` : line;
  }
}

/** A URL as shown: without `user:password@`, without its query string. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(an invalid URL)';
  }
}
