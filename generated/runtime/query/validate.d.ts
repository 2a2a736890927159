import type { Logger } from '../logger.js';
/** What validation needs of an object: its columns' kinds and facets (object.ts). */
export interface Validated {
  readonly name: string;
  readonly surface: string;
  readonly columns?: object;
  readonly facets?: string | undefined;
}
/** Checks rows; `show` previews a value (redacted, then cut), `log` takes the lines of `warn`. */
export interface RowChecker {
  check(rows: readonly object[], firstIndex: number): void;
}
/**
 * What `warn` has said for a client: each problem (object, column, problem) once, and how many lines each object
 * had. A row of a hostile server with 100,000 unknown columns is one line, and an object's lines end at a cap.
 */
export type Said = Map<string, number>;
export declare function rowChecker(
  mode: 'warn' | 'error',
  object: Validated,
  select: readonly string[] | undefined,
  show: (value: unknown, length?: number) => string,
  log: Logger,
  said: Said,
): RowChecker;
