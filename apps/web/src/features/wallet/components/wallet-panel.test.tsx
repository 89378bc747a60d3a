import { BALANCE_REFRESH_MS } from '@app/contracts/limits';
import { API_PATHS } from '@app/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';
import { queryClient } from '@/lib/query-client';
import { useModalStore } from '@/stores/modal-store';
import {
  advance,
  callsTo,
  defaultBalance,
  errorBody,
  mockApi,
  type Routes,
  renderApp,
  signIn,
  useFakeTimers,
} from '@/testing/test-utils';

async function openHome(routes: Routes = {}) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  await waitFor(() => expect(screen.getByTestId('main-balance')).toHaveTextContent('฿1,234.50'));
  return fetchMock;
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('§2 wallet panel figures', () => {
  it('shows username, main balance, UFA balance, in-game balance and reward points in th-TH format', async () => {
    mockApi({
      [`GET ${API_PATHS.balance}`]: {
        body: {
          ...defaultBalance,
          main: { balance: 1234567.891, point: 12345.6 },
          ufa: { current_credit: 0.5, in_game_credit: 1000 },
        },
      },
    });
    signIn();
    renderApp('/');
    expect(await screen.findByTestId('wallet-username')).toHaveTextContent('sp0812345678');
    await waitFor(() => expect(screen.getByTestId('main-balance')).toHaveTextContent('฿1,234,567.89'));
    expect(screen.getByTestId('ufa-balance')).toHaveTextContent('฿0.50');
    expect(screen.getByTestId('ingame-balance')).toHaveTextContent('฿1,000.00');
    expect(screen.getByTestId('points')).toHaveTextContent(/^12,346$/);
  });

  it('guest state: username Guest and zero balances', () => {
    mockApi();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <WalletPanel />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('wallet-username')).toHaveTextContent('Guest');
    expect(screen.getByTestId('main-balance')).toHaveTextContent('฿0.00');
    expect(screen.getByTestId('ufa-balance')).toHaveTextContent('฿0.00');
    expect(screen.getByTestId('ingame-balance')).toHaveTextContent('฿0.00');
    expect(screen.getByTestId('points')).toHaveTextContent('0');
  });
});

describe('§4 balance visibility toggle', () => {
  it('masks the three amounts with asterisks and shows them again', async () => {
    await openHome();
    fireEvent.click(screen.getByRole('button', { name: 'Hide amounts' }));
    for (const id of ['main-balance', 'ufa-balance', 'ingame-balance']) {
      expect(screen.getByTestId(id).textContent).toMatch(/^\*+$/);
    }
    expect(screen.getByTestId('points')).toHaveTextContent('1,500');
    const toggle = screen.getByRole('button', { name: 'Show amounts' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(screen.getByTestId('main-balance')).toHaveTextContent('฿1,234.50');
  });
});

describe('§2 copy username', () => {
  it("copies the username and shows 'Username copied'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    await openHome();
    fireEvent.click(screen.getByRole('button', { name: 'Copy username' }));
    expect(await screen.findByText('Username copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('sp0812345678');
  });

  it("alerts 'Failed to copy text' when copying fails", async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await openHome();
    fireEvent.click(screen.getByRole('button', { name: 'Copy username' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to copy text'));
    expect(screen.queryByText('Username copied')).not.toBeInTheDocument();
  });
});

describe('§4 refresh icon', () => {
  it('spins for at least 100 ms and refetches balance and profile', async () => {
    const fetchMock = await openHome();
    const before = callsTo(fetchMock, `GET ${API_PATHS.balance}`).length;
    useFakeTimers();
    const refresh = screen.getByTestId('wallet-refresh');
    fireEvent.click(refresh);
    expect(refresh).toHaveClass('is-spinning');
    await advance(99);
    expect(refresh).toHaveClass('is-spinning');
    expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`).length).toBe(before + 1);
    await advance(1);
    expect(refresh).not.toHaveClass('is-spinning');
    expect(callsTo(fetchMock, `GET ${API_PATHS.profile}`).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps spinning until a slow refresh finishes, even past 100 ms', async () => {
    await openHome();
    let answer: (response: Response) => void = () => {};
    mockApi({ [`GET ${API_PATHS.balance}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    useFakeTimers();
    const refresh = screen.getByTestId('wallet-refresh');
    fireEvent.click(refresh);
    await advance(500);
    expect(refresh).toHaveClass('is-spinning');
    await act(async () => answer(new Response(JSON.stringify(defaultBalance), { status: 200 })));
    await advance(0);
    expect(refresh).not.toHaveClass('is-spinning');
  });
});

describe('§2 wallet panel buttons open modals', () => {
  it.each([
    ['Deposit', 'deposit'],
    ['Withdraw', 'withdraw'],
    ['History', 'history'],
    ['Rewards', 'reward'],
    ['Change password', 'change-pass'],
  ])('%s opens the %s modal', async (name, modal) => {
    await openHome();
    const wallet = screen.getByRole('region', { name: 'My wallet' });
    fireEvent.click(within(wallet).getByRole('button', { name }));
    expect(useModalStore.getState().openModal).toBe(modal);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('the avatar opens the profile modal', async () => {
    await openHome();
    const wallet = screen.getByRole('region', { name: 'My wallet' });
    fireEvent.click(within(wallet).getAllByRole('button', { name: 'Profile' })[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Profile' })).toBeInTheDocument();
  });
});

describe('§7 query policy', () => {
  it('the protected-route guard refreshes the balance every 5000 ms', async () => {
    // Load the route chunks first so that the screen can render under fake timers.
    await Promise.all([import('@/app/layout/main-layout'), import('@/app/routes/home')]);
    const fetchMock = mockApi();
    signIn();
    useFakeTimers();
    renderApp('/');
    for (let step = 0; step < 5; step += 1) await advance(0);
    expect(screen.getByRole('region', { name: 'My wallet' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`)).toHaveLength(1);
    await advance(BALANCE_REFRESH_MS - 10);
    expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`)).toHaveLength(1);
    await advance(10);
    expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`)).toHaveLength(2);
    await advance(BALANCE_REFRESH_MS);
    expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`)).toHaveLength(3);
  });

  it('no refetch on window focus', async () => {
    const fetchMock = await openHome();
    const before = callsTo(fetchMock, `GET ${API_PATHS.balance}`).length;
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`)).toHaveLength(before);
  });

  it('no retry on error: a failed balance fetch is logged and yields null once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockApi({
      [`GET ${API_PATHS.balance}`]: { status: 500, body: errorBody(500, 'down', 'INTERNAL_ERROR') },
    });
    signIn();
    renderApp('/');
    await screen.findByRole('region', { name: 'My wallet' });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Could not load the balance', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`)).toHaveLength(1);
    expect(queryClient.getQueryData(['balance'])).toBeNull();
    expect(queryClient.getDefaultOptions().queries).toMatchObject({ retry: false, refetchOnWindowFocus: false });
  });
});

describe('§7 settings', () => {
  it('are fetched once on load, even across route changes', async () => {
    const fetchMock = await openHome();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Home' }));
    await screen.findByRole('region', { name: 'My wallet' });
    expect(callsTo(fetchMock, `GET ${API_PATHS.settings}`)).toHaveLength(1);
  });

  it('are refreshable with the refresh icon', async () => {
    const fetchMock = await openHome();
    fireEvent.click(screen.getByTestId('wallet-refresh'));
    await waitFor(() => expect(callsTo(fetchMock, `GET ${API_PATHS.settings}`)).toHaveLength(2));
  });

  it('a failed settings fetch is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ [`GET ${API_PATHS.settings}`]: { status: 500, body: errorBody(500, 'down', 'INTERNAL_ERROR') } });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Could not load settings', expect.anything()));
  });
});
