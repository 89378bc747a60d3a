import { ADMIN_PATHS, API_PATHS, fillPath, WEBHOOK_PATHS } from '@app/contracts/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/modules/deposits/webhook-signature.ts';
import {
  ADMIN_KEY,
  bearer,
  newPlayer,
  playerIdOf,
  type TestContext,
  testApp,
  WEBHOOK_SECRET,
} from '../support/test-app.ts';

let t: TestContext;
let token: string;
let phone: string;
beforeAll(async () => {
  t = await testApp();
  const player = await newPlayer(t.app);
  token = player.token;
  phone = player.phoneNumber;
});

/** Bodies a careless or hostile client might send. */
const BAD_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  true,
  {},
  { username: 123, password: ['x'] },
  { phoneNumber: { $gt: '' }, password: null },
  { agentId: 'abc', fullName: 7, bankNumber: 1234567890, bankCode: null, phoneNumber: 812345678, password: 12345678 },
  {
    agentId: 1e308,
    fullName: 'x'.repeat(5000),
    bankNumber: '1'.repeat(5000),
    bankCode: 'K'.repeat(5000),
    phoneNumber: '0'.repeat(5000),
    password: 'p'.repeat(5000),
  },
  { oldPassword: {}, password: [] },
  { amount: 'a lot' },
  { amount: Number.NaN },
  { amount: -1 },
  { amount: 1e300 },
  { amount: 0.001 },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
  { username: '\u0000', password: '\u0000' },
];

type Endpoint = { url: string; method?: 'POST' | 'PUT' | 'PATCH'; auth?: boolean; admin?: boolean; signed?: boolean };

/** Ids no row has: a body that happens to be valid then gets a 404, and nothing moves. */
const NO_ID = 999_999_999;

const ENDPOINTS: Endpoint[] = [
  { url: API_PATHS.register },
  { url: API_PATHS.login },
  { url: API_PATHS.logout, auth: true },
  { url: API_PATHS.changePassword, auth: true },
  { url: API_PATHS.withdraw, auth: true },
  { url: API_PATHS.deposit, auth: true },
  { url: WEBHOOK_PATHS.bankTransfers, signed: true },
  { url: ADMIN_PATHS.login },
  { url: ADMIN_PATHS.enrol },
  { url: fillPath(ADMIN_PATHS.withdrawalApprove, { id: NO_ID }), admin: true },
  { url: fillPath(ADMIN_PATHS.withdrawalReject, { id: NO_ID }), admin: true },
  { url: fillPath(ADMIN_PATHS.depositApprove, { id: NO_ID }), admin: true },
  { url: fillPath(ADMIN_PATHS.depositReject, { id: NO_ID }), admin: true },
  { url: fillPath(ADMIN_PATHS.bankTransferAssign, { id: NO_ID }), admin: true },
  { url: fillPath(ADMIN_PATHS.playerCredit, { id: NO_ID }), admin: true },
  { url: fillPath(ADMIN_PATHS.playerDebit, { id: NO_ID }), admin: true },
  { url: fillPath(ADMIN_PATHS.playerFreeze, { id: NO_ID }), admin: true },
  { url: fillPath(ADMIN_PATHS.playerUnfreeze, { id: NO_ID }), admin: true },
  { url: ADMIN_PATHS.operators, admin: true },
  { url: fillPath(ADMIN_PATHS.operator, { id: NO_ID }), method: 'PATCH', admin: true },
  { url: fillPath(ADMIN_PATHS.setting, { code: 'LINE_OA_URL' }), method: 'PUT', admin: true },
  { url: ADMIN_PATHS.houseAccounts, admin: true },
  { url: fillPath(ADMIN_PATHS.houseAccount, { id: NO_ID }), method: 'PATCH', admin: true },
  { url: ADMIN_PATHS.rewards, admin: true },
  { url: fillPath(ADMIN_PATHS.reward, { id: NO_ID }), method: 'PATCH', admin: true },
];

/** Headers that get a request past authentication, so that its body is what is judged. */
function headersFor(endpoint: Endpoint, raw: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (endpoint.auth) Object.assign(headers, bearer(token));
  if (endpoint.admin) headers['x-admin-key'] = ADMIN_KEY;
  if (endpoint.signed) {
    const timestamp = Math.floor(Date.now() / 1000);
    headers['x-webhook-timestamp'] = String(timestamp);
    headers['x-webhook-signature'] = signWebhook(WEBHOOK_SECRET, timestamp, raw);
  }
  return headers;
}

describe('bad input never gets a 5xx', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method ?? 'POST'} ${endpoint.url}: every malformed body gets a clear JSON 4xx`, async () => {
      for (const body of BAD_BODIES) {
        const raw = JSON.stringify(body);
        const response = await t.app.inject({
          method: endpoint.method ?? 'POST',
          url: endpoint.url.replace('PHONE', phone),
          headers: headersFor(endpoint, raw),
          payload: raw,
        });
        const label = `${endpoint.url} ${JSON.stringify(body)?.slice(0, 80)}`;
        // Logout takes no body: anything parseable is accepted and ends the session.
        if (endpoint.url === '/logout' && response.statusCode === 200) {
          const relogin = await newPlayer(t.app);
          token = relogin.token;
          continue;
        }
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        const json = response.json();
        expect(json.success, label).toBe(false);
        expect(typeof json.message, label).toBe('string');
        expect(json.message.length, label).toBeGreaterThan(5);
      }
    });
  }

  it('bad query strings and bad paths get 4xx', async () => {
    const urls = [
      '/api/player/history?page=%00',
      '/api/player/history?limit=1e9',
      '/api/player/deposit?page=NaN',
      '/api/player/withdraw?limit=-0',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const badId = await t.app.inject({
      method: 'POST',
      url: '/admin/players/not-an-id/credit',
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { amount: 1, reason: 'x' },
    });
    expect(badId.statusCode).toBe(400);
  });

  it('malformed multipart slip deposits get a clear JSON 4xx, never a 5xx', async () => {
    const boundary = '----siamplayfuzz';
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n` +
      `${file ? 'Content-Type: image/png\r\n' : ''}\r\n${value}\r\n`;
    const bodies: [string, string][] = [
      [`multipart/form-data; boundary=${boundary}`, ''],
      [`multipart/form-data; boundary=${boundary}`, 'garbage without boundaries'],
      [`multipart/form-data; boundary=${boundary}`, `${part('amount', '100')}`],
      [`multipart/form-data; boundary=${boundary}`, `${part('amount', '100')}--${boundary}--`],
      [`multipart/form-data; boundary=${boundary}`, `${part('amount', 'x'.repeat(10_000))}--${boundary}--`],
      [
        `multipart/form-data; boundary=${boundary}`,
        `${part('amount', '100')}${part('slip', 'not an image', 'a.png')}--${boundary}--`,
      ],
      [`multipart/form-data; boundary=${boundary}`, `${part('slip', '\u0000\u0001', 'a.png')}--${boundary}--`],
      [
        `multipart/form-data; boundary=${boundary}`,
        `${part('amount', '100')}${part('slip', 'a', 'a.png')}${part('slip2', 'b', 'b.png')}--${boundary}--`,
      ],
      [`multipart/form-data; boundary=${boundary}`, Array.from({ length: 50 }, (_, i) => part(`f${i}`, 'v')).join('')],
      ['multipart/form-data', `${part('amount', '100')}--${boundary}--`],
      [`multipart/form-data; boundary=${boundary}`, `${part('__proto__', '{"polluted":true}')}--${boundary}--`],
    ];
    for (const [contentType, body] of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: API_PATHS.deposit,
        headers: { ...bearer(token), 'content-type': contentType },
        payload: body,
      });
      const label = `${contentType} ${body.slice(0, 60)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.json().success, label).toBe(false);
    }
  });

  it('fuzz regression: a lone UTF-16 surrogate ("\\ud800") in a body → 400 VALIDATION_ERROR, not a 500 from the audit log\'s jsonb', async () => {
    const playerId = await playerIdOf(t.database.db, phone);
    const rewardsBefore = await t.database.db.selectFrom('rewards').select('id').execute();
    const attempts: [string, string, string][] = [
      ['POST', fillPath(ADMIN_PATHS.playerFreeze, { id: playerId }), '{"reason":"a\\ud800b"}'],
      ['POST', fillPath(ADMIN_PATHS.playerFreeze, { id: playerId }), '{"reason":"\\udc00\\ud800"}'],
      ['POST', ADMIN_PATHS.rewards, '{"name":"\\ud800","imageUrl":"a.png"}'],
      ['POST', ADMIN_PATHS.rewards, '{"name":"ok","imageUrl":"a.png","\\udfff":1}'],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, `${url} ${payload}`).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'VALIDATION_ERROR' } });
    }
    const player = await t.database.db
      .selectFrom('players')
      .select('frozen_at')
      .where('id', '=', playerId)
      .executeTakeFirstOrThrow();
    expect(player.frozen_at).toBeNull();
    expect(await t.database.db.selectFrom('rewards').select('id').execute()).toHaveLength(rewardsBefore.length);
    // A whole pair (an emoji) is a character like any other.
    const emoji = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.playerFreeze, { id: playerId }),
      headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
      payload: '{"reason":"fraud \\ud83d\\ude00"}',
    });
    expect(emoji.statusCode).toBe(200);
    const unfrozen = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.playerUnfreeze, { id: playerId }),
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { reason: 'checked' },
    });
    expect(unfrozen.statusCode).toBe(200);
  });

  it('nothing was written by the bad requests: the ledger still checks', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/ledger/check',
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(response.json().data.ok).toBe(true);
  });
});
