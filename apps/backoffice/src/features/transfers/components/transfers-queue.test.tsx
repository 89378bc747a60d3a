import { ADMIN_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';
import {
  errorBody,
  expectQueuePlaceInAddress,
  mockApi,
  paged,
  type Routes,
  renderApp,
  requestsTo,
  samplePlayer,
  signInAs,
} from '@/testing/test-utils';

const player = samplePlayer;

const otherPlayer = {
  ...player,
  id: 8,
  username: 'SP100008',
  phoneNumber: '0812345689',
  fullName: 'Somchai Rakdee',
  bankNumber: '1112223334',
};

function transfer(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    reference: `FT2611220${id}`,
    fromBankCode: '014',
    bankCode: 'SCB',
    fromAccount: 'xxx-x-x9012-x',
    toAccount: '1234567890',
    amount: 1000,
    transferredAt: '2026-11-22T07:01:00Z',
    receivedAt: '2026-11-22T07:02:30Z',
    status: 'UNMATCHED',
    player: null,
    historyId: null,
    note: '2 players fit the sender account',
    decidedBy: null,
    decidedAt: null,
    ...overrides,
  };
}

const listed = (item: typeof player) => ({ ...item, createdAt: '2026-10-01T03:00:00Z', balance: 120 });

function waitingDeposit(id: number, amount: number) {
  return {
    id,
    createdAt: '2026-11-22T07:03:00Z',
    type: 'DEPOSIT',
    status: 'WAITING',
    amount,
    beforeAmount: 120,
    afterAmount: 120,
    source: 'SLIP',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    note: null,
    player,
    slip: {
      id: 90 + id,
      imageUrl: `/admin/deposits/${id}/slip`,
      qrFound: true,
      reference: `SLIPREF${id}`,
      sendingBank: '014',
      sendingBankCode: 'SCB',
      crcValid: true,
    },
    bankTransferId: null,
    warnings: [],
  };
}

const assigned = {
  success: true,
  message: 'Done.',
  data: {
    id: 501,
    createdAt: new Date().toISOString(),
    type: 'DEPOSIT',
    status: 'APPROVED',
    amount: 1000,
    beforeAmount: 120,
    afterAmount: 1120,
    source: 'OPERATOR',
    decidedBy: 'demo-operator',
    decidedAt: new Date().toISOString(),
    reason: 'statement shows the player’s name',
    note: null,
  },
};

async function openQueue(routes: Routes = {}, path = '/transfers') {
  const fetchMock = mockApi({ [`GET ${ADMIN_PATHS.bankTransfers}`]: { body: paged([transfer(31)]) }, ...routes });
  signInAs();
  renderApp(path);
  await screen.findByRole('heading', { name: 'Bank transfers' });
  const row = await screen.findByTestId('transfer-row');
  return { fetchMock, row };
}

/** Opens "Assign to a player", finds the player by phone (Enter in the search field) and picks them. */
async function assignToPlayer(row: HTMLElement, name = 'Somsri Jaidee') {
  fireEvent.click(within(row).getByRole('button', { name: /Assign to a player/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Assign this transfer to a player?' });
  const search = within(dialog).getByLabelText('Find the player');
  fireEvent.change(search, { target: { value: ' 0812345670 ' } });
  fireEvent.keyDown(search, { key: 'Enter' });
  const choices = await within(dialog).findByRole('group', { name: 'Choose the player' });
  fireEvent.click(within(choices).getByRole('radio', { name: new RegExp(name) }));
  return dialog;
}

describe('deliverable 4: the bank transfers queue', () => {
  it('lists reference, sender bank and account as the statement masked it, account, amount, times and status', async () => {
    const { fetchMock, row } = await openQueue();
    expect(row).toHaveTextContent('FT261122031');
    expect(row).toHaveTextContent('Siam Commercial Bank');
    expect(row).toHaveTextContent('xxx-x-x9012-x');
    expect(row).toHaveTextContent('1234567890');
    expect(row).toHaveTextContent('฿1,000.00');
    expect(row).toHaveTextContent('22 Nov 2026, 14:01:00');
    expect(row).toHaveTextContent('22 Nov 2026, 14:02:30');
    expect(row).toHaveTextContent('Unmatched');
    expect(row).toHaveTextContent('2 players fit the sender account');
    expect(row).toHaveTextContent('None yet');
    const [request] = requestsTo(fetchMock, `GET ${ADMIN_PATHS.bankTransfers}`);
    expect(new URL(request?.url ?? '').searchParams.toString()).toBe('status=UNMATCHED&sort=oldest&page=1');
  });

  it('assigned transfers show the player and who decided, and cannot be assigned again', async () => {
    await openQueue(
      {
        [`GET ${ADMIN_PATHS.bankTransfers}`]: {
          body: paged([
            transfer(32, {
              status: 'ASSIGNED',
              player,
              historyId: 501,
              note: null,
              decidedBy: 'demo-admin',
              decidedAt: '2026-11-22T07:05:00Z',
            }),
          ]),
        },
      },
      '/transfers?status=ASSIGNED',
    );
    const row = screen.getByTestId('transfer-row');
    expect(row).toHaveTextContent('Assigned');
    expect(row).toHaveTextContent('demo-admin · 22 Nov 2026, 14:05:00');
    expect(within(row).getByRole('link', { name: 'Somsri Jaidee' })).toHaveAttribute('href', '/players/7');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a MISMATCH transfer (its reference credited before with another amount) reads as such, with its note, and cannot be assigned', async () => {
    await openQueue(
      {
        [`GET ${ADMIN_PATHS.bankTransfers}`]: {
          body: paged([
            transfer(33, {
              status: 'MISMATCH',
              player,
              historyId: 502,
              note: 'already credited by demo-admin from a slip of 500 baht to player 7: nothing credited',
            }),
          ]),
        },
      },
      '/transfers?status=MISMATCH',
    );
    const row = screen.getByTestId('transfer-row');
    expect(row).toHaveTextContent('Mismatch: see flags');
    expect(row.querySelector('.badge')).toHaveClass('badge--bad');
    expect(row).toHaveTextContent('nothing credited');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Status')).getByRole('option', { name: 'Mismatch: see flags' }),
    ).toBeInTheDocument();
  });

  it('filters, sorts and pages through the address, so a refresh keeps the place', async () => {
    const { fetchMock } = await openQueue({
      [`GET ${ADMIN_PATHS.bankTransfers}`]: { body: paged([transfer(31)], 45, 1, 20) },
    });
    await expectQueuePlaceInAddress(fetchMock, `GET ${ADMIN_PATHS.bankTransfers}`, {
      page: '/transfers',
      status: 'CREDITED',
      q: '9012',
    });
  });

  it('assign: find the player by phone, pick, give a reason; POST {playerId, reason} once with an Idempotency-Key; everything refreshes', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    let done = false;
    const { fetchMock, row } = await openQueue({
      [`GET ${ADMIN_PATHS.bankTransfers}`]: () => ({ body: paged(done ? [] : [transfer(31)]) }),
      [`GET ${ADMIN_PATHS.players}`]: { body: paged([listed(player), listed(otherPlayer)], 2, 1, 5) },
      // A waiting deposit of another amount is not this transfer's money: nothing to settle.
      [`GET ${ADMIN_PATHS.deposits}`]: { body: paged([waitingDeposit(40, 250)]) },
      [`POST ${ADMIN_PATHS.bankTransferAssign}`]: () => {
        done = true;
        return { body: assigned };
      },
    });
    fireEvent.click(within(row).getByRole('button', { name: /Assign to a player/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign this transfer to a player?' });
    expect(dialog).toHaveTextContent('FT261122031');
    expect(dialog).toHaveTextContent('฿1,000.00');
    const confirm = within(dialog).getByRole('button', { name: 'Assign' });
    expect(confirm).toBeDisabled();

    const search = within(dialog).getByLabelText('Find the player');
    fireEvent.change(search, { target: { value: ' 0812345670 ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    const choices = await within(dialog).findByRole('group', { name: 'Choose the player' });
    const [searchRequest] = requestsTo(fetchMock, `GET ${ADMIN_PATHS.players}`);
    expect(new URL(searchRequest?.url ?? '').searchParams.get('q')).toBe('0812345670');
    expect(new URL(searchRequest?.url ?? '').searchParams.get('limit')).toBe('5');
    expect(within(choices).getAllByRole('radio')).toHaveLength(2);
    expect(confirm).toBeDisabled();

    fireEvent.click(within(choices).getByRole('radio', { name: /Somsri Jaidee/ }));
    await waitFor(() => expect(confirm).toBeEnabled());
    const [depositsRequest] = requestsTo(fetchMock, `GET ${ADMIN_PATHS.deposits}`);
    expect(new URL(depositsRequest?.url ?? '').searchParams.get('playerId')).toBe('7');
    expect(new URL(depositsRequest?.url ?? '').searchParams.get('status')).toBe('WAITING');
    expect(within(dialog).queryByRole('group', { name: 'How to credit it' })).not.toBeInTheDocument();

    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.bankTransferAssign}`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'statement shows the player’s name' },
    });
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(await within(dialog).findByText('Assigned: ฿1,000.00 credited to Somsri Jaidee.')).toBeInTheDocument();
    const posts = requestsTo(fetchMock, `POST ${ADMIN_PATHS.bankTransferAssign}`);
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]?.url ?? '').pathname).toBe('/admin/bank-transfers/31/assign');
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await posts[0]?.json()).toEqual({ playerId: 7, reason: 'statement shows the player’s name' });
    for (const queryKey of [QUERY_KEYS.transfers, QUERY_KEYS.summary, QUERY_KEYS.player, QUERY_KEYS.deposits]) {
      expect(invalidate).toHaveBeenCalledWith({ queryKey });
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
  });

  it('assign: a waiting slip deposit of the same amount is offered and settled by default (depositId)', async () => {
    const { fetchMock, row } = await openQueue({
      [`GET ${ADMIN_PATHS.players}`]: { body: paged([listed(player)]) },
      [`GET ${ADMIN_PATHS.deposits}`]: { body: paged([waitingDeposit(40, 250), waitingDeposit(41, 1000)]) },
      [`POST ${ADMIN_PATHS.bankTransferAssign}`]: { body: assigned },
    });
    const dialog = await assignToPlayer(row);
    const credit = await within(dialog).findByRole('group', { name: 'How to credit it' });
    const settle = within(credit).getByRole('radio', { name: /Settle the waiting slip deposit/ });
    expect(settle).toHaveAccessibleName(/SLIPREF41/);
    expect(settle).toBeChecked();
    expect(within(credit).getAllByRole('radio')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'slip matches the statement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText(/Assigned:/)).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.bankTransferAssign}`);
    expect(await post?.json()).toEqual({ playerId: 7, reason: 'slip matches the statement', depositId: 41 });
  });

  it('assign: choosing "as a new deposit" leaves the waiting slip deposit alone', async () => {
    const { fetchMock, row } = await openQueue({
      [`GET ${ADMIN_PATHS.players}`]: { body: paged([listed(player)]) },
      [`GET ${ADMIN_PATHS.deposits}`]: { body: paged([waitingDeposit(41, 1000)]) },
      [`POST ${ADMIN_PATHS.bankTransferAssign}`]: { body: assigned },
    });
    const dialog = await assignToPlayer(row);
    const credit = await within(dialog).findByRole('group', { name: 'How to credit it' });
    fireEvent.click(within(credit).getByRole('radio', { name: 'As a new deposit' }));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'a second transfer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText(/Assigned:/)).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.bankTransferAssign}`);
    expect(await post?.json()).toEqual({ playerId: 7, reason: 'a second transfer' });
  });

  it('assign: an empty search asks for text; a search with no player says so and the confirm stays off', async () => {
    const { fetchMock, row } = await openQueue({
      [`GET ${ADMIN_PATHS.players}`]: { body: paged([]) },
    });
    fireEvent.click(within(row).getByRole('button', { name: /Assign to a player/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign this transfer to a player?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).getByText('Type a phone number, name, username or bank account first.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.players}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Find the player'), { target: { value: '0899999999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('No player found.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'anything' } });
    fireEvent.submit(within(dialog).getByLabelText('Reason').closest('form') as HTMLFormElement);
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.bankTransferAssign}`)).toHaveLength(0);
  });

  it('assign conflict: when another operator assigned it first (409 ALREADY_DECIDED), says who and when, and the list updates', async () => {
    let listCalls = 0;
    const { row } = await openQueue({
      [`GET ${ADMIN_PATHS.bankTransfers}`]: () => {
        listCalls += 1;
        return { body: paged(listCalls === 1 ? [transfer(31)] : []) };
      },
      [`GET ${ADMIN_PATHS.players}`]: { body: paged([listed(player)]) },
      [`GET ${ADMIN_PATHS.deposits}`]: { body: paged([]) },
      [`POST ${ADMIN_PATHS.bankTransferAssign}`]: {
        status: 409,
        body: errorBody(409, 'Already decided by demo-admin at 22 Nov 2026 14:05.', 'ALREADY_DECIDED'),
      },
    });
    const dialog = await assignToPlayer(row);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'name on statement' } });
    const confirm = within(dialog).getByRole('button', { name: 'Assign' });
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Someone else decided this first')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Already decided by demo-admin at 22 Nov 2026 14:05.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
  });
});
