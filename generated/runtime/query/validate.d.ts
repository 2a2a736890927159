import type { Logger } from '../retry.js';
/** `error`: the first row that does not fit throws an ErpRowValidationError; `warn`: logged; `off`: not checked. */
export type ValidateMode = 'warn' | 'error' | 'off';
/** The mode given, refused with a readable error when it is none of the three. */
export declare function validateMode(mode: unknown, where: string): ValidateMode;
/** What validation needs of an object: its columns' kinds and facets (object.ts). */
export interface Validated {
  readonly name: string;
  readonly surface: string;
  readonly columns?: object;
  readonly facets?: string;
}
/** Checks rows; `show` previews a value (redacted, then cut), `log` takes the lines of `warn`. */
export interface RowChecker {
  check(rows: readonly object[], firstIndex: number): void;
}
export declare function rowChecker(
  mode: 'warn' | 'error',
  object: Validated,
  select: readonly string[] | undefined,
  show: (value: unknown, length?: number) => string,
  log: Logger,
  said: Set<string>,
): RowChecker;
