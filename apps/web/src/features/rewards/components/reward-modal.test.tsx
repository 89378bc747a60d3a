import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useModalStore } from '@/stores/modal-store';
import { callsTo, errorBody, findModal, mockApi, type Routes, renderApp, signIn } from '@/testing/test-utils';

const rewards = [
  { id: 1, name: 'Free credit 100', imageUrl: 'free-credit-100.png' },
  { id: 2, name: 'Gold necklace', imageUrl: 'gold-necklace.png' },
];

async function openRewards(routes: Routes) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('reward'));
  return { fetchMock, dialog: await findModal('Rewards') };
}

describe('§2 reward modal', () => {
  it('shows a grid of the rewards of GET /setting/rewards with name and image from /images/reward/{imageUrl}', async () => {
    const { fetchMock, dialog } = await openRewards({
      [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: rewards } },
    });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Free credit 100');
    expect(items[0]?.querySelector('img')).toHaveAttribute('src', '/images/reward/free-credit-100.png');
    expect(items[1]?.querySelector('img')).toHaveAttribute('src', '/images/reward/gold-necklace.png');
    expect(callsTo(fetchMock, `GET ${API_PATHS.rewards}`)).toHaveLength(1);
  });

  it('the redeem button only closes the modal', async () => {
    const { fetchMock, dialog } = await openRewards({
      [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: rewards } },
    });
    const callsBefore = fetchMock.mock.calls.length;
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Redeem: Gold necklace' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
  });

  it('§8 a failed load shows the loading-error text; an empty list says so', async () => {
    const { dialog } = await openRewards({ [`GET ${API_PATHS.rewards}`]: { status: 500, body: errorBody(500, 'x') } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error loading data');
  });

  it('an empty list says there is nothing to redeem', async () => {
    const { dialog } = await openRewards({ [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: [] } } });
    expect(await within(dialog).findByText('No rewards to redeem right now.')).toBeInTheDocument();
  });
});
