// The services of a big run printed on a second thread. The services need only the column sizes (known once the
// tables document is read), the overlay and their names: the thread starts with the run, prints services from
// the moment the tables document is done while the main thread reads and prints the views, and the two take the
// rest in turn once the views are done. Each service's files come back as UTF-8 bytes (moved, not copied) for the
// main thread to give the writer; where they go in the writer's order does not matter (the file list and the
// record are sorted).
//
// What the user sees is the sequential run's: the progress counts of the services come after the views' (those
// printed meanwhile are counted when the services stage begins), and of the services that fail, the first in the
// run's order is the one told, once the views are done (a view that fails first wins). Services are taken in
// order from one counter, and a thread finishes the service it took before it stops: so when service `i` fails,
// every service before it was printed, as in a sequential run.
//
// A small run (the shipped sample, a team's few services) does without it: starting a thread (a V8 context and
// erpgen's modules) costs about what printing a few megabytes of definitions does.
import { statSync } from 'node:fs';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { EmitMode } from './emit/package-files.js';
import { UserError } from './errors.js';
import type { Code } from './diagnostics.js';
import type { CollectedSizes, SizesData } from './model/column-facts.js';
import {
  NEXT,
  PENDING,
  SENT,
  SLOTS,
  STOP,
  type Printed,
  type ServicesData,
  type ThreadError,
} from './services-protocol.js';
import type { ServiceJob } from './service-module.js';
import { startThread } from './start-thread.js';

/** bytes of definitions to print from which a run prints them on a thread too */
const SERVICES_THREAD_AFTER = 8 << 20;
/** bytes of printed files the thread may send ahead of the main thread taking them (while it does the views) */
const PENDING_LIMIT = 8 << 20;

/** Whether the definitions of `jobs` are enough to be worth a thread (a definition that cannot be stat'd counts 0). */
export function worthAThread(jobs: readonly ServiceJob[], after = SERVICES_THREAD_AFTER): boolean {
  if (jobs.length === 0) return false;
  let bytes = 0;
  for (const { definition } of jobs) {
    bytes += statSync(definition.file, { throwIfNoEntry: false })?.size ?? 0;
    if (bytes >= after) return true;
  }
  return false;
}

export class ServicesThread {
  private readonly state = new Int32Array(new SharedArrayBuffer(SLOTS * 4));
  private readonly port: MessagePort;
  private readonly worker: Worker;
  /** why the thread ended before it said it was done */
  private broken: Error | undefined;
  private done = false;
  /** services printed on the thread, not yet counted */
  private uncounted = 0;
  /** the first service (in the run's order) that failed, on either thread */
  private failure: { at: number; error: Error } | undefined;
  private readonly jobs: number;

  /** `pendingLimit`: the bytes of files sent and not yet taken above which the thread waits */
  constructor(jobs: readonly ServiceJob[], emit: EmitMode, pendingLimit = PENDING_LIMIT) {
    this.jobs = jobs.length;
    const channel = new MessageChannel();
    this.port = channel.port1;
    const state = this.state.buffer as SharedArrayBuffer;
    const data: ServicesData = { jobs, emit, state, port: channel.port2, pendingLimit };
    // a service's objects live while it is printed, and a parsed definition is megabytes: a young generation of
    // 32 MB (two thirds of the default's) keeps most of it from being copied out (at 8 MB or 16 MB the thread's
    // collections cost 10-20% more CPU in all, for 10-15 MB less peak memory); the old generation is node's default,
    // as the main thread's: any definition the main thread can print (up to 64 MB), the thread can
    this.worker = startThread(
      new URL('./services-worker.js', import.meta.url),
      data,
      { maxYoungGenerationSizeMb: 32 },
      [channel.port2],
    );
    const ended = (error: Error) => {
      this.broken ??= error;
      Atomics.notify(this.state, SENT);
    };
    this.worker.once('error', ended);
    this.worker.once('exit', () => ended(new Error('erpgen: the services thread stopped before it was done')));
  }

  private begun = false;

  /** The column sizes: the thread starts printing (once). */
  begin(sizes: CollectedSizes): void {
    if (this.begun) return;
    this.begun = true;
    this.port.postMessage({ lengths: sizes.lengths.data, scales: sizes.scales.data } satisfies SizesData);
  }

  /** What the thread has printed so far, each file given to `file` (synchronously: between two blocks of a document). */
  take(file: (path: string, bytes: Uint8Array) => void): void {
    for (let received; (received = receiveMessageOnPort(this.port));) {
      const printed = received.message as Printed;
      if (printed === 'done') {
        this.done = true;
        continue;
      }
      if ('error' in printed) {
        this.failed(printed.at, arrived(printed.error));
        continue;
      }
      let bytes = 0;
      for (const [path, content] of printed.files) {
        // counted before the writer has them: a big file's buffer moves on to a file thread
        bytes += content.byteLength;
        file(path, content);
      }
      Atomics.sub(this.state, PENDING, bytes);
      Atomics.notify(this.state, PENDING);
      this.uncounted++;
    }
  }

  /** Counts the services printed on the thread and not counted yet. */
  count(counted: () => void): void {
    for (; this.uncounted > 0; this.uncounted--) counted();
  }

  /** The next service for the main thread to print; undefined when none is left or one failed. */
  claim(): number | undefined {
    if (Atomics.load(this.state, STOP)) return undefined;
    const at = Atomics.add(this.state, NEXT, 1);
    return at < this.jobs ? at : undefined;
  }

  /** A service that could not be printed: no more are taken, and the first of those that failed is thrown by finish. */
  failed(at: number, error: Error): void {
    Atomics.store(this.state, STOP, 1);
    if (!this.failure || at < this.failure.at) this.failure = { at, error };
  }

  /** Waits for the thread to be done, taking and counting what it prints; throws the first service that failed. */
  async finish(file: (path: string, bytes: Uint8Array) => void, counted: () => void): Promise<void> {
    for (;;) {
      const sent = Atomics.load(this.state, SENT);
      this.take(file);
      this.count(counted);
      if (this.done) break;
      if (this.broken) throw this.broken;
      await waitAsync(this.state, SENT, sent).value;
    }
    await this.stop();
    if (this.failure) throw this.failure.error;
  }

  async stop(): Promise<void> {
    this.port.close();
    await this.worker.terminate();
  }
}

/** Atomics.waitAsync (node 16 and later; not in TypeScript's library before es2024) */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { value: Promise<string> | string };
  }
).waitAsync;

/** An error from the thread, as the main thread would have thrown it. */
function arrived(error: ThreadError): Error {
  if ('code' in error)
    return new UserError(error.code as Code, error.message, {
      exitCode: error.exitCode,
      ...(error.where ? { where: error.where as UserError['where'] } : {}),
    });
  return Object.assign(new Error(error.message), { stack: error.stack });
}
