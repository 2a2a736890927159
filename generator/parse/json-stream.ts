// Feeds a JSON file through stream-json's tokenizer one block at a time, so memory holds a block and what the
// consumer keeps, never the document. Also turns the ways a download goes wrong (empty, XML, HTML, broken
// JSON) into one readable error naming the file and the byte offset.
import { closeSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { jsonParser } from 'stream-json/core/parser.js';
import { jsonVerifier } from 'stream-json/core/utils/verifier.js';
import { inputError } from '../errors.js';

export interface Token {
  readonly name: string;
  readonly value?: unknown;
}

/** Called with the tokens of one block; `blockStart` is the byte offset where that block began. */
export type TokenSink = (tokens: readonly Token[], blockStart: number) => void;

const BLOCK = 1 << 16;
/**
 * A schema document is made of short values: the longest is a description of a few kilobytes. A block after block
 * with no token in it is one value that does not end (a broken or hostile document: one 600 MB string would
 * outgrow V8's longest string and crash the parser), so it is refused after this many bytes of it.
 */
export const MAX_VALUE_BYTES = 16 * 1024 * 1024;
const NONE = Symbol.for('object-stream.none');

interface ManyTokens {
  readonly values: readonly Token[];
}

function tokensOf(out: unknown): readonly Token[] {
  if (out === NONE || out === undefined) return [];
  const many = out as Partial<ManyTokens>;
  return many.values ?? [out as Token];
}

/** What the first bytes say about a document that should be JSON. */
function sniff(head: string): string | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text === '') return 'is empty: expected a JSON CSDL schema document';
  if (/^<!doctype html|^<html/i.test(text))
    return 'is an HTML page, not a JSON CSDL schema document (the server answers some errors, such as the 404 for `bin`, with an HTML page)';
  if (text.startsWith('<'))
    return 'is XML, not JSON CSDL (the server answers $metadata in XML unless the request sends `Accept: application/json`)';
  return undefined;
}

/** Streams `file` into `sink`. `label` names the file in errors (the path relative to what the user gave). */
export function streamJson(file: string, sink: TokenSink, label = basename(file)): void {
  for (const { tokens, blockStart } of jsonBlocks(file, label)) sink(tokens, blockStart);
}

/**
 * The tokens of `file`, one block at a time: a reader that may stop between blocks (to let a Ctrl-C be heard)
 * iterates this; the file is closed however the iteration ends.
 */
export function* jsonBlocks(
  file: string,
  label = basename(file),
): Generator<{ readonly tokens: readonly Token[]; readonly blockStart: number }> {
  const fd = openSync(file, 'r');
  try {
    const parse = jsonParser({ packValues: true, streamValues: false });
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(BLOCK);
    let offset = 0;
    /** where the last block with a token ended: a value that goes on from there is measured */
    let quietSince = 0;
    let first = true;
    const tokens = (text: string): readonly Token[] => {
      try {
        return tokensOf(parse(text));
      } catch (error) {
        if (isParserError(error)) throw syntaxError(file, label);
        if (error instanceof RangeError) throw tooLong(label, quietSince);
        throw error;
      }
    };
    for (;;) {
      const read = readSync(fd, buffer, 0, BLOCK, null);
      if (read === 0) break;
      let text = decoder.write(buffer.subarray(0, read));
      if (first) {
        // a whitespace-only first block says nothing yet; sniff again with the next one
        const problem = sniff(text);
        if (problem && !(problem.startsWith('is empty') && read === BLOCK))
          throw inputError('ERPGEN_NOT_CSDL', label, problem, 0);
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = text.trim() === '' && read === BLOCK;
      }
      const block = tokens(text);
      if (block.length > 0) quietSince = offset + read;
      else if (offset + read - quietSince > MAX_VALUE_BYTES && text.trim() !== '') throw tooLong(label, quietSince);
      yield { tokens: block, blockStart: offset };
      offset += read;
    }
    if (first) throw inputError('ERPGEN_NOT_CSDL', label, 'is empty: expected a JSON CSDL schema document', 0);
    yield { tokens: tokens(NONE as unknown as string), blockStart: offset };
  } finally {
    closeSync(fd);
  }
}

function tooLong(label: string, from: number): Error {
  return inputError(
    'ERPGEN_JSON_VALUE_TOO_LONG',
    label,
    `holds a single value longer than ${MAX_VALUE_BYTES / 1_048_576} MiB (a string that does not end?), which no schema document has`,
    from,
  );
}

function isParserError(error: unknown): boolean {
  return error instanceof Error && /^Parser /.test(error.message);
}

/** The parser knows something is wrong but not where: the verifier knows where. Only runs on the error path. */
function syntaxError(file: string, label: string): Error {
  const verify = jsonVerifier();
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.allocUnsafe(BLOCK);
  const fd = openSync(file, 'r');
  // the verifier counts characters; keep the last blocks (with their char and byte starts) to turn that into bytes
  const blocks: Array<{ text: string; chars: number; bytes: number }> = [];
  let chars = 0;
  let bytes = 0;
  let flushing = false;
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, BLOCK, null);
      let text = read === 0 ? decoder.end() : decoder.write(buffer.subarray(0, read));
      let skipped = 0;
      if (bytes === 0 && text.charCodeAt(0) === 0xfeff) {
        text = text.slice(1);
        skipped = 3;
      }
      blocks.push({ text, chars, bytes: bytes + skipped });
      if (blocks.length > 2) blocks.shift();
      flushing = read === 0;
      verify(flushing ? (NONE as unknown as string) : text);
      if (read === 0) break;
      chars += text.length;
      bytes += read;
    }
  } catch (error) {
    const e = error as Error & { offset?: number };
    const at = e.offset ?? chars;
    const block = [...blocks].reverse().find((b) => b.chars <= at) ?? blocks[0]!;
    const offset = block.bytes + Buffer.byteLength(block.text.slice(0, at - block.chars));
    const reason = e.message.replace(/^ERROR at .*?: /, '').replace(/^Verifier (cannot parse input: |has )/, '');
    // an error only at the final flush means the text was fine as far as it went: it stopped too early
    return inputError(
      'ERPGEN_JSON_INVALID',
      label,
      flushing ? `invalid JSON: the document ends too early (truncated?): ${reason}` : `invalid JSON: ${reason}`,
      offset,
    );
  } finally {
    closeSync(fd);
  }
  return inputError('ERPGEN_JSON_INVALID', label, 'invalid JSON');
}

/**
 * The exact byte offset of `text` (as JSON writes it) at or after `from`; `from` itself when it is not there.
 * Semantic errors are found after their token went by; this pins them to the byte.
 */
export function locate(file: string, text: string, from: number): number {
  const needle = Buffer.from(JSON.stringify(text));
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(BLOCK + needle.length);
    let position = from;
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, position);
      if (read === 0) return from;
      const at = buffer.subarray(0, read).indexOf(needle);
      if (at >= 0) return position + at;
      if (read < buffer.length) return from;
      position += BLOCK;
    }
  } finally {
    closeSync(fd);
  }
}
