import { changePasswordRequestSchema } from '@app/contracts/auth';
import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { useAuthStore } from '@/stores/auth-store';
import { useModalStore } from '@/stores/modal-store';
import { callsTo, errorBody, findModal, mockApi, type Routes, renderApp, signIn } from '@/testing/test-utils';

const changeOk = { body: { success: true, message: 'Change password successful' } };

async function openChangePassword(routes: Routes = {}) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('change-pass'));
  const dialog = await findModal('Change password');
  return { fetchMock, dialog };
}

type Fields = { old?: string; password?: string; confirm?: string };

function fill(dialog: HTMLElement, { old, password, confirm }: Fields) {
  const inputs: [string, string | undefined][] = [
    ['Current password', old],
    ['New password', password],
    ['Confirm new password', confirm],
  ];
  for (const [label, value] of inputs) {
    if (value !== undefined) fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  }
}

function submit(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
}

const valid = { old: 'demo1234', password: 'new-secret-1', confirm: 'new-secret-1' };

function inputValues(dialog: HTMLElement) {
  return ['Current password', 'New password', 'Confirm new password'].map(
    (label) => (within(dialog).getByLabelText(label) as HTMLInputElement).value,
  );
}

describe('§5 change password validation', () => {
  it('§2 change password: old, new and confirm password fields, each with a show/hide toggle', async () => {
    const { dialog } = await openChangePassword();
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('type', 'password');
    }
    expect(within(dialog).getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
  });

  it('§5 change password: the old password is required', async () => {
    const { fetchMock, dialog } = await openChangePassword();
    fill(dialog, { password: valid.password, confirm: valid.confirm });
    submit(dialog);
    expect(await within(dialog).findByText('Please enter your current password.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, `POST ${API_PATHS.changePassword}`)).toHaveLength(0);
  });

  it('§5 change password: the new password has at least 8 characters', async () => {
    const { fetchMock, dialog } = await openChangePassword();
    fill(dialog, { old: valid.old, password: 'short12', confirm: 'short12' });
    submit(dialog);
    expect(await within(dialog).findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${API_PATHS.changePassword}`)).toHaveLength(0);
  });

  it("§5 change password: 'passwords do not match'", async () => {
    const { fetchMock, dialog } = await openChangePassword();
    fill(dialog, { old: valid.old, password: 'new-secret-1', confirm: 'new-secret-2' });
    submit(dialog);
    expect(await within(dialog).findByText(/^passwords do not match$/i)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, `POST ${API_PATHS.changePassword}`)).toHaveLength(0);
    // The mismatch follows the player's corrections.
    fill(dialog, { confirm: 'new-secret-1' });
    await waitFor(() => expect(within(dialog).queryByText(/passwords do not match/i)).not.toBeInTheDocument());
  });

  it("§5 change password: 'passwords do not match' shows even while the old password is still missing", async () => {
    const { dialog } = await openChangePassword();
    fill(dialog, { password: 'new-secret-1', confirm: 'other-secret' });
    submit(dialog);
    expect(await within(dialog).findByText('Please enter your current password.')).toBeInTheDocument();
    expect(within(dialog).getByText(/^passwords do not match$/i)).toBeInTheDocument();
  });
});

describe('§4 change password flow', () => {
  it('§7 change password: sends oldPassword and password (POST /api/player/change-password), never the confirmation', async () => {
    const { fetchMock, dialog } = await openChangePassword({ [`POST ${API_PATHS.changePassword}`]: changeOk });
    fill(dialog, valid);
    submit(dialog);
    await waitFor(() => expect(callsTo(fetchMock, `POST ${API_PATHS.changePassword}`)).toHaveLength(1));
    const sent = JSON.parse(String(callsTo(fetchMock, `POST ${API_PATHS.changePassword}`)[0]?.body));
    expect(sent).toEqual({ oldPassword: 'demo1234', password: 'new-secret-1' });
    expect(z.strictObject(changePasswordRequestSchema.shape).safeParse(sent).success).toBe(true);
  });

  it("§4 change password: success replaces the form with a success modal ('Change password successful')", async () => {
    const { dialog } = await openChangePassword({ [`POST ${API_PATHS.changePassword}`]: changeOk });
    fill(dialog, valid);
    submit(dialog);
    const success = await screen.findByRole('dialog', { name: 'Change password successful' });
    expect(within(success).getByRole('status')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(within(success).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useModalStore.getState().openModal).toBeNull();
  });

  it('the session survives: the server keeps this session, so the token and sign-in stay', async () => {
    const { dialog } = await openChangePassword({ [`POST ${API_PATHS.changePassword}`]: changeOk });
    fill(dialog, valid);
    submit(dialog);
    await screen.findByRole('dialog', { name: 'Change password successful' });
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });

  it('the submit button is disabled while the change is being sent', async () => {
    let answer: (response: Response) => void = () => {};
    const { dialog } = await openChangePassword({
      [`POST ${API_PATHS.changePassword}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    fill(dialog, valid);
    submit(dialog);
    const pending = await within(dialog).findByRole('button', { name: 'Changing password...' });
    expect(pending).toBeDisabled();
    await act(async () => answer(new Response(JSON.stringify(changeOk.body), { status: 200 })));
    expect(await screen.findByRole('dialog', { name: 'Change password successful' })).toBeInTheDocument();
  });

  it.each([
    [400, 'Your current password is incorrect.', 'WRONG_OLD_PASSWORD'],
    [429, 'Too many wrong passwords. Please try again in 15 minutes.', 'TOO_MANY_ATTEMPTS'],
  ])('§8 change password: a %i (%s) shows the server message', async (status, message, code) => {
    const { dialog } = await openChangePassword({
      [`POST ${API_PATHS.changePassword}`]: { status, body: errorBody(status, message, code) },
    });
    fill(dialog, valid);
    submit(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Change password failed');
    expect(alert).toHaveTextContent(message);
    // The form stays, with what the player typed, for another try.
    expect(inputValues(dialog)).toEqual([valid.old, valid.password, valid.confirm]);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it("§8 change password: without a server message, 'Change password failed'", async () => {
    const { dialog } = await openChangePassword({
      [`POST ${API_PATHS.changePassword}`]: () => Promise.reject(new TypeError('offline')),
    });
    fill(dialog, valid);
    submit(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Change password failed');
  });

  it('§4 change password: the form resets whenever the modal closes', async () => {
    const { dialog } = await openChangePassword({
      [`POST ${API_PATHS.changePassword}`]: { status: 400, body: errorBody(400, 'Wrong!', 'WRONG_OLD_PASSWORD') },
    });
    fill(dialog, { old: 'typed-old', password: 'short', confirm: 'x' });
    submit(dialog);
    expect(await within(dialog).findByText('Password must be at least 8 characters.')).toBeInTheDocument();

    // Closed with Cancel, the close button and Escape: each time it opens empty, without old errors.
    const closers: ((modal: HTMLElement) => void)[] = [
      (modal) => fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' })),
      (modal) => fireEvent.click(within(modal).getByRole('button', { name: 'Close' })),
      (modal) => fireEvent.keyDown(modal, { key: 'Escape' }),
    ];
    let modal = dialog;
    for (const close of closers) {
      close(modal);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      act(() => useModalStore.getState().open('change-pass'));
      modal = await findModal('Change password');
      expect(inputValues(modal)).toEqual(['', '', '']);
      expect(within(modal).queryByText('Password must be at least 8 characters.')).not.toBeInTheDocument();
      fill(modal, valid);
      submit(modal);
      expect(await within(modal).findByRole('alert')).toHaveTextContent('Wrong!');
    }
  });

  it('§4 change password: after a success, opening it again shows an empty form', async () => {
    const { dialog } = await openChangePassword({ [`POST ${API_PATHS.changePassword}`]: changeOk });
    fill(dialog, valid);
    submit(dialog);
    const success = await screen.findByRole('dialog', { name: 'Change password successful' });
    fireEvent.click(within(success).getByRole('button', { name: 'Confirm' }));
    act(() => useModalStore.getState().open('change-pass'));
    const again = await findModal('Change password');
    expect(inputValues(again)).toEqual(['', '', '']);
  });
});
