import { API_PATHS } from '@app/contracts/paths';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import cn from '../src/locales/cn';
import en from '../src/locales/en';
import ko from '../src/locales/ko';
import ls from '../src/locales/ls';
import mm from '../src/locales/mm';
import th from '../src/locales/th';
import {
  checkScreen,
  deliverBankTransfer,
  expectAccessible,
  fontsDrawing,
  fontsLoaded,
  freshPhone,
  freshReference,
  SCREENSHOTS,
  sandboxOrigin,
  slipImage,
} from './support';

const PASSWORD = 'secret-pass-1';

/** The banner's title in each language. */
const BANNER_TITLES: Record<string, { title: string }> = {
  en: { title: en.banner.title },
  th: { title: th.banner.title },
  cn: { title: cn.banner.title },
  ls: { title: ls.banner.title },
  mm: { title: mm.banner.title },
  ko: { title: ko.banner.title },
};

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

/**
 * Holds back every request to an API path until the returned function is
 * called, so that a screen that is on view only while it waits (a launch
 * screen) can be seen and saved. Once released, later requests pass at once.
 */
async function holdRequests(context: BrowserContext, path: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(`**${path}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

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

test('a player registers, is credited by the bank feed, sends a slip, plays, transfers back, withdraws and sees it in the history', async ({
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

  // The deposit modal shows the house account; its button leads to confirm-deposit.
  const deposit = await openFromWallet(page, 'Deposit', 'Deposit');
  await expect(deposit.getByRole('region', { name: /Transfer to this account/ })).toBeVisible();
  await expect(deposit.getByRole('img', { name: /PromptPay QR code/ })).toBeVisible();
  await checkScreen(page, 'journey-deposit-modal');
  await deposit.getByRole('button', { name: 'I have transferred: confirm deposit' }).click();

  // Confirm-deposit with a generated slip: the server accepts it and it waits for verification.
  const confirm = page.getByRole('dialog', { name: 'Confirm deposit' });
  await confirm.getByLabel('Amount transferred (baht)').fill('200');
  await confirm
    .locator('input[type="file"]')
    .setInputFiles(await slipImage(request, freshReference('E2ESLIP'), 'KBANK', 200));
  await expect(confirm.getByRole('img', { name: 'Slip preview' })).toBeVisible();
  await checkScreen(page, 'journey-confirm-deposit-modal');
  await confirm.getByRole('button', { name: 'Confirm deposit' }).click();
  const received = page.getByRole('dialog', { name: 'Deposit received' });
  await expect(received).toContainText('฿200.00');
  await checkScreen(page, 'journey-deposit-received');
  await received.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The play modal opens the sports game in a new tab: credit moves to the provider, the tab lands on the game.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Play' }).click();
  const play = page.getByRole('dialog', { name: 'Play games' });
  await expect(play.getByRole('link')).toHaveCount(2);
  await checkScreen(page, 'journey-play-modal');
  const releaseSportsLaunch = await holdRequests(context, API_PATHS.launch);
  const [sports] = await Promise.all([
    context.waitForEvent('page'),
    play.getByRole('link', { name: /UFA Sports/ }).click(),
  ]);
  await expect(sports.getByText('Game launching...')).toBeVisible();
  await checkScreen(sports, 'journey-launch-ufa');
  releaseSportsLaunch();
  await sports.waitForURL(`${sandboxOrigin()}/play/sports**`);
  expect(new URL(sports.url()).searchParams.get('lang')).toBe('EN-US');
  await sports.screenshot({ path: `${SCREENSHOTS}/journey-sports-game-360x740.png` });
  await sports.close();
  await play.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('wallet-refresh').click();
  await expect(page.getByTestId('main-balance')).toHaveText('฿0.00');
  await expect(page.getByTestId('ufa-balance')).toHaveText('฿500.00');

  // Transfer in from the wallet panel: 'Transferring...', then after 3 s the success modal.
  await page.getByTestId('transfer-in').click();
  await expect(page.getByTestId('transfer-in')).toHaveText('Transferring...');
  const transferred = page.getByRole('dialog', { name: 'Transfer successful' });
  await expect(transferred).toContainText('฿500.00');
  await checkScreen(page, 'journey-transfer-successful');
  await transferred.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('main-balance')).toHaveText('฿500.00');
  await expect(page.getByTestId('ufa-balance')).toHaveText('฿0.00');

  // The WC game (seamless wallet) opens from /launch-game on its own page.
  const wc = await context.newPage();
  const releaseWcLaunch = await holdRequests(context, API_PATHS.launchGame);
  await wc.goto('/launch-game');
  await expect(wc.getByText('Game launching...')).toBeVisible();
  await checkScreen(wc, 'journey-launch-game');
  releaseWcLaunch();
  await wc.waitForURL(`${sandboxOrigin()}/play/wc**`);
  await wc.screenshot({ path: `${SCREENSHOTS}/journey-wc-game-360x740.png` });
  await wc.close();

  // Withdraw with a quick amount: one request, the in-progress modal, and closing it closes the withdraw modal.
  const withdraw = await openFromWallet(page, 'Withdraw', 'Withdraw');
  await withdraw.getByRole('button', { name: '฿100', exact: true }).click();
  await expect(withdraw.getByLabel('Amount to withdraw (baht)')).toHaveValue('100');
  await checkScreen(page, 'journey-withdraw-modal');
  await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const inProgress = page.getByRole('dialog', { name: 'Withdrawal in progress' });
  await expect(inProgress).toContainText('15 minutes');
  await checkScreen(page, 'journey-withdraw-in-progress');
  await inProgress.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('main-balance')).toHaveText('฿400.00');

  // The other modals, as the player meets them.
  for (const [button, title, ready] of [
    ['Profile', 'Profile', 'Bank account number'],
    ['Rewards', 'Rewards', 'Redeem'],
    ['Change password', 'Change password', 'Current password'],
  ] as const) {
    const modal = await openFromWallet(page, button, title);
    await expect(modal.getByText(ready, { exact: true }).first()).toBeVisible();
    await checkScreen(page, `journey-${title.toLowerCase().replace(/ /g, '-')}-modal`);
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await expect(modal).toBeHidden();
  }

  // The waiting withdrawal is in the history modal and on /transactions.
  const history = await openFromWallet(page, 'History', 'History');
  await expect(history.getByText('Waiting').first()).toBeVisible();
  await checkScreen(page, 'journey-history-modal');
  await history.getByRole('button', { name: 'Close' }).first().click();
  await expect(history).toBeHidden();

  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transaction history' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('-100.00฿');
  // An English screen writes the date with the Gregorian year in Bangkok time (one zone, one format per language).
  const englishDate = (await page.locator('table time').first().textContent()) ?? '';
  expect(englishDate).toMatch(/^\d{1,2} [A-Z][a-z]{2} 20\d\d, \d\d:\d\d$/);
  await checkScreen(page, 'journey-transactions');
  // In Thai the same date is Thai (the Buddhist-era year and a Thai month), its month drawn with the bundled
  // Thai face, not a system font's boxes (a machine without a Thai font drew "28 □.□. 2569" while the face came
  // after system-ui).
  await page.getByRole('combobox').first().selectOption('th');
  await expect(page.locator('table time').first()).toHaveText(/^\d{1,2} [\u0E01-\u0E5B.]+ 25\d\d \d\d:\d\d$/);
  const thaiMonth =
    ((await page.locator('table time').first().textContent()) ?? '').match(/[\u0E01-\u0E5B]/g)?.length ?? 0;
  expect(thaiMonth).toBeGreaterThan(0);
  // Polled: the face may still be downloading (font-display: swap), and the date is drawn again when it comes.
  await expect
    .poll(async () =>
      (await fontsDrawing(page, 'table time'))
        .filter((font) => font.familyName.startsWith('Noto Sans Thai'))
        .map((font) => font.glyphCount),
    )
    .toEqual([thaiMonth]);
  await checkScreen(page, 'journey-transactions-th');
  await page.getByRole('combobox').first().selectOption('en');

  // The home screen in all six languages: the words switched (the banner's too) and their faces loaded.
  await page.goto('/');
  for (const [language, banner] of Object.entries(BANNER_TITLES)) {
    await page.getByRole('combobox').first().selectOption(language);
    await expect(page.getByTestId('event-banner')).toContainText(banner.title);
    // The words are laid out, so their faces are asked for: wait until every font load has settled.
    await fontsLoaded(page);
    await page.screenshot({ path: `${SCREENSHOTS}/home-${language}-360x740.png` });
    await expectAccessible(page, `home (${language})`);
  }
  await page.getByRole('combobox').first().selectOption('en');

  // Log out.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
