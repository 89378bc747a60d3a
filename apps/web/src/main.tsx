import '@/styles/tokens.css';
import '@/styles/fonts.css';
import '@/styles/base.css';
import '@/styles/buttons.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/index';
import { i18n, initI18n } from '@/lib/i18n';
import { PRERENDERED_ATTRIBUTE } from '@/lib/prerendered';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

initI18n().finally(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A transition lets React render the first screen in slices of a few milliseconds, so that a
  // slow phone stays responsive (no long task) while the app starts; a hydration in a transition is sliced alike.
  startTransition(() => {
    // The login and register pages come drawn at build time in the language the server judged the player's
    // (scripts/prerender.ts): React takes over that markup as it is, unless the player's language turned out
    // another, which it then draws afresh (as it draws every other page over the boot screen).
    if (root.getAttribute(PRERENDERED_ATTRIBUTE) === i18n.language) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});

// The installable app: the service worker is registered well after the first screen is usable
// (SERVICE_WORKER_DELAY_MS after the load event, then when the main thread is idle), from a chunk of its own
// that nothing on the first screen waits for: its script, its install and its 68 KB of precache would
// otherwise compete with the first screen for a slow phone's bandwidth and CPU.
const SERVICE_WORKER_DELAY_MS = 10_000;
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const start = () => import('@/lib/pwa').then((pwa) => pwa.startPwa(i18n));
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void start(), { timeout: 5000 })
      : setTimeout(start, 2000);
  window.addEventListener('load', () => setTimeout(whenIdle, SERVICE_WORKER_DELAY_MS), { once: true });
}
