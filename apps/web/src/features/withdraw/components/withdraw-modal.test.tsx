import { WITHDRAW_QUICK_AMOUNTS_BAHT } from '@app/contracts/limits';
import { API_PATHS } from '@app/contracts/paths';
import { withdrawRequestSchema } from '@app/contracts/wallet';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND, resendTiming } from '@/lib/idempotency';
import { queryClient } from '@/lib/query-client';
import { useModalStore } from '@/stores/modal-store';
import {
  callsTo,
  defaultBalance,
  defaultSettings,
  demoUser,
  errorBody,
  findModal,
  mockApi,
  type Routes,
  renderApp,
  signIn,
} from '@/testing/test-utils';

// A resend after no answer waits nothing here (src/features/withdraw/api/withdraw-resend.test.ts checks the waits).
beforeEach(() => {
  vi.spyOn(resendTiming, 'wait').mockResolvedValue();
});

type Reply = { status?: number; body?: unknown } | (() => Promise<Response>);

const WITHDRAW = `POST ${API_PATHS.withdraw}` as const;
const AMOUNT_LABEL = 'Amount to withdraw (baht)';
const SERVER_SUCCESS = 'Your withdrawal is in progress. It is processed within 15 minutes.';

/** The server's answer to an accepted withdrawal of `amount` baht. */
function accepted(amount: number, balance = 1234.5): Reply {
  return {
    body: {
      success: true,
      message: SERVER_SUCCESS,
      data: {
        id: 41,
        createdAt: '2025-05-01T10:00:00.000Z',
        type: 'WITHDRAW',
        status: 'WAITING',
        amount,
        beforeAmount: balance,
        afterAmount: balance - amount,
      },
    },
  };
}

const offline: Reply = () => Promise.reject(new TypeError('Failed to fetch'));

/** No answer to any of the app's sends of one withdrawal. */
const lost: Reply[] = Array.from({ length: RESEND.maxSends }, () => offline);

/** Answers the withdraw calls in turn, from `replies`. */
function inTurn(...replies: Reply[]) {
  return (_request: Request): Reply => {
    const reply = replies.shift();
    if (!reply) throw new Error('the test gave no more withdraw answers');
    return reply;
  };
}

type Open = { balance?: number; routes?: Routes };

/** Signs in with a main balance of `balance` baht, opens the home page and then the withdraw modal. */
async function openWithdraw({ balance = 1234.5, routes = {} }: Open = {}) {
  const fetchMock = mockApi({
    [`GET ${API_PATHS.balance}`]: { body: { ...defaultBalance, main: { balance, point: 10 } } },
    ...routes,
  });
  signIn({ ...demoUser, balance });
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('withdraw'));
  const dialog = await findModal('Withdraw');
  return { fetchMock, dialog };
}

function amountInput(dialog: HTMLElement): HTMLInputElement {
  return within(dialog).getByLabelText(AMOUNT_LABEL);
}

function type(dialog: HTMLElement, value: string) {
  fireEvent.change(amountInput(dialog), { target: { value } });
}

function submitButton(dialog: HTMLElement): HTMLElement {
  return within(dialog).getByRole('button', { name: /^(Withdraw|Withdrawing\.\.\.)$/ });
}

function quickButton(dialog: HTMLElement, name: string): HTMLElement {
  return within(within(dialog).getByRole('group', { name: 'Quick amounts' })).getByRole('button', { name });
}

/** The amount field's error line, or null. */
function fieldError(dialog: HTMLElement): string | null {
  const input = amountInput(dialog);
  const id = input.getAttribute('aria-describedby');
  return id ? (dialog.ownerDocument.getElementById(id)?.textContent ?? null) : null;
}

function sentBodies(fetchMock: ReturnType<typeof mockApi>): unknown[] {
  return callsTo(fetchMock, WITHDRAW).map((init) => JSON.parse(String(init.body)));
}

function sentKeys(fetchMock: ReturnType<typeof mockApi>): (string | null)[] {
  return callsTo(fetchMock, WITHDRAW).map((init) => new Headers(init.headers).get('Idempotency-Key'));
}

describe('§2 withdraw modal', () => {
  it('§2 withdraw: shows the main balance', async () => {
    const { dialog } = await openWithdraw({ balance: 2300.5 });
    await waitFor(() => expect(within(dialog).getByTestId('withdraw-balance')).toHaveTextContent('฿2,300.50'));
    expect(within(dialog).getByText('Available balance')).toBeInTheDocument();
  });

  it("§2 withdraw: the destination bank card is the player's own bank account", async () => {
    const { dialog } = await openWithdraw();
    // The bank's official English name on an English screen (the stored name is the spec's "Kasikorn bank").
    const card = within(dialog).getByRole('region', { name: 'Withdraw to: KASIKORNBANK' });
    expect(within(card).getByTestId('bank-card-number')).toHaveTextContent(demoUser.bankNumber);
    expect(card).toHaveTextContent(demoUser.fullName);
    expect(card.querySelector('img')).toHaveAttribute('src', `/images/bank-png/${demoUser.bankCode}.png`);
  });

  it('§2 §9 withdraw: the minimum note (100 baht) and the processing note (processed within 15 minutes)', async () => {
    const { dialog } = await openWithdraw();
    expect(within(dialog).getByText('Minimum withdrawal 100 baht per transaction')).toBeInTheDocument();
    expect(within(dialog).getByText(/processed within 15 minutes/)).toBeInTheDocument();
  });
});

describe('§5 withdraw amount input', () => {
  it('§5 withdraw: the input accepts digits and one decimal point (at most 2 decimals)', async () => {
    const { dialog } = await openWithdraw();
    for (const [typed, kept] of [
      ['123', '123'],
      ['99.99', '99.99'],
      ['007', '7'],
      ['.5', '.5'],
      [' 500 ', '500'],
    ]) {
      type(dialog, typed as string);
      expect(amountInput(dialog).value, typed).toBe(kept);
      expect(fieldError(dialog) ?? '', typed).not.toContain('Use digits');
    }
  });

  it('anything else is never turned silently into another number: it stays as typed, with an error, and cannot be sent', async () => {
    const { dialog } = await openWithdraw();
    for (const typed of ['1e5', '-5', '−5', '1,000', '12.3.4', '99.999', '12a3', '฿ 500']) {
      type(dialog, typed);
      expect(amountInput(dialog).value, typed).toBe(typed);
      expect(fieldError(dialog), typed).toBe('Use digits and one decimal point only, e.g. 1500 or 1500.50.');
      expect(amountInput(dialog), typed).toHaveAttribute('aria-invalid', 'true');
      expect(submitButton(dialog), typed).toBeDisabled();
    }
    type(dialog, '150');
    expect(fieldError(dialog)).toBeNull();
    expect(submitButton(dialog)).toBeEnabled();
  });

  it('§5 withdraw: the amount is capped automatically to the balance', async () => {
    const { dialog } = await openWithdraw({ balance: 1234.5 });
    type(dialog, '1234.5');
    expect(amountInput(dialog).value).toBe('1234.5');
    type(dialog, '1234.51');
    expect(amountInput(dialog).value).toBe('1234.5');
    type(dialog, '99999999999999999999999');
    expect(amountInput(dialog).value).toBe('1234.5');
    expect(fieldError(dialog)).toBeNull();
    // The change is said, not silent.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Lowered to your balance, ฿1,234.50.');
    type(dialog, '500');
    expect(within(dialog).queryByText(/Lowered to your balance/)).not.toBeInTheDocument();
  });

  it("§5 withdraw: live error 'minimum withdrawal is 100 baht' for positive amounts below 100, while typing", async () => {
    const { dialog } = await openWithdraw();
    type(dialog, '5');
    expect(fieldError(dialog)).toBe('Minimum withdrawal is 100 baht');
    expect(amountInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    type(dialog, '99.99');
    expect(fieldError(dialog)).toBe('Minimum withdrawal is 100 baht');
    type(dialog, '100');
    expect(fieldError(dialog)).toBeNull();
    expect(amountInput(dialog)).not.toHaveAttribute('aria-invalid');
    // Zero is not a positive amount: no error, but nothing to submit either.
    type(dialog, '0');
    expect(fieldError(dialog)).toBeNull();
    expect(submitButton(dialog)).toBeDisabled();
  });

  it('the live checks use the limits the server answers (an operator raised the minimum to 200 and lowered the limit to 1,000), and ask again as the modal opens', async () => {
    const limits = {
      depositMinSatang: 100,
      withdrawMinSatang: 20_000,
      withdrawLimitSatang: 100_000,
      withdrawDailyLimitSatang: 20_000_000,
    };
    const { dialog, fetchMock } = await openWithdraw({
      routes: { [`GET ${API_PATHS.settings}`]: { body: { success: true, data: defaultSettings, limits } } },
    });
    await waitFor(() => expect(within(dialog).getByText(/Minimum withdrawal 200 baht/)).toBeInTheDocument());
    type(dialog, '150');
    expect(fieldError(dialog)).toBe('Minimum withdrawal is 200 baht');
    expect(submitButton(dialog)).toBeDisabled();
    type(dialog, '200');
    expect(fieldError(dialog)).toBeNull();
    type(dialog, '1000');
    expect(fieldError(dialog)).toBe('Amount must be under 1,000 baht');
    // Loaded with the app, and asked again when the modal opened.
    expect(callsTo(fetchMock, `GET ${API_PATHS.settings}`).length).toBeGreaterThanOrEqual(2);
  });

  it("§5 withdraw: live error 'insufficient balance' when the amount exceeds the balance (the balance dropped)", async () => {
    let balance = 1234.5;
    const { dialog } = await openWithdraw({
      routes: {
        [`GET ${API_PATHS.balance}`]: (_request: Request) => ({
          body: { ...defaultBalance, main: { balance, point: 10 } },
        }),
      },
    });
    type(dialog, '1000');
    expect(fieldError(dialog)).toBeNull();
    expect(submitButton(dialog)).toBeEnabled();

    balance = 600;
    await act(() => queryClient.invalidateQueries({ queryKey: ['balance'] }));
    await waitFor(() => expect(within(dialog).getByTestId('withdraw-balance')).toHaveTextContent('฿600.00'));
    expect(amountInput(dialog).value).toBe('1000');
    expect(fieldError(dialog)).toBe('Insufficient balance');
    expect(submitButton(dialog)).toBeDisabled();
  });

  it("§5 withdraw: live error 'must be under 50,000 baht' from 50,000 up", async () => {
    const { dialog } = await openWithdraw({ balance: 80000 });
    type(dialog, '49999.99');
    expect(fieldError(dialog)).toBeNull();
    type(dialog, '50000');
    expect(fieldError(dialog)).toBe('Amount must be under 50,000 baht');
    expect(submitButton(dialog)).toBeDisabled();
  });
});

describe('§5 withdraw: submit is disabled while loading, on error, when empty, below 100, or when the balance is below 100', () => {
  it('§5 withdraw: submit is disabled when the amount is empty', async () => {
    const { dialog } = await openWithdraw();
    expect(amountInput(dialog).value).toBe('');
    expect(submitButton(dialog)).toBeDisabled();
    type(dialog, '.');
    expect(submitButton(dialog)).toBeDisabled();
    type(dialog, '100');
    expect(submitButton(dialog)).toBeEnabled();
  });

  it('§5 withdraw: submit is disabled below 100', async () => {
    const { dialog } = await openWithdraw();
    type(dialog, '99.99');
    expect(submitButton(dialog)).toBeDisabled();
  });

  it('§5 withdraw: submit is disabled on error (a live error is showing)', async () => {
    const { dialog } = await openWithdraw({ balance: 60000 });
    type(dialog, '55000');
    expect(fieldError(dialog)).toBe('Amount must be under 50,000 baht');
    expect(submitButton(dialog)).toBeDisabled();
  });

  it('§5 withdraw: submit is disabled when the balance is below 100', async () => {
    const { fetchMock, dialog } = await openWithdraw({ balance: 99.5 });
    type(dialog, '99.5');
    expect(submitButton(dialog)).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw all' }));
    expect(submitButton(dialog)).toBeDisabled();
    fireEvent.submit(submitButton(dialog).closest('form') as HTMLFormElement);
    expect(callsTo(fetchMock, WITHDRAW)).toHaveLength(0);
  });

  it('§5 withdraw: submit is disabled while loading', async () => {
    let answer: (response: Response) => void = () => {};
    const { dialog } = await openWithdraw({
      routes: { [WITHDRAW]: () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    type(dialog, '500');
    fireEvent.click(submitButton(dialog));
    const pending = await within(dialog).findByRole('button', { name: 'Withdrawing...' });
    expect(pending).toBeDisabled();
    const body = (accepted(500) as { body: unknown }).body;
    await act(async () => answer(new Response(JSON.stringify(body), { status: 200 })));
    expect(await screen.findByRole('dialog', { name: 'Withdrawal in progress' })).toBeInTheDocument();
  });
});

describe('§5 withdraw quick amounts and withdraw-all', () => {
  it('§5 withdraw: quick amounts 100/300/500/1000/5000/10000; those above the balance are disabled', async () => {
    const { dialog } = await openWithdraw({ balance: 1234.5 });
    const group = within(dialog).getByRole('group', { name: 'Quick amounts' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(WITHDRAW_QUICK_AMOUNTS_BAHT.map((amount) => `฿${amount.toLocaleString('en-US')}`));
    for (const name of ['฿100', '฿300', '฿500', '฿1,000']) expect(quickButton(dialog, name)).toBeEnabled();
    for (const name of ['฿5,000', '฿10,000']) expect(quickButton(dialog, name)).toBeDisabled();
  });

  it('§5 withdraw: a quick amount sets the amount (it does not add to it)', async () => {
    const { dialog } = await openWithdraw({ balance: 20000 });
    fireEvent.click(quickButton(dialog, '฿500'));
    expect(amountInput(dialog).value).toBe('500');
    fireEvent.click(quickButton(dialog, '฿10,000'));
    expect(amountInput(dialog).value).toBe('10000');
    expect(submitButton(dialog)).toBeEnabled();
  });

  it('§5 withdraw: withdraw-all fills the balance when it is at least 100', async () => {
    const { dialog } = await openWithdraw({ balance: 1234.56 });
    type(dialog, '200');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw all' }));
    expect(amountInput(dialog).value).toBe('1234.56');
    expect(fieldError(dialog)).toBeNull();
    expect(submitButton(dialog)).toBeEnabled();
  });

  it('§5 withdraw: withdraw-all fills exactly 100 (the minimum is included)', async () => {
    const { dialog } = await openWithdraw({ balance: 100 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw all' }));
    expect(amountInput(dialog).value).toBe('100');
    expect(submitButton(dialog)).toBeEnabled();
  });

  it('§5 withdraw: withdraw-all with a balance of 50,000 or more fills it and shows the under-50,000 error', async () => {
    const { dialog } = await openWithdraw({ balance: 75000.25 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw all' }));
    expect(amountInput(dialog).value).toBe('75000.25');
    expect(fieldError(dialog)).toBe('Amount must be under 50,000 baht');
    expect(submitButton(dialog)).toBeDisabled();
  });

  it("§5 withdraw: withdraw-all with a balance below 100 shows 'balance must be over 100'", async () => {
    const { dialog } = await openWithdraw({ balance: 99.5 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw all' }));
    expect(amountInput(dialog).value).toBe('');
    expect(fieldError(dialog)).toBe('Balance must be over 100 baht to withdraw');
    // Typing replaces the message with the amount's own state.
    type(dialog, '50');
    expect(fieldError(dialog)).toBe('Minimum withdrawal is 100 baht');
  });
});

describe('§7 withdraw request and its Idempotency-Key', () => {
  it('§7 withdraw: POST /api/player/withdraw with {amount: number} in baht and an Idempotency-Key header', async () => {
    const { fetchMock, dialog } = await openWithdraw({ routes: { [WITHDRAW]: accepted(250.75) } });
    type(dialog, '250.75');
    fireEvent.click(submitButton(dialog));
    await waitFor(() => expect(callsTo(fetchMock, WITHDRAW)).toHaveLength(1));
    const [body] = sentBodies(fetchMock);
    expect(body).toEqual({ amount: 250.75 });
    expect(withdrawRequestSchema.safeParse(body).success).toBe(true);
    expect(sentKeys(fetchMock)[0]).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('idempotency: a double tap withdraws once (one request)', async () => {
    let answer: (response: Response) => void = () => {};
    const { fetchMock, dialog } = await openWithdraw({
      routes: { [WITHDRAW]: () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    type(dialog, '300');
    const form = submitButton(dialog).closest('form') as HTMLFormElement;
    // Two taps in the same tick, before React shows the pending state, and one more after.
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    fireEvent.click(submitButton(dialog));
    await within(dialog).findByRole('button', { name: 'Withdrawing...' });
    expect(callsTo(fetchMock, WITHDRAW)).toHaveLength(1);
    const body = (accepted(300) as { body: unknown }).body;
    await act(async () => answer(new Response(JSON.stringify(body), { status: 200 })));
    await screen.findByRole('dialog', { name: 'Withdrawal in progress' });
    expect(callsTo(fetchMock, WITHDRAW)).toHaveLength(1);
  });

  it("idempotency: a retry after a lost answer (network failure) carries the same key, in the app's resends and the player's", async () => {
    const { fetchMock, dialog } = await openWithdraw({ routes: { [WITHDRAW]: inTurn(...lost, accepted(400)) } });
    type(dialog, '400');
    fireEvent.click(submitButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Withdraw failed');
    fireEvent.click(submitButton(dialog));
    await screen.findByRole('dialog', { name: 'Withdrawal in progress' });
    const keys = sentKeys(fetchMock);
    expect(keys).toHaveLength(RESEND.maxSends + 1);
    expect(new Set(keys).size).toBe(1);
    expect(sentBodies(fetchMock)).toEqual(keys.map(() => ({ amount: 400 })));
  });

  it('idempotency: another amount, or a retry after a refusal, gets a new key', async () => {
    const frozen = { status: 403, body: errorBody(403, 'Your account is on hold.', 'ACCOUNT_FROZEN') };
    const { fetchMock, dialog } = await openWithdraw({
      routes: { [WITHDRAW]: inTurn(...lost, frozen, accepted(300)) },
    });
    type(dialog, '200');
    fireEvent.click(submitButton(dialog));
    await within(dialog).findByRole('alert');
    // The player changes the amount after the lost answer: another withdrawal, another key.
    type(dialog, '300');
    fireEvent.click(submitButton(dialog));
    expect(await within(dialog).findByText('Your account is on hold.')).toBeInTheDocument();
    // Refused: the server did nothing, so the next attempt is a new withdrawal.
    fireEvent.click(submitButton(dialog));
    await screen.findByRole('dialog', { name: 'Withdrawal in progress' });
    const keys = sentKeys(fetchMock);
    expect(keys).toHaveLength(RESEND.maxSends + 2);
    // The app's own resends of the lost one share its key; each new intent has its own.
    expect(new Set(keys.slice(0, RESEND.maxSends)).size).toBe(1);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('§8 withdraw errors', () => {
  it('§8 withdraw: AG_INSUFFICIENT_AMOUNT shows insufficient balance', async () => {
    const { dialog } = await openWithdraw({
      routes: {
        [WITHDRAW]: { status: 400, body: errorBody(400, 'Not enough money (server words).', 'AG_INSUFFICIENT_AMOUNT') },
      },
    });
    type(dialog, '1000');
    fireEvent.click(submitButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Withdraw failed');
    expect(alert).toHaveTextContent('Insufficient balance');
    expect(alert).not.toHaveTextContent('server words');
    // The form stays, with the amount, for another try.
    expect(amountInput(dialog).value).toBe('1000');
  });

  it.each([
    [403, 'Your account is on hold. Please contact customer service.', 'ACCOUNT_FROZEN'],
    [400, 'The amount is below the minimum of 100 baht.', 'AMOUNT_BELOW_MINIMUM'],
  ])('§8 withdraw: other errors show the server message (%i %s)', async (status, message, code) => {
    const { dialog } = await openWithdraw({
      routes: { [WITHDRAW]: { status, body: errorBody(status, message, code) } },
    });
    type(dialog, '150');
    fireEvent.click(submitButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Withdraw failed');
    expect(alert).toHaveTextContent(message);
  });

  it("§8 withdraw: without a server message, a generic 'Withdraw failed'", async () => {
    const { dialog } = await openWithdraw({ routes: { [WITHDRAW]: offline } });
    type(dialog, '150');
    fireEvent.click(submitButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Withdraw failed');
  });
});

describe('§4 withdraw success', () => {
  it('§4 withdraw: success shows the success message, clears the amount and refreshes balance, profile and history', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { fetchMock, dialog } = await openWithdraw({ routes: { [WITHDRAW]: accepted(500) } });
    await waitFor(() => expect(callsTo(fetchMock, `GET ${API_PATHS.profile}`).length).toBeGreaterThan(0));
    const balanceCalls = callsTo(fetchMock, `GET ${API_PATHS.balance}`).length;
    const profileCalls = callsTo(fetchMock, `GET ${API_PATHS.profile}`).length;

    type(dialog, '500');
    fireEvent.click(submitButton(dialog));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(SERVER_SUCCESS);
    expect(amountInput(dialog).value).toBe('');
    await waitFor(() => expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`).length).toBeGreaterThan(balanceCalls));
    await waitFor(() => expect(callsTo(fetchMock, `GET ${API_PATHS.profile}`).length).toBeGreaterThan(profileCalls));
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['balance'], ['profile'], ['history']]));
  });

  it('§4 withdraw: then the in-progress modal (processed within 15 minutes); closing it closes the withdraw modal', async () => {
    const { dialog } = await openWithdraw({ routes: { [WITHDRAW]: accepted(500) } });
    type(dialog, '500');
    fireEvent.click(submitButton(dialog));

    const inProgress = await screen.findByRole('dialog', { name: 'Withdrawal in progress' });
    expect(inProgress).toHaveTextContent('฿500.00');
    expect(inProgress).toHaveTextContent(/processed within 15 minutes/);
    fireEvent.click(within(inProgress).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useModalStore.getState().openModal).toBeNull();
  });

  it('with automatic payouts the modal says up to how much is paid within a minute; without, it says nothing of it', async () => {
    const auto = await openWithdraw({
      routes: {
        [`GET ${API_PATHS.settings}`]: {
          body: { success: true, data: defaultSettings, autoPay: { upToSatang: 500_000 } },
        },
      },
    });
    expect(await within(auto.dialog).findByTestId('auto-pay-note')).toHaveTextContent(
      'Up to ฿5,000.00 is usually paid to your bank automatically within a minute',
    );
  });

  it('an automatic payout answers "Withdrawal approved", paid within a minute', async () => {
    const reply = accepted(500) as { body: Record<string, unknown> };
    const { dialog } = await openWithdraw({
      routes: {
        [WITHDRAW]: {
          body: { ...reply.body, data: { ...(reply.body.data as object), status: 'APPROVED' }, payout: 'AUTO' },
        },
      },
    });
    type(dialog, '500');
    fireEvent.click(submitButton(dialog));
    const approved = await screen.findByRole('dialog', { name: 'Withdrawal approved' });
    expect(approved).toHaveTextContent('฿500.00 is being paid to your bank account automatically');
    expect(approved).toHaveTextContent(/within a minute/);
  });

  it('a withdrawal under review says our team checks it, within 15 minutes', async () => {
    const reply = accepted(20_000, 30_000) as { body: Record<string, unknown> };
    const { dialog } = await openWithdraw({
      balance: 30_000,
      routes: {
        [WITHDRAW]: { body: { ...reply.body, payout: 'REVIEW' } },
        [`GET ${API_PATHS.settings}`]: {
          body: { success: true, data: defaultSettings, autoPay: { upToSatang: 500_000 } },
        },
      },
    });
    await within(dialog).findByTestId('auto-pay-note');
    type(dialog, '20000');
    fireEvent.click(submitButton(dialog));
    const review = await screen.findByRole('dialog', { name: 'Withdrawal in progress' });
    expect(review).toHaveTextContent('being checked by our team');
    expect(review).toHaveTextContent(/within 15 minutes/);
  });

  it('with automatic payouts off, a withdrawal waiting for review says it is being checked, never "on its way to your bank"', async () => {
    const reply = accepted(500) as { body: Record<string, unknown> };
    // No autoPay in the settings: automatic payouts are off, so the server routes every withdrawal to review.
    const { dialog } = await openWithdraw({ routes: { [WITHDRAW]: { body: { ...reply.body, payout: 'REVIEW' } } } });
    type(dialog, '500');
    fireEvent.click(submitButton(dialog));
    const review = await screen.findByRole('dialog', { name: 'Withdrawal in progress' });
    expect(review).toHaveTextContent('Your withdrawal of ฿500.00 is being checked by our team');
    expect(review).not.toHaveTextContent('on its way to your bank account');
  });

  it('§4 withdraw: the in-progress modal also closes everything with Escape', async () => {
    const { dialog } = await openWithdraw({ routes: { [WITHDRAW]: accepted(500) } });
    type(dialog, '500');
    fireEvent.click(submitButton(dialog));
    const inProgress = await screen.findByRole('dialog', { name: 'Withdrawal in progress' });
    fireEvent.keyDown(inProgress, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
