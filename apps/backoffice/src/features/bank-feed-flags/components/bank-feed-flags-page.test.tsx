import { ADMIN_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockApi, paged, type Routes, renderApp, requestsTo, signInAs } from '@/testing/test-utils';

function flag(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    reference: 'REF77AB',
    kind: 'REDELIVERY_DIFFERS',
    bankTransferId: 12,
    reported: { fromBankCode: 'KBANK', fromAccount: 'xxxxxx2468', toAccount: '1234567890', amount: 500.5 },
    recorded: { fromBankCode: 'KBANK', fromAccount: 'xxxxxx2468', toAccount: '1234567890', amount: 500 },
    timesReported: 2,
    raisedAt: '2026-11-24T03:00:00Z',
    lastReportedAt: '2026-11-24T03:05:00Z',
    resolvedAt: null,
    resolvedBy: null,
    resolution: null,
    ...overrides,
  };
}

async function openFlags(routes: Routes = {}, items = [flag(4)], path = '/bank-feed-flags') {
  const fetchMock = mockApi({ [`GET ${ADMIN_PATHS.bankFeedFlags}`]: { body: paged(items) }, ...routes });
  signInAs('operator');
  renderApp(path);
  await screen.findByRole('heading', { name: 'Bank feed flags' });
  return fetchMock;
}

describe('bank-feed flags reach operators', () => {
  it('an open flag shows its reference, what happened, and what the bank reported beside what we recorded', async () => {
    const fetchMock = await openFlags();
    const row = await screen.findByTestId('flag-row');
    expect(row).toHaveTextContent('REF77AB');
    expect(row).toHaveTextContent('Sent again, differently');
    expect(row).toHaveTextContent('Reported 2 times');
    const amount = within(row).getByTestId('flag-field-amount');
    expect(amount).toHaveTextContent('AmountBank reported: ฿500.50We recorded: ฿500.00 (differs)');
    expect(amount).toHaveClass('flag-fields__differs');
    expect(within(row).getByTestId('flag-field-fromAccount')).toHaveTextContent('Sender’s account');
    expect(within(row).getByTestId('flag-field-fromAccount')).not.toHaveClass('flag-fields__differs');
    const [list] = requestsTo(fetchMock, `GET ${ADMIN_PATHS.bankFeedFlags}`);
    expect(new URL(list?.url ?? '').searchParams.get('status')).toBe('open');
  });

  it('resolving asks for a reason, posts it to the flag, and says it is done', async () => {
    const resolved = flag(4, { resolvedAt: '2026-11-24T04:00:00Z', resolvedBy: 'demo-operator', resolution: 'ok' });
    const fetchMock = await openFlags({
      [`POST ${ADMIN_PATHS.bankFeedFlagResolve}`]: { body: { success: true, message: 'Done.', data: resolved } },
    });
    fireEvent.click(within(await screen.findByTestId('flag-row')).getByRole('button', { name: /Resolve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the flag of REF77AB?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.bankFeedFlagResolve}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'second delivery is a bank correction; statement shows 500.00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('The flag is resolved.')).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.bankFeedFlagResolve}`);
    expect(new URL(post?.url ?? '').pathname).toBe('/admin/bank-feed-flags/4/resolve');
    expect(await post?.json()).toEqual({ reason: 'second delivery is a bank correction; statement shows 500.00' });
  });

  it('a flag another operator resolved first: the server’s words are shown', async () => {
    await openFlags({
      [`POST ${ADMIN_PATHS.bankFeedFlagResolve}`]: {
        status: 409,
        body: errorBody(409, 'This flag was resolved already.', 'FLAG_ALREADY_RESOLVED'),
      },
    });
    fireEvent.click(within(await screen.findByTestId('flag-row')).getByRole('button', { name: /Resolve/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'checked the statement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('This flag was resolved already.')).toBeInTheDocument();
  });

  it('resolved flags: who resolved when and why, and no Resolve button', async () => {
    const fetchMock = await openFlags(
      {},
      [
        flag(5, {
          kind: 'ALREADY_CREDITED_DIFFERS',
          recorded: { playerId: 9, historyId: 31, amount: 500, decidedBy: 'demo-admin', accountFits: true },
          resolvedAt: '2026-11-24T04:00:00Z',
          resolvedBy: 'demo-operator',
          resolution: 'credited the 0.50 difference by hand',
        }),
      ],
      '/bank-feed-flags?status=resolved',
    );
    const row = await screen.findByTestId('flag-row');
    expect(row).toHaveTextContent('Credited before from a slip, differently');
    expect(row).toHaveTextContent('Resolved');
    expect(row).toHaveTextContent('demo-operator');
    expect(row).toHaveTextContent('credited the 0.50 difference by hand');
    expect(within(row).getByTestId('flag-field-decidedBy')).toHaveTextContent(
      'Approved byBank reported: —We recorded: demo-admin',
    );
    expect(within(row).queryByRole('button', { name: /Resolve/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, `GET ${ADMIN_PATHS.bankFeedFlags}`).some(
          (request) => new URL(request.url).searchParams.get('status') === 'resolved',
        ),
      ).toBe(true),
    );
  });
});
