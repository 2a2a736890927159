// What every call of the Transaction API shares: an exchange on the UI server, an answer that must be a JSON
// object, the rule that a transaction that did not pass is an error, and report services kept to report().
import { checkTruncate } from '../option-checks.js';
import { ErpError, ErpUnexpectedResponseError } from '../errors.js';
import { isReportService } from '../contract.js';
import { ErpTruncationError } from '../transaction.js';
import { assertPassed, cutsOf, describeCut, missingRequiredOf, UNNAMED_REQUIRED } from '../transaction-wire.js';
/**
 * The cuts made in building `request` (transaction.ts): under `truncate: 'error'` an ErpTruncationError before
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
/** The server's answer with the cuts made before sending it. */
export const withWarnings = (response, cuts) => ({
  ...response,
  warnings: cuts,
});
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
/**
 * The fields the definition marks required that the request's new rows leave out, one line per transaction that
 * leaves some out; '' when none does (or the request was written by hand).
 */
function missingRequired(request) {
  return missingRequiredOf(request)
    .map((fields, i) => (fields.length ? `transaction ${i + 1}: ${fields.join(', ')}` : ''))
    .filter((line) => line !== '')
    .join('; ');
}
/** The answer, unless a transaction did not pass and the caller did not allow failures (ErpTransactionFailedError). */
export function outcome(context, response, request, options) {
  if (options?.allowFailures) return response;
  // T18: the server's `This column is required.` names no column: the error names the candidates the definition
  // gives (before sending, a transaction's missingRequired() names them too). Only named, never enforced: `Required`
  // is window metadata, wrong both ways on real tenants (Order's company_id is marked required and is disabled)
  const missing = response.Messages.some((m) => UNNAMED_REQUIRED.test(m)) ? missingRequired(request) : '';
  const hint =
    missing !== ''
      ? ` (the server names no column; the definition marks required, and the new rows leave out: ${missing})`
      : '';
  // the message quotes the server's messages, which may echo a secret; `response` keeps them as sent
  return assertPassed(response, request.Name, context.http.redact, hint);
}
/** A report service (`m_*`) on /transaction answers Succeeded and produces nothing: refused before sending. */
export function checkNotReport(request) {
  if (isReportService(request.Name))
    throw new ErpError(
      `${request.Name} is a report service: /transaction answers Succeeded and produces nothing; use client.report()`,
    );
}
