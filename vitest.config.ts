import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // one fixed fast-check seed for every property test (FC_SEED overrides it)
    setupFiles: ['test/support/property-seed.ts'],
    // a bound for a test that hangs, never a budget: no test sets a time of its own, nor waits with a deadline
    // (test/support/until.ts). A busy 2-core machine runs the slowest (the install from a git URL, the mutation
    // campaign, the stock tenant compiled) many times slower than a quiet one.
    testTimeout: 1_200_000,
    hookTimeout: 1_200_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
