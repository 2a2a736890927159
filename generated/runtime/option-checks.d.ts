import type { VerifyMode } from './write-check.js';
/** A token as createClient takes it, or the AuthProvider given: throws an ErpConfigError naming what is wrong. */
export declare function checkAuth(auth: unknown): void;
/**
 * The server's base address (`createClient({ baseUrl })`, `tokenAuth({ baseUrl })`): an http or https URL. One
 * without its scheme (`erp.example.com`) would otherwise fail at the first call, as a path of nowhere.
 */
export declare function checkBaseUrl(where: string, value: unknown): void;
/**
 * A word option (`truncate`, `drift`, `validate`) of createClient or a request: one of its words, or undefined when
 * not given; anything else is an ErpConfigError naming the words (a typo would otherwise be read as the default).
 */
export declare function checkWord<W extends string>(
  where: string,
  option: string,
  value: unknown,
  words: readonly W[],
): W | undefined;
/** A `truncate` option (createClient's, or a request's): 'cut' or 'error'. */
export declare const checkTruncate: (value: unknown, where: string) => void;
/** A `verify` option (createClient's, or a call's): true, false or 'strict'. */
export declare function checkVerify(value: unknown, where: string): VerifyMode | undefined;
/** The secret given to tokenAuth: present, and not empty. */
export declare function checkSecret(which: 'consumerKey' | 'password', value: unknown): void;
