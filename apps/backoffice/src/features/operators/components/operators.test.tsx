import { ADMIN_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockApi, type Routes, renderApp, requestsTo, signInAs } from '@/testing/test-utils';

/** The signed-in admin of signInAs('admin') is operator 1. */
const self = {
  id: 1,
  username: 'demo-admin',
  displayName: 'Demo admin',
  role: 'admin',
  enrolled: true,
  disabled: false,
  lastLoginAt: '2026-11-22T07:05:00Z',
  createdAt: '2026-11-01T03:00:00Z',
  manualCreditLimit: null,
};
const cashier = {
  id: 7,
  username: 'cashier',
  displayName: 'Night cashier',
  role: 'operator',
  enrolled: false,
  disabled: true,
  lastLoginAt: null,
  createdAt: '2026-11-20T02:30:00Z',
  manualCreditLimit: null,
};

const ok = <T,>(data: T) => ({ body: { success: true, data } });

async function openOperators(routes: Routes = {}) {
  const fetchMock = mockApi({ [`GET ${ADMIN_PATHS.operators}`]: ok([self, cashier]), ...routes });
  signInAs('admin');
  renderApp('/operators');
  await screen.findByRole('heading', { level: 1, name: 'Operators' });
  const rows = await screen.findAllByTestId('operator-row');
  return { fetchMock, rows };
}

async function editDialog(username: string) {
  fireEvent.click(screen.getByRole('button', { name: `Edit ${username}` }));
  return screen.findByRole('dialog', { name: `Edit ${username}` });
}

describe('deliverable 2: operators are managed by admins only', () => {
  it('an operator opening /operators sees that it is for admins, and the list is not asked for', async () => {
    const fetchMock = mockApi();
    signInAs('operator');
    renderApp('/operators');
    expect(await screen.findByText('This screen is for admins.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.operators}`)).toHaveLength(0);
  });
});

describe('deliverable 2: operators managed by admins', () => {
  it('lists username, display name, role, second factor, disabled, credit limit, last sign-in and created (Bangkok time)', async () => {
    const { rows } = await openOperators({
      [`GET ${ADMIN_PATHS.operators}`]: ok([self, { ...cashier, manualCreditLimit: 5000 }]),
    });
    const [me, other] = rows;
    expect(me).toHaveTextContent('demo-admin (you)');
    expect(me).toHaveTextContent('Demo admin');
    expect(me).toHaveTextContent('Admin');
    expect(me).toHaveTextContent('Set up');
    expect(me).toHaveTextContent('Active');
    expect(me).toHaveTextContent('The setting');
    expect(me).toHaveTextContent('22 Nov 2026, 14:05:00');
    expect(other).toHaveTextContent('cashier');
    expect(other).not.toHaveTextContent('(you)');
    expect(other).toHaveTextContent('Night cashier');
    expect(other).toHaveTextContent('Operator');
    expect(other).toHaveTextContent('Not set up yet');
    expect(other).toHaveTextContent('Disabled');
    expect(other).toHaveTextContent('฿5,000.00');
    expect(other).toHaveTextContent('Never');
    expect(other).toHaveTextContent('20 Nov 2026, 09:30:00');
  });

  it('creating checks the contract’s rules first, then POSTs; the new operator enrols the second factor at first sign-in', async () => {
    const { fetchMock } = await openOperators({
      [`POST ${ADMIN_PATHS.operators}`]: async (request: Request) => {
        const body = (await request.json()) as Record<string, unknown>;
        return ok({ ...cashier, id: 9, username: body.username, displayName: body.displayName, disabled: false });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'New operator' });
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'x' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create operator' }));
    expect(
      await within(dialog).findByText('Username: 3 to 32 lowercase letters, digits, ".", "_" or "-".'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.operators}`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'Cashier.Two' } });
    fireEvent.change(within(dialog).getByLabelText('Display name'), { target: { value: 'Cashier Two' } });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create operator' }));
    expect(
      await screen.findByText('Operator cashier.two created. They set up their second factor at their first sign-in.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.operators}`);
    expect(await post?.json()).toEqual({
      username: 'cashier.two',
      displayName: 'Cashier Two',
      role: 'admin',
      password: 'a-long-password',
    });
  });

  it('a taken username is refused by the server (OPERATOR_EXISTS) and shown in its words; the dialog stays open', async () => {
    await openOperators({
      [`POST ${ADMIN_PATHS.operators}`]: {
        status: 409,
        body: errorBody(409, 'This username is taken.', 'OPERATOR_EXISTS'),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'New operator' });
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'cashier' } });
    fireEvent.change(within(dialog).getByLabelText('Display name'), { target: { value: 'Another cashier' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'a-long-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create operator' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This username is taken.');
  });

  it('changing sends only what changed: role, disabled, a second-factor reset and a new password', async () => {
    const { fetchMock } = await openOperators({ [`PATCH ${ADMIN_PATHS.operator}`]: ok(cashier) });
    const dialog = await editDialog('cashier');
    expect(within(dialog).getByLabelText('Disabled')).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Nothing changed.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('New password (optional)'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `PATCH ${ADMIN_PATHS.operator}`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(within(dialog).getByLabelText('Disabled'));
    fireEvent.click(within(dialog).getByLabelText('Reset the second factor'));
    fireEvent.change(within(dialog).getByLabelText('New password (optional)'), {
      target: { value: 'new-password-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Operator cashier saved.')).toBeInTheDocument();
    const [patch] = requestsTo(fetchMock, `PATCH ${ADMIN_PATHS.operator}`);
    expect(new URL(patch?.url ?? '').pathname).toBe('/admin/operators/7');
    expect(await patch?.json()).toEqual({
      role: 'admin',
      disabled: false,
      resetSecondFactor: true,
      password: 'new-password-1',
    });
  });

  it('a manual credit limit is sent in baht; emptied, it goes back to the setting (null); a word is refused before sending', async () => {
    const { fetchMock } = await openOperators({ [`PATCH ${ADMIN_PATHS.operator}`]: ok(cashier) });
    const dialog = await editDialog('cashier');
    const field = within(dialog).getByLabelText('Manual credit limit (baht)');
    expect(field).toHaveValue('');
    fireEvent.change(field, { target: { value: 'lots' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please enter an amount greater than 0, with at most 2 decimals.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, `PATCH ${ADMIN_PATHS.operator}`)).toHaveLength(0);
    fireEvent.change(field, { target: { value: '5,000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Operator cashier saved.')).toBeInTheDocument();
    const [patch] = requestsTo(fetchMock, `PATCH ${ADMIN_PATHS.operator}`);
    expect(await patch?.json()).toEqual({ manualCreditLimit: 5000 });
  });

  it('a display name alone is sent alone', async () => {
    const { fetchMock } = await openOperators({ [`PATCH ${ADMIN_PATHS.operator}`]: ok(cashier) });
    const dialog = await editDialog('cashier');
    fireEvent.change(within(dialog).getByLabelText('Display name'), { target: { value: 'Day cashier' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Operator cashier saved.')).toBeInTheDocument();
    const [patch] = requestsTo(fetchMock, `PATCH ${ADMIN_PATHS.operator}`);
    expect(await patch?.json()).toEqual({ displayName: 'Day cashier' });
  });

  it('changing one’s own role is refused by the server (CANNOT_CHANGE_SELF), and its words are shown', async () => {
    await openOperators({
      [`PATCH ${ADMIN_PATHS.operator}`]: {
        status: 409,
        body: errorBody(409, 'You cannot change or disable your own account here.', 'CANNOT_CHANGE_SELF'),
      },
    });
    const dialog = await editDialog('demo-admin');
    expect(dialog).toHaveTextContent('This is your own account');
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'operator' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot change or disable your own account here.',
    );
  });
});
