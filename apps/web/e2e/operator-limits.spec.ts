import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { SETTING_CODES } from '@app/contracts/settings';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, checkScreen, freshPhone } from './support';

/**
 * The limits the browser checks are the server's. An operator
 * raises the withdrawal minimum to 200 baht, and the withdraw modal refuses
 * 150 as the player types, naming 200: the same rule the server applies.
 */

const PASSWORD = 'secret-pass-1';

async function setWithdrawMinimum(request: APIRequestContext, operator: Record<string, string>, value: string) {
  const response = await request.put(fillPath(ADMIN_PATHS.setting, { code: SETTING_CODES.withdrawMinAmount }), {
    headers: operator,
    data: { value },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an operator raises the withdrawal minimum to 200, and the withdraw modal refuses 150 live with the new figure', async ({
  page,
  request,
}) => {
  const operator = { Authorization: `Bearer ${await adminToken(request)}` };

  // A player with 500 baht (enough to type 150 and 200: the field is capped to the balance).
  const phone = freshPhone();
  const registered = await request.post(API_PATHS.register, {
    data: {
      agentId: 1,
      fullName: 'Limits Player',
      bankCode: 'KBANK',
      bankNumber: `1${phone.slice(1)}`,
      phoneNumber: phone,
      password: PASSWORD,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const found = await request.get(`${ADMIN_PATHS.players}?q=${phone}`, { headers: operator });
  const playerId = ((await found.json()) as { data: { items: { id: number }[] } }).data.items[0]?.id;
  expect(playerId).toBeDefined();
  const credited = await request.post(fillPath(ADMIN_PATHS.playerCredit, { id: String(playerId) }), {
    headers: operator,
    data: { amount: 500, reason: 'operator limits browser test' },
  });
  expect(credited.status(), await credited.text()).toBe(200);

  await setWithdrawMinimum(request, operator, '200');
  try {
    await page.goto('/login');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page
      .getByRole('region', { name: 'My wallet' })
      .getByRole('button', { name: 'Withdraw', exact: true })
      .first()
      .click();
    const modal = page.getByRole('dialog', { name: 'Withdraw' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('Minimum withdrawal 200 baht per transaction')).toBeVisible();

    const amount = modal.getByLabel('Amount to withdraw (baht)');
    await amount.fill('150');
    await expect(modal.getByText('Minimum withdrawal is 200 baht')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(modal.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
    await checkScreen(page, 'withdraw-minimum-from-server');

    // 200 passes the same check in the browser and on the server.
    await amount.fill('200');
    await expect(modal.getByText('Minimum withdrawal is 200 baht')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /in progress/i })).toBeVisible();
  } finally {
    await setWithdrawMinimum(request, operator, '100');
  }
});
