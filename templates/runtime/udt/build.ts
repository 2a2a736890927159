// The user-defined tables family's members, built from the client's context on their first call (index.ts): the
// service's rules are in index.ts.
import { ErpUnexpectedResponseError, ErpWriteNotAppliedError, type RequestInfo } from '../errors.js';
import type { Family } from '../family.js';
import { decimalText, plainNumber } from '../literals.js';
import { hasOwn, type QueryObject } from '../object.js';
import { ErpUdtError, ErpUdtUsageError } from './errors.js';
import type { Udt, UdtResult } from './index.js';

const PATH = '/udtservice/api/udtdata';

function valueText(value: unknown, what: string): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return plainNumber(value, what);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  throw new ErpUdtUsageError(`${what}: ${JSON.stringify(value) ?? String(value)} cannot be sent as a column value`);
}

/** The table's name, or a refusal saying why the UDT service cannot take it. */
function checkTable(table: unknown, call: string): string {
  const t = table as Partial<QueryObject> | null;
  if (typeof table === 'string')
    throw new ErpUdtUsageError(
      `udt.${call}: takes the table's generated descriptor (from '<package>/tables/...'), not the name ${JSON.stringify(table)}`,
    );
  if (t === null || typeof t !== 'object' || typeof t.name !== 'string' || typeof t.columns !== 'object')
    throw new ErpUdtUsageError(`udt.${call}: takes a table's generated descriptor`);
  if (t.surface !== 'table')
    throw new ErpUdtUsageError(`udt.${call}: ${t.name} is a view; the UDT service writes user-defined tables only`);
  if (!t.name.startsWith('udt_'))
    throw new ErpUdtUsageError(
      `udt.${call}: ${t.name} is not a user-defined table (their names start with udt_); the UDT service answers Invalid UDT table`,
    );
  if (t.columns === null || !hasOwn(t.columns, 'row_uid'))
    throw new ErpUdtUsageError(
      `udt.${call}: ${t.name} has no row_uid column (a table made on 26.1 has udt_{name}_uid instead): the UDT service cannot reach its rows`,
    );
  return t.name;
}

function rowUid(conditions: unknown, table: string, call: string): string {
  const value = (conditions as { row_uid?: unknown } | null)?.row_uid;
  if (value === undefined || value === null || (typeof value !== 'number' && typeof value !== 'string'))
    throw new ErpUdtUsageError(`udt.${call} ${table}: the conditions need the row_uid of the row`);
  return valueText(value, `${table}.row_uid`)!;
}

/** `[3] rows deleted ...` -> 3 */
function countOf(message: string): number | undefined {
  const m = /\[(\d+)\]\s*rows?\b/i.exec(message);
  return m ? Number(m[1]) : undefined;
}

/** `{error: [...]}` (or a string) and `{id, errorNo, errorMessage}`: the message and number. */
function udtFailure(body: unknown): { message: string; errorNo: number | undefined } | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const error = b['error'];
  if (Array.isArray(error)) return { message: error.map(String).join('; '), errorNo: undefined };
  if (typeof error === 'string' && error !== '') return { message: error, errorNo: undefined };
  const errorNo = b['errorNo'];
  if (typeof errorNo === 'number' && errorNo !== 0) return { message: String(b['errorMessage'] ?? ''), errorNo };
  return undefined;
}

export const build: Family<Udt> = (context) => {
  async function send(call: 'update' | 'delete', table: string, uid: string, body: unknown): Promise<UdtResult> {
    const path = `${PATH}/${call}udtdata`;
    const method = call === 'update' ? 'PUT' : 'DELETE';
    const explain = (status: number, raw: unknown, _text: string, info: (s: number, m?: string) => RequestInfo) => {
      // a refused token or scope (`{error: "insufficient_scope"}`) is the client's common 401/403, not the service's
      if (status === 401 || status === 403) return undefined;
      const failure = udtFailure(raw);
      if (failure === undefined) return undefined;
      return new ErpUdtError(
        `udt.${call} ${table}: the UDT service refused it`,
        info(status, failure.message),
        failure.errorNo,
      );
    };
    const answer = await context.http.json({
      method,
      url: `${context.baseUrl}${path}`,
      shown: path,
      object: `udt/${table}`,
      body,
      kind: 'write',
      explain,
    });
    const info = (message?: string): RequestInfo => ({
      request: `${method} ${path}`,
      status: 200,
      object: `udt/${table}`,
      ...(message !== undefined ? { serverMessage: context.http.redact(message) } : {}),
    });
    const failure = udtFailure(answer);
    if (failure !== undefined)
      throw new ErpUdtError(`udt.${call} ${table}: the UDT service refused it`, info(failure.message), failure.errorNo);
    const message = (answer as { errorMessage?: unknown } | null)?.errorMessage;
    if (typeof message !== 'string')
      throw new ErpUnexpectedResponseError(`udt.${call} ${table}: the answer has no errorMessage`, info());
    const rows = countOf(message);
    // U2: `[0] rows deleted` with errorNo 0 is a write that did not land: the row meant was not reached
    if (rows === 0)
      throw new ErpWriteNotAppliedError(
        `udt.${call} ${table}: the service reported success but ${call === 'delete' ? 'deleted' : 'updated'} no row (no row has that row_uid, or the table has no row_uid column)`,
        info(message),
        `udt/${table}`,
        [
          {
            service: `udt/${table}`,
            element: `row_uid ${uid}`,
            field: `rows ${call}d`,
            sent: '1',
            stored: '0',
            kind: 'not-applied',
          },
        ],
      );
    if (call === 'delete' && rows === undefined)
      throw new ErpUnexpectedResponseError(
        `udt.delete ${table}: the answer does not say how many rows were deleted`,
        info(message),
      );
    return { rows, message };
  }

  return {
    update(table: unknown, changes: unknown, conditions: unknown) {
      try {
        const name = checkTable(table, 'update');
        const uid = rowUid(conditions, name, 'update');
        if (changes === null || typeof changes !== 'object')
          throw new ErpUdtUsageError(`udt.update ${name}: the changes are an object of column values`);
        const columns = (table as QueryObject).columns;
        const list = Object.entries(changes as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .map(([column, value]) => {
            if (column === 'row_uid' || !hasOwn(columns, column))
              throw new ErpUdtUsageError(
                `udt.update ${name}: ${JSON.stringify(column)} ${column === 'row_uid' ? 'identifies the row and cannot be changed' : 'is not a column of the table'}`,
              );
            const what = `${name}.${column}`;
            if ((columns as Record<string, unknown>)[column] === 'decimal' && value !== null) {
              const text = decimalText(value, what);
              if (text === undefined)
                throw new ErpUdtUsageError(
                  `udt.update ${what}: ${JSON.stringify(value) ?? String(value)} is not a decimal (give a number, or its text such as '12.50')`,
                );
              return { name: column, value: text };
            }
            return { name: column, value: valueText(value, what) };
          });
        if (list.length === 0) throw new ErpUdtUsageError(`udt.update ${name}: no column to change`);
        return send('update', name, uid, {
          table: name,
          rows: [{ columns: list, conditions: [{ name: 'row_uid', value: uid }] }],
        });
      } catch (error) {
        return Promise.reject(error);
      }
    },
    delete(table: unknown, conditions: unknown) {
      try {
        const name = checkTable(table, 'delete');
        const uid = rowUid(conditions, name, 'delete');
        return send('delete', name, uid, { table: name, conditions: [{ name: 'row_uid', value: uid }] });
      } catch (error) {
        return Promise.reject(error);
      }
    },
  } as Udt;
};
