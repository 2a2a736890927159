// The wire format of the Transaction API: request bodies, answers, and the checks that an answer is one and
// that every transaction in it passed. Shared by the payload builders and the client.
import { ErpError } from './errors.js';
import { hasOwn } from './object.js';
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
// --- one outcome per transaction -------------------------------------------------------------------------------
const PREFIX = /^\s*Transaction\s+(\d+)\s*::\s?([\s\S]*)$/;
/** Each transaction's messages: `Transaction {n}:: text` is the n-th's; a message naming none is every one's. */
function messagesByTransaction(messages, count) {
  const per = Array.from({ length: count }, () => []);
  for (const message of messages) {
    const m = PREFIX.exec(message);
    const at = m ? Number(m[1]) - 1 : -1;
    if (m && at >= 0 && at < count) {
      if (m[2].trim() !== '') per[at].push(m[2].trim());
    } else for (const own of per) own.push(message);
  }
  return per;
}
function statusOf(response, index, count) {
  const result = response.Results?.Transactions[index];
  if (result !== undefined) return result.Status === 'Passed' ? 'passed' : 'failed';
  const { Succeeded, Failed, Other } = response.Summary;
  // no result: all failed (Results null), unless the answer counts them otherwise
  return Succeeded === 0 && Other === 0 && Failed >= count ? 'failed' : 'unknown';
}
/**
 * The key fields of the record a transaction wrote, and their element: a Form element sent whose keys are all known,
 * its keys those sent (`Keys`), else the definition's KeyFields (a request built by `Service.request()`), else the
 * fields the answer has that were not sent (the ones the server gave); each value from the answer (a key the server
 * gave), else as sent. The element that names the record is preferred: one the request keyed, then one whose keys
 * the server gave (a new record's number), then the first (a Form of lookups, such as a customer's, names another
 * table's row).
 */
export function recordKeys(sent, answered, service) {
  let best;
  for (const element of sent.DataElements) {
    if (element.Type !== 'Form') continue;
    const edits = element.Rows.flatMap((r) => r.Edits);
    const given = answered?.DataElements?.find((e) => e.Name === element.Name)?.Rows[0]?.Edits ?? [];
    const definition = service && hasOwn(service.elements, element.Name) ? service.elements[element.Name] : undefined;
    const names = element.Keys.length
      ? element.Keys
      : definition
        ? definition.keyFields
        : given.filter((g) => !edits.some((e) => e.Name === g.Name)).map((g) => g.Name);
    if (names.length === 0) continue;
    const keys = Object.create(null);
    let fromAnswer = false;
    for (const name of names) {
      const answer = given.find((g) => g.Name === name)?.Value;
      const value = answer ?? [...edits].reverse().find((e) => e.Name === name)?.Value;
      if (value === undefined || value === '') break;
      fromAnswer ||= answer !== undefined && !edits.some((e) => e.Name === name);
      keys[name] = value;
    }
    if (Object.keys(keys).length !== names.length) continue;
    const rank = element.Keys.length ? 0 : fromAnswer ? 1 : 2;
    if (best === undefined || rank < best.rank) best = { element: element.Name, keys, rank };
  }
  return best && { element: best.element, keys: best.keys };
}
/** The client's answer: the server's, with each transaction's outcome (not verified yet) and the failed ones. */
export function outcomeOf(request, response, warnings) {
  const count = request.Transactions.length;
  const messages = messagesByTransaction(response.Messages, count);
  const service = serviceOf(request);
  const transactions = request.Transactions.map((sent, index) => {
    const status = statusOf(response, index, count);
    const record = recordKeys(sent, response.Results?.Transactions[index], service);
    return {
      index,
      status,
      messages: messages[index],
      keys: record?.keys ?? {},
      keyElement: record?.element,
      verified: false,
    };
  });
  const { Transactions: _all, ...envelope } = request;
  const failed = transactions
    .filter((t) => t.status === 'failed')
    .map((t) => {
      const alone = { ...envelope, Transactions: [request.Transactions[t.index]] };
      if (service) recordService(alone, service);
      return alone;
    });
  return { ...response, warnings, transactions, failed };
}
