import { API_PATHS } from '@app/contracts/paths';
import { PROTECTION_PATHS } from '@app/contracts/protection';
import { expect, test } from '@playwright/test';
import {
  checkScreen,
  deliverBankTransfer,
  freshPhone,
  freshReference,
  registerPlayer,
  SCREENSHOTS,
  signIn,
} from './support';

/*
 * From the back office: a player who excluded themselves still gets
 * a bank transfer in. It is held, in no wallet; the operator sees it under
 * "Held deposits" and on the player's page (with the exclusion, read only),
 * and returns it to the player's bank account with a reason.
 */
test('a transfer that arrives during a self-exclusion is held; the operator sees it and returns it with a reason', async ({
  page,
  request,
}) => {
  // A name of this attempt's own: an excluded player's name cannot register again (a retry would be refused).
  const phone = freshPhone();
  const suffix = [...phone.slice(-4)].map((digit) => String.fromCharCode(97 + Number(digit))).join('');
  const player = await registerPlayer(request, phone, `Held Player ${suffix}`);
  const auth = { Authorization: `Bearer ${player.token}` };
  const excluded = await request.post(PROTECTION_PATHS.exclusion, {
    headers: auth,
    data: { kind: 'SELF_EXCLUSION', length: '6m' },
  });
  expect(excluded.status()).toBe(200);
  const profile = await request.get(API_PATHS.profile, { headers: auth });
  const house = ((await profile.json()) as { data: { accounts: { bankNumber: string }[] } }).data.accounts[0];
  if (!house) throw new Error('no house account');
  const reference = freshReference('E2EHELD');
  await deliverBankTransfer(request, {
    reference,
    fromBankCode: 'KBANK',
    // The whole number: a masked one may fit another player of the suite, and an ambiguous transfer is not held.
    fromAccountNumber: player.bankNumber,
    toAccountNumber: house.bankNumber,
    amount: 800,
  });
  const balance = await request.get(API_PATHS.balance, { headers: auth });
  expect(((await balance.json()) as { main: { balance: number } }).main.balance).toBe(0);

  await signIn(page, 'demo-operator');
  await page.getByRole('navigation').getByRole('link', { name: 'Held deposits' }).click();
  await expect(page.getByRole('heading', { name: 'Held deposits', level: 1 })).toBeVisible();
  const row = page.getByTestId('held-row').filter({ hasText: reference });
  await expect(row).toContainText('฿800.00');
  await expect(row).toContainText('Time-out or self-exclusion');
  await checkScreen(page, 'held-deposits');

  // The player's page: the exclusion and the held money, read only.
  await row.getByRole('link').click();
  const protection = page.getByTestId('player-protection');
  await expect(protection).toContainText('Self-excluded until');
  await expect(protection.getByTestId('protection-held')).toContainText('฿800.00');
  await checkScreen(page, 'player-protection');
  await protection.screenshot({ path: `${SCREENSHOTS}/player-protection-section-en-1280.png`, animations: 'disabled' });

  await page.getByRole('link', { name: 'All held deposits' }).click();
  const again = page.getByTestId('held-row').filter({ hasText: reference });
  await again.getByRole('button', { name: /Return to bank/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Return ฿800.00 to the bank account of' });
  await dialog.getByLabel('Reason').fill('self-excluded player; money goes back to their account');
  await dialog.getByRole('button', { name: 'Return to bank' }).click();
  await expect(dialog).toContainText('The return is on its way to the bank account.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('held-row').filter({ hasText: reference })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('RETURNED');
  const returned = page.getByTestId('held-row').filter({ hasText: reference });
  await expect(returned).toContainText('Returned');
  await expect(returned).toContainText('demo-operator');
});
