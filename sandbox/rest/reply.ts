// What the REST family routes (entity, inventory) answer, in the sandbox's route shape (../reply.ts): JSON whose
// decimals are bare numbers written from their exact text (json-text.ts), the REST error body, and the request's
// body and query string read as the service reads them.

export type { Reply as RestReply, ServiceRequest as RestRequest } from '../reply.js';
import type { Reply as RestReply, ServiceRequest as RestRequest } from '../reply.js';
import { exactJson, Num, readJson, type ExactNumber } from '../json-text.js';

export { Num } from '../json-text.js';

/** A decimal of a price result: nine decimal places, exact (held as a scaled integer), written as a JSON number. */
export class Dec implements ExactNumber {
  readonly exactNumber = true;
  constructor(readonly scaled: bigint) {}
  static of(text: string | number | Num): Dec {
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

export function json(status: number, value: unknown): RestReply {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: exactJson(value) };
}

/** `/Date(ms)/`, the form of the pricing error's dates. */
const msDate = (date: Date) => `/Date(${date.getTime()})/`;

/**
 * How `ErrorType` names the service's own exceptions: as the service documents write them (`Svc.Common.Exceptions.
 * ServiceException`, `ResourceNotFoundException`), or as published bodies of the real service do (VENDOR_ERROR_TYPES).
 * .NET's own (`System.ArgumentException`) are the same in both.
 */
export type ErrorTypeNames = 'documented' | 'vendor';

/**
 * The vendor's names for the documents' exceptions. Captured: an item POST with an existing ItemId answers
 * `P21.Common.Exceptions.Prophet21Exception` (published documentation of the inventory family), and public client
 * code tests a not-found answer for `P21.Common.Exceptions.NotFoundException`. The documents' `Svc.` namespace for
 * the others (BusinessException) is the vendor's `P21.`: an inference from those two, not a capture.
 */
const VENDOR_ERROR_TYPES: Readonly<Record<string, string>> = {
  'Svc.Common.Exceptions.ServiceException': 'P21.Common.Exceptions.Prophet21Exception',
  ResourceNotFoundException: 'P21.Common.Exceptions.NotFoundException',
};

/** The REST families' error bodies, with `ErrorType` named the chosen way. */
export class RestErrors {
  constructor(private readonly names: ErrorTypeNames = 'documented') {}

  /** `ErrorType` as this sandbox names it, from the documents' name. */
  typeName(documented: string): string {
    if (this.names === 'documented' || documented.startsWith('System.')) return documented;
    return (
      VENDOR_ERROR_TYPES[documented] ??
      (documented.startsWith('Svc.') ? `P21.${documented.slice('Svc.'.length)}` : documented)
    );
  }

  /** The REST error body: `DateTimeStamp`, `ErrorMessage`, `ErrorType`, `HostName`, `InnerException`, `LogId`, ... */
  error(status: number, errorType: string, message: string, dateStyle: 'iso' | 'ms' = 'iso'): RestReply {
    const now = new Date();
    return json(status, {
      DateTimeStamp: dateStyle === 'ms' ? msDate(now) : now.toISOString().slice(0, 19),
      ErrorMessage: message,
      ErrorType: this.typeName(errorType),
      HostName: 'SANDBOX',
      InnerException: null,
      LogId: `log-${now.getTime().toString(36)}`,
      StackTrace: null,
      UserId: 'api_user',
    });
  }

  /** 404 `ResourceNotFoundException`, naming the query as the service does. */
  notFound(key: string): RestReply {
    return this.error(
      404,
      'ResourceNotFoundException',
      `Your query did not yield any results. No resources found for query string "GetById ${key}".`,
    );
  }
}

/** A validation failure: `{Message, Errors[]}`. */
export const validation = (issues: readonly string[]) =>
  json(400, { Message: 'The request is invalid.', Errors: issues });

/** The web framework's answer for a path no endpoint serves. */
export const noEndpoint = () => json(404, { Message: 'No HTTP resource was found that matches the request URI.' });

/** The web server's answer to a URL it cannot decode (a bad percent escape): nothing reaches the application. */
const badRequest = () => json(400, { Message: 'Bad Request' });

export const methodNotAllowed = (method: string) =>
  json(405, { Message: `The requested resource does not support http method '${method}'.` });

export const redirect = (location: string): RestReply => ({ status: 307, headers: { Location: location }, body: '' });

/** A URL that cannot be decoded: the web server answers 400 before the application sees it. */
class BadUrlError extends Error {}

/** A refused write inside a unit of change (`Store.atomically`): its reply, and nothing of the unit stays. */
export class RefusedError extends Error {
  constructor(readonly reply: RestReply) {
    super('refused');
  }
}

/** A family's answer: a URL that cannot be decoded is the web server's 400, a refused unit of change its reply. */
export function answered(answer: () => RestReply): RestReply {
  try {
    return answer();
  } catch (error) {
    if (error instanceof BadUrlError) return badRequest();
    if (error instanceof RefusedError) return error.reply;
    throw error;
  }
}

/** A path segment, decoded; a bad percent escape is a BadUrlError. */
export function segment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new BadUrlError(text);
  }
}

/** The request body as JSON, exact and depth-limited (json-text.ts), or why it does not bind. */
export function bodyJson(request: RestRequest): { readonly value: unknown } | { readonly problem: string } {
  return readJson(request.body ?? '');
}

/** A JSON object body, or the problem with it: not JSON, too deep, or not an object. */
export function bodyObject(
  request: RestRequest,
): { readonly record: Record<string, unknown> } | { readonly problem: string } {
  const body = bodyJson(request);
  if ('problem' in body) return body;
  const value = body.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { problem: 'The request body is not a record.' };
  return { record: value as Record<string, unknown> };
}

/** Query parameters, decoded; names as sent. A bad percent escape is a BadUrlError. */
export function parameters(query: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of query.split('&').filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = segment(eq < 0 ? part : part.slice(0, eq));
    out.set(name, eq < 0 ? '' : segment(part.slice(eq + 1).replace(/\+/g, ' ')));
  }
  return out;
}

const INSTANCE = 'http://www.w3.org/2001/XMLSchema-instance';
const SCHEMA = 'http://www.w3.org/2001/XMLSchema';

/** Whether a request asked for JSON: an `Accept` naming a JSON media type. */
const wantsJson = (request: RestRequest): boolean => /[/+]json\b/i.test(request.headers['accept'] ?? '');

const xmlEscape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** `Locations` -> `Location`, `list` entries by their ObjectName: the element of one item of a list. */
function itemElement(member: string, value: unknown): string {
  const objectName = (value as { ObjectName?: unknown } | null)?.ObjectName;
  if (typeof objectName === 'string' && /^[A-Za-z_][\w.-]*$/.test(objectName)) return objectName;
  if (member.endsWith('ies')) return `${member.slice(0, -3)}y`;
  return member.endsWith('s') ? member.slice(0, -1) : `${member}Item`;
}

/** One member as XmlSerializer writes it: elements in declaration order, null as `xsi:nil`, numbers as their text. */
function xmlElement(name: string, value: unknown, item?: string): string {
  if (value === null || value === undefined) return `<${name} xsi:nil="true" />`;
  if (Array.isArray(value))
    return `<${name}>${value.map((v) => xmlElement(item ?? itemElement(name, v), v)).join('')}</${name}>`;
  if (typeof value === 'object' && !(value instanceof Num))
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => xmlElement(k.replace(/[^\w.-]/g, '_'), v))
      .join('')}</${name}>`;
  return `<${name}>${xmlEscape(String(value))}</${name}>`;
}

/**
 * A REST answer in the representation the request asked for. The entity and inventory families answer JSON or XML
 * by `Accept` (the documents: JSON when asked with `Accept: application/json`); the XML is .NET XmlSerializer's, as
 * public captures show it (`ArrayOfItemPrice` of `ItemPrice`s carrying `xmlns:xsi`/`xmlns:xsd`, elements in
 * declaration order). `root` names the answer's element: the documents give `PingResponse` and `ArrayOfItemPrice`;
 * the others (`Customer`, `ArrayOfCustomer`, `Item`, `Error`, ...) are the sandbox's names.
 */
export function negotiated(request: RestRequest, reply: RestReply, root: (value: unknown) => string): RestReply {
  if (wantsJson(request) || !String(reply.headers['Content-Type'] ?? '').startsWith('application/json')) return reply;
  const parsed = readJson(String(reply.body));
  if ('problem' in parsed) return reply;
  const name = root(parsed.value);
  const list = Array.isArray(parsed.value);
  const inner = xmlElement(name, parsed.value, list ? name.replace(/^ArrayOf/, '') : undefined);
  const open = `<${name} xmlns:xsi="${INSTANCE}" xmlns:xsd="${SCHEMA}"`;
  const body = `<?xml version="1.0" encoding="utf-8"?>${inner.replace(new RegExp(`^<${name}`), open)}`;
  return { ...reply, headers: { ...reply.headers, 'Content-Type': 'application/xml; charset=utf-8' }, body };
}

/** The root of an answer: `Error` for an error body, else `type` for a record, `ArrayOf{type}` for a list. */
export const rootOf =
  (type: string) =>
  (value: unknown): string =>
    Array.isArray(value)
      ? `ArrayOf${type}`
      : value !== null && typeof value === 'object' && ('ErrorType' in value || 'Message' in value)
        ? 'Error'
        : type;
