import { expect, type Page, test } from '@playwright/test';
import { fontsLoaded, freshPhone, SCREENSHOTS } from './support';

async function fillRegister(page: Page, phone: string, bankNumber: string) {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await page.getByLabel('Full name').fill('E2E Player');
  await page.getByLabel('Bank account number').fill(bankNumber);
}

test('a new player: register, wallet, Thai, reload, logout, and the guard returns a guest to /transactions', async ({
  page,
}) => {
  const phone = freshPhone();
  const bankNumber = `1${phone.slice(-9)}`;

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/login-360x740.png` });

  // Register a new player; automatic login, then the confirm button goes to /.
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await expect(page.locator('.bank-logo').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/register-360x740.png` });
  await fillRegister(page, phone, bankNumber);
  await page.getByRole('button', { name: 'Register' }).click();
  const success = page.getByRole('dialog', { name: 'Register successful' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Confirm' }).click();

  // Land on / and see the wallet panel.
  await expect(page).toHaveURL(/\/$/);
  const wallet = page.getByRole('region', { name: 'My wallet' });
  await expect(wallet).toBeVisible();
  await expect(wallet.getByText('Main balance')).toBeVisible();
  await expect(page.getByTestId('main-balance')).toHaveText(/^฿\d[\d,]*\.\d{2}$/);
  await expect(page.getByTestId('wallet-username')).not.toHaveText('Guest');
  await expect(page.getByRole('button', { name: /^EVENT POINT .* REDEEM NOW$/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/home-360x740.png` });

  // No horizontal scroll at 320 px.
  await page.setViewportSize({ width: 320, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 360, height: 740 });

  // Switch to Thai and see Thai text.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('th');
  await expect(page.getByText('ยอดเงินหลัก')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'เมนูหลัก' })).toContainText('ฝากเงิน');
  await fontsLoaded(page);
  // Its own name: the money journey's home-th-360x740.png is the home in Thai with its banner.
  await page.screenshot({ path: `${SCREENSHOTS}/home-th-switched-360x740.png` });

  // Reload: still logged in and still in Thai.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('ยอดเงินหลัก')).toBeVisible();
  await expect(page.getByRole('region', { name: 'กระเป๋าเงินของฉัน' })).toBeVisible();

  // Log out and land on /login.
  await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A guest opening /transactions lands on /login, and after logging in returns to /transactions.
  await page.goto('/transactions');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('เบอร์โทรศัพท์').fill(phone);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill('secret-pass-1');
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await expect(page.getByText('เข้าสู่ระบบสำเร็จ')).toBeVisible();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole('heading', { name: 'ประวัติธุรกรรม' })).toBeVisible();
});

test('login errors come from the real server: wrong password shows its message inline', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Phone number').fill('0812345678');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/\S/);
  await expect(page).toHaveURL(/\/login$/);
});

test('the demo player logs in and sees the seeded wallet', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Phone number').fill('0812345678');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('wallet-username')).not.toHaveText('Guest');
});
