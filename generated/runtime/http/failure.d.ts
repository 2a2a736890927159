import { type RequestInfo } from '../errors.js';
import type { Exchange, FetchResponse } from './types.js';
import type { Refusals } from './not-authorized.js';
/**
 * The server's message in any error body the families answer, so that no error drops it: `{ErrorMessage}` (REST,
 * Interactive), `{ExceptionMessage}` / `{Message}` (ASP.NET), `{errorMessage}` (UDT), OAuth's `{error_description}` and `{Description}`,
 * RFC 7807's `detail` (else its `title`), the Transaction API's `{Messages: [...]}`, OData's `{error: {message}}`,
 * `{error: '...' | [...]}` and ASP.NET validation's `{errors: {field: [...]}}`.
 */
export declare function errorMessageOf(body: unknown): string | undefined;
/** How a failed answer is read: the request's redaction, and the tokens refused though freshly issued. */
export interface FailureContext {
  readonly clean: (text: string) => string;
  readonly cleanBody: (text: string) => string;
  readonly refusals: Refusals;
}
/** The typed error of a failed answer (`text`: as much of its body as was read), thrown. */
export declare function fail(
  exchange: Exchange,
  response: FetchResponse,
  text: string,
  token: string,
  info: (status: number, message?: string) => RequestInfo,
  context: FailureContext,
): never;
