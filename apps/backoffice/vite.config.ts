import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// A relative import: Vite's config loader leaves bare imports to Node, which cannot load the package's .ts sources.
import { BACKOFFICE_BASE_PATH } from '../../packages/contracts/src/paths.ts';
import { APP_UNIT_TEST_OPTIONS } from '../../packages/web-kit/src/testing/vitest-options.ts';

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
  test: APP_UNIT_TEST_OPTIONS,
});
