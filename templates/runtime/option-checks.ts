// Options given wrong, caught where they are given (createClient, tokenAuth, a request's options) with an
// ErpConfigError naming the mistake, instead of surfacing later as a puzzling refusal from the server or a silent
// default: an unset environment variable passed on with `!` (undefined or ''), a token given with its `Bearer `
// prefix (the client writes the header itself), a word option that is none of its words. No message shows a secret.
import { ErpConfigError } from './errors.js';
import type { VerifyMode } from './write-check.js';

/** `Bearer eyJ…`, `bearer:eyJ…`, `Bearer` alone: the scheme a header carries, typed into the token. */
const SCHEME = /^\s*bearer\b[\s:]*/i;

/** A token as createClient takes it, or the AuthProvider given: throws an ErpConfigError naming what is wrong. */
export function checkAuth(auth: unknown): void {
  if (auth === undefined || auth === null)
    throw new ErpConfigError(
      `createClient: auth is ${auth}: give the bearer token (a string) or tokenAuth({ ... }); if it comes from an environment variable, that variable is not set`,
    );
  if (typeof auth === 'string') {
    if (SCHEME.test(auth))
      throw new ErpConfigError(
        `createClient: auth starts with "Bearer": give the token alone; the client writes the Authorization header (\`Bearer <token>\`) itself`,
      );
    if (auth.trim() === '')
      throw new ErpConfigError(
        `createClient: auth is ${auth === '' ? 'an empty string' : 'only whitespace'}: give the bearer token; if it comes from an environment variable, that variable is empty`,
      );
    // a header value cannot hold these: fetch would refuse every request with a bare TypeError
    if (/[\r\n\0]/.test(auth))
      throw new ErpConfigError(
        `createClient: auth holds a line break or a NUL (copied with the token?): a bearer token has none`,
      );
    return;
  }
  if (typeof auth !== 'object' || typeof (auth as { token?: unknown }).token !== 'function')
    throw new ErpConfigError(
      `createClient: auth is ${typeof auth === 'object' ? 'an object without a token() method' : `a ${typeof auth}`}: give the bearer token (a string) or an AuthProvider such as tokenAuth({ ... })`,
    );
}

/**
 * The server's base address (`createClient({ baseUrl })`, `tokenAuth({ baseUrl })`): an http or https URL. One
 * without its scheme (`erp.example.com`) would otherwise fail at the first call, as a path of nowhere.
 */
export function checkBaseUrl(where: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ErpConfigError(
      `${where}: baseUrl is ${value === '' ? 'an empty string' : typeof value === 'string' ? 'only whitespace' : String(value)}: give the server's base address, e.g. https://erp.example.com (if it comes from an environment variable, that variable is not set)`,
    );
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value);
  if (/^https?:\/\/[^/?#\s]/i.test(value)) return;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^/:]+:\d+(\/|$)/.test(value))
    throw new ErpConfigError(`${where}: baseUrl ${shown} is not an http or https address`);
  const host = value.replace(/^\/+/, '');
  throw new ErpConfigError(
    `${where}: baseUrl ${shown} has no scheme: give https://${host} (or http://${host} for a server without TLS)`,
  );
}

/**
 * A word option (`truncate`, `drift`, `validate`) of createClient or a request: one of its words, or undefined when
 * not given; anything else is an ErpConfigError naming the words (a typo would otherwise be read as the default).
 */
export function checkWord<W extends string>(
  where: string,
  option: string,
  value: unknown,
  words: readonly W[],
): W | undefined {
  if (value === undefined || (words as readonly unknown[]).includes(value)) return value as W | undefined;
  const quoted = words.map((w) => `'${w}'`);
  const list = `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
  throw new ErpConfigError(`${where}: ${option} is ${list}, not ${JSON.stringify(value) ?? String(value)}`);
}

/** A `truncate` option (createClient's, or a request's): 'cut' or 'error'. */
export const checkTruncate = (value: unknown, where: string): void =>
  void checkWord(where, 'truncate', value, ['cut', 'error']);

/** A `verify` option (createClient's, or a call's): true, false or 'strict'. */
export function checkVerify(value: unknown, where: string): VerifyMode | undefined {
  if (value === undefined || value === true || value === false) return value;
  if (value === 'strict') return value;
  throw new ErpConfigError(
    `${where}: verify is true, false or 'strict', not ${JSON.stringify(value) ?? String(value)}`,
  );
}

/** The secret given to tokenAuth: present, and not empty. */
export function checkSecret(which: 'consumerKey' | 'password', value: unknown): void {
  if (typeof value === 'string' && value.trim() !== '') return;
  const what =
    value === undefined
      ? 'undefined'
      : value === ''
        ? 'an empty string'
        : typeof value === 'string'
          ? 'only whitespace'
          : `a ${value === null ? 'null' : typeof value}`;
  throw new ErpConfigError(
    `tokenAuth: ${which} is ${what}${typeof value === 'string' || value === undefined ? ' (is the environment variable that holds it set?)' : ''}`,
  );
}
