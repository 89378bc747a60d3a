import type { HistoryEntry } from '@app/contracts/history';
import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { refreshPlayerData } from '@/lib/player-data';
import { useModalStore } from '@/stores/modal-store';
import { errorBody, findModal, mockApi, type Routes, renderApp, signIn } from '@/testing/test-utils';

type Entry = Omit<HistoryEntry, 'status' | 'type'> & { status: string; type: string };

function entry(id: number, overrides: Partial<Entry> = {}): Entry {
  return {
    id,
    createdAt: '2024-01-15T03:30:00.000Z',
    type: 'DEPOSIT',
    status: 'APPROVED',
    amount: id,
    beforeAmount: 1000,
    afterAmount: 1000 + id,
    reason: null,
    bankReference: null,
    ...overrides,
  };
}

function entries(count: number, overrides: Partial<Entry> = {}): Entry[] {
  return Array.from({ length: count }, (_, index) => entry(index + 1, overrides));
}

type ListKey = 'history' | 'deposit' | 'withdraw';

/** Answers one list page by page from `all`, the way the server does, and records the URLs asked for. */
function list(key: ListKey, all: Entry[], urls: URL[] = []) {
  return (request: Request) => {
    const url = new URL(request.url);
    urls.push(url);
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return { body: { success: true, data: { [key]: all.slice((page - 1) * limit, page * limit), total: all.length } } };
  };
}

function historyRoutes(all: Entry[], urls: URL[] = []): Routes {
  return { [`GET ${API_PATHS.history}`]: list('history', all, urls) };
}

async function openHistory(routes: Routes) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('history'));
  const dialog = await findModal('History');
  return { fetchMock, dialog };
}

function rows(dialog: HTMLElement) {
  return within(dialog).queryAllByTestId('history-row');
}

function amounts(dialog: HTMLElement) {
  return within(dialog)
    .queryAllByTestId('history-amount')
    .map((cell) => cell.textContent);
}

function pageButtons(dialog: HTMLElement) {
  const pager = within(dialog).getByRole('navigation', { name: 'Pages' });
  return within(pager)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);
}

function currentPage(dialog: HTMLElement) {
  const pager = within(dialog).getByRole('navigation', { name: 'Pages' });
  return within(pager)
    .getAllByRole('button')
    .find((button) => button.getAttribute('aria-current') === 'page')?.textContent;
}

function pageOf(url: URL | undefined) {
  return { page: url?.searchParams.get('page'), limit: url?.searchParams.get('limit') };
}

describe('§2 history modal', () => {
  it('opens from the wallet panel', async () => {
    mockApi(historyRoutes(entries(2)));
    signIn();
    renderApp('/');
    const menu = await screen.findByRole('navigation', { name: 'Wallet menu' });
    fireEvent.click(within(menu).getByRole('button', { name: 'History' }));
    const dialog = await findModal('History');
    await waitFor(() => expect(rows(dialog)).toHaveLength(2));
    expect(within(dialog).getByRole('table')).toBeInTheDocument();
  });

  it('§7 the tabs All / Deposit / Withdraw call history, deposit and withdraw with page and limit 5', async () => {
    const urls: URL[] = [];
    const { dialog } = await openHistory({
      [`GET ${API_PATHS.history}`]: list('history', entries(3), urls),
      [`GET ${API_PATHS.deposit}`]: list('deposit', entries(2), urls),
      [`GET ${API_PATHS.withdraw}`]: list('withdraw', entries(1, { type: 'WITHDRAW', afterAmount: 0 }), urls),
    });
    await waitFor(() => expect(rows(dialog)).toHaveLength(3));
    expect(urls.map((url) => url.pathname)).toEqual([API_PATHS.history]);
    expect(pageOf(urls[0])).toEqual({ page: '1', limit: '5' });

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Deposit' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(2));
    expect(urls[1]?.pathname).toBe(API_PATHS.deposit);
    expect(pageOf(urls[1])).toEqual({ page: '1', limit: '5' });

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Withdraw' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(1));
    expect(urls[2]?.pathname).toBe(API_PATHS.withdraw);
    expect(pageOf(urls[2])).toEqual({ page: '1', limit: '5' });
    expect(within(dialog).getByRole('cell', { name: 'Withdrawal' })).toBeInTheDocument();
  });

  it('§4 history: switching tab resets to page 1', async () => {
    const urls: URL[] = [];
    const { dialog } = await openHistory({
      [`GET ${API_PATHS.history}`]: list('history', entries(12), urls),
      [`GET ${API_PATHS.deposit}`]: list('deposit', entries(12), urls),
    });
    await waitFor(() => expect(rows(dialog)).toHaveLength(5));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(2));
    expect(currentPage(dialog)).toBe('3');

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Deposit' }));
    await waitFor(() => expect(urls.at(-1)?.pathname).toBe(API_PATHS.deposit));
    expect(pageOf(urls.at(-1)).page).toBe('1');
    await waitFor(() => expect(rows(dialog)).toHaveLength(5));
    expect(currentPage(dialog)).toBe('1');

    fireEvent.click(within(dialog).getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(5));
    expect(currentPage(dialog)).toBe('1');
  });

  it('§9 history pager: 5 per page, up to 3 page buttons around the current page, with previous and next', async () => {
    const urls: URL[] = [];
    const { dialog } = await openHistory(historyRoutes(entries(23), urls));
    await waitFor(() => expect(amounts(dialog)).toEqual(['+1.00฿', '+2.00฿', '+3.00฿', '+4.00฿', '+5.00฿']));
    expect(pageButtons(dialog)).toEqual(['1', '2', '3']);
    expect(currentPage(dialog)).toBe('1');
    expect(within(dialog).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(amounts(dialog)).toEqual(['+11.00฿', '+12.00฿', '+13.00฿', '+14.00฿', '+15.00฿']));
    expect(pageOf(urls.at(-1))).toEqual({ page: '3', limit: '5' });
    expect(pageButtons(dialog)).toEqual(['2', '3', '4']);
    expect(currentPage(dialog)).toBe('3');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(currentPage(dialog)).toBe('4'));
    expect(pageButtons(dialog)).toEqual(['3', '4', '5']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(amounts(dialog)).toEqual(['+21.00฿', '+22.00฿', '+23.00฿']));
    expect(pageButtons(dialog)).toEqual(['3', '4', '5']);
    expect(currentPage(dialog)).toBe('5');
    expect(within(dialog).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Previous page' })).toBeEnabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(currentPage(dialog)).toBe('4'));
  });

  it('§9 history pager: no pager when everything fits on one page', async () => {
    const { dialog } = await openHistory(historyRoutes(entries(5)));
    await waitFor(() => expect(rows(dialog)).toHaveLength(5));
    expect(within(dialog).queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});

describe('§4 transaction status display', () => {
  it('§4 status: WAITING pending icon in orange, APPROVED check in green, REJECTED cancel in red, each with its word', async () => {
    const { dialog } = await openHistory(
      historyRoutes([
        entry(1, { status: 'WAITING' }),
        entry(2, { status: 'APPROVED' }),
        entry(3, { status: 'REJECTED' }),
      ]),
    );
    await waitFor(() => expect(rows(dialog)).toHaveLength(3));
    const [waiting, approved, rejected] = rows(dialog).map((row) => row.querySelector('.status-badge'));
    expect(waiting).toHaveTextContent('Waiting');
    expect(waiting).toHaveClass('status-badge--waiting');
    expect(approved).toHaveTextContent('Approved');
    expect(approved).toHaveClass('status-badge--approved');
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveClass('status-badge--rejected');
    // Colour is never the only sign: each badge has its own icon beside the word.
    const icons = [waiting, approved, rejected].map((badge) => badge?.querySelector('svg')?.innerHTML);
    expect(new Set(icons).size).toBe(3);
  });

  it('§4 status: an unknown status is shown as waiting', async () => {
    const { dialog } = await openHistory(historyRoutes([entry(1, { status: 'ON_HOLD' })]));
    await waitFor(() => expect(rows(dialog)).toHaveLength(1));
    const badge = rows(dialog)[0]?.querySelector('.status-badge');
    expect(badge).toHaveTextContent('Waiting');
    expect(badge).toHaveClass('status-badge--waiting');
  });

  it('§4 amount sign: plus when afterAmount exceeds beforeAmount, otherwise minus', async () => {
    const { dialog } = await openHistory(
      historyRoutes([
        entry(1, { amount: 500, beforeAmount: 1000, afterAmount: 1500 }),
        entry(2, { type: 'WITHDRAW', amount: 300, beforeAmount: 1500, afterAmount: 1200 }),
        entry(3, { amount: 1234.5, beforeAmount: 1200, afterAmount: 1200, status: 'WAITING' }),
      ]),
    );
    await waitFor(() => expect(amounts(dialog)).toEqual(['+500.00฿', '-300.00฿', '-1,234.50฿']));
  });
});

describe('a withdrawal paid by the bank', () => {
  it("shows as approved (the spec's statuses) with the bank's reference; an approved one without it shows none", async () => {
    const { dialog } = await openHistory(
      historyRoutes([
        entry(1, { type: 'WITHDRAW', amount: 500, beforeAmount: 1500, afterAmount: 1000, bankReference: 'SBK123ABC' }),
        entry(2, { type: 'WITHDRAW', amount: 300, beforeAmount: 1800, afterAmount: 1500 }),
      ]),
    );
    await waitFor(() => expect(rows(dialog)).toHaveLength(2));
    const [paid, approved] = rows(dialog);
    expect(paid?.querySelector('.status-badge')).toHaveTextContent('Approved');
    expect(within(paid as HTMLElement).getByTestId('paid-note')).toHaveTextContent('Paid · bank ref. SBK123ABC');
    expect(within(approved as HTMLElement).queryByTestId('paid-note')).toBeNull();
  });
});

describe('a rejected deposit reads as rejected, nothing credited', () => {
  it('one row with no sign, struck in grey, "Rejected", "Nothing credited" and the operator\'s reason', async () => {
    const { dialog } = await openHistory(
      historyRoutes([
        entry(1, {
          amount: 200,
          beforeAmount: 1000,
          afterAmount: 1000,
          status: 'REJECTED',
          reason: 'No such transfer on our statement',
        }),
        entry(2, { amount: 100, beforeAmount: 900, afterAmount: 1000 }),
      ]),
    );
    await waitFor(() => expect(amounts(dialog)).toEqual(['200.00฿', '+100.00฿']));
    const [rejected, approved] = rows(dialog);
    expect(within(rejected as HTMLElement).getByTestId('history-amount')).toHaveClass('history-table__amount--none');
    expect(rejected?.querySelector('.status-badge')).toHaveTextContent('Rejected');
    expect(within(rejected as HTMLElement).getByTestId('rejection-note')).toHaveTextContent(
      'Nothing creditedReason: No such transfer on our statement',
    );
    expect(within(approved as HTMLElement).queryByTestId('rejection-note')).not.toBeInTheDocument();
  });

  it('a rejected withdrawal keeps its minus (the money was held) and shows its reason; the refund row its plus', async () => {
    const { dialog } = await openHistory(
      historyRoutes([
        entry(1, {
          type: 'REJECT_WITHDRAW',
          amount: 300,
          beforeAmount: 700,
          afterAmount: 1000,
          status: 'REJECTED',
          reason: 'Account name does not match',
        }),
        entry(2, {
          type: 'WITHDRAW',
          amount: 300,
          beforeAmount: 1000,
          afterAmount: 700,
          status: 'REJECTED',
          reason: 'Account name does not match',
        }),
      ]),
    );
    await waitFor(() => expect(amounts(dialog)).toEqual(['+300.00฿', '-300.00฿']));
    for (const row of rows(dialog)) {
      expect(within(row).getByTestId('rejection-note')).toHaveTextContent('Reason: Account name does not match');
      expect(within(row).getByTestId('rejection-note')).not.toHaveTextContent('Nothing credited');
    }
  });
});

describe('a rejected withdrawal: one row, one meaning', () => {
  /** As the server answers them: the withdrawal REJECTED with its reason, its refund record APPROVED (the move went through). */
  const rejectedWithdrawal = [
    entry(2, { type: 'REJECT_WITHDRAW', status: 'APPROVED', amount: 500, beforeAmount: 500, afterAmount: 1000 }),
    entry(1, {
      type: 'WITHDRAW',
      status: 'REJECTED',
      amount: 500,
      beforeAmount: 1000,
      afterAmount: 500,
      reason: 'Account name does not match',
    }),
  ];

  it('the refund row says it is a refund of a rejected withdrawal, badge "Refunded", never "Approved"', async () => {
    const { dialog } = await openHistory(historyRoutes(rejectedWithdrawal));
    await waitFor(() => expect(rows(dialog)).toHaveLength(2));
    const [refund, withdrawal] = rows(dialog) as [HTMLElement, HTMLElement];
    expect(refund).toHaveTextContent('Refund of a rejected withdrawal');
    expect(within(refund).getByTestId('history-amount')).toHaveTextContent('+500.00฿');
    expect(refund.querySelector('.status-badge')).toHaveAttribute('data-status', 'REFUNDED');
    expect(refund.querySelector('.status-badge')).toHaveTextContent('Refunded');
    expect(refund).not.toHaveTextContent('Approved');
    // The withdrawal itself stays what it was: rejected, with the reason.
    expect(withdrawal.querySelector('.status-badge')).toHaveTextContent('Rejected');
    expect(within(withdrawal).getByTestId('rejection-note')).toHaveTextContent('Reason: Account name does not match');
  });

  it('in Thai: "คืนเงินแล้ว", not "อนุมัติแล้ว" beside "การถอนถูกปฏิเสธ"', async () => {
    const { dialog } = await openHistory(historyRoutes(rejectedWithdrawal));
    await waitFor(() => expect(rows(dialog)).toHaveLength(2));
    await act(() => i18n.changeLanguage('th'));
    const refund = rows(dialog)[0] as HTMLElement;
    expect(refund).toHaveTextContent('คืนเงินจากการถอนที่ถูกปฏิเสธ');
    expect(refund.querySelector('.status-badge')).toHaveTextContent('คืนเงินแล้ว');
    expect(refund).not.toHaveTextContent('อนุมัติแล้ว');
  });
});

describe('§4 history refresh and §8 errors', () => {
  it('§4 history: refresh refetches the shown page', async () => {
    const urls: URL[] = [];
    let all = entries(2);
    const { dialog } = await openHistory({
      [`GET ${API_PATHS.history}`]: (request: Request) => list('history', all, urls)(request),
    });
    await waitFor(() => expect(rows(dialog)).toHaveLength(2));
    all = entries(4);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(4));
    expect(urls).toHaveLength(2);
    expect(pageOf(urls[1])).toEqual({ page: '1', limit: '5' });
  });

  it('history queries start with HISTORY_QUERY_KEY: refreshPlayerData() refetches the open list', async () => {
    const urls: URL[] = [];
    const { dialog } = await openHistory(historyRoutes(entries(1), urls));
    await waitFor(() => expect(rows(dialog)).toHaveLength(1));
    await act(() => refreshPlayerData());
    expect(urls).toHaveLength(2);
  });

  it("§8 history: a failed load shows the server's message", async () => {
    const { dialog } = await openHistory({
      [`GET ${API_PATHS.history}`]: { status: 500, body: errorBody(500, 'History is resting', 'INTERNAL_ERROR') },
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('History is resting');
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('§8 history: without a server message, a generic could-not-load text', async () => {
    const { dialog } = await openHistory({
      [`GET ${API_PATHS.history}`]: () => Promise.reject(new TypeError('offline')),
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not load the history. Please try again.');
  });

  it('§8 history: an empty list shows the empty state', async () => {
    const { dialog } = await openHistory(historyRoutes([]));
    expect(await within(dialog).findByText('No transactions found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('§2 history tabs are ARIA tabs', () => {
  it('tablist, tabs and a tabpanel labelled by the selected tab; arrow keys, Home and End move and select', async () => {
    const { dialog } = await openHistory({
      [`GET ${API_PATHS.history}`]: list('history', entries(1)),
      [`GET ${API_PATHS.deposit}`]: list('deposit', entries(1)),
      [`GET ${API_PATHS.withdraw}`]: list('withdraw', entries(1)),
    });
    const tablist = within(dialog).getByRole('tablist', { name: 'History lists' });
    const [all, deposit, withdraw] = within(tablist).getAllByRole('tab') as [HTMLElement, HTMLElement, HTMLElement];
    expect([all, deposit, withdraw].map((tab) => tab.textContent)).toEqual(['All', 'Deposit', 'Withdraw']);
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveAttribute('tabindex', '0');
    expect(deposit).toHaveAttribute('tabindex', '-1');
    expect(within(dialog).getByRole('tabpanel', { name: 'All' })).toHaveAttribute(
      'id',
      all.getAttribute('aria-controls'),
    );

    all.focus();
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    expect(deposit).toHaveAttribute('aria-selected', 'true');
    expect(deposit).toHaveFocus();
    expect(within(dialog).getByRole('tabpanel', { name: 'Deposit' })).toBeInTheDocument();

    fireEvent.keyDown(deposit, { key: 'End' });
    expect(withdraw).toHaveAttribute('aria-selected', 'true');
    expect(withdraw).toHaveFocus();
    fireEvent.keyDown(withdraw, { key: 'ArrowRight' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveFocus();
    fireEvent.keyDown(all, { key: 'ArrowLeft' });
    expect(withdraw).toHaveFocus();
    fireEvent.keyDown(withdraw, { key: 'Home' });
    expect(all).toHaveFocus();
    expect(all).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(rows(dialog)).toHaveLength(1));
  });
});
