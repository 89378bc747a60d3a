import { TRANSFER_IN_STUCK_MS, TRANSFER_IN_WAIT_MS } from '@app/contracts/limits';
import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND, resendTiming } from '@/lib/idempotency';
import {
  advance,
  callsTo,
  defaultBalance,
  errorBody,
  mockApi,
  type Routes,
  renderApp,
  signIn,
  useFakeTimers,
} from '@/testing/test-utils';

// A resend after no answer waits nothing here (src/features/withdraw/api/withdraw-resend.test.ts checks the waits).
beforeEach(() => {
  vi.spyOn(resendTiming, 'wait').mockResolvedValue();
});

const transferred = {
  success: true,
  message: 'Transfer successful',
  data: { status: 'COMPLETED', amount: 200 },
};

/** Opens home with real timers (the route chunks load); each test then fakes the clock for the transfer's waits. */
async function openHome(routes: Routes) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await waitFor(() => expect(screen.getByTestId('main-balance')).toHaveTextContent('฿1,234.50'));
  return fetchMock;
}

describe('§4 transfer-in from the wallet panel', () => {
  it("the click sets the button in progress: 'Transferring...' and dimmed, and calls POST transfer-in once with an Idempotency-Key", async () => {
    const fetchMock = await openHome({ [`POST ${API_PATHS.transferIn}`]: { body: transferred } });
    useFakeTimers();
    const button = screen.getByTestId('transfer-in');
    fireEvent.click(button);
    expect(button).toHaveTextContent('Transferring...');
    expect(button).toHaveClass('is-busy');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    await advance(0);
    const calls = callsTo(fetchMock, `POST ${API_PATHS.transferIn}`);
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('waits 3 seconds after the answer, then shows the success modal and refreshes the balance', async () => {
    const fetchMock = await openHome({ [`POST ${API_PATHS.transferIn}`]: { body: transferred } });
    useFakeTimers();
    const balanceCallsBefore = callsTo(fetchMock, `GET ${API_PATHS.balance}`).length;
    fireEvent.click(screen.getByTestId('transfer-in'));
    await advance(TRANSFER_IN_WAIT_MS - 100);
    expect(screen.queryByRole('dialog', { name: 'Transfer successful' })).not.toBeInTheDocument();
    expect(screen.getByTestId('transfer-in')).toHaveTextContent('Transferring...');
    await advance(100);
    const dialog = screen.getByRole('dialog', { name: 'Transfer successful' });
    expect(dialog).toHaveTextContent('฿200.00 is back in your main wallet.');
    expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`).length).toBeGreaterThan(balanceCallsBefore);
    expect(screen.getByTestId('transfer-in')).toHaveTextContent('Transfer in');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog', { name: 'Transfer successful' })).not.toBeInTheDocument();
  });

  it('a transfer still being confirmed (202) says so in its modal', async () => {
    const message = 'Your transfer is being confirmed with the game provider.';
    await openHome({
      [`POST ${API_PATHS.transferIn}`]: {
        status: 202,
        body: { ...transferred, message, data: { status: 'PENDING', amount: 200 } },
      },
    });
    useFakeTimers();
    fireEvent.click(screen.getByTestId('transfer-in'));
    await advance(TRANSFER_IN_WAIT_MS);
    const dialog = screen.getByRole('dialog', { name: 'Transfer being confirmed' });
    expect(dialog).toHaveTextContent(message);
  });

  it('on a failure without an answer it only logs and stays in progress (no modal) ...', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openHome({
      [`POST ${API_PATHS.transferIn}`]: {
        status: 503,
        body: errorBody(503, 'The service is busy.', 'SERVICE_UNAVAILABLE'),
      },
    });
    useFakeTimers();
    fireEvent.click(screen.getByTestId('transfer-in'));
    await advance(TRANSFER_IN_WAIT_MS + 1000);
    expect(log).toHaveBeenCalledWith('Transfer in failed', expect.anything());
    expect(screen.getByTestId('transfer-in')).toHaveTextContent('Transferring...');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("... and after a bounded time offers a way out: the button comes back with the server's reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = await openHome({
      [`POST ${API_PATHS.transferIn}`]: {
        status: 503,
        body: errorBody(503, 'The service is busy.', 'SERVICE_UNAVAILABLE'),
      },
    });
    useFakeTimers();
    fireEvent.click(screen.getByTestId('transfer-in'));
    await advance(TRANSFER_IN_STUCK_MS - 100);
    expect(screen.getByTestId('transfer-in')).toHaveTextContent('Transferring...');
    await advance(100);
    expect(screen.getByTestId('transfer-in')).toHaveTextContent('Transfer in');
    expect(screen.getByTestId('transfer-in')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('alert')).toHaveTextContent('The service is busy.');
    fireEvent.click(screen.getByTestId('transfer-in'));
    await advance(0);
    // The first tap's sends (each 503 resent with the same key), then the second tap's.
    expect(callsTo(fetchMock, `POST ${API_PATHS.transferIn}`).length).toBeGreaterThan(RESEND.maxSends);
  });

  it('nothing to transfer: the refusal the server states shows at once, with no wait (it moved nothing)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openHome({
      [`POST ${API_PATHS.transferIn}`]: {
        status: 400,
        body: errorBody(400, 'There is no credit to transfer.', 'NOTHING_TO_TRANSFER'),
      },
    });
    useFakeTimers();
    fireEvent.click(screen.getByTestId('transfer-in'));
    await advance(0);
    expect(screen.getByTestId('transfer-in')).toHaveTextContent('Transfer in');
    expect(screen.getByTestId('transfer-in')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('alert')).toHaveTextContent('There is no credit to transfer.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a transfer still on its way (409) is said at once as well', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openHome({
      [`POST ${API_PATHS.transferIn}`]: {
        status: 409,
        body: errorBody(409, 'A transfer is still being processed.', 'TRANSFER_PENDING'),
      },
    });
    useFakeTimers();
    fireEvent.click(screen.getByTestId('transfer-in'));
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('A transfer is still being processed.');
  });

  it("§8 without a server message the way out says 'Failed to transfer in funds. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openHome({ [`POST ${API_PATHS.transferIn}`]: () => Promise.reject(new TypeError('network down')) });
    useFakeTimers();
    fireEvent.click(screen.getByTestId('transfer-in'));
    await advance(TRANSFER_IN_STUCK_MS);
    await act(async () => {});
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to transfer in funds. Please try again.');
  });
});

describe('§4 transfer-in keeps the balance figures', () => {
  it('the refreshed balance shows the credit back in the main wallet', async () => {
    let transferredIn = false;
    await openHome({
      [`POST ${API_PATHS.transferIn}`]: () => {
        transferredIn = true;
        return Promise.resolve(new Response(JSON.stringify(transferred), { status: 200 }));
      },
      [`GET ${API_PATHS.balance}`]: () =>
        Promise.resolve(
          new Response(
            JSON.stringify(
              transferredIn
                ? {
                    ...defaultBalance,
                    main: { balance: 1434.5, point: 1500 },
                    ufa: { current_credit: 0, in_game_credit: 0 },
                  }
                : defaultBalance,
            ),
            { status: 200 },
          ),
        ),
    });
    useFakeTimers();
    fireEvent.click(screen.getByTestId('transfer-in'));
    await advance(TRANSFER_IN_WAIT_MS);
    await advance(0);
    expect(screen.getByTestId('main-balance')).toHaveTextContent('฿1,434.50');
    expect(screen.getByTestId('ufa-balance')).toHaveTextContent('฿0.00');
  });
});
