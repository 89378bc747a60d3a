import { SLIP_IMAGE_BYTES_MAX } from '@app/contracts/limits';
import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND, resendTiming } from '@/lib/idempotency';
import { queryClient } from '@/lib/query-client';
import { useModalStore } from '@/stores/modal-store';
import {
  callsTo,
  errorBody,
  findModal,
  jsonResponse,
  mockApi,
  type Routes,
  renderApp,
  signIn,
} from '@/testing/test-utils';

// A resend after no answer waits nothing here (src/features/withdraw/api/withdraw-resend.test.ts checks the waits).
beforeEach(() => {
  vi.spyOn(resendTiming, 'wait').mockResolvedValue();
});

const AMOUNT_LABEL = 'Amount transferred (baht)';
const SLIP_LABEL = 'Transfer slip';
const DEPOSIT = `POST ${API_PATHS.deposit}` as const;

/** An accepted deposit as the server answers it. */
function accepted(result: 'WAITING' | 'CREDITED' | 'ALREADY_CREDITED', amount = 500) {
  return {
    body: {
      success: true,
      message: 'Your slip has been received.',
      data: {
        result,
        entry: {
          id: 41,
          createdAt: '2025-01-15T10:30:00.000Z',
          type: 'DEPOSIT',
          status: result === 'WAITING' ? 'WAITING' : 'APPROVED',
          amount,
          beforeAmount: 1234.5,
          afterAmount: result === 'WAITING' ? 1234.5 : 1234.5 + amount,
        },
      },
    },
  };
}

let objectUrls: { create: ReturnType<typeof vi.fn>; revoke: ReturnType<typeof vi.fn> };

// jsdom has no object URLs: a stand-in URL class gives each slip its own blob: address and records revocations.
beforeEach(() => {
  let next = 0;
  objectUrls = { create: vi.fn(() => `blob:slip-${++next}`), revoke: vi.fn() };
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke }),
  );
});

async function openConfirmDeposit(routes: Routes = {}) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('confirm-deposit'));
  const dialog = await findModal('Confirm deposit');
  return { fetchMock, dialog };
}

function slipFile(name = 'slip.png', type = 'image/png', size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

function typeAmount(dialog: HTMLElement, value: string) {
  fireEvent.change(within(dialog).getByLabelText(AMOUNT_LABEL), { target: { value } });
}

function chooseSlip(dialog: HTMLElement, file: File) {
  fireEvent.change(within(dialog).getByLabelText(SLIP_LABEL), { target: { files: [file] } });
}

function submit(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }));
}

function idempotencyKeyOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Idempotency-Key');
}

describe('§2 confirm-deposit modal', () => {
  it('§2 confirm-deposit: the note that the system verifies the slip and credits automatically', async () => {
    const { dialog } = await openConfirmDeposit();
    expect(
      within(dialog).getByText('The system will verify your slip and credit your account automatically.'),
    ).toBeInTheDocument();
  });

  it('§5 confirm-deposit: the amount takes digits only', async () => {
    const { dialog } = await openConfirmDeposit();
    const input = within(dialog).getByLabelText(AMOUNT_LABEL);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    typeAmount(dialog, '1a2.5-0 ฿');
    expect(input).toHaveValue('1250');
  });

  it.each([
    ['empty', ''],
    ['0', '0'],
  ])(
    "§5 confirm-deposit: the amount must be positive, else 'Enter the amount to deposit, greater than 0' (%s); nothing is sent",
    async (_case, amount) => {
      const { fetchMock, dialog } = await openConfirmDeposit();
      typeAmount(dialog, amount);
      chooseSlip(dialog, slipFile());
      submit(dialog);
      expect(await within(dialog).findByText('Enter the amount to deposit, greater than 0')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(AMOUNT_LABEL)).toHaveAttribute('aria-invalid', 'true');
      expect(callsTo(fetchMock, DEPOSIT)).toHaveLength(0);
    },
  );

  it('§5 confirm-deposit: a slip is required, else the attach-slip prompt; nothing is sent', async () => {
    const { fetchMock, dialog } = await openConfirmDeposit();
    typeAmount(dialog, '500');
    submit(dialog);
    expect(await within(dialog).findByText('Please attach the transfer slip')).toBeInTheDocument();
    expect(callsTo(fetchMock, DEPOSIT)).toHaveLength(0);
    // The prompt goes once a slip is attached.
    chooseSlip(dialog, slipFile());
    await waitFor(() => expect(within(dialog).queryByText('Please attach the transfer slip')).not.toBeInTheDocument());
  });

  it('§2 confirm-deposit: the slip input accepts jpg, png and jpeg images', async () => {
    const { dialog } = await openConfirmDeposit();
    const input = within(dialog).getByLabelText(SLIP_LABEL);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,.jpg,.jpeg,.png');
  });

  it.each([
    ['slip.pdf', 'application/pdf'],
    ['slip.gif', 'image/gif'],
    ['slip.webp', 'image/webp'],
    ['slip.heic', ''],
  ])(
    '§2 confirm-deposit: a file other than jpg/png/jpeg (%s) is refused with a clear error and no preview',
    async (name, type) => {
      const { fetchMock, dialog } = await openConfirmDeposit();
      typeAmount(dialog, '500');
      chooseSlip(dialog, slipFile(name, type));
      expect(await within(dialog).findByText('The slip must be a JPG or PNG image.')).toBeInTheDocument();
      expect(within(dialog).queryByRole('img', { name: 'Slip preview' })).not.toBeInTheDocument();
      expect(objectUrls.create).not.toHaveBeenCalled();
      submit(dialog);
      expect(await within(dialog).findByText('Please attach the transfer slip')).toBeInTheDocument();
      expect(callsTo(fetchMock, DEPOSIT)).toHaveLength(0);
    },
  );

  it.each([
    ['slip.jpg', 'image/jpeg'],
    ['slip.jpeg', 'image/jpeg'],
    ['slip.png', 'image/png'],
    ['SLIP.JPG', ''],
  ])('§2 confirm-deposit: a %s slip is taken', async (name, type) => {
    const { dialog } = await openConfirmDeposit();
    chooseSlip(dialog, slipFile(name, type));
    expect(await within(dialog).findByRole('img', { name: 'Slip preview' })).toBeInTheDocument();
  });

  it('confirm-deposit: a slip larger than SLIP_IMAGE_BYTES_MAX (5 MB) is refused before upload', async () => {
    const { fetchMock, dialog } = await openConfirmDeposit();
    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile('big.jpg', 'image/jpeg', SLIP_IMAGE_BYTES_MAX + 1));
    expect(await within(dialog).findByText('The slip image is too large. The limit is 5 MB.')).toBeInTheDocument();
    submit(dialog);
    await within(dialog).findByText('Please attach the transfer slip');
    expect(callsTo(fetchMock, DEPOSIT)).toHaveLength(0);
  });

  it('§2 confirm-deposit: a chosen slip shows a preview; remove clears the preview and frees its URL', async () => {
    const { dialog } = await openConfirmDeposit();
    chooseSlip(dialog, slipFile('slip-a.png'));
    const preview = await within(dialog).findByRole('img', { name: 'Slip preview' });
    expect(preview).toHaveAttribute('src', 'blob:slip-1');
    expect(within(dialog).getByText('slip-a.png')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove slip' }));
    await waitFor(() => expect(within(dialog).queryByRole('img', { name: 'Slip preview' })).not.toBeInTheDocument());
    expect(objectUrls.revoke).toHaveBeenCalledWith('blob:slip-1');
    expect(within(dialog).queryByText('slip-a.png')).not.toBeInTheDocument();
    expect((within(dialog).getByLabelText(SLIP_LABEL) as HTMLInputElement).value).toBe('');
    // Removing it makes the slip missing again.
    typeAmount(dialog, '500');
    submit(dialog);
    expect(await within(dialog).findByText('Please attach the transfer slip')).toBeInTheDocument();
  });

  it('confirm-deposit: choosing another slip replaces the preview and frees the old URL; closing frees the last', async () => {
    const { dialog } = await openConfirmDeposit();
    chooseSlip(dialog, slipFile('slip-a.png'));
    await within(dialog).findByRole('img', { name: 'Slip preview' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove slip' }));
    chooseSlip(dialog, slipFile('slip-b.jpg', 'image/jpeg'));
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'Slip preview' })).toHaveAttribute('src', 'blob:slip-2'),
    );
    expect(objectUrls.revoke).toHaveBeenCalledWith('blob:slip-1');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(objectUrls.revoke).toHaveBeenCalledWith('blob:slip-2');
  });
});

describe('§4 confirm-deposit submission', () => {
  it('§4 confirm-deposit: sends amount and slip as multipart/form-data to POST /api/player/deposit with an Idempotency-Key', async () => {
    const { fetchMock, dialog } = await openConfirmDeposit({ [DEPOSIT]: accepted('WAITING') });
    const slip = slipFile('slip.jpg', 'image/jpeg');
    typeAmount(dialog, '500');
    chooseSlip(dialog, slip);
    submit(dialog);
    await findModal('Deposit received');

    const [init] = callsTo(fetchMock, DEPOSIT);
    expect(init?.method).toBe('POST');
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('amount')).toBe('500');
    const sent = form.get('slip');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('slip.jpg');
    expect((sent as File).size).toBe(slip.size);
    // The browser sets multipart/form-data with its boundary itself: no JSON content type is forced on it.
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(idempotencyKeyOf(init)).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('§4 confirm-deposit: leading zeros are dropped from the amount sent', async () => {
    const { fetchMock, dialog } = await openConfirmDeposit({ [DEPOSIT]: accepted('WAITING', 7) });
    typeAmount(dialog, '007');
    chooseSlip(dialog, slipFile());
    submit(dialog);
    await findModal('Deposit received');
    const [body] = callsTo(fetchMock, DEPOSIT).map((init) => init.body);
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData && body.get('amount')).toBe('7');
  });

  it('§4 confirm-deposit: the success modal appears only once the server accepted; submit is disabled and relabelled while sending', async () => {
    let answer: (response: Response) => void = () => {};
    const { fetchMock, dialog } = await openConfirmDeposit({
      [DEPOSIT]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile());
    submit(dialog);

    const sending = await within(dialog).findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    fireEvent.click(sending);
    expect(callsTo(fetchMock, DEPOSIT)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: /Deposit received|Deposit successful/ })).not.toBeInTheDocument();

    await act(async () => answer(jsonResponse(200, accepted('WAITING').body)));
    const success = await findModal('Deposit received');
    expect(success).toHaveTextContent(
      'Your deposit of ฿500.00 is being verified. It will be credited to your account automatically.',
    );
  });

  it.each([
    ['CREDITED', 'Deposit successful', '฿500.00 has been credited to your account.'],
    ['ALREADY_CREDITED', 'Deposit successful', 'This transfer has already been credited to your account.'],
    ['WAITING', 'Deposit received', 'Your deposit of ฿500.00 is being verified.'],
  ] as const)('§4 confirm-deposit: the success text fits the result %s', async (result, title, text) => {
    const { dialog } = await openConfirmDeposit({ [DEPOSIT]: accepted(result) });
    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile());
    submit(dialog);
    expect(await findModal(title)).toHaveTextContent(text);
  });

  it('§4 confirm-deposit: closing the success modal closes the modal', async () => {
    const { dialog } = await openConfirmDeposit({ [DEPOSIT]: accepted('CREDITED') });
    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile());
    submit(dialog);
    const success = await findModal('Deposit successful');
    fireEvent.click(within(success).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useModalStore.getState().openModal).toBeNull();
  });

  it('§4 confirm-deposit: an accepted deposit refreshes the balance, the profile and the history', async () => {
    const { fetchMock, dialog } = await openConfirmDeposit({ [DEPOSIT]: accepted('CREDITED') });
    const historyKey = ['history', 'all', { page: 1, limit: 5 }];
    queryClient.setQueryData(historyKey, { entries: [], total: 0 });
    await waitFor(() => expect(callsTo(fetchMock, `GET ${API_PATHS.profile}`).length).toBeGreaterThan(0));
    const balanceBefore = callsTo(fetchMock, `GET ${API_PATHS.balance}`).length;
    const profileBefore = callsTo(fetchMock, `GET ${API_PATHS.profile}`).length;

    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile());
    submit(dialog);
    await findModal('Deposit successful');
    await waitFor(() => expect(callsTo(fetchMock, `GET ${API_PATHS.balance}`).length).toBeGreaterThan(balanceBefore));
    await waitFor(() => expect(callsTo(fetchMock, `GET ${API_PATHS.profile}`).length).toBeGreaterThan(profileBefore));
    expect(queryClient.getQueryState(historyKey)?.isInvalidated).toBe(true);
  });

  it.each([
    ['SLIP_ALREADY_USED', 409, 'This slip has already been used. Please attach the slip of a new transfer.'],
    ['SLIP_INVALID_IMAGE', 400, 'The slip must be a JPG or PNG image.'],
    ['AMOUNT_BELOW_MINIMUM', 400, 'The amount is below the minimum of 1 baht.'],
  ])("§8 confirm-deposit: the server's %s message is shown, and no success modal", async (code, status, message) => {
    const { dialog } = await openConfirmDeposit({ [DEPOSIT]: { status, body: errorBody(status, message, code) } });
    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile());
    submit(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Deposit failed');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveClass('form-alert');
    expect(screen.queryByRole('dialog', { name: /Deposit received|Deposit successful/ })).not.toBeInTheDocument();
    // The form stays as it was, for another try.
    expect(within(dialog).getByLabelText(AMOUNT_LABEL)).toHaveValue('500');
    expect(within(dialog).getByRole('img', { name: 'Slip preview' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm deposit' })).toBeEnabled();
  });

  it("§8 confirm-deposit: without a server message (no answer) it says 'Deposit failed', and no success modal", async () => {
    const { dialog } = await openConfirmDeposit({ [DEPOSIT]: () => Promise.reject(new TypeError('Failed to fetch')) });
    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile());
    submit(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Deposit failed$/);
    expect(screen.queryByRole('dialog', { name: /Deposit received|Deposit successful/ })).not.toBeInTheDocument();
  });

  it('confirm-deposit: a retry of the same amount and slip after a network failure keeps the Idempotency-Key', async () => {
    let fail = true;
    const { fetchMock, dialog } = await openConfirmDeposit({
      [DEPOSIT]: () =>
        fail
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(jsonResponse(200, accepted('WAITING').body)),
    });
    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile());
    submit(dialog);
    await within(dialog).findByRole('alert');
    fail = false;
    submit(dialog);
    await findModal('Deposit received');
    const [first, retry] = callsTo(fetchMock, DEPOSIT);
    expect(idempotencyKeyOf(retry)).toBe(idempotencyKeyOf(first));
  });

  it('confirm-deposit: after a network failure, another amount or another slip is a new request with a new Idempotency-Key', async () => {
    const { fetchMock, dialog } = await openConfirmDeposit({
      [DEPOSIT]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile('slip-a.png'));
    submit(dialog);
    await within(dialog).findByRole('alert');
    typeAmount(dialog, '600');
    submit(dialog);
    await waitFor(() => expect(callsTo(fetchMock, DEPOSIT)).toHaveLength(2 * RESEND.maxSends));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove slip' }));
    chooseSlip(dialog, slipFile('slip-b.png'));
    await within(dialog).findByRole('img', { name: 'Slip preview' });
    submit(dialog);
    await waitFor(() => expect(callsTo(fetchMock, DEPOSIT)).toHaveLength(3 * RESEND.maxSends));
    const keys = callsTo(fetchMock, DEPOSIT).map(idempotencyKeyOf);
    // Each intent sent RESEND.maxSends times (no answer), always with its own one key.
    expect(new Set(keys).size).toBe(3);
    for (let intent = 0; intent < 3; intent++) {
      const sends = keys.slice(intent * RESEND.maxSends, (intent + 1) * RESEND.maxSends);
      expect(new Set(sends).size).toBe(1);
    }
  });

  it('confirm-deposit: after the server refused a deposit, the next try gets a new Idempotency-Key', async () => {
    const { fetchMock, dialog } = await openConfirmDeposit({
      [DEPOSIT]: { status: 400, body: errorBody(400, 'The slip must be a JPG or PNG image.', 'SLIP_INVALID_IMAGE') },
    });
    typeAmount(dialog, '500');
    chooseSlip(dialog, slipFile());
    submit(dialog);
    await within(dialog).findByRole('alert');
    submit(dialog);
    await waitFor(() => expect(callsTo(fetchMock, DEPOSIT)).toHaveLength(2));
    const [first, second] = callsTo(fetchMock, DEPOSIT);
    expect(idempotencyKeyOf(second)).not.toBe(idempotencyKeyOf(first));
  });

  it('confirm-deposit: the back button reopens the deposit details', async () => {
    const { dialog } = await openConfirmDeposit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the deposit details' }));
    expect(useModalStore.getState().openModal).toBe('deposit');
    expect(await findModal('Deposit')).toBeInTheDocument();
  });
});
