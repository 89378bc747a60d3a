import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { i18n } from '@/lib/i18n';

export function App() {
  return (
    <BrowserRouter>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}

// The installable app (issue 22): the service worker is registered well after the first screen is usable
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
