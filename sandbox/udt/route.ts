// The UDT service on the sandbox's base host (`/udtservice/api/udtdata/...`): inserts, updates and deletes of
// user-defined tables' rows, over the sandbox's SQLite rows (or memory), answering as the service documents say:
// - a name that is not a user-defined table of the snapshot (a bare name, a view, an ordinary table): 400
//   `{id: 0, errorNo: 4001, errorMessage: 'Invalid UDT table'}`;
// - an update of a table without `row_uid`, or with a condition on another column: 400 `{error: ['Invalid Row Uid!']}`;
// - a delete reads its conditions at the top level of the payload (nested in rows, or none: 400
//   `{error: ['Conditions cannot be blank or none!']}`); on a table without `row_uid` it answers HTTP 200, errorNo 0,
//   `[0] rows deleted ...` and deletes nothing;
// - success: 200 `{id: 0, errorNo: 0, errorMessage: '[n] rows deleted from [udt_x] table successfully!'}`.
import type { QueryObject } from '../schema.js';
import type { Routes } from '../server.js';
import { emptyReply, jsonReply, type Reply, type ServiceRequest } from '../reply.js';
import { readJson } from '../json-text.js';

type UdtRow = Record<string, string | null>;

/** Where the rows live: the sandbox's SQLite store, or memory (the default). */
export interface UdtStorage {
  /** sets `values` in the rows whose `column` equals `key`; how many rows changed */
  updateWhere(table: string, column: string, key: string, values: Readonly<UdtRow>): number;
  /** deletes the rows whose `column` equals `key`; how many */
  deleteWhere(table: string, column: string, key: string): number;
  insert(table: string, rows: ReadonlyArray<Readonly<UdtRow>>): void;
}

export interface UdtSandboxOptions {
  /** the snapshot's tables: those named `udt_*` are the user-defined tables */
  readonly tables: readonly QueryObject[];
  /** default: rows in memory (see `rows`) */
  readonly storage?: UdtStorage;
}

export interface UdtSandbox {
  /** the UDT service: a consumer key needs the /api scope for it */
  readonly routes: Routes;
  /** the rows of a user-defined table held in memory (empty when a storage was given) */
  rows(table: string): UdtRow[];
  /** adds rows (`row_uid` assigned when the table has one and the row gives none) */
  insert(table: string, rows: readonly UdtRow[]): void;
}

const PATH = '/udtservice/api/udtdata/';
const answer = (message: string) => jsonReply(200, { id: 0, errorNo: 0, errorMessage: message, documentNo: null });
const invalidTable = () => jsonReply(400, { id: 0, errorNo: 4001, errorMessage: 'Invalid UDT table' });
const failure = (...messages: string[]) => jsonReply(400, { error: messages });

interface Condition {
  readonly name: string;
  readonly value: string;
}

function conditionsOf(raw: unknown): Condition[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  return raw.map((c: { name?: unknown; value?: unknown }) => ({
    name: String(c?.name ?? ''),
    value: String(c?.value ?? ''),
  }));
}

/** A row's `columns` (`[{name, value}]`) as column -> text, or the service's message when one is not the table's. */
function valuesOf(table: QueryObject, raw: unknown): UdtRow | string {
  const values: UdtRow = {};
  for (const c of Array.isArray(raw) ? (raw as unknown[]) : []) {
    const { name, value } = (c !== null && typeof c === 'object' ? c : {}) as { name?: unknown; value?: unknown };
    if (typeof name !== 'string' || !table.columns.some((k) => k.name === name))
      return `Invalid column name '${String(name)}'.`;
    // an own member even when it is named __proto__
    Object.defineProperty(values, name, {
      value: value === null || value === undefined ? null : String(value),
      enumerable: true,
      writable: true,
    });
  }
  return values;
}

/** A write to the rows, or the database's refusal of a value (too long, not a number) as the message. */
function stored<T>(write: () => T): T | string {
  try {
    return write();
  } catch (error) {
    // a bug of the simulation stays one
    if (error instanceof TypeError || error instanceof RangeError) throw error;
    return (error as Error).message;
  }
}

/** Rows in memory, compared as text. */
function memoryStorage(
  rowsOf: (table: string) => UdtRow[],
  replace: (table: string, rows: UdtRow[]) => void,
): UdtStorage {
  return {
    updateWhere(table, column, key, values) {
      const hits = rowsOf(table).filter((row) => row[column] === key);
      for (const row of hits) Object.assign(row, values);
      return hits.length;
    },
    deleteWhere(table, column, key) {
      const before = rowsOf(table);
      const kept = before.filter((row) => row[column] !== key);
      replace(table, kept);
      return before.length - kept.length;
    },
    insert(table, rows) {
      rowsOf(table).push(...rows.map((r) => ({ ...r })));
    },
  };
}

export function udtSandbox(options: UdtSandboxOptions): UdtSandbox {
  const udts = new Map(options.tables.filter((t) => t.name.startsWith('udt_')).map((t) => [t.name, t]));
  const memory = new Map<string, UdtRow[]>();
  let nextUid = 1;
  const rowsOf = (table: string) => memory.get(table) ?? memory.set(table, []).get(table)!;
  const storage = options.storage ?? memoryStorage(rowsOf, (table, rows) => memory.set(table, rows));
  const hasRowUid = (table: QueryObject) => table.columns.some((c) => c.name === 'row_uid');

  function insert(table: string, rows: readonly UdtRow[]): void {
    const t = udts.get(table);
    if (!t) throw new Error(`${table} is not a user-defined table of the snapshot`);
    storage.insert(
      table,
      rows.map((row) => (hasRowUid(t) && row['row_uid'] === undefined ? { ...row, row_uid: String(nextUid++) } : row)),
    );
  }

  function update(table: QueryObject, body: Record<string, unknown>): Reply {
    const rows = body['rows'];
    if (!Array.isArray(rows) || rows.length === 0) return failure('Rows cannot be blank or none!');
    let changed = 0;
    for (const row of rows as unknown[]) {
      const raw = row !== null && typeof row === 'object' ? (row as { columns?: unknown; conditions?: unknown }) : {};
      const conditions = conditionsOf(raw.conditions ?? body['conditions']);
      if (!hasRowUid(table) || !conditions || conditions.some((c) => c.name !== 'row_uid'))
        return failure('Invalid Row Uid!');
      const values = valuesOf(table, raw.columns);
      if (typeof values === 'string') return failure(values);
      // the only condition the service takes is row_uid
      const updated = stored(() => storage.updateWhere(table.name, 'row_uid', conditions[0]!.value, values));
      if (typeof updated === 'string') return failure(updated);
      changed += updated;
    }
    return answer(`[${changed}] rows updated in [${table.name}] table successfully..!`);
  }

  function remove(table: QueryObject, body: Record<string, unknown>): Reply {
    const conditions = conditionsOf(body['conditions']);
    if (!conditions) return failure('Conditions cannot be blank or none!');
    const byRowUid = conditions.find((c) => c.name === 'row_uid');
    if (!hasRowUid(table) || !byRowUid) return answer(`[0] rows deleted from [${table.name}] table successfully!`);
    const deleted = storage.deleteWhere(table.name, 'row_uid', byRowUid.value);
    return answer(`[${deleted}] rows deleted from [${table.name}] table successfully!`);
  }

  const route = (request: ServiceRequest): Reply => {
    const action = request.path.slice(PATH.length);
    const methods: Record<string, string> = { insertudtdata: 'POST', updateudtdata: 'PUT', deleteudtdata: 'DELETE' };
    if (!Object.hasOwn(methods, action)) return emptyReply(404);
    if (request.method !== methods[action]) return emptyReply(405, { Allow: methods[action]! });
    // numbers keep their exact text (a value is sent to the column as text); a body nested deeper than JSON.NET
    // reads is refused as one that does not bind
    const read = readJson(request.body ?? '');
    if ('problem' in read) return failure(read.problem);
    const body = read.value;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return failure('The request body is not a UDT payload.');
    const b = body as Record<string, unknown>;
    const table = typeof b['table'] === 'string' ? udts.get(b['table']) : undefined;
    if (!table) return invalidTable();
    if (action === 'updateudtdata') return update(table, b);
    if (action === 'deleteudtdata') return remove(table, b);
    const rows: UdtRow[] = [];
    for (const row of Array.isArray(b['rows']) ? (b['rows'] as unknown[]) : []) {
      const values = valuesOf(
        table,
        row !== null && typeof row === 'object' ? (row as { columns?: unknown }).columns : [],
      );
      if (typeof values === 'string') return failure(values);
      rows.push(values);
    }
    const inserted = stored(() => insert(table.name, rows));
    if (typeof inserted === 'string') return failure(inserted);
    return answer(`[${rows.length}] row inserted in [${table.name}] table successfully..!`);
  };

  return {
    routes: { name: 'udt', owns: (path) => path.startsWith(PATH), access: 'api', route },
    rows: (table) => rowsOf(table).map((r) => ({ ...r })),
    insert,
  };
}
