// The wire format of the Transaction API: request bodies, answers, and the checks that an answer is one and
// that every transaction in it passed. Shared by the payload builders and the client.
import { ErpError } from './errors.js';
import { preview, redact } from './redact.js';
/**
 * The cuts made in building a request, by request: the request stays exactly the wire JSON (nothing added to it),
 * and the client finds its cuts here when it sends it.
 */
const cutsByRequest = new WeakMap();
export function recordCuts(request, cuts) {
  if (cuts.length) cutsByRequest.set(request, Object.freeze([...cuts]));
}
/** The cuts made in building `request` (none for a request written by hand). */
export function cutsOf(request) {
  return cutsByRequest.get(request) ?? [];
}
/**
 * Per transaction of a built request, the fields its definition marks `Required` that its new rows (no keys) leave
 * out, as `TABPAGE_1.order.customer_id (Customer ID)`. The server's `This column is required.` names no column; these
 * are the candidates. `Required` is the window's metadata, wrong both ways on real tenants, so it is reported, never
 * enforced.
 */
const requiredByRequest = new WeakMap();
export function recordMissingRequired(request, missing) {
  if (missing.some((m) => m.length > 0)) requiredByRequest.set(request, missing);
}
/** What `recordMissingRequired` kept for `request` (nothing for a request written by hand). */
export function missingRequiredOf(request) {
  return requiredByRequest.get(request) ?? [];
}
/** The documents' message for a required column left out: it names none. */
export const UNNAMED_REQUIRED = /This column is required\./i;
/** Where a value was cut: `Order TP_ITEMS.items row 2.extended_desc`. */
export const cutPlace = (cut) =>
  `${cut.service} ${cut.element}${cut.row !== undefined ? ` row ${cut.row}` : ''}.${cut.field}`;
/** `Order TABPAGE_1.order.job_name: cut from 90 to 60 characters (the column's length)` */
export function describeCut(cut) {
  return `${cutPlace(cut)}: cut from ${cut.length} to ${cut.sentLength} characters (the column's length)`;
}
/**
 * A transaction the server did not pass; `messages` are the server's, `response` the whole answer as it was
 * sent. The message shows the server's messages redacted (they may echo what was sent); `response` is not
 * enumerable, so that a logger that prints the error's properties does not print the unredacted answer.
 */
export class ErpTransactionFailedError extends ErpError {
  name = 'ErpTransactionFailedError';
  service;
  constructor(
    service,
    response,
    clean = redact,
    /** what the client adds to the server's messages (the required fields a `This column is required.` may mean) */
    hint = '',
  ) {
    const { Succeeded, Failed, Other } = response.Summary;
    super(
      `${service}: ${Failed} failed, ${Succeeded} succeeded, ${Other} other: ${clean(response.Messages.join(' | ')) || '(no message)'}${hint}`,
    );
    this.service = service;
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
  }
  get messages() {
    return this.response.Messages;
  }
}
/**
 * Checks the shape of an answer; a body that is not one is an error, not a silent success. `show` gives what
 * the error shows of the body (the client passes its own, which knows the secrets it sent).
 */
export function parseTransactionResponse(body, service, show = (value) => preview(value, redact)) {
  const b = body;
  const summary = b?.Summary;
  const ok =
    b !== null &&
    typeof b === 'object' &&
    Array.isArray(b.Messages) &&
    b.Messages.every((m) => typeof m === 'string') &&
    (b.Results === null || (typeof b.Results === 'object' && Array.isArray(b.Results?.Transactions))) &&
    typeof summary?.Succeeded === 'number' &&
    typeof summary.Failed === 'number' &&
    typeof summary.Other === 'number';
  if (!ok) throw new ErpError(`${service}: the answer is not a transaction response: ${show(body)}`);
  return b;
}
/** Fails unless every transaction passed: `Summary.Failed` is 0 and every result says Passed. */
export function assertPassed(response, service, clean = redact, hint = '') {
  const passed =
    response.Summary.Failed === 0 &&
    response.Results !== null &&
    response.Results.Transactions.every((t) => t.Status === 'Passed');
  if (!passed) throw new ErpTransactionFailedError(service, response, clean, hint);
  return response;
}
