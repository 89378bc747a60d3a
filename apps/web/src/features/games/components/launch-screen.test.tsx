import { API_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { callsTo, errorBody, mockApi, type Routes, renderApp, signIn } from '@/testing/test-utils';
import { redirectBrowser } from '@/utils/browser';

vi.mock('@/utils/browser', () => ({ redirectBrowser: vi.fn() }));

const SPORTS_URL = 'http://localhost:3001/play/sports?session=s1&lang=EN-US';
const WC_URL = 'http://localhost:3001/play/wc?session=w1';

const launched: Routes = {
  [`POST ${API_PATHS.launch}`]: { body: { success: true, data: { data: { gameUrl: SPORTS_URL } } } },
  [`POST ${API_PATHS.launchGame}`]: { body: { success: true, data: { gameUrl: WC_URL } } },
  [`POST ${API_PATHS.transferOut}`]: {
    body: { success: true, message: 'ok', data: { status: 'COMPLETED', amount: 100 } },
  },
  [`POST ${API_PATHS.transferIn}`]: {
    body: { success: true, message: 'ok', data: { status: 'COMPLETED', amount: 100 } },
  },
};

function callOrder(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`)
    .filter((call) => call.startsWith('POST'));
}

beforeEach(() => {
  vi.mocked(redirectBrowser).mockClear();
});

describe('§2 §4 /launch-ufa', () => {
  it('a launch the player’s own protection refuses shows the server’s reason, with no retry and no game', async () => {
    const reason =
      'You have excluded yourself until 26/05/2027 10:00. You can still log in and withdraw your money, but you cannot deposit, play or claim promotions.';
    const fetchMock = mockApi({
      ...launched,
      [`POST ${API_PATHS.launch}`]: { status: 403, body: errorBody(403, reason, 'SELF_EXCLUDED') },
    });
    signIn();
    renderApp('/launch-ufa');
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${API_PATHS.transferOut}`)).toHaveLength(0);
    expect(redirectBrowser).not.toHaveBeenCalled();
  });

  it("shows a spinner and 'Game launching...' while the game is prepared", async () => {
    mockApi({ ...launched, [`POST ${API_PATHS.launch}`]: () => new Promise<Response>(() => {}) });
    signIn();
    renderApp('/launch-ufa');
    const text = await screen.findByText('Game launching...');
    expect(text.closest('.launch')?.querySelector('.spinner')).toBeInTheDocument();
  });

  it('launches with an empty body, then transfers out, then redirects the browser to the game with lang', async () => {
    const fetchMock = mockApi(launched);
    signIn();
    renderApp('/launch-ufa');
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledTimes(1));
    expect(callOrder(fetchMock)).toEqual([`POST ${API_PATHS.launch}`, `POST ${API_PATHS.transferOut}`]);
    expect(callsTo(fetchMock, `POST ${API_PATHS.launch}`)[0]?.body).toBe('{}');
    expect(redirectBrowser).toHaveBeenCalledWith('http://localhost:3001/play/sports?session=s1&lang=EN-US');
  });

  it('the lang parameter follows the interface language (Thai: TH-TH, replacing the one in the address)', async () => {
    await i18n.changeLanguage('th');
    mockApi(launched);
    signIn();
    renderApp('/launch-ufa');
    await waitFor(() =>
      expect(redirectBrowser).toHaveBeenCalledWith('http://localhost:3001/play/sports?session=s1&lang=TH-TH'),
    );
  });

  it('nothing to transfer (an empty main wallet) still opens the game', async () => {
    mockApi({
      ...launched,
      [`POST ${API_PATHS.transferOut}`]: {
        status: 400,
        body: errorBody(400, 'There is no credit to transfer.', 'NOTHING_TO_TRANSFER'),
      },
    });
    signIn();
    renderApp('/launch-ufa');
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledTimes(1));
  });

  it('a transfer still being confirmed (202) opens the game', async () => {
    mockApi({
      ...launched,
      [`POST ${API_PATHS.transferOut}`]: {
        status: 202,
        body: { success: true, message: 'pending', data: { status: 'PENDING', amount: 5 } },
      },
    });
    signIn();
    renderApp('/launch-ufa');
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledTimes(1));
  });

  it('§8 a failed launch shows the game-launch-failed message with a retry that launches again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let launches = 0;
    const fetchMock = mockApi({
      ...launched,
      [`POST ${API_PATHS.launch}`]: () => {
        launches += 1;
        return Promise.resolve(
          launches === 1
            ? new Response(
                JSON.stringify(errorBody(502, 'The game provider is not answering.', 'PROVIDER_UNAVAILABLE')),
                { status: 502 },
              )
            : new Response(JSON.stringify({ success: true, data: { data: { gameUrl: SPORTS_URL } } }), { status: 200 }),
        );
      },
    });
    signIn();
    renderApp('/launch-ufa');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Game launch failed. Please try again or contact customer service.',
    );
    expect(screen.queryByText('Game launching...')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${API_PATHS.transferOut}`)).toHaveLength(0);
    expect(redirectBrowser).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledTimes(1));
    expect(launches).toBe(2);
  });

  it("§8 a failed transfer-out says 'Failed to transfer out funds' and offers a retry and the game as it is", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      ...launched,
      [`POST ${API_PATHS.transferOut}`]: { status: 409, body: errorBody(409, '', 'TRANSFER_FAILED') },
    });
    signIn();
    renderApp('/launch-ufa');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to transfer out funds. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the game anyway' })).toHaveAttribute(
      'href',
      'http://localhost:3001/play/sports?session=s1&lang=EN-US',
    );
    expect(redirectBrowser).not.toHaveBeenCalled();
  });
});

describe('§2 §4 /launch-game (WC)', () => {
  it('launches {gameCode: "WC"}, then transfers in, then redirects with lang appended', async () => {
    const fetchMock = mockApi(launched);
    signIn();
    renderApp('/launch-game');
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledTimes(1));
    expect(callOrder(fetchMock)).toEqual([`POST ${API_PATHS.launchGame}`, `POST ${API_PATHS.transferIn}`]);
    expect(JSON.parse(String(callsTo(fetchMock, `POST ${API_PATHS.launchGame}`)[0]?.body))).toEqual({ gameCode: 'WC' });
    expect(redirectBrowser).toHaveBeenCalledWith('http://localhost:3001/play/wc?session=w1&lang=EN-US');
  });

  it("§8 a failed transfer-in says 'Failed to transfer in funds' with the server's message when it has one", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      ...launched,
      [`POST ${API_PATHS.transferIn}`]: {
        status: 502,
        body: errorBody(502, 'The game provider is not answering.', 'PROVIDER_UNAVAILABLE'),
      },
    });
    signIn();
    renderApp('/launch-game');
    expect(await screen.findByRole('alert')).toHaveTextContent('The game provider is not answering.');
    expect(redirectBrowser).not.toHaveBeenCalled();
  });

  it('a guest is sent to /login (protected route), and nothing is launched', async () => {
    const fetchMock = mockApi();
    renderApp('/launch-game');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(callOrder(fetchMock)).toEqual([]);
  });
});
