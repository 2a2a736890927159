// POST /api/v2/transaction: a transaction that did not pass is an error, never a silent success. Never resent,
// except after the unexpected response window (a dialog left open in a pooled session by an earlier request) when
// nothing was applied. (The other resends a POST can meet are safe too: a 401 is answered before the service runs
// anything, so the one resend with a new token (http/not-authorized.ts) applies nothing twice; a connection reset or
// a timeout of a write is never retried (retry.ts), since the write may have been applied.)
import { ErpResponseWindowError, ErpServerError } from '../errors.js';
import type { FamilyContext } from '../family.js';
import type { Exchange } from '../http/types.js';
import { isResponseWindow } from '../retry.js';
import {
  parseTransactionResponse,
  type TransactionOutcome,
  type TransactionRequest,
  type TransactionResponse,
} from '../transaction-wire.js';
import { outcomeOf } from './outcome.js';
import { COMMANDS_SERVICES } from './commands.js';
import { checkCuts, checkNotReport, finish, onUiServer, verifyMode, type TransactionOptions } from './exchange.js';

/**
 * How a service that cannot run through /transaction answers: an empty HTTP 500 (which an unknown service gets
 * too). For the services public documentation names as needing the commands endpoint, the message says so first;
 * for the others it stays a hint.
 */
const needsCommands =
  (service: string): NonNullable<Exchange['explain']> =>
  (status, _body, text, info) =>
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
 * the policy retries) only when nothing was applied: a 200 where every transaction failed (none succeeded, none
 * counted as other), or a 500 for a request of one transaction (a transaction is atomic; transactions in one POST
 * are independent, so a 500 for several may follow one that was applied).
 */
async function transactionOnce(
  context: FamilyContext,
  request: TransactionRequest,
  answered: (response: TransactionResponse) => void,
  attempt: number,
): Promise<TransactionResponse> {
  const { http } = context;
  const windowSummary = `${request.Name}: the transaction met the unexpected response window (a dialog left open in a pooled session by an earlier request) and nothing was applied; if it persists, split the transaction or use client.transactionAsync()`;
  let body: unknown;
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
  const { Succeeded, Failed, Other } = response.Summary;
  if (response.Messages.some(isResponseWindow) && Succeeded === 0 && Other === 0 && Failed > 0)
    throw new ErpResponseWindowError(windowSummary, {
      request: 'POST /api/v2/transaction',
      status: 200,
      object: request.Name,
      // every message: another transaction of the request may have failed for a reason of its own
      serverMessage: http.redact(response.Messages.join(' | ')),
    });
  return response;
}

export async function transaction(
  context: FamilyContext,
  request: TransactionRequest,
  options?: TransactionOptions,
): Promise<TransactionOutcome> {
  checkNotReport(request);
  const cuts = checkCuts(context, request, options);
  verifyMode(context, request, options); // a wrong verify option is refused before sending
  let last: TransactionResponse | undefined;
  let response: TransactionResponse;
  try {
    response = await context.retry.run(
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
  } catch (error) {
    // the caller who branches on each transaction's status gets the last answer, window and all
    if (error instanceof ErpResponseWindowError && options?.allowFailures && last !== undefined)
      return outcomeOf(request, last, cuts);
    throw error;
  }
  return finish(context, request, response, cuts, options);
}
