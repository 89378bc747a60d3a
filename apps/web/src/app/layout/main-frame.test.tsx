import { API_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { useModalStore } from '@/stores/modal-store';
import { callsTo, mockApi, type Routes, renderApp, signIn } from '@/testing/test-utils';

async function openHome(routes: Routes = {}) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  return fetchMock;
}

describe('§2 header', () => {
  it('has a home button with pointer style when authenticated, the logo, a language select and logout', async () => {
    await openHome();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Home' })).toHaveStyle({ cursor: 'pointer' });
    expect(within(header).getByRole('img', { name: 'SIAM PLAY' })).toBeInTheDocument();
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('the home button goes to /', async () => {
    mockApi({ [`GET ${API_PATHS.history}`]: { body: { success: true, data: { history: [], total: 0 } } } });
    signIn();
    renderApp('/transactions');
    await screen.findByRole('heading', { name: 'Transaction history' });
    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(await screen.findByRole('region', { name: 'My wallet' })).toBeInTheDocument();
  });

  it('§1 the language picker switches every string and stores the choice', async () => {
    await openHome();
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'th' } });
    expect(await screen.findByText('ยอดเงินหลัก')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'เมนูหลัก' })).toHaveTextContent('ฝากเงิน');
    expect(localStorage.getItem('language')).toBe('th');
  });
});

describe('§4 logout', () => {
  it('calls POST /logout, clears the token and state, and goes to /login', async () => {
    const fetchMock = await openHome();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(callsTo(fetchMock, `POST ${API_PATHS.logout}`)).toHaveLength(1);
    expect(new Headers(callsTo(fetchMock, `POST ${API_PATHS.logout}`)[0]?.headers).get('Authorization')).toBe(
      'Bearer test-token',
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('clears local state even if the server call fails', async () => {
    await openHome({ [`POST ${API_PATHS.logout}`]: () => Promise.reject(new TypeError('offline')) });
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('§2 footer menu', () => {
  it('has Home, Deposit, Play (centre), Withdraw and Contact in that order', async () => {
    await openHome();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const items = [...nav.children].map((item) => item.textContent);
    expect(items).toEqual(['Home', 'Deposit', 'Play', 'Withdraw', 'Contact']);
  });

  it('Contact is the external LINE_OA_URL from the settings, in a new tab', async () => {
    await openHome();
    const contact = await screen.findByRole('link', { name: /Contact/ });
    expect(contact).toHaveAttribute('href', 'https://line.me/R/ti/p/@siamplay');
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['Deposit', 'Deposit'],
    ['Play', 'Play games'],
    ['Withdraw', 'Withdraw'],
  ])('%s opens the %s modal', async (item, title) => {
    await openHome();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByRole('button', { name: item }));
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
  });
});

describe('§2 modals', () => {
  it('one at a time: opening another replaces the open one; Escape and close button close it', async () => {
    await openHome();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Deposit' }));
    const deposit = await screen.findByRole('dialog', { name: 'Deposit' });
    fireEvent.keyDown(deposit, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    useModalStore.getState().open('history');
    useModalStore.getState().open('reward');
    expect(await screen.findAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Rewards' })).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opening requires an authenticated user; otherwise nothing opens', () => {
    useModalStore.getState().open('deposit');
    expect(useModalStore.getState().openModal).toBeNull();
    useAuthStore.getState().setAuthenticated(true);
    useModalStore.getState().open('deposit');
    expect(useModalStore.getState().openModal).toBe('deposit');
  });
});

describe('§2 body scrolling is locked in the main frame', () => {
  it('locks the body while the main frame is shown and not on public pages', async () => {
    await openHome();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Log in' });
    expect(document.body.style.overflow).toBe('');
  });
});
