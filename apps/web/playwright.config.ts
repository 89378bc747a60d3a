import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, playwrightChromiumFlags } from './e2e/chromium.ts';

/**
 * End-to-end tests against the real server on a fresh embedded database, with
 * the sandbox game provider beside it (`npm start`'s launcher). The server
 * serves the built app (apps/web/dist), so `npm run e2e` builds first.
 * Debian's Chromium is used; no browser is downloaded.
 *
 * The tests act as the bank-statement connector too: they sign bank-feed
 * deliveries with the webhook secret this file gives the server. Workers
 * inherit the runner's environment, so the values set here reach the tests.
 */
process.env.E2E_PORT ??= '3197';
process.env.E2E_BANK_WEBHOOK_SECRET ??= randomBytes(32).toString('hex');
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'siam-play-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = join(import.meta.dirname, '..', '..');

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A journey that fails is run once more, on this machine's two busy cores: one that passes then is
  // reported as flaky by name in the run's output (a failure twice fails the suite).
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 360, height: 740 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: playwrightChromiumFlags() },
    trace: 'off',
    // The service worker is tried by its own spec; elsewhere requests go straight to the page's network.
    serviceWorkers: 'block',
  },
  webServer: {
    // The product as `npm start` runs it (compiled first, so never stale).
    command: 'node scripts/build-server.mjs && node dist/start.js',
    cwd: repoRoot,
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      // No HOST: the browser tests run the demo as `npm start` does, on its default address (127.0.0.1).
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      BANK_WEBHOOK_SECRET: process.env.E2E_BANK_WEBHOOK_SECRET,
      // The journeys register more players from this one address in an hour than the demo's default
      // allows (10); the throttle itself is tested by the server's own tests.
      REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: '40',
      LOG_LEVEL: 'warn',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
