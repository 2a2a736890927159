// POST /api/v2/transaction/async and its status polls. A request stays queued (Status 3) for a set number of polls and
// completes on the next one: only then is the transaction run and written, so a client that reads back before the
// status says 2 sees nothing. When complete, `Messages` holds the synchronous envelope serialised as a JSON *string*
// (Status is 2 whether the transactions passed or failed: the envelope says which).
import { randomUUID } from 'node:crypto';
import type { TransactionResponse } from './transaction-run.js';

export const ASYNC_QUEUED = 3;
export const ASYNC_COMPLETED = 2;

export interface AsyncStatus {
  readonly RequestId: string;
  readonly RequestType: 'V2 Transaction';
  readonly Key: 'N/A';
  readonly StartDate: string;
  readonly CompletedDate: string | null;
  readonly Status: number;
  readonly CallbackResult: null;
  readonly Messages: string | null;
}

interface Job {
  readonly id: string;
  readonly started: string;
  /** runs the transactions; called once, when the job completes */
  readonly run: () => TransactionResponse;
  polls: number;
  done?: { readonly completed: string; readonly messages: string };
}

export class AsyncTransactions {
  private readonly jobs = new Map<string, Job>();

  /** @param queuedPolls how many polls answer Status 3 before the one that completes the request */
  constructor(private readonly queuedPolls: number) {}

  submit(run: () => TransactionResponse): AsyncStatus {
    const job: Job = { id: randomUUID(), started: new Date().toISOString(), run, polls: 0 };
    this.jobs.set(job.id, job);
    return statusOf(job);
  }

  /** the request's status after one more poll; undefined for an id that was never submitted */
  poll(id: string): AsyncStatus | undefined {
    const job = this.jobs.get(id.toLowerCase());
    if (!job) return undefined;
    if (!job.done && job.polls++ >= this.queuedPolls)
      job.done = { completed: new Date().toISOString(), messages: JSON.stringify(job.run()) };
    return statusOf(job);
  }
}

function statusOf(job: Job): AsyncStatus {
  return {
    RequestId: job.id,
    RequestType: 'V2 Transaction',
    Key: 'N/A',
    StartDate: job.started,
    CompletedDate: job.done?.completed ?? null,
    Status: job.done ? ASYNC_COMPLETED : ASYNC_QUEUED,
    CallbackResult: null,
    Messages: job.done?.messages ?? null,
  };
}
