import { ADMIN_PATHS } from '@app/contracts/paths';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { mockApi, renderApp, requestsTo, signInAs } from '@/testing/test-utils';

describe('deliverable 3: dashboard', () => {
  it('shows the counts and sums of what is waiting (game transfers being confirmed too) and of today, money in th-TH format', async () => {
    mockApi();
    signInAs();
    renderApp('/');
    const tiles = await within(await screen.findByRole('main')).findAllByRole('listitem');
    const text = tiles.map((tile) => tile.textContent);
    expect(text).toEqual([
      expect.stringMatching(/Withdrawals to pay.*2 items.*฿1,500\.00/),
      expect.stringMatching(/Deposits to check.*1 items.*฿300\.00/),
      expect.stringMatching(/Unmatched transfers.*0 items.*฿0\.00/),
      expect.stringMatching(/Game transfers being confirmed.*1 items.*฿250\.00/),
      expect.stringMatching(/Deposits today.*5 items.*฿12,000\.50/),
      expect.stringMatching(/Withdrawals today.*3 items.*฿4,500\.00/),
    ]);
    expect(within(tiles[0] as HTMLElement).getByRole('link', { name: /Open/ })).toHaveAttribute('href', '/withdrawals');
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
});
