/**
 * The service worker of the installable app (issue 22).
 *
 * - The app shell and its static files (the build's HTML, scripts, styles,
 *   icons, manifests and the offline page) are precached at install and
 *   served from the cache: versioned by their content, replaced together
 *   when a new build is deployed.
 * - Fonts and images are cached as they are first used (cache first).
 * - Pages come from the network; without one, the offline page answers.
 * - API answers, tokens and balances are never cached: requests under the
 *   API's paths are not handled here at all, and nothing but GETs of the
 *   files above is ever stored.
 * - A new version waits until the player accepts the app's update prompt
 *   (a SKIP_WAITING message), so a page never runs with half its files new.
 * - Web Push: a push shows its notification; tapping it opens the app.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths the server answers itself with pages of its own (not the app): left to the browser. */
const SERVER_PAGES = [/^\/backoffice(\/|$)/, /^\/docs(\/|$)/, /^\/sandbox-/];

registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: SERVER_PAGES }));

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    (request.destination === 'font' || (request.destination === 'image' && url.pathname.startsWith('/images/'))),
  new CacheFirst({
    cacheName: 'static-media',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

type PushPayload = { title?: string; body?: string; tag?: string; url?: string };

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() as PushPayload | undefined) ?? {};
  } catch {
    payload = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(payload.title ?? 'SIAM PLAY', {
      body: payload.body ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      ...(payload.tag ? { tag: payload.tag } : {}),
      data: { url: payload.url ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | undefined)?.url ?? '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
