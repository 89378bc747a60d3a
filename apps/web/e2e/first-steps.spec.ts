import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { PROTECTION_PATHS } from '@app/contracts/protection';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import thProtection from '../src/locales/protection/th';
import th from '../src/locales/th';
import {
  adminToken,
  deliverBankTransfer,
  expectAccessible,
  expectNoHorizontalScroll,
  fontsLoaded,
  freshPhone,
  freshReference,
  SCREENSHOTS,
} from './support';

/**
 * What a new player trips over, as they meet it at 360×740 in English and in
 * Thai: a withdrawal waiting for review says so; a rejected withdrawal's
 * refund reads as a refund; the phone's Back closes a dialog and stays in the
 * app; a deposit limit used up closes the deposit screen before it shows
 * where to pay; a time-out shows on the home screen; and the home page of a
 * new player passes axe (one h1, the banner named by its words) with the
 * member code on one line at 320 px.
 */

const PASSWORD = 'secret-pass-1';

type Player = { phone: string; bankNumber: string; id: string };

async function registerPlayer(request: APIRequestContext, name: string): Promise<Player> {
  const phone = freshPhone();
  const bankNumber = `4${phone.slice(1)}`;
  const letters = phone.slice(-6).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
  const registered = await request.post(API_PATHS.register, {
    data: {
      agentId: 1,
      fullName: `${name} ${letters}`,
      bankCode: 'KBANK',
      bankNumber,
      phoneNumber: phone,
      password: PASSWORD,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const operator = { Authorization: `Bearer ${await adminToken(request)}` };
  const found = await request.get(`${ADMIN_PATHS.players}?q=${phone}`, { headers: operator });
  const id = String(((await found.json()) as { data: { items: { id: number }[] } }).data.items[0]?.id);
  return { phone, bankNumber, id };
}

async function logIn(page: Page, player: Player) {
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(player.phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'My wallet' })).toBeVisible();
}

/** The player's own API calls, with the token the app keeps. */
async function asPlayer(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}` };
}

/**
 * The interface language switched the way the header's picker does. While a
 * modal dialog is open the page under it is inert (no click reaches the
 * picker), so the change is sent to the picker itself.
 */
async function switchLanguage(page: Page, language: 'en' | 'th') {
  await page.evaluate((value) => {
    const select = document.querySelector('header select') as HTMLSelectElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
    setter?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** A screenshot (a test artifact, looked at by people) after the fonts of what is shown have loaded. */
async function shot(page: Page, name: string) {
  await fontsLoaded(page);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-360x740.png`, animations: 'disabled' });
}

test('a withdrawal waiting for review says so; its rejection refunds in one row that says "Refunded"; Back closes a dialog and stays in the app (English and Thai)', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const player = await registerPlayer(request, 'Patient Player');
  const operator = { Authorization: `Bearer ${await adminToken(request)}` };
  const credited = await request.post(fillPath(ADMIN_PATHS.playerCredit, { id: player.id }), {
    headers: operator,
    data: { amount: 1000, reason: 'first steps browser test' },
  });
  expect(credited.status(), await credited.text()).toBe(200);
  await logIn(page, player);

  // A first withdrawal goes to review: the dialog says our team checks it, not that it is on its way.
  await page.getByRole('region', { name: 'My wallet' }).getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await withdraw.getByRole('button', { name: '฿500', exact: true }).click();
  await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Withdrawal in progress' });
  await expect(review).toContainText('Your withdrawal of ฿500.00 is being checked by our team.');
  await expect(review).not.toContainText('on its way');
  await shot(page, 'first-steps-withdraw-review-en');
  await expectAccessible(page, 'withdrawal under review');
  await switchLanguage(page, 'th');
  const reviewTh = page.getByRole('dialog', { name: th.withdraw.inProgressTitle });
  await expect(reviewTh).toContainText('อยู่ระหว่างการตรวจสอบโดยทีมงาน');
  await expect(reviewTh).not.toContainText('กำลังโอนเข้าบัญชีธนาคารของคุณ');
  await shot(page, 'first-steps-withdraw-review-th');
  await reviewTh.getByRole('button', { name: th.common.confirm }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await switchLanguage(page, 'en');

  // An operator rejects it: the money comes back as one row that says it is a refund.
  const queue = await request.get(`${ADMIN_PATHS.withdrawals}?q=${player.phone}`, { headers: operator });
  const items = ((await queue.json()) as { data: { items: { id: number; amount: number }[] } }).data.items;
  const withdrawal = items.find((item) => item.amount === 500);
  const rejected = await request.post(fillPath(ADMIN_PATHS.withdrawalReject, { id: String(withdrawal?.id) }), {
    headers: operator,
    data: { reason: 'Account name does not match' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await page.getByTestId('wallet-refresh').click();
  await expect(page.getByTestId('main-balance')).toHaveText('฿1,000.00');

  // /transactions first, so that the history has a page before home: Back must never land there by mistake.
  await page.goto('/transactions');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('region', { name: 'My wallet' }).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  const refund = history.getByTestId('history-row').first();
  await expect(refund).toContainText('Refund of a rejected withdrawal');
  await expect(refund.getByTestId('history-amount')).toHaveText('+500.00฿');
  await expect(refund.locator('.status-badge')).toHaveText('Refunded');
  await expect(history.getByTestId('history-row').nth(1)).toContainText('Rejected');
  await shot(page, 'first-steps-history-refund-en');
  await expectAccessible(page, 'history with a refund');
  await switchLanguage(page, 'th');
  const refundTh = page.getByRole('dialog', { name: th.modals.history }).getByTestId('history-row').first();
  await expect(refundTh).toContainText(th.history.typeRejectWithdraw);
  await expect(refundTh.locator('.status-badge')).toHaveText(th.history.statusRefunded);
  await expect(refundTh).not.toContainText(th.history.statusApproved);
  await shot(page, 'first-steps-history-refund-th');

  // The phone's Back closes the dialog: the app stays, on the same page.
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: th.wallet.title })).toBeVisible();
  await shot(page, 'first-steps-back-closed-th');
  await switchLanguage(page, 'en');
  await page.getByRole('region', { name: 'My wallet' }).getByRole('button', { name: 'Profile' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await shot(page, 'first-steps-back-closed-en');

  // Closed by its own button, a dialog leaves no step behind: the next Back leaves home for /transactions.
  await page.getByRole('region', { name: 'My wallet' }).getByRole('button', { name: 'History' }).click();
  await page.getByRole('dialog', { name: 'History' }).getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForTimeout(300);
  await page.goBack();
  await expect(page).toHaveURL(/\/transactions$/);
});

test('a new player’s home passes axe with one h1; the member code keeps to one line at 320 px; a used-up deposit limit closes the deposit screen; a time-out shows on home (English and Thai)', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const player = await registerPlayer(request, 'Careful Player');
  await logIn(page, player);

  // A new player's home in English: axe finds nothing serious, the page has its h1, the banner is named by its words.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
  await expect(page.getByTestId('event-banner')).not.toHaveAttribute('aria-label');
  await expectAccessible(page, 'home of a new player (en)');
  await expectNoHorizontalScroll(page, 'home of a new player');
  // The member code on one line at 320 px, in both languages.
  for (const language of ['en', 'th'] as const) {
    await switchLanguage(page, language);
    await page.setViewportSize({ width: 320, height: 740 });
    const code = page.getByTestId('wallet-username');
    const lines = await code.evaluate((element) => {
      const height = element.getBoundingClientRect().height;
      return Math.round(height / Number.parseFloat(getComputedStyle(element).lineHeight));
    });
    expect(lines, `member code lines at 320 px (${language})`).toBe(1);
    expect(await code.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/first-steps-home-${language}-320x740.png` });
    await page.setViewportSize({ width: 360, height: 740 });
  }
  await switchLanguage(page, 'en');

  // A daily deposit limit of 100 baht, used up by a transfer of 100 from the player's own account.
  const headers = await asPlayer(page);
  const limit = await request.put(PROTECTION_PATHS.limits, {
    headers,
    data: { kind: 'DEPOSIT', period: 'DAY', amount: 100 },
  });
  expect(limit.status(), await limit.text()).toBe(200);
  const profile = await request.get(API_PATHS.profile, { headers });
  const house = ((await profile.json()) as { data: { accounts: { bankNumber: string }[] } }).data.accounts[0];
  const delivery = await deliverBankTransfer(request, {
    reference: freshReference('E2ELIMIT'),
    fromBankCode: 'KBANK',
    fromAccountNumber: `xxxxxx${player.bankNumber.slice(-4)}`,
    toAccountNumber: house?.bankNumber ?? '',
    amount: 100,
  });
  expect(delivery.data.result).toBe('credited');

  // The deposit screen says so first, and shows no account to pay into.
  await page.reload();
  await page
    .getByRole('region', { name: 'My wallet' })
    .getByRole('button', { name: /^Deposit/ })
    .click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  const notice = deposit.getByTestId('exclusion-notice');
  await expect(notice).toContainText(
    /^Deposits are closed: you have reached your deposit limit of ฿100\.00 a day\. You can deposit again from \d{1,2} [A-Z][a-z]{2} 20\d\d, 00:00\./,
  );
  await expect(notice).toContainText('A transfer sent before then is held for you, not credited.');
  await expect(deposit.getByText('Transfer to this account')).toHaveCount(0);
  await expect(deposit.getByRole('button', { name: 'Copy account number' })).toHaveCount(0);
  await expect(deposit.getByRole('button', { name: /confirm deposit/i })).toHaveCount(0);
  await shot(page, 'first-steps-deposit-limit-en');
  await expectAccessible(page, 'deposit over the limit');
  await switchLanguage(page, 'th');
  const noticeTh = page.getByRole('dialog', { name: th.modals.deposit }).getByTestId('exclusion-notice');
  await expect(noticeTh).toContainText('ปิดการฝากเงิน: คุณฝากครบวงเงินฝากที่ตั้งไว้ (฿100.00 ต่อวัน) แล้ว');
  await expect(noticeTh).toContainText(/25\d\d 00:00/);
  await shot(page, 'first-steps-deposit-limit-th');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await switchLanguage(page, 'en');

  // A 24-hour time-out: the home screen says so first, with its end, and deposit, play and promotions look closed.
  const timeout = await request.post(PROTECTION_PATHS.exclusion, { headers, data: { kind: 'TIMEOUT', length: '24h' } });
  expect(timeout.status(), await timeout.text()).toBe(200);
  await page.reload();
  const banner = page.getByTestId('exclusion-notice');
  await expect(banner).toContainText(/^You are on a break until \d{1,2} [A-Z][a-z]{2} 20\d\d, \d\d:\d\d\./);
  await expect(banner).toContainText('Deposits, games and promotions are closed.');
  const wallet = page.getByRole('region', { name: 'My wallet' });
  await expect(wallet.getByRole('button', { name: /^Deposit/ })).toContainText('Closed until');
  await expect(wallet.getByRole('button', { name: /^Promotions/ })).toContainText('Closed until');
  const footer = page.getByRole('navigation', { name: 'Main menu' });
  await expect(footer.getByRole('button', { name: 'Play (Closed)' })).toHaveClass(/is-blocked/);
  await shot(page, 'first-steps-home-timeout-en');
  await expectAccessible(page, 'home during a time-out');
  await expectNoHorizontalScroll(page, 'home during a time-out');
  await switchLanguage(page, 'th');
  await expect(banner).toContainText(thProtection.pause.activeTimeout.split('{{')[0] ?? '');
  await expect(page.getByTestId('blocked-label').first()).toContainText(/^ปิดถึง \d{1,2} \S+ 25\d\d \d\d:\d\d$/);
  await shot(page, 'first-steps-home-timeout-th');
  await expectAccessible(page, 'home during a time-out (th)');
  await switchLanguage(page, 'en');
});
