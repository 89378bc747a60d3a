import { LANGUAGE_COOKIE } from '@app/contracts/languages';
import { expect, type Page, test } from '@playwright/test';
import { waitForTheApp } from './support';

/**
 * The login and register pages arrive drawn (scripts/prerender.ts): a phone paints the form from the page
 * itself, in the player's language, before any script has run, and the app then takes that markup over
 * (hydrates it) rather than drawing it again.
 */

/** Counts the elements removed from #root from the page's first byte on (a page drawn again loses them all). */
async function countRemovedElements(page: Page) {
  await page.addInitScript(() => {
    const counter = window as unknown as { removedFromRoot: number };
    counter.removedFromRoot = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        const inRoot = (record.target as Element).closest?.('#root') ?? (record.target as Element).id === 'root';
        for (const node of record.removedNodes)
          if (inRoot && node.nodeType === Node.ELEMENT_NODE) counter.removedFromRoot += 1;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot);
}

/** The password field's show/hide button works: it answers only once the app runs the page. */
async function passwordToggleWorks(page: Page, labels = { show: 'Show password', hide: 'Hide password' }) {
  await page.getByRole('button', { name: labels.show }).click();
  await expect(page.getByRole('button', { name: labels.hide })).toBeVisible();
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the login and register pages are drawn and styled by the page itself', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeVisible();
    // The register screen's own style sheets are linked from its page: its card is drawn as a card.
    const card = page.locator('.register-card');
    await expect(card).toHaveCSS('border-top-style', 'solid');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  test.describe('a browser in Thai', () => {
    test.use({ locale: 'th-TH' });

    test('gets the pages in Thai', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
      await page.goto('/register');
      await expect(page.getByRole('heading', { name: 'สมัครสมาชิก' })).toBeVisible();
    });
  });
});

test('the app takes the drawn login and register pages over without drawing them again, and works', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const removed = await countRemovedElements(page);
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await waitForTheApp(page);
    expect(await removed(), path).toBe(0);
    await passwordToggleWorks(page);
  }
  expect(problems).toEqual([]);
});

test('the language the player picks is the language of the next pages the server draws', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('ko');
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value).toBe('ko');
  // Asked with the browser's cookies and its English Accept-Language: the player's choice wins.
  const drawn = await (await page.request.get('/register')).text();
  expect(drawn).toContain('lang="ko"');
  // A reload draws the Korean page and the app takes it over as it is.
  const removed = await countRemovedElements(page);
  await page.reload();
  expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('ko');
  await waitForTheApp(page);
  expect(await removed()).toBe(0);
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
  await expect(page.getByLabel('언어')).toHaveValue('ko');
  await passwordToggleWorks(page, { show: '비밀번호 보기', hide: '비밀번호 숨기기' });
});
