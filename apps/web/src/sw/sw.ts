/**
 * The service worker of the installable app.
 *
 * - The offline page with its faces, the shell's page, the icons and the
 *   manifests are precached at install (about 70 KB), versioned by their
 *   content and replaced together when a new build is deployed.
 * - The build's scripts and styles (named by their content, never changed),
 *   fonts and images are cached as the app first uses them, and served from
 *   the cache after that (cache first): a phone downloads only the languages
 *   and screens it shows, and not while the first page is still loading.
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
    (url.pathname.startsWith('/assets/') ||
      url.pathname.startsWith('/fonts/') ||
      (request.destination === 'image' && url.pathname.startsWith('/images/'))),
  new CacheFirst({
    cacheName: 'static',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 })],
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
