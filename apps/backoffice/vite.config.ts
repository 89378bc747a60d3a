import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// A relative import: Vite's config loader leaves bare imports to Node, which cannot load the package's .ts sources.
import { BACKOFFICE_BASE_PATH } from '../../packages/contracts/src/paths.ts';

const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * The operators' back office: its own app and bundle, served by the API
 * server under /backoffice/ (nothing of it is loaded by the player app).
 * The dev server forwards the operator API and the images to the API server.
 */
export default defineConfig({
  base: BACKOFFICE_BASE_PATH,
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5174,
    proxy: Object.fromEntries(
      ['/admin', '/images'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
    ),
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Each file in a VM context of its own on a shared worker: as isolated as a thread per file (no state
    // passes between files), without building a new jsdom and import graph per file (issue 23: the
    // player app's tests 72 → 45 busy core-seconds, the back office's 42 → 25). A test file sees the
    // globals jsdom gives a page, not Node's: a test that needs one of Node's imports it.
    pool: 'vmThreads',
    maxWorkers: 2,
    restoreMocks: true,
  },
});
