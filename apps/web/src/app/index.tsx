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

// The installable app (issue 22): the service worker is registered once the page has loaded and the main
// thread is idle (module scripts run before the load event), from a chunk of its own that nothing on the
// first screen waits for.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const start = () => import('@/lib/pwa').then((pwa) => pwa.startPwa(i18n));
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void start(), { timeout: 5000 })
      : setTimeout(start, 2000);
  window.addEventListener('load', whenIdle, { once: true });
}
