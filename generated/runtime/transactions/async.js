// POST /api/v2/transaction/async, then GET `?id=` with backoff until the request is done or the deadline passes:
// the same outcome as transaction().
import { ErpTimeoutError } from '../errors.js';
import { parseTransactionResponse } from '../transaction-wire.js';
import { asObject, checkCuts, checkNotReport, onUiServer, outcome, unexpected, withWarnings } from './exchange.js';
// through globalThis: the package compiles without DOM or Node type definitions
const { setTimeout: schedule } = globalThis;
const sleep = (ms) => new Promise((resolve) => void schedule(resolve, ms));
/**
 * Where an async request stands: undefined while it runs (`Active`, or Status 3), its answer once it is done.
 * `Complete` (or 2) carries the synchronous envelope as a JSON string in `Messages`; when that text is not the
 * envelope, the answer is `unconfirmed`: every transaction counted in `Summary.Other`, the text in `Messages`.
 * `Failed` carries the error text (or an envelope); it is an answer whose transactions all failed.
 */
function asyncOutcome(context, status, request, id, path) {
  const { http } = context;
  const state = status['Status'];
  if (state === 'Active' || state === 3) return undefined;
  if (state !== 'Complete' && state !== 2 && state !== 'Failed')
    throw unexpected(
      context,
      `${request.Name}: async request ${id} has a Status this client does not know: ${http.show(state)}`,
      `GET ${path}`,
      request.Name,
    );
  const messages = status['Messages'];
  let envelope = messages;
  if (typeof messages === 'string')
    try {
      envelope = JSON.parse(messages);
    } catch {
      envelope = undefined;
    }
  const count = request.Transactions.length;
  const text = typeof messages === 'string' ? [messages] : [];
  if (envelope !== null && typeof envelope === 'object' && !Array.isArray(envelope))
    return { response: parseTransactionResponse(envelope, request.Name, http.show), unconfirmed: false };
  if (state === 'Failed')
    return {
      response: { Messages: text, Results: null, Summary: { Succeeded: 0, Failed: count, Other: 0 } },
      unconfirmed: false,
    };
  context.log?.(
    `${request.Name}: async request ${id} is Complete without a JSON result (Messages: ${http.show(messages)}); read the records back to know what was written`,
  );
  return {
    response: { Messages: text, Results: null, Summary: { Succeeded: 0, Failed: 0, Other: count } },
    unconfirmed: true,
  };
}
export async function transactionAsync(context, request, options) {
  checkNotReport(request);
  const cuts = checkCuts(context, request, options);
  // the submit and every poll are one run: in a trace, the children of its span
  const run = await context.observer.run('transactionAsync', 'transactions', request.Name);
  try {
    const response = await submitAndPoll(context, request, options, run);
    run.end();
    return withWarnings(response, cuts);
  } catch (error) {
    run.end(error);
    throw error;
  }
}
async function submitAndPoll(context, request, options, run) {
  const submitPath = '/api/v2/transaction/async';
  const submitted = asObject(
    context,
    await onUiServer(context, {
      method: 'POST',
      path: submitPath,
      object: request.Name,
      body: request,
      kind: 'write',
      trace: run,
    }),
    'the async answer',
    `POST ${submitPath}`,
    request.Name,
  );
  const id = submitted['RequestId'];
  if (typeof id !== 'string')
    throw unexpected(
      context,
      `${request.Name}: the async answer has no RequestId: ${context.http.show(submitted)}`,
      `POST ${submitPath}`,
      request.Name,
    );
  const path = `${submitPath}?id=${encodeURIComponent(id)}`;
  const deadline = Date.now() + (options?.deadlineMs ?? 600_000);
  let wait = options?.intervalMs ?? 500;
  for (let status = submitted; ;) {
    const done = asyncOutcome(context, status, request, id, path);
    if (done !== undefined)
      return outcome(context, done.response, request, done.unconfirmed ? { allowFailures: true } : options);
    if (Date.now() + wait > deadline)
      throw new ErpTimeoutError(
        `${request.Name}: async request ${id} not done by the deadline (last Status ${context.http.show(status['Status'])})`,
        { request: `GET ${path}`, status: 200, object: request.Name },
      );
    await sleep(wait);
    wait = Math.min(wait * 2, options?.maxIntervalMs ?? 5_000);
    run.count('erp.polls');
    status = asObject(
      context,
      await onUiServer(context, { method: 'GET', path, object: request.Name, trace: run }),
      'the async status',
      `GET ${path}`,
      request.Name,
    );
  }
}
