import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { NOTIFICATION_PATHS } from '@app/contracts/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseEventBlock } from '@/features/notifications/hooks/use-notification-stream';
import { callsTo, findModal, mockApi, renderApp, signIn } from '@/testing/test-utils';

const approved = {
  id: 41,
  kind: 'WITHDRAW_APPROVED',
  params: { amount: 400 },
  createdAt: '2026-11-26T03:00:00.000Z',
  read: false,
};

/** A text/event-stream that says `ready`, then sends `blocks` when `release` is called, and stays open. */
function liveStream() {
  let push: (text: string) => void = () => undefined;
  // Node's stream, which fetch's Response reads: the test's globals are a page's (web-kit's vitest-options.ts), which have none.
  const stream = new NodeReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      push('event: ready\ndata: {"unread":1}\n\n');
    },
  });
  return {
    reply: () =>
      Promise.resolve(
        new Response(stream as unknown as BodyInit, { headers: { 'content-type': 'text/event-stream' } }),
      ),
    send: (event: string, data: unknown) => push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
  };
}

describe('notification centre', () => {
  it('parses a Server-Sent Event block; a broken one is ignored', () => {
    expect(parseEventBlock('event: notification\ndata: {"id":1}')).toEqual({ event: 'notification', data: { id: 1 } });
    expect(parseEventBlock(': keep-alive')).toBeUndefined();
    expect(parseEventBlock('event: x\ndata: {broken')).toBeUndefined();
  });

  it('the bell shows the unread count, a live notification raises it, and opening the centre lists it and marks all read', async () => {
    const live = liveStream();
    const credited = { ...approved, id: 40, kind: 'DEPOSIT_CREDITED', params: { amount: 1000 } };
    let sent = false;
    const fetchMock = mockApi({
      // The server's list: what has been said so far.
      [`GET ${NOTIFICATION_PATHS.list}`]: (_request: Request) => ({
        body: {
          success: true,
          data: sent ? { items: [approved, credited], unread: 2 } : { items: [credited], unread: 1 },
        },
      }),
      [`GET ${NOTIFICATION_PATHS.stream}`]: live.reply,
      [`POST ${NOTIFICATION_PATHS.read}`]: { body: { success: true, data: { unread: 0 } } },
    });
    signIn();
    renderApp('/');
    const bell = await screen.findByTestId('notification-bell');
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 1 unread'));
    sent = true;
    act(() => live.send('notification', approved));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 unread'));
    expect(within(bell).getByText('2')).toBeInTheDocument();
    fireEvent.click(bell);
    const dialog = await findModal('Notifications');
    const items = within(dialog).getAllByTestId('notification');
    expect(items[0]).toHaveTextContent('Your withdrawal of ฿400.00 is approved.');
    expect(items[1]).toHaveTextContent('Your deposit of ฿1,000.00 has been credited.');
    await waitFor(() => expect(callsTo(fetchMock, `POST ${NOTIFICATION_PATHS.read}`)).toHaveLength(1));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
    const [stream] = callsTo(fetchMock, `GET ${NOTIFICATION_PATHS.stream}`);
    expect(new Headers(stream?.headers).get('authorization')).toBe('Bearer test-token');
  });

  it('the stream, open for the whole visit, is asked for at low priority, behind what the page loads', async () => {
    const fetchMock = mockApi();
    signIn();
    renderApp('/');
    await waitFor(() => expect(callsTo(fetchMock, `GET ${NOTIFICATION_PATHS.stream}`)).toHaveLength(1));
    const [stream] = callsTo(fetchMock, `GET ${NOTIFICATION_PATHS.stream}`);
    expect(stream?.priority).toBe('low');
  });
});
