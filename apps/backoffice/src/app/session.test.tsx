import { ADMIN_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, errorBody, mockApi, renderApp, requestsTo, signInAs } from '@/testing/test-utils';

describe('deliverable 2: sessions', () => {
  it('a guest opening a screen goes to sign-in, and returns there after signing in', async () => {
    mockApi({
      [`POST ${ADMIN_PATHS.login}`]: {
        body: {
          success: true,
          data: {
            status: 'SIGNED_IN',
            token: 't',
            expiresAt: new Date(Date.now() + 3600_000).toISOString(),
            operator: { id: 2, username: 'op', displayName: 'Op', role: 'operator' },
          },
        },
      },
      [`GET ${ADMIN_PATHS.withdrawals}`]: {
        body: { success: true, data: { items: [], total: 0, page: 1, limit: 20 } },
      },
    });
    renderApp('/withdrawals?status=APPROVED');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'op' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Withdrawals' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/withdrawals?status=APPROVED');
  });

  it('a 401 on any call ends the session and returns to sign-in, saying why', async () => {
    mockApi({
      [`GET ${ADMIN_PATHS.summary}`]: { status: 401, body: errorBody(401, 'Please sign in.', 'UNAUTHORIZED') },
    });
    signInAs();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('the session ends by itself when its time is up', async () => {
    mockApi();
    useSessionStore.getState().start({
      token: 't',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
      operator: { id: 2, username: 'op', displayName: 'Op', role: 'operator' },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(useSessionStore.getState().endedBecause).toBe('expired');
  });

  it('sign-out ends the session on the server and here, even when the server call fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockApi({ [`POST ${ADMIN_PATHS.logout}`]: { status: 500, body: errorBody(500, 'down') } });
    signInAs();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.logout}`)).toHaveLength(1);
    expect(useSessionStore.getState().session).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});

describe('deliverable 2: roles', () => {
  it('an operator sees the queues but not the admin screens in the menu', async () => {
    mockApi();
    signInAs('operator');
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    for (const name of [
      'Dashboard',
      'Withdrawals',
      'Deposits',
      'Bank transfers',
      'Players',
      'Audit log',
      'Ledger health',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Operators' })).not.toBeInTheDocument();
  });

  it('an admin also sees settings and operators', async () => {
    mockApi();
    signInAs('admin');
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Operators' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as Demo admin (admin)')).toBeInTheDocument();
  });
});

describe('deliverable 1: Thai and English, switchable', () => {
  it('the language switch turns the screens Thai and remembers the choice', async () => {
    mockApi();
    signInAs();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'th' } });
    expect(await screen.findByRole('heading', { name: 'ภาพรวม' })).toBeInTheDocument();
    expect(localStorage.getItem('backoffice-language')).toBe('th');
    await waitFor(() => expect(document.documentElement.lang).toBe('th'));
  });
});

describe('deliverable 9: keyboard', () => {
  it('a skip link leads to the screen, and the phone menu button says whether the menu is open', async () => {
    mockApi();
    signInAs();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    act(() => menu.click());
    expect(menu).toHaveAttribute('aria-expanded', 'true');
  });
});
