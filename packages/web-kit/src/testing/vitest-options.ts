/**
 * The unit-test options both apps' vite.config.ts use (imported there by a relative path: Vite's
 * config loader leaves bare imports to Node, which cannot load the package's .ts sources).
 *
 * Each file runs in a VM context of its own on a shared worker (`vmThreads`): as isolated as a
 * thread per file (no state passes between files), without building a new jsdom and import graph
 * per file (the player app's tests 72 → 45 busy core-seconds, the back office's 42 → 25).
 * A test file sees the globals jsdom gives a page, not Node's: a test that needs one of Node's
 * imports it.
 *
 * A test may take 30 s and a query that waits (dom-setup.ts) 15 s: limits for a stuck test, not speed targets.
 * `npm test` runs these files beside the server's three test processes on two cores; there a test of 1 s alone
 * passed Vitest's default 5 s, and a modal's first lazy chunk Testing Library's 5 s wait
 * (2 of 376 tests in one of six runs so, and one CI run stopped by it).
 */
export const APP_UNIT_TEST_OPTIONS: {
  environment: 'jsdom';
  setupFiles: string[];
  include: string[];
  pool: 'vmThreads';
  maxWorkers: number;
  restoreMocks: boolean;
  testTimeout: number;
} = {
  environment: 'jsdom',
  setupFiles: ['./src/testing/setup-tests.ts'],
  include: ['src/**/*.test.{ts,tsx}'],
  pool: 'vmThreads',
  maxWorkers: 2,
  restoreMocks: true,
  testTimeout: 30_000,
};
