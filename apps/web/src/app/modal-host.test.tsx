import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSession } from '@/lib/session';
import { useModalStore } from '@/stores/modal-store';
import { findModal, mockApi, renderApp, signIn } from '@/testing/test-utils';

const rewards = { success: true, data: [{ id: 1, name: 'Free credit 100', imageUrl: 'free-credit-100.png' }] };

async function openHome() {
  mockApi({ [`GET ${API_PATHS.rewards}`]: { body: rewards } });
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
}

describe('§2 modal host', () => {
  it('shows the modal as a native modal dialog (showModal), labelled by its title', async () => {
    await openHome();
    fireEvent.click(screen.getByRole('button', { name: 'Rewards' }));
    const dialog = await findModal('Rewards');
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(await within(dialog).findByText('Free credit 100')).toBeInTheDocument();
  });

  it('Escape closes the modal', async () => {
    await openHome();
    act(() => useModalStore.getState().open('reward'));
    const dialog = await findModal('Rewards');
    await within(dialog).findByText('Free credit 100');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useModalStore.getState().openModal).toBeNull();
  });

  it('closing returns focus to the button that opened the modal', async () => {
    await openHome();
    const opener = screen.getByRole('button', { name: 'Rewards' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await findModal('Rewards');
    await within(dialog).findByText('Free credit 100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('a click on the backdrop (the dialog element outside its panel) closes the modal', async () => {
    await openHome();
    act(() => useModalStore.getState().open('reward'));
    const dialog = await findModal('Rewards');
    fireEvent.click(within(dialog).getByRole('heading', { name: 'Rewards' }));
    expect(screen.getByRole('dialog', { name: 'Rewards' })).toBeInTheDocument();
    fireEvent.click(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('§6 ending the session closes the open modal, and it does not come back on the next sign-in', async () => {
    await openHome();
    act(() => useModalStore.getState().open('reward'));
    await findModal('Rewards');
    act(() => clearSession());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useModalStore.getState().openModal).toBeNull();
  });
});
