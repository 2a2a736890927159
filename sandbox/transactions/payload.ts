// The request bodies of the transaction family, read structurally: what the service's JSON deserializer refuses
// with HTTP 400 before any transaction runs (invalid JSON, a missing or mistyped member, a Value that is not a
// string). Members the service does not know are ignored, as a .NET data contract ignores them. Whether the
// content makes sense for the service is validate.ts's business.

export class BadRequestError extends Error {
  override readonly name = 'BadRequestError';
}

export interface EditBody {
  readonly name: string;
  readonly value: string;
  /** the Template's flag: an edit with an empty Value is skipped instead of clearing the field */
  readonly ignoreIfEmpty: boolean;
}

interface RowBody {
  readonly edits: readonly EditBody[];
}

export interface DataElementBody {
  readonly name: string;
  readonly type: string;
  readonly keys: readonly string[];
  readonly rows: readonly RowBody[];
}

export interface TransactionBody {
  readonly status: string;
  readonly dataElements: readonly DataElementBody[];
}

export interface TransactionSetBody {
  readonly name: string;
  readonly useCodeValues: boolean;
  readonly ignoreDisabled: boolean;
  readonly transactions: readonly TransactionBody[];
}

export interface KeyValue {
  readonly name: string;
  readonly value: string;
}

interface TransactionStateBody {
  readonly dataElementName: string;
  readonly keys: readonly KeyValue[];
}

export interface TransactionStateRequestBody {
  readonly serviceName: string;
  readonly states: readonly TransactionStateBody[];
}

type Json = Record<string, unknown>;

export function parseJson(text: string): unknown {
  if (text.trim() === '') throw new BadRequestError('The request body is empty.');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BadRequestError(`The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** the body of POST /transaction, /transaction/async and /process/pdfreport */
export function readTransactionSet(value: unknown): TransactionSetBody {
  const set = object(value, 'the request body');
  return {
    name: string(set, 'Name', ''),
    useCodeValues: optionalBoolean(set, 'UseCodeValues', ''),
    ignoreDisabled: optionalBoolean(set, 'IgnoreDisabled', ''),
    transactions: array(set, 'Transactions', '').map((t, i) => readTransaction(t, `Transactions[${i}]`)),
  };
}

function readTransaction(value: unknown, at: string): TransactionBody {
  const t = object(value, at);
  return {
    status: string(t, 'Status', at),
    dataElements: array(t, 'DataElements', at).map((e, i) => readDataElement(e, `${at}.DataElements[${i}]`)),
  };
}

function readDataElement(value: unknown, at: string): DataElementBody {
  const e = object(value, at);
  return {
    name: string(e, 'Name', at),
    type: string(e, 'Type', at),
    keys: array(e, 'Keys', at).map((k, i) => {
      if (typeof k !== 'string') throw new BadRequestError(`${at}.Keys[${i}] must be a string (a field name).`);
      return k;
    }),
    rows: array(e, 'Rows', at).map((r, i) => readRow(r, `${at}.Rows[${i}]`)),
  };
}

function readRow(value: unknown, at: string): RowBody {
  const r = object(value, at);
  return {
    edits: array(r, 'Edits', at).map((x, i) => {
      const where = `${at}.Edits[${i}]`;
      const edit = object(x, where);
      return {
        name: string(edit, 'Name', where),
        value: string(edit, 'Value', where),
        ignoreIfEmpty: optionalBoolean(edit, 'IgnoreIfEmpty', where),
      };
    }),
  };
}

/** the body of POST /transaction/get */
export function readTransactionStateRequest(value: unknown): TransactionStateRequestBody {
  const body = object(value, 'the request body');
  return {
    serviceName: string(body, 'ServiceName', ''),
    states: array(body, 'TransactionStates', '').map((s, i) => {
      const at = `TransactionStates[${i}]`;
      const state = object(s, at);
      return {
        dataElementName: string(state, 'DataElementName', at),
        keys: array(state, 'Keys', at).map((k, j) => {
          const where = `${at}.Keys[${j}]`;
          const key = object(k, where);
          return { name: string(key, 'Name', where), value: string(key, 'Value', where) };
        }),
      };
    }),
  };
}

// --- member readers -------------------------------------------------------------------------------------------

function member(at: string, name: string): string {
  return at === '' ? name : `${at}.${name}`;
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

function object(value: unknown, at: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new BadRequestError(`${at} must be an object (got ${describe(value)}).`);
  return value as Json;
}

function string(o: Json, name: string, at: string): string {
  const v = o[name];
  if (v === undefined) throw new BadRequestError(`${member(at, name)} is missing.`);
  // the documents say Value is always a string: numbers and null are refused, not converted
  if (typeof v !== 'string') throw new BadRequestError(`${member(at, name)} must be a string (got ${describe(v)}).`);
  return v;
}

function array(o: Json, name: string, at: string): unknown[] {
  const v = o[name];
  if (v === undefined) throw new BadRequestError(`${member(at, name)} is missing.`);
  if (!Array.isArray(v)) throw new BadRequestError(`${member(at, name)} must be an array (got ${describe(v)}).`);
  return v;
}

function optionalBoolean(o: Json, name: string, at: string): boolean {
  const v = o[name];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean')
    throw new BadRequestError(`${member(at, name)} must be true or false (got ${describe(v)}).`);
  return v;
}
