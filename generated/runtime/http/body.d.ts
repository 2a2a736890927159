import { type ErpHttpError, type RequestInfo } from '../errors.js';
import type { FetchResponse } from './types.js';
/** An error body is only shown as a snippet and read for its message fields: no more of it is read. */
export declare const ERROR_BODY_BYTES: number;
export declare const DEFAULT_MAX_RESPONSE_BYTES: number;
/**
 * Reads a body; `lost` types a failure of the connection or the decoding while it arrives, `info` describes the
 * request for an error of the reader's own.
 */
export type Reader<T> = (
  response: FetchResponse,
  lost: (error: unknown) => ErpHttpError,
  info: (status: number) => RequestInfo,
) => Promise<T>;
/**
 * At most `cap` bytes of a body, chunk by chunk, and whether there was more (the rest is not read: the stream
 * is cancelled). A response without a stream (a test double) is read whole.
 */
export declare function readUpTo(
  response: FetchResponse,
  cap: number,
  lost: (error: unknown) => ErpHttpError,
): Promise<{
  bytes: Uint8Array;
  more: boolean;
}>;
/** Lets go of a body that will not be read (a redirect's): the connection is not held for it. */
export declare function discard(response: FetchResponse): Promise<void>;
/** A successful answer's body, refused past its cap (a Content-Length over it is refused before reading). */
export declare function readCapped(cap: number): Reader<Uint8Array>;
/** A body's bytes as text (UTF-8, invalid sequences replaced). */
export declare function utf8Text(bytes: Uint8Array): string;
/** The most characters of a body a message shows. */
export declare const SNIPPET = 200;
/** What a body is, when it is not the JSON asked for: an HTML page, or XML. */
export declare function describeBody(text: string, contentType: string): string | undefined;
/** The message of an OData error object, `{error: {code, message}}`. */
export declare function odataMessage(body: unknown): string | undefined;
/** JSON.parse that never throws (a deeply nested or malformed body is just not JSON). */
export declare function parseJson(text: string):
  | {
      readonly value: unknown;
    }
  | undefined;
