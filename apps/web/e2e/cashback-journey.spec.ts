import { API_PATHS } from '@app/contracts/paths';
import { expect, type Page, test } from '@playwright/test';
import th from '../src/locales/cashback/th';
import { checkScreen, deliverBankTransfer, freshPhone, freshReference, sandboxOrigin } from './support';

const PASSWORD = 'secret-pass-1';

async function register(page: Page, phone: string, bankNumber: string) {
  await page.goto('/register');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Full name').fill('Cashback Player');
  await page.getByLabel('Bank account number').fill(bankNumber);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('dialog', { name: 'Register successful' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** What the server says of the player's daily net-loss schedule now, in baht. */
async function dailyFigure(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get(API_PATHS.cashback, { headers: { Authorization: `Bearer ${token}` } });
  const body = await answer.json();
  return body.data.schedules.find((schedule: { base: string }) => schedule.base === 'NET_LOSS').current as {
    base: number;
    estimate: number;
  };
}

const baht = (value: number) =>
  `${value < 0 ? '-' : ''}฿${Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a day of play shows the cashback figure to the satang, with its terms; the player turns it off and on, in English and Thai', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await expect.poll(async () => (await request.get(`${sandboxOrigin()}/health`)).status()).toBe(200);
  const phone = freshPhone();
  const bankNumber = `5${phone.slice(-9)}`;
  await register(page, phone, bankNumber);
  const delivery = await deliverBankTransfer(request, {
    reference: freshReference('E2ECASH'),
    fromBankCode: 'KBANK',
    fromAccountNumber: `xxxxxx${bankNumber.slice(-4)}`,
    toAccountNumber: '0381234567',
    amount: 500,
  });
  expect(delivery.data.result).toBe('credited');

  // A few WC rounds of 20 baht.
  const wc = await page.context().newPage();
  await wc.goto('/launch-game');
  await wc.waitForURL(`${sandboxOrigin()}/play/wc**`);
  await wc.locator('#stake').fill('20');
  for (let round = 0; round < 4; round += 1) {
    await wc.locator('#spin').click();
    await expect(wc.locator('#spin')).toBeEnabled();
  }
  await wc.close();

  await page
    .locator('.wallet')
    .getByRole('button', { name: /^Cashback/ })
    .click();
  const modal = page.getByRole('dialog', { name: 'Cashback' });
  const daily = modal.getByTestId('cashback-schedule').filter({ hasText: 'Daily cashback 5%' });
  await expect(daily).toContainText('5% of your net loss (bets minus wins), every day');
  await expect(daily).toContainText('Minimum payout ฿10.00');
  await expect(daily).toContainText('Turnover 1× the cashback before you withdraw');
  const figure = await dailyFigure(page);
  await expect(daily).toContainText(baht(figure.base));
  await expect(daily.getByTestId('cashback-estimate')).toHaveText(baht(figure.estimate));
  await checkScreen(page, 'cashback');

  // Off: the figure pays nothing and says why; on again.
  await modal.getByLabel('Receive cashback').uncheck();
  await expect(modal.getByRole('status')).toHaveText('Cashback is off. You can turn it on again at any time.');
  await expect(daily).toContainText('No cashback: you turned cashback off.');
  await expect(daily.getByTestId('cashback-estimate')).toHaveText('฿0.00');
  await modal.getByLabel('Receive cashback').check();
  await expect(modal.getByRole('status')).toHaveText('Cashback is on.');

  // The same screen in Thai.
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('combobox').first().selectOption('th');
  await page
    .locator('.wallet')
    .getByRole('button', { name: /^คืนยอดเสีย/ })
    .click();
  const thai = page.getByRole('dialog', { name: th.title });
  await expect(thai.getByTestId('cashback-schedule').first()).toContainText(th.terms.bonus);
  await expect(thai.getByLabel(th.optIn)).toBeChecked();
  await checkScreen(page, 'cashback-th');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('combobox').first().selectOption('en');

  // The rank page: the lifetime turnover those rounds made, the way to the next rank, every rank's terms.
  await page
    .locator('.wallet')
    .getByRole('button', { name: /^VIP ranks/ })
    .click();
  const vip = page.getByRole('dialog', { name: 'VIP ranks' });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const standing = (
    await (await page.request.get(API_PATHS.vip, { headers: { Authorization: `Bearer ${token}` } })).json()
  ).data;
  expect(standing.turnover).toBe(80);
  await expect(vip.getByTestId('vip-standing')).toContainText('Lifetime turnover: ฿80.00');
  await expect(vip.getByTestId('vip-standing')).toContainText(
    `฿${(10_000 - 80).toLocaleString('en-US')}.00 more to Silver`,
  );
  await expect(vip.getByTestId('vip-rank')).toHaveCount(5);
  await expect(vip.getByTestId('vip-rank').nth(1)).toContainText('From ฿10,000.00 · rakeback 0.2% · reward ฿50.00');
  await checkScreen(page, 'vip');
});
