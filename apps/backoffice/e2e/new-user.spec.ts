import { API_PATHS, DEMO_PATHS, fillPath } from '@app/contracts/paths';
import { PROTECTION_PATHS } from '@app/contracts/protection';
import { expect, type Page, test } from '@playwright/test';
import {
  checkScreen,
  deliverBankTransfer,
  freshPhone,
  freshReference,
  registerPlayer,
  SCREENSHOTS,
  signIn,
  type TestPlayer,
} from './support';

/**
 * What a new operator tripped over, screen by screen, in English and Thai: the
 * dashboard's figures agree with each other, the audit log shows baht, the
 * promotion form says what each field allows, a reward has a name per
 * language (the forms' language labels in their own scripts, Burmese
 * included), a player's page speaks words instead of codes, and the sandbox
 * bank says why a transfer was held.
 */

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(`/backoffice${path}`);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

const bahtOf = (text: string | null) => Number((text ?? '').replace(/[฿,]/g, ''));

/** The dashboard's "paid today" figures as the screen shows them (English). */
async function paidToday(page: Page) {
  const tiles = page.getByTestId('summary-tiles').getByRole('listitem');
  const paid = tiles.filter({ hasText: 'Withdrawals paid today' });
  const count = Number((await paid.locator('.tile__count').textContent())?.replace(/\D/g, ''));
  const amount = bahtOf(await paid.locator('.tile__amount').textContent());
  const hint = await paid.locator('.tile__hint').textContent();
  const split = /: (\d+) through the bank \((฿[\d,.]+)\), (\d+) by a cashier \((฿[\d,.]+)\)/.exec(hint ?? '');
  expect(split, hint ?? '').not.toBeNull();
  const [, bankCount = '', bankAmount = '', cashierCount = '', cashierAmount = ''] = split ?? [];
  const payoutTile = page.getByTestId('payout-tiles').getByRole('listitem').first();
  return {
    count,
    amount,
    bank: { count: Number(bankCount), amount: bahtOf(bankAmount) },
    cashier: { count: Number(cashierCount), amount: bahtOf(cashierAmount) },
    payoutRow: {
      count: Number((await payoutTile.locator('.tile__count').textContent())?.replace(/\D/g, '')),
      amount: bahtOf(await payoutTile.locator('.tile__amount').textContent()),
    },
  };
}

/** The demo player (seeded with a withdrawal a cashier paid), signed in through the player API. */
async function demoPlayer(page: Page): Promise<TestPlayer> {
  const login = await page.request.post(API_PATHS.login, { data: { username: '0812345678', password: 'demo1234' } });
  expect(login.status()).toBe(200);
  return {
    phone: '0812345678',
    bankNumber: '1234567890',
    token: ((await login.json()) as { data: { token: string } }).data.token,
  };
}

test('the figures agree, money is in baht, forms say what they allow, names and codes read as words', async ({
  page,
}) => {
  test.setTimeout(170_000);
  const request = page.request;

  // A withdrawal paid through the bank today: the demo player's small one, which the risk rules pay at once.
  const demo = await demoPlayer(page);
  const withdrawn = await request.post(API_PATHS.withdraw, {
    headers: { Authorization: `Bearer ${demo.token}`, 'Idempotency-Key': `e2e-${freshReference('WD')}` },
    data: { amount: 100 },
  });
  expect(withdrawn.status(), await withdrawn.text()).toBe(200);

  // A new player: a ฿1,000 deposit limit (for the audit log), a claim given up before any deposit and a
  // deposit (for the player page), then a transfer over the limit through the sandbox bank (held).
  const player = await registerPlayer(request, freshPhone(), 'New User Checks');
  const auth = { Authorization: `Bearer ${player.token}` };
  expect(
    (
      await request.put(PROTECTION_PATHS.limits, {
        headers: auth,
        data: { kind: 'DEPOSIT', period: 'DAY', amount: 1000 },
      })
    ).status(),
  ).toBe(200);
  const offered = (await (await request.get(API_PATHS.promotions, { headers: auth })).json()) as {
    data: { promotions: { id: number; kind: string }[] };
  };
  const first = offered.data.promotions.find((promotion) => promotion.kind === 'FIRST_DEPOSIT');
  expect(first).toBeDefined();
  const claimed = await request.post(fillPath(API_PATHS.promotionClaim, { id: String(first?.id) }), { headers: auth });
  expect(claimed.status(), await claimed.text()).toBe(200);
  expect((await request.post(API_PATHS.promotionForfeit, { headers: auth })).status()).toBe(200);
  const deposit = await deliverBankTransfer(request, {
    reference: freshReference('NEW'),
    fromBankCode: 'KBANK',
    fromAccountNumber: player.bankNumber,
    toAccountNumber: '0381234567',
    amount: 600,
  });
  expect(deposit.data.result).toBe('credited');

  await signIn(page, 'demo-admin');

  // 12: every "paid today" figure on the dashboard comes from one definition and they add up.
  await openPage(page, '/', 'Dashboard');
  await expect(page.getByTestId('payout-tiles')).toBeVisible();
  await expect
    .poll(async () => (await paidToday(page)).bank.count, { message: 'the auto-paid withdrawal reaches the bank' })
    .toBeGreaterThan(0);
  const figures = await paidToday(page);
  expect(figures.count).toBe(figures.bank.count + figures.cashier.count);
  expect(figures.amount).toBeCloseTo(figures.bank.amount + figures.cashier.amount, 2);
  expect(figures.payoutRow).toEqual(figures.bank);
  await checkScreen(page, 'dashboard-paid-today');

  // 14: the audit log shows the player's ฿1,000 limit in baht.
  await openPage(page, '/audit?action=protection.limit', 'Audit log');
  await expect(page.getByTestId('audit-row').first()).toContainText('amountBaht: — → ฿1,000.00');
  await checkScreen(page, 'audit-limit-baht');

  // 18: the promotion form names what each refused field allows.
  await openPage(page, '/promotions', 'Promotions');
  await page.getByRole('button', { name: 'New promotion' }).click();
  const promotion = page.getByRole('dialog', { name: 'New promotion' });
  await promotion.getByLabel('Bonus cap (baht)').fill('2000000');
  await promotion.getByLabel('Turnover multiplier').fill('500');
  await promotion.getByLabel('Title (English)').fill('Checks');
  await promotion.getByRole('button', { name: 'Save' }).click();
  await expect(promotion.getByText('Enter a whole number from 0 to 100.')).toBeVisible();
  await expect(
    promotion.getByText('Enter an amount in baht above 0, at most 2 decimals, up to ฿1,000,000.00.'),
  ).toBeVisible();
  await promotion.getByLabel('Bonus cap (baht)').scrollIntoViewIfNeeded();
  await checkScreen(page, 'promotion-form-errors');
  await promotion.getByLabel('Bonus cap (baht)').scrollIntoViewIfNeeded();
  await promotion.screenshot({ path: `${SCREENSHOTS}/promotion-form-errors-fields-en.png` });
  // 19: the Burmese label in the bundled Burmese face, not boxes.
  const burmese = promotion.getByLabel('Title (မြန်မာ)');
  await burmese.scrollIntoViewIfNeeded();
  await burmese.fill('အပ်ငွေ ဘောနပ်စ်');
  await expectFaceLoaded(page, 'Noto Sans Myanmar');
  await promotion.locator('.promotion-texts').screenshot({ path: `${SCREENSHOTS}/promotion-texts-burmese-en.png` });
  await promotion.getByRole('button', { name: 'Cancel' }).click();

  // 19: a reward's names in each language.
  await openPage(page, '/settings', 'Settings');
  await page.getByTestId('reward-row').filter({ hasText: 'สร้อยคอทองคำ' }).getByRole('button', { name: /Edit/ }).click();
  const reward = page.getByRole('dialog', { name: /^Edit / });
  await expect(reward.getByLabel('Name (English)')).toHaveValue('Gold necklace, 1 salung (3.8 g)');
  await expect(reward.getByLabel('Name (မြန်မာ)')).toHaveValue('ရွှေဆွဲကြိုး (၃.၈ ဂရမ်)');
  await reward.locator('.reward-names').scrollIntoViewIfNeeded();
  // Chinese and Korean names drawn by the faces the form loads, on a system without them too.
  await expectFaceLoaded(page, 'Noto Sans SC');
  await expectFaceLoaded(page, 'Noto Sans KR');
  await checkScreen(page, 'reward-names');
  await reward.locator('.reward-names').screenshot({ path: `${SCREENSHOTS}/reward-names-en.png` });
  await reward.getByRole('button', { name: 'Cancel' }).click();
  const names = (await (await request.get(API_PATHS.rewards, { headers: { 'Accept-Language': 'ko' } })).json()) as {
    data: { name: string }[];
  };
  expect(names.data.map((r) => r.name)).toContain('금목걸이 1살릉(3.8g)');

  // 19: the player's page in words, the codes kept as titles.
  await openPage(page, '/players', 'Players');
  await page.getByLabel('Find a player').fill(player.phone);
  await page.getByLabel('Find a player').press('Enter');
  await page.getByRole('link', { name: 'New User Checks' }).click();
  const loyalty = page.getByTestId('player-loyalty');
  await expect(loyalty).toContainText('Cancelled by the player before the deposit');
  await expect(loyalty).toContainText(/Deposit #\d+/);
  await expect(loyalty).not.toContainText('player_cancelled');
  await loyalty.scrollIntoViewIfNeeded();
  await checkScreen(page, 'player-loyalty-words');

  // The same screens in Thai.
  await page.getByLabel('Language').selectOption('th');
  await expect(loyalty).toContainText('ผู้เล่นยกเลิกก่อนฝาก');
  await loyalty.scrollIntoViewIfNeeded();
  await checkScreen(page, 'player-loyalty-words');
  await openPage(page, '/', 'ภาพรวม');
  await expect(page.getByTestId('summary-tiles')).toContainText('แคชเชียร์โอน');
  await checkScreen(page, 'dashboard-paid-today');
  await openPage(page, '/audit?action=protection.limit', 'บันทึกการตรวจสอบ');
  await checkScreen(page, 'audit-limit-baht');
  await openPage(page, '/promotions', 'โปรโมชั่น');
  await page.getByRole('button', { name: 'สร้างโปรโมชั่น' }).click();
  const thai = page.getByRole('dialog');
  await thai.getByLabel('จำนวนเท่าของเทิร์นโอเวอร์').fill('500');
  await thai.getByRole('button', { name: 'บันทึก' }).click();
  await expect(thai.getByText('กรอกจำนวนเต็มตั้งแต่ 0 ถึง 100')).toBeVisible();
  await thai.getByText('กรอกจำนวนเต็มตั้งแต่ 0 ถึง 100').scrollIntoViewIfNeeded();
  await checkScreen(page, 'promotion-form-errors');
  await thai.getByText('กรอกจำนวนเต็มตั้งแต่ 0 ถึง 100').scrollIntoViewIfNeeded();
  await thai.screenshot({ path: `${SCREENSHOTS}/promotion-form-errors-fields-th.png` });
  await thai.locator('.promotion-texts').scrollIntoViewIfNeeded();
  await thai.locator('.promotion-texts').screenshot({ path: `${SCREENSHOTS}/promotion-texts-burmese-th.png` });
  await thai.getByRole('button', { name: 'ยกเลิก' }).click();
  await openPage(page, '/settings', 'ตั้งค่า');
  await page.getByTestId('reward-row').filter({ hasText: 'สร้อยคอทองคำ' }).getByRole('button').first().click();
  const thaiReward = page.getByRole('dialog');
  await thaiReward.locator('.reward-names').scrollIntoViewIfNeeded();
  await checkScreen(page, 'reward-names');
  await thaiReward.locator('.reward-names').screenshot({ path: `${SCREENSHOTS}/reward-names-th.png` });
  await thaiReward.getByRole('button', { name: 'ยกเลิก' }).click();
  await page.getByLabel('ภาษา', { exact: true }).selectOption('en');

  // 19: the sandbox bank says why the transfer was held and what comes next.
  await page.goto(DEMO_PATHS.sandboxBank);
  await page.getByLabel("Sender's account").fill(player.bankNumber);
  await page.getByLabel('Amount (baht)').fill('800');
  await page.getByRole('button', { name: 'Send transfer' }).click();
  const result = page.locator('.result');
  await expect(result).toContainText('Held for the player, not credited');
  await expect(result).toContainText('Why: crediting it would pass the deposit limit the player set for themselves');
  await expect(result).toContainText('Next: the player sees it under Play safe → Held deposits');
  await page.screenshot({ path: `${SCREENSHOTS}/sandbox-bank-held-en.png`, fullPage: true });
});

/** A bundled face has been downloaded and used on the page (not boxes from a missing system font). */
async function expectFaceLoaded(page: Page, family: string) {
  await expect
    .poll(() =>
      page.evaluate(async (name) => {
        await document.fonts.ready;
        return [...document.fonts].some((face) => face.family.replace(/"/g, '') === name && face.status === 'loaded');
      }, family),
    )
    .toBe(true);
}
