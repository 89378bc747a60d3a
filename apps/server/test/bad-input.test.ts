import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, bearer, newPlayer, type TestContext, testApp } from './support/test-app.ts';

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

const ENDPOINTS = [
  { url: '/register', auth: false },
  { url: '/login', auth: false },
  { url: '/logout', auth: true },
  { url: '/api/player/change-password', auth: true },
  { url: '/admin/players/PHONE/manual-deposit', auth: false, admin: true },
  { url: '/admin/players/PHONE/manual-withdraw', auth: false, admin: true },
];

describe('bad input never gets a 5xx', () => {
  for (const endpoint of ENDPOINTS) {
    it(`POST ${endpoint.url}: every malformed body gets a clear JSON 4xx`, async () => {
      for (const body of BAD_BODIES) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (endpoint.auth) Object.assign(headers, bearer(token));
        if (endpoint.admin) headers['x-admin-key'] = ADMIN_KEY;
        const response = await t.app.inject({
          method: 'POST',
          url: endpoint.url.replace('PHONE', phone),
          headers,
          payload: JSON.stringify(body),
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
    const badPhone = await t.app.inject({
      method: 'POST',
      url: '/admin/players/not-a-phone/manual-deposit',
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { amount: 1 },
    });
    expect(badPhone.statusCode).toBe(400);
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
