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
 * The service a request was built for (`Service.request()`), by request, as its cuts are: a verified write compares
 * each field by its type (decimals by value, dates by instant, labels against codes); a request written by hand has
 * none, and its values are compared by what they look like.
 */
const serviceByRequest = new WeakMap();
export function recordService(request, service) {
  serviceByRequest.set(request, service);
}
export function serviceOf(request) {
  return serviceByRequest.get(request);
}
/** Where a value was cut: `Order TP_ITEMS.items row 2.extended_desc`. */
export const cutPlace = (cut) =>
  `${cut.service} ${cut.element}${cut.row !== undefined ? ` row ${cut.row}` : ''}.${cut.field}`;
/** `Order TABPAGE_1.order.job_name: cut from 90 to 60 characters (the column's length)` */
export function describeCut(cut) {
  return `${cutPlace(cut)}: cut from ${cut.length} to ${cut.sentLength} characters (the column's length)`;
}
/**
 * A transaction the server did not pass; `messages` are the server's, `response` the whole answer as it was
 * sent, `result` every transaction's outcome (`result.failed`: the failed ones' requests, to fix and send alone).
 * The message shows the server's messages redacted (they may echo what was sent), and what they mean where it knows
 * (a disabled column, a required one: the `erpgen.config.json` line that makes it a compile error); `response` and
 * `result` are not enumerable, so that a logger that prints the error's properties does not print what was sent.
 */
export class ErpTransactionFailedError extends ErpError {
  name = 'ErpTransactionFailedError';
  service;
  constructor(service, response, clean = redact, result, hints = []) {
    const { Succeeded, Failed, Other } = response.Summary;
    super(
      `${service}: ${Failed} failed, ${Succeeded} succeeded, ${Other} other: ${clean(response.Messages.join(' | ')) || '(no message)'}${hints.map((h) => `. ${clean(h)}`).join('')}`,
    );
    this.service = service;
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
    Object.defineProperty(this, 'result', { value: result, enumerable: false });
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
/** Whether every transaction passed: `Summary.Failed` is 0 and every result says Passed. */
export const allPassed = (response) =>
  response.Summary.Failed === 0 &&
  response.Results !== null &&
  response.Results.Transactions.every((t) => t.Status === 'Passed');
/** Fails unless every transaction passed (allPassed); `result`, when given, is the error's. */
export function assertPassed(response, service, clean = redact, result) {
  if (!allPassed(response)) throw new ErpTransactionFailedError(service, response, clean, result);
  return response;
}
