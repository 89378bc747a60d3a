import { ADMIN_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
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

function slip(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id: 300 + id,
    imageUrl: `/admin/deposits/${id}/slip`,
    qrFound: true,
    reference: `20261122140500${id}`,
    sendingBank: '004',
    sendingBankCode: 'KBANK',
    crcValid: true,
    ...overrides,
  };
}

function deposit(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    createdAt: new Date(Date.now() - 12 * 60_000).toISOString(),
    type: 'DEPOSIT',
    status: 'WAITING',
    amount: 300,
    beforeAmount: 50,
    afterAmount: 50,
    source: 'SLIP',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    note: null,
    player,
    slip: slip(id),
    bankTransferId: null,
    warnings: [],
    ...overrides,
  };
}

const decided = (id: number, status: string) => ({
  success: true,
  message: 'Done.',
  data: {
    ...deposit(id),
    status,
    decidedBy: 'demo-operator',
    decidedAt: new Date().toISOString(),
    slip: undefined,
    player: undefined,
    bankTransferId: undefined,
    warnings: undefined,
  },
});

async function openQueue(routes: Routes = {}, path = '/deposits') {
  const fetchMock = mockApi({ [`GET ${ADMIN_PATHS.deposits}`]: { body: paged([deposit(21)]) }, ...routes });
  signInAs();
  renderApp(path);
  await screen.findByRole('heading', { name: 'Deposits' });
  const rows = await screen.findAllByTestId('deposit-row');
  return { fetchMock, row: rows[0] as HTMLElement, rows };
}

/** The value a description list gives for a term (the colon after a term is drawn by CSS). */
function fact(container: HTMLElement, term: string): string | null | undefined {
  return within(container).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** jsdom has no blob: addresses; these stand in and record what was made and revoked. */
function stubObjectUrls() {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  const create = vi.fn((_blob: Blob) => 'blob:http://localhost/slip-21');
  const revoke = vi.fn((_url: string) => undefined);
  URL.createObjectURL = create;
  URL.revokeObjectURL = revoke;
  onTestFinished(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
  return { create, revoke };
}

describe('deliverable 4: the deposits queue', () => {
  it('lists player, amount (th-TH), age and what the QR said: reference, sending bank, CRC valid', async () => {
    const { fetchMock, row } = await openQueue();
    expect(row).toHaveTextContent('Somsri Jaidee');
    expect(row).toHaveTextContent('SP100007 · 0812345670');
    expect(row).toHaveTextContent('฿300.00');
    expect(row).toHaveTextContent('Waiting: 12 min');
    expect(fact(row, 'Reference')).toBe('2026112214050021');
    expect(fact(row, 'Sending bank')).toBe('Kasikorn bank');
    expect(fact(row, 'QR checksum')).toBe('valid');
    expect(within(row).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Somsri Jaidee' })).toHaveAttribute('href', '/players/7');
    const [request] = requestsTo(fetchMock, `GET ${ADMIN_PATHS.deposits}`);
    expect(new URL(request?.url ?? '').searchParams.toString()).toBe('status=WAITING&sort=oldest&page=1');
  });

  it('highlights each warning with its explanation (CRC invalid, no QR, reference or same amount credited), and shows an unknown code as it came', async () => {
    const { rows } = await openQueue({
      [`GET ${ADMIN_PATHS.deposits}`]: {
        body: paged([
          deposit(21, { slip: slip(21, { crcValid: false }), warnings: ['CRC_INVALID'] }),
          deposit(22, {
            slip: slip(22, {
              qrFound: false,
              reference: null,
              sendingBank: null,
              sendingBankCode: null,
              crcValid: null,
            }),
            warnings: ['NO_QR', 'A_NEWER_WARNING'],
          }),
          deposit(23, { slip: null }),
          deposit(24, { warnings: ['REFERENCE_CREDITED', 'SAME_AMOUNT_CREDITED'] }),
        ]),
      },
    });
    const [crcRow, noQrRow, noSlipRow, creditedRow] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(fact(crcRow, 'QR checksum')).toBe('invalid');
    expect(within(crcRow).getByText('QR checksum fails').closest('li')).toHaveTextContent(
      'The QR code does not match its own checksum: the slip may have been edited.',
    );
    expect(noQrRow).toHaveTextContent('No QR code found on the slip');
    const warnings = within(noQrRow).getAllByRole('listitem');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toHaveTextContent('No QR codeNo QR code could be read on the slip');
    expect(warnings[1]).toHaveTextContent(/^A_NEWER_WARNING$/);
    const credited = within(creditedRow).getAllByRole('listitem');
    expect(credited[0]).toHaveTextContent('Reference already creditedThe bank feed has already credited');
    expect(credited[1]).toHaveTextContent('Same amount credited nearbyA transfer of the same amount');
    expect(noSlipRow).toHaveTextContent('No slip');
    expect(within(noSlipRow).queryByRole('button', { name: /View slip/ })).not.toBeInTheDocument();
  });

  it('"View slip" fetches the image with the operator token and shows it full size; closing revokes the blob address', async () => {
    const urls = stubObjectUrls();
    const { fetchMock, row } = await openQueue({
      [`GET ${ADMIN_PATHS.depositSlip}`]: () =>
        new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), {
          headers: { 'Content-Type': 'image/png' },
        }),
    });
    fireEvent.click(within(row).getByRole('button', { name: 'View slip Somsri Jaidee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slip of Somsri Jaidee, ฿300.00' });
    const image = await within(dialog).findByRole('img', { name: 'Transfer slip uploaded by Somsri Jaidee' });
    expect(image).toHaveAttribute('src', 'blob:http://localhost/slip-21');
    expect(dialog).toHaveClass('dialog--wide');
    const [request] = requestsTo(fetchMock, `GET ${ADMIN_PATHS.depositSlip}`);
    expect(new URL(request?.url ?? '').pathname).toBe('/admin/deposits/21/slip');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-operator');
    expect(urls.create).toHaveBeenCalledTimes(1);
    expect(urls.create.mock.calls[0]?.[0]?.type).toBe('image/png');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(urls.revoke).toHaveBeenCalledWith('blob:http://localhost/slip-21');
  });

  it('a slip image that cannot be loaded says so with the server message', async () => {
    stubObjectUrls();
    const { row } = await openQueue({
      [`GET ${ADMIN_PATHS.depositSlip}`]: { status: 404, body: errorBody(404, 'Entry not found.', 'ENTRY_NOT_FOUND') },
    });
    fireEvent.click(within(row).getByRole('button', { name: /View slip/ }));
    const dialog = await screen.findByRole('dialog', { name: /Slip of Somsri Jaidee/ });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not load the slip image.Entry not found.',
    );
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });

  it('filters, sorts and pages through the address, so a refresh keeps the place', async () => {
    const { fetchMock } = await openQueue({
      [`GET ${ADMIN_PATHS.deposits}`]: { body: paged([deposit(21)], 45, 1, 20) },
    });
    await expectQueuePlaceInAddress(fetchMock, `GET ${ADMIN_PATHS.deposits}`, {
      page: '/deposits',
      status: 'REJECTED',
      q: '0812',
    });
  });

  it('approving shows amount, player and slip reference, sends once with an Idempotency-Key and refreshes', async () => {
    let approved = false;
    const { fetchMock, row } = await openQueue({
      [`GET ${ADMIN_PATHS.deposits}`]: () => ({ body: paged(approved ? [] : [deposit(21)]) }),
      [`POST ${ADMIN_PATHS.depositApprove}`]: () => {
        approved = true;
        return { body: decided(21, 'APPROVED') };
      },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Approve Somsri Jaidee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this deposit?' });
    expect(fact(dialog, 'Player')).toBe('Somsri Jaidee (SP100007)');
    expect(fact(dialog, 'Amount')).toBe('฿300.00');
    expect(fact(dialog, 'Slip reference')).toBe('2026112214050021');
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'seen on statement' } });
    const confirm = within(dialog).getByRole('button', { name: 'Approve' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(await within(dialog).findByText('Approved.')).toBeInTheDocument();
    const posts = requestsTo(fetchMock, `POST ${ADMIN_PATHS.depositApprove}`);
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]?.url ?? '').pathname).toBe('/admin/deposits/21/approve');
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await posts[0]?.json()).toEqual({ note: 'seen on statement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
  });

  it('rejecting needs a reason, and sends it', async () => {
    const { fetchMock, row } = await openQueue({
      [`POST ${ADMIN_PATHS.depositReject}`]: { body: decided(21, 'REJECTED') },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Reject Somsri Jaidee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this deposit?' });
    expect(fact(dialog, 'Amount')).toBe('฿300.00');
    expect(fact(dialog, 'Slip reference')).toBe('2026112214050021');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.depositReject}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'slip is from another site' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Rejected.')).toBeInTheDocument();
    const posts = requestsTo(fetchMock, `POST ${ADMIN_PATHS.depositReject}`);
    expect(posts).toHaveLength(1);
    expect(new URL(posts[0]?.url ?? '').pathname).toBe('/admin/deposits/21/reject');
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await posts[0]?.json()).toEqual({ reason: 'slip is from another site' });
  });

  it('when another operator decided first (409 ALREADY_DECIDED), says who and when, and the list updates', async () => {
    let listCalls = 0;
    await openQueue({
      [`GET ${ADMIN_PATHS.deposits}`]: () => {
        listCalls += 1;
        return { body: paged(listCalls === 1 ? [deposit(21)] : []) };
      },
      [`POST ${ADMIN_PATHS.depositApprove}`]: {
        status: 409,
        body: errorBody(409, 'Already decided by demo-admin at 22 Nov 2026 14:05.', 'ALREADY_DECIDED'),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this deposit?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Someone else decided this first')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Already decided by demo-admin at 22 Nov 2026 14:05.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Nothing here.')).toBeInTheDocument();
  });

  it('decided deposits show who decided, when and why, keep the slip to view, and offer no decision', async () => {
    await openQueue(
      {
        [`GET ${ADMIN_PATHS.deposits}`]: {
          body: paged([
            deposit(24, {
              status: 'REJECTED',
              decidedBy: 'demo-admin',
              decidedAt: '2026-11-22T07:05:00Z',
              reason: 'duplicate slip',
            }),
          ]),
        },
      },
      '/deposits?status=REJECTED',
    );
    const row = screen.getByTestId('deposit-row');
    expect(row).toHaveTextContent('Rejected');
    expect(row).toHaveTextContent('demo-admin · 22 Nov 2026, 14:05:00');
    expect(row).toHaveTextContent('duplicate slip');
    expect(row).not.toHaveTextContent('Waiting:');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['View slip Somsri Jaidee']);
  });
});
