// Waiting for something that happens beside a call (a read the client makes in the background, a file a process
// writes): polled until it holds, with no deadline of its own. A slow machine only makes the wait longer; a thing
// that never happens is left to vitest's test timeout, which is generous and never a budget a passing test meets.

/** Resolves once `check` returns without throwing; polls every few milliseconds. */
export async function until(check: () => unknown): Promise<void> {
  for (;;) {
    try {
      await check();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
