import { ADMIN_PATHS, API_PATHS } from '@app/contracts/paths';
import { expect, type Locator, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import type en from '../src/locales/en';
import th from '../src/locales/th';
import {
  adminToken,
  checkScreen,
  deliverBankTransfer,
  expectAccessible,
  freshPhone,
  freshReference,
  SCREENSHOTS,
  sandboxOrigin,
} from './support';

const PASSWORD = 'secret-pass-1';
type Locale = typeof en;

async function register(page: Page, phone: string, bankNumber: string) {
  await page.goto('/register');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Full name').fill('Loyalty Player');
  await page.getByLabel('Bank account number').fill(bankNumber);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('dialog', { name: 'Register successful' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function openFromWallet(page: Page, button: string, dialog: string): Promise<Locator> {
  await page
    .locator('.wallet')
    .getByRole('button', { name: new RegExp(`^${button}`) })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: dialog });
  await expect(modal).toBeVisible();
  return modal;
}

/**
 * A new screen in Thai as well: the interface language switched from the
 * header, the screen opened again, saved, checked with axe; then back to English.
 */
async function alsoInThai(page: Page, name: string, open: (locale: Locale) => Promise<Locator>) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('combobox').first().selectOption('th');
  const modal = await open(th);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-th-360x740.png`, animations: 'disabled' });
  await expectAccessible(page, `${name} (th)`);
  await modal.getByRole('button', { name: th.common.close }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('combobox').first().selectOption('en');
}

/** The demo operator at a desk: signs in to the back office through its own screen. */
async function operatorPage(page: Page) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') });
  await page.goto('/backoffice/sign-in');
  await page.getByLabel('Username').fill('demo-operator');
  await page.getByLabel('Password').fill('demo-operator-1234');
  await page.getByLabel('Authenticator code').fill(totp.generate());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

test('claim a first-deposit promotion, deposit by the bank feed, be refused until the turnover is played, withdraw, redeem a credit and an item; the operator sends the item', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  await expect.poll(async () => (await request.get(`${sandboxOrigin()}/health`)).status()).toBe(200);
  const operator = { Authorization: `Bearer ${await adminToken(request)}` };
  const tag = String(Date.now()).slice(-6);
  const promotionTitle = `Welcome 10% ${tag}`;

  // The operator's offer for this run: 10% up to 100 baht on a first deposit of 100 baht or more,
  // turnover once the bonus, and two cheap rewards (a 20-baht credit and an item, one in stock).
  const created = await request.post(ADMIN_PATHS.promotions, {
    headers: operator,
    data: {
      kind: 'FIRST_DEPOSIT',
      percent: 10,
      capSatang: 10_000,
      minDepositSatang: 10_000,
      turnoverMultiplier: 1,
      turnoverBase: 'BONUS',
      texts: {
        en: { title: promotionTitle, terms: 'Bet the bonus once before withdrawing.' },
        th: { title: `ต้อนรับ 10% ${tag}`, terms: 'ทำเทิร์นโอเวอร์ 1 เท่าของโบนัสก่อนถอน' },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const creditName = `Credit 20 baht ${tag}`;
  const itemName = `Jersey ${tag}`;
  for (const reward of [
    { name: creditName, imageUrl: 'free-credit-100.png', kind: 'credit', pricePoints: 2, creditSatang: 2000 },
    { name: itemName, imageUrl: 'football-jersey.png', kind: 'item', pricePoints: 2, stock: 1 },
  ]) {
    const saved = await request.post(ADMIN_PATHS.rewards, { headers: operator, data: reward });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  const phone = freshPhone();
  const bankNumber = `4${phone.slice(-9)}`;
  await register(page, phone, bankNumber);

  // The promotions screen from the home wallet panel: claim the first-deposit promotion.
  const promotions = await openFromWallet(page, 'Promotions', 'Promotions');
  const card = promotions.getByTestId('promotion').filter({ hasText: promotionTitle });
  await expect(card).toContainText('Bonus 10% of your deposit, up to ฿100.00');
  await expect(card).toContainText('Turnover 1× the bonus before withdrawing');
  await checkScreen(page, 'loyalty-promotions');
  await alsoInThai(page, 'loyalty-promotions', (l) => openFromWallet(page, l.modals.promotions, l.modals.promotions));
  const again = await openFromWallet(page, 'Promotions', 'Promotions');
  await again.getByRole('button', { name: `Claim: ${promotionTitle}` }).click();
  await expect(again.getByRole('status').filter({ hasText: 'Promotion chosen' })).toBeVisible();
  await again.getByRole('button', { name: 'Deposit now' }).click();

  // The deposit modal shows the promotion picked for this deposit.
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await expect(deposit.getByLabel('Promotion with this deposit')).toHaveValue(/\d+/);
  await expect(deposit.getByLabel('Promotion with this deposit').locator('option:checked')).toHaveText(promotionTitle);
  await checkScreen(page, 'loyalty-deposit-picker');
  await alsoInThai(page, 'loyalty-deposit-picker', (l) => openFromWallet(page, l.footer.deposit, l.modals.deposit));

  // 500 baht arrive through a signed bank-feed delivery: the bonus (50) comes with them.
  const delivery = await deliverBankTransfer(request, {
    reference: freshReference('E2ELOYAL'),
    fromBankCode: 'KBANK',
    fromAccountNumber: `xxxxxx${bankNumber.slice(-4)}`,
    toAccountNumber: '0381234567',
    amount: 500,
  });
  expect(delivery.data.result).toBe('credited');
  await page.getByTestId('wallet-refresh').click();
  await expect(page.getByTestId('main-balance')).toHaveText('฿550.00');
  await expect(page.getByTestId('points')).toHaveText('5');
  const progress = page.locator('.wallet').getByTestId('promotion-progress');
  await expect(progress.getByTestId('turnover-progress')).toHaveText('Turnover ฿0.00 / ฿50.00');
  await checkScreen(page, 'loyalty-home-progress');

  // A withdrawal is refused with the progress.
  const withdraw = await openFromWallet(page, 'Withdraw', 'Withdraw');
  await expect(withdraw.getByTestId('turnover-progress')).toHaveText('Turnover ฿0.00 / ฿50.00');
  await withdraw.getByLabel('Amount to withdraw (baht)').fill('100');
  await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(withdraw.getByRole('alert')).toContainText('turnover 0.00 / 50.00 baht');
  await checkScreen(page, 'loyalty-withdraw-refused');
  await alsoInThai(page, 'loyalty-withdraw-progress', (l) =>
    openFromWallet(page, l.footer.withdraw, l.modals.withdraw),
  );

  // WC rounds until the turnover is met: five spins of 10 baht.
  const wc = await page.context().newPage();
  await wc.goto('/launch-game');
  await wc.waitForURL(`${sandboxOrigin()}/play/wc**`);
  await wc.locator('#stake').fill('10');
  for (let round = 0; round < 5; round += 1) {
    await wc.locator('#spin').click();
    await expect(wc.locator('#spin')).toBeEnabled();
  }
  await wc.close();
  await page.getByTestId('wallet-refresh').click();
  await expect(page.locator('.wallet').getByTestId('promotion-progress')).toHaveCount(0);

  // Now the withdrawal goes through.
  const withdrawAgain = await openFromWallet(page, 'Withdraw', 'Withdraw');
  await expect(withdrawAgain.getByTestId('promotion-progress')).toHaveCount(0);
  await withdrawAgain.getByRole('button', { name: '฿100', exact: true }).click();
  await withdrawAgain.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const inProgress = page.getByRole('dialog', { name: 'Withdrawal in progress' });
  await expect(inProgress).toBeVisible();
  await inProgress.getByRole('button', { name: 'Confirm' }).click();

  // Redeem the credit reward, then the item: each asks for a confirmation first.
  const rewards = await openFromWallet(page, 'Rewards', 'Rewards');
  await expect(rewards.getByTestId('reward-points')).toHaveText('5');
  await checkScreen(page, 'loyalty-rewards');
  await alsoInThai(page, 'loyalty-rewards', (l) => openFromWallet(page, l.modals.reward, l.modals.reward));
  const rewardsAgain = await openFromWallet(page, 'Rewards', 'Rewards');
  const baht = async () => Number((await page.getByTestId('main-balance').textContent())?.replace(/[฿,]/g, ''));
  const balanceBefore = await baht();
  await rewardsAgain.getByRole('button', { name: `Redeem: ${creditName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Redeem this reward?' });
  await expect(confirm).toContainText(`Redeem “${creditName}” for 2 points?`);
  await checkScreen(page, 'loyalty-redeem-confirm');
  await confirm.getByRole('button', { name: 'Redeem' }).click();
  const redeemed = page.getByRole('dialog', { name: 'Reward redeemed' });
  await expect(redeemed).toContainText('20 baht has been added to your main wallet');
  await checkScreen(page, 'loyalty-redeemed');
  await redeemed.getByRole('button', { name: 'Confirm' }).click();
  await expect(rewardsAgain.getByTestId('reward-points')).toHaveText('3');
  await expect.poll(baht).toBeCloseTo(balanceBefore + 20, 2);

  await rewardsAgain.getByRole('button', { name: `Redeem: ${itemName}` }).click();
  await page.getByRole('dialog', { name: 'Redeem this reward?' }).getByRole('button', { name: 'Redeem' }).click();
  const itemDone = page.getByRole('dialog', { name: 'Reward redeemed' });
  await expect(itemDone).toContainText('We will contact you to deliver your reward.');
  await itemDone.getByRole('button', { name: 'Confirm' }).click();
  await expect(rewardsAgain.getByRole('button', { name: `Out of stock: ${itemName}` })).toBeDisabled();

  await rewardsAgain.getByRole('button', { name: 'My redemptions' }).click();
  await expect(rewardsAgain.getByTestId('redemption').first()).toContainText('Waiting for delivery');
  await checkScreen(page, 'loyalty-redemptions');
  await rewardsAgain.getByRole('button', { name: 'Close' }).first().click();

  // The operator sends the item from the fulfilment queue.
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const backoffice = await desk.newPage();
  await operatorPage(backoffice);
  await backoffice.getByRole('link', { name: 'Reward fulfilment' }).click();
  const row = backoffice.getByTestId('redemption-row').filter({ hasText: itemName });
  await expect(row).toContainText(phone);
  await backoffice.screenshot({ path: `${SCREENSHOTS}/loyalty-backoffice-fulfilment-1280x800.png` });
  await expectAccessible(backoffice, 'back office fulfilment');
  await row.getByRole('button', { name: /Mark sent/ }).click();
  const send = backoffice.getByRole('dialog', { name: 'Mark the reward sent' });
  await send.getByLabel('Note for the player').fill(`Kerry KEX${tag}`);
  await send.getByRole('button', { name: 'Mark sent' }).click();
  await expect(backoffice.getByText(`${itemName} marked sent to Loyalty Player.`)).toBeVisible();
  await desk.close();

  // The player sees it sent, with the operator's note.
  const mine = await openFromWallet(page, 'Rewards', 'Rewards');
  await mine.getByRole('button', { name: 'My redemptions' }).click();
  const sent = mine.getByTestId('redemption').filter({ hasText: itemName });
  await expect(sent).toContainText('Sent');
  await expect(sent).toContainText(`Kerry KEX${tag}`);
  await alsoInThai(page, 'loyalty-redemptions', async (l) => {
    const modal = await openFromWallet(page, l.modals.reward, l.modals.reward);
    await modal.getByRole('button', { name: l.rewards.viewMine }).click();
    await expect(modal.getByTestId('redemption').first()).toBeVisible();
    return modal;
  });

  // The history modal shows the bonus and the reward credit as entries of their own.
  const historyModal = await openFromWallet(page, 'History', 'History');
  await expect(historyModal.getByText('Bonus', { exact: true }).first()).toBeVisible();
  await expect(historyModal.getByText('Reward credit', { exact: true }).first()).toBeVisible();
  await checkScreen(page, 'loyalty-history');
  await alsoInThai(page, 'loyalty-history', async (l) => {
    const modal = await openFromWallet(page, l.modals.history, l.modals.history);
    await expect(modal.getByText(l.history.typeBonus, { exact: true }).first()).toBeVisible();
    return modal;
  });

  // The history API lists them too.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const history = await page.request.get(`${API_PATHS.history}?page=1&limit=20`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const types = ((await history.json()) as { data: { history: { type: string }[] } }).data.history.map((h) => h.type);
  expect(types).toEqual(expect.arrayContaining(['BONUS', 'REWARD_CREDIT', 'DEPOSIT', 'WITHDRAW']));
});
