// The REST families' error bodies, decoded into their typed errors (errors.ts; shared by `entity` and `inventory`).
//
// Service facts this follows:
// - Error body: `DateTimeStamp`, `ErrorMessage`, `ErrorType`, `HostName`, `InnerException`, `LogId`,
//   `StackTrace`, `UserId`; the pricing error dates are `/Date(<milliseconds>)/`. Not found is 404 with
//   `ErrorType` `ResourceNotFoundException`. Validation failures are `{Message, Errors[]}`. Item errors carry
//   `Error updating {ItemId}: Error updating inv_mast: ...`.
// - At scale an opaque 500 ("exception has been thrown by the target of an invocation") happens; it is retried
//   once. Bulk runs contend for locks on the item master; a lock refusal is retried after 1 to 2 seconds.
// - `ErrorType` names the exception in a namespace that differs between the documents (`Svc.Common.Exceptions.
//   ServiceException`) and the real service's published bodies (the vendor's own): it is matched on its last
//   segment (`ServiceException`, `BusinessException`, `ResourceNotFoundException`), never on a prefix. Published
//   bodies name some exceptions otherwise: a not-found answer `...NotFoundException` (public client code), an
//   existing ItemId `...Prophet21Exception` (a service exception, read by its message like the documents' one).
import { ErpHttpError, ErpLockedError, ErpNotFoundError, ErpServerError } from '../errors.js';
import { preview } from '../redact.js';
import { ErpResourceNotFoundError, ErpServiceError, ErpValidationError } from './errors.js';
const text = (value) => (typeof value === 'string' && value !== '' ? value : undefined);
/** The last segment of an `ErrorType`: `P21.Common.Exceptions.ServiceException` -> `ServiceException`. */
export function exceptionOf(errorType) {
  return errorType?.slice(errorType.lastIndexOf('.') + 1) || undefined;
}
/** A web framework's model-state errors, `{field: [message, ...]}`, as one issue per message. */
function modelStateIssues(state, redact) {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return undefined;
  return Object.entries(state).flatMap(([field, messages]) =>
    (Array.isArray(messages) ? messages : [messages]).map((m) =>
      redact(`${field}: ${typeof m === 'string' ? m : JSON.stringify(m)}`),
    ),
  );
}
/** `/Date(1739287800000)/`, `/Date(1739287800000+0100)/` or an ISO date-time; undefined when neither. */
export function restDate(value) {
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
export function explainRestError(status, body, info, redact) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body;
  const modelState = b['ErrorType'] === undefined ? modelStateIssues(b['ModelState'], redact) : undefined;
  if (b['ErrorType'] === undefined && (Array.isArray(b['Errors']) || modelState !== undefined)) {
    const issues = [
      ...(Array.isArray(b['Errors']) ? b['Errors'] : []).map((issue) =>
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
  const details = {
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
  if (
    status === 404 &&
    (details.exception === 'ResourceNotFoundException' || details.exception === 'NotFoundException')
  )
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
function problemError(status, b, info) {
  const message = text(b['detail']) ?? text(b['title']);
  if (message === undefined || status === 401 || status === 403) return undefined;
  if (status === 404) return new ErpNotFoundError('not found', info(status, message));
  if (status >= 500) return new ErpServerError('server error', info(status, message));
  return new ErpHttpError(`unexpected HTTP ${status}`, info(status, message));
}
