// What the writer's main thread and its file threads (file-thread.ts, file-worker.ts) say to each other.

/**
 * A batch of files: their UTF-8 bytes one after the other in one buffer (it moves to the thread without a copy),
 * and per file its index, the path to compare with, the path to stage at ('' in check mode), 1 to compare, and
 * where its bytes end in the buffer.
 */
export interface Batch {
  readonly bytes: ArrayBuffer;
  readonly files: ReadonlyArray<string | number>;
}

/**
 * what one thread did: the indexes it was given, their sha256 in the same order (32 bytes each, one after the
 * other: file-work.ts), and the ones that differ
 */
export interface ThreadResults {
  readonly changed: readonly number[];
  readonly indexes: readonly number[];
  readonly hashes: Uint8Array;
  /** in check mode, the text of the first few files that differ (for a `--check` to show how), by index */
  readonly samples: ReadonlyArray<{ readonly at: number; readonly text: string }>;
}

export type Reply = ThreadResults | { readonly failed: string; readonly path: string };

/** the thread's data: the state it shares with the main thread, and how many differing files it keeps */
export interface ThreadData {
  readonly state: SharedArrayBuffer;
  readonly samples: number;
  readonly sampleBytes: number;
}

/** the shared state, as Int32 slots: bytes sent and not yet written, and whether the thread broke down */
export const PENDING = 0;
export const BROKEN = 1;
