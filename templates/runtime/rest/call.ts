// One exchange of the REST families (`entity`: customers, vendors, contacts, addresses; `inventory`: items, prices)
// on the base host, through the client's shared `http` (token, retries, redaction): answers read with their
// decimals exact and checked against their record's fields, the REST error bodies decoded by error-body.ts.
//
// Service facts this follows:
// - Both families are on the base host and answer JSON when asked with `Accept: application/json`.
// - Decimals are JSON numbers both ways (public captures of the real service: `"Weight": 0.0`, `"UnitPrice":
//   15.750000000`, PUT payloads with numbers); a price result's carry nine decimal places. JSON.parse would turn
//   1.123456789012 into the nearest double, so answers are parsed losslessly: every number with a fraction or an
//   exponent (and every integer beyond 2^53) is read as its decimal text, and record types declare decimals as
//   `DecimalString`. A write takes a decimal as a number or its text and sends it as a JSON number made from that
//   exact text (`exactBody`), so `'5000.10'` arrives as `5000.10`, never as a string or through a double.
import { ErpQueryError, ErpUnexpectedResponseError } from '../errors.js';
import type { FamilyContext } from '../family.js';
import { utf8Text } from '../http/body.js';
import { decimalText } from '../literals.js';
import type { RequestKind } from '../retry.js';
import { explainRestError } from './error-body.js';
import { ShapeIssue, type Check, type WriteShape } from './fields.js';

/** A decimal given for a write, as the exact text of the JSON number it is sent as. */
function decimalOrRefuse(value: unknown, where: string): string {
  const text = decimalText(value, where);
  if (text !== undefined) return text;
  throw new ErpQueryError(
    `${where}: ${JSON.stringify(value) ?? String(value)} is not a decimal (give a number, or its text such as '5000.10')`,
  );
}

/**
 * The JSON text of a write's body in which every decimal of `shape` (a number, or its text) is a bare JSON number
 * made from its exact text. Each decimal becomes a placeholder string that occurs nowhere else in the body, and the
 * placeholders are then replaced by the numbers' text.
 */
export function exactBody(value: unknown, shape: WriteShape, where: string): string {
  const numbers: string[] = [];
  const plain = JSON.stringify(value) ?? 'null';
  let n = 0;
  while (plain.includes(`\\u0000${n}:`)) n++;
  const mark = `\u0000${n}:`;
  const walk = (v: unknown, s: WriteShape, path: string): unknown => {
    // what JSON.stringify writes through toJSON (a Date) is written as it would be
    if (v === null || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function') return v;
    if (Array.isArray(v)) return v.map((e, i) => walk(e, s, `${path}[${i}]`));
    const record = v as Record<string, unknown>;
    const list = record['list'];
    if (Array.isArray(list) && !s.decimals.has('list'))
      return { ...record, list: list.map((e, i) => walk(e, s, `${path}.list[${i}]`)) };
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(record)) {
      const nested = s.nested && Object.prototype.hasOwnProperty.call(s.nested, name) ? s.nested[name] : undefined;
      const value =
        s.decimals.has(name) && field !== null && field !== undefined
          ? `${mark}${numbers.push(decimalOrRefuse(field, `${path}.${name}`)) - 1}`
          : nested !== undefined
            ? walk(field, nested, `${path}.${name}`)
            : field;
      // an own member even when it is named __proto__
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  const marked = JSON.stringify(walk(value, shape, where)) ?? 'null';
  return marked.replace(new RegExp(`"\\\\u0000${n}:(\\d+)"`, 'g'), (_, i: string) => numbers[Number(i)]!);
}

/**
 * JSON text with every number that has a fraction or an exponent, and every integer too long for a double,
 * turned into a string of its exact text (strings are matched first, so digits inside them stay as they are).
 */
export function parseExactJson(json: string): unknown {
  return JSON.parse(
    json.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) =>
      token.startsWith('"') || (/^-?\d+$/.test(token) && Number.isSafeInteger(Number(token))) ? token : `"${token}"`,
    ),
  );
}

export interface RestCall {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** path and query string on the base host, already encoded */
  readonly path: string;
  /** the object named in messages: `entity/customers`, `inventory/parts` */
  readonly object: string;
  /** a JSON body, its decimals (where `shape` says) sent as exact JSON numbers */
  readonly body?: unknown;
  readonly shape?: WriteShape;
  /** a body of another form than JSON (XML), with its `Content-Type` */
  readonly text?: { readonly content: string; readonly contentType: string };
  readonly kind?: RequestKind;
}

/** One REST exchange: the answer parsed exactly and checked against its record's fields (`check`). */
export async function restCall(context: FamilyContext, call: RestCall, check: Check): Promise<unknown> {
  const { http } = context;
  const bytes = await http.bytes({
    method: call.method,
    url: `${context.baseUrl}${call.path}`,
    shown: call.path,
    object: call.object,
    ...(call.body !== undefined
      ? {
          text: {
            content: exactBody(call.body, call.shape ?? { decimals: new Set() }, call.object),
            contentType: 'application/json',
          },
        }
      : {}),
    ...(call.text !== undefined ? { text: call.text } : {}),
    ...(call.kind !== undefined ? { kind: call.kind } : {}),
    explain: (status, body, _text, info) => explainRestError(status, body, info, http.redact),
  });
  const info = { request: http.redact(`${call.method} ${call.path}`), status: 200, object: call.object };
  const answer = utf8Text(bytes);
  let value: unknown;
  try {
    // an empty body is undefined: only a check that allows it (a soft delete's answer) lets it through
    value = answer.trim() === '' ? undefined : parseExactJson(answer);
  } catch {
    throw new ErpUnexpectedResponseError(`the server answered a body that is not JSON: ${http.show(answer)}`, info);
  }
  try {
    return check(value, 'answer');
  } catch (error) {
    if (!(error instanceof ShapeIssue)) throw error;
    throw new ErpUnexpectedResponseError(
      `the answer does not have the documented shape: ${error.path}: ${http.redact(error.problem)}`,
      info,
    );
  }
}

/** `?name=value&...` of the given parameters in order, values percent-encoded; '' when there are none. */
export function queryOf(parameters: ReadonlyArray<readonly [string, string | number | undefined]>): string {
  const parts = parameters
    .filter((p): p is readonly [string, string | number] => p[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}
