import { ADMIN_PATHS } from '@app/contracts/paths';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { mockApi, payoutSummary, renderApp, requestsTo, signInAs, summary } from '@/testing/test-utils';

describe('deliverable 3: dashboard', () => {
  it('shows the counts and sums of what is waiting (game transfers being confirmed too) and of today, money in th-TH format', async () => {
    mockApi();
    signInAs();
    renderApp('/');
    const tiles = await within(await screen.findByTestId('summary-tiles')).findAllByRole('listitem');
    const text = tiles.map((tile) => tile.textContent);
    expect(text).toEqual([
      expect.stringMatching(/Withdrawals to pay2 items฿1,500\.00/),
      expect.stringMatching(/Deposits to check1 item฿300\.00/),
      expect.stringMatching(/Unmatched transfers0 items฿0\.00/),
      expect.stringMatching(/Game transfers being confirmed1 item฿250\.00/),
      expect.stringMatching(
        /Deposits credited today5 items฿12,000\.50Credited to players since midnight, Bangkok time/,
      ),
      expect.stringMatching(
        /Withdrawals paid today3 items฿4,500\.00Money sent since midnight, Bangkok time: 2 through the bank \(฿4,000\.00\), 1 by a cashier \(฿500\.00\)/,
      ),
    ]);
    expect(within(tiles[0] as HTMLElement).getByRole('link', { name: /Open/ })).toHaveAttribute('href', '/withdrawals');
  });

  it('counts in the plural forms of each language: 1 item, 0 and 2 items; in Thai 1 รายการ', async () => {
    mockApi({
      [`GET ${ADMIN_PATHS.summary}`]: {
        body: {
          success: true,
          data: {
            ...summary.data,
            waitingWithdrawals: { count: 1, amount: 100 },
            waitingDeposits: { count: 0, amount: 0 },
            unmatchedTransfers: { count: 2, amount: 300 },
          },
        },
      },
    });
    signInAs();
    renderApp('/');
    const tiles = await within(await screen.findByTestId('summary-tiles')).findAllByRole('listitem');
    expect(tiles.slice(0, 3).map((tile) => within(tile).getByRole('strong').textContent)).toEqual([
      '1 item',
      '0 items',
      '2 items',
    ]);
    await act(() => i18n.changeLanguage('th'));
    const thai = within(screen.getByTestId('summary-tiles')).getAllByRole('listitem');
    expect(within(thai[0] as HTMLElement).getByRole('strong')).toHaveTextContent(/^1 รายการ$/);
  });

  it('names today’s tiles for what they count: a waiting withdrawal is a withdrawal to pay, not one paid today', async () => {
    mockApi({
      [`GET ${ADMIN_PATHS.summary}`]: {
        body: {
          success: true,
          data: {
            ...summary.data,
            waitingWithdrawals: { count: 1, amount: 300 },
            today: {
              deposits: { count: 1, amount: 1000 },
              withdrawals: { count: 0, amount: 0, byBank: { count: 0, amount: 0 }, byCashier: { count: 0, amount: 0 } },
            },
          },
        },
      },
    });
    signInAs();
    renderApp('/');
    const tiles = await within(await screen.findByTestId('summary-tiles')).findAllByRole('listitem');
    expect(tiles[0]).toHaveTextContent(/^Withdrawals to pay1 item฿300\.00/);
    expect(tiles[5]).toHaveTextContent(/^Withdrawals paid today0 items฿0\.00Money sent since midnight/);
    expect(screen.queryByText('Withdrawals today')).not.toBeInTheDocument();
  });

  it('one definition of paid today: the withdrawals tile is the bank’s payouts plus the cashier’s, and the payout row shows the same bank figure', async () => {
    mockApi({
      [`GET ${ADMIN_PATHS.summary}`]: {
        body: {
          success: true,
          data: {
            ...summary.data,
            today: {
              ...summary.data.today,
              withdrawals: {
                count: 3,
                amount: 800,
                byBank: { count: 2, amount: 500 },
                byCashier: { count: 1, amount: 300 },
              },
            },
          },
        },
      },
      [`GET ${ADMIN_PATHS.payoutSummary}`]: {
        body: { success: true, data: { ...payoutSummary, paidToday: 2, paidTodayAmount: 500 } },
      },
    });
    signInAs();
    renderApp('/');
    const tiles = await within(await screen.findByTestId('summary-tiles')).findAllByRole('listitem');
    expect(tiles[5]).toHaveTextContent(
      'Withdrawals paid today3 items฿800.00Money sent since midnight, Bangkok time: 2 through the bank (฿500.00), 1 by a cashier (฿300.00). Withdrawals still being sent are not counted.',
    );
    const payouts = await within(await screen.findByTestId('payout-tiles')).findAllByRole('listitem');
    expect(payouts[0]).toHaveTextContent(
      /^Paid through the bank today2 items฿500\.00Since midnight, Bangkok time; the same payouts as today’s reconciliation$/,
    );
  });

  it(`refreshes on its own every ${QUEUE_REFRESH_MS / 1000} s`, async () => {
    // Load the screen's chunk first, so that it can render under fake timers.
    await import('@/features/dashboard/components/dashboard');
    const fetchMock = mockApi();
    signInAs();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderApp('/');
    const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
    for (let step = 0; step < 5; step += 1) await settle();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.summary}`)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(QUEUE_REFRESH_MS - 100));
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.summary}`)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.summary}`)).toHaveLength(2);
  });

  it('a tile row shows bonus given, wagered and returned today, the bonus expense and the rewards to send', async () => {
    mockApi();
    signInAs();
    renderApp('/');
    const tiles = await within(await screen.findByTestId('loyalty-tiles')).findAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      expect.stringMatching(/^Bonus given today฿550\.00/),
      expect.stringMatching(/^Wagered under promotions today฿3,200\.00/),
      expect.stringMatching(/^Bonus returned today฿50\.00/),
      expect.stringMatching(/^Bonus expense to date฿12,500\.00/),
      expect.stringMatching(/^Rewards to send2 items/),
    ]);
    expect(within(tiles[4] as HTMLElement).getByRole('link', { name: /Open/ })).toHaveAttribute('href', '/redemptions');
  });
});
