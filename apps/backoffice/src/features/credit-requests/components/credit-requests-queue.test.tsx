import { ADMIN_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorBody,
  mockApi,
  paged,
  type Routes,
  renderApp,
  requestsTo,
  samplePlayer,
  signInAs,
} from '@/testing/test-utils';

const player = samplePlayer;

function request(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    player,
    amount: 25_000,
    reason: 'refund of a failed payout',
    requestedBy: 'night-cashier',
    requestedAt: '2026-11-24T03:00:00Z',
    status: 'WAITING',
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    historyId: null,
    asDeposit: false,
    ...overrides,
  };
}

async function openQueue(role: 'admin' | 'operator', routes: Routes = {}, items = [request(3)]) {
  const fetchMock = mockApi({ [`GET ${ADMIN_PATHS.creditRequests}`]: { body: paged(items) }, ...routes });
  signInAs(role);
  renderApp('/credit-requests');
  await screen.findByRole('heading', { name: 'Credit approvals' });
  const row = await screen.findByTestId('credit-request-row');
  return { fetchMock, row };
}

describe('manual credits waiting for a second admin', () => {
  it('lists the player, the amount, the reason and who asked when', async () => {
    const { row } = await openQueue('admin');
    expect(row).toHaveTextContent('Somsri Jaidee');
    expect(row).toHaveTextContent('฿25,000.00');
    expect(row).toHaveTextContent('refund of a failed payout');
    expect(row).toHaveTextContent('night-cashier');
    expect(row).toHaveTextContent('24 Nov 2026, 10:00:00');
  });

  it('an admin approves with an Idempotency-Key; the answer is shown and the queue refreshes', async () => {
    const approved = request(3, { status: 'APPROVED', decidedBy: 'demo-admin', historyId: 90 });
    const { fetchMock, row } = await openQueue('admin', {
      [`POST ${ADMIN_PATHS.creditRequestApprove}`]: { body: { success: true, message: 'Done.', data: approved } },
    });
    fireEvent.click(within(row).getByRole('button', { name: /Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this credit?' });
    expect(dialog).toHaveTextContent('Credit ฿25,000.00 to Somsri Jaidee, as night-cashier asked.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Approved: the credit is posted.')).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.creditRequestApprove}`);
    expect(new URL(post?.url ?? '').pathname).toBe('/admin/credit-requests/3/approve');
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('the server’s refusal (the requester approving their own) is shown in its words', async () => {
    const { row } = await openQueue('admin', {
      [`POST ${ADMIN_PATHS.creditRequestApprove}`]: {
        status: 403,
        body: errorBody(403, 'A second admin must approve this: you asked for it yourself.', 'CANNOT_APPROVE_OWN'),
      },
    });
    fireEvent.click(within(row).getByRole('button', { name: /Approve/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('A second admin must approve this: you asked for it yourself.'),
    ).toBeInTheDocument();
  });

  it('an operator who is not an admin sees the queue without the buttons', async () => {
    const { row } = await openQueue('operator');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(row).toHaveTextContent('For a second admin');
  });
});
