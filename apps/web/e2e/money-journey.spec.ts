import { API_PATHS } from '@app/contracts/paths';
import { expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  deliverBankTransfer,
  expectAccessible,
  freshPhone,
  freshReference,
  SCREENSHOTS,
  sandboxOrigin,
} from './support';

const PASSWORD = 'secret-pass-1';

async function register(page: Page, phone: string, bankNumber: string) {
  await page.goto('/register');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Full name').fill('Journey Player');
  await page.getByLabel('Bank account number').fill(bankNumber);
  await page.getByRole('button', { name: 'Register' }).click();
  const success = page.getByRole('dialog', { name: 'Register successful' });
  await success.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The house account the player is told to transfer to (the profile's `accounts`). */
async function houseAccountNumber(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(API_PATHS.profile, { headers: { Authorization: `Bearer ${token}` } });
  const profile = (await response.json()) as { data: { accounts: { bankNumber: string }[] } };
  const account = profile.data.accounts[0];
  if (!account) throw new Error('the server shows no house account');
  return account.bankNumber;
}

async function openFromWallet(page: Page, button: string, dialog: string) {
  await page.getByRole('region', { name: 'My wallet' }).getByRole('button', { name: button, exact: true }).click();
  const modal = page.getByRole('dialog', { name: dialog });
  await expect(modal).toBeVisible();
  return modal;
}

test('issue 8: a player registers, is credited by the bank feed, sends a slip, plays, transfers back, withdraws and sees it in the history', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await expect.poll(async () => (await request.get(`${sandboxOrigin()}/health`)).status()).toBe(200);

  const phone = freshPhone();
  const bankNumber = `2${phone.slice(-9)}`;
  await register(page, phone, bankNumber);
  await checkScreen(page, 'journey-home');

  // A deposit arrives through a signed bank-feed delivery: 500 baht from the player's own account.
  const delivery = await deliverBankTransfer(request, {
    reference: freshReference('E2EFEED'),
    fromBankCode: 'KBANK',
    fromAccountNumber: `xxxxxx${bankNumber.slice(-4)}`,
    toAccountNumber: await houseAccountNumber(page),
    amount: 500,
  });
  expect(delivery.data.result).toBe('credited');
  await page.getByTestId('wallet-refresh').click();
  await expect(page.getByTestId('main-balance')).toHaveText('฿500.00');

  // JOURNEY-STEPS: deposit modal, confirm-deposit with a slip, launch the sports game, transfer in, withdraw.

  // The waiting withdrawal is in the history modal and on /transactions.
  const history = await openFromWallet(page, 'History', 'History');
  await expect(history.getByText('Waiting').first()).toBeVisible();
  await checkScreen(page, 'journey-history-modal');
  await history.getByRole('button', { name: 'Close' }).first().click();
  await expect(history).toBeHidden();

  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transaction history' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('-100.00฿');
  await checkScreen(page, 'journey-transactions');

  // The home screen in all six languages.
  await page.goto('/');
  for (const language of ['en', 'th', 'cn', 'ls', 'mm', 'ko']) {
    await page.getByRole('combobox').first().selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', /./);
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    await page.screenshot({ path: `${SCREENSHOTS}/home-${language}-360x740.png` });
    await expectAccessible(page, `home (${language})`);
  }
  await page.getByRole('combobox').first().selectOption('en');

  // Log out.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  void context;
});
