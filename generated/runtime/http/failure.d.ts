import { type RequestInfo } from '../errors.js';
import type { Exchange, FetchResponse } from './types.js';
import { type Refusals } from './not-authorized.js';
/** The most characters of a body a message shows. */
export declare const SNIPPET = 200;
/** What a body is, when it is not the JSON asked for: an HTML page, or XML. */
export declare function describeBody(text: string, contentType: string): string | undefined;
/** The message of an OData error object, `{error: {code, message}}`. */
export declare function odataMessage(body: unknown): string | undefined;
/**
 * The server's message in any error body the families answer, so that no error drops it: `{ErrorMessage}` (REST,
 * Interactive), `{ExceptionMessage}` / `{Message}` (ASP.NET), `{errorMessage}` (UDT), OAuth's `{error_description}` and `{Description}`,
 * RFC 7807's `detail` (else its `title`), the Transaction API's `{Messages: [...]}`, OData's `{error: {message}}`,
 * `{error: '...' | [...]}` and ASP.NET validation's `{errors: {field: [...]}}`.
 */
export declare function errorMessageOf(body: unknown): string | undefined;
/** JSON.parse that never throws (a deeply nested or malformed body is just not JSON). */
export declare function parseJson(text: string):
  | {
      readonly value: unknown;
    }
  | undefined;
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
