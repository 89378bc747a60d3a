import { API_PATHS } from '@app/contracts/paths';
import { expect, test } from '@playwright/test';
import { checkScreen, deliverBankTransfer, freshPhone, freshReference, registerPlayer, signIn } from './support';

/*
 * From the browser: the bank sends a reference it sent before with
 * another amount. Nothing more is credited; the difference reaches operators
 * as a flag under "Bank feed flags", which one resolves with a reason.
 * This file runs first (the files run in name order); its sign-in uses the
 * previous 30-second step's code (the server accepts one step of drift), so
 * the other files' sign-ins, with the current and the next step, still pass
 * the rule that each step is taken once and in order.
 */
test('a reference sent again with another amount credits nothing and is raised to operators, who resolve it', async ({
  page,
  request,
}) => {
  const player = await registerPlayer(request, freshPhone(), 'Flag Player');
  const profile = await request.get(API_PATHS.profile, { headers: { Authorization: `Bearer ${player.token}` } });
  const house = ((await profile.json()) as { data: { accounts: { bankNumber: string }[] } }).data.accounts[0];
  if (!house) throw new Error('no house account');
  const reference = freshReference('E2EFLAG');
  const transfer = {
    reference,
    fromBankCode: 'KBANK',
    fromAccountNumber: `xxxxxx${player.bankNumber.slice(-4)}`,
    toAccountNumber: house.bankNumber,
    amount: 500,
  };
  expect((await deliverBankTransfer(request, transfer)).data.result).toBe('credited');
  expect((await deliverBankTransfer(request, { ...transfer, amount: 500.5 })).data.result).toBe('duplicate');
  const balance = await request.get(API_PATHS.balance, { headers: { Authorization: `Bearer ${player.token}` } });
  expect(((await balance.json()) as { main: { balance: number } }).main.balance).toBe(500);

  await signIn(page, 'demo-operator', -1);
  await page.getByRole('navigation').getByRole('link', { name: 'Bank feed flags' }).click();
  await expect(page.getByRole('heading', { name: 'Bank feed flags', level: 1 })).toBeVisible();
  const row = page.getByTestId('flag-row').filter({ hasText: reference });
  await expect(row).toContainText('Sent again, differently');
  await expect(row.getByTestId('flag-field-amount')).toContainText('฿500.50');
  await expect(row.getByTestId('flag-field-amount')).toContainText('฿500.00');
  await checkScreen(page, 'bank-feed-flags');

  await row.getByRole('button', { name: /Resolve/ }).click();
  const dialog = page.getByRole('dialog', { name: `Resolve the flag of ${reference}?` });
  await dialog.getByLabel('Reason').fill('the bank corrected the amount; the statement shows 500.00');
  await checkScreen(page, 'bank-feed-flag-resolve');
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog).toContainText('The flag is resolved.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('flag-row').filter({ hasText: reference })).toHaveCount(0);

  await page.getByLabel('Status').selectOption('resolved');
  const resolved = page.getByTestId('flag-row').filter({ hasText: reference });
  await expect(resolved).toContainText('demo-operator');
  await expect(resolved).toContainText('the bank corrected the amount');
});
