import { ADMIN_PATHS, API_PATHS, DEMO_PATHS, fillPath } from '@app/contracts/paths';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import th from '../src/locales/th';
import {
  adminToken,
  backOfficeSignIn,
  checkScreen,
  expectAccessible,
  freshPhone,
  openFromWalletMenu,
  SCREENSHOTS,
  sandboxOrigin,
} from './support';

/**
 * Withdrawals paid through the bank connector. A player with a
 * paid withdrawal on record withdraws 500 baht and sees it approved and paid
 * automatically (the history shows the bank's reference); withdraws 20,000
 * and sees it under review; the operator sees the reasons in the back office
 * and approves; the sandbox bank lists both payouts; a blacklisted bank
 * account cannot register. English and Thai, axe on every screen.
 */

const PASSWORD = 'secret-pass-1';

async function asOperator(request: APIRequestContext) {
  return { Authorization: `Bearer ${await adminToken(request)}` };
}

async function playerIdOf(request: APIRequestContext, operator: Record<string, string>, phone: string) {
  const found = await request.get(`${ADMIN_PATHS.players}?q=${phone}`, { headers: operator });
  const id = ((await found.json()) as { data: { items: { id: number }[] } }).data.items[0]?.id;
  expect(id).toBeDefined();
  return String(id);
}

async function logIn(page: Page, phone: string) {
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('500 baht paid automatically, 20,000 under review then approved by the operator, both at the sandbox bank; a blacklisted account cannot register', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  /** Another person's own browser (a context of its own: its own storage, its own device id). */
  const openPage = async (width: number, height: number) =>
    (await browser.newContext({ baseURL, viewport: { width, height } })).newPage();
  test.setTimeout(240_000);
  await expect.poll(async () => (await request.get(`${sandboxOrigin()}/health`)).status()).toBe(200);
  const operator = await asOperator(request);
  const phone = freshPhone();
  const tag = phone.slice(-6);

  // A player with 21,000 baht (operator credits) and a first withdrawal reviewed, approved and paid.
  const registered = await request.post(API_PATHS.register, {
    data: {
      agentId: 1,
      fullName: `Payout Player ${tag}`,
      bankCode: 'KBANK',
      bankNumber: `2${phone.slice(1)}`,
      phoneNumber: phone,
      password: PASSWORD,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const playerId = await playerIdOf(request, operator, phone);
  for (const amount of [20_000, 1_100]) {
    const credited = await request.post(fillPath(ADMIN_PATHS.playerCredit, { id: playerId }), {
      headers: operator,
      data: { amount, reason: 'payout browser test' },
    });
    expect(credited.status(), await credited.text()).toBe(200);
  }
  const login = await request.post(API_PATHS.login, { data: { username: phone, password: PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const first = await request.post(API_PATHS.withdraw, {
    headers: { Authorization: `Bearer ${token}` },
    data: { amount: 100 },
  });
  const firstAnswer = (await first.json()) as { payout: string; data: { id: number } };
  expect(firstAnswer.payout).toBe('REVIEW');
  const approvedFirst = await request.post(
    fillPath(ADMIN_PATHS.withdrawalApprove, { id: String(firstAnswer.data.id) }),
    { headers: operator, data: {} },
  );
  expect(approvedFirst.status(), await approvedFirst.text()).toBe(200);

  // 500 baht: nothing objects, so the rules approve it and the bank pays it at once.
  await logIn(page, phone);
  const withdraw = await openFromWalletMenu(page, 'Withdraw', 'Withdraw');
  await expect(withdraw.getByTestId('auto-pay-note')).toContainText('Up to ฿5,000.00 is usually paid');
  await withdraw.getByRole('button', { name: '฿500', exact: true }).click();
  await checkScreen(page, 'payout-withdraw-modal');
  await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const approved = page.getByRole('dialog', { name: 'Withdrawal approved' });
  await expect(approved).toContainText('฿500.00 is being paid to your bank account automatically');
  await checkScreen(page, 'payout-automatic');
  await approved.getByRole('button', { name: 'Confirm' }).click();

  // The history shows it approved, with the bank's reference.
  await expect
    .poll(
      async () => {
        const history = await request.get(`${API_PATHS.withdraw}?page=1&limit=5`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        const entries = (
          (await history.json()) as { data: { withdraw: { amount: number; bankReference: string | null }[] } }
        ).data.withdraw;
        return entries.find((entry) => entry.amount === 500)?.bankReference ?? null;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^SBK/);
  const history = await openFromWalletMenu(page, 'History', 'History');
  await expect(history.getByTestId('paid-note').first()).toContainText('Paid · bank ref. SBK');
  await checkScreen(page, 'payout-history-paid');
  await history.getByRole('button', { name: 'Close' }).first().click();

  // 20,000 baht: above the automatic limit, so it waits for an operator.
  const big = await openFromWalletMenu(page, 'Withdraw', 'Withdraw');
  await big.getByLabel('Amount to withdraw (baht)').fill('20000');
  await big.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Withdrawal in progress' });
  await expect(review).toContainText('being checked by our team');
  await expect(review).toContainText('15 minutes');
  await checkScreen(page, 'payout-under-review');
  await review.getByRole('button', { name: 'Confirm' }).click();

  // The same screens in Thai.
  await page.getByRole('combobox').first().selectOption('th');
  const thaiWithdraw = await openFromWalletMenu(page, th.footer.withdraw, th.modals.withdraw);
  await expect(thaiWithdraw.getByTestId('auto-pay-note')).toContainText('ระบบโอนเข้าบัญชีให้อัตโนมัติ');
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path: `${SCREENSHOTS}/payout-withdraw-modal-th-360x740.png`, animations: 'disabled' });
  await expectAccessible(page, 'payout-withdraw-modal (th)');
  await thaiWithdraw.getByRole('button', { name: th.common.close }).first().click();
  const thaiHistory = await openFromWalletMenu(page, th.modals.history, th.modals.history);
  await expect(thaiHistory.getByTestId('paid-note').first()).toContainText('โอนแล้ว · เลขอ้างอิง SBK');
  await page.screenshot({ path: `${SCREENSHOTS}/payout-history-paid-th-360x740.png`, animations: 'disabled' });
  await expectAccessible(page, 'payout-history-paid (th)');
  await thaiHistory.getByRole('button', { name: th.common.close }).first().click();
  await page.getByRole('combobox').first().selectOption('en');

  // The operator, in the back office: the 20,000 withdrawal first in the queue with its reason; approves it.
  const desk = await openPage(1280, 900);
  await backOfficeSignIn(desk);
  await desk.goto(`/backoffice/withdrawals?q=${phone}`);
  const row = desk.getByTestId('withdrawal-row').filter({ hasText: '20,000.00' });
  await expect(row.getByTestId('risk-reason')).toHaveText([
    'Today ฿20,600.00, above the automatic daily limit ฿20,000.00',
    'Above the automatic limit of ฿5,000.00',
  ]);
  await expect(row.getByTestId('risk-score')).toHaveText('Risk 30');
  await desk.screenshot({ path: `${SCREENSHOTS}/payout-risk-queue-1280.png` });
  await expectAccessible(desk, 'risk queue');
  await row.getByRole('button', { name: /Approve/ }).click();
  const confirm = desk.getByRole('dialog', { name: 'Approve this withdrawal?' });
  await expect(confirm).toContainText('through the bank connector at once');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(confirm.getByText('Approved.')).toBeVisible();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await desk.goto('/backoffice/payouts');
  const paidRow = desk.getByTestId('payout-row').filter({ hasText: '20,000.00' }).first();
  await expect(paidRow).toContainText('Paid', { timeout: 15_000 });
  await expect(paidRow).toContainText('Bank ref. SBK');
  await desk.screenshot({ path: `${SCREENSHOTS}/payout-payouts-page-1280.png`, fullPage: true });
  await expectAccessible(desk, 'payouts page');
  // The operator's screens in Thai: the payouts and the risk queue's reasons. Headless Chromium has no
  // Thai font of its own, so the bundled Thai faces are loaded first (a phone or a desk has one).
  await desk.evaluate(async () => {
    await Promise.all(
      ['400', '700'].map((weight) => document.fonts.load(`${weight} 16px "Noto Sans Thai"`, 'การโอนเงินถอนวินาที')),
    );
  });
  await desk.getByRole('combobox').filter({ hasText: 'English' }).selectOption('th');
  await expect(desk.getByRole('heading', { name: 'การโอนเงินถอน' })).toBeVisible();
  await expect(desk.getByTestId('payout-row').first()).toBeVisible();
  await desk.evaluate(async () => {
    await document.fonts.ready;
  });
  await desk.screenshot({ path: `${SCREENSHOTS}/payout-payouts-page-th-1280.png`, fullPage: true });
  await expectAccessible(desk, 'payouts page (th)');
  await desk.goto(`/backoffice/withdrawals?q=${phone}&status=APPROVED`);
  await expect(desk.getByTestId('risk-reason').first()).toContainText('ยอดถอนวันนี้');
  await desk.evaluate(async () => {
    await document.fonts.ready;
  });
  await desk.screenshot({ path: `${SCREENSHOTS}/payout-risk-queue-th-1280.png` });
  await expectAccessible(desk, 'risk queue (th)');
  await desk.context().close();

  // The sandbox bank paid both: its page lists them (and the first, reviewed one).
  const bank = await openPage(360, 740);
  await bank.goto(DEMO_PATHS.sandboxBank);
  const payouts = bank
    .getByTestId('sandbox-payout')
    .filter({ hasText: 'KBANK' })
    .filter({ hasText: `2${phone.slice(1)}` });
  await expect(payouts).toHaveCount(3);
  await expect(payouts.filter({ hasText: '฿500.00' })).toHaveCount(1);
  await expect(payouts.filter({ hasText: '฿20,000.00' })).toHaveCount(1);
  await bank.getByRole('heading', { name: /Payout account/ }).scrollIntoViewIfNeeded();
  await bank.screenshot({ path: `${SCREENSHOTS}/payout-sandbox-bank-360x740.png`, fullPage: true });
  await expectAccessible(bank, 'sandbox bank');
  await bank.context().close();

  // A blacklisted bank account cannot register: the same answer as any unavailable registration.
  const barredAccount = `3${freshPhone().slice(1)}`;
  const barred = await request.post(ADMIN_PATHS.blacklist, {
    headers: operator,
    data: { kind: 'BANK_ACCOUNT', value: barredAccount, note: 'blacklist browser test' },
  });
  expect(barred.status(), await barred.text()).toBe(200);
  const fresh = await openPage(360, 740);
  await fresh.goto('/register');
  await fresh.getByLabel('Phone number').fill(freshPhone().replace(/^09/, '08'));
  await fresh.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await fresh.getByLabel('Full name').fill(`Barred Player ${tag}`);
  await fresh.getByLabel('Bank account number').fill(barredAccount);
  await fresh.getByRole('button', { name: 'Register' }).click();
  await expect(
    fresh.getByText('Registration with these details is not available. Please contact support.'),
  ).toBeVisible();
  await checkScreen(fresh, 'payout-blacklisted-register');
  await fresh.context().close();
});
