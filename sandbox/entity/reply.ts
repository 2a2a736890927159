// What the REST family routes (entity, inventory) answer, in the sandbox's route shape (reply.ts). Decimals are
// written the way the service writes them: JSON numbers with nine decimal places.

export type { Reply as RestReply, ServiceRequest as RestRequest } from '../reply.js';
import type { Reply as RestReply, ServiceRequest as RestRequest } from '../reply.js';

/** A decimal to be written as a JSON number with nine decimal places (exact: held as scaled integer text). */
export class Dec {
  constructor(readonly scaled: bigint) {}
  static of(text: string | number): Dec {
    const [whole = '0', fraction = ''] = String(text).replace(/^-/, '').split('.');
    const value = BigInt(whole + fraction.padEnd(9, '0').slice(0, 9));
    return new Dec(String(text).startsWith('-') ? -value : value);
  }
  times(other: Dec): Dec {
    const product = this.scaled * other.scaled;
    const half = 500_000_000n * (product < 0n ? -1n : 1n);
    return new Dec((product + half) / 1_000_000_000n);
  }
  minus(other: Dec): Dec {
    return new Dec(this.scaled - other.scaled);
  }
  toString(): string {
    const negative = this.scaled < 0n;
    const digits = (negative ? -this.scaled : this.scaled).toString().padStart(10, '0');
    return `${negative ? '-' : ''}${digits.slice(0, -9)}.${digits.slice(-9)}`;
  }
}

/** A record as the sandbox's database keeps it: JSON, a Dec as the string of its text after a mark. */
export function encodeRecord(record: Record<string, unknown>): string {
  return JSON.stringify(record, (_key, v: unknown) => (v instanceof Dec ? `${STORED_DEC}${v.toString()}` : v));
}

const STORED_DEC = '\u0000dec:';

export function decodeRecord(text: string): Record<string, unknown> {
  return restoreDecs(JSON.parse(text)) as Record<string, unknown>;
}

// a walk rather than a JSON.parse reviver: a reviver is called for every value, and costs several times the parse
function restoreDecs(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(STORED_DEC) ? Dec.of(value.slice(STORED_DEC.length)) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = restoreDecs(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    if (v !== null && (typeof v === 'object' || (typeof v === 'string' && v.startsWith(STORED_DEC))))
      record[key] = restoreDecs(v);
  }
  return record;
}

const MARK = '\u0000dec:';

/** JSON text with every Dec written as a bare number with nine decimal places. */
export function exactJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Dec ? `${MARK}${v.toString()}` : v)).replace(
    /"\\u0000dec:(-?\d+\.\d+)"/g,
    '$1',
  );
}

export function json(status: number, value: unknown): RestReply {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: exactJson(value) };
}

/** `/Date(ms)/`, the form of the pricing error's dates. */
export const msDate = (date: Date) => `/Date(${date.getTime()})/`;

/** The REST families' error body. */
export function restError(
  status: number,
  errorType: string,
  message: string,
  dateStyle: 'iso' | 'ms' = 'iso',
): RestReply {
  const now = new Date();
  return json(status, {
    DateTimeStamp: dateStyle === 'ms' ? msDate(now) : now.toISOString().slice(0, 19),
    ErrorMessage: message,
    ErrorType: errorType,
    HostName: 'SANDBOX',
    InnerException: null,
    LogId: `log-${now.getTime().toString(36)}`,
    StackTrace: null,
    UserId: 'api_user',
  });
}

/** A validation failure: `{Message, Errors[]}`. */
export const validation = (issues: readonly string[]) =>
  json(400, { Message: 'The request is invalid.', Errors: issues });

/** The web framework's answer for a path no endpoint serves. */
export const noEndpoint = () => json(404, { Message: 'No HTTP resource was found that matches the request URI.' });

export const redirect = (location: string): RestReply => ({ status: 307, headers: { Location: location }, body: '' });

/** The request body as JSON, or undefined when it is not. */
export function bodyJson(request: RestRequest): unknown {
  try {
    return JSON.parse(request.body ?? '');
  } catch {
    return undefined;
  }
}

/** Query parameters, decoded; names as sent. */
export function parameters(query: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of query.split('&').filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    out.set(name, eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' ')));
  }
  return out;
}
