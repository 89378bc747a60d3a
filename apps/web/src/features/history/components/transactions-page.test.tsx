import type { HistoryEntry } from '@app/contracts/history';
import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { errorBody, jsonResponse, mockApi, type Routes, renderApp, signIn } from '@/testing/test-utils';

function entry(id: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    createdAt: '2024-01-15T03:30:00.000Z',
    type: 'DEPOSIT',
    status: 'APPROVED',
    amount: 100,
    beforeAmount: 1000,
    afterAmount: 1100,
    reason: null,
    bankReference: null,
    ...overrides,
  };
}

/** GET history answered page by page: `pages[n - 1]` is page n; `total` is what the server says it holds. */
function historyPages(pages: HistoryEntry[][], total: number, urls: URL[] = []): Routes {
  return {
    [`GET ${API_PATHS.history}`]: (request: Request) => {
      const url = new URL(request.url);
      urls.push(url);
      const page = Number(url.searchParams.get('page'));
      return { body: { success: true, data: { history: pages[page - 1] ?? [], total } } };
    },
  };
}

/** The page in Thai, the language the spec gives its words in. */
async function openTransactions(routes: Routes) {
  await i18n.changeLanguage('th');
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/transactions');
  await screen.findByRole('heading', { name: 'ประวัติธุรกรรม' });
  return fetchMock;
}

function rows() {
  return screen.queryAllByTestId('transaction-row');
}

function amounts() {
  return screen.queryAllByTestId('transaction-amount').map((cell) => cell.textContent);
}

const pageText = () => screen.getByTestId('transactions-page');
const previous = () => screen.getByRole('button', { name: 'ก่อนหน้า' });
const next = () => screen.getByRole('button', { name: 'ถัดไป' });

describe('§2 /transactions page', () => {
  it("§2 transactions: heading 'ประวัติธุรกรรม' and subheading 'รายการฝากและถอนทั้งหมด'", async () => {
    await openTransactions(historyPages([[entry(1)]], 1));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ประวัติธุรกรรม');
    expect(screen.getByText('รายการฝากและถอนทั้งหมด')).toBeInTheDocument();
  });

  it('§7 transactions: loads GET /api/player/history?page=1&limit=100', async () => {
    const urls: URL[] = [];
    await openTransactions(historyPages([[entry(1)]], 1, urls));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(urls).toHaveLength(1);
    expect(urls[0]?.searchParams.get('page')).toBe('1');
    expect(urls[0]?.searchParams.get('limit')).toBe('100');
  });

  it("§2 transactions: columns date, type, amount, balance 'ก่อน' / 'หลัง' and the status", async () => {
    await openTransactions(historyPages([[entry(1, { beforeAmount: 1000, afterAmount: 1100 })]], 1));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['วันที่', 'ประเภท', 'จำนวนเงิน', 'ก่อน', 'หลัง', 'สถานะ']);
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('ฝากเงิน');
    expect(cells[3]).toHaveTextContent('1,000.00');
    expect(cells[4]).toHaveTextContent('1,100.00');
  });

  it("§2 transactions: deposits '+amount฿' in green, withdrawals '-amount฿' in red", async () => {
    await openTransactions(
      historyPages(
        [
          [
            entry(1, { amount: 1500 }),
            entry(2, { type: 'WITHDRAW', amount: 250.5, beforeAmount: 1100, afterAmount: 849.5 }),
          ],
        ],
        2,
      ),
    );
    await waitFor(() => expect(amounts()).toEqual(['+1,500.00฿', '-250.50฿']));
    const [deposit, withdraw] = screen.getAllByTestId('transaction-amount');
    expect(deposit).toHaveClass('tx-table__amount--deposit');
    expect(withdraw).toHaveClass('tx-table__amount--withdraw');
    expect(within(rows()[1] as HTMLElement).getByText('ถอนเงิน')).toBeInTheDocument();
  });

  it('a rejected deposit reads as rejected with its reason and no plus: nothing was credited', async () => {
    await openTransactions(
      historyPages(
        [
          [
            entry(1, {
              amount: 200,
              beforeAmount: 1000,
              afterAmount: 1000,
              status: 'REJECTED',
              reason: 'ไม่พบรายการโอนในบัญชี',
            }),
            entry(2, { amount: 100, beforeAmount: 900, afterAmount: 1000 }),
            entry(3, { amount: 50, beforeAmount: 1000, afterAmount: 1000, status: 'WAITING' }),
          ],
        ],
        3,
      ),
    );
    await waitFor(() => expect(amounts()).toEqual(['200.00฿', '+100.00฿', '+50.00฿']));
    const [rejected, approved, waiting] = rows();
    expect(within(rejected as HTMLElement).getByTestId('transaction-amount')).toHaveClass('tx-table__amount--none');
    expect(within(rejected as HTMLElement).getByTestId('transaction-status')).toHaveTextContent(
      'ถูกปฏิเสธไม่มีการเติมเงินเหตุผล: ไม่พบรายการโอนในบัญชี',
    );
    expect(within(approved as HTMLElement).getByTestId('transaction-status')).toHaveTextContent('อนุมัติแล้ว');
    expect(within(waiting as HTMLElement).getByTestId('transaction-status')).toHaveTextContent('รอดำเนินการ');
  });

  it('§2 transactions: dates in Thai locale with year, short month, day, hour and minute, in Bangkok time whatever the device’s zone', async () => {
    // 03:30 UTC is 10:30 in Bangkok; the unit tests run in New York's zone (vite.config.ts), where it is 22:30 the day before.
    const createdAt = '2024-01-15T03:30:00.000Z';
    await openTransactions(historyPages([[entry(1, { createdAt })]], 1));
    const time = (await screen.findAllByRole('cell'))[0]?.querySelector('time');
    // The Thai calendar year (2024 is 2567) and the short Thai month of January.
    expect(time).toHaveTextContent('15 ม.ค. 2567 10:30');
    expect(time).toHaveAttribute('dateTime', createdAt);
  });

  it('transactions in English: the Gregorian year, never the Buddhist era, and the same Bangkok time', async () => {
    const createdAt = '2024-01-15T03:30:00.000Z';
    await openTransactions(historyPages([[entry(1, { createdAt })]], 1));
    await act(() => i18n.changeLanguage('en'));
    const time = (await screen.findAllByRole('cell'))[0]?.querySelector('time');
    expect(time).toHaveTextContent('15 Jan 2024, 10:30');
    expect(time?.textContent).not.toContain('2567');
  });

  it('§3 transactions: the page reads only DEPOSIT and WITHDRAW entries', async () => {
    await openTransactions(
      historyPages(
        [
          [
            entry(1, { type: 'DEPOSIT', amount: 1 }),
            entry(2, { type: 'MANUAL_DEPOSIT', amount: 2 }),
            entry(3, { type: 'WITHDRAW', amount: 3 }),
            entry(4, { type: 'MANUAL_WITHDRAW', amount: 4 }),
            entry(5, { type: 'REJECT_DEPOSIT', amount: 5 }),
            entry(6, { type: 'REJECT_WITHDRAW', amount: 6 }),
          ],
        ],
        6,
      ),
    );
    await waitFor(() => expect(amounts()).toEqual(['+1.00฿', '-3.00฿']));
  });

  it('§4 transactions: the filter applies on the client to the loaded page only', async () => {
    const urls: URL[] = [];
    const page1 = [
      entry(1, { type: 'DEPOSIT', amount: 1 }),
      entry(2, { type: 'WITHDRAW', amount: 2 }),
      entry(3, { type: 'DEPOSIT', amount: 3 }),
    ];
    const page2 = [entry(4, { type: 'WITHDRAW', amount: 4 }), entry(5, { type: 'DEPOSIT', amount: 5 })];
    await openTransactions(historyPages([page1, page2], 150, urls));
    await waitFor(() => expect(amounts()).toEqual(['+1.00฿', '-2.00฿', '+3.00฿']));
    const filters = screen.getByRole('group', { name: 'แสดง' });
    expect(within(filters).getByRole('button', { name: 'ทั้งหมด' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(within(filters).getByRole('button', { name: 'ฝาก' }));
    expect(amounts()).toEqual(['+1.00฿', '+3.00฿']);
    expect(within(filters).getByRole('button', { name: 'ฝาก' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(filters).getByRole('button', { name: 'ถอน' }));
    expect(amounts()).toEqual(['-2.00฿']);
    // Filtering asks the server nothing: it sorts the page already loaded.
    expect(urls).toHaveLength(1);

    // The next page is the next 100 entries of all types; the filter still applies to what it loads.
    fireEvent.click(next());
    await waitFor(() => expect(amounts()).toEqual(['-4.00฿']));
    expect(urls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    fireEvent.click(within(filters).getByRole('button', { name: 'ทั้งหมด' }));
    expect(amounts()).toEqual(['-4.00฿', '+5.00฿']);
  });

  it("§2 transactions: 'หน้า X จาก N', previous disabled on page 1, next on the last", async () => {
    const urls: URL[] = [];
    await openTransactions(
      historyPages([[entry(1, { amount: 1 })], [entry(2, { amount: 2 })], [entry(3, { amount: 3 })]], 250, urls),
    );
    await waitFor(() => expect(amounts()).toEqual(['+1.00฿']));
    expect(pageText()).toHaveTextContent('หน้า 1 จาก 3');
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();

    fireEvent.click(next());
    await waitFor(() => expect(amounts()).toEqual(['+2.00฿']));
    expect(pageText()).toHaveTextContent('หน้า 2 จาก 3');
    expect(previous()).toBeEnabled();
    expect(next()).toBeEnabled();

    fireEvent.click(next());
    await waitFor(() => expect(amounts()).toEqual(['+3.00฿']));
    expect(pageText()).toHaveTextContent('หน้า 3 จาก 3');
    expect(next()).toBeDisabled();
    expect(urls.map((url) => [url.searchParams.get('page'), url.searchParams.get('limit')])).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);

    fireEvent.click(previous());
    await waitFor(() => expect(pageText()).toHaveTextContent('หน้า 2 จาก 3'));
  });

  it('§4 transactions: pages run from 1 to ceil(total/100), at least 1', async () => {
    await openTransactions(historyPages([[entry(1)]], 100));
    await waitFor(() => expect(pageText()).toHaveTextContent('หน้า 1 จาก 1'));
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
  });

  it("§2 transactions: empty state 'ไม่พบรายการธุรกรรม' / 'ไม่มีประวัติการฝากหรือถอนเงิน' and page 1 of 1", async () => {
    await openTransactions(historyPages([[]], 0));
    expect(await screen.findByText('ไม่พบรายการธุรกรรม')).toBeInTheDocument();
    expect(screen.getByText('ไม่มีประวัติการฝากหรือถอนเงิน')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(pageText()).toHaveTextContent('หน้า 1 จาก 1');
    expect(next()).toBeDisabled();
  });

  it('§2 transactions: the empty state also shows when the filter leaves nothing on the page', async () => {
    await openTransactions(historyPages([[entry(1, { type: 'DEPOSIT' })]], 1));
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'ถอน' }));
    expect(screen.getByText('ไม่พบรายการธุรกรรม')).toBeInTheDocument();
  });

  it("§8 transactions: a failure shows the server's message in a box titled 'ข้อผิดพลาด'", async () => {
    await openTransactions({
      [`GET ${API_PATHS.history}`]: { status: 500, body: errorBody(500, 'ระบบขัดข้อง', 'INTERNAL_ERROR') },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('ข้อผิดพลาด')).toBeInTheDocument();
    expect(alert).toHaveTextContent('ระบบขัดข้อง');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("§8 transactions: without a server message the box titled 'ข้อผิดพลาด' says it could not load", async () => {
    await openTransactions({ [`GET ${API_PATHS.history}`]: () => Promise.reject(new TypeError('offline')) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('ข้อผิดพลาด')).toBeInTheDocument();
    expect(alert).toHaveTextContent('ไม่สามารถโหลดรายการธุรกรรมได้');
  });

  it('§2 transactions: a spinner shows while loading', async () => {
    let answer: (response: Response) => void = () => {};
    await openTransactions({
      [`GET ${API_PATHS.history}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByRole('status', { name: 'กำลังโหลด...' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await act(async () => answer(jsonResponse(200, { success: true, data: { history: [entry(1)], total: 1 } })));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('status', { name: 'กำลังโหลด...' })).not.toBeInTheDocument();
  });
});
