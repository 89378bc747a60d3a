import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
// Not '@app/contracts/paths': Vite's config loader leaves bare imports to Node, which
// cannot load the package's .ts sources; a relative import is bundled with this file.
import { BACKOFFICE_BASE_PATH, DEMO_PATHS, serverPathPrefixes } from '../../packages/contracts/src/paths.ts';
import { APP_UNIT_TEST_OPTIONS } from '../../packages/web-kit/src/testing/vitest-options.ts';

/**
 * The unit tests run as a phone outside Thailand would (New York): every moment the app shows must still
 * read Bangkok time, so a formatter that took the device's zone fails a test here.
 */
if (process.env.VITEST) process.env.TZ = 'America/New_York';

const apiTarget = process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000';

/** The first segment of a path: '/sandbox-bank/transfer' → '/sandbox-bank'. */
function prefixOf(path: string): string {
  return `/${path.split('/')[1] ?? ''}`;
}

/**
 * Pages the server renders itself (the back office, the API docs, the demo
 * bank): a browser navigation there must reach the server, not this app.
 */
const serverPagePrefixes = new Set([
  prefixOf(BACKOFFICE_BASE_PATH),
  '/docs',
  ...Object.values(DEMO_PATHS).map(prefixOf),
]);

/** Everything the dev server forwards to the API server, by first path segment. */
const proxiedPrefixes = [...new Set([...serverPathPrefixes(), '/images', '/health', ...serverPagePrefixes])];

const serverPageProxy = { target: apiTarget, changeOrigin: true };

/**
 * /login and /register are both API paths (POST) and SPA routes (GET). A page
 * navigation asks for text/html: serve the app; anything else goes to the API.
 */
const apiProxy = {
  ...serverPageProxy,
  bypass(req: { headers: { accept?: string } }) {
    return req.headers.accept?.includes('text/html') ? '/index.html' : undefined;
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // The installable app: our own service worker (src/sw/sw.ts) with the build's files
    // injected as its precache list; the manifests are static files in public/ (English and Thai).
    // Not in the build of the pages drawn at build time (scripts/prerender.ts), which runs in Node.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          // Precached at install: what the offline page needs, the shell's page, icons and manifests (~70 KB).
          // The build's scripts and styles (1.7 MB in six languages) are cached as the app uses them instead:
          // precaching them all right after the first load took the phone's bandwidth from the page itself
          // (Lighthouse mobile on /login fell from 96 to 74).
          globPatterns: [
            'index.html',
            'offline.*',
            'favicon.svg',
            '*.webmanifest',
            'icons/*.png',
            'fonts/offline-*.woff2',
          ],
          maximumFileSizeToCacheInBytes: 1024 * 1024,
        },
        devOptions: { enabled: false },
      }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has the hook the shim stands in for (src/lib/react-sync-external-store.ts says why).
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/react-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, serverPagePrefixes.has(prefix) ? serverPageProxy : apiProxy]),
    ),
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
  },
  test: APP_UNIT_TEST_OPTIONS,
}));
