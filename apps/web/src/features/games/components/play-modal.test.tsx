import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useModalStore } from '@/stores/modal-store';
import { findModal, mockApi, renderApp, signIn } from '@/testing/test-utils';

async function openPlay() {
  mockApi();
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('play-game'));
  return findModal('Play games');
}

describe('§2 play modal (game chooser)', () => {
  it('has two image links, to /launch-ufa and /launch-game, each opening in a new tab', async () => {
    const dialog = await openPlay();
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/launch-ufa', '/launch-game']);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^\/images\/games\/.+\.png$/));
    }
    expect(within(dialog).getByRole('link', { name: /UFA Sports/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /WC Slots/ })).toBeInTheDocument();
  });

  it('the footer Play button opens it', async () => {
    mockApi();
    signIn();
    renderApp('/');
    const footer = await screen.findByRole('navigation', { name: 'Main menu' });
    act(() => within(footer).getByRole('button', { name: 'Play' }).click());
    expect(await findModal('Play games')).toBeInTheDocument();
  });
});
