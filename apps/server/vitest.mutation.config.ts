import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against the mutated money code (npm run test:mutation,
 * see stryker.config.mjs), on the embedded database only: the test files of
 * one group of money files (MUTATION_TEST_FILES, set by scripts/mutation.ts),
 * or all of them below. Every listed file runs in the dry run, and then, per
 * mutant, only the tests that covered it.
 */
export const MONEY_TEST_FILES = [
  'test/ledger/ledger.test.ts',
  'test/ledger/ledger-rules.test.ts',
  'test/ledger/ledger-check-invariants.test.ts',
  'test/deposits/house-accounts.test.ts',
  'test/ledger/money-properties.test.ts',
  'test/audit/audit.test.ts',
  'test/audit/audit-wallet-rules.test.ts',
  'test/admin/admin-players-settings.test.ts',
  'test/wallet/operator-adjust.test.ts',
  'test/wallet/credit-requests.test.ts',
  'test/withdrawals/withdrawals.test.ts',
  'test/withdrawals/withdrawal-rules.test.ts',
  'test/withdrawals/withdrawal-decisions.test.ts',
  'test/db/sql-rules.test.ts',
  'test/db/sql-refusal.test.ts',
  'test/deposits/bank-feed.test.ts',
  'test/deposits/slip-deposits.test.ts',
  'test/deposits/deposit-rules.test.ts',
  'test/games/transfers.test.ts',
  'test/games/games.test.ts',
  'test/games/seamless.test.ts',
  'test/games/games-rules.test.ts',
  'test/loyalty/loyalty-rules.test.ts',
  'test/loyalty/loyalty-units.test.ts',
  'test/payouts/payouts.test.ts',
  'test/payouts/payout-saga.test.ts',
  'test/payouts/risk-rules.test.ts',
  'test/protection/protection.test.ts',
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
