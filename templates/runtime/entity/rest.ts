// The REST families' plumbing, shared by `entity` (customers, vendors, contacts, addresses) and `inventory`
// (items, prices): one exchange on the base host through the client's shared `http` (token, retries, redaction),
// answers read with their decimals exact and checked against their record's fields, and the REST error bodies decoded into
// typed errors.
//
// Service facts this follows:
// - Both families are on the base host and answer JSON when asked with `Accept: application/json`.
// - Error body: `DateTimeStamp`, `ErrorMessage`, `ErrorType`, `HostName`, `InnerException`, `LogId`,
//   `StackTrace`, `UserId`; the pricing error dates are `/Date(<milliseconds>)/`. Not found is 404 with
//   `ErrorType` `ResourceNotFoundException`. Validation failures are `{Message, Errors[]}`. Item errors carry
//   `Error updating {ItemId}: Error updating inv_mast: ...`.
// - At scale an opaque 500 ("exception has been thrown by the target of an invocation") happens; it is retried
//   once. Bulk runs contend for locks on the item master; a lock refusal is retried after 1 to 2 seconds.
// - Decimals are JSON numbers both ways (public captures of the real service: `"Weight": 0.0`, `"UnitPrice":
//   15.750000000`, PUT payloads with numbers); a price result's carry nine decimal places. JSON.parse would turn
//   1.123456789012 into the nearest double, so answers are parsed losslessly: every number with a fraction or an
//   exponent (and every integer beyond 2^53) is read as its decimal text, and record types declare decimals as
//   `DecimalString`. A write takes a decimal as a number or its text and sends it as a JSON number made from that
//   exact text (`exactBody`), so `'5000.10'` arrives as `5000.10`, never as a string or through a double.
// - `ErrorType` names the exception in a namespace that differs between the documents (`Svc.Common.Exceptions.
//   ServiceException`) and the real service's published bodies (the vendor's own): it is matched on its last
//   segment (`ServiceException`, `BusinessException`, `ResourceNotFoundException`), never on a prefix.
import {
  ErpHttpError,
  ErpLockedError,
  ErpNotFoundError,
  ErpQueryError,
  ErpServerError,
  ErpUnexpectedResponseError,
} from '../errors.js';
import type { RequestInfo } from '../errors.js';
import type { FamilyContext } from '../family.js';
import { utf8Text } from '../http.js';
import { preview } from '../redact.js';
import type { RequestKind } from '../retry.js';
import { plainNumber } from '../literals.js';
import { ShapeIssue, type Check, type WriteShape } from './fields.js';

/**
 * A decimal as the service wrote it (`"12.500000000"`): exact, every decimal place kept. Turn it into a number
 * only where rounding to a double does not matter; compare and add with a decimal library where it does.
 */
export type DecimalString = string;

/** `Y` or `N`, the service's flags. */
export type YesNo = 'Y' | 'N';

/** The fields of a REST error body, as decoded. */
export interface RestErrorDetails {
  /** `ErrorType` as sent, e.g. `ResourceNotFoundException`, `Svc.Common.Exceptions.ServiceException` */
  readonly errorType: string | undefined;
  /**
   * The last segment of `ErrorType` (`ServiceException`, `BusinessException`, `ResourceNotFoundException`): what to
   * match on, since the namespace before it differs between the documents and the real service
   */
  readonly exception: string | undefined;
  readonly innerException: string | undefined;
  /** `LogId`: quote it to the server's administrator */
  readonly logId: string | undefined;
  /** `DateTimeStamp` (ISO or `/Date(ms)/`), when the body had one */
  readonly timestamp: Date | undefined;
  readonly hostName: string | undefined;
  readonly userId: string | undefined;
}

/** 404 `ResourceNotFoundException`: the record asked for does not exist. */
export class ErpResourceNotFoundError extends ErpNotFoundError {
  override name = 'ErpResourceNotFoundError';
  readonly details: RestErrorDetails;
  constructor(summary: string, info: RequestInfo, details: RestErrorDetails) {
    super(summary, info);
    this.details = details;
  }
}

/**
 * A 500-class REST error with an `ErrorType` (a business or service exception). For items, `itemId` and
 * `reason` are read from the `Error updating {ItemId}: Error updating inv_mast: {reason}` prefixes.
 */
export class ErpServiceError extends ErpServerError {
  override name = 'ErpServiceError';
  readonly details: RestErrorDetails;
  readonly itemId: string | undefined;
  /** the server's message without the `Error updating ...:` prefixes */
  readonly reason: string | undefined;
  constructor(summary: string, info: RequestInfo, details: RestErrorDetails, itemId?: string, reason?: string) {
    super(summary, info);
    this.details = details;
    this.itemId = itemId;
    this.reason = reason;
  }
}

/** A validation failure, `{Message, Errors[]}`: `issues` lists each one the server gave. */
export class ErpValidationError extends ErpHttpError {
  override name = 'ErpValidationError';
  readonly issues: readonly string[];
  constructor(summary: string, info: RequestInfo, issues: readonly string[]) {
    super(`${summary}${issues.length ? ` (${issues.join('; ')})` : ''}`, info);
    this.issues = issues;
  }
}

/** A write answered 200 whose effect is not there when read back (a 200 alone does not prove the write). */
export class ErpNotAppliedError extends ErpUnexpectedResponseError {
  override name = 'ErpNotAppliedError';
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The last segment of an `ErrorType`: `P21.Common.Exceptions.ServiceException` -> `ServiceException`. */
export function exceptionOf(errorType: string | undefined): string | undefined {
  return errorType?.slice(errorType.lastIndexOf('.') + 1) || undefined;
}

/** A web framework's model-state errors, `{field: [message, ...]}`, as one issue per message. */
function modelStateIssues(state: unknown, redact: (text: string) => string): string[] | undefined {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return undefined;
  return Object.entries(state as Record<string, unknown>).flatMap(([field, messages]) =>
    (Array.isArray(messages) ? messages : [messages]).map((m) =>
      redact(`${field}: ${typeof m === 'string' ? m : JSON.stringify(m)}`),
    ),
  );
}

/** `/Date(1739287800000)/`, `/Date(1739287800000+0100)/` or an ISO date-time; undefined when neither. */
export function restDate(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/.exec(value);
  const date = ms ? new Date(Number(ms[1])) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** SQL Server's lock refusals: a deadlock victim, a lock wait timeout. */
const LOCKED = /deadlock|lock request time ?out|\block(ed)? (resources|by another)/i;
/** The opaque intermittent failure: .NET's TargetInvocationException says nothing more than this. */
const INVOCATION = /thrown by the target of an invocation/i;
const ITEM_PREFIX = /^Error updating (.+?): (?:Error updating [\w.]+: )?([\s\S]*)$/;

/** The typed error for a failed REST answer, or undefined to let the client's common reading apply. */
export function explainRestError(
  status: number,
  body: unknown,
  info: (status: number, serverMessage?: string) => RequestInfo,
  redact: (text: string) => string,
): ErpHttpError | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const modelState = b['ErrorType'] === undefined ? modelStateIssues(b['ModelState'], redact) : undefined;
  if (b['ErrorType'] === undefined && (Array.isArray(b['Errors']) || modelState !== undefined)) {
    const issues = [
      ...(Array.isArray(b['Errors']) ? (b['Errors'] as unknown[]) : []).map((issue) =>
        typeof issue === 'string' ? redact(issue) : preview(issue, redact, 300),
      ),
      ...(modelState ?? []),
    ];
    return new ErpValidationError(
      `the service refused the record: ${redact(text(b['Message']) ?? 'validation failed')}`,
      info(status),
      issues,
    );
  }
  const errorType = text(b['ErrorType']);
  const message = text(b['ErrorMessage']);
  if (errorType === undefined && message === undefined) return problemError(status, b, info);
  const inner = b['InnerException'];
  const details: RestErrorDetails = {
    errorType,
    exception: exceptionOf(errorType),
    innerException:
      inner === null || inner === undefined
        ? undefined
        : typeof inner === 'string'
          ? redact(inner)
          : preview(inner, redact, 500),
    logId: text(b['LogId']),
    timestamp: restDate(b['DateTimeStamp']),
    hostName: text(b['HostName']),
    userId: text(b['UserId']),
  };
  const logId = details.logId !== undefined ? ` (LogId ${details.logId})` : '';
  if (status === 404 && details.exception === 'ResourceNotFoundException')
    return new ErpResourceNotFoundError(`not found${logId}`, info(status, message), details);
  const all = `${message ?? ''} ${details.innerException ?? ''}`;
  if (LOCKED.test(all))
    return new ErpLockedError(`the record was locked by another request${logId}`, info(status, message));
  if (status >= 500 && INVOCATION.test(all))
    // no serverMessage: the retry policy retries an opaque 500 of a read once, and this one says nothing more
    return new ErpServiceError(
      `opaque server error, intermittent at scale ("${redact(message ?? 'exception has been thrown by the target of an invocation')}")${logId}`,
      info(status),
      details,
    );
  const item = message !== undefined ? ITEM_PREFIX.exec(message) : null;
  const summary = item ? `item ${item[1] ?? ''} was not saved` : `${errorType ?? 'service error'}${logId}`;
  if (status >= 500) return new ErpServiceError(summary, info(status, message), details, item?.[1], item?.[2]);
  return undefined;
}

/**
 * An RFC 7807 problem body (`{type, title, status, detail}`), which no service document shows for these families but
 * a proxy or another build may answer: its `detail` (else `title`) is kept as the server's message.
 */
function problemError(
  status: number,
  b: Record<string, unknown>,
  info: (status: number, serverMessage?: string) => RequestInfo,
): ErpHttpError | undefined {
  const message = text(b['detail']) ?? text(b['title']);
  if (message === undefined || status === 401 || status === 403) return undefined;
  if (status === 404) return new ErpNotFoundError('not found', info(status, message));
  if (status >= 500) return new ErpServerError('server error', info(status, message));
  return new ErpHttpError(`unexpected HTTP ${status}`, info(status, message));
}

/** A decimal given for a write, as the exact text of the JSON number it is sent as. */
function decimalText(value: unknown, where: string): string {
  if (typeof value === 'number') return plainNumber(value, where);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return value;
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
          ? `${mark}${numbers.push(decimalText(field, `${path}.${name}`)) - 1}`
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
