import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ADMIN_PATHS, DEMO_PATHS, fillPath, WEBHOOK_PATHS } from '@app/contracts/paths';
import { signedHeaders } from '@app/signing/hmac';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

export const SCREENSHOTS = 'test-results/screenshots';

/** The demo admin's second factor, published in the README for the demo. */
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let adminSession: Promise<string> | undefined;

/** The source given to AxeBuilder when axe-core is already in the page: a statement that does nothing. */
const AXE_ALREADY_IN_THE_PAGE = ';';
/**
 * axe-core's minified build (580 KB), the same release and rules as the 1.3 MB axe.js that AxeBuilder
 * reads by default (resolved from AxeBuilder's own package): a page takes about 0.3 core-seconds to
 * evaluate it against 0.5 (measured in Chromium on a back-office page).
 */
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_MINIFIED = readFileSync(fromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The demo admin signed in through the operator API (the back office's own
 * tests drive its screens), once per test worker. A TOTP code is accepted
 * once: a sign-in that meets the code of the window another spec just used
 * waits for the next window and signs in with that one.
 */
export function adminToken(request: APIRequestContext): Promise<string> {
  adminSession ??= (async () => {
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRET) });
    const signIn = () =>
      request.post(ADMIN_PATHS.login, {
        data: { username: 'demo-admin', password: 'demo-admin-1234', code: totp.generate() },
      });
    let response = await signIn();
    if (response.status() === 401) {
      await new Promise((resolve) => setTimeout(resolve, totp.remaining() + 1000));
      response = await signIn();
    }
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { token: string } }).data.token;
  })();
  return adminSession;
}

let phonesIssued = 0;
const phoneBase = Math.floor(Math.random() * 10_000);
/** A phone number of its own: 09, four digits from the clock, then four that count the run's players. */
export function freshPhone(): string {
  phonesIssued += 1;
  // The last four digits differ for every player a run registers (its bank number ends in them): a bank feed
  // that shows only those (a masked account) fits one player, never two by chance.
  return `09${String(Date.now()).slice(-4)}${String((phoneBase + phonesIssued) % 10_000).padStart(4, '0')}`;
}

/** A reference no earlier run has used (bank references are alphanumeric). */
export function freshReference(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`;
}

/** The sandbox game provider runs on the port after the server's (scripts/start.ts). */
export function sandboxOrigin(): string {
  return `http://localhost:${Number(process.env.E2E_PORT) + 1}`;
}

export type BankTransfer = {
  reference: string;
  fromBankCode: string;
  fromAccountNumber: string;
  toAccountNumber: string;
  amount: number;
};

/** Acts as the bank-statement connector: one signed delivery to the bank-feed webhook. */
export async function deliverBankTransfer(request: APIRequestContext, transfer: BankTransfer) {
  const secret = process.env.E2E_BANK_WEBHOOK_SECRET;
  if (!secret) throw new Error('E2E_BANK_WEBHOOK_SECRET is not set (playwright.config.ts sets it)');
  const body = JSON.stringify({ ...transfer, transferredAt: new Date().toISOString() });
  const { timestamp, signature } = signedHeaders(secret, body);
  const response = await request.post(WEBHOOK_PATHS.bankTransfers, {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signature,
      'idempotency-key': `e2e-${transfer.reference}`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { data: { result: string } };
}

/** A bank slip image for a transfer, drawn by the demo server's sandbox bank (its QR carries the reference). */
export async function slipImage(request: APIRequestContext, reference: string, bank: string, amount: number) {
  const path = fillPath(DEMO_PATHS.sandboxBankSlip, { reference });
  const response = await request.get(`${path}?bank=${bank}&amount=${amount}`);
  expect(response.status()).toBe(200);
  return { name: `slip-${reference}.png`, mimeType: 'image/png', buffer: await response.body() };
}

/**
 * axe-core in the page: no serious or critical violation on what is shown now. In axe's own run of
 * the page (legacy mode): the default mode opens a blank page for every check to merge the results
 * of each frame, a third of the check's time (about 0.3 s on two cores, and the browser suites check
 * about 120 screens), and neither app has a frame.
 *
 * axe-core's source (its minified build) is put into the page once: AxeBuilder evaluates it twice on
 * every check, which was half of a check's time, and a journey's screens are mostly one page that the
 * app changes without loading another. When the page still holds axe from an earlier check, the builder
 * is given an empty source and runs the same axe again; a page that has navigated gets it anew. Only
 * violations are collected (`resultTypes`): axe still runs every rule on every element, and skips
 * building the lists of passes and inapplicable rules that nothing here reads.
 */
export async function expectAccessible(page: Page, screen: string) {
  const injected = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  const results = await new AxeBuilder({ page, axeSource: injected ? AXE_ALREADY_IN_THE_PAGE : AXE_MINIFIED })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(severe, `axe on ${screen}`).toEqual([]);
}

/** Nothing scrolls sideways at 320 px: neither the page nor an open dialog. */
export async function expectNoHorizontalScroll(page: Page, screen: string) {
  const size = page.viewportSize() ?? { width: 360, height: 740 };
  await page.setViewportSize({ width: 320, height: size.height });
  const overflow = await page.evaluate(() => {
    const wide = (element: Element) => element.scrollWidth > element.clientWidth + 1;
    // A visually hidden box (clipped to nothing, with whatever is inside it) cannot scroll; only what a player sees counts.
    const clipped = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
      }
      return false;
    };
    const scrollers = [...document.querySelectorAll('dialog[open] *, main *')].filter(
      (element) =>
        wide(element) &&
        getComputedStyle(element).overflowX !== 'hidden' &&
        element.clientWidth > 0 &&
        !clipped(element),
    );
    return {
      page: document.documentElement.scrollWidth,
      inner: scrollers.map((element) => `${element.tagName.toLowerCase()}.${element.className}`).slice(0, 5),
    };
  });
  expect(overflow.page, `${screen}: page width at 320 px`).toBeLessThanOrEqual(320);
  expect(overflow.inner, `${screen}: elements scrolling sideways at 320 px`).toEqual([]);
  await page.setViewportSize(size);
}

/**
 * Until every font the laid-out words asked for has loaded: a screenshot taken sooner shows boxes where a
 * face of the script (Thai, Lao, Burmese, CJK: split by Unicode range) is still on its way.
 */
/**
 * Waits until React has taken a page drawn at build time over (login, register: scripts/prerender.ts): it marks
 * each element it manages with a property of its own. Before that, the page's buttons answer nothing (a click
 * on the register page's bank list would not open it).
 */
export async function waitForTheApp(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector('#root form');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'));
  });
}

export async function fontsLoaded(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.waitForFunction(() => document.fonts.status === 'loaded');
}

/** A screen as the journey meets it: screenshot (a test artifact), axe, and the 320 px check. */
export async function checkScreen(page: Page, name: string) {
  await fontsLoaded(page);
  // Animations finished: a dialog caught mid fade-in would look half transparent.
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-360x740.png`, animations: 'disabled' });
  await expectAccessible(page, name);
  await expectNoHorizontalScroll(page, name);
}

/** Opens a modal from the wallet panel's menu and waits for it. */
export async function openFromWalletMenu(page: Page, button: string, dialog: string) {
  await page
    .locator('.wallet')
    .getByRole('button', { name: new RegExp(`^${button}`) })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: dialog });
  await expect(modal).toBeVisible();
  return modal;
}

/**
 * The demo operator signs in to the back office through its own screen. A
 * TOTP code is accepted once: when another spec just used this window's
 * code, the sign-in waits for the next window and tries again.
 */
export async function backOfficeSignIn(page: Page, username = 'demo-operator', password = 'demo-operator-1234') {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRET) });
  await page.goto('/backoffice/sign-in');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Authenticator code').fill(totp.generate());
    await page.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = await page
      .getByRole('heading', { name: 'Dashboard' })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
    await page.waitForTimeout(totp.remaining() + 1_000);
  }
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/**
 * The fonts Chromium drew the first element matching `selector` with, and how many glyphs each drew
 * (its own account, CSS.getPlatformFontsForNode): a web font's name, or the system font a fallback took.
 */
export async function fontsDrawing(
  page: Page,
  selector: string,
): Promise<{ familyName: string; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    await cdp.send('CSS.enable');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}
