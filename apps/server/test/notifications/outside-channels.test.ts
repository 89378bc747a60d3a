import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { translate } from '@app/contracts/messages';
import { LINE_REPLIES, notificationText } from '@app/contracts/notification-texts';
import { CHANNEL_PATHS } from '@app/contracts/notifications';
import { ADMIN_PATHS, API_PATHS, fillPath, WEBHOOK_PATHS } from '@app/contracts/paths';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/types.ts';
import { slipImage, slipPayload } from '../../src/modules/demo/demo-slip.ts';
import { FakeLinePlatform, fakeLineApiRoutes } from '../../src/modules/demo/line-sandbox.ts';
import { LINE_CODE_ATTEMPTS_MAX, LINE_CODE_WINDOW_MS } from '../../src/modules/notifications/line-links.ts';
import {
  type LineMessaging,
  type LinePushOutcome,
  lineMessagingApi,
  lineSignature,
  retryKeyOf,
} from '../../src/modules/notifications/line-messaging.ts';
import {
  ALERT_SETTLE_S,
  alertOperators,
  type OutboxContext,
  sendDueMessages,
} from '../../src/modules/notifications/notification-outbox.ts';
import { PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX } from '../../src/modules/notifications/push-subscriptions.ts';
import { webPushSender } from '../../src/modules/notifications/web-push-sender.ts';
import { type DepositPlayer, depositPlayer, transferFrom } from '../support/deposits.ts';
import { sendBankTransfer, serviceKey, uniqueReference, uploadSlip } from '../support/money.ts';
import { bearer, type TestContext, testApp, testConfig } from '../support/test-app.ts';

const LINE_SECRET = 'line-channel-secret-for-tests-0123';
const LINE_TOKEN = 'line-access-token-for-tests-0123456789';
const OPERATOR_GROUP = 'Ctestoperatorsgroup';

let shared: TestContext;
/** The app with LINE set up, on the shared database. */
let t: TestContext;
let fakeLine: { platform: FakeLinePlatform; close: () => Promise<void>; url: string };
/** A stand-in push service: every request it got. */
let pushService: {
  server: Server;
  url: string;
  requests: { path: string; headers: IncomingHttpHeaders; bytes: number }[];
};
let outbox: OutboxContext;
/** The stand-in push service's certificate (a sender that trusts it reaches the service unless a rule stops it). */
let pushCertificate: string;

beforeAll(async () => {
  shared = await testApp();
  const platform = new FakeLinePlatform(LINE_TOKEN);
  const lineServer = Fastify();
  await lineServer.register(fakeLineApiRoutes as never, { platform, base: '' });
  await lineServer.listen({ host: '127.0.0.1', port: 0 });
  fakeLine = {
    platform,
    url: `http://127.0.0.1:${(lineServer.server.address() as AddressInfo).port}`,
    close: () => lineServer.close(),
  };
  const requests: { path: string; headers: IncomingHttpHeaders; bytes: number }[] = [];
  // Push services speak HTTPS only: a certificate of the test's own, trusted by the sender's agent.
  const tls = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server = createServer({ key: tls.private, cert: tls.cert }, (request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on('end', () => {
      requests.push({ path: request.url ?? '', headers: request.headers, bytes });
      // A subscription whose path says "gone" has been dropped by its browser.
      response.writeHead(request.url?.includes('gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pushCertificate = tls.cert;
  pushService = { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
  const config = testConfig({
    // The stand-in push service is the one push service this app may send to (the rule's test, below, uses the default list).
    PUSH_SERVICE_HOSTS: new URL(pushService.url).host,
    LINE_CHANNEL_SECRET: LINE_SECRET,
    LINE_CHANNEL_ACCESS_TOKEN: LINE_TOKEN,
    LINE_API_URL: fakeLine.url,
    LINE_OFFICIAL_ACCOUNT: '@siamplaytest',
    LINE_OPERATOR_GROUP_ID: OPERATOR_GROUP,
  });
  const app = await buildApp({ db: shared.database.db, config, logger: false });
  await app.ready();
  t = { app, database: shared.database, config };
  outbox = {
    db: shared.database.db,
    line: {
      api: lineMessagingApi({ apiUrl: fakeLine.url, accessToken: LINE_TOKEN, timeoutMs: 2000 }),
      channelSecret: LINE_SECRET,
      operatorGroupId: OPERATOR_GROUP,
    },
    push: webPushSender(config.outside.vapid, {
      timeoutMs: 2000,
      allowedHosts: config.outside.pushServiceHosts,
      agent: new Agent({ ca: tls.cert }),
    }),
  };
});

afterAll(async () => {
  await t.app.close();
  await fakeLine.close();
  await new Promise((resolve) => pushService.server.close(resolve));
});

function webhook(app: App, body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: WEBHOOK_PATHS.line,
    headers: { 'content-type': 'application/json', 'x-line-signature': signature ?? lineSignature(LINE_SECRET, raw) },
    payload: raw,
  });
}

const lineUserId = () => `U${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

async function linkCode(player: DepositPlayer, language = 'en') {
  const answer = await t.app.inject({
    method: 'POST',
    url: CHANNEL_PATHS.lineCode,
    headers: { ...bearer(player.token), 'accept-language': language },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { code: string; expiresAt: string; officialAccount: string; addFriendUrl: string };
}

async function linkedPlayer(language = 'en') {
  const player = await depositPlayer(t);
  const userId = lineUserId();
  const { code } = await linkCode(player, language);
  expect((await webhook(t.app, fakeLine.platform.textEvent(userId, code))).statusCode).toBe(200);
  return { player, userId };
}

/** Everything due goes out; what the fake LINE got for this recipient since `from`. */
async function deliver(to: string, from = 0) {
  await sendDueMessages(outbox, 500);
  return fakeLine.platform.received.slice(from).filter((message) => message.to === to);
}

async function pushSubscribe(player: DepositPlayer, path: string, language = 'th') {
  return t.app.inject({
    method: 'POST',
    url: CHANNEL_PATHS.pushSubscribe,
    headers: bearer(player.token),
    payload: {
      endpoint: `${pushService.url}${path}`,
      // A real browser's P-256 key and auth secret (web-push encrypts to them).
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
      language,
    },
  });
}

describe('LINE', () => {
  it('links a player by the one-time code sent to the official account, in the language the code was asked in', async () => {
    const player = await depositPlayer(t);
    const userId = lineUserId();
    const code = await linkCode(player, 'th');
    expect(code.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(code.officialAccount).toBe('@siamplaytest');
    expect(code.addFriendUrl).toBe('https://line.me/R/ti/p/%40siamplaytest');
    const before = fakeLine.platform.received.length;
    // Players type codes with spaces and in lower case.
    const sent = await webhook(
      t.app,
      fakeLine.platform.textEvent(userId, ` ${code.code.slice(0, 3).toLowerCase()} ${code.code.slice(3)}`),
    );
    expect(sent.statusCode).toBe(200);
    const channels = await t.app.inject({ method: 'GET', url: CHANNEL_PATHS.channels, headers: bearer(player.token) });
    expect(channels.json().data.line).toEqual({
      available: true,
      linked: true,
      officialAccount: '@siamplaytest',
      addFriendUrl: 'https://line.me/R/ti/p/%40siamplaytest',
    });
    expect((await deliver(userId, before)).map((m) => m.text)).toEqual([LINE_REPLIES.th.linked]);
  });

  it('a code works once, and not after 10 minutes; an unknown code is answered with how to link', async () => {
    const player = await depositPlayer(t);
    const first = lineUserId();
    const second = lineUserId();
    const { code } = await linkCode(player);
    await webhook(t.app, fakeLine.platform.textEvent(first, code));
    const before = fakeLine.platform.received.length;
    await webhook(t.app, fakeLine.platform.textEvent(second, code));
    const link = await t.database.db.selectFrom('line_links').selectAll().where('player_id', '=', player.id).execute();
    expect(link.map((row) => row.line_user_id)).toEqual([first]);
    expect((await deliver(second, before)).map((m) => m.text)).toEqual([
      `${LINE_REPLIES.th.unknownCode}\n${LINE_REPLIES.en.unknownCode}`,
    ]);
    const late = await linkCode(player);
    await t.database.db
      .updateTable('line_link_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', late.code)
      .execute();
    await webhook(t.app, fakeLine.platform.textEvent(second, late.code));
    const still = await t.database.db
      .selectFrom('line_links')
      .select('line_user_id')
      .where('player_id', '=', player.id)
      .execute();
    expect(still.map((row) => row.line_user_id)).toEqual([first]);
  });

  it('a webhook without the channel’s signature is refused and links nobody', async () => {
    const player = await depositPlayer(t);
    const { code } = await linkCode(player);
    const body = fakeLine.platform.textEvent(lineUserId(), code);
    const forged = await webhook(t.app, body, lineSignature('some-other-secret-0123456789', JSON.stringify(body)));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, data: { errorCode: 'WEBHOOK_SIGNATURE_INVALID' } });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATHS.line,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    const link = await t.database.db.selectFrom('line_links').selectAll().where('player_id', '=', player.id).execute();
    expect(link).toEqual([]);
    // The code is not used up by a forged request.
    expect((await webhook(t.app, body)).statusCode).toBe(200);
    expect(
      await t.database.db.selectFrom('line_links').selectAll().where('player_id', '=', player.id).execute(),
    ).toHaveLength(1);
  });

  it('each event reaches the linked player on LINE exactly once, with the token and the documented shape', async () => {
    const { player, userId } = await linkedPlayer('en');
    await deliver(userId);
    const from = fakeLine.platform.received.length;
    const transfer = transferFrom(player, 750);
    await sendBankTransfer(t.app, transfer);
    await sendBankTransfer(t.app, transfer);
    const received = await deliver(userId, from);
    // A second run sends nothing more: each outbox row goes once.
    expect(await deliver(userId, from)).toHaveLength(1);
    expect(received.map((m) => m.text)).toEqual([notificationText('en', 'DEPOSIT_CREDITED', { amount: 750 })]);
    expect(received[0]?.text).toBe('Your deposit of ฿750.00 has been credited.');
    // The retry key is our outbox row's, so a resend after a crash is the same push to LINE.
    const row = await t.database.db
      .selectFrom('notification_sends')
      .select(['id', 'status', 'attempts'])
      .where('target', '=', userId)
      .where('notification_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(received[0]?.retryKey).toBe(retryKeyOf(row.id, LINE_SECRET));
  });

  it('a withdrawal rejected reaches LINE with the reason; an unlinked player gets nothing on LINE', async () => {
    const { player, userId } = await linkedPlayer('en');
    const unlinked = await depositPlayer(t);
    await sendBankTransfer(t.app, transferFrom(player, 1000));
    await sendBankTransfer(t.app, transferFrom(unlinked, 1000));
    await deliver(userId);
    const from = fakeLine.platform.received.length;
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: { ...bearer(player.token), 'idempotency-key': `withdraw-${player.id}-${Date.now()}` },
      payload: { amount: 400 },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const rejected = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.withdrawalReject, { id: String(withdrawal.json().data.id) }),
      headers: serviceKey,
      payload: { reason: 'Bank account name differs' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await deliver(userId, from)).map((m) => m.text)).toEqual([
      'Your withdrawal of ฿400.00 was rejected: Bank account name differs. The money is back in your wallet.',
    ]);
    const unlinkedSends = await t.database.db
      .selectFrom('notification_sends')
      .innerJoin('notifications', 'notifications.id', 'notification_sends.notification_id')
      .select('notification_sends.id')
      .where('notifications.player_id', '=', unlinked.id)
      .execute();
    expect(unlinkedSends).toEqual([]);
  });

  it('unlinking, or blocking the official account, stops LINE messages', async () => {
    const { player, userId } = await linkedPlayer();
    const unlink = await t.app.inject({ method: 'POST', url: CHANNEL_PATHS.lineUnlink, headers: bearer(player.token) });
    expect(unlink.statusCode).toBe(200);
    await deliver(userId);
    const from = fakeLine.platform.received.length;
    await sendBankTransfer(t.app, transferFrom(player, 300));
    expect(await deliver(userId, from)).toEqual([]);

    const other = await linkedPlayer();
    await webhook(t.app, {
      destination: 'x',
      events: [{ type: 'unfollow', source: { type: 'user', userId: other.userId } }],
    });
    await deliver(other.userId);
    const later = fakeLine.platform.received.length;
    await sendBankTransfer(t.app, transferFrom(other.player, 300));
    expect(await deliver(other.userId, later)).toEqual([]);
  });

  it('LINE link codes are throttled per LINE user: of 100 guesses in one webhook 5 are tried, even a right one after them is not, and the answers are free replies, 5 and one wait notice', async () => {
    const player = await depositPlayer(t);
    const { code } = await linkCode(player);
    const guesser = lineUserId();
    const wrong = (i: number) => `ZZ${String(i).padStart(4, '2').replace(/[01]/g, '9')}`;
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 50 ? code : wrong(i)));
    const events = guesses.flatMap((text) => fakeLine.platform.textEvent(guesser, text).events);
    const from = fakeLine.platform.received.length;
    expect((await webhook(t.app, { destination: 'x', events })).statusCode).toBe(200);
    // The right code came after the fifth: it was not tried, and still works for its player.
    expect(
      await t.database.db.selectFrom('line_links').selectAll().where('player_id', '=', player.id).execute(),
    ).toEqual([]);
    const answers = await deliver(guesser, from);
    expect(answers.map((m) => m.text)).toEqual([
      ...Array.from(
        { length: LINE_CODE_ATTEMPTS_MAX },
        () => `${LINE_REPLIES.th.unknownCode}\n${LINE_REPLIES.en.unknownCode}`,
      ),
      `${LINE_REPLIES.th.tooManyCodes}\n${LINE_REPLIES.en.tooManyCodes}`,
    ]);
    // Answers to a user's own message are replies (free of the message quota), never pushes.
    expect(answers.map((m) => m.via)).toEqual(answers.map(() => 'reply'));
    // More within the window: neither tried nor answered.
    await webhook(t.app, fakeLine.platform.textEvent(guesser, code));
    expect(await deliver(guesser, from)).toHaveLength(LINE_CODE_ATTEMPTS_MAX + 1);
    expect(
      await t.database.db.selectFrom('line_links').selectAll().where('player_id', '=', player.id).execute(),
    ).toEqual([]);

    // Another LINE user is not held back by the guesser; the guesser may try again once the window has passed.
    const owner = lineUserId();
    await webhook(t.app, fakeLine.platform.textEvent(owner, code));
    expect((await deliver(owner, from)).map((m) => [m.text, m.via])).toEqual([[LINE_REPLIES.en.linked, 'reply']]);
    await t.database.db
      .updateTable('login_failures')
      .set({ failed_at: new Date(Date.now() - LINE_CODE_WINDOW_MS - 1000) })
      .where('subject', '=', guesser)
      .execute();
    const second = await depositPlayer(t);
    const fresh = await linkCode(second);
    await webhook(t.app, fakeLine.platform.textEvent(guesser, fresh.code));
    const links = await t.database.db
      .selectFrom('line_links')
      .select('line_user_id')
      .where('player_id', '=', second.id);
    expect((await links.execute()).map((row) => row.line_user_id)).toEqual([guesser]);
  });

  it('without a reply token nothing is answered: an answer is never a billable push', async () => {
    const silent = lineUserId();
    const body = fakeLine.platform.textEvent(silent, 'hello');
    const { replyToken: _omitted, ...event } = body.events[0] as (typeof body.events)[number];
    const from = fakeLine.platform.received.length;
    expect((await webhook(t.app, { ...body, events: [event] })).statusCode).toBe(200);
    expect(await deliver(silent, from)).toEqual([]);
    const rows = await t.database.db
      .selectFrom('notification_sends')
      .select('id')
      .where('target', '=', silent)
      .execute();
    expect(rows).toEqual([]);
  });

  it('the fake LINE platform refuses a wrong token and a malformed message, as LINE does', async () => {
    const wrong = lineMessagingApi({ apiUrl: fakeLine.url, accessToken: 'not-the-token-0123456789', timeoutMs: 2000 });
    expect(await wrong.push('Uabc', [{ type: 'text', text: 'hi' }], retryKeyOf(1, 's'))).toMatchObject({
      kind: 'refused',
      error: expect.stringContaining('401'),
    });
    const right = lineMessagingApi({ apiUrl: fakeLine.url, accessToken: LINE_TOKEN, timeoutMs: 2000 });
    expect(await right.push('Uabc', [{ type: 'text', text: '' }], retryKeyOf(2, 's'))).toMatchObject({
      kind: 'refused',
    });
    // The same retry key twice: LINE answers 409 and does not deliver again; for us it is sent.
    const before = fakeLine.platform.received.length;
    expect(await right.push('Uabc', [{ type: 'text', text: 'once' }], retryKeyOf(3, 's'))).toEqual({ kind: 'sent' });
    expect(await right.push('Uabc', [{ type: 'text', text: 'once' }], retryKeyOf(3, 's'))).toEqual({ kind: 'sent' });
    expect(fakeLine.platform.received.length).toBe(before + 1);
    // LINE down: the message stays due.
    const down = lineMessagingApi({ apiUrl: 'http://127.0.0.1:1', accessToken: LINE_TOKEN, timeoutMs: 500 });
    expect((await down.push('Uabc', [{ type: 'text', text: 'x' }], retryKeyOf(4, 's'))).kind).toBe('retry');
  });

  it('tells the operators’ group of new queue items once, in one message', async () => {
    await alertOperators(outbox);
    await deliver(OPERATOR_GROUP);
    const from = fakeLine.platform.received.length;
    const player = await depositPlayer(t);
    const image = await slipImage(slipPayload({ sendingBank: '004', reference: uniqueReference('LS') }));
    expect((await uploadSlip(t.app, player.token, { amount: '500', image })).statusCode).toBe(200);
    // Young items wait for the risk rules; then they count.
    await t.database.db
      .updateTable('history')
      .set({ created_at: sql`now() - make_interval(secs => ${ALERT_SETTLE_S + 5})` })
      .where('player_id', '=', player.id)
      .execute();
    expect(await alertOperators(outbox)).toBe(1);
    expect(await alertOperators(outbox)).toBe(0);
    const messages = await deliver(OPERATOR_GROUP, from);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toMatch(/New in the queues: .*\d+ slips to check/);
  });
});

describe('Web Push', () => {
  it('an opted-in device gets each event once, signed with our VAPID key; a player who did not opt in gets nothing', async () => {
    const player = await depositPlayer(t);
    const bystander = await depositPlayer(t);
    expect((await pushSubscribe(player, `/push/${player.id}`)).statusCode).toBe(200);
    await sendDueMessages(outbox, 500);
    const from = pushService.requests.length;
    await sendBankTransfer(t.app, transferFrom(player, 200));
    await sendBankTransfer(t.app, transferFrom(bystander, 200));
    await sendDueMessages(outbox, 500);
    const got = pushService.requests.slice(from);
    expect(got.map((r) => r.path)).toEqual([`/push/${player.id}`]);
    const [request] = got;
    expect(request?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.config.outside.vapid.publicKey}$`),
    );
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(request?.bytes).toBeGreaterThan(100);
    const bystanderSends = await t.database.db
      .selectFrom('notification_sends')
      .innerJoin('notifications', 'notifications.id', 'notification_sends.notification_id')
      .select('notification_sends.id')
      .where('notifications.player_id', '=', bystander.id)
      .execute();
    expect(bystanderSends).toEqual([]);
  });

  it('opting out stops pushes; a subscription the browser dropped (410) is removed', async () => {
    const player = await depositPlayer(t);
    await pushSubscribe(player, `/push/out/${player.id}`);
    const out = await t.app.inject({
      method: 'POST',
      url: CHANNEL_PATHS.pushUnsubscribe,
      headers: bearer(player.token),
      payload: { endpoint: `${pushService.url}/push/out/${player.id}` },
    });
    expect(out.statusCode).toBe(200);
    await sendDueMessages(outbox, 500);
    const from = pushService.requests.length;
    await sendBankTransfer(t.app, transferFrom(player, 200));
    await sendDueMessages(outbox, 500);
    expect(pushService.requests.slice(from)).toEqual([]);

    const dropped = await depositPlayer(t);
    await pushSubscribe(dropped, `/push/gone/${dropped.id}`);
    await sendBankTransfer(t.app, transferFrom(dropped, 200));
    await sendDueMessages(outbox, 500);
    const left = await t.database.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('player_id', '=', dropped.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('a subscription must be a web address with its keys', async () => {
    const player = await depositPlayer(t);
    const bad = await t.app.inject({
      method: 'POST',
      url: CHANNEL_PATHS.pushSubscribe,
      headers: bearer(player.token),
      payload: { endpoint: 'javascript:alert(1)', keys: { p256dh: 'x', auth: 'y' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      await t.database.db.selectFrom('push_subscriptions').select('id').where('player_id', '=', player.id).execute(),
    ).toEqual([]);
  });
});

describe('push endpoints: only the browsers’ push services, at most five a player', () => {
  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  const subscribeOn = (app: App, player: DepositPlayer, endpoint: string) =>
    app.inject({
      method: 'POST',
      url: CHANNEL_PATHS.pushSubscribe,
      headers: { ...bearer(player.token), 'accept-language': 'en' },
      payload: { endpoint, keys },
    });
  const subscriptionsOf = async (playerId: number) =>
    (
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('player_id', '=', playerId)
        .orderBy('id')
        .execute()
    ).map((row) => row.endpoint);

  it('a push endpoint inside the network is refused at subscribe and never fetched', async () => {
    const player = await depositPlayer(shared);
    const port = new URL(pushService.url).port;
    const inside = [
      `https://127.0.0.1:${port}/admin/settings`,
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data/',
      `https://localhost:${port}/`,
      'https://10.0.0.5/push',
      'https://push.example/device',
      // Hosts Node's legacy URL parser (which web-push uses) reads as another one than URL does.
      'https://localhost{.notify.windows.com/',
      'https://fcm.googleapis.com%2f@127.0.0.1/',
      // A push service's host, but not over https, on another port, with a user name, or not written canonically.
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'https://FCM.googleapis.com/fcm/send/x',
    ];
    for (const endpoint of inside) {
      const answer = await subscribeOn(shared.app, player, endpoint);
      expect(answer.statusCode, endpoint).toBe(400);
      // A plain http address is no PushSubscription at all (the contract's schema); the rest are refused by the rule.
      const refusal = endpoint.startsWith('http:')
        ? { data: { errorCode: 'VALIDATION_ERROR' } }
        : { message: translate('push_endpoint_not_allowed', 'en'), data: { errorCode: 'PUSH_ENDPOINT_NOT_ALLOWED' } };
      expect(answer.json(), endpoint).toMatchObject({ success: false, ...refusal });
    }
    expect(await subscriptionsOf(player.id)).toEqual([]);

    // A subscription stored before the rule (or written around the route): the send checks again and
    // never connects. The sender trusts the stand-in service's certificate, so only the rule keeps it out.
    const stored = `${pushService.url}/push/inside/${player.id}`;
    await t.database.db
      .insertInto('push_subscriptions')
      .values({ player_id: player.id, endpoint: stored, ...keys, language: 'en' })
      .execute();
    const guarded: OutboxContext = {
      ...outbox,
      push: webPushSender(t.config.outside.vapid, {
        timeoutMs: 2000,
        allowedHosts: shared.config.outside.pushServiceHosts,
        agent: new Agent({ ca: pushCertificate }),
      }),
    };
    await sendDueMessages(guarded, 500);
    const from = pushService.requests.length;
    await sendBankTransfer(t.app, transferFrom(player, 200));
    await sendDueMessages(guarded, 500);
    expect(pushService.requests.slice(from).map((r) => r.path)).toEqual([]);
    expect(await subscriptionsOf(player.id)).toEqual([]);
    const send = await t.database.db
      .selectFrom('notification_sends')
      .select(['status', 'last_error'])
      .where('target', '=', stored)
      .executeTakeFirstOrThrow();
    expect(send).toEqual({ status: 'FAILED', last_error: 'endpoint is on no allowed push service' });
  });

  it('the browsers’ push services are allowed by default: FCM, Mozilla, Apple and Windows', async () => {
    const player = await depositPlayer(shared);
    const services = [
      `https://fcm.googleapis.com/fcm/send/dX1:APA91b${player.id}`,
      `https://updates.push.services.mozilla.com/wpush/v2/gAAAAABm${player.id}`,
      `https://web.push.apple.com/QGx0b2tlbi${player.id}`,
      `https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB${player.id}`,
    ];
    for (const endpoint of services) {
      const answer = await subscribeOn(shared.app, player, endpoint);
      expect(answer.statusCode, `${endpoint}: ${answer.body}`).toBe(200);
    }
    expect(await subscriptionsOf(player.id)).toEqual(services);
  });

  it('a player holds at most five push subscriptions: a sixth replaces the oldest, and a deposit sends five pushes at most', async () => {
    const player = await depositPlayer(t);
    const endpoints = Array.from({ length: 8 }, (_, i) => `${pushService.url}/push/cap/${player.id}/${i}`);
    for (const endpoint of endpoints) expect((await subscribeOn(t.app, player, endpoint)).statusCode).toBe(200);
    expect(await subscriptionsOf(player.id)).toEqual(endpoints.slice(3));
    // Subscribing an old device again makes it the newest: the oldest other one goes.
    expect((await subscribeOn(t.app, player, endpoints[3] as string)).statusCode).toBe(200);
    expect((await subscribeOn(t.app, player, `${pushService.url}/push/cap/${player.id}/new`)).statusCode).toBe(200);
    expect(new Set(await subscriptionsOf(player.id))).toEqual(
      new Set([...endpoints.slice(5), endpoints[3], `${pushService.url}/push/cap/${player.id}/new`]),
    );

    // Forty at once (the attack's number) still leave five, and one deposit makes five requests.
    const flood = await depositPlayer(t);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => subscribeOn(t.app, flood, `${pushService.url}/push/flood/${flood.id}/${i}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(await subscriptionsOf(flood.id)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX);
    await sendDueMessages(outbox, 500);
    const from = pushService.requests.length;
    await sendBankTransfer(t.app, transferFrom(flood, 200));
    await sendDueMessages(outbox, 500);
    expect(pushService.requests.slice(from).filter((r) => r.path.startsWith('/push/flood/'))).toHaveLength(5);
  });
});

describe('without LINE set up', () => {
  it('the code route says LINE is not available and the webhook does not exist', async () => {
    const player = await depositPlayer(shared);
    const code = await shared.app.inject({
      method: 'POST',
      url: CHANNEL_PATHS.lineCode,
      headers: bearer(player.token),
    });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatchObject({
      data: { errorCode: 'LINE_NOT_AVAILABLE' },
      message: 'LINE notifications are not available on this site yet.',
    });
    const channels = await shared.app.inject({
      method: 'GET',
      url: CHANNEL_PATHS.channels,
      headers: bearer(player.token),
    });
    expect(channels.json().data.line).toMatchObject({ available: false, linked: false });
    expect((await webhook(shared.app, { events: [] })).statusCode).toBe(404);
  });
});

/**
 * The outbox's retry back-off on each channel (LINE, Web Push, the operators'
 * group): a message its channel asked us to try again later is not sent again
 * before its time, however often the worker runs; a message sent or given up
 * is never sent again. A sender of the test's own answers, and counts what it
 * was asked to send. Mutants SP-T25.. in support/source-mutants-scopes.ts.
 */
describe('the outbox’s back-off on each channel', () => {
  it('a message in its retry back-off is not sent again before its time; one sent or given up never again', async () => {
    const calls: string[] = [];
    const answers = new Map<string, 'retry' | 'sent' | 'refused'>();
    const answer = (target: string): LinePushOutcome => {
      calls.push(target);
      const kind = answers.get(target) ?? 'sent';
      return kind === 'sent' ? { kind } : { kind, error: `${kind} by the test` };
    };
    const api: LineMessaging = { push: async (to) => answer(to), reply: async () => answer('reply') };
    const scripted: OutboxContext = {
      db: shared.database.db,
      line: {
        api,
        channelSecret: LINE_SECRET,
        operatorGroupId: undefined,
      },
      push: { send: async (subscription) => answer(subscription.endpoint) },
    };
    const player = await depositPlayer(t);
    const tag = Math.random().toString(16).slice(2, 10);
    const endpoint = `${pushService.url}/backoff-${tag}`;
    await shared.database.db
      .insertInto('push_subscriptions')
      .values({ player_id: player.id, endpoint, p256dh: 'p256dh', auth: 'auth', language: 'en' })
      .execute();
    const targets = { LINE: `Ubackoff${tag}`, PUSH: endpoint, LINE_GROUP: `Cbackoff${tag}` } as const;
    const ids: number[] = [];
    for (const [channel, target] of Object.entries(targets)) {
      answers.set(target, 'retry');
      const row = await shared.database.db
        .insertInto('notification_sends')
        .values({ channel: channel as keyof typeof targets, target, payload: JSON.stringify({ text: 'back-off' }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const mine = () => calls.filter((target) => Object.values(targets).includes(target as never)).sort();
    const rows = () =>
      shared.database.db
        .selectFrom('notification_sends')
        .select(['target', 'status', 'attempts', sql<boolean>`next_at > now() + interval '4 seconds'`.as('waits')])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
    // First try: each channel says "later"; each message waits its back-off (5 s after a first attempt).
    await sendDueMessages(scripted, 500);
    expect(mine()).toEqual(Object.values(targets).sort());
    expect((await rows()).map((row) => [row.status, row.attempts, row.waits])).toEqual([
      ['PENDING', 1, true],
      ['PENDING', 1, true],
      ['PENDING', 1, true],
    ]);
    // The worker runs again at once, twice: nothing of these is sent before its time.
    calls.length = 0;
    await sendDueMessages(scripted, 500);
    await sendDueMessages(scripted, 500);
    expect(mine()).toEqual([]);
    // Its time comes: sent once (LINE, the group) or given up (Web Push refuses it for good).
    answers.set(targets.LINE, 'sent');
    answers.set(targets.LINE_GROUP, 'sent');
    answers.set(targets.PUSH, 'refused');
    await sql`update notification_sends set next_at = now() - interval '1 second' where id in (${sql.join(ids)})`.execute(
      shared.database.db,
    );
    await sendDueMessages(scripted, 500);
    expect(mine()).toEqual(Object.values(targets).sort());
    expect((await rows()).map((row) => [row.target, row.status, row.attempts])).toEqual([
      [targets.LINE, 'SENT', 2],
      [targets.PUSH, 'FAILED', 2],
      [targets.LINE_GROUP, 'SENT', 2],
    ]);
    // Sent or given up, never again, whenever the worker runs.
    calls.length = 0;
    await sql`update notification_sends set next_at = now() - interval '1 second' where id in (${sql.join(ids)})`.execute(
      shared.database.db,
    );
    await sendDueMessages(scripted, 500);
    expect(mine()).toEqual([]);
  });
});
