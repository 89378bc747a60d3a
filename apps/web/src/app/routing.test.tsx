import { API_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { callsTo, demoUser, errorBody, mockApi, renderApp, signIn } from '@/testing/test-utils';

const loginOk = { body: { success: true, message: 'Login successful', data: { token: 'tok-1', user: demoUser } } };
/** /transactions loads the first page of the history (spec §7). */
const emptyHistory = { [`GET ${API_PATHS.history}`]: { body: { success: true, data: { history: [], total: 0 } } } };
/** The launch screens start their game at once; these answers never come, so the screen stays put. */
const launchesPending = {
  [`POST ${API_PATHS.launch}`]: () => new Promise<Response>(() => {}),
  [`POST ${API_PATHS.launchGame}`]: () => new Promise<Response>(() => {}),
};

async function expectLocation(path: string) {
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(path));
}

describe('§2 routes and guards', () => {
  it.each(['/', '/transactions', '/launch-ufa', '/launch-game'])('a guest opening %s lands on /login', async (path) => {
    mockApi();
    renderApp(path);
    await expectLocation('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each(['/nowhere', '/deposit', '/a/b/c'])('any other path (%s) redirects to /login', async (path) => {
    mockApi();
    signIn();
    renderApp(path);
    await expectLocation('/login');
  });

  it('a guest sent to /login returns to the page it asked for after logging in', async () => {
    mockApi({ [`POST ${API_PATHS.login}`]: loginOk, ...emptyHistory });
    renderApp('/transactions');
    await screen.findByRole('heading', { name: 'Log in' });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0812345678' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Transaction history' })).toBeInTheDocument();
    await expectLocation('/transactions');
  });

  it.each([
    ['/transactions', 'Transaction history'],
    ['/launch-ufa', 'Sports game'],
    ['/launch-game', 'WC game'],
  ])('%s is a protected page in the main frame for a signed-in player', async (path, title) => {
    mockApi({ ...emptyHistory, ...launchesPending });
    signIn();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('/ shows the wallet panel and banner to a signed-in player', async () => {
    mockApi();
    signIn();
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'My wallet' })).toBeInTheDocument();
    const banner = await screen.findByTestId('event-banner');
    expect(banner.querySelector('img')).toHaveAttribute('src', '/images/banner/event-point-art.webp');
  });

  it('public routes let an authenticated player through too', async () => {
    mockApi();
    signIn();
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeInTheDocument();
    await expectLocation('/register');
  });

  it('a persisted isAuthenticated without a token is not a session', async () => {
    mockApi();
    useAuthStore.getState().setAuthenticated(true);
    renderApp('/');
    await expectLocation('/login');
  });
});

describe('§8 any 401 clears the token and goes to /login', () => {
  it('a 401 on the balance call ends the session and shows /login', async () => {
    mockApi({
      [`GET ${API_PATHS.balance}`]: { status: 401, body: errorBody(401, 'expired', 'UNAUTHORIZED') },
      ...emptyHistory,
    });
    signIn();
    renderApp('/transactions');
    await expectLocation('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('§6 data calls run only when a token exists', () => {
  it('a guest on /login triggers no balance or profile call', async () => {
    const fetchMock = mockApi();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`)).toHaveLength(0);
    expect(callsTo(fetchMock, `GET ${API_PATHS.profile}`)).toHaveLength(0);
  });
});
