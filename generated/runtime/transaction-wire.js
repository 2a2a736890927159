// The wire format of the Transaction API: request bodies, answers, and the checks that an answer is one and
// that every transaction in it passed. Shared by the payload builders and the client.
import { ErpError } from './errors.js';
import { preview } from './redact.js';
/** A transaction the server did not pass; `messages` are the server's, `response` the whole answer. */
export class ErpTransactionFailedError extends ErpError {
  name = 'ErpTransactionFailedError';
  service;
  response;
  constructor(service, response) {
    const { Succeeded, Failed, Other } = response.Summary;
    super(
      `${service}: ${Failed} failed, ${Succeeded} succeeded, ${Other} other: ${response.Messages.join(' | ') || '(no message)'}`,
    );
    this.service = service;
    this.response = response;
  }
  get messages() {
    return this.response.Messages;
  }
}
/** Checks the shape of an answer; a body that is not one is an error, not a silent success. */
export function parseTransactionResponse(body, service) {
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
  if (!ok) throw new ErpError(`${service}: the answer is not a transaction response: ${preview(body)}`);
  return b;
}
/** Fails unless every transaction passed: `Summary.Failed` is 0 and every result says Passed. */
export function assertPassed(response, service) {
  const passed =
    response.Summary.Failed === 0 &&
    response.Results !== null &&
    response.Results.Transactions.every((t) => t.Status === 'Passed');
  if (!passed) throw new ErpTransactionFailedError(service, response);
  return response;
}
