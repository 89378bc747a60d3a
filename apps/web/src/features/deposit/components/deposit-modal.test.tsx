import { API_PATHS } from '@app/contracts/paths';
import type { DepositAccount, User } from '@app/contracts/player';
import { type LimitView, PROTECTION_PATHS } from '@app/contracts/protection';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useModalStore } from '@/stores/modal-store';
import {
  defaultProtection,
  defaultSettings,
  demoUser,
  errorBody,
  findModal,
  mockApi,
  type Routes,
  renderApp,
  signIn,
} from '@/testing/test-utils';

// jsdom has no canvas: the QR "image" is the payload itself, so a test can read what was drawn.
vi.mock('qrcode', () => ({
  toDataURL: async (payload: string) => `data:image/png;base64,${btoa(payload)}`,
}));

const houseAccount: DepositAccount = {
  bankCode: 'SCB',
  bankName: 'Siam Commercial Bank',
  bankNumber: '987-6-54321-0',
  fullName: 'Siam Play Co., Ltd.',
};
const promptpayId = '0891234567';

const playerWithHouseAccount: User = { ...demoUser, accounts: [houseAccount] };
const playerWithPromptPay: User = { ...demoUser, accounts: [{ ...houseAccount, promptpayId }] };

/** The server's PromptPay answer: the payload names the amount so the tests can tell QRs apart. */
function promptPayBody(amount: number | null) {
  return {
    success: true,
    data: {
      payload: `00020101021129370016A000000677010111${promptpayId}-amount-${amount ?? 'none'}`,
      promptpayId,
      amount,
      account: { ...houseAccount, promptpayId },
    },
  };
}

/** Records the query of every PromptPay request and answers with a QR for that amount. */
function promptPayRoute(requested: (string | null)[]): Routes {
  return {
    [`GET ${API_PATHS.depositPromptPay}`]: (request: Request) => {
      const amount = new URL(request.url).searchParams.get('amount');
      requested.push(amount);
      return { body: promptPayBody(amount === null ? null : Number(amount)) };
    },
  };
}

async function openDeposit(user: User = playerWithHouseAccount, routes: Routes = {}) {
  const fetchMock = mockApi({
    // The profile refresh replaces the signed-in user: it must carry the same house accounts.
    [`GET ${API_PATHS.profile}`]: { body: { success: true, data: user } },
    ...routes,
  });
  signIn(user);
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('deposit'));
  const dialog = await findModal('Deposit');
  return { fetchMock, dialog };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

function drawnPayload(image: HTMLElement): string {
  return atob((image.getAttribute('src') ?? '').replace('data:image/png;base64,', ''));
}

describe('§2 deposit modal', () => {
  it('§2 deposit: shows the balance', async () => {
    const { dialog } = await openDeposit();
    await waitFor(() => expect(within(dialog).getByTestId('deposit-balance')).toHaveTextContent('฿1,234.50'));
  });

  it('§2 deposit: the house account card from user.accounts: bank logo /images/bank-png/{code}.png, bank name, account number, holder', async () => {
    const { dialog } = await openDeposit();
    const card = within(dialog).getByRole('region', { name: 'Transfer to this account: Siam Commercial Bank' });
    expect(card.querySelector('img')).toHaveAttribute('src', '/images/bank-png/SCB.png');
    expect(within(card).getByText('Siam Commercial Bank')).toBeInTheDocument();
    expect(within(card).getByTestId('bank-card-number')).toHaveTextContent('987-6-54321-0');
    expect(within(card).getByText('Siam Play Co., Ltd.')).toBeInTheDocument();
  });

  it('bank names follow the interface language, as the register picker shows them: Thai in the Thai app', async () => {
    const { dialog } = await openDeposit({
      ...playerWithHouseAccount,
      bankCode: 'GSB',
      bankName: 'Government Savings Bank',
    });
    expect(within(dialog).getByText('Siam Commercial Bank')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('th'));
    expect(await within(dialog).findByText('ธนาคารไทยพาณิชย์')).toBeInTheDocument();
    expect(within(dialog).getByText('ธนาคารออมสิน')).toBeInTheDocument();
    expect(within(dialog).queryByText('Siam Commercial Bank')).not.toBeInTheDocument();
  });

  it('bank names are each bank’s official name in the screen’s language: English (KASIKORNBANK, not "Kasikorn bank"), Chinese where the bank publishes one, else English', async () => {
    const { dialog } = await openDeposit({
      ...demoUser,
      bankCode: 'KBANK',
      bankName: 'Kasikorn bank',
      accounts: [houseAccount],
    });
    expect(within(dialog).getByText('KASIKORNBANK')).toBeInTheDocument();
    expect(within(dialog).queryByText('Kasikorn bank')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('cn'));
    expect(await within(dialog).findByText('开泰银行')).toBeInTheDocument();
    // SCB publishes no Chinese name that we know of: its English one, not a made-up one.
    expect(within(dialog).getByText('Siam Commercial Bank')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ko'));
    expect(await within(dialog).findByText('KASIKORNBANK')).toBeInTheDocument();
  });

  it('§2 deposit: every house account is shown, each with its own copy button', async () => {
    const second: DepositAccount = {
      bankCode: 'KTB',
      bankName: 'Krung Thai',
      bankNumber: '1112223334',
      fullName: 'Siam Play Co., Ltd.',
    };
    const { dialog } = await openDeposit({ ...demoUser, accounts: [houseAccount, second] });
    expect(within(dialog).getByRole('region', { name: /Siam Commercial Bank/ })).toBeInTheDocument();
    // Each bank by its name in the interface's language, whatever the server called it.
    expect(within(dialog).getByRole('region', { name: /Krungthai Bank/ })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Copy account number' })).toHaveLength(2);
  });

  it('§2 deposit: without a house account it says so and links to the contact chat instead of an empty card', async () => {
    const { dialog } = await openDeposit({ ...demoUser, accounts: [] });
    const notice = within(dialog).getByTestId('deposit-no-account');
    expect(notice).toHaveTextContent('No deposit account available');
    expect(notice).toHaveTextContent('Please contact us');
    expect(await within(notice).findByRole('link', { name: /Contact us/ })).toHaveAttribute(
      'href',
      'https://line.me/R/ti/p/@siamplay',
    );
    expect(within(dialog).queryByRole('button', { name: 'Copy account number' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: /Transfer to this account/ })).not.toBeInTheDocument();
  });

  it("§8 deposit: the copy button copies the account number and says 'account number copied'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    const { dialog } = await openDeposit();
    expect(within(dialog).queryByText(/account number copied/i)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy account number' }));
    expect(await within(dialog).findByText(/^account number copied$/i)).toHaveAttribute('role', 'status');
    // The digits a banking app's account field takes.
    expect(writeText).toHaveBeenCalledWith('9876543210');
  });

  it("§8 deposit: a copy failure shows the 'Failed to copy text' alert", async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { dialog } = await openDeposit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy account number' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to copy text'));
    expect(within(dialog).queryByText(/account number copied/i)).not.toBeInTheDocument();
  });

  it("§5 deposit: the player's own bank is shown as the account to transfer from", async () => {
    const { dialog } = await openDeposit();
    const own = within(dialog).getByRole('region', { name: 'Transfer from this account: KASIKORNBANK' });
    expect(own.querySelector('img')).toHaveAttribute('src', `/images/bank-png/${demoUser.bankCode}.png`);
    expect(within(own).getByTestId('bank-card-number')).toHaveTextContent(demoUser.bankNumber);
    expect(within(own).getByText(demoUser.fullName)).toBeInTheDocument();
  });

  it('§9 deposit: the notes: minimum 1 baht, no fee, and the same account as for withdrawal', async () => {
    const { dialog } = await openDeposit();
    const notes = within(dialog).getByRole('list', { name: 'Deposit rules' });
    const items = within(notes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Minimum deposit ฿1.00');
    expect(items[1]).toHaveTextContent(/no fee/i);
    expect(items[2]).toHaveTextContent(/only from your own account.*the same account you withdraw to/i);
  });

  it('§2 deposit: the confirm button replaces the deposit modal with the confirm-deposit modal', async () => {
    const { dialog } = await openDeposit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have transferred: confirm deposit' }));
    expect(useModalStore.getState().openModal).toBe('confirm-deposit');
    expect(await findModal('Confirm deposit')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Deposit' })).not.toBeInTheDocument();
  });
});

describe('PromptPay QR in the deposit modal (beyond the spec)', () => {
  it('PromptPay: no QR and no QR request when no house account has a PromptPay ID', async () => {
    const { fetchMock, dialog } = await openDeposit(playerWithHouseAccount);
    expect(within(dialog).queryByRole('img', { name: /PromptPay QR/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Amount for the QR (optional)')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes(API_PATHS.depositPromptPay))).toBe(false);
  });

  it("PromptPay: without an amount the QR is drawn from the server's payload for no amount, with a save-image link", async () => {
    const requested: (string | null)[] = [];
    const { dialog } = await openDeposit(playerWithPromptPay, promptPayRoute(requested));
    const qr = await within(dialog).findByRole('img', { name: 'PromptPay QR code without an amount' });
    expect(drawnPayload(qr)).toBe(promptPayBody(null).data.payload);
    expect(requested).toEqual([null]);
    expect(within(dialog).getByText(`PromptPay ID: ${promptpayId}`)).toBeInTheDocument();
    expect(within(dialog).getByText(/No amount in the QR/)).toBeInTheDocument();
    const save = within(dialog).getByRole('link', { name: 'Save QR image' });
    expect(save).toHaveAttribute('download', 'promptpay.png');
    expect(save).toHaveAttribute('href', qr.getAttribute('src'));
  });

  it('PromptPay: the QR carries the typed amount; typing asks the server once it settles, not per keystroke; the save link is promptpay-<amount>.png', async () => {
    const requested: (string | null)[] = [];
    const { dialog } = await openDeposit(playerWithPromptPay, promptPayRoute(requested));
    await within(dialog).findByRole('img', { name: 'PromptPay QR code without an amount' });
    const input = within(dialog).getByLabelText('Amount for the QR (optional)');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    for (const value of ['1', '15', '150']) fireEvent.change(input, { target: { value } });

    const qr = await within(dialog).findByRole('img', { name: 'PromptPay QR code for ฿150.00' });
    expect(drawnPayload(qr)).toBe(promptPayBody(150).data.payload);
    expect(requested).toEqual([null, '150']);
    expect(within(dialog).getByText('Amount in the QR: ฿150.00')).toBeInTheDocument();
    const save = within(dialog).getByRole('link', { name: 'Save QR image' });
    expect(save).toHaveAttribute('download', 'promptpay-150.png');
    expect(save).toHaveAttribute('href', qr.getAttribute('src'));
  });

  it('PromptPay: the amount takes digits and at most 2 decimals', async () => {
    const requested: (string | null)[] = [];
    const { dialog } = await openDeposit(playerWithPromptPay, promptPayRoute(requested));
    const input = within(dialog).getByLabelText('Amount for the QR (optional)');
    fireEvent.change(input, { target: { value: '12.345abc' } });
    expect(input).toHaveValue('12.34');
    fireEvent.change(input, { target: { value: '1,2.5.6' } });
    expect(input).toHaveValue('12.56');
    await within(dialog).findByRole('img', { name: 'PromptPay QR code for ฿12.56' });
    expect(requested).toContain('12.56');
  });

  it("§5 deposit: an amount of 0 shows 'Enter the amount to deposit, greater than 0' and asks no QR for it", async () => {
    const requested: (string | null)[] = [];
    const { dialog } = await openDeposit(playerWithPromptPay, promptPayRoute(requested));
    await within(dialog).findByRole('img', { name: /PromptPay QR/ });
    const input = within(dialog).getByLabelText('Amount for the QR (optional)');
    fireEvent.change(input, { target: { value: '0' } });
    expect(await within(dialog).findByText('Enter the amount to deposit, greater than 0')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('img', { name: /PromptPay QR/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Save QR image' })).not.toBeInTheDocument();
    expect(requested).toEqual([null]);
  });

  it('§9 deposit: an amount below the 1 baht minimum is refused before any QR is asked for', async () => {
    const requested: (string | null)[] = [];
    const { dialog } = await openDeposit(playerWithPromptPay, promptPayRoute(requested));
    const input = within(dialog).getByLabelText('Amount for the QR (optional)');
    fireEvent.change(input, { target: { value: '0.5' } });
    expect(await within(dialog).findByText('The minimum deposit is ฿1.00.')).toBeInTheDocument();
    expect(requested).not.toContain('0.5');
  });

  it('the minimum is the one the server answers (an operator set 20 baht): the note and the live check say ฿20.00', async () => {
    const requested: (string | null)[] = [];
    const limits = {
      depositMinSatang: 2_000,
      withdrawMinSatang: 10_000,
      withdrawLimitSatang: 5_000_000,
      withdrawDailyLimitSatang: 20_000_000,
    };
    const { dialog } = await openDeposit(playerWithPromptPay, {
      ...promptPayRoute(requested),
      [`GET ${API_PATHS.settings}`]: { body: { success: true, data: defaultSettings, limits } },
    });
    expect(await within(dialog).findByText('Minimum deposit ฿20.00.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Amount for the QR (optional)'), { target: { value: '15' } });
    expect(await within(dialog).findByText('The minimum deposit is ฿20.00.')).toBeInTheDocument();
    expect(requested).not.toContain('15');
  });

  it("PromptPay: the server's error (PROMPTPAY_UNAVAILABLE) is shown with a retry", async () => {
    let unavailable = true;
    const { dialog } = await openDeposit(playerWithPromptPay, {
      [`GET ${API_PATHS.depositPromptPay}`]: (_request: Request) =>
        unavailable
          ? {
              status: 404,
              body: errorBody(404, 'PromptPay is not available for deposits right now.', 'PROMPTPAY_UNAVAILABLE'),
            }
          : { body: promptPayBody(null) },
    });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The QR code could not be loaded.');
    expect(alert).toHaveTextContent('PromptPay is not available for deposits right now.');
    unavailable = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('img', { name: 'PromptPay QR code without an amount' })).toBeInTheDocument();
  });
});

describe('deposits closed by the player’s own protection: the refusal first, no account to pay into', () => {
  /** A daily limit of 500 baht, all of it deposited today; it frees at midnight Bangkok time (17:00 UTC). */
  const usedUpLimit: LimitView = {
    kind: 'DEPOSIT',
    period: 'DAY',
    amount: 500,
    pending: null,
    used: 500,
    remaining: 0,
    periodEndsAt: '2026-11-26T17:00:00.000Z',
  };
  const protection = (data: object) => ({
    [`GET ${PROTECTION_PATHS.protection}`]: { body: { success: true, data: { ...defaultProtection, ...data } } },
  });

  it('over the deposit limit: says so with the limit and when it frees, that a transfer is held; no house account, copy button, QR or confirm button', async () => {
    const requested: (string | null)[] = [];
    const { dialog } = await openDeposit(playerWithPromptPay, {
      ...protection({ limits: [usedUpLimit] }),
      ...promptPayRoute(requested),
    });
    const notice = await within(dialog).findByTestId('exclusion-notice');
    expect(notice).toHaveTextContent(
      'Deposits are closed: you have reached your deposit limit of ฿500.00 a day. You can deposit again from 27 Nov 2026, 00:00.',
    );
    expect(notice).toHaveTextContent('A transfer sent before then is held for you, not credited.');
    // The refusal comes first, before anything else the screen shows.
    expect(dialog.querySelector('.dialog__body')?.firstElementChild).toBe(notice);
    expect(within(dialog).queryByText('Transfer to this account')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(houseAccount.bankNumber)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copy account number' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Amount for the QR/i)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /confirm deposit/i })).not.toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('a limit with something left still shows the house account', async () => {
    const { dialog } = await openDeposit(playerWithHouseAccount, {
      ...protection({ limits: [{ ...usedUpLimit, used: 400, remaining: 100 }] }),
    });
    expect(await within(dialog).findByText(houseAccount.bankNumber)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('exclusion-notice')).not.toBeInTheDocument();
  });

  it('during a break: closed until its end, withdrawals still open', async () => {
    const { dialog } = await openDeposit(playerWithHouseAccount, {
      ...protection({
        exclusion: { kind: 'TIMEOUT', startsAt: '2026-11-25T10:00:00.000Z', endsAt: '2026-11-26T10:00:00.000Z' },
      }),
    });
    const notice = await within(dialog).findByTestId('exclusion-notice');
    expect(notice).toHaveTextContent('Deposits are closed: you are on a break until 26 Nov 2026, 17:00.');
    expect(notice).toHaveTextContent('You can still withdraw your money.');
    expect(within(dialog).queryByText(houseAccount.bankNumber)).not.toBeInTheDocument();
  });
});
