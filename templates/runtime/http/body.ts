// Bodies read up to a cap, chunk by chunk: an error body only as far as a message needs, a successful answer up to
// the client's `maxResponseBytes` (a Content-Length over it is refused before reading). What is past the cap is never
// read (the stream is cancelled), so a server that answers without end cannot fill memory. And what a body is when
// it is not the JSON asked for.
import { ErpResponseTooLargeError, type ErpHttpError, type RequestInfo } from '../errors.js';
import type { FetchResponse } from './types.js';

/** An error body is only shown as a snippet and read for its message fields: no more of it is read. */
export const ERROR_BODY_BYTES = 256 * 1024;
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

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
export async function readUpTo(
  response: FetchResponse,
  cap: number,
  lost: (error: unknown) => ErpHttpError,
): Promise<{ bytes: Uint8Array; more: boolean }> {
  try {
    if (response.body === undefined || response.body === null) {
      const all = new Uint8Array(await response.arrayBuffer());
      return { bytes: all.length > cap ? all.subarray(0, cap) : all, more: all.length > cap };
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done || value === undefined) break;
      if (total + value.length > cap) {
        chunks.push(value.subarray(0, cap - total));
        total = cap;
        await reader.cancel().catch(() => undefined);
        return { bytes: concat(chunks, total), more: true };
      }
      chunks.push(value);
      total += value.length;
    }
    return { bytes: concat(chunks, total), more: false };
  } catch (error) {
    throw lost(error);
  }
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Lets go of a body that will not be read (a redirect's): the connection is not held for it. */
export async function discard(response: FetchResponse): Promise<void> {
  await response.body
    ?.getReader()
    .cancel()
    .catch(() => undefined);
}

/** A successful answer's body, refused past its cap (a Content-Length over it is refused before reading). */
export function readCapped(cap: number): Reader<Uint8Array> {
  return async (response, lost, info) => {
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    const { bytes, more } =
      declared > cap ? { bytes: new Uint8Array(0), more: true } : await readUpTo(response, cap, lost);
    if (more) {
      if (declared > cap) await discard(response);
      throw new ErpResponseTooLargeError(
        `the answer is longer than ${cap} bytes, the most this client reads (maxResponseBytes): a runaway or hostile server? Nothing of it was kept`,
        info(response.status),
      );
    }
    return bytes;
  };
}

const utf8 = new (
  globalThis as unknown as { TextDecoder: new () => { decode(bytes: Uint8Array): string } }
).TextDecoder();

/** A body's bytes as text (UTF-8, invalid sequences replaced). */
export function utf8Text(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** The most characters of a body a message shows. */
export const SNIPPET = 200;

/** What a body is, when it is not the JSON asked for: an HTML page, or XML. */
export function describeBody(text: string, contentType: string): string | undefined {
  const head = text.trimStart().slice(0, SNIPPET);
  if (/^<!doctype html|^<html/i.test(head) || contentType.includes('text/html'))
    return 'an HTML page where JSON was expected';
  if (head.startsWith('<') || /\bxml\b/.test(contentType))
    return 'XML where JSON was expected (was `Accept: application/json` dropped by a proxy?)';
  return undefined;
}

/** The message of an OData error object, `{error: {code, message}}`. */
export function odataMessage(body: unknown): string | undefined {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return error !== null && typeof error === 'object' && typeof error.message === 'string' ? error.message : undefined;
}

/** JSON.parse that never throws (a deeply nested or malformed body is just not JSON). */
export function parseJson(text: string): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
