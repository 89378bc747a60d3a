import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against the mutated money code (npm run test:mutation,
 * see stryker.config.mjs): the test files that check what the money code
 * promises, on the embedded database only. Add a file here when you add a
 * money file to `mutate` in stryker.config.mjs whose rules live in another
 * test file; every test file of the list runs in the dry run, and then, per
 * mutant, only the tests that covered it.
 */
export const MONEY_TEST_FILES = [
  'test/ledger.test.ts',
  'test/ledger-rules.test.ts',
  'test/ledger-check-invariants.test.ts',
  'test/idempotency-rules.test.ts',
  'test/manual-adjustment-rules.test.ts',
  'test/audit.test.ts',
  'test/audit-chain-rules.test.ts',
];

export default defineConfig({
  test: {
    // MUTATION_TEST_FILES=a.test.ts,b.test.ts runs other test files (e.g. to measure what they alone kill).
    include: process.env.MUTATION_TEST_FILES?.split(',') ?? MONEY_TEST_FILES,
    env: { TEST_DB: 'pglite' },
    // Every mutant run starts a new worker, hence a new database: start it from a migrated copy.
    globalSetup: ['test/support/pglite-snapshot-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One PGlite database for the whole run, as in vitest.config.ts.
    isolate: false,
    fileParallelism: false,
  },
});
