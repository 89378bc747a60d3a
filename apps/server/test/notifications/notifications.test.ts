import type { AddressInfo } from 'node:net';
import { NOTIFICATION_PATHS } from '@app/contracts/notifications';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type DatabaseHandle, openPostgres } from '../../src/db/database.ts';
import type { App } from '../../src/http/types.ts';
import { type DepositPlayer, depositPlayer, transferFrom } from '../support/deposits.ts';
import { sendBankTransfer, serviceKey } from '../support/money.ts';
import { bearer, onPostgres, type TestContext, testApp, testConfig } from '../support/test-app.ts';

let t: TestContext;
/** A second server instance on the same database (its own connection pool on PostgreSQL). */
let other: { app: App; database: DatabaseHandle; port: number };
beforeAll(async () => {
  t = await testApp();
  const database = onPostgres()
    ? await openPostgres(process.env.TEST_DATABASE_URL as string, { poolSize: 4, searchPath: inject('pgSchema') })
    : t.database;
  // Its streams check their session at every keep-alive, here every 300 ms (25 s by default).
  const config = testConfig({ STREAM_KEEPALIVE_MS: '300' });
  const app = await buildApp({ db: database.db, config, logger: false, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  other = { app, database, port: (app.server.address() as AddressInfo).port };
});
afterAll(async () => {
  await other.app.close();
  if (other.database !== t.database) await other.database.close();
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;

async function notificationsOf(player: DepositPlayer) {
  const answer = await t.app.inject({ method: 'GET', url: NOTIFICATION_PATHS.list, headers: bearer(player.token) });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as {
    items: { id: number; kind: string; params: Record<string, unknown>; read: boolean }[];
    unread: number;
  };
}

async function withdraw(player: DepositPlayer, amount: number) {
  const answer = await t.app.inject({
    method: 'POST',
    url: API_PATHS.withdraw,
    headers: { ...bearer(player.token), 'idempotency-key': unique('wd') },
    payload: { amount },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.id as number;
}

const decide = (id: number, action: 'approve' | 'reject', payload: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: fillPath(action === 'approve' ? ADMIN_PATHS.withdrawalApprove : ADMIN_PATHS.withdrawalReject, {
      id: String(id),
    }),
    headers: serviceKey,
    payload,
  });

/** Reads a text/event-stream over HTTP until `until` holds for the events read so far (or times out). */
async function readStream(
  port: number,
  token: string,
  until: (events: { event: string; data: unknown }[]) => boolean,
  act: () => Promise<void>,
) {
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}${NOTIFICATION_PATHS.stream}`, {
    headers: bearer(token),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  let acted = false;
  const timeout = setTimeout(() => controller.abort(), 10_000);
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
        end = buffer.indexOf('\n\n');
      }
      if (!acted && events.some((e) => e.event === 'ready')) {
        acted = true;
        await act();
      }
    }
  } finally {
    clearTimeout(timeout);
    controller.abort();
  }
  return events;
}

describe('notifications', () => {
  it('a credited deposit notifies its player once; the same bank reference delivered again notifies nobody', async () => {
    const player = await depositPlayer(t);
    const transfer = transferFrom(player, 250);
    await sendBankTransfer(t.app, transfer);
    await sendBankTransfer(t.app, transfer);
    const { items, unread } = await notificationsOf(player);
    expect(items).toEqual([
      expect.objectContaining({ kind: 'DEPOSIT_CREDITED', params: { amount: 250 }, read: false }),
    ]);
    expect(unread).toBe(1);
  });

  it('a withdrawal approved, and one rejected with the reason, each notify once; nobody else is told', async () => {
    const player = await depositPlayer(t);
    const bystander = await depositPlayer(t);
    await sendBankTransfer(t.app, transferFrom(player, 1000));
    const first = await withdraw(player, 300);
    const second = await withdraw(player, 200);
    expect((await decide(first, 'approve')).statusCode).toBe(200);
    expect((await decide(second, 'reject', { reason: 'Please use your own account' })).statusCode).toBe(200);
    // Deciding again changes nothing and tells nobody again.
    expect((await decide(first, 'approve')).statusCode).toBe(409);
    const { items } = await notificationsOf(player);
    expect(items.map((item) => [item.kind, item.params])).toEqual([
      ['WITHDRAW_REJECTED', { amount: 200, reason: 'Please use your own account' }],
      ['WITHDRAW_APPROVED', { amount: 300 }],
      ['DEPOSIT_CREDITED', { amount: 1000 }],
    ]);
    expect((await notificationsOf(bystander)).items).toEqual([]);
  });

  it('marking read: the ids given, then all; another player’s ids change nothing', async () => {
    const player = await depositPlayer(t);
    const stranger = await depositPlayer(t);
    await sendBankTransfer(t.app, transferFrom(player, 100));
    await sendBankTransfer(t.app, transferFrom(player, 200));
    const [latest] = (await notificationsOf(player)).items;
    const byStranger = await t.app.inject({
      method: 'POST',
      url: NOTIFICATION_PATHS.read,
      headers: bearer(stranger.token),
      payload: { ids: [latest?.id] },
    });
    expect(byStranger.json().data.unread).toBe(0);
    expect((await notificationsOf(player)).unread).toBe(2);
    const one = await t.app.inject({
      method: 'POST',
      url: NOTIFICATION_PATHS.read,
      headers: bearer(player.token),
      payload: { ids: [latest?.id] },
    });
    expect(one.json().data.unread).toBe(1);
    const all = await t.app.inject({
      method: 'POST',
      url: NOTIFICATION_PATHS.read,
      headers: bearer(player.token),
      payload: {},
    });
    expect(all.json().data.unread).toBe(0);
    const bad = await t.app.inject({
      method: 'POST',
      url: NOTIFICATION_PATHS.read,
      headers: bearer(player.token),
      payload: { ids: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a notification committed by one instance reaches the player’s open stream on another instance, live', async () => {
    const player = await depositPlayer(t);
    await sendBankTransfer(t.app, transferFrom(player, 900));
    const id = await withdraw(player, 400);
    const events = await readStream(
      other.port,
      player.token,
      (read) => read.some((event) => event.event === 'notification'),
      async () => {
        // The operator's approval is handled by the first instance.
        expect((await decide(id, 'approve')).statusCode).toBe(200);
      },
    );
    expect(events[0]).toEqual({ event: 'ready', data: { unread: 1 } });
    expect(events.filter((event) => event.event === 'notification')).toEqual([
      {
        event: 'notification',
        data: expect.objectContaining({ kind: 'WITHDRAW_APPROVED', params: { amount: 400 }, read: false }),
      },
    ]);
  });

  it('a stream carries only its own player’s notifications, and needs a session', async () => {
    const watcher = await depositPlayer(t);
    const other2 = await depositPlayer(t);
    const unauthenticated = await fetch(`http://127.0.0.1:${other.port}${NOTIFICATION_PATHS.stream}`);
    expect(unauthenticated.status).toBe(401);
    const events = await readStream(
      other.port,
      watcher.token,
      (read) => read.some((event) => event.event === 'notification'),
      async () => {
        await sendBankTransfer(t.app, transferFrom(other2, 123));
        await sendBankTransfer(t.app, transferFrom(watcher, 321));
      },
    );
    const told = events.filter((event) => event.event === 'notification');
    expect(told).toEqual([{ event: 'notification', data: expect.objectContaining({ params: { amount: 321 } }) }]);
  });

  it('a stream ends when its session does (logout), checked at each keep-alive; until then it stays open', async () => {
    const player = await depositPlayer(t);
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${other.port}${NOTIFICATION_PATHS.stream}`, {
      headers: bearer(player.token),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const guard = setTimeout(() => controller.abort(), 10_000);
    try {
      // Open across several keep-alives while the session lasts.
      while ((text.match(/: keep-alive/g) ?? []).length < 3) {
        const { done, value } = await reader.read();
        expect(done).toBe(false);
        text += decoder.decode(value, { stream: true });
      }
      expect(text).toMatch(/^event: ready/);
      const logout = await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: bearer(player.token) });
      expect(logout.statusCode).toBe(200);
      const started = Date.now();
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
      // Ended by the server within a keep-alive or two, not by the guard's abort.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      clearTimeout(guard);
      controller.abort();
    }
  });
});
