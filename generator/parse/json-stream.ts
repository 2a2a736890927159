// Reads JSON files one block at a time, so memory holds a block and what the consumer keeps, never the document:
// - `outline`, for the schema documents (parse/csdl.ts): a scan of the document's outer levels (the document, its
//   members, the members of its object members) that hands over each wanted member of the second level whole,
//   parsed by V8's own JSON.parse. The scan looks at bytes only where the structure is (quotes, brackets) and
//   jumps over strings with a native search; everything else is JSON.parse's work, which is what a schema
//   document's reading costs at the least (a stock tenant's documents took a second through a tokenizer of
//   JavaScript objects, and a tenth of that so). Values it skips are parsed as well, to be checked, and dropped,
//   unless the caller checks them in a later reading of the same bytes.
// - `streamJson`, every token of a document (stream-json's tokenizer), for a reader that writes a document back.
// Both turn the ways a download goes wrong (empty, XML, HTML, broken JSON) into one readable error naming the file
// and the byte offset.
import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { inputError } from '../errors.js';

/**
 * stream-json's modules, loaded when a reading first needs them: `outline` (every `generate`) needs the verifier
 * only to say where a document it cannot read breaks, and loading stream-json's ESM build (with stream-chain's)
 * cost a run of the shipped sample about 15 ms of its 300. require(esm), on by default from Node 20.19 (the
 * engines of package.json, as yargs' own), loads them synchronously on that error path.
 */
const load = createRequire(import.meta.url);
const streamJsonParser = () =>
  (load('stream-json/core/parser.js') as typeof import('stream-json/core/parser.js')).jsonParser;
const streamJsonVerifier = () =>
  (load('stream-json/core/utils/verifier.js') as typeof import('stream-json/core/utils/verifier.js')).jsonVerifier;

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
    const parse = streamJsonParser()({ packValues: true, streamValues: false });
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

// --- the outline of a schema document ------------------------------------------------------------------------

/**
 * Deeper than this inside one wanted member is refused. An entity type nests four or five levels (type, property,
 * annotation, record, collection); a thousand-deep value is a broken or hostile document, and every later step that
 * walks a value (or a message that would show it) would pay for it.
 */
export const MAX_MEMBER_DEPTH = 64;

/**
 * A value the outline skips is still parsed, to be checked, when it is at most this long; a longer one (no schema
 * document has one) is only scanned, so that memory never holds more than a member.
 */
const MAX_CHECKED_BYTES = 64 * 1024 * 1024;

/**
 * A reader that steps through `outline` (a run of generate, which heeds a Ctrl-C between steps and lets node finish
 * the files it writes meanwhile) gets a step at least this often while wanted members are read: a block of a small
 * document holds dozens of them, each handed on to be printed, and its files waited for the next block.
 */
const YIELD_MS = 2;

/** What `outline` tells of a document: an object whose members are read at two levels. */
export interface Outline {
  /** a member of the document that is not an object: its value (a number as written) */
  top?(key: string, value: unknown): void;
  /** an object member of the document: true to read its members (a schema), false to skip it */
  enter(key: string): boolean;
  /** a member of an entered object that is not an object: its value, as JSON.parse gives it */
  scalar?(outer: string, key: string, value: unknown): void;
  /** whether to read an object member of an entered object; `at` is the byte where its key begins */
  wants(outer: string, key: string, at: number): boolean;
  /** a wanted member, read: its keys in the document's order */
  member(outer: string, key: string, value: Map<string, unknown>, at: number, text: string): void;
  /** the error for a wanted member nested deeper than MAX_MEMBER_DEPTH; undefined: no bound for this one */
  tooDeep(outer: string, key: string, at: number): Error | undefined;
  /** asked after each member, with the byte the reading has come to: true ends the reading there */
  finished?(at: number): boolean;
  /**
   * Whether a value skipped, whose key begins at byte `at`, is parsed to be checked (by default, every one); one
   * that is not is only scanned: another reading of the same bytes checks it
   */
  check?(at: number): boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
/** ends a number or literal */
const isDelimiter = (b: number) =>
  isSpace(b) || b === COMMA || b === CLOSE_OBJECT || b === CLOSE_ARRAY || b === COLON || b === QUOTE;

/** What the outer levels expect next. */
const DOCUMENT = 0;
const KEY_OR_END = 1;
const KEY = 2;
const COLON_NEXT = 3;
const VALUE = 4;
const COMMA_OR_END = 5;
const NOTHING = 6;

/** A canonical array index: JSON.parse lists such keys first, whatever their place in the text. */
const isIndex = (key: string) => /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;

/** The keys of an object's text at its first level, in the text's order, as often as the text names each. */
export function memberKeys(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      for (i++; text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
      if (depth !== 1) continue;
      let j = i + 1;
      while (isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) === COLON) keys.push(JSON.parse(text.slice(start, i + 1)) as string);
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return keys;
}

/** A member's object as a Map in the document's order (a schema member's keys are its columns, in order). */
function inOrder(text: string, value: Record<string, unknown>): Map<string, unknown> {
  let keys = Object.keys(value);
  if (keys.length > 0 && isIndex(keys[0]!)) keys = [...new Set(memberKeys(text))];
  const map = new Map<string, unknown>();
  for (const key of keys) map.set(key, value[key]);
  return map;
}

/**
 * Reads a JSON document whose value is an object: the members of the document (`top`, `enter`) and of the objects
 * entered (`scalar`, `wants`, `member`), one read block at a time (it yields after each, and after a wanted member
 * read YIELD_MS or more after the last yield). A wanted member is held whole and parsed with JSON.parse; everything
 * else is parsed to be checked (see MAX_CHECKED_BYTES) and dropped.
 */
export function* outline(file: string, label: string, o: Outline): Generator<void> {
  const fd = openSync(file, 'r');
  try {
    /** the bytes held: those of the file from `base` on, `length` of them */
    let data = Buffer.allocUnsafe(2 * BLOCK);
    let base = 0;
    let length = 0;
    let first = true;
    let eof = false;
    // the outer levels
    let expect = DOCUMENT as number;
    let depth = 0;
    let outer = '';
    let key = '';
    let keyAt = 0;
    // a value (or a key) read whole: where it begins, its open brackets, whether in a string and since where
    let span = -1;
    let spanKind = 0;
    const brackets: number[] = [];
    let inString = false;
    let stringAt = 0;
    let wanted = false;
    let bounded = false;
    let checked = true;
    let yielded = performance.now();

    const fail = (): never => {
      throw syntaxError(file, label);
    };
    const parse = (text: string): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        return fail();
      }
    };
    const finished = (at: number) => o.finished?.(at) === true;

    /** A value or key read whole: what it is depends on where it stands. Returns true to stop reading. */
    const complete = (text: string, start: number, end: number): boolean => {
      if (expect === KEY || expect === KEY_OR_END) {
        key = parse(text) as string;
        keyAt = start;
        expect = COLON_NEXT;
        return false;
      }
      expect = COMMA_OR_END;
      if (depth === 0) {
        parse(text);
        throw inputError('ERPGEN_NOT_CSDL', label, 'is not a JSON object: expected a JSON CSDL schema document', 0);
      }
      const scalar = spanKind !== OPEN_OBJECT && spanKind !== OPEN_ARRAY;
      if (!checked) return false;
      if (depth === 1) {
        const value = parse(text);
        if (scalar) o.top?.(key, spanKind === QUOTE ? value : typeof value === 'number' ? text : value);
        return false;
      }
      if (wanted) {
        o.member(outer, key, inOrder(text, parse(text) as Record<string, unknown>), keyAt, text);
        return finished(end);
      }
      const value = parse(text);
      if (!scalar) return false;
      o.scalar?.(outer, key, value);
      return finished(end);
    };

    for (;;) {
      // the bytes still needed: from the value being read, else none
      if (span >= 0 && !wanted && base + length - span > MAX_CHECKED_BYTES) checked = false;
      const keep = span < 0 ? base + length : checked ? span : inString ? stringAt : base + length;
      const drop = keep - base;
      if (drop > 0) {
        data.copy(data, 0, drop, length);
        length -= drop;
        base = keep;
      }
      if (data.length - length < BLOCK) {
        const larger = Buffer.allocUnsafe(Math.max(2 * data.length, length + BLOCK));
        data.copy(larger, 0, 0, length);
        data = larger;
      }
      const read = readSync(fd, data, length, BLOCK, null);
      if (read === 0) eof = true;
      let i = length;
      length += read;
      if (first && read > 0) {
        const head = data.toString('utf8', 0, length);
        const problem = sniff(head);
        // a whitespace-only first block says nothing yet; sniff again with the next one
        if (problem && !(problem.startsWith('is empty') && read === BLOCK))
          throw inputError('ERPGEN_NOT_CSDL', label, problem, 0);
        if (base === 0 && i === 0 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) i = 3;
        first = head.trim() === '' && read === BLOCK;
      }
      const bytes = data.subarray(0, length);
      while (i < length) {
        if (span >= 0) {
          // inside a value read whole
          if (inString) {
            const quote = bytes.indexOf(QUOTE, i);
            if (quote < 0) {
              i = length;
              if (base + length - stringAt > MAX_VALUE_BYTES) throw tooLong(label, stringAt);
              break;
            }
            let slash = quote - 1;
            while (bytes[slash] === BACKSLASH) slash--;
            i = quote + 1;
            if ((quote - 1 - slash) % 2 === 1) continue;
            inString = false;
            if (brackets.length > 0) continue;
          } else if (brackets.length === 0) {
            // a number or literal: it ends at the first byte that cannot be in it
            if (!isDelimiter(bytes[i]!)) {
              i++;
              if (base + i - span > MAX_VALUE_BYTES) throw tooLong(label, span);
              continue;
            }
          } else {
            const c = bytes[i++]!;
            if (c === QUOTE) {
              inString = true;
              stringAt = base + i - 1;
            } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
              brackets.push(c);
              if (bounded && brackets.length > MAX_MEMBER_DEPTH) {
                const error = o.tooDeep(outer, key, keyAt);
                if (error) throw error;
                bounded = false;
              }
            } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
              if (brackets.pop() !== c - 2) fail();
            }
            if (brackets.length > 0 || inString) continue;
          }
          // the value ends before byte i
          const text = checked ? data.toString('utf8', span - base, i) : '';
          const start = span;
          span = -1;
          const member = wanted;
          if (complete(text, start, base + i)) return;
          if (member && performance.now() - yielded >= YIELD_MS) {
            yield;
            yielded = performance.now();
          }
          continue;
        }
        const c = bytes[i]!;
        if (isSpace(c)) {
          i++;
          continue;
        }
        switch (expect) {
          case DOCUMENT:
            if (c === OPEN_ARRAY)
              throw inputError(
                'ERPGEN_NOT_CSDL',
                label,
                'is a JSON array, not a JSON CSDL schema document (an object with $Version and $EntityContainer)',
                0,
              );
            if (c === OPEN_OBJECT) {
              depth = 1;
              expect = KEY_OR_END;
              i++;
              continue;
            }
            break;
          case KEY_OR_END:
          case COMMA_OR_END:
            if (c === CLOSE_OBJECT) {
              i++;
              depth--;
              expect = depth === 0 ? NOTHING : COMMA_OR_END;
              if (finished(base + i)) return;
              continue;
            }
            if (expect === COMMA_OR_END) {
              if (c !== COMMA) fail();
              expect = KEY;
              i++;
              continue;
            }
            if (c !== QUOTE) fail();
            break;
          case KEY:
            if (c !== QUOTE) fail();
            break;
          case COLON_NEXT:
            if (c !== COLON) fail();
            expect = VALUE;
            i++;
            continue;
          case VALUE:
            if (c === CLOSE_OBJECT || c === CLOSE_ARRAY || c === COMMA || c === COLON) fail();
            if (c === OPEN_OBJECT && depth === 1 && o.enter(key)) {
              depth = 2;
              outer = key;
              expect = KEY_OR_END;
              i++;
              if (finished(base + i)) return;
              continue;
            }
            break;
          case NOTHING:
            fail();
        }
        // a value or a key begins: read it whole
        span = base + i;
        spanKind = c;
        wanted = expect === VALUE && depth === 2 && c === OPEN_OBJECT && o.wants(outer, key, keyAt);
        checked = wanted || (c !== OPEN_OBJECT && c !== OPEN_ARRAY) || (o.check?.(keyAt) ?? true);
        bounded = wanted;
        if (c === QUOTE) {
          inString = true;
          stringAt = span;
        } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) brackets.push(c);
        i++;
      }
      if (eof) {
        if (first) throw inputError('ERPGEN_NOT_CSDL', label, 'is empty: expected a JSON CSDL schema document', 0);
        if (span >= 0 && !inString && brackets.length === 0 && spanKind !== OPEN_OBJECT && spanKind !== OPEN_ARRAY) {
          // a number or literal that ends the file
          const text = data.toString('utf8', span - base, length);
          const start = span;
          span = -1;
          if (complete(text, start, length + base)) return;
        }
        if (expect !== NOTHING || span >= 0) fail();
        return;
      }
      yield;
      yielded = performance.now();
    }
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
  const verify = streamJsonVerifier()();
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
