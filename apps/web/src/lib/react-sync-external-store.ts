// What `use-sync-external-store/shim` gives react-i18next, from React itself: React 18 and later have the hook,
// and the shim's fallback for older Reacts (with its CommonJS wrapper, 0.4 KB gzip) would only add to the
// login's first load. vite.config.ts points the shim's import here.
export { useSyncExternalStore } from 'react';
