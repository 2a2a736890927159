// sql.js (SQLite compiled to WebAssembly), loaded once per process, and a column's text read as bytes.
//
// sql.js hands a text value over as a JS string: it decodes the UTF-8 out of the module's memory, and the server
// then encodes the string back to UTF-8 for the socket. For a page of the query family (1.7 MB of JSON for 5,000
// rows of a dozen columns) that round trip is most of what moving the page costs, so `textBytes` copies the bytes
// SQLite wrote straight out of the module's memory instead. The memory is the instance's exported
// WebAssembly.Memory, taken as sql.js instantiates its module (Emscripten's `instantiateWasm` hook); the statement's
// SQLite handle is sql.js's `Statement.stmt`, which its minified build renames (found once: `handleKey`). Where either
// is not found (another sql.js), every text is read as a string, as before: the same bytes, at the old cost.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isUtf8 } from 'node:buffer';
import initSqlJs, { type SqlJsStatic, type Statement } from 'sql.js';

/** The SQLite functions of sql.js's module read here (its type declarations leave them out). */
interface ColumnReaders {
  _sqlite3_column_text(statement: number, column: number): number;
  _sqlite3_column_bytes(statement: number, column: number): number;
  _sqlite3_column_double(statement: number, column: number): number;
  _sqlite3_sql(statement: number): number;
  UTF8ToString(at: number): string;
}

export interface SqlEngine {
  readonly SQL: SqlJsStatic;
  /**
   * Whether `textBytes` reads the module's memory (this sql.js's Statement handle and memory were found); where not,
   * it always answers undefined, and a text is read as a string, as before.
   */
  readonly direct: boolean;
  /**
   * The text of `column` of the statement's current row as its UTF-8 bytes, copied out of the module's memory;
   * undefined where they are not what reading the text as a string and encoding it again gives (bytes that are not
   * UTF-8: sql.js writes a lone surrogate of a string as its three bytes; a NULL; no `direct` reading): then read it
   * as a string.
   */
  textBytes(statement: Statement, column: number): Buffer | undefined;
  /** The number in `column` of the statement's current row (`get()` would read every column, the long text too). */
  number(statement: Statement, column: number): number;
}

/** The part of the WebAssembly API used here (the project compiles without the DOM's type declarations). */
interface Wasm {
  Memory: new (descriptor: { initial: number }) => { readonly buffer: ArrayBuffer };
  instantiate(binary: Uint8Array, imports: object): Promise<{ instance: WasmInstance }>;
}
interface WasmInstance {
  readonly exports: Record<string, unknown>;
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

let engine: Promise<SqlEngine> | undefined;

/** The engine, loaded on the first call. */
export function sqlEngine(): Promise<SqlEngine> {
  engine ??= load();
  return engine;
}

async function load(): Promise<SqlEngine> {
  const binary = await readFile(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm'));
  let memory: { readonly buffer: ArrayBuffer } | undefined;
  // sql.js waits for `done` without end: a failure to instantiate is raised here instead
  let failed!: (error: unknown) => void;
  const failure = new Promise<never>((_, reject) => (failed = reject));
  const SQL = await Promise.race([
    initSqlJs({
      instantiateWasm(imports: object, done: (instance: WasmInstance) => void) {
        wasm.instantiate(binary, imports).then(({ instance }) => {
          memory = Object.values(instance.exports).find((e) => e instanceof wasm.Memory) as typeof memory;
          done(instance);
        }, failed);
        return {};
      },
    } as Parameters<typeof initSqlJs>[0]),
    failure,
  ]);
  const readers = SQL as unknown as ColumnReaders;
  const key = handleKey(SQL, readers);
  const handleOf = (statement: Statement) => (statement as unknown as Record<string, number>)[key!]!;
  return {
    SQL,
    direct: key !== undefined && memory !== undefined,
    number: (statement, column) =>
      key !== undefined ? readers._sqlite3_column_double(handleOf(statement), column) : Number(statement.get()[column]),
    textBytes(statement, column) {
      if (key === undefined || memory === undefined) return undefined;
      const handle = handleOf(statement);
      const at = readers._sqlite3_column_text(handle, column);
      if (at === 0) return undefined;
      const length = readers._sqlite3_column_bytes(handle, column);
      // the memory's buffer is taken after the calls: a call may grow the memory, which replaces its buffer
      const bytes = new Uint8Array(memory.buffer, at, length);
      return isUtf8(bytes) ? Buffer.from(bytes) : undefined;
    },
  };
}

/**
 * The property of sql.js's Statement that holds its SQLite handle: `stmt` in sql.js's source, renamed in its minified
 * build, so found once, as the number SQLite knows as the statement of a probe's text; undefined if none is.
 */
function handleKey(SQL: SqlJsStatic, readers: ColumnReaders): string | undefined {
  const db = new SQL.Database();
  const text = 'SELECT 1 AS erpgen_probe';
  const probe = db.prepare(text);
  try {
    for (const [key, value] of Object.entries(probe)) {
      // the others are small numbers (the position of the next bound parameter) or objects
      if (typeof value !== 'number' || value < 1024) continue;
      try {
        if (readers.UTF8ToString(readers._sqlite3_sql(value)) === text) return key;
      } catch {
        // not a statement: its text could not be read
      }
    }
    return undefined;
  } finally {
    probe.free();
    db.close();
  }
}
