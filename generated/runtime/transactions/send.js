// POST /api/v2/transaction: a transaction that did not pass is an error, never a silent success. Never resent,
// except after the unexpected response window (a dialog left open in a pooled session by an earlier request) when
// nothing was applied.
import { ErpResponseWindowError, ErpServerError } from '../errors.js';
import { isResponseWindow } from '../retry.js';
import { parseTransactionResponse } from '../transaction-wire.js';
import { COMMANDS_SERVICES } from './commands.js';
import { checkCuts, checkNotReport, onUiServer, outcome, withWarnings } from './exchange.js';
/**
 * How a service that cannot run through /transaction answers: an empty HTTP 500 (which an unknown service gets
 * too). For the services public documentation names as needing the commands endpoint, the message says so first;
 * for the others it stays a hint.
 */
const needsCommands = (service) => (status, _body, text, info) =>
  status === 500 && text.trim() === ''
    ? new ErpServerError(
        COMMANDS_SERVICES.has(service)
          ? `${service}: an empty HTTP 500 from /api/v2/transaction: ${service} is one of the services known to need POST /api/v2/commands: use client.commands(${service}, request) (the commands body is unverified: none was ever published)`
          : `${service}: an empty HTTP 500 from /api/v2/transaction: the service is unknown, or it cannot run through /transaction; some services need POST /api/v2/commands instead: client.commands(${service}, request)`,
        info(status),
      )
    : undefined;
/**
 * POST /api/v2/transaction, once. The unexpected response window is thrown as ErpResponseWindowError (which
 * the policy retries) only when nothing was applied: a 200 where no transaction succeeded, or a 500 for a
 * request of one transaction (a transaction is atomic; transactions in one POST are independent).
 */
async function transactionOnce(context, request, answered, attempt) {
  const { http } = context;
  const windowSummary = `${request.Name}: the transaction met the unexpected response window (a dialog left open in a pooled session by an earlier request) and nothing was applied; if it persists, split the transaction or use client.transactionAsync()`;
  let body;
  try {
    body = await onUiServer(context, {
      method: 'POST',
      path: '/api/v2/transaction',
      object: request.Name,
      body: request,
      kind: 'write',
      explain: needsCommands(request.Name),
      attempt,
    });
  } catch (error) {
    if (
      error instanceof ErpServerError &&
      request.Transactions.length === 1 &&
      isResponseWindow(error.serverMessage ?? '')
    )
      throw new ErpResponseWindowError(windowSummary, {
        request: error.request,
        status: error.status,
        object: request.Name,
        ...(error.serverMessage !== undefined ? { serverMessage: error.serverMessage } : {}),
      });
    throw error;
  }
  const response = parseTransactionResponse(body, request.Name, http.show);
  answered(response);
  if (response.Messages.some(isResponseWindow) && response.Summary.Succeeded === 0 && response.Summary.Failed > 0)
    throw new ErpResponseWindowError(windowSummary, {
      request: 'POST /api/v2/transaction',
      status: 200,
      object: request.Name,
      // every message: another transaction of the request may have failed for a reason of its own
      serverMessage: http.redact(response.Messages.join(' | ')),
    });
  return response;
}
export async function transaction(context, request, options) {
  checkNotReport(request);
  const cuts = checkCuts(context, request, options);
  let last;
  try {
    const response = await context.retry.run(
      `POST /api/v2/transaction (${request.Name})`,
      'write',
      (attemptNo) => transactionOnce(context, request, (answer) => (last = answer), attemptNo),
      (retry) =>
        context.observer.retried({
          family: 'transactions',
          object: request.Name,
          method: 'POST',
          path: '/api/v2/transaction',
          attempt: retry.attemptNo,
          delayMs: retry.delayMs,
          reason: retry.reason,
          failure: retry.failure,
        }),
    );
    return withWarnings(outcome(context, response, request, options), cuts);
  } catch (error) {
    // the caller who branches on each transaction's status gets the last answer, window and all
    if (error instanceof ErpResponseWindowError && options?.allowFailures && last !== undefined)
      return withWarnings(last, cuts);
    throw error;
  }
}
