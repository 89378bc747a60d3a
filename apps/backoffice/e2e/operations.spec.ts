import { API_PATHS } from '@app/contracts/paths';
import { expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import {
  checkScreen,
  deliverBankTransfer,
  freshPhone,
  freshReference,
  playerView,
  registerPlayer,
  SCREENSHOTS,
  secondOperator,
  signIn,
  slipImage,
  type TestPlayer,
} from './support';

/** The house account players transfer to, as the player API shows it. */
async function houseAccount(page: Page, player: TestPlayer): Promise<string> {
  const response = await page.request.get(API_PATHS.profile, { headers: { Authorization: `Bearer ${player.token}` } });
  const profile = (await response.json()) as { data: { accounts: { bankNumber: string }[] } };
  const account = profile.data.accounts[0];
  if (!account) throw new Error('no house account');
  return account.bankNumber;
}

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(`/backoffice${path}`);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** The row of a list (a table row, or a card on a phone) that mentions a text. */
function rowWith(page: Page, text: string) {
  return page.locator('tbody tr').filter({ hasText: text }).first();
}

test('operators approve, reject, assign, credit, freeze and unfreeze from the browser; every action is audited and the chain verifies', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // ---- What the operators will find: made through the player API and the bank feed, as in real life.
  const playerA = await registerPlayer(request, freshPhone(), 'Queue Player');
  const houseNumber = await houseAccount(page, playerA);
  const credited = await deliverBankTransfer(request, {
    reference: freshReference('BOFEED'),
    fromBankCode: 'KBANK',
    fromAccountNumber: `xxxxxx${playerA.bankNumber.slice(-4)}`,
    toAccountNumber: houseNumber,
    amount: 1000,
  });
  expect(credited.data.result).toBe('credited');
  const withdraw = await request.post(API_PATHS.withdraw, {
    headers: { Authorization: `Bearer ${playerA.token}`, 'Idempotency-Key': freshReference('bo-withdraw') },
    data: { amount: 300 },
  });
  expect(withdraw.status(), await withdraw.text()).toBe(200);
  const slip = await slipImage(request, freshReference('BOSLIP'), 'KBANK', 200);
  const deposit = await request.post(API_PATHS.deposit, {
    headers: { Authorization: `Bearer ${playerA.token}` },
    multipart: { amount: '200', slip },
  });
  expect(deposit.status(), await deposit.text()).toBe(200);
  const unknownReference = freshReference('BOUNKNOWN');
  const unmatched = await deliverBankTransfer(request, {
    reference: unknownReference,
    fromBankCode: 'BBL',
    fromAccountNumber: 'xxxxxx0001',
    toAccountNumber: houseNumber,
    amount: 150,
  });
  expect(unmatched.data.result).toBe('unmatched');
  // Another player, whom an operator credits by hand (freshPhone follows the clock: a moment later, another number).
  await new Promise((resolve) => setTimeout(resolve, 5));
  const playerB = await registerPlayer(request, freshPhone(), 'Goodwill Player');

  // ---- Sign-in, in English, and the dashboard.
  await page.goto('/backoffice/sign-in');
  await checkScreen(page, 'sign-in');
  await signIn(page, 'demo-admin');
  await expect(page.getByText('Withdrawals to pay').first()).toBeVisible();
  await checkScreen(page, 'dashboard');

  // ---- Two operators decide the same withdrawal: one wins, the other sees who decided.
  const colleague = await secondOperator(browser, baseURL ?? '', 'demo-operator');
  await openPage(page, '/withdrawals', 'Withdrawals');
  await openPage(colleague.page, '/withdrawals', 'Withdrawals');
  await checkScreen(page, 'withdrawals');
  await rowWith(page, 'Queue Player')
    .getByRole('button', { name: /Approve/ })
    .click();
  await rowWith(colleague.page, 'Queue Player')
    .getByRole('button', { name: /Approve/ })
    .click();
  const mine = page.getByRole('dialog', { name: 'Approve this withdrawal?' });
  const theirs = colleague.page.getByRole('dialog', { name: 'Approve this withdrawal?' });
  await checkScreen(page, 'withdrawal-approve-dialog');
  await mine.getByRole('button', { name: 'Approve' }).click();
  await expect(mine.getByText('Approved.')).toBeVisible();
  await theirs.getByRole('button', { name: 'Approve' }).click();
  await expect(theirs.getByText('Someone else decided this first')).toBeVisible();
  await expect(theirs).toContainText('demo-admin');
  await colleague.page.screenshot({ path: `${SCREENSHOTS}/withdrawal-already-decided-en-1280x800.png` });
  await theirs.getByRole('button', { name: 'OK' }).click();
  await expect(rowWith(colleague.page, 'Queue Player')).toHaveCount(0);
  await colleague.context.close();
  await mine.getByRole('button', { name: 'OK' }).click();

  // ---- The slip deposit: look at the slip, then reject it with a reason.
  await openPage(page, '/deposits', 'Deposits');
  const depositRow = rowWith(page, 'Queue Player');
  await checkScreen(page, 'deposits');
  await depositRow.getByRole('button', { name: /View slip/ }).click();
  const slipDialog = page.getByRole('dialog', { name: /Slip of Queue Player/ });
  await expect(slipDialog.getByRole('img')).toBeVisible();
  await checkScreen(page, 'deposit-slip');
  await slipDialog.getByRole('button', { name: 'Close' }).first().click();
  await depositRow.getByRole('button', { name: /Reject/ }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this deposit?' });
  await reject.getByLabel('Reason').fill('slip does not match the statement');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Rejected.')).toBeVisible();
  await reject.getByRole('button', { name: 'OK' }).click();

  // ---- The unmatched transfer goes to the player, found by phone.
  await openPage(page, '/transfers', 'Bank transfers');
  await checkScreen(page, 'transfers');
  await rowWith(page, unknownReference)
    .getByRole('button', { name: /Assign to a player/ })
    .click();
  const assign = page.getByRole('dialog', { name: 'Assign this transfer to a player?' });
  await assign.getByLabel('Find the player').fill(playerA.phone);
  await assign.getByLabel('Find the player').press('Enter');
  await assign.getByText('Queue Player').first().click();
  await assign.getByLabel('Reason').fill('the player called with the statement');
  await checkScreen(page, 'transfer-assign-dialog');
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assign).toContainText('Assigned: ฿150.00 credited to Queue Player.');
  await assign.getByRole('button', { name: 'OK' }).click();

  // ---- Another player: credited by hand, frozen and unfrozen.
  await openPage(page, '/players', 'Players');
  await page.getByLabel('Find a player').fill(playerB.phone);
  await page.getByLabel('Find a player').press('Enter');
  await checkScreen(page, 'players');
  await page.getByRole('link', { name: 'Goodwill Player' }).click();
  await expect(page.getByRole('heading', { name: 'Goodwill Player', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Credit', exact: true }).click();
  const credit = page.getByRole('dialog', { name: 'Credit Goodwill Player' });
  await credit.getByLabel('Amount (baht)').fill('250');
  await credit.getByLabel('Reason').fill('goodwill after a complaint');
  await credit.getByRole('button', { name: 'Continue' }).click();
  await checkScreen(page, 'player-credit-dialog');
  await credit.getByRole('button', { name: 'Credit ฿250.00' }).click();
  await expect(credit).toContainText('Credited ฿250.00 to Goodwill Player.');
  await credit.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Freeze', exact: true }).click();
  const freeze = page.getByRole('dialog', { name: 'Freeze Goodwill Player?' });
  await freeze.getByLabel('Reason').fill('chargeback investigation');
  await freeze.getByRole('button', { name: 'Freeze' }).click();
  await freeze.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Frozen since/)).toBeVisible();
  await checkScreen(page, 'player-detail');
  await page.getByRole('button', { name: 'Unfreeze', exact: true }).click();
  const unfreeze = page.getByRole('dialog', { name: 'Unfreeze Goodwill Player?' });
  await unfreeze.getByLabel('Reason').fill('investigation closed');
  await unfreeze.getByRole('button', { name: 'Unfreeze' }).click();
  await unfreeze.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Frozen since/)).toHaveCount(0);

  // ---- The players see each outcome: balances and histories through the player API.
  const a = await playerView(request, playerA);
  expect(a.balance).toBe(1000 - 300 + 150);
  expect(a.history).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'WITHDRAW', status: 'APPROVED', amount: 300 }),
      // A rejected deposit is one entry with the operator's reason (its REJECT_DEPOSIT record stays with operators).
      expect.objectContaining({
        type: 'DEPOSIT',
        status: 'REJECTED',
        amount: 200,
        reason: 'slip does not match the statement',
      }),
      expect.objectContaining({ type: 'DEPOSIT', status: 'APPROVED', amount: 150 }),
      expect.objectContaining({ type: 'DEPOSIT', status: 'APPROVED', amount: 1000 }),
    ]),
  );
  expect(a.history).toHaveLength(4);
  const b = await playerView(request, playerB);
  expect(b.balance).toBe(250);
  expect(b.history).toEqual([expect.objectContaining({ type: 'MANUAL_DEPOSIT', status: 'APPROVED', amount: 250 })]);
  // A frozen-then-unfrozen player can withdraw again.
  const bWithdraw = await request.post(API_PATHS.withdraw, {
    headers: { Authorization: `Bearer ${playerB.token}`, 'Idempotency-Key': freshReference('bo-b-withdraw') },
    data: { amount: 100 },
  });
  expect(bWithdraw.status()).toBe(200);

  // ---- The audit log lists every action, and its chain verifies.
  await openPage(page, '/audit', 'Audit log');
  for (const action of [
    'withdrawal.approve',
    'deposit.reject',
    'bank_transfer.assign',
    'player.credit',
    'player.freeze',
    'player.unfreeze',
  ]) {
    await expect(page.locator('tbody').getByText(action).first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByText('The chain is intact')).toBeVisible();
  await checkScreen(page, 'audit');

  // ---- Ledger health: both checks run now and pass.
  await openPage(page, '/health', 'Ledger health');
  // One check at a time, each to its end: clicking both by position raced the first one's
  // "Running…" label (a button by index could be the same one twice) and failed a CI run.
  for (const name of ['Run now (Ledger)', 'Run now (Audit log chain)']) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('button', { name })).toBeEnabled({ timeout: 30_000 });
  }
  await expect(page.getByText('Problems found')).toHaveCount(0);
  await expect(page.getByText('OK', { exact: true })).toHaveCount(2, { timeout: 30_000 });
  await checkScreen(page, 'health');

  // ---- Admin screens: settings and operators; a new operator enrols a second factor at first sign-in.
  await openPage(page, '/settings', 'Settings');
  await checkScreen(page, 'settings');
  await openPage(page, '/operators', 'Operators');
  await checkScreen(page, 'operators');
  await page.getByRole('button', { name: 'Add operator' }).click();
  const create = page.getByRole('dialog', { name: 'New operator' });
  const cashier = `cashier-${Date.now().toString(36)}`;
  await create.getByLabel('Username').fill(cashier);
  await create.getByLabel('Display name').fill('E2E Cashier');
  await create.getByLabel(/^Password/).fill('cashier-pass-1');
  await create.getByRole('button', { name: 'Create operator' }).click();
  await expect(page.locator('tbody')).toContainText(cashier);

  const newcomer = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const enrolPage = await newcomer.newPage();
  await enrolPage.goto('/backoffice/sign-in');
  await enrolPage.getByLabel('Username').fill(cashier);
  await enrolPage.getByLabel('Password').fill('cashier-pass-1');
  await enrolPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(enrolPage.getByRole('heading', { name: 'Set up your second factor' })).toBeVisible();
  await expect(enrolPage.getByRole('img', { name: 'QR code of the authenticator setup' })).toBeVisible();
  await checkScreen(enrolPage, 'enrol');
  await enrolPage.getByLabel('Language').selectOption('th');
  await expect(enrolPage.getByRole('heading', { name: 'ตั้งค่าการยืนยันตัวตนขั้นที่สอง' })).toBeVisible();
  await checkScreen(enrolPage, 'enrol');
  await enrolPage.getByLabel('ภาษา').selectOption('en');
  const secret = (await enrolPage.locator('.enrol-qr__secret').textContent())?.trim() ?? '';
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  await enrolPage.getByLabel('Authenticator code').fill(code);
  await enrolPage.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(enrolPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // An operator, not an admin: the admin screens are not in the menu.
  await expect(enrolPage.getByRole('navigation').getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await newcomer.close();

  // ---- Every screen again in Thai, at both sizes.
  await page.getByLabel('Language').selectOption('th');
  for (const [path, name] of [
    ['/', 'dashboard'],
    ['/withdrawals', 'withdrawals'],
    ['/deposits?status=REJECTED', 'deposits'],
    ['/transfers?status=ASSIGNED', 'transfers'],
    ['/players', 'players'],
    ['/audit', 'audit'],
    ['/health', 'health'],
    ['/settings', 'settings'],
    ['/operators', 'operators'],
  ] as const) {
    await page.goto(`/backoffice${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await checkScreen(page, name);
  }
  await page.goto('/backoffice/players');
  await page.getByRole('link').filter({ hasText: 'Goodwill Player' }).first().click();
  await expect(page.getByRole('heading', { name: 'Goodwill Player', level: 1 })).toBeVisible();
  await checkScreen(page, 'player-detail');

  // ---- Sign out: back to sign-in, and the screens need signing in again.
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
  await checkScreen(page, 'sign-in');
  await page.goto('/backoffice/withdrawals');
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
});
