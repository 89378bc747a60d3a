import { CHANNEL_PATHS } from '@app/contracts/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showUpdatePrompt } from '@/lib/pwa';
import { callsTo, findModal, mockApi, renderApp, signIn } from '@/testing/test-utils';

const LINE = { officialAccount: '@siamplay', addFriendUrl: 'https://line.me/R/ti/p/%40siamplay' };
const KEY = 'BCy4uVdbzdLJa9zinfvJ-3hWn8I0dq4sIwfUWraaGalQZpyvqMiA3nrF4m7G0gZWJF-odh3wqVOp0RdSowRVwdY';
const channels = (line: { available: boolean; linked: boolean }) => ({
  body: { success: true, data: { line: { ...line, ...LINE }, push: { publicKey: KEY } } },
});

async function openCentre() {
  signIn();
  renderApp('/');
  fireEvent.click(await screen.findByTestId('notification-bell'));
  return findModal('Notifications');
}

describe('notification channels', () => {
  it('LINE: the player gets a one-time code to send to the official account, then sees it linked and can unlink', async () => {
    let linked = false;
    const fetchMock = mockApi({
      [`GET ${CHANNEL_PATHS.channels}`]: (_request: Request) => channels({ available: true, linked }),
      [`POST ${CHANNEL_PATHS.lineCode}`]: {
        body: { success: true, data: { code: 'K7M4PX', expiresAt: '2026-11-26T05:10:00.000Z', ...LINE } },
      },
      [`POST ${CHANNEL_PATHS.lineUnlink}`]: (_request: Request) => {
        linked = false;
        return { body: { success: true } };
      },
    });
    const dialog = await openCentre();
    const line = await within(dialog).findByTestId('line-channel');
    expect(line).toHaveTextContent('Get your deposits, withdrawals and promotions on LINE from @siamplay.');
    fireEvent.click(within(line).getByRole('button', { name: 'Link LINE' }));
    expect(await within(line).findByTestId('line-code')).toHaveTextContent('K7M4PX');
    expect(line).toHaveTextContent('Add @siamplay as a friend on LINE and send it this code within 10 minutes:');
    expect(within(line).getByRole('link', { name: 'Open LINE' })).toHaveAttribute('href', LINE.addFriendUrl);
    // The player sends the code on LINE; the screen finds the link by itself.
    linked = true;
    await waitFor(() => expect(within(dialog).getByTestId('line-channel')).toHaveTextContent('is linked'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink LINE' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${CHANNEL_PATHS.lineUnlink}`)).toHaveLength(1));
    expect(await within(dialog).findByRole('button', { name: 'Link LINE' })).toBeInTheDocument();
  });

  it('LINE is not offered when the site has not set it up; phone notifications say when the browser cannot show them', async () => {
    mockApi({ [`GET ${CHANNEL_PATHS.channels}`]: channels({ available: false, linked: false }) });
    const dialog = await openCentre();
    const push = await within(dialog).findByTestId('push-channel');
    // jsdom has no service worker or Push API, like a browser that cannot show them.
    expect(push).toHaveTextContent('This browser cannot show them. Add the app to your home screen first.');
    expect(within(push).queryByRole('button')).toBeNull();
    expect(within(dialog).queryByTestId('line-channel')).toBeNull();
  });
});

describe('update prompt', () => {
  it('offers the new version; Update takes it once, Later only hides the prompt', () => {
    let updates = 0;
    showUpdatePrompt(() => {
      updates += 1;
    });
    const prompt = screen.getByTestId('update-prompt');
    expect(prompt).toHaveAttribute('role', 'status');
    expect(prompt).toHaveTextContent('A new version of SIAM PLAY is ready.');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Update' }));
    fireEvent.click(within(prompt).getByRole('button', { name: 'Update' }));
    expect(updates).toBe(1);
    showUpdatePrompt(() => {
      updates += 1;
    });
    expect(screen.getAllByTestId('update-prompt')).toHaveLength(1);
    fireEvent.click(within(screen.getByTestId('update-prompt')).getByRole('button', { name: 'Later' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(updates).toBe(1);
  });
});
