// What the main thread and the services thread (services-thread.ts, services-worker.ts) say to each other.
import type { MessagePort } from 'node:worker_threads';
import type { EmitMode } from './emit/package-files.js';
import type { ServiceJob } from './service-module.js';

export interface ServicesData {
  /** the services to print, in the order the run takes them */
  readonly jobs: readonly ServiceJob[];
  readonly emit: EmitMode;
  /** the shared state (the slots below) */
  readonly state: SharedArrayBuffer;
  /** where the thread is sent the column sizes, and sends each service's files */
  readonly port: MessagePort;
  /** bytes of files sent and not yet taken by the main thread above which the thread waits */
  readonly pendingLimit: number;
}

/** A service printed (its files, as UTF-8 bytes that move without a copy), or why it could not be. */
export type Printed =
  | { readonly at: number; readonly files: ReadonlyArray<readonly [path: string, bytes: Uint8Array]> }
  | { readonly at: number; readonly error: ThreadError }
  | 'done';

/** An error as it crosses: a UserError's code, message, exit code and place; anything else, its stack. */
export type ThreadError =
  | { readonly code: string; readonly message: string; readonly exitCode: number; readonly where?: unknown }
  | { readonly message: string; readonly stack: string | undefined };

/** the shared state, as Int32 slots */
/** the next service to take: the threads take them in turn, in order */
export const NEXT = 0;
/** set once a service failed: no more are taken */
export const STOP = 1;
/** bytes of files sent and not yet taken by the main thread: the thread waits while too many are */
export const PENDING = 2;
/** messages sent: the main thread waits on it */
export const SENT = 3;
export const SLOTS = 4;
