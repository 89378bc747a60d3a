import { API_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth-store';
import {
  advance,
  callsTo,
  demoUser,
  errorBody,
  jsonResponse,
  mockApi,
  renderApp,
  useFakeTimers,
} from '@/testing/test-utils';

async function openLogin() {
  renderApp('/login');
  await screen.findByRole('heading', { name: 'Log in' });
}

function fillAndSubmit(username = '0812345678', password = 'demo1234') {
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const loginOk = { body: { success: true, message: 'Login successful', data: { token: 'tok-1', user: demoUser } } };

describe('§2 login screen', () => {
  it('sends username (the phone) and password to POST /login, with no client-side validation (§5)', async () => {
    const fetchMock = mockApi({ [`POST ${API_PATHS.login}`]: loginOk });
    await openLogin();
    fillAndSubmit('12', 'x');
    await screen.findByText('Login successful');
    expect(JSON.parse(String(callsTo(fetchMock, `POST ${API_PATHS.login}`)[0]?.body))).toEqual({
      username: '12',
      password: 'x',
    });
  });

  it('the submit button shows a loading label and is disabled while submitting', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ [`POST ${API_PATHS.login}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await openLogin();
    fillAndSubmit();
    const button = await screen.findByRole('button', { name: 'Logging in...' });
    expect(button).toBeDisabled();
    expect(useAuthStore.getState().isLoading).toBe(true);
    answer(jsonResponse(401, errorBody(401, 'Phone number or password is incorrect.', 'INVALID_CREDENTIALS')));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      error: 'Phone number or password is incorrect.',
    });
  });

  it('the password field has a show/hide toggle', async () => {
    mockApi();
    await openLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('forgot-password and no-account links open the LINE OA link in a new tab', async () => {
    mockApi();
    await openLogin();
    for (const name of [/Forgot password\?/, /No account\? Contact us/]) {
      const link = await screen.findByRole('link', { name });
      await screen.findByText((_, el) => el === link && link.getAttribute('href') !== null);
      expect(link).toHaveAttribute('href', 'https://line.me/R/ti/p/@siamplay');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it('the register button goes to /register', async () => {
    mockApi();
    await openLogin();
    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Create account' });
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });
});

describe('§8 login errors in the inline red error line', () => {
  it('status 500 shows "กรุณาติดต่อแอดมิน" in Thai', async () => {
    mockApi({ [`POST ${API_PATHS.login}`]: { status: 500, body: errorBody(500, 'Internal', 'INTERNAL_ERROR') } });
    await i18n.changeLanguage('th');
    renderApp('/login');
    await screen.findByRole('heading', { name: 'เข้าสู่ระบบ' });
    fireEvent.change(screen.getByLabelText('เบอร์โทรศัพท์'), { target: { value: '0812345678' } });
    fireEvent.change(screen.getByLabelText('รหัสผ่าน'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('กรุณาติดต่อแอดมิน');
  });

  it('status 500 asks to contact the admin in English too', async () => {
    mockApi({ [`POST ${API_PATHS.login}`]: { status: 500, body: errorBody(500, 'Internal', 'INTERNAL_ERROR') } });
    await openLogin();
    fillAndSubmit();
    expect(await screen.findByText('Please contact the admin')).toHaveClass('form-error');
  });

  it("other errors show the server's message", async () => {
    mockApi({
      [`POST ${API_PATHS.login}`]: { status: 401, body: errorBody(401, 'Phone number or password is incorrect.') },
    });
    await openLogin();
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone number or password is incorrect.');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('429 (too many failed logins) shows the server message', async () => {
    mockApi({
      [`POST ${API_PATHS.login}`]: {
        status: 429,
        body: errorBody(429, 'Too many failed login attempts.', 'TOO_MANY_ATTEMPTS'),
      },
    });
    await openLogin();
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed login attempts.');
  });

  it('an error without a message falls back to "Login failed" (th "เข้าสู่ระบบล้มเหลว")', async () => {
    mockApi({ [`POST ${API_PATHS.login}`]: { status: 502, body: {} } });
    await openLogin();
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
    await i18n.changeLanguage('th');
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByText('เข้าสู่ระบบล้มเหลว')).toBeInTheDocument();
  });

  it('no answer at all shows "เข้าสู่ระบบล้มเหลว. กรุณาลองใหม่อีกครั้ง" in Thai', async () => {
    mockApi({ [`POST ${API_PATHS.login}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    await i18n.changeLanguage('th');
    renderApp('/login');
    await screen.findByRole('heading', { name: 'เข้าสู่ระบบ' });
    fireEvent.change(screen.getByLabelText('เบอร์โทรศัพท์'), { target: { value: '0812345678' } });
    fireEvent.change(screen.getByLabelText('รหัสผ่าน'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('เข้าสู่ระบบล้มเหลว. กรุณาลองใหม่อีกครั้ง');
  });
});

describe('§2 and §4 login success', () => {
  it('stores the token under "token" and marks the player authenticated', async () => {
    mockApi({ [`POST ${API_PATHS.login}`]: loginOk });
    await openLogin();
    fillAndSubmit();
    await screen.findByText('Login successful');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: demoUser });
  });

  it('after success waits 1000 ms then 500 ms before navigating to /', async () => {
    mockApi({ [`POST ${API_PATHS.login}`]: loginOk });
    await openLogin();
    useFakeTimers();
    fillAndSubmit();
    await advance(0);
    expect(screen.getByText('Login successful')).toBeVisible();
    const card = screen.getByText('Login successful').closest('.login-card');
    expect(card).not.toHaveClass('is-closing');

    await advance(999);
    expect(card).not.toHaveClass('is-closing');
    await advance(1);
    expect(card).toHaveClass('is-closing');

    await advance(499);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await advance(1);
    // The router renders the next screen in a transition; let its chunk load in real time.
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
