import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useModalStore } from '@/stores/modal-store';
import { defaultBalance, demoUser, findModal, mockApi, renderApp, signIn } from '@/testing/test-utils';

async function openProfile() {
  mockApi({
    [`GET ${API_PATHS.balance}`]: { body: { ...defaultBalance, main: { balance: 2300.5, point: 10 } } },
  });
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('profile'));
  return findModal('Profile');
}

describe('§2 profile modal', () => {
  it('shows the balance, full name, username, phone, bank name and bank number', async () => {
    const dialog = await openProfile();
    await waitFor(() => expect(within(dialog).getByTestId('profile-balance')).toHaveTextContent('฿2,300.50'));
    for (const [label, value] of [
      ['Full name', demoUser.fullName],
      ['Username', demoUser.username],
      ['Phone number', demoUser.phoneNumber],
      ['Bank', 'KASIKORNBANK'],
      ['Bank account number', demoUser.bankNumber],
    ]) {
      const term = within(dialog).getByText(label as string, { selector: 'dt' });
      expect(term.nextElementSibling).toHaveTextContent(value as string);
    }
  });

  it.each([
    ['Deposit', 'deposit'],
    ['Withdraw', 'withdraw'],
  ])('the %s shortcut replaces the profile with the %s modal', async (name, modal) => {
    const dialog = await openProfile();
    fireEvent.click(within(dialog).getByRole('button', { name }));
    expect(useModalStore.getState().openModal).toBe(modal);
    expect(await screen.findByRole('dialog', { name })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('the confirm button closes it', async () => {
    const dialog = await openProfile();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
