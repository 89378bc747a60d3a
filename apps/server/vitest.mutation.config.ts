import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against the mutated money code (npm run test:mutation,
 * see stryker.config.mjs), on the embedded database only: the test files of
 * one group of money files (MUTATION_TEST_FILES, set by scripts/mutation.ts),
 * or all of them below. Every listed file runs in the dry run, and then, per
 * mutant, only the tests that covered it.
 */
export const MONEY_TEST_FILES = [
  'test/ledger.test.ts',
  'test/ledger-rules.test.ts',
  'test/ledger-check-invariants.test.ts',
  'test/house-accounts.test.ts',
  'test/money-properties.test.ts',
  'test/audit.test.ts',
  'test/audit-wallet-rules.test.ts',
  'test/admin-players-settings.test.ts',
  'test/operator-adjust.test.ts',
  'test/credit-requests.test.ts',
  'test/withdrawals.test.ts',
  'test/withdrawal-rules.test.ts',
  'test/withdrawal-decisions.test.ts',
  'test/sql-rules.test.ts',
  'test/sql-refusal.test.ts',
  'test/bank-feed.test.ts',
  'test/slip-deposits.test.ts',
  'test/deposit-rules.test.ts',
  'test/transfers.test.ts',
  'test/games.test.ts',
  'test/seamless.test.ts',
  'test/games-rules.test.ts',
  'test/loyalty-rules.test.ts',
  'test/loyalty-units.test.ts',
  'test/payouts.test.ts',
  'test/payout-saga.test.ts',
  'test/risk-rules.test.ts',
  'test/protection.test.ts',
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
