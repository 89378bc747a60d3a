import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import thNotifications from '../src/locales/notifications/th';
import { CHROMIUM_PATH, playwrightChromiumFlags } from './chromium';
import { checkScreen, expectAccessible, expectNoHorizontalScroll, SCREENSHOTS } from './support';

/**
 * The installable app and the player's outside channels, at 360×740:
 * the service worker installs; Chromium finds the app installable (manifest,
 * icons, service worker) with its English name, and its Thai name once Thai
 * is chosen; nothing from the API is ever in its caches; offline, a page
 * says so in the player's language (Thai and English here); the player links
 * LINE with a one-time code sent from the LINE sandbox, and the official
 * account's answer arrives there.
 */

// A browser profile of its own, as a player's phone has: Chromium does not offer to install an app from an
// incognito context (Playwright's usual kind), and the other specs block service workers (playwright.config.ts).
let context: BrowserContext;
let page: Page;
let profileDir = '';
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  profileDir = mkdtempSync(join(tmpdir(), 'siam-play-pwa-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: playwrightChromiumFlags(),
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'allow',
  });
  page = context.pages()[0] ?? (await context.newPage());
});
test.afterAll(async () => {
  await context.close();
  rmSync(profileDir, { recursive: true, force: true });
});

async function logIn(page: Page) {
  await page.goto('/login');
  // The profile keeps the session of a test before: the app then leaves /login for home.
  if (await page.evaluate(() => localStorage.getItem('token') !== null)) {
    await page.goto('/');
  } else {
    await page.getByLabel('Phone number').fill('0812345678');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('wallet-username')).not.toHaveText('Guest');
}

/** Waits until the service worker is installed (its precache filled) and active. */
async function serviceWorkerActive(page: Page) {
  return page.evaluate(async () => {
    // Registered SERVICE_WORKER_DELAY_MS after the page loads (src/main.tsx); ready once it is active,
    // which may still be 'activating' for a moment.
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        });
      });
    }
    return { state: registration.active?.state, scope: new URL(registration.scope).pathname };
  });
}

/** Chromium's own installability verdict and the manifest it parsed. */
async function installability(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  await cdp.detach();
  return {
    errors: installabilityErrors.map((error) => error.errorId),
    manifestErrors: manifest.errors,
    manifestUrl: new URL(manifest.url).pathname,
    manifest: JSON.parse(manifest.data ?? '{}') as { name?: string; short_name?: string; lang?: string },
  };
}

/** Every URL in the service worker's caches (path only). */
function cachedPaths(page: Page) {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

test('installable: Chromium finds no installability error, in English and Thai; the API is never cached', async () => {
  await logIn(page);
  expect(await serviceWorkerActive(page)).toEqual({ state: 'activated', scope: '/' });
  // Controlled from the next page load on: the app's own requests then pass the worker.
  await page.reload();
  await expect(page.getByTestId('wallet-username')).not.toHaveText('Guest');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const english = await installability(page);
  expect(english.errors).toEqual([]);
  expect(english.manifestErrors).toEqual([]);
  expect(english.manifestUrl).toBe('/manifest.en.webmanifest');
  expect(english.manifest).toMatchObject({ name: 'SIAM PLAY', short_name: 'SIAM PLAY', lang: 'en' });

  await page.getByRole('combobox').first().selectOption('th');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.th.webmanifest');
  const thai = await installability(page);
  expect(thai.errors).toEqual([]);
  expect(thai.manifest).toMatchObject({ name: 'สยามเพลย์ SIAM PLAY', short_name: 'สยามเพลย์', lang: 'th' });

  // The player's balance, history and notifications were read; none of it is in a cache.
  const cached = await cachedPaths(page);
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/offline.html', '/icons/icon-192.png']));
  expect(cached.filter((path) => path.startsWith('/api') || path.startsWith('/admin') || path === '/login')).toEqual(
    [],
  );
  await page.getByRole('combobox').first().selectOption('en');
});

test('offline: the offline page in the player’s language (Thai, then English), and back online with one tap', async () => {
  await logIn(page);
  await serviceWorkerActive(page);
  await page.getByRole('combobox').first().selectOption('th');
  await context.setOffline(true);
  await page.goto('/transactions');
  await expect(page.getByTestId('offline-title')).toHaveText('ไม่ได้เชื่อมต่ออินเทอร์เน็ต');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path: `${SCREENSHOTS}/offline-th-360x740.png` });
  await expectAccessible(page, 'offline (th)');
  await expectNoHorizontalScroll(page, 'offline (th)');

  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByTestId('offline-title')).toHaveText('You are offline');
  await checkScreen(page, 'offline-en');

  // The other four languages, drawn from the faces precached with the page.
  for (const [language, title] of [
    ['ls', 'ທ່ານອອບລາຍຢູ່'],
    ['mm', 'အင်တာနက် မရှိပါ'],
    ['cn', '您已离线'],
    ['ko', '오프라인 상태입니다'],
  ] as const) {
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    await page.reload();
    await expect(page.getByTestId('offline-title')).toHaveText(title);
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.screenshot({ path: `${SCREENSHOTS}/offline-${language}-360x740.png` });
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByTestId('offline-title')).toHaveText('You are offline');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Transaction history' })).toBeVisible();
});

test('LINE: a one-time code sent from the LINE sandbox links the player; the official account answers there', async () => {
  await logIn(page);
  const bell = page.getByTestId('notification-bell');
  await bell.click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  const line = centre.getByTestId('line-channel');
  // A run before may have linked the demo player: start unlinked.
  const unlink = line.getByRole('button', { name: 'Unlink LINE' });
  if (await unlink.isVisible()) await unlink.click();
  await line.getByRole('button', { name: 'Link LINE' }).click();
  const code = (await line.getByTestId('line-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  await page.waitForTimeout(400);
  await checkScreen(page, 'line-code');

  const sandbox = await context.newPage();
  await sandbox.goto('/sandbox-line');
  await sandbox.getByRole('textbox', { name: 'Message' }).fill(code);
  await sandbox.getByRole('button', { name: /^Send to / }).click();
  await expect(sandbox.getByText(`"${code}" delivered.`)).toBeVisible();
  // The answer goes out through the outbox (a worker, every second).
  await expect
    .poll(
      async () => {
        await sandbox.reload();
        return (await sandbox.getByTestId('line-message').allTextContents()).join('\n');
      },
      { timeout: 15_000 },
    )
    .toContain('Linked. You will get your deposits, withdrawals and promotions here.');
  await sandbox.screenshot({ path: `${SCREENSHOTS}/line-sandbox-360x740.png` });
  await sandbox.close();

  await expect(line).toContainText('is linked', { timeout: 10_000 });
  await checkScreen(page, 'line-linked');

  // The same section in Thai.
  await page.keyboard.press('Escape');
  await page.getByRole('combobox').first().selectOption('th');
  await bell.click();
  const thaiCentre = page.getByRole('dialog', { name: thNotifications.title });
  await expect(thaiCentre.getByTestId('line-channel')).toContainText(thNotifications.line.linked);
  await page.waitForTimeout(400);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path: `${SCREENSHOTS}/line-linked-th-360x740.png`, animations: 'disabled' });
  await expectAccessible(page, 'line linked (th)');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox').first().selectOption('en');
});
