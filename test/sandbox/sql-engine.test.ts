// The sandbox's SQLite (sql-engine.ts): a column's text read as its UTF-8 bytes straight out of the WebAssembly
// module's memory, which the query family's pages are sent as; and where those bytes are not what the text read as a
// string gives, nothing (the caller reads the string).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from 'sql.js';
import { sqlEngine, type SqlEngine } from '../../sandbox/sql-engine.js';

let engine: SqlEngine;
let db: Database;
beforeAll(async () => {
  engine = await sqlEngine();
  db = new engine.SQL.Database();
});
afterAll(() => db.close());

/** `textBytes` and `number` of the single row of `sql`, and its columns read by sql.js as JS values. */
function read(sql: string, params: Array<string | number | null> = []) {
  const statement = db.prepare(sql);
  try {
    statement.bind(params);
    expect(statement.step()).toBe(true);
    const bytes = [0, 1].map((column) => engine.textBytes(statement, column));
    const number = engine.number(statement, 1);
    return { bytes, number, values: statement.get() };
  } finally {
    statement.free();
  }
}

describe('the sandbox reads a text as its bytes', () => {
  it("with the sql.js installed: its Statement's SQLite handle and the module's memory are found", () => {
    // without them every page is read as a string and encoded again: right, but the slower way
    expect(engine.direct).toBe(true);
  });

  it('gives the bytes of the text as sql.js reads it, of each column, and its numbers', () => {
    for (const text of [
      'plain',
      '',
      'naïve größe 名前 😀 \u2028',
      '{"a":[1,2]}',
      'nul \u0000 inside',
      'x'.repeat(100_000),
    ]) {
      const { bytes, values } = read('SELECT ?, 42', [text]);
      expect(values[0]).toBe(text);
      expect(bytes[0]).toEqual(Buffer.from(text));
      expect(bytes[1]).toEqual(Buffer.from('42'));
    }
    expect(read('SELECT NULL, 1.5').number).toBe(1.5);
    expect(read('SELECT NULL, 7').number).toBe(7);
  });

  it('reads the memory as it is after SQLite grew it for a long text', () => {
    const length = 48 * 1024 * 1024;
    const { bytes } = read("SELECT printf('%.*c', ?, 'y') || 'z', 0", [length]);
    expect(bytes[0]!.length).toBe(length + 1);
    expect(bytes[0]!.subarray(0, 3).toString()).toBe('yyy');
    expect(bytes[0]!.subarray(-2).toString()).toBe('yz');
  });

  it('gives nothing for NULL, or for bytes that are not UTF-8 (a lone surrogate, as sql.js stores it)', () => {
    expect(read('SELECT NULL, NULL').bytes).toEqual([undefined, undefined]);
    const lone = read('SELECT ?, ?', ['lone \ud800', 'lone \udc00 too']);
    expect(lone.bytes).toEqual([undefined, undefined]);
    // what the string the caller reads instead is: the bytes replaced as a decoder replaces them
    expect(lone.values[0]).toBe('lone \ufffd\ufffd\ufffd');
  });
});
