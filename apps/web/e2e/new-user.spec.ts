import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { expect, type Page, test } from '@playwright/test';
import { adminToken, checkScreen, freshPhone, freshReference, slipImage, waitForTheApp } from './support';

/**
 * As a new user meets it in the browser: a 12-digit savings-bank
 * account is kept whole, and a slip deposit an operator rejects reads as
 * rejected, nothing credited, with the operator's reason.
 */

const PASSWORD = 'secret-pass-1';
async function openFromWallet(page: Page, button: string, dialog: string) {
  await page
    .getByRole('region', { name: 'My wallet' })
    .getByRole('button', { name: button, exact: true })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: dialog });
  await expect(modal).toBeVisible();
  return modal;
}

test('a GSB account of 12 digits is stored whole; a rejected slip deposit reads as rejected with its reason in the history modal and on /transactions', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = freshPhone();
  const bankNumber = `${phone}12`;
  expect(bankNumber).toMatch(/^\d{12}$/);

  // Register with Government Savings Bank: ten digits are refused, twelve are kept.
  await page.goto('/register');
  // The page arrives drawn: its bank list opens once the app has taken it over.
  await waitForTheApp(page);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Full name').fill('Savings Player');
  await page.getByRole('button', { name: /Bank/ }).first().click();
  await page.getByRole('option', { name: 'Government Savings Bank' }).click();
  await page.getByLabel('Bank account number').fill(bankNumber.slice(0, 10));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Bank number must be 12 digits.')).toBeVisible();
  await page.getByLabel('Bank account number').fill(bankNumber);
  await expect(page.getByLabel('Bank account number')).toHaveValue(bankNumber);
  await checkScreen(page, 'register-gsb-12-digits');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('dialog', { name: 'Register successful' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The profile shows the whole number, and so does the server's record.
  const profile = await openFromWallet(page, 'Profile', 'Profile');
  await expect(profile).toContainText(bankNumber);
  await expect(profile).toContainText('Government Savings Bank');
  await profile.getByRole('button', { name: 'Close' }).first().click();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const stored = await page.request.get(API_PATHS.profile, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await stored.json()) as { data: { bankNumber: string; bankCode: string } }).data).toMatchObject({
    bankNumber,
    bankCode: 'GSB',
  });

  // A slip deposit of 200 baht, sent from the deposit screens.
  const deposit = await openFromWallet(page, 'Deposit', 'Deposit');
  await deposit.getByRole('button', { name: 'I have transferred: confirm deposit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm deposit' });
  await confirm.getByLabel('Amount transferred (baht)').fill('200');
  await confirm
    .locator('input[type="file"]')
    .setInputFiles(await slipImage(request, freshReference('E2EREJECT'), 'GSB', 200));
  await confirm.getByRole('button', { name: 'Confirm deposit' }).click();
  await page.getByRole('dialog', { name: 'Deposit received' }).getByRole('button', { name: 'Confirm' }).click();

  // An operator rejects it with a reason.
  const reason = 'No transfer of this amount reached our account';
  const operator = { Authorization: `Bearer ${await adminToken(request)}` };
  const queue = await request.get(`${ADMIN_PATHS.deposits}?status=WAITING&q=${phone}`, { headers: operator });
  const waiting = ((await queue.json()) as { data: { items: { id: number; amount: number }[] } }).data.items;
  expect(waiting).toEqual([expect.objectContaining({ amount: 200 })]);
  const rejected = await request.post(fillPath(ADMIN_PATHS.depositReject, { id: waiting[0]?.id ?? 0 }), {
    headers: operator,
    data: { reason },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  // The history modal: one row, no minus, "Rejected", "Nothing credited" and the reason.
  await page.getByTestId('wallet-refresh').click();
  await expect(page.getByTestId('main-balance')).toHaveText('฿0.00');
  const history = await openFromWallet(page, 'History', 'History');
  const rows = history.getByTestId('history-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('history-amount')).toHaveText('200.00฿');
  await expect(rows.first()).toContainText('Rejected');
  await expect(rows.first()).toContainText('Nothing credited');
  await expect(rows.first()).toContainText(`Reason: ${reason}`);
  await checkScreen(page, 'history-rejected-deposit');
  await history.getByRole('button', { name: 'Close' }).first().click();

  // /transactions: the same, with the status column.
  await page.goto('/transactions');
  const transactions = page.getByTestId('transaction-row');
  await expect(transactions).toHaveCount(1);
  await expect(transactions.first().getByTestId('transaction-amount')).toHaveText('200.00฿');
  await expect(transactions.first().getByTestId('transaction-status')).toContainText('Rejected');
  await expect(transactions.first().getByTestId('transaction-status')).toContainText(`Reason: ${reason}`);
  await checkScreen(page, 'transactions-rejected-deposit');
});

test('the demo answers only on 127.0.0.1 by default, the sandbox provider too: not from another address', async ({
  page,
}) => {
  const port = Number(process.env.E2E_PORT);
  // The browser tests start the product without HOST, as `npm start` does.
  const response = await page.goto('/');
  expect(response?.ok()).toBe(true);
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  // 127.0.0.2 is this machine as well (Linux routes 127/8 to loopback), yet not the address the demo listens on:
  // a server on every interface would answer there.
  for (const servicePort of [port, port + 1]) {
    expect((await fetch(`http://127.0.0.1:${servicePort}/health`)).ok).toBe(true);
    await expect(fetch(`http://127.0.0.2:${servicePort}/health`)).rejects.toThrow();
  }
});

test('the language picker names every language in glyphs of its own (Burmese was boxes), whatever the system fonts', async ({
  page,
}) => {
  await page.goto('/login');
  const picker = page.getByRole('combobox', { name: 'Language' });
  await expect(picker).toBeVisible();
  expect(await picker.evaluate((select) => getComputedStyle(select).fontFamily)).toContain('Language Names');
  for (const name of ['မြန်မာ', 'ລາວ', 'ไทย', '中文', '한국어']) {
    await expect(picker.locator('option', { hasText: name })).toHaveCount(1);
    // The face whose range covers the name is found, downloads and loads (a missing or broken file would not).
    const faces = await page.evaluate(async (text) => {
      const loaded = await document.fonts.load('16px "Language Names"', text);
      return loaded.map((face) => face.status);
    }, name);
    expect(faces.length, name).toBeGreaterThan(0);
    expect(new Set(faces), name).toEqual(new Set(['loaded']));
  }
});
