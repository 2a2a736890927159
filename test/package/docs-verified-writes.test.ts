// docs/verified-writes.md's test, run as a team runs it: extracted from the page (so the page cannot drift from what
// passes), compiled by both compilers beside this checkout's erpgen and the sample package (generated/), then run
// with `node --test` against the sandbox it starts.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';
import { firstTsBlock, runKitTest, writeKitProject } from '../support/readme-test-kit.js';

it("docs/verified-writes.md's example compiles and passes with node --test", async () => {
  const dir = tempDir('erpgen-docs-verified-');
  mkdirSync(join(dir, 'node_modules', '@acme'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'erpgen'), 'dir');
  symlinkSync(join(ROOT, 'generated'), join(dir, 'node_modules', '@acme', 'erp-schema'), 'dir');
  const source = firstTsBlock('docs/verified-writes.md', '## A verified write, against the sample\n');
  const tsconfig = writeKitProject(dir, source, 'verified-writes');
  expect(ts6(tsconfig)).toBe('');
  expect(tsc7(tsconfig)).toBe('');
  const { code, report } = runKitTest(dir, 'verified-writes');
  expect(report).toMatch(/^# pass 3$/m);
  expect([code, report]).toEqual([0, expect.stringMatching(/^# fail 0$/m)]);
});
