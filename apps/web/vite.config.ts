import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * /login and /register are both API paths (POST) and SPA routes (GET). A page
 * navigation asks for text/html: serve the app; anything else goes to the API.
 */
const apiProxy = {
  target: apiTarget,
  changeOrigin: true,
  bypass(req: { headers: { accept?: string } }) {
    return req.headers.accept?.includes('text/html') ? '/index.html' : undefined;
  },
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiProxy,
      '/login': apiProxy,
      '/logout': apiProxy,
      '/register': apiProxy,
      '/setting': apiProxy,
      '/images': apiProxy,
      '/health': apiProxy,
    },
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
    pool: 'threads',
    maxWorkers: 2,
    restoreMocks: true,
  },
});
