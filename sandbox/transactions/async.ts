// POST /api/v2/transaction/async and its status polls. A request stays queued for a set number of polls and completes
// on the next one: only then is the transaction run and written, so a client that reads back before the status says
// it is done sees nothing. No cancel endpoint exists.
//
// Two evidenced shapes (rules.ts `asyncStatus`): by default the words public captures show, the POST
// answering 202 `{RequestId, Status: "Active"}` and the poll `{RequestId, Status, Messages, CompletedDate}` with
// `Active`, then `Complete` (Messages: the synchronous envelope as a JSON string) or `Failed` (every transaction
// failed; Messages: their error text); or the numbers a 26.1 capture shows, 200 with `Status` 3 while queued and 2
// when done (also for failed transactions: the envelope in Messages says which).
import { randomUUID } from 'node:crypto';
import type { TransactionResponse } from './run.js';

export type AsyncShape = 'words' | 'numbers';

/** A done request's Messages: the envelope as a JSON string, or only its messages as text (not JSON). */
export type AsyncMessages = 'json' | 'text';

interface Job {
  readonly id: string;
  readonly started: string;
  /** runs the transactions; called once, when the job completes */
  readonly run: () => TransactionResponse;
  polls: number;
  done?: { readonly completed: string; readonly response: TransactionResponse };
}

/** `2025-01-15T16:34:53`: the server's wall-clock time, without zone or fraction, as captured */
const wallClock = (date: Date) => date.toISOString().slice(0, 19);

export class AsyncTransactions {
  private readonly jobs = new Map<string, Job>();

  /**
   * @param queuedPolls how many polls answer "not done" before the one that completes the request
   */
  constructor(
    private readonly queuedPolls: number,
    private readonly shape: AsyncShape = 'words',
    private readonly messages: AsyncMessages = 'json',
  ) {}

  /** the submission's answer: its HTTP status and body */
  submit(run: () => TransactionResponse): { status: number; body: unknown } {
    const job: Job = { id: randomUUID(), started: new Date().toISOString(), run, polls: 0 };
    this.jobs.set(job.id, job);
    return this.shape === 'words'
      ? { status: 202, body: { RequestId: job.id, Status: 'Active' } }
      : { status: 200, body: this.statusOf(job) };
  }

  /** the request's status after one more poll; undefined for an id that was never submitted */
  poll(id: string): unknown {
    const job = this.jobs.get(id.toLowerCase());
    if (!job) return undefined;
    if (!job.done && job.polls++ >= this.queuedPolls)
      job.done = { completed: wallClock(new Date()), response: job.run() };
    return this.statusOf(job);
  }

  private statusOf(job: Job): unknown {
    const done = job.done;
    const text = done && (this.messages === 'json' ? JSON.stringify(done.response) : done.response.Messages.join('\n'));
    if (this.shape === 'numbers')
      return {
        RequestId: job.id,
        RequestType: 'V2 Transaction',
        Key: 'N/A',
        StartDate: job.started,
        CompletedDate: done?.completed ?? null,
        Status: done ? 2 : 3,
        CallbackResult: null,
        Messages: text ?? null,
      };
    if (!done) return { RequestId: job.id, Status: 'Active', Messages: null, CompletedDate: null };
    const { Succeeded, Failed } = done.response.Summary;
    return Succeeded === 0 && Failed > 0
      ? {
          RequestId: job.id,
          Status: 'Failed',
          Messages: done.response.Messages.join('\n'),
          CompletedDate: done.completed,
        }
      : { RequestId: job.id, Status: 'Complete', Messages: text, CompletedDate: done.completed };
  }
}
