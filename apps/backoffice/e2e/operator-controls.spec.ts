import { expect, type Page, test } from '@playwright/test';
import { checkScreen, freshPhone, playerView, registerPlayer, signIn } from './support';

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(`/backoffice${path}`);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** A time written the server's way, in UTC ("…T07:05:00.000Z"): never shown to an operator. */
const UTC_ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z/;

/*
 * From the browser: a manual credit above the operator's limit
 * (the setting MANUAL_CREDIT_APPROVAL_ABOVE, 20,000 baht) waits for a second
 * admin, who approves it under Credit approvals; an admin gives an operator a
 * limit of their own; the dashboard names today's tiles for what they count
 * and counts in plural forms; the audit log shows every time on Bangkok's clock.
 * The demo operators signed in in the other test, within the same 30-second
 * step perhaps: these sign-ins use the next step's code.
 */
test('a credit above the operator’s limit waits for a second admin, who approves it; times in Bangkok time, counts in plural forms', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const player = await registerPlayer(request, freshPhone(), 'Limit Player');

  // ---- The operator credits 25,000 baht: above the limit, it waits.
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const operatorPage = await desk.newPage();
  await signIn(operatorPage, 'demo-operator', 1);
  await openPage(operatorPage, '/players', 'Players');
  await operatorPage.getByLabel('Find a player').fill(player.phone);
  await operatorPage.getByLabel('Find a player').press('Enter');
  await operatorPage.getByRole('link', { name: 'Limit Player' }).click();
  await operatorPage.getByRole('button', { name: 'Credit', exact: true }).click();
  const credit = operatorPage.getByRole('dialog', { name: 'Credit Limit Player' });
  await credit.getByLabel('Amount (baht)').fill('25000');
  await credit.getByLabel('Reason').fill('refund of a failed payout');
  await credit.getByRole('button', { name: 'Continue' }).click();
  await credit.getByRole('button', { name: 'Credit ฿25,000.00' }).click();
  await expect(credit).toContainText('is above your limit: nothing is credited until a second admin approves it');
  await checkScreen(operatorPage, 'player-credit-waiting');
  await credit.getByRole('button', { name: 'OK' }).click();
  expect((await playerView(request, player)).balance).toBe(0);
  // The operator sees the request waiting, without the buttons.
  await openPage(operatorPage, '/credit-requests', 'Credit approvals');
  await expect(operatorPage.locator('tbody tr').filter({ hasText: 'Limit Player' })).toContainText(
    'For a second admin',
  );
  await desk.close();

  // ---- The admin: the dashboard, then the request, approved.
  await signIn(page, 'demo-admin', 1);
  await expect(page.getByText('Withdrawals paid today')).toBeVisible();
  await expect(page.getByText('Deposits credited today')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/\b1 items\b/);
  await checkScreen(page, 'dashboard-issue17');
  await openPage(page, '/credit-requests', 'Credit approvals');
  const row = page.locator('tbody tr').filter({ hasText: 'Limit Player' });
  await expect(row).toContainText('demo-operator');
  await expect(row).toContainText('฿25,000.00');
  await expect(page.getByText(/Page 1 of 1 · 1 item$/)).toBeVisible();
  await checkScreen(page, 'credit-requests');
  await row.getByRole('button', { name: /Approve/ }).click();
  const approve = page.getByRole('dialog', { name: 'Approve this credit?' });
  await checkScreen(page, 'credit-request-approve-dialog');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve.getByText('Approved: the credit is posted.')).toBeVisible();
  await approve.getByRole('button', { name: 'OK' }).click();
  const view = await playerView(request, player);
  expect(view.balance).toBe(25_000);
  expect(view.history).toEqual([
    expect.objectContaining({ type: 'MANUAL_DEPOSIT', status: 'APPROVED', amount: 25_000 }),
  ]);

  // ---- An operator's own limit, set on the operators page.
  await openPage(page, '/operators', 'Operators');
  await page.getByRole('button', { name: 'Edit demo-operator' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit demo-operator' });
  await edit.getByLabel('Manual credit limit (baht)').fill('30000');
  await checkScreen(page, 'operator-edit-dialog');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Operator demo-operator saved.')).toBeVisible();
  await expect(page.getByTestId('operator-row').filter({ hasText: 'demo-operator' })).toContainText('฿30,000.00');
  await checkScreen(page, 'operators-issue17');

  // ---- The audit log: the request, the approval and the new limit, every time on Bangkok's clock.
  await openPage(page, '/audit', 'Audit log');
  for (const action of ['credit_request.create', 'credit_request.approve', 'operator.update']) {
    await expect(page.locator('tbody').getByText(action).first()).toBeVisible();
  }
  for (const details of await page.locator('tbody details').all()) await details.locator('summary').click();
  await expect(page.locator('tbody')).not.toContainText(UTC_ISO_TIME);
  await expect(page.locator('tbody pre').first()).toContainText('+07:00');
  await checkScreen(page, 'audit-issue17');

  // ---- In Thai: the queue and the dashboard.
  await page.getByLabel('Language').selectOption('th');
  for (const [path, name] of [
    ['/credit-requests?status=APPROVED', 'credit-requests'],
    ['/', 'dashboard-issue17'],
  ] as const) {
    await page.goto(`/backoffice${path}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkScreen(page, name);
  }
  await page.getByLabel('ภาษา').selectOption('en');
});
