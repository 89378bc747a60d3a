import { API_PATHS } from '@app/contracts/paths';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectAccessible } from '../../web/e2e/support.ts';

export { deliverBankTransfer, freshPhone, freshReference, slipImage } from '../../web/e2e/support.ts';

export const SCREENSHOTS = 'test-results/screenshots';
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * The demo operator's code, as an authenticator app would show it. The server
 * takes each 30-second step once per operator and accepts one step of drift,
 * so `stepsAhead` 1 gives a second sign-in within the same step.
 */
export function totpCode(stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRET) });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/**
 * Signs a demo operator in through the sign-in screen and waits for the
 * dashboard. The server takes each 30-second code once per operator, and the
 * specs sign the same demo operators in one after the other: when the code was
 * just used, the sign-in waits for the next step's code and tries again.
 */
export async function signIn(page: Page, username: 'demo-admin' | 'demo-operator', stepsAhead = 0) {
  for (let attempt = 0; ; attempt += 1) {
    await page.goto('/backoffice/sign-in');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(`${username}-1234`);
    await page.getByLabel('Authenticator code').fill(totpCode(attempt === 0 ? stepsAhead : 0));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dashboard = page.getByRole('heading', { name: 'Dashboard' });
    const signedIn = await dashboard
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn || attempt === 2) {
      await expect(dashboard).toBeVisible();
      return;
    }
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
  }
}

/** A new browser context with its own operator signed in (a second operator at another desk). */
export async function secondOperator(browser: Browser, baseURL: string, username: 'demo-admin' | 'demo-operator') {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, username);
  return { context, page };
}

export type TestPlayer = { phone: string; bankNumber: string; token: string; id?: number };

/** Registers a player through the player API and signs them in (their token drives the player API). */
export async function registerPlayer(request: APIRequestContext, phone: string, fullName: string): Promise<TestPlayer> {
  const bankNumber = `3${phone.slice(-9)}`;
  const registered = await request.post(API_PATHS.register, {
    data: { agentId: 1, fullName, bankCode: 'KBANK', bankNumber, phoneNumber: phone, password: 'secret-pass-1' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const login = await request.post(API_PATHS.login, { data: { username: phone, password: 'secret-pass-1' } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { phone, bankNumber, token };
}

/** What the player API says now: main balance and the newest history entries. */
export async function playerView(request: APIRequestContext, player: TestPlayer) {
  const headers = { Authorization: `Bearer ${player.token}` };
  const balance = (await (await request.get(API_PATHS.balance, { headers })).json()) as { main: { balance: number } };
  const history = (await (await request.get(`${API_PATHS.history}?page=1&limit=20`, { headers })).json()) as {
    data: { history: { type: string; status: string; amount: number }[] };
  };
  return { balance: balance.main.balance, history: history.data.history };
}

/**
 * A screen as the operator meets it, at 1280×800 and at 390×844: screenshots
 * (test artifacts), axe at both sizes, and nothing scrolling sideways on the phone.
 */
export async function checkScreen(page: Page, name: string) {
  const language = (await page.evaluate(() => document.documentElement.lang)) || 'en';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-${language}-1280x800.png`, animations: 'disabled' });
  await expectAccessible(page, `${name} (${language}, 1280×800)`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-${language}-390x844.png`, animations: 'disabled' });
  await expectAccessible(page, `${name} (${language}, 390×844)`);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name}: width at 390 px`,
  ).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}
