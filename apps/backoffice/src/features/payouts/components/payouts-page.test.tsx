import { ADMIN_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, paged, payoutSummary, type Routes, renderApp, requestsTo, signInAs } from '@/testing/test-utils';

function payout(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    historyId: 40 + id,
    reference: `WD${40 + id}-1`,
    status: 'PAID',
    amount: 500,
    toBankCode: 'KBANK',
    toAccount: '1234567890',
    toName: 'สมชาย ใจดี',
    approvedBy: 'auto',
    attempts: 1,
    lastError: null,
    bankReference: 'SBK1ABC',
    paidByHand: null,
    createdAt: '2026-11-26T03:00:00Z',
    requestedAt: '2026-11-26T03:00:00Z',
    paidAt: '2026-11-26T03:00:01Z',
    debitMatched: true,
    player: { id: 7, username: 'SP100007', fullName: 'สมชาย ใจดี' },
    ...overrides,
  };
}

const report = {
  day: '2026-11-26',
  ledgerPaidCount: 2,
  ledgerPaidTotal: 20_500,
  bankDebitCount: 2,
  bankDebitTotal: 20_577,
  matched: 1,
  differences: [
    {
      kind: 'DEBIT_WITHOUT_PAYOUT',
      reference: 'STRAY-1',
      bankReference: 'SBK9',
      ledgerAmount: null,
      bankAmount: 77,
      at: '2026-11-26T03:10:00Z',
    },
  ],
  bankBalance: 9_979_500,
  inFlight: 0,
  failed: 1,
};

async function openPayouts(items: unknown[], role: 'operator' | 'admin' = 'operator', routes: Routes = {}) {
  const fetchMock = mockApi({
    [`GET ${ADMIN_PATHS.payouts}`]: { body: paged(items) },
    [`GET ${ADMIN_PATHS.payoutReconciliation}`]: { body: { success: true, data: report } },
    [`GET ${ADMIN_PATHS.payoutSummary}`]: {
      body: { success: true, data: { ...payoutSummary, paidToday: 2, medianSeconds: 0.4, p95Seconds: 1.2, failed: 1 } },
    },
    ...routes,
  });
  signInAs(role);
  renderApp('/payouts');
  await screen.findByRole('heading', { name: 'Payouts' });
  return fetchMock;
}

describe('payouts through the bank connector', () => {
  it("lists each payout with its reference, player, account, amount, status and the bank's reference; today's times above", async () => {
    await openPayouts([payout(1)]);
    const row = await screen.findByTestId('payout-row');
    expect(row).toHaveTextContent('WD41-1');
    expect(row).toHaveTextContent('KBANK 1234567890');
    expect(row).toHaveTextContent('฿500.00');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('Bank ref. SBK1ABC');
    expect(row).toHaveTextContent('Risk rules (automatic)');
    const summary = screen.getByTestId('payout-summary');
    expect(summary).toHaveTextContent('Median request → paid0.4 s');
    expect(summary).toHaveTextContent('p95 request → paid1.2 s');
  });

  it('an unknown payout can be asked about now (POST retry); a refused one is marked paid by hand only by an admin, with a bank reference', async () => {
    const fetchMock = await openPayouts(
      [
        payout(1, { status: 'UNKNOWN', bankReference: null, lastError: 'HTTP 500' }),
        payout(2, { status: 'FAILED', bankReference: null }),
      ],
      'admin',
      {
        [`POST ${ADMIN_PATHS.payoutRetry}`]: {
          body: { success: true, data: { id: 1, status: 'PAID', bankReference: 'SBK2' } },
        },
        [`POST ${ADMIN_PATHS.payoutMarkPaid}`]: {
          body: { success: true, data: { id: 2, status: 'PAID', bankReference: 'HAND-77' } },
        },
      },
    );
    const [unknown, failed] = await screen.findAllByTestId('payout-row');
    fireEvent.click(within(unknown as HTMLElement).getByRole('button', { name: 'Ask the bank now' }));
    const retry = await screen.findByRole('dialog', { name: 'Ask the bank about this payout' });
    fireEvent.click(within(retry).getByRole('button', { name: 'Ask the bank now' }));
    await within(retry).findByText('Asked. The list shows what the bank answered.');
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.payoutRetry}`)).toHaveLength(1);
    fireEvent.click(within(retry).getByRole('button', { name: 'OK' }));

    fireEvent.click(within(failed as HTMLElement).getByRole('button', { name: 'Paid by hand' }));
    const mark = await screen.findByRole('dialog', { name: 'Record a payout paid by hand' });
    const confirm = within(mark).getByRole('button', { name: 'Paid by hand' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(mark).getByLabelText("The bank's reference of the transfer"), {
      target: { value: 'HAND-77' },
    });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await within(mark).findByText('Recorded as paid.');
    const [sent] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.payoutMarkPaid}`);
    expect(new URL(sent?.url ?? '').pathname).toBe('/admin/payouts/2/mark-paid');
    expect(await sent?.json()).toEqual({ bankReference: 'HAND-77' });
  });

  it('an operator (not admin) gets no paid-by-hand button', async () => {
    await openPayouts([payout(2, { status: 'FAILED', bankReference: null })]);
    const row = await screen.findByTestId('payout-row');
    expect(within(row).queryByRole('button', { name: 'Paid by hand' })).toBeNull();
  });

  it('the reconciliation lists the totals both sides and every difference', async () => {
    await openPayouts([payout(1)]);
    const reconciliation = await screen.findByTestId('reconciliation');
    expect(reconciliation).toHaveTextContent('Paid in the ledger2 · ฿20,500.00');
    expect(reconciliation).toHaveTextContent('Debited by the bank2 · ฿20,577.00');
    const difference = within(reconciliation).getByTestId('difference-row');
    expect(difference).toHaveTextContent('Debit no payout accounts for');
    expect(difference).toHaveTextContent('STRAY-1');
    expect(difference).toHaveTextContent('฿77.00');
    expect((screen.getByLabelText('Day (Bangkok)') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
