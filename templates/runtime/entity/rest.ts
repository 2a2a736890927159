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
// - Decimal values carry nine decimal places. JSON.parse would turn 1.123456789012 into the nearest double, so
//   answers are parsed losslessly: every number with a fraction or an exponent (and every integer beyond 2^53)
//   is read as its decimal text. Record types declare decimals as `DecimalString`.
import {
  ErpHttpError,
  ErpLockedError,
  ErpNotFoundError,
  ErpServerError,
  ErpUnexpectedResponseError,
} from '../errors.js';
import type { RequestInfo } from '../errors.js';
import type { FamilyContext } from '../family.js';
import { utf8Text } from '../http.js';
import { preview } from '../redact.js';
import type { RequestKind } from '../retry.js';
import { ShapeIssue, type Check } from './fields.js';

/**
 * A decimal as the service wrote it (`"12.500000000"`): exact, nine decimal places kept. Turn it into a number
 * only where rounding to a double does not matter; compare and add with a decimal library where it does.
 */
export type DecimalString = string;

/** `Y` or `N`, the service's flags. */
export type YesNo = 'Y' | 'N';

/** The fields of a REST error body, as decoded. */
export interface RestErrorDetails {
  /** `ErrorType`, e.g. `ResourceNotFoundException`, `Svc.Common.Exceptions.ServiceException` */
  readonly errorType: string | undefined;
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
  if (b['ErrorType'] === undefined && Array.isArray(b['Errors'])) {
    const issues = (b['Errors'] as unknown[]).map((issue) =>
      typeof issue === 'string' ? redact(issue) : preview(issue, redact, 300),
    );
    return new ErpValidationError(
      `the service refused the record: ${redact(text(b['Message']) ?? 'validation failed')}`,
      info(status),
      issues,
    );
  }
  const errorType = text(b['ErrorType']);
  const message = text(b['ErrorMessage']);
  if (errorType === undefined && message === undefined) return undefined;
  const inner = b['InnerException'];
  const details: RestErrorDetails = {
    errorType,
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
  if (status === 404 && errorType === 'ResourceNotFoundException')
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
  readonly body?: unknown;
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
    ...(call.body !== undefined ? { body: call.body } : {}),
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
