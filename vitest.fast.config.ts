// The fast tier (`npm run test:fast`), run after each change: the tests that mirror the source and run in process.
// The generator's units, the runtime's units and its end-to-end tests against the sandbox (in process, over HTTP on
// 127.0.0.1), the sandbox's own, and the house's structure (test/structure: import cycles and direction). Left to the full suite (`npm test`, what CI runs): test/cli (erpgen as a
// process), test/package (golden files, the compilers, consumers, install, format, messages, type tests), the test
// tools' own tests (test/support, test/tenant) and the files of SLOW below.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** the folders of the fast tier */
export const FAST = ['test/common', 'test/generator', 'test/runtime', 'test/sandbox', 'test/structure'];

/** files in those folders that start a process or run the compilers */
export const SLOW = [
  'test/runtime/strict-compile.test.ts', // the runtime under both compilers
  'test/sandbox/auth-faults.test.ts', // `erpgen sandbox` as a process, stopped by signals
  'test/generator/write/output.test.ts', // the writer's thread, from the sources through a tsx process
  'test/generator/services-thread.test.ts', // the services thread, likewise, in some twenty runs
  'test/structure/exports.test.ts', // knip as a process, over the whole house
  'test/structure/format.test.ts', // prettier over every source of the house
];

// not mergeConfig: it would add these lists to the full suite's instead of replacing them
export default defineConfig({
  test: {
    ...base.test,
    include: FAST.map((folder) => `${folder}/**/*.test.ts`),
    exclude: SLOW,
    // the build only: the stock-size tenant is for test/cli and test/package
    globalSetup: ['test/support/build.ts'],
    // one module cache per worker, so the generated package and the sandbox are loaded once, not per file
    isolate: false,
  },
});
