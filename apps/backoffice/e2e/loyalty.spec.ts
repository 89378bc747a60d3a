import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { checkScreen, freshPhone, registerPlayer, signIn } from './support';

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(`/backoffice${path}`);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test('an admin creates, previews and pauses a promotion, prices a reward, and sees the bonus tiles, the fulfilment queue and a player’s loyalty', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const player = await registerPlayer(request, freshPhone(), 'Loyalty Operator View');
  await signIn(page, 'demo-admin');
  const tag = String(Date.now()).slice(-6);
  const title = `Every deposit 5% ${tag}`;

  // Promotions: create one through the dialog, with its Thai text previewed.
  await openPage(page, '/promotions', 'Promotions');
  await page.getByRole('button', { name: 'New promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promotion' });
  await dialog.getByLabel('Kind').selectOption('EVERY_DEPOSIT');
  await dialog.getByLabel('Bonus (% of the deposit)').fill('5');
  await dialog.getByLabel('Bonus cap (baht)').fill('50');
  await dialog.getByLabel('Turnover multiplier').fill('2');
  await dialog.getByLabel('Title (English)').fill(title);
  await dialog.getByLabel('Terms (English)').fill('5% on every deposit, up to 50 baht.');
  await dialog.getByLabel('Title (ไทย)').fill(`ฝากทุกยอดรับ 5% ${tag}`);
  // Its image, uploaded from a file: the name fills in and the preview shows it.
  await dialog
    .getByLabel('Upload an image')
    .setInputFiles(path.join(import.meta.dirname, '../../server/public/images/reward/free-credit-500.png'));
  await expect(dialog.getByText('Image uploaded.')).toBeVisible();
  await expect(dialog.getByLabel('Image file name')).toHaveValue(/^[0-9a-f]{64}\.png$/);
  await dialog.getByLabel('Preview in').selectOption('th');
  await expect(dialog.getByTestId('promotion-preview')).toContainText(`ฝากทุกยอดรับ 5% ${tag}`);
  await checkScreen(page, 'promotion-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Promotion saved.')).toBeVisible();
  const row = page.getByTestId('promotion-row').filter({ hasText: title });
  await expect(row).toContainText('5% up to ฿50.00');
  await expect(row).toContainText('Running');
  await checkScreen(page, 'promotions');

  // Paused, players no longer see it.
  await row.getByRole('button', { name: `Pause ${title}` }).click();
  await expect(row).toContainText('Paused');
  const offered = await request.get('/api/player/promotions', { headers: { Authorization: `Bearer ${player.token}` } });
  const titles = ((await offered.json()) as { data: { promotions: { title: string }[] } }).data.promotions.map(
    (p) => p.title,
  );
  expect(titles).not.toContain(title);

  // A reward's price, kind and stock.
  await openPage(page, '/settings', 'Settings');
  await page.getByTestId('reward-row').first().getByRole('button', { name: /Edit/ }).click();
  const reward = page.getByRole('dialog', { name: /^Edit / });
  await expect(reward.getByLabel('Price (points)')).toBeVisible();
  await checkScreen(page, 'reward-price-dialog');
  await reward.getByRole('button', { name: 'Cancel' }).click();

  // The dashboard's bonus tiles, the fulfilment queue and the player's loyalty.
  await openPage(page, '/', 'Dashboard');
  await expect(page.getByTestId('loyalty-tiles')).toContainText('Bonus given today');
  await checkScreen(page, 'dashboard-loyalty');
  await openPage(page, '/redemptions', 'Reward fulfilment');
  await checkScreen(page, 'redemptions');
  await openPage(page, '/players', 'Players');
  await page.getByLabel('Find a player').fill(player.phone);
  await page.getByLabel('Find a player').press('Enter');
  await page.getByRole('link', { name: 'Loyalty Operator View' }).click();
  await expect(page.getByTestId('player-loyalty')).toContainText('Points');
  await checkScreen(page, 'player-loyalty');

  // A manual credit marked as a deposit (cash at the counter) earns the deposit's points (1 per 100 baht).
  await page.getByRole('button', { name: 'Credit', exact: true }).click();
  const credit = page.getByRole('dialog', { name: 'Credit Loyalty Operator View' });
  await credit.getByLabel('Amount (baht)').fill('300');
  await credit.getByLabel('Reason').fill('cash at the counter');
  await credit.getByLabel('Count as a deposit').check();
  await checkScreen(page, 'credit-as-deposit');
  await credit.getByRole('button', { name: 'Continue' }).click();
  await expect(credit).toContainText('Count as a depositYes: earns points, starts a pending promotion');
  await credit.getByRole('button', { name: 'Credit ฿300.00' }).click();
  await expect(credit.getByText('Credited ฿300.00 to Loyalty Operator View.', { exact: false })).toBeVisible();
  await credit.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Counted as a deposit')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('player-loyalty').locator('dd').first()).toHaveText('3');

  // The same screens in Thai.
  await page.getByLabel('Language').selectOption('th');
  await openPage(page, '/promotions', 'โปรโมชั่น');
  await checkScreen(page, 'promotions');
  await openPage(page, '/redemptions', 'จัดส่งของรางวัล');
  await checkScreen(page, 'redemptions');
  await openPage(page, '/', 'ภาพรวม');
  await checkScreen(page, 'dashboard-loyalty');
  await page.getByLabel('ภาษา').selectOption('en');
});
