import { PROTECTION_PATHS, type ProtectionData } from '@app/contracts/protection';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useModalStore } from '@/stores/modal-store';
import { advance, defaultProtection, findModal, mockApi, renderApp, signIn } from '@/testing/test-utils';

/** A 24-hour time-out that ends at 01:16 on 27 Nov 2026, Bangkok time (18:16 UTC). */
const timeOut: Partial<ProtectionData> = {
  exclusion: { kind: 'TIMEOUT', startsAt: '2026-11-25T18:16:00.000Z', endsAt: '2026-11-26T18:16:00.000Z' },
};

function protectionRoute(data: Partial<ProtectionData>) {
  return {
    [`GET ${PROTECTION_PATHS.protection}`]: { body: { success: true, data: { ...defaultProtection, ...data } } },
  };
}

async function openHome(data: Partial<ProtectionData>) {
  mockApi(protectionRoute(data));
  signIn();
  renderApp('/');
  return screen.findByRole('region', { name: 'My wallet' });
}

describe('the home screen', () => {
  it('has one h1, in the player’s language', async () => {
    await openHome({});
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent('Home');
    await act(() => i18n.changeLanguage('th'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('หน้าหลัก');
  });
});

describe('the home screen during the player’s own time-out', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('says so first, with the end in Bangkok time, and what is still open', async () => {
    await openHome(timeOut);
    const notice = await screen.findByTestId('exclusion-notice');
    expect(notice).toHaveTextContent('You are on a break until 27 Nov 2026, 01:16.');
    expect(notice).toHaveTextContent('Deposits, games and promotions are closed.');
    // Before the wallet: the first thing on the screen under its heading.
    const wallet = screen.getByRole('region', { name: 'My wallet' });
    expect(notice.compareDocumentPosition(wallet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('deposit, play and promotions look closed and say until when; withdraw stays as it was', async () => {
    const wallet = await openHome(timeOut);
    const deposit = await within(wallet).findByRole('button', { name: /^Deposit/ });
    await waitFor(() => expect(deposit).toHaveTextContent('DepositClosed until 27 Nov 2026, 01:16'));
    expect(deposit).toHaveClass('is-blocked');
    expect(deposit).not.toHaveClass('button--gold');
    const promotions = within(wallet).getByRole('button', { name: /^Promotions/ });
    expect(promotions).toHaveTextContent('Closed until 27 Nov 2026, 01:16');
    expect(promotions).toHaveClass('is-blocked');
    const footer = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(footer).getByRole('button', { name: 'Play (Closed)' })).toHaveClass('is-blocked');
    expect(within(footer).getByRole('button', { name: 'Deposit (Closed)' })).toHaveClass('is-blocked');
    expect(within(footer).getByRole('button', { name: 'Withdraw' })).not.toHaveClass('is-blocked');
    expect(within(wallet).getByRole('button', { name: /^Withdraw/ })).not.toHaveClass('is-blocked');
  });

  it('the game chooser says games are closed instead of offering them', async () => {
    await openHome(timeOut);
    await screen.findByTestId('exclusion-notice');
    act(() => useModalStore.getState().open('play-game'));
    const chooser = await findModal('Play games');
    expect(within(chooser).getByTestId('exclusion-notice')).toHaveTextContent('You are on a break until');
    expect(within(chooser).queryByRole('link')).not.toBeInTheDocument();
  });

  it('in Thai: the banner and the labels are Thai, the date Thai with the Buddhist-era year', async () => {
    await openHome(timeOut);
    await screen.findByTestId('exclusion-notice');
    await act(() => i18n.changeLanguage('th'));
    expect(screen.getByTestId('exclusion-notice')).toHaveTextContent('27 พ.ย. 2569 01:16');
    expect(screen.getAllByTestId('blocked-label')[0]).toHaveTextContent('ปิดถึง 27 พ.ย. 2569 01:16');
  });

  it('without a break nothing is closed and no banner shows', async () => {
    const wallet = await openHome({});
    const deposit = await within(wallet).findByRole('button', { name: /^Deposit/ });
    expect(deposit).toHaveClass('button--gold');
    expect(screen.queryByTestId('exclusion-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('blocked-label')).not.toBeInTheDocument();
  });

  it('the reality check does not offer to continue playing: only OK or log out', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    vi.setSystemTime(new Date('2026-11-26T08:14:00.000Z'));
    await openHome({
      ...timeOut,
      realityCheck: { minutes: 15, sessionStartedAt: '2026-11-26T08:00:00.000Z', net: 0 },
    });
    await advance(60_000);
    const prompt = await screen.findByTestId('reality-check');
    expect(prompt).toHaveTextContent('Games are closed during your break.');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop and log out' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).not.toBeInTheDocument());
  });
});
