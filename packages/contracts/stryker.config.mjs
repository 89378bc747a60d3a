// @ts-check
/**
 * Mutation testing of the money units shared by the apps (integer satang
 * inside, baht at the boundary): `npm run test:mutation` at the root runs this
 * config, then apps/server/stryker.config.mjs (see scripts/mutation.ts).
 */
// scripts/mutation.ts sets MUTATION_REPORT_DIR for a run of chosen files.
const REPORTS = process.env.MUTATION_REPORT_DIR ?? '../../reports/mutation/contracts';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { related: true },
  mutate: ['src/money.ts'],
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  incremental: true,
  incrementalFile: `${REPORTS}/incremental.json`,
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: `${REPORTS}/index.html` },
  jsonReporter: { fileName: `${REPORTS}/mutation.json` },
  clearTextReporter: { allowColor: false, reportTests: false, reportMutants: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
};
