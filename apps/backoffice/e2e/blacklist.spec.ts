import { API_PATHS } from '@app/contracts/paths';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkScreen, freshPhone, SCREENSHOTS, signIn } from './support';

/** The section itself on a small phone (360×740), where checkScreen's page shot starts above it. */
async function sectionOnPhone(page: Page, section: Locator, language: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({
    path: `${SCREENSHOTS}/blacklist-section-${language}-360x740.png`,
    animations: 'disabled',
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/*
 * The blacklist from the browser: an admin bars a phone number on
 * the settings screen, written with dashes; a registration with that phone is
 * refused with the answer that names nothing; taken off the list, the phone
 * registers. In English and Thai, at desk and phone sizes, axe clean.
 */
test('an admin bars a phone; it cannot register until taken off the list', async ({ page, request }) => {
  const phone = freshPhone();
  const typed = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
  const register = () =>
    request.post(API_PATHS.register, {
      data: {
        agentId: 1,
        fullName: 'Barred Player',
        bankCode: 'KBANK',
        bankNumber: `4${phone.slice(-9)}`,
        phoneNumber: phone,
        password: 'secret-pass-1',
      },
    });

  await signIn(page, 'demo-admin', -1);
  await page.goto('/backoffice/settings');
  const section = page.getByRole('region', { name: 'Blacklist' });
  await section.getByRole('button', { name: 'Add to blacklist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the blacklist' });
  await dialog.getByLabel('Kind').selectOption('PHONE');
  await dialog.getByLabel('Value').fill('12345');
  await dialog.getByRole('button', { name: 'Add to blacklist' }).click();
  await expect(
    dialog.getByText('Enter a phone number (10 digits), a bank account (10 to 15 digits) or a name.'),
  ).toBeVisible();
  await dialog.getByLabel('Value').fill(typed);
  await dialog.getByLabel('Note').fill('chargeback fraud');
  await checkScreen(page, 'blacklist-add');
  await dialog.getByRole('button', { name: 'Add to blacklist' }).click();
  await expect(dialog).toBeHidden();
  const row = section.getByTestId('blacklist-row').filter({ hasText: typed });
  await expect(row).toContainText('Phone number');
  await expect(row).toContainText('chargeback fraud');
  await expect(row).toContainText('demo-admin');
  await row.scrollIntoViewIfNeeded();
  await checkScreen(page, 'blacklist');
  await sectionOnPhone(page, section, 'en');

  const refused = await register();
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    data: { errorCode: 'REGISTRATION_UNAVAILABLE' },
    message: 'Registration with these details is not available. Please contact support.',
  });

  await page.getByLabel('Language').selectOption('th');
  const thai = page.getByRole('region', { name: 'บัญชีดำ' });
  await thai.scrollIntoViewIfNeeded();
  await expect(thai.getByTestId('blacklist-row').filter({ hasText: typed })).toContainText('เบอร์โทรศัพท์');
  await checkScreen(page, 'blacklist');
  await sectionOnPhone(page, thai, 'th');
  await page.getByLabel('ภาษา').selectOption('en');

  page.once('dialog', (confirm) => confirm.accept());
  await row.getByRole('button', { name: `Remove ${typed}` }).click();
  await expect(row).toBeHidden();
  expect((await register()).status()).toBe(200);
});
