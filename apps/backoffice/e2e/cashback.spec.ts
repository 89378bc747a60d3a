import { expect, test } from '@playwright/test';
import { checkScreen, signIn } from './support';

test('an admin adds a cashback schedule, pauses it, pays the last period now, and reads the payouts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo-admin');
  await page.goto('/backoffice/cashback');
  await expect(page.getByRole('heading', { name: 'Cashback', level: 1 })).toBeVisible();
  // The demo's schedules are there, running.
  await expect(page.getByTestId('cashback-row').filter({ hasText: 'Daily cashback 5%' })).toContainText(
    '5 % of the net loss (bets minus wins), every day',
  );

  const tag = String(Date.now()).slice(-6);
  const name = `คืนยอดเสีย 3% ${tag}`;
  // The list names a schedule in the operator's language (English here), else in Thai.
  const english = `Cashback 3% ${tag}`;
  await page.getByRole('button', { name: 'Add schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New cashback schedule' });
  // A rate with three decimals is refused, with what the field allows.
  await dialog.getByLabel('Rate (%)').fill('3.125');
  await dialog.getByLabel('Thai (required)').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a percent from 0.01 to 100, at most 2 decimals.')).toBeVisible();
  await dialog.getByLabel('Rate (%)').fill('3');
  await dialog.getByLabel('Maximum payout (baht)').fill('1000');
  await dialog.getByLabel('English').fill(english);
  await checkScreen(page, 'cashback-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('cashback-row').filter({ hasText: english });
  await expect(row).toContainText('฿10.00 – ฿1,000.00');
  await row.getByRole('button', { name: `Pause ${english}` }).click();
  await expect(row).toContainText('Paused');

  // Paying the last period now says what it did; a second run pays nobody again.
  const daily = page.getByTestId('cashback-row').filter({ hasText: 'Daily cashback 5%' });
  await daily.getByRole('button', { name: /Pay the last period now/ }).click();
  await expect(page.getByText(/players, \d+ paid/)).toBeVisible();
  await daily.getByRole('button', { name: /Pay the last period now/ }).click();
  await expect(page.getByText(/ 0 paid, /)).toBeVisible();
  await expect(daily).toContainText('players');

  await expect(page.getByRole('heading', { name: 'Payouts', level: 2 })).toBeVisible();
  await checkScreen(page, 'cashback');
});

test('an admin reads the VIP ladder and adds a rank; a threshold taken is refused with the reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo-admin', 1);
  await page.goto('/backoffice/vip-ranks');
  await expect(page.getByRole('heading', { name: 'VIP ranks', level: 1 })).toBeVisible();
  await expect(page.getByTestId('vip-rank-row').filter({ hasText: 'Silver' })).toContainText('฿10,000.00');
  const tag = Number(String(Date.now()).slice(-6));
  const name = `Crown ${tag}`;
  await page.getByRole('button', { name: 'Add rank' }).click();
  const dialog = page.getByRole('dialog', { name: 'New VIP rank' });
  // The Silver threshold is taken.
  await dialog.getByLabel('Lifetime turnover to reach it (baht)').fill('10000');
  await dialog.getByLabel('Rakeback (%)').fill('12');
  await dialog.getByLabel('Thai (required)').fill(`มงกุฎ ${tag}`);
  await dialog.getByLabel('English').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a percent from 0 to 10, at most 2 decimals.')).toBeVisible();
  await dialog.getByLabel('Rakeback (%)').fill('1.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Another rank is already reached at this turnover.')).toBeVisible();
  await dialog.getByLabel('Lifetime turnover to reach it (baht)').fill(String(5_000_000 + tag));
  await dialog.getByLabel('Level-up reward (baht)').fill('10000');
  await checkScreen(page, 'vip-rank-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('vip-rank-row').filter({ hasText: name })).toContainText('1.5 %');
  await checkScreen(page, 'vip-ranks');
});
