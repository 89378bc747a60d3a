import { API_PATHS } from '@app/contracts/paths';
import { PROTECTION_PATHS, type ProtectionData } from '@app/contracts/protection';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dueReminder } from '@/features/protection/components/reality-check';
import { useModalStore } from '@/stores/modal-store';
import {
  advance,
  callsTo,
  defaultProtection,
  errorBody,
  findModal,
  mockApi,
  type Routes,
  renderApp,
  signIn,
} from '@/testing/test-utils';

async function openProtection(routes: Routes = {}) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('protection'));
  const dialog = await findModal('Play safe');
  return { fetchMock, dialog };
}

const protectionWith = (data: Partial<ProtectionData>) => ({
  body: { success: true, data: { ...defaultProtection, ...data } },
});

describe('Play safe', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('a deposit limit is sent in baht with its period, and the server’s answer is shown', async () => {
    const { fetchMock, dialog } = await openProtection({
      [`PUT ${PROTECTION_PATHS.limits}`]: { body: { success: true, message: 'Your new limit applies now.' } },
    });
    const deposit = within(dialog).getByRole('region', { name: 'Deposit limit' });
    fireEvent.change(within(deposit).getByLabelText('Period'), { target: { value: 'WEEK' } });
    fireEvent.change(within(deposit).getByLabelText('Limit in baht'), { target: { value: '1500.50' } });
    fireEvent.click(within(deposit).getByRole('button', { name: 'Save limit' }));
    expect(await within(deposit).findByRole('status')).toHaveTextContent('Your new limit applies now.');
    const [call] = callsTo(fetchMock, `PUT ${PROTECTION_PATHS.limits}`);
    expect(JSON.parse(String(call?.body))).toEqual({ kind: 'DEPOSIT', period: 'WEEK', amount: 1500.5 });
  });

  it('an amount that is not baht with at most 2 decimals is refused before anything is sent', async () => {
    const { fetchMock, dialog } = await openProtection();
    const loss = within(dialog).getByRole('region', { name: 'Loss limit' });
    fireEvent.change(within(loss).getByLabelText('Limit in baht'), { target: { value: '10.005' } });
    fireEvent.click(within(loss).getByRole('button', { name: 'Save limit' }));
    expect(await within(loss).findByText('Enter an amount in baht, at most 2 decimals.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT ${PROTECTION_PATHS.limits}`)).toHaveLength(0);
  });

  it('a huge amount is refused as too large, naming the maximum, in the server’s own words, before anything is sent', async () => {
    const { fetchMock, dialog } = await openProtection();
    const deposit = within(dialog).getByRole('region', { name: 'Deposit limit' });
    fireEvent.change(within(deposit).getByLabelText('Limit in baht'), { target: { value: '99999999999999999999' } });
    fireEvent.click(within(deposit).getByRole('button', { name: 'Save limit' }));
    expect(
      await within(deposit).findByText('The amount is too large: the most is 10,000,000 baht.'),
    ).toBeInTheDocument();
    expect(within(deposit).queryByText(/2 decimals/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT ${PROTECTION_PATHS.limits}`)).toHaveLength(0);
  });

  it('a limit in force shows what is left, and a waiting raise says when it applies', async () => {
    const { dialog } = await openProtection({
      [`GET ${PROTECTION_PATHS.protection}`]: protectionWith({
        limits: [
          {
            kind: 'DEPOSIT',
            period: 'DAY',
            amount: 1000,
            pending: { amount: 5000, from: '2026-11-27T09:00:00.000Z' },
            used: 600,
            remaining: 400,
            periodEndsAt: '2026-11-26T17:00:00.000Z',
          },
        ],
      }),
    });
    const row = within(dialog).getByTestId('limit-DEPOSIT-DAY');
    expect(row).toHaveTextContent('Per day ฿1,000.00 · ฿400.00 left');
    expect(row).toHaveTextContent(/Changes to ฿5,000\.00 on/);
  });

  it('a self-exclusion starts only once the player confirms it cannot be ended early', async () => {
    const { fetchMock, dialog } = await openProtection({
      [`POST ${PROTECTION_PATHS.exclusion}`]: {
        body: {
          success: true,
          message: 'Done. Deposits, games and promotions are closed for you until 26/05/2027 10:00.',
        },
      },
    });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Take a break' }));
    const self = await within(dialog).findByRole('region', { name: 'Self-exclusion' });
    const start = within(self).getByRole('button', { name: 'Start now' });
    expect(start).toBeDisabled();
    fireEvent.change(within(self).getByLabelText('For'), { target: { value: '1y' } });
    fireEvent.click(within(self).getByRole('checkbox'));
    fireEvent.click(start);
    expect(await within(self).findByRole('status')).toHaveTextContent(/closed for you until/);
    const [call] = callsTo(fetchMock, `POST ${PROTECTION_PATHS.exclusion}`);
    expect(JSON.parse(String(call?.body))).toEqual({ kind: 'SELF_EXCLUSION', length: '1y' });
  });

  it('a time-out offers only 24 hours to 6 weeks; self-exclusion only 6 months to permanent', async () => {
    const { dialog } = await openProtection();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Take a break' }));
    const options = (name: string) =>
      within(within(dialog).getByRole('region', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await within(dialog).findByRole('region', { name: 'Time-out' });
    expect(options('Time-out')).toEqual(['24 hours', '7 days', '30 days', '6 weeks']);
    expect(options('Self-exclusion')).toEqual(['6 months', '1 year', '5 years', 'Permanently']);
  });

  it('held deposits are listed with a way to return them; the statement gives each month’s figures', async () => {
    const { fetchMock, dialog } = await openProtection({
      [`GET ${PROTECTION_PATHS.protection}`]: protectionWith({
        held: [
          {
            id: 7,
            amount: 300,
            reference: 'FT1',
            reason: 'DEPOSIT_LIMIT',
            status: 'HELD',
            createdAt: '2026-11-26T03:00:00.000Z',
            decidedAt: null,
          },
        ],
      }),
      [`GET ${PROTECTION_PATHS.statement}`]: {
        body: {
          success: true,
          data: { months: [{ month: '2026-11', deposits: 1250.5, withdrawals: 300, bets: 150, wins: 120, net: -30 }] },
        },
      },
      [`POST ${PROTECTION_PATHS.heldReturn}`]: {
        body: {
          success: true,
          message: 'We are returning 300 baht to your bank account.',
          data: {
            id: 7,
            amount: 300,
            reference: 'FT1',
            reason: 'DEPOSIT_LIMIT',
            status: 'RETURNED',
            createdAt: '2026-11-26T03:00:00.000Z',
            decidedAt: '2026-11-26T04:00:00.000Z',
          },
        },
      },
    });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Activity' }));
    const held = await within(dialog).findByTestId('held-7');
    expect(held).toHaveTextContent('฿300.00');
    expect(held).toHaveTextContent('Over your deposit limit · Held');
    fireEvent.click(within(held).getByRole('button', { name: 'Return to my bank' }));
    expect(await within(dialog).findByText('We are returning 300 baht to your bank account.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${PROTECTION_PATHS.heldReturn}`)).toHaveLength(1);
    const month = await within(dialog).findByTestId('statement-2026-11');
    expect(month).toHaveTextContent('2026-11Deposits฿1,250.50Withdrawals฿300.00Bets฿150.00Wins฿120.00Net-฿30.00');
  });
});

describe('deposits under an exclusion', () => {
  it('the deposit screen says deposits are closed and until when, and shows nowhere to pay', async () => {
    mockApi({
      [`GET ${PROTECTION_PATHS.protection}`]: protectionWith({
        exclusion: { kind: 'SELF_EXCLUSION', startsAt: '2026-11-26T03:00:00.000Z', endsAt: '2027-05-26T03:00:00.000Z' },
      }),
    });
    signIn();
    renderApp('/');
    await screen.findByRole('region', { name: 'My wallet' });
    act(() => useModalStore.getState().open('deposit'));
    const dialog = await findModal('Deposit');
    const notice = await within(dialog).findByTestId('exclusion-notice');
    expect(notice).toHaveTextContent(/^Deposits are closed: you have excluded yourself until .*2027/);
    expect(notice).toHaveTextContent('You can still withdraw your money.');
    expect(within(dialog).queryByText('Transfer to this account')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /confirm/i })).not.toBeInTheDocument();
  });
});

/** Fake clocks that still move on their own, so that lazily loaded screens arrive while the test waits. */
function flowingFakeTime(now: string) {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  vi.setSystemTime(new Date(now));
}

describe('reality check', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('dueReminder counts whole intervals since the session started', () => {
    const start = Date.parse('2026-11-26T08:00:00Z');
    expect(dueReminder(start, 30, start + 29 * 60_000)).toBe(0);
    expect(dueReminder(start, 30, start + 30 * 60_000)).toBe(1);
    expect(dueReminder(start, 30, start + 95 * 60_000)).toBe(3);
  });

  it('every N minutes the app says how long the player has played and the result; Continue waits for the next one', async () => {
    flowingFakeTime('2026-11-26T08:14:00.000Z');
    mockApi({
      [`GET ${PROTECTION_PATHS.protection}`]: protectionWith({
        realityCheck: { minutes: 15, sessionStartedAt: '2026-11-26T08:00:00.000Z', net: -250 },
      }),
    });
    signIn();
    renderApp('/');
    await screen.findByRole('region', { name: 'My wallet' });
    expect(screen.queryByTestId('reality-check')).not.toBeInTheDocument();
    await advance(60_000);
    const prompt = await screen.findByTestId('reality-check');
    expect(prompt).toHaveTextContent('You have been playing for 0 h 15 min.');
    expect(prompt).toHaveTextContent('Your result since you logged in: -฿250.00');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).not.toBeInTheDocument());
    await advance(10 * 60_000);
    expect(screen.queryByTestId('reality-check')).not.toBeInTheDocument();
    await advance(6 * 60_000);
    expect(await screen.findByTestId('reality-check')).toHaveTextContent(/0 h 3[01] min/);
  });

  it('Stop logs the player out', async () => {
    flowingFakeTime('2026-11-26T09:00:00.000Z');
    const fetchMock = mockApi({
      [`GET ${PROTECTION_PATHS.protection}`]: protectionWith({
        realityCheck: { minutes: 60, sessionStartedAt: '2026-11-26T08:00:00.000Z', net: 10 },
      }),
    });
    signIn();
    renderApp('/');
    await screen.findByRole('region', { name: 'My wallet' });
    await advance(11_000);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop and log out' }));
    await advance(1000);
    expect(callsTo(fetchMock, `POST ${API_PATHS.logout}`)).toHaveLength(1);
  });

  it('a refused save shows the server’s words', async () => {
    const { dialog } = await openProtection({
      [`PUT ${PROTECTION_PATHS.realityCheck}`]: { status: 400, body: errorBody(400, 'Something is off.') },
    });
    fireEvent.change(within(dialog).getByLabelText('Remind me every'), { target: { value: '30' } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something is off.');
  });
});
