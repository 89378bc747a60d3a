import { ADMIN_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

function withdrawal(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    createdAt: new Date(Date.now() - 25 * 60_000).toISOString(),
    type: 'WITHDRAW',
    status: 'WAITING',
    amount: 1500.5,
    beforeAmount: 2000,
    afterAmount: 499.5,
    source: null,
    decidedBy: null,
    decidedAt: null,
    reason: null,
    note: null,
    player,
    ...overrides,
  };
}

const decided = (id: number, status: string) => ({
  success: true,
  message: 'Done.',
  data: { ...withdrawal(id), status, decidedBy: 'demo-operator', decidedAt: new Date().toISOString() },
});

async function openQueue(routes: Routes = {}, path = '/withdrawals') {
  const fetchMock = mockApi({ [`GET ${ADMIN_PATHS.withdrawals}`]: { body: paged([withdrawal(11)]) }, ...routes });
  signInAs();
  renderApp(path);
  await screen.findByRole('heading', { name: 'Withdrawals' });
  const row = await screen.findByTestId('withdrawal-row');
  return { fetchMock, row };
}

describe('deliverable 4: the pending withdrawals queue', () => {
  it('lists player, bank, account, amount (th-TH) and age, the highest risk first', async () => {
    const { fetchMock, row } = await openQueue();
    expect(row).toHaveTextContent('Somsri Jaidee');
    expect(row).toHaveTextContent('SP100007 · 0812345670');
    expect(row).toHaveTextContent('Siam Commercial Bank');
    expect(row).toHaveTextContent('4567890123');
    expect(row).toHaveTextContent('฿1,500.50');
    expect(row).toHaveTextContent('Waiting: 25 min');
    expect(within(row).getByRole('link', { name: 'Somsri Jaidee' })).toHaveAttribute('href', '/players/7');
    const [request] = requestsTo(fetchMock, `GET ${ADMIN_PATHS.withdrawals}`);
    expect(new URL(request?.url ?? '').searchParams.toString()).toBe('status=WAITING&sort=risk&page=1');
  });

  it("each waiting withdrawal shows the risk rules' reasons with their figures, its score and identity flags", async () => {
    const { row } = await openQueue({
      [`GET ${ADMIN_PATHS.withdrawals}`]: {
        body: paged([
          {
            ...withdrawal(11),
            risk: {
              route: 'REVIEW',
              score: 70,
              reasons: [
                { code: 'SHARED_IDENTITY', detail: { players: 1 } },
                { code: 'AMOUNT_ABOVE_AUTO', detail: { limit: 5000 } },
              ],
            },
            flags: [
              {
                kind: 'SAME_NAME',
                relatedPlayerId: 9,
                relatedUsername: 'SP100009',
                createdAt: new Date().toISOString(),
              },
            ],
          },
        ]),
      },
    });
    expect(within(row).getByTestId('risk-score')).toHaveTextContent('Risk 70');
    expect(
      within(row)
        .getAllByTestId('risk-reason')
        .map((item) => item.textContent),
    ).toEqual(['Identity shared with 1 other player(s)', 'Above the automatic limit of ฿5,000.00']);
    expect(within(row).getByTestId('identity-flags')).toHaveTextContent('Same name as SP100009 (another account)');
  });

  it('filters, sorts and pages through the address, so a refresh keeps the place', async () => {
    const { fetchMock } = await openQueue({
      [`GET ${ADMIN_PATHS.withdrawals}`]: { body: paged([withdrawal(11)], 45, 1, 20) },
    });
    await expectQueuePlaceInAddress(fetchMock, `GET ${ADMIN_PATHS.withdrawals}`, {
      page: '/withdrawals',
      status: 'APPROVED',
      q: '0812',
    });
  });

  it('approving asks for confirmation, sends once with an Idempotency-Key, shows the outcome and refreshes', async () => {
    let approved = false;
    const { fetchMock, row } = await openQueue({
      [`GET ${ADMIN_PATHS.withdrawals}`]: () => ({ body: paged(approved ? [] : [withdrawal(11)]) }),
      [`POST ${ADMIN_PATHS.withdrawalApprove}`]: () => {
        approved = true;
        return { body: decided(11, 'APPROVED') };
      },
    });
    fireEvent.click(within(row).getByRole('button', { name: /Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(dialog).toHaveTextContent(
      'Approve, and ฿1,500.50 is paid to Siam Commercial Bank 4567890123 (Somsri Jaidee) through the bank connector at once.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Approve' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(await within(dialog).findByText('Approved.')).toBeInTheDocument();
    const posts = requestsTo(fetchMock, `POST ${ADMIN_PATHS.withdrawalApprove}`);
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]?.url ?? '').pathname).toBe('/admin/withdrawals/11/approve');
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
  });

  it('rejecting needs a reason, and sends it', async () => {
    const { fetchMock, row } = await openQueue({
      [`POST ${ADMIN_PATHS.withdrawalReject}`]: { body: decided(11, 'REJECTED') },
    });
    fireEvent.click(within(row).getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
    expect(dialog).toHaveTextContent('The ฿1,500.50 goes back to the player’s main wallet.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.withdrawalReject}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'account name does not match' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Rejected.')).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.withdrawalReject}`);
    expect(await post?.json()).toEqual({ reason: 'account name does not match' });
  });

  it('when another operator decided first, says who and when (the server’s UTC time in Bangkok time), and the list updates', async () => {
    let listCalls = 0;
    await openQueue({
      [`GET ${ADMIN_PATHS.withdrawals}`]: () => {
        listCalls += 1;
        return { body: paged(listCalls === 1 ? [withdrawal(11)] : []) };
      },
      [`POST ${ADMIN_PATHS.withdrawalApprove}`]: {
        status: 409,
        // As the server words it: the time in UTC, ISO 8601.
        body: errorBody(409, 'Already decided by demo-admin at 2026-11-22T07:05:00.000Z.', 'ALREADY_DECIDED'),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Someone else decided this first')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Already decided by demo-admin at 22 Nov 2026, 14:05:00.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
  });

  it('a failure keeps the dialog open with the server message; the retry carries the same Idempotency-Key', async () => {
    let attempts = 0;
    const { fetchMock } = await openQueue({
      [`POST ${ADMIN_PATHS.withdrawalApprove}`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: errorBody(503, 'The database is busy.', 'INTERNAL_ERROR') }
          : { body: decided(11, 'APPROVED') };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The database is busy.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Approved.')).toBeInTheDocument();
    const keys = requestsTo(fetchMock, `POST ${ADMIN_PATHS.withdrawalApprove}`).map((request) =>
      request.headers.get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('decided withdrawals show who decided and why, and offer no action', async () => {
    await openQueue(
      {
        [`GET ${ADMIN_PATHS.withdrawals}`]: {
          body: paged([
            withdrawal(12, {
              status: 'REJECTED',
              decidedBy: 'demo-admin',
              decidedAt: '2026-11-22T07:05:00Z',
              reason: 'duplicate',
            }),
          ]),
        },
      },
      '/withdrawals?status=REJECTED',
    );
    const row = screen.getByTestId('withdrawal-row');
    expect(row).toHaveTextContent('Rejected');
    expect(row).toHaveTextContent('demo-admin · 22 Nov 2026, 14:05:00');
    expect(row).toHaveTextContent('duplicate');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});
