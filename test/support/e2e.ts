// The end-to-end fixture: `const it = e2eTest(options)` at the top of a test file, and a test that takes `e2e` from
// its context gets a sandbox of the sample snapshot on 127.0.0.1 (`startSampleSandbox(options)`) with USER signed
// in through its token endpoint, and the clients of that sign-in (sandbox.ts's `signedIn`): started when the file's
// first test asks for it, closed after the file. One call per file: a test API of its own, since vitest's
// `override` of a shared one would reach the files after it in the same worker (the fast tier shares modules).
import { test } from 'vitest';
import type { SandboxOptions } from '../../sandbox/sandbox.js';
import { signedIn, startSampleSandbox, type SignedIn } from './sandbox.js';

export function e2eTest(options: Partial<SandboxOptions> = {}) {
  return test.extend('e2e', { scope: 'file' }, async ({}, { onCleanup }): Promise<SignedIn> => {
    const server = await startSampleSandbox(options);
    onCleanup(() => server.close());
    return signedIn(server);
  });
}
