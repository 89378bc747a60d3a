import { ADMIN_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { currentLocation, errorBody, mockApi, operatorAs, renderApp, requestsTo } from '@/testing/test-utils';

const signedIn = {
  success: true,
  data: {
    status: 'SIGNED_IN',
    token: 'tok-1',
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    operator: operatorAs('admin'),
  },
};

function fillSignIn(code = '123456') {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'demo-admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-admin-1234' } });
  fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('deliverable 2: sign-in with password and TOTP code', () => {
  it('sends username, password and code, starts the session and opens the dashboard', async () => {
    const fetchMock = mockApi({ [`POST ${ADMIN_PATHS.login}`]: { body: signedIn } });
    renderApp('/sign-in');
    fillSignIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.login}`);
    expect(await request?.json()).toEqual({ username: 'demo-admin', password: 'demo-admin-1234', code: '123456' });
    expect(useSessionStore.getState().session?.token).toBe('tok-1');
    // Every later call carries the operator's token.
    await waitFor(() => expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.summary}`)).not.toHaveLength(0));
    const [summaryCall] = requestsTo(fetchMock, `GET ${ADMIN_PATHS.summary}`);
    expect(summaryCall?.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it("shows the server's message when sign-in fails, and stays on sign-in", async () => {
    mockApi({
      [`POST ${ADMIN_PATHS.login}`]: {
        status: 401,
        body: errorBody(401, 'Username, password or code is incorrect.', 'UNAUTHORIZED'),
      },
    });
    renderApp('/sign-in');
    fillSignIn('000000');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('Username, password or code is incorrect.');
    expect(currentLocation()).toBe('/sign-in');
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('an empty username or password is refused before any call', async () => {
    const fetchMock = mockApi();
    renderApp('/sign-in');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true'));
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.login}`)).toHaveLength(0);
  });
});

describe('deliverable 2: the first sign-in enrols the second factor', () => {
  it('shows the QR of the otpauth URI and its key, and the first code finishes the enrolment and signs in', async () => {
    const fetchMock = mockApi({
      [`POST ${ADMIN_PATHS.login}`]: {
        body: {
          success: true,
          data: {
            status: 'ENROL',
            enrolToken: 'enrol-1',
            otpauthUri: 'otpauth://totp/SIAM%20PLAY:new-op?secret=JBSWY3DPEHPK3PXP&issuer=SIAM%20PLAY',
            secret: 'JBSWY3DPEHPK3PXP',
            expiresAt: new Date(Date.now() + 600_000).toISOString(),
          },
        },
      },
      [`POST ${ADMIN_PATHS.enrol}`]: { body: signedIn },
    });
    renderApp('/sign-in');
    fillSignIn('');
    expect(await screen.findByRole('heading', { name: 'Set up your second factor' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code of the authenticator setup' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.enrol}`);
    expect(await request?.json()).toEqual({ enrolToken: 'enrol-1', code: '654321' });
  });
});
