// The end-to-end fixture (e2e.ts): the tests of a file share one sandbox, started with the file's options and
// signed in with a token it issued; two files' fixtures are apart.
import { query } from '@acme/erp-schema';
import { bin_zone } from '@acme/erp-schema/tables/bin_zone';
import { describe, expect } from 'vitest';
import { e2eTest } from './e2e.js';
import { tokenCalls } from './sandbox.js';

const it = e2eTest({ rowsPerObject: 2 });
const other = e2eTest();
const urls: string[] = [];

describe('e2eTest', () => {
  it('starts the sandbox with the options given, and signs in through its token endpoint', async ({ e2e }) => {
    urls.push(e2e.url);
    expect((await e2e.client.page(query(bin_zone).top(10))).rows).toHaveLength(2);
    expect(tokenCalls(e2e.server)).toBe(1);
  });

  it("gives the file's next test the same sandbox and sign-in", async ({ e2e }) => {
    expect(e2e.url).toBe(urls[0]);
    await e2e.client.page(query(bin_zone).top(1));
    expect(tokenCalls(e2e.server)).toBe(1);
  });

  other('gives another e2eTest() a sandbox of its own, with its own options', async ({ e2e }) => {
    expect(e2e.url).not.toBe(urls[0]);
    expect((await e2e.client.page(query(bin_zone).top(10))).rows).toHaveLength(5);
  });
});
