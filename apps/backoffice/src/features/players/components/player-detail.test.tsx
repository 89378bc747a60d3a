import { ADMIN_PATHS } from '@app/contracts/paths';
import { PROTECTION_ADMIN_PATHS } from '@app/contracts/protection';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import {
  currentLocation,
  errorBody,
  mockApi,
  paged,
  type Routes,
  renderApp,
  requestsTo,
  signInAs,
} from '@/testing/test-utils';

function detail(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    username: 'SP100007',
    phoneNumber: '0812345670',
    fullName: 'Somchai Jaidee',
    bankCode: 'KBANK',
    bankName: 'Kasikornbank',
    bankNumber: '1234567890',
    frozen: false,
    createdAt: '2026-11-20T03:00:00Z',
    balance: 1000,
    frozenAt: null,
    frozenReason: null,
    balances: { main: 1000, points: 1250, providers: { UFA: 300.5, SBO: 0 } },
    sessions: [
      {
        createdAt: '2026-11-22T01:00:00Z',
        expiresAt: '2026-11-23T01:00:00Z',
        revokedAt: '2026-11-22T02:30:00Z',
        clientAddress: '203.0.113.9',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
      },
    ],
    ...overrides,
  };
}

const frozenDetail = detail({ frozen: true, frozenAt: '2026-11-22T07:05:00Z', frozenReason: 'chargeback dispute' });

function entry(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    createdAt: '2026-11-21T05:00:00Z',
    type: 'WITHDRAW',
    status: 'REJECTED',
    amount: 500,
    beforeAmount: 1500,
    afterAmount: 1000,
    source: null,
    decidedBy: 'demo-admin',
    decidedAt: '2026-11-21T05:10:00Z',
    reason: 'account name does not match',
    note: null,
    asDeposit: false,
    ...overrides,
  };
}

const ok = (data: unknown) => ({ body: { success: true, data } });
const adjusted = (overrides: Record<string, unknown> = {}) => ({
  body: {
    success: true,
    message: 'Done.',
    data: entry(90, {
      type: 'MANUAL_DEPOSIT',
      status: 'APPROVED',
      amount: 500,
      beforeAmount: 1000,
      afterAmount: 1500,
      source: 'OPERATOR',
      decidedBy: 'demo-operator',
      reason: 'promotion bonus',
      note: 'promotion bonus',
      ...overrides,
    }),
  },
});

async function openDetail(routes: Routes = {}, path = '/players/7') {
  const fetchMock = mockApi({
    [`GET ${ADMIN_PATHS.player}`]: ok(detail()),
    [`GET ${ADMIN_PATHS.playerHistory}`]: { body: paged([entry(11)]) },
    ...routes,
  });
  signInAs();
  renderApp(path);
  await screen.findByRole('heading', { name: 'Somchai Jaidee', level: 1 });
  return fetchMock;
}

type FetchMock = Awaited<ReturnType<typeof openDetail>>;

const historyQuery = (fetchMock: FetchMock) =>
  new URL(requestsTo(fetchMock, `GET ${ADMIN_PATHS.playerHistory}`).at(-1)?.url ?? '').searchParams.toString();

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

async function openAdjust(button: 'Credit' | 'Debit') {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: `${button} Somchai Jaidee` });
}

function fillAdjust(dialog: HTMLElement, amount: string, reason: string) {
  fireEvent.change(within(dialog).getByLabelText('Amount (baht)'), { target: { value: amount } });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
}

describe('deliverable 5: the player detail', () => {
  it('shows the profile, the balances (main, credit at each provider, points) and the sessions', async () => {
    const fetchMock = await openDetail();
    expect(new URL(requestsTo(fetchMock, `GET ${ADMIN_PATHS.player}`)[0]?.url ?? '').pathname).toBe('/admin/players/7');

    const profile = section('Profile');
    expect(profile).toHaveTextContent('NameSomchai Jaidee');
    expect(profile).toHaveTextContent('UsernameSP100007');
    expect(profile).toHaveTextContent('Phone0812345670');
    expect(profile).toHaveTextContent('BankKasikornbank');
    expect(profile).toHaveTextContent('Account1234567890');
    expect(profile).toHaveTextContent('Registered20 Nov 2026, 10:00:00');
    expect(profile).toHaveTextContent('StatusActive');

    const balances = section('Balances');
    expect(balances).toHaveTextContent('Main balance฿1,000.00');
    expect(balances).toHaveTextContent('Credit at UFA฿300.50');
    expect(balances).toHaveTextContent('Credit at SBO฿0.00');
    expect(balances).toHaveTextContent('Points1,250');

    const [session] = within(section('Sessions')).getAllByTestId('session-row');
    expect(session).toHaveTextContent('22 Nov 2026, 08:00:00');
    expect(session).toHaveTextContent('23 Nov 2026, 08:00:00');
    expect(session).toHaveTextContent('22 Nov 2026, 09:30:00');
    expect(session).toHaveTextContent('203.0.113.9');
    expect(session).toHaveTextContent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)');
    expect(screen.queryByText(/Frozen since/)).not.toBeInTheDocument();
  });

  it('a frozen player shows the flag, since when (Bangkok time) and why', async () => {
    await openDetail({ [`GET ${ADMIN_PATHS.player}`]: ok(frozenDetail) });
    expect(screen.getByText('Frozen since 22 Nov 2026, 14:05:00')).toBeInTheDocument();
    expect(screen.getByText('Reason: chargeback dispute')).toBeInTheDocument();
    expect(section('Profile')).toHaveTextContent('StatusFrozen');
    expect(screen.getByRole('button', { name: 'Unfreeze' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freeze' })).not.toBeInTheDocument();
  });

  it('an unknown player says so', async () => {
    mockApi({
      [`GET ${ADMIN_PATHS.player}`]: { status: 404, body: errorBody(404, 'Player not found.', 'PLAYER_NOT_FOUND') },
      [`GET ${ADMIN_PATHS.playerHistory}`]: {
        status: 404,
        body: errorBody(404, 'Player not found.', 'PLAYER_NOT_FOUND'),
      },
    });
    signInAs();
    renderApp('/players/999');
    expect(await screen.findByText('There is no player with this id.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All players' })).toHaveAttribute('href', '/players');
  });

  it('refreshes on its own, so a decision made elsewhere shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let frozen = false;
    await openDetail({ [`GET ${ADMIN_PATHS.player}`]: () => ok(frozen ? frozenDetail : detail()) });
    expect(screen.queryByText(/Frozen since/)).not.toBeInTheDocument();
    frozen = true;
    await act(() => vi.advanceTimersByTimeAsync(QUEUE_REFRESH_MS));
    expect(await screen.findByText('Frozen since 22 Nov 2026, 14:05:00')).toBeInTheDocument();
  });
});

describe('deliverable 5: the player history', () => {
  it('lists date, type, status, amount, balance before → after, who decided and why', async () => {
    const fetchMock = await openDetail();
    const row = await within(section('History')).findByTestId('history-row');
    expect(row).toHaveTextContent('21 Nov 2026, 12:00:00');
    expect(row).toHaveTextContent('Withdrawal');
    expect(row).toHaveTextContent('Rejected');
    expect(row).toHaveTextContent('฿500.00');
    expect(row).toHaveTextContent('฿1,500.00 → ฿1,000.00');
    expect(row).toHaveTextContent('demo-admin · 21 Nov 2026, 12:10:00');
    expect(row).toHaveTextContent('account name does not match');
    expect(new URL(requestsTo(fetchMock, `GET ${ADMIN_PATHS.playerHistory}`)[0]?.url ?? '').pathname).toBe(
      '/admin/players/7/history',
    );
    expect(historyQuery(fetchMock)).toBe('sort=newest&page=1');
  });

  it('filters by type and status and pages through the address', async () => {
    const fetchMock = await openDetail({
      [`GET ${ADMIN_PATHS.playerHistory}`]: { body: paged([entry(11)], 45, 1, 20) },
    });
    const history = section('History');
    fireEvent.change(within(history).getByLabelText('Type'), { target: { value: 'MANUAL_DEPOSIT' } });
    await waitFor(() => expect(currentLocation()).toBe('/players/7?type=MANUAL_DEPOSIT'));
    fireEvent.change(within(history).getByLabelText('Status'), { target: { value: 'APPROVED' } });
    await waitFor(() => expect(currentLocation()).toBe('/players/7?type=MANUAL_DEPOSIT&status=APPROVED'));
    fireEvent.click(await within(history).findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentLocation()).toBe('/players/7?type=MANUAL_DEPOSIT&status=APPROVED&page=2'));
    await waitFor(() => expect(historyQuery(fetchMock)).toBe('type=MANUAL_DEPOSIT&status=APPROVED&sort=newest&page=2'));
    expect(within(history).getByText('Page 2 of 3 · 45 items')).toBeInTheDocument();
  });

  it('opened from an address with filters, asks for them and shows them in the filters', async () => {
    const fetchMock = await openDetail({}, '/players/7?type=REJECT_DEPOSIT&status=WAITING&sort=oldest&page=3');
    await waitFor(() => expect(historyQuery(fetchMock)).toBe('type=REJECT_DEPOSIT&status=WAITING&sort=oldest&page=3'));
    expect(within(section('History')).getByLabelText('Type')).toHaveValue('REJECT_DEPOSIT');
    expect(within(section('History')).getByLabelText('Status')).toHaveValue('WAITING');
  });

  it('a type the contract does not know is not sent', async () => {
    const fetchMock = await openDetail({}, '/players/7?type=JACKPOT');
    await waitFor(() => expect(historyQuery(fetchMock)).toBe('sort=newest&page=1'));
    expect(within(section('History')).getByLabelText('Type')).toHaveValue('');
  });
});

describe('deliverable 5: manual credit and debit', () => {
  it('a reason is required and the amount is checked (0, three decimals, negative) before any call', async () => {
    const fetchMock = await openDetail();
    const dialog = await openAdjust('Credit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please enter an amount greater than 0, with at most 2 decimals.'),
    ).toBeInTheDocument();

    for (const amount of ['0', '10.005', '-50', 'abc']) {
      fillAdjust(dialog, amount, 'promotion bonus');
      expect(
        await within(dialog).findByText('Please enter an amount greater than 0, with at most 2 decimals.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Amount (baht)')).toHaveAttribute('aria-invalid', 'true');
    }
    fillAdjust(dialog, '500', '   ');
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Credit ฿/ })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.playerCredit}`)).toHaveLength(0);
  });

  it('credit: confirms what will happen, sends {amount, reason} once with an Idempotency-Key, shows the outcome and refreshes', async () => {
    let credited = false;
    const fetchMock = await openDetail({
      [`GET ${ADMIN_PATHS.player}`]: () =>
        ok(detail(credited ? { balance: 1500, balances: { ...detail().balances, main: 1500 } } : {})),
      [`POST ${ADMIN_PATHS.playerCredit}`]: () => {
        credited = true;
        return adjusted();
      },
    });
    const detailCalls = requestsTo(fetchMock, `GET ${ADMIN_PATHS.player}`).length;
    const historyCalls = requestsTo(fetchMock, `GET ${ADMIN_PATHS.playerHistory}`).length;
    const dialog = await openAdjust('Credit');
    fillAdjust(dialog, '500', '  promotion bonus ');
    expect(await within(dialog).findByText('Credit ฿500.00 to Somchai Jaidee?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Reasonpromotion bonus');
    const confirm = within(dialog).getByRole('button', { name: 'Credit ฿500.00' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(
      await within(dialog).findByText('Credited ฿500.00 to Somchai Jaidee. Main balance: ฿1,500.00.'),
    ).toBeInTheDocument();
    const posts = requestsTo(fetchMock, `POST ${ADMIN_PATHS.playerCredit}`);
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]?.url ?? '').pathname).toBe('/admin/players/7/credit');
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await posts[0]?.json()).toEqual({ amount: 500, reason: 'promotion bonus', asDeposit: false });
    await waitFor(() => {
      expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.player}`).length).toBeGreaterThan(detailCalls);
      expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.playerHistory}`).length).toBeGreaterThan(historyCalls);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(section('Balances')).findByText('฿1,500.00')).toBeInTheDocument();
  });

  it('a credit marked as a deposit says so before and after, and sends asDeposit; a debit has no such mark', async () => {
    const fetchMock = await openDetail({
      [`POST ${ADMIN_PATHS.playerCredit}`]: () => adjusted({ asDeposit: true, reason: 'cash at the counter' }),
      [`GET ${ADMIN_PATHS.playerHistory}`]: ok({
        items: [entry(90, { type: 'MANUAL_DEPOSIT', status: 'APPROVED', asDeposit: true })],
        total: 1,
        page: 1,
        limit: 20,
      }),
    });
    expect(await screen.findByText('Counted as a deposit')).toBeInTheDocument();
    const debit = await openAdjust('Debit');
    expect(within(debit).queryByLabelText('Count as a deposit')).not.toBeInTheDocument();
    fireEvent.click(within(debit).getByRole('button', { name: 'Cancel' }));
    const dialog = await openAdjust('Credit');
    const mark = within(dialog).getByLabelText('Count as a deposit');
    expect(mark).not.toBeChecked();
    expect(mark).toHaveAccessibleDescription(/earns points and starts the player’s pending promotion/);
    fireEvent.click(mark);
    fillAdjust(dialog, '300', 'cash at the counter');
    expect(await within(dialog).findByText('Credit ฿300.00 to Somchai Jaidee?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Count as a depositYes: earns points, starts a pending promotion');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit ฿300.00' }));
    await within(dialog).findByText(/Credited/);
    const posts = requestsTo(fetchMock, `POST ${ADMIN_PATHS.playerCredit}`);
    expect(await posts[0]?.json()).toEqual({ amount: 300, reason: 'cash at the counter', asDeposit: true });
  });

  it('debit: a refusal (more than the balance) is shown as the server says it; the retry carries the same Idempotency-Key', async () => {
    let attempts = 0;
    const fetchMock = await openDetail({
      [`POST ${ADMIN_PATHS.playerDebit}`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, body: errorBody(400, 'Insufficient balance.', 'AG_INSUFFICIENT_AMOUNT') }
          : adjusted({ type: 'MANUAL_WITHDRAW', amount: 800.25, beforeAmount: 1000, afterAmount: 199.75 });
      },
    });
    const dialog = await openAdjust('Debit');
    fillAdjust(dialog, '1,500', 'duplicate credit');
    expect(await within(dialog).findByText('Debit ฿1,500.00 from Somchai Jaidee?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Debit ฿1,500.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Insufficient balance.');

    // The operator lowers the amount: same dialog, same key (the refused request left no trace on the server).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    fillAdjust(dialog, '800.25', 'duplicate credit');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Debit ฿800.25' }));
    expect(
      await within(dialog).findByText('Debited ฿800.25 from Somchai Jaidee. Main balance: ฿199.75.'),
    ).toBeInTheDocument();
    const posts = requestsTo(fetchMock, `POST ${ADMIN_PATHS.playerDebit}`);
    expect(posts).toHaveLength(2);
    expect(await posts[0]?.json()).toEqual({ amount: 1500, reason: 'duplicate credit' });
    expect(await posts[1]?.json()).toEqual({ amount: 800.25, reason: 'duplicate credit' });
    expect(posts[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(posts[0]?.headers.get('Idempotency-Key')).toBe(posts[1]?.headers.get('Idempotency-Key'));
  });

  it('a credit above the operator’s limit answers 202: the dialog says it waits for a second admin and nothing is credited', async () => {
    await openDetail({
      [`POST ${ADMIN_PATHS.playerCredit}`]: {
        status: 202,
        body: {
          success: true,
          message: 'This credit is above your limit: it waits for a second admin to approve it.',
          data: {
            id: 4,
            player: {
              id: 7,
              username: 'SP100007',
              phoneNumber: '0812345670',
              fullName: 'Somchai Jaidee',
              bankCode: 'KBANK',
              bankName: 'Kasikorn bank',
              bankNumber: '1234567890',
              frozen: false,
            },
            amount: 50_000,
            reason: 'big refund',
            requestedBy: 'demo-operator',
            requestedAt: '2026-11-24T03:00:00Z',
            status: 'WAITING',
            decidedBy: null,
            decidedAt: null,
            decisionReason: null,
            historyId: null,
            asDeposit: false,
          },
        },
      },
    });
    const dialog = await openAdjust('Credit');
    fillAdjust(dialog, '50000', 'big refund');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Credit ฿50,000.00' }));
    expect(
      await within(dialog).findByText(
        'The credit of ฿50,000.00 to Somchai Jaidee is above your limit: nothing is credited until a second admin approves it under Credit approvals.',
      ),
    ).toBeInTheDocument();
  });

  it('a new dialog is a new request: it gets a new Idempotency-Key', async () => {
    const fetchMock = await openDetail({ [`POST ${ADMIN_PATHS.playerCredit}`]: adjusted() });
    for (let round = 0; round < 2; round += 1) {
      const dialog = await openAdjust('Credit');
      fillAdjust(dialog, '500', 'promotion bonus');
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Credit ฿500.00' }));
      await within(dialog).findByText(/^Credited/);
      fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    const keys = requestsTo(fetchMock, `POST ${ADMIN_PATHS.playerCredit}`).map((post) =>
      post.headers.get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe('deliverable 5: freeze and unfreeze', () => {
  it('freezing needs a reason, sends it, and the page then shows the player frozen', async () => {
    let frozen = false;
    const fetchMock = await openDetail({
      [`GET ${ADMIN_PATHS.player}`]: () => ok(frozen ? frozenDetail : detail()),
      [`POST ${ADMIN_PATHS.playerFreeze}`]: () => {
        frozen = true;
        return ok(frozenDetail);
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze Somchai Jaidee?' });
    expect(dialog).toHaveTextContent('no money leaves their wallet until unfrozen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.playerFreeze}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' chargeback dispute ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByText('Frozen.')).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.playerFreeze}`);
    expect(new URL(post?.url ?? '').pathname).toBe('/admin/players/7/freeze');
    expect(await post?.json()).toEqual({ reason: 'chargeback dispute' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Frozen since 22 Nov 2026, 14:05:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfreeze' })).toBeInTheDocument();
  });

  it('unfreezing sends the reason and the page then shows the player active', async () => {
    let unfrozen = false;
    const fetchMock = await openDetail({
      [`GET ${ADMIN_PATHS.player}`]: () => ok(unfrozen ? detail() : frozenDetail),
      [`POST ${ADMIN_PATHS.playerUnfreeze}`]: () => {
        unfrozen = true;
        return ok(detail());
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Unfreeze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unfreeze Somchai Jaidee?' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'dispute settled' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unfreeze' }));
    expect(await within(dialog).findByText('Unfrozen.')).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.playerUnfreeze}`);
    expect(await post?.json()).toEqual({ reason: 'dispute settled' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText(/Frozen since/)).not.toBeInTheDocument());
    expect(section('Profile')).toHaveTextContent('StatusActive');
    expect(screen.getByRole('button', { name: 'Freeze' })).toBeInTheDocument();
  });

  it('when a colleague froze the player first, the refusal (ALREADY_FROZEN) is shown and the page shows the freeze', async () => {
    let calls = 0;
    await openDetail({
      [`GET ${ADMIN_PATHS.player}`]: () => {
        calls += 1;
        return ok(calls === 1 ? detail() : frozenDetail);
      },
      [`POST ${ADMIN_PATHS.playerFreeze}`]: {
        status: 409,
        body: errorBody(409, 'The player is already frozen.', 'ALREADY_FROZEN'),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze Somchai Jaidee?' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'chargeback dispute' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The player is already frozen.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Frozen since 22 Nov 2026, 14:05:00')).toBeInTheDocument();
  });
});

describe('the player’s own protection, read only', () => {
  it('shows the self-exclusion and its end, the limits the player set with a waiting raise, the reality check and held money', async () => {
    await openDetail({
      [`GET ${PROTECTION_ADMIN_PATHS.playerProtection}`]: ok({
        limits: [
          {
            kind: 'DEPOSIT',
            period: 'DAY',
            amount: 500,
            pending: { amount: 2000, from: '2026-11-27T03:00:00Z' },
            used: 300,
            remaining: 200,
            periodEndsAt: '2026-11-26T17:00:00Z',
          },
          {
            kind: 'LOSS',
            period: 'WEEK',
            amount: null,
            pending: null,
            used: 0,
            remaining: null,
            periodEndsAt: '2026-11-29T17:00:00Z',
          },
        ],
        exclusion: { kind: 'SELF_EXCLUSION', startsAt: '2026-11-26T03:00:00Z', endsAt: '2027-05-26T03:00:00Z' },
        exclusions: [{ kind: 'SELF_EXCLUSION', startsAt: '2026-11-26T03:00:00Z', endsAt: '2027-05-26T03:00:00Z' }],
        realityCheckMinutes: 30,
        held: [
          {
            id: 3,
            amount: 800,
            reference: 'SBXHELD1',
            reason: 'EXCLUDED',
            status: 'HELD',
            createdAt: '2026-11-26T04:00:00Z',
            decidedAt: null,
          },
        ],
      }),
    });
    const section = await screen.findByTestId('player-protection');
    expect(section).toHaveTextContent('Self-excluded until');
    expect(section).toHaveTextContent('Nobody can end it early.');
    expect(section).toHaveTextContent('Every 30 minutes');
    const rows = within(section).getAllByTestId('protection-limit-row');
    // Only limits the player set: the unset weekly loss limit is not listed.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Deposits per day');
    expect(rows[0]).toHaveTextContent('฿500.00');
    expect(rows[0]).toHaveTextContent('฿300.00');
    expect(rows[0]).toHaveTextContent('฿2,000.00 from');
    expect(within(section).getByTestId('protection-held')).toHaveTextContent('฿800.00 · Time-out or self-exclusion');
    // Read only: no button to lift or change anything.
    expect(within(section).queryByRole('button')).toBeNull();
  });
});

describe('the player’s promotions and points in words, the codes kept as the title', () => {
  const claim = (id: number, status: string, endReason: string | null) => ({
    id,
    promotionId: 1,
    title: 'Welcome bonus',
    status,
    deposit: 500,
    bonus: 500,
    turnoverRequired: 3000,
    turnoverDone: 3000,
    maxWithdraw: null,
    claimedAt: '2026-11-22T03:00:00Z',
    activatedAt: '2026-11-22T03:00:00Z',
    endedAt: '2026-11-23T03:00:00Z',
    endReason,
  });
  const lot = (id: number, source: string, reference: string) => ({
    id,
    points: 10,
    remaining: 10,
    source,
    reference,
    earnedAt: '2026-11-22T03:00:00Z',
    expiresAt: null,
  });
  const loyalty = {
    points: 30,
    turnover: 1000,
    promotions: [
      claim(1, 'COMPLETED', 'TURNOVER_MET'),
      claim(2, 'ENDED_LOW_BALANCE', 'balance_below_floor'),
      claim(3, 'CANCELLED', 'player_cancelled'),
    ],
    redemptions: [],
    pointsLots: [
      lot(1, 'TURNOVER', 'ufa:settled:2:100000'),
      lot(2, 'DEPOSIT', '41'),
      lot(3, 'REFUND', 'redemption:5'),
      lot(4, 'TURNOVER', 'wc:round-77'),
    ],
  };

  it('why each claim ended and where each lot came from, in English and Thai; no raw code as the text', async () => {
    await openDetail({ [`GET ${ADMIN_PATHS.playerLoyalty}`]: ok(loyalty) });
    const box = await screen.findByTestId('player-loyalty');
    const claims = within(box).getAllByTestId('player-claim-row');
    expect(claims.map((row) => row.querySelector('[title]')?.textContent)).toEqual([
      'Turnover reached: the bonus is the player’s to withdraw',
      'Balance fell below the floor: the bonus ended',
      'Cancelled by the player before the deposit',
    ]);
    expect(claims[0]?.querySelector('[title]')).toHaveAttribute('title', 'Code: TURNOVER_MET');
    const sources = within(box)
      .getAllByRole('cell')
      .filter((cell) => cell.getAttribute('title')?.startsWith('Code: '));
    expect(sources.map((cell) => cell.textContent)).toEqual([
      'Bets at UFA sports: settled stakes reached ฿1,000.00',
      'Deposit #41',
      'Points returned: redemption #5 cancelled',
      'Bet at WC slots (round-77)',
    ]);
    expect(sources[0]).toHaveAttribute('title', 'Code: TURNOVER ufa:settled:2:100000');
    expect(box).not.toHaveTextContent(/TURNOVER_MET|balance_below_floor|player_cancelled|ufa:settled/);

    await act(() => i18n.changeLanguage('th'));
    expect(within(box).getAllByTestId('player-claim-row')[1]?.querySelector('[title]')).toHaveTextContent(
      'ยอดเงินต่ำกว่าขั้นต่ำ โบนัสสิ้นสุด',
    );
    expect(box).toHaveTextContent('ยอดเล่นที่ UFA กีฬา: ยอดเดิมพันที่ตัดสินแล้วถึง ฿1,000.00');
  });
});
