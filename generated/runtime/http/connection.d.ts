import { type ErpHttpError, type RequestInfo } from '../errors.js';
import type { AbortSignalLike, Exchange } from './types.js';
/** A timeout over the whole exchange, body included, joined with the caller's signal. */
export declare function deadline(
  timeoutMs: number,
  caller: AbortSignalLike | undefined,
): {
  signal: AbortSignalLike;
  timedOut: () => boolean;
  cancelled: () => boolean;
  done(): void;
};
export type Deadline = ReturnType<typeof deadline>;
/**
 * The typed error of a failure of one attempt (`answered`: the status that came, 0 before an answer). `encoding`
 * is the answer's Content-Encoding, once it came.
 */
export declare function connectionLost(
  exchange: Exchange,
  limit: Deadline,
  timeoutMs: number,
  info: (status: number) => RequestInfo,
  clean: (text: string) => string,
  encoding: () => string,
): (error: unknown, answered: number) => ErpHttpError;
