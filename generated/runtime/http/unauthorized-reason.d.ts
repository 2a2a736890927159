import type { NotAuthorizedReason } from '../errors.js';
import type { Exchange } from './types.js';
import type { Refusals } from './not-authorized.js';
/** Why a 401 came, as far as the answer and the token tell. */
export declare function unauthorizedReason(
  exchange: Exchange,
  text: string,
  body: unknown,
  token: string,
  refusals: Refusals,
): NotAuthorizedReason;
export declare function notAuthorizedSummary(reason: NotAuthorizedReason, exchange: Exchange): string;
