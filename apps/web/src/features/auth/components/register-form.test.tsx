import { BANKS } from '@app/contracts/banks';
import { API_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth-store';
import {
  advance,
  callsTo,
  demoUser,
  errorBody,
  mockApi,
  type Routes,
  renderApp,
  useFakeTimers,
} from '@/testing/test-utils';

const registerOk = { body: { success: true, status: 200, message: 'Register successful' } };
const loginOk = { body: { success: true, message: 'Login successful', data: { token: 'tok-new', user: demoUser } } };

async function openRegister(routes: Routes = {}) {
  const fetchMock = mockApi(routes);
  renderApp('/register');
  await screen.findByRole('heading', { name: 'Create account' });
  return fetchMock;
}

function fill(values: Partial<Record<'phone' | 'password' | 'fullName' | 'bankNumber', string>>) {
  const fields = {
    phone: 'Phone number',
    password: 'Password',
    fullName: 'Full name',
    bankNumber: 'Bank account number',
  } as const;
  for (const [key, label] of Object.entries(fields)) {
    const value = values[key as keyof typeof fields];
    if (value !== undefined) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const valid = { phone: '0898765432', password: 'secret123', fullName: 'Malee Sukjai', bankNumber: '9876543210' };

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
}

describe('§5 register validation', () => {
  it('full name, phone, password and bank number are required', async () => {
    const fetchMock = await openRegister();
    submit();
    expect(await screen.findByText('Please enter your phone number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your bank account number.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${API_PATHS.register}`)).toHaveLength(0);
  });

  it('phone must be numeric with 10 digits', async () => {
    await openRegister();
    fill({ ...valid, phone: '08123' });
    submit();
    expect(await screen.findByText('Phone number must have 10 digits.')).toBeInTheDocument();
    fill({ phone: '08123456ab' });
    expect(screen.getByText('Phone number must have 10 digits.')).toBeInTheDocument();
    fill({ phone: '0812345678' });
    await waitFor(() => expect(screen.queryByText('Phone number must have 10 digits.')).not.toBeInTheDocument());
  });

  it('password must have at least 8 characters', async () => {
    await openRegister();
    fill({ ...valid, password: 'short' });
    submit();
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it("bank number of the wrong length says 'Bank number must be 10 digits'", async () => {
    await openRegister();
    fill({ ...valid, bankNumber: '12345' });
    submit();
    expect(await screen.findByText('Bank number must be 10 digits.')).toBeInTheDocument();
  });

  it('a 10-digit bank (KBANK) refuses 11 or 12 digits with the same message: nothing typed or pasted is cut short', async () => {
    const fetchMock = await openRegister();
    fill({ ...valid, bankNumber: '020123456789' });
    expect(screen.getByLabelText('Bank account number')).toHaveValue('020123456789');
    submit();
    expect(await screen.findByText('Bank number must be 10 digits.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${API_PATHS.register}`)).toHaveLength(0);
  });

  it('GSB, GHB and BAAC numbers have 12 digits: 10 are refused (must be 12 digits), 12 are sent whole', async () => {
    const fetchMock = await openRegister({
      [`POST ${API_PATHS.register}`]: registerOk,
      [`POST ${API_PATHS.login}`]: loginOk,
    });
    fireEvent.click(screen.getByRole('button', { name: /Bank/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Government Savings Bank' }));
    fill({ ...valid, bankNumber: '0201234567' });
    submit();
    expect(await screen.findByText('Bank number must be 12 digits.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${API_PATHS.register}`)).toHaveLength(0);
    fill({ bankNumber: '020123456789' });
    submit();
    await screen.findByRole('dialog', { name: 'Register successful' });
    const body = JSON.parse(String(callsTo(fetchMock, `POST ${API_PATHS.register}`)[0]?.body));
    expect(body).toMatchObject({ bankCode: 'GSB', bankNumber: '020123456789' });
  });

  it("registration carries this device's own random id, the same on every registration from it", async () => {
    const fetchMock = await openRegister({
      [`POST ${API_PATHS.register}`]: registerOk,
      [`POST ${API_PATHS.login}`]: loginOk,
    });
    fill(valid);
    submit();
    await screen.findByRole('dialog', { name: 'Register successful' });
    const sent = new Headers(callsTo(fetchMock, `POST ${API_PATHS.register}`)[0]?.headers).get('x-device-id');
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('siam-play-device')).toBe(sent);
  });

  it("bank number that is not digits says 'Bank number is invalid'", async () => {
    await openRegister();
    fill({ ...valid, bankNumber: '12345abcde' });
    submit();
    expect(await screen.findByText('Bank number is invalid.')).toBeInTheDocument();
  });

  it('shows the messages in the interface language (th)', async () => {
    await i18n.changeLanguage('th');
    mockApi();
    renderApp('/register');
    fireEvent.click(await screen.findByRole('button', { name: 'สมัครสมาชิก' }));
    expect(await screen.findByText('กรุณากรอกเบอร์โทรศัพท์')).toBeInTheDocument();
  });
});

describe('§3 register bank dropdown', () => {
  it('lists the 15 banks of spec §3 and BAAC with their logos from /images/bank-png/{CODE}.png', async () => {
    await openRegister();
    fireEvent.click(screen.getByRole('button', { name: /Bank/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(16);
    expect(BANKS.map((bank) => bank.code)).toContain('BAAC');
    options.forEach((option, index) => {
      const bank = BANKS[index];
      expect(option).toHaveTextContent(bank?.nameEn ?? '');
      expect(option.querySelector('img')).toHaveAttribute('src', `/images/bank-png/${bank?.code}.png`);
    });
  });

  it('defaults to KBANK; the hidden form value carries the numeric code', async () => {
    await openRegister();
    expect(screen.getByRole('button', { name: /KASIKORNBANK/ })).toBeInTheDocument();
    const hidden = document.querySelector('input[type="hidden"][name="bankCode"]');
    expect(hidden).toHaveValue('004');
    fireEvent.click(screen.getByRole('button', { name: /Bank/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Siam Commercial Bank' }));
    expect(hidden).toHaveValue('014');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('is operable by keyboard', async () => {
    await openRegister();
    const trigger = screen.getByRole('button', { name: /Bank/ });
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const listbox = screen.getByRole('listbox');
    fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    fireEvent.keyDown(listbox, { key: 'Enter' });
    expect(document.querySelector('input[name="bankCode"]')).toHaveValue('002');
    expect(trigger).toHaveFocus();
  });
});

describe('§3 and §7 registration payload', () => {
  it('posts agentId 1, lineId = phone, default bank KBANK / Kasikorn bank', async () => {
    const fetchMock = await openRegister({
      [`POST ${API_PATHS.register}`]: registerOk,
      [`POST ${API_PATHS.login}`]: loginOk,
    });
    fill(valid);
    submit();
    await screen.findByRole('dialog', { name: 'Register successful' });
    expect(JSON.parse(String(callsTo(fetchMock, `POST ${API_PATHS.register}`)[0]?.body))).toEqual({
      agentId: 1,
      fullName: 'Malee Sukjai',
      bankNumber: '9876543210',
      bankCode: 'KBANK',
      bankName: 'Kasikorn bank',
      lineId: '0898765432',
      phoneNumber: '0898765432',
      password: 'secret123',
    });
  });

  it('state keeps the chosen bank code and name for the payload', async () => {
    const fetchMock = await openRegister({
      [`POST ${API_PATHS.register}`]: registerOk,
      [`POST ${API_PATHS.login}`]: loginOk,
    });
    fill({ ...valid, bankNumber: '020123456789' });
    fireEvent.click(screen.getByRole('button', { name: /Bank/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Government Savings Bank' }));
    submit();
    await screen.findByRole('dialog', { name: 'Register successful' });
    const body = JSON.parse(String(callsTo(fetchMock, `POST ${API_PATHS.register}`)[0]?.body));
    expect(body).toMatchObject({ bankCode: 'GSB', bankName: 'Government Savings Bank' });
  });
});

describe('§5 and §8 registration errors', () => {
  it('PHONE_IN_USE opens the phone-in-use modal', async () => {
    await openRegister({
      [`POST ${API_PATHS.register}`]: {
        status: 409,
        body: errorBody(409, 'This phone number is already in use.', 'PHONE_IN_USE'),
      },
    });
    fill(valid);
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Phone number already in use' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('BANK_ACCOUNT_IN_USE opens the bank-account-in-use modal', async () => {
    await openRegister({
      [`POST ${API_PATHS.register}`]: {
        status: 409,
        body: errorBody(409, 'This bank account is already in use.', 'BANK_ACCOUNT_IN_USE'),
      },
    });
    fill(valid);
    submit();
    expect(await screen.findByRole('dialog', { name: 'Bank account already in use' })).toBeInTheDocument();
  });

  it.each([
    ['phone number is already in use', 'Phone number already in use'],
    ['The bank account is already in use', 'Bank account already in use'],
    ['เบอร์โทรศัพท์นี้ถูกใช้งานแล้ว', 'Phone number already in use'],
  ])('recognises "%s" from the message text alone', async (message, title) => {
    await openRegister({ [`POST ${API_PATHS.register}`]: { status: 400, body: { success: false, message } } });
    fill(valid);
    submit();
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
  });

  it("other errors show the server's message, else 'Registration failed'", async () => {
    await openRegister({
      [`POST ${API_PATHS.register}`]: { status: 400, body: errorBody(400, 'Some details are not valid.') },
    });
    fill(valid);
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Register failed');
    expect(alert).toHaveTextContent('Some details are not valid.');
  });

  it("an error without a message shows 'Registration failed'", async () => {
    await openRegister({ [`POST ${API_PATHS.register}`]: { status: 503, body: {} } });
    fill(valid);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });
});

describe('§4 registration success', () => {
  it('logs in automatically with phone and password; the confirm button goes to /', async () => {
    const fetchMock = await openRegister({
      [`POST ${API_PATHS.register}`]: registerOk,
      [`POST ${API_PATHS.login}`]: loginOk,
    });
    fill(valid);
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Register successful' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(JSON.parse(String(callsTo(fetchMock, `POST ${API_PATHS.login}`)[0]?.body))).toEqual({
      username: '0898765432',
      password: 'secret123',
    });
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('if auto-login fails, goes to /login after 2 s', async () => {
    await openRegister({
      [`POST ${API_PATHS.register}`]: registerOk,
      [`POST ${API_PATHS.login}`]: { status: 401, body: errorBody(401, 'nope', 'INVALID_CREDENTIALS') },
    });
    fill(valid);
    useFakeTimers();
    submit();
    await advance(0);
    expect(screen.getByText('Automatic login failed. Taking you to the login page...')).toBeInTheDocument();
    await advance(1999);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    await advance(1);
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });
});

describe('§2 register screen navigation', () => {
  it('the close icon returns to /login', async () => {
    await openRegister();
    fireEvent.click(screen.getByRole('link', { name: 'Close and go to log in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('has a link to /login and a language select', async () => {
    await openRegister();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'ko' } });
    expect(await screen.findByRole('heading', { name: '계정 만들기' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('ko');
  });
});
