// The README's test of the test kit, run in this repository against the sample package (generated/) and this
// checkout's erpgen, compiled by both compilers; test/package/install.test.ts runs the same block in a project that
// installed erpgen from a tarball.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tempDir } from '../support/cli.js';
import { ts6, tsc7 } from '../support/compilers.js';
import { ROOT } from '../support/paths.js';
import { runKitTest, writeKitProject } from '../support/readme-test-kit.js';

it("the README's test kit example compiles and passes with node --test", async () => {
  const dir = tempDir('erpgen-readme-kit-');
  mkdirSync(join(dir, 'node_modules', '@acme'), { recursive: true });
  // as npm links a dependency on a folder
  symlinkSync(ROOT, join(dir, 'node_modules', 'erpgen'), 'dir');
  symlinkSync(join(ROOT, 'generated'), join(dir, 'node_modules', '@acme', 'erp-schema'), 'dir');
  const tsconfig = writeKitProject(dir);
  expect(ts6(tsconfig)).toBe('');
  expect(tsc7(tsconfig)).toBe('');
  const { code, report } = runKitTest(dir);
  expect(report).toMatch(/^# pass 3$/m);
  expect([code, report]).toEqual([0, expect.stringMatching(/^# fail 0$/m)]);
});
