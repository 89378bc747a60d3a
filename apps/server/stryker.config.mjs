// @ts-check
/**
 * Mutation testing of the server's money code: `npm run test:mutation` at the
 * root runs this config once per group of money files (GROUPS in
 * scripts/mutation.ts), each with `--mutate` set to the group's files and
 * MUTATION_TEST_FILES to its tests (see docs/reliability.md). Run directly
 * (`npx stryker run` here), it mutates every file of MUTATE against every
 * file of MONEY_TEST_FILES in vitest.mutation.config.ts: slow, since a
 * surviving mutant of the ledger then runs most of the server's tests. To add
 * a money file, list it here and in a group of scripts/mutation.ts.
 */
const MUTATE = [
  // The assertions every money file guards its invariants with.
  'src/lib/assert.ts',
  'src/modules/ledger/ledger.service.ts',
  'src/modules/ledger/ledger-check.ts',
  'src/modules/ledger/ledger.repository.ts',
  'src/modules/idempotency/idempotency.service.ts',
  'src/modules/wallet/wallet.service.ts',
  'src/modules/wallet/manual-adjustment.ts',
  'src/modules/audit/audit.service.ts',
  // The money services built on them.
  'src/modules/withdrawals/withdrawal.service.ts',
  'src/modules/withdrawals/withdrawal.repository.ts',
  'src/modules/decisions/decision.service.ts',
  'src/lib/sql-refusal.ts',
  'src/modules/deposits/bank-feed.service.ts',
  'src/modules/deposits/slip-deposit.service.ts',
  'src/modules/deposits/deposit-credit.ts',
  'src/modules/games/transfer.service.ts',
  'src/modules/games/reconciler.ts',
  'src/modules/games/seamless.service.ts',
  // Payouts and risk rules.
  'src/modules/payouts/risk.ts',
  'src/modules/payouts/payout.service.ts',
  'src/modules/payouts/payout-reports.ts',
  // Loyalty and promotions.
  'src/modules/loyalty/bonus-money.ts',
  'src/modules/loyalty/loyalty-settings.ts',
  'src/modules/loyalty/points.ts',
  'src/modules/loyalty/promotions.ts',
  'src/modules/loyalty/rewards.ts',
  'src/modules/loyalty/turnover.ts',
];

// scripts/mutation.ts sets MUTATION_REPORT_DIR for a run of chosen files.
const REPORTS = process.env.MUTATION_REPORT_DIR ?? '../../reports/mutation/server';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // An assertion's words are left unmutated (stryker-ignorers.mjs), so a guard needs no `Stryker disable`.
  plugins: ['@stryker-mutator/vitest-runner', './stryker-ignorers.mjs'],
  ignorers: ['assertion-words'],
  // The money tests only (PGlite, no PostgreSQL project); every listed file runs in the dry run.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: MUTATE,
  // Each mutant runs only the tests that executed its code in the dry run.
  coverageAnalysis: 'perTest',
  // Two cores, shared: STRYKER_CONCURRENCY=1 to leave one free.
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  // Reuse the results of unchanged code and tests from the last run (the file stays out of git, in reports/).
  incremental: true,
  incrementalFile: `${REPORTS}/incremental.json`,
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: `${REPORTS}/index.html` },
  jsonReporter: { fileName: `${REPORTS}/mutation.json` },
  clearTextReporter: { allowColor: false, reportTests: false, reportMutants: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  // A mutant run may start a fresh worker, hence a fresh PGlite database and its migrations (a few seconds).
  timeoutMS: 30_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 15,
  ignorePatterns: ['data', 'coverage', 'bench', 'test-results'],
  // Stryker rewrites the sandbox's tsconfig.json with TypeScript's JavaScript API, which TypeScript 7
  // (the native compiler) no longer has: no file is named, so none is rewritten. Instead the sandboxes
  // sit two folders below the repository's root, as apps/server does, so the tsconfig's
  // `extends: ../../tsconfig.base.json` still finds the base.
  tsconfigFile: 'no-tsconfig-rewrite.json',
  tempDirName: '../../.stryker-tmp',
};
