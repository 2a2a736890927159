import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // one fixed fast-check seed for every property test (FC_SEED overrides it)
    setupFiles: ['test/support/property-seed.ts'],
    // generous: a 2-core machine under load runs the compiler suites several times slower than when quiet
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
