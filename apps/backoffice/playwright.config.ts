import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, playwrightChromiumFlags } from '../web/e2e/chromium.ts';

/**
 * The back office in Debian's Chromium against the real server on a fresh
 * embedded database in demo mode (the demo operators exist), with the sandbox
 * provider beside it (`npm start`'s launcher). The server serves the built
 * back office (apps/backoffice/dist), so `npm run e2e` builds first. The tests
 * act as the bank-statement connector with the webhook secret given here, and
 * as players through the player API.
 */
process.env.E2E_PORT ??= '3297'; // not the web suite's 3197 or its sandbox provider's 3198, so that the two suites can run at once
process.env.E2E_BANK_WEBHOOK_SECRET ??= randomBytes(32).toString('hex');
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'siam-play-backoffice-e2e-'));
const port = Number(process.env.E2E_PORT);
const repoRoot = join(import.meta.dirname, '..', '..');

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A journey that fails is run once more, on this machine's two busy cores: one that passes then is
  // reported as flaky by name in the run's output (a failure twice fails the suite).
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: playwrightChromiumFlags() },
    trace: 'off',
  },
  webServer: {
    // The product as `npm start` runs it (compiled first, so never stale).
    command: 'node scripts/build-server.mjs && node dist/start.js',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      BANK_WEBHOOK_SECRET: process.env.E2E_BANK_WEBHOOK_SECRET,
      LOG_LEVEL: 'warn',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
