import { PROTECTION_ADMIN_PATHS } from '@app/contracts/protection';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, paged, type Routes, renderApp, requestsTo, signInAs } from '@/testing/test-utils';

function held(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    amount: 800,
    reference: 'SBXHELD1',
    reason: 'EXCLUDED',
    status: 'HELD',
    createdAt: '2026-11-26T03:00:00Z',
    decidedAt: null,
    playerId: 7,
    username: 'SP100007',
    fullName: 'Somchai Jaidee',
    decidedBy: null,
    ...overrides,
  };
}

async function openHeld(routes: Routes = {}) {
  const fetchMock = mockApi({ [`GET ${PROTECTION_ADMIN_PATHS.heldDeposits}`]: { body: paged([held(3)]) }, ...routes });
  signInAs('operator');
  renderApp('/held-deposits');
  await screen.findByRole('heading', { name: 'Held deposits' });
  return fetchMock;
}

describe('held deposits in the back office', () => {
  it('lists what is held, for whom and why; the list asks for held ones first', async () => {
    const fetchMock = await openHeld();
    const row = await screen.findByTestId('held-row');
    expect(row).toHaveTextContent('SP100007');
    expect(row).toHaveTextContent('฿800.00');
    expect(row).toHaveTextContent('Time-out or self-exclusion');
    expect(row).toHaveTextContent('SBXHELD1');
    expect(within(row).getByRole('link', { name: 'SP100007' })).toHaveAttribute('href', '/players/7');
    const [list] = requestsTo(fetchMock, `GET ${PROTECTION_ADMIN_PATHS.heldDeposits}`);
    expect(new URL(list?.url ?? '').searchParams.get('status')).toBe('HELD');
  });

  it('returning to the bank needs a reason and posts it to that deposit', async () => {
    const fetchMock = await openHeld({
      [`POST ${PROTECTION_ADMIN_PATHS.heldReturn}`]: {
        body: { success: true, message: 'Done.', data: held(3, { status: 'RETURNED' }) },
      },
    });
    fireEvent.click(within(await screen.findByTestId('held-row')).getByRole('button', { name: /Return to bank/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Return ฿800.00 to the bank account of SP100007' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return to bank' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${PROTECTION_ADMIN_PATHS.heldReturn}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'player excluded; returned as asked' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return to bank' }));
    expect(await within(dialog).findByText('The return is on its way to the bank account.')).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${PROTECTION_ADMIN_PATHS.heldReturn}`);
    expect(new URL(post?.url ?? '').pathname).toBe('/admin/held-deposits/3/return');
    expect(await post?.json()).toEqual({ reason: 'player excluded; returned as asked' });
    expect(requestsTo(fetchMock, `POST ${PROTECTION_ADMIN_PATHS.heldRelease}`)).toHaveLength(0);
  });

  it('releasing posts to the release path; a decided deposit offers no buttons', async () => {
    const fetchMock = await openHeld({
      [`GET ${PROTECTION_ADMIN_PATHS.heldDeposits}`]: {
        body: paged([
          held(3),
          held(4, { status: 'RELEASED', decidedBy: 'demo-admin', decidedAt: '2026-11-26T04:00:00Z' }),
        ]),
      },
      [`POST ${PROTECTION_ADMIN_PATHS.heldRelease}`]: {
        body: { success: true, message: 'Done.', data: held(3, { status: 'RELEASED' }) },
      },
    });
    const [open, decided] = await screen.findAllByTestId('held-row');
    expect(decided).toHaveTextContent('demo-admin');
    expect(within(decided as HTMLElement).queryByRole('button')).toBeNull();
    fireEvent.click(within(open as HTMLElement).getByRole('button', { name: /Release to wallet/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Release ฿800.00 into the wallet of SP100007' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'exclusion over; player asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release to wallet' }));
    expect(await within(dialog).findByText('Released into the wallet.')).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${PROTECTION_ADMIN_PATHS.heldRelease}`);
    expect(new URL(post?.url ?? '').pathname).toBe('/admin/held-deposits/3/release');
  });
});
