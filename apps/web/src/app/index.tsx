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

// The installable app (issue 22): the service worker is registered after the page has loaded (module
// scripts run before the load event), from a chunk of its own that nothing on the first screen waits for.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => import('@/lib/pwa').then((pwa) => pwa.startPwa(i18n)), { once: true });
}
