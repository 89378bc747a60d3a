import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type en from '../src/locales/en';
import thProtection from '../src/locales/protection/th';
import th from '../src/locales/th';
import {
  adminToken,
  checkScreen,
  expectAccessible,
  freshPhone,
  openFromWalletMenu,
  SCREENSHOTS,
  sandboxOrigin,
} from './support';

/**
 * Player protection, at 360×740: a player sets a daily deposit
 * limit and is refused a deposit over it on the deposit screen; excludes
 * themselves for 6 months and then sees every blocked action explained
 * (deposit, games, promotions) while a withdrawal still goes through; the
 * operator's approval of the withdrawal reaches the open app live (the
 * bell); the activity statement lists the month. English and Thai, axe on every screen,
 * nothing scrolls sideways at 320 px.
 */

const PASSWORD = 'secret-pass-1';
type Locale = typeof en;

async function openPlaySafe(page: Page, locale: { profile: string; link: string; title: string }) {
  const profile = await openFromWalletMenu(page, locale.profile, locale.profile);
  await expect(profile.getByRole('button', { name: locale.link })).toBeVisible();
  if (locale === EN && !profileShot) {
    profileShot = true;
    await checkScreen(page, 'protection-profile-link');
  }
  await profile.getByRole('button', { name: locale.link }).click();
  const modal = page.getByRole('dialog', { name: locale.title });
  await expect(modal.getByRole('tablist')).toBeVisible();
  await expect(modal.getByRole('tabpanel').locator('section').first()).toBeVisible();
  // Its fade-in finished: axe measures contrast on what is drawn.
  await page.waitForTimeout(400);
  return modal;
}

let profileShot = false;
const EN = { profile: 'Profile', link: 'Play safe: limits and breaks', title: 'Play safe' };
const TH = { profile: th.modals.profile, link: th.profile.playSafe, title: th.modals.protection };

/** The same screen in Thai: the language switched from the header, opened again, saved, axe; then back to English. */
async function alsoInThai(page: Page, name: string, open: (locale: Locale) => Promise<Locator>) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('combobox').first().selectOption('th');
  const modal = await open(th);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-th-360x740.png`, animations: 'disabled' });
  await expectAccessible(page, `${name} (th)`);
  await modal.getByRole('button', { name: th.common.close }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('combobox').first().selectOption('en');
}

test('a deposit limit refuses a deposit over it; a 6-month self-exclusion closes deposits, games and promotions, explained, while a withdrawal still works; the operator’s approval reaches the open app live', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await expect.poll(async () => (await request.get(`${sandboxOrigin()}/health`)).status()).toBe(200);
  const operator = { Authorization: `Bearer ${await adminToken(request)}` };
  const phone = freshPhone();
  const tag = phone.slice(-6);

  // A promotion for this run, and a player with 1,000 baht from an operator's credit.
  const promotionTitle = `Weekend bonus ${tag}`;
  const created = await request.post(ADMIN_PATHS.promotions, {
    headers: operator,
    data: {
      kind: 'EVERY_DEPOSIT',
      percent: 10,
      texts: { en: { title: promotionTitle, terms: 'Any deposit.' }, th: { title: `โบนัส ${tag}`, terms: 'ทุกยอดฝาก' } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const letters = tag.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
  const registered = await request.post(API_PATHS.register, {
    data: {
      agentId: 1,
      fullName: `Careful Player ${letters}`,
      bankCode: 'KBANK',
      bankNumber: `3${phone.slice(1)}`,
      phoneNumber: phone,
      password: PASSWORD,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const found = await request.get(`${ADMIN_PATHS.players}?q=${phone}`, { headers: operator });
  const playerId = String(((await found.json()) as { data: { items: { id: number }[] } }).data.items[0]?.id);
  const credited = await request.post(fillPath(ADMIN_PATHS.playerCredit, { id: playerId }), {
    headers: operator,
    data: { amount: 1000, reason: 'protection browser test' },
  });
  expect(credited.status(), await credited.text()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Play safe, from the profile: a daily deposit limit of 500 baht, in force at once.
  const playSafe = await openPlaySafe(page, EN);
  await checkScreen(page, 'protection-limits');
  const depositLimit = playSafe.getByRole('region', { name: 'Deposit limit' });
  await depositLimit.getByLabel('Limit in baht').fill('500');
  await depositLimit.getByRole('button', { name: 'Save limit' }).click();
  await expect(depositLimit.getByRole('status')).toHaveText('Your new limit applies now.');
  await expect(depositLimit.getByTestId('limit-DEPOSIT-DAY')).toContainText('Per day ฿500.00 · ฿500.00 left');
  await checkScreen(page, 'protection-limit-set');
  await alsoInThai(page, 'protection-limits', () => openPlaySafe(page, TH));

  // A deposit of 800 baht is refused on the deposit screen, with what is left and until when.
  const deposit = await openFromWalletMenu(page, 'Deposit', 'Deposit');
  await deposit.getByLabel(/Amount for the QR/i).fill('800');
  await expect(deposit.getByRole('alert')).not.toContainText('could not be loaded');
  await expect(deposit.getByRole('alert')).toContainText(
    /This deposit would go over your deposit limit\. You can deposit up to 500 baht more until \d{1,2} [A-Z][a-z]{2} \d{4}, 00:00\./,
  );
  await checkScreen(page, 'protection-deposit-refused');
  await page.keyboard.press('Escape');

  // A 6-month self-exclusion: confirmed, started, said plainly.
  const again = await openPlaySafe(page, EN);
  await again.getByRole('tab', { name: 'Take a break' }).click();
  const self = again.getByRole('region', { name: 'Self-exclusion' });
  await expect(self.getByRole('button', { name: 'Start now' })).toBeDisabled();
  await self.getByRole('checkbox').check();
  await self.getByRole('button', { name: 'Start now' }).click();
  await expect(self.getByRole('status')).toContainText(/closed for you until \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(again.getByTestId('exclusion-notice')).toContainText('You have excluded yourself until');
  await checkScreen(page, 'protection-self-excluded');
  await alsoInThai(page, 'protection-self-excluded', async () => {
    const modal = await openPlaySafe(page, TH);
    await modal.getByRole('tab', { name: thProtection.tabs.pause }).click();
    await expect(modal.getByTestId('exclusion-notice')).toBeVisible();
    return modal;
  });

  // Every blocked action says why. Deposits: the screen is closed, with the date.
  const closed = await openFromWalletMenu(page, 'Deposit', 'Deposit');
  await expect(closed.getByTestId('exclusion-notice')).toContainText(
    /Deposits are closed: you have excluded yourself until .*You can still withdraw your money\./,
  );
  await expect(closed.getByText('Transfer to this account')).toHaveCount(0);
  await checkScreen(page, 'protection-deposit-closed');
  await alsoInThai(page, 'protection-deposit-closed', async (l) => {
    const modal = await openFromWalletMenu(page, l.footer.deposit, l.modals.deposit);
    await expect(modal.getByTestId('exclusion-notice')).toContainText(thProtection.blocked.withdrawStill);
    return modal;
  });

  // Promotions: claiming is refused with the reason.
  const promotions = await openFromWalletMenu(page, 'Promotions', 'Promotions');
  await promotions.getByRole('button', { name: `Claim: ${promotionTitle}` }).click();
  await expect(promotions.getByRole('alert')).toContainText(
    /You have excluded yourself until .* cannot deposit, play or claim promotions\./,
  );
  await checkScreen(page, 'protection-claim-refused');
  await page.keyboard.press('Escape');

  // Games: the launch screen says why, with no retry.
  await page.goto('/launch-game');
  await expect(page.getByRole('alert')).toContainText(/You have excluded yourself until/);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await checkScreen(page, 'protection-launch-refused');
  await page.getByRole('link', { name: 'Back to home' }).click();

  // A withdrawal still works.
  const withdraw = await openFromWalletMenu(page, 'Withdraw', 'Withdraw');
  await withdraw.getByRole('button', { name: '฿500', exact: true }).click();
  await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /Withdrawal (approved|in progress)/ })).toBeVisible();
  await checkScreen(page, 'protection-withdraw-allowed');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // A first withdrawal goes to review; the operator approves it, and the open app is told at once.
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  const queue = await request.get(`${ADMIN_PATHS.withdrawals}?q=${phone}`, { headers: operator });
  const waiting = ((await queue.json()) as { data: { items: { id: number; amount: number }[] } }).data.items;
  const withdrawal = waiting.find((item) => item.amount === 500);
  expect(withdrawal).toBeDefined();
  const approved = await request.post(fillPath(ADMIN_PATHS.withdrawalApprove, { id: String(withdrawal?.id) }), {
    headers: operator,
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await expect(bell).toHaveAccessibleName(/^Notifications, [12] unread$/);
  await bell.click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  await expect(centre.getByTestId('notification').first()).toContainText(
    /Your withdrawal of ฿500\.00 (is approved|has been paid to your bank)/,
  );
  await checkScreen(page, 'notifications-centre');
  await alsoInThai(page, 'notifications-centre', async (l) => {
    await page.getByTestId('notification-bell').click();
    const modal = page.getByRole('dialog', { name: l.modals.notifications });
    await expect(modal.getByTestId('notification').first()).toBeVisible();
    return modal;
  });

  // The activity statement lists this month.
  const activity = await openPlaySafe(page, EN);
  await activity.getByRole('tab', { name: 'Activity' }).click();
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);
  await expect(activity.getByTestId(`statement-${month}`)).toContainText('Withdrawals฿500.00');
  await expect(activity.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await checkScreen(page, 'protection-statement');
});
