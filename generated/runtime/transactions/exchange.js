// What every call of the Transaction API shares: an exchange on the UI server, an answer that must be a JSON
// object, one outcome per transaction, the rule that a transaction that did not pass is an error, the read-back of a
// verified write, and report services kept to report().
import { checkTruncate, checkVerify } from '../option-checks.js';
import { ErpError, ErpUnexpectedResponseError } from '../errors.js';
import { isReportService } from '../contract.js';
import { ErpTruncationError } from '../define-service.js';
import { allPassed, cutsOf, describeCut, ErpTransactionFailedError } from '../transaction-wire.js';
import { outcomeOf } from './outcome.js';
import { refusalHints } from './refusals.js';
import { settleVerified, verifyOutcome } from './verify.js';
/**
 * The cuts made in building `request` (define-service.ts): under `truncate: 'error'` an ErpTruncationError before
 * anything is sent; else each is one line of the client's log, and the answer carries them as `warnings`.
 */
export function checkCuts(context, request, options) {
  checkTruncate(options?.truncate, request.Name);
  const cuts = cutsOf(request);
  const [first, ...rest] = cuts;
  if (first === undefined) return cuts;
  if ((options?.truncate ?? context.truncate ?? 'cut') === 'error') throw new ErpTruncationError([first, ...rest]);
  for (const cut of cuts) context.log?.(`${describeCut(cut)}: sent cut; it began ${cut.preview}`);
  return cuts;
}
/** One exchange on the UI server (found through the router once). */
export async function onUiServer(context, exchange) {
  const { path, ...rest } = exchange;
  return context.http.json({ ...rest, url: `${await context.uiServer()}${path}`, shown: path });
}
/** An answer of the right status but the wrong shape: what was asked, and a redacted preview of what came. */
export function unexpected(context, summary, request, object) {
  return new ErpUnexpectedResponseError(summary, {
    request: context.http.redact(request),
    status: 200,
    ...(object !== undefined ? { object } : {}),
  });
}
/** The answer as a JSON object, or an ErpUnexpectedResponseError saying what came instead. */
export function asObject(context, value, what, request, object) {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw unexpected(context, `${object}: ${what} is not a JSON object: ${context.http.show(value)}`, request, object);
  return value;
}
/** Whether this call reads back: the call's `verify`, else the client's, else whether IgnoreDisabled is set. */
export function verifyMode(context, request, options) {
  return checkVerify(options?.verify, request.Name) ?? context.verify ?? request.IgnoreDisabled === true;
}
/** POST /api/v2/transaction/get: the records of these states, as a transaction set. */
export async function transactionGet(context, request) {
  const path = '/api/v2/transaction/get';
  const body = asObject(
    context,
    await onUiServer(context, { method: 'POST', path, object: request.ServiceName, body: request, kind: 'read' }),
    'the transaction/get answer',
    `POST ${path}`,
    request.ServiceName,
  );
  if (!Array.isArray(body['Transactions']))
    throw unexpected(
      context,
      `${request.ServiceName}: the transaction/get answer has no Transactions: ${context.http.show(body)}`,
      `POST ${path}`,
      request.ServiceName,
    );
  return body;
}
/**
 * The client's answer to `request`: one outcome per transaction, each passed one read back when verifyMode says so; an
 * ErpTransactionFailedError unless every transaction passed (or the caller allows failures), then an
 * ErpWriteNotAppliedError when a passed one is not stored as sent.
 */
export async function finish(context, request, response, cuts, options) {
  let result = outcomeOf(request, response, cuts);
  const mode = verifyMode(context, request, options);
  if (mode !== false) result = await verifyOutcome(context, request, result, (get) => transactionGet(context, get));
  // the message quotes the server's messages, which may echo a secret; `response` keeps them as sent
  if (!options?.allowFailures && !allPassed(response))
    throw new ErpTransactionFailedError(
      request.Name,
      response,
      context.http.redact,
      result,
      refusalHints(request, result),
    );
  if (mode !== false) settleVerified(context, request, result, mode);
  return result;
}
/** A report service (`m_*`) on /transaction answers Succeeded and produces nothing: refused before sending. */
export function checkNotReport(request) {
  if (isReportService(request.Name))
    throw new ErpError(
      `${request.Name} is a report service: /transaction answers Succeeded and produces nothing; use client.report()`,
    );
}
