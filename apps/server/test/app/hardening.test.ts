import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { AMOUNT_BAHT_MAX, SESSIONS_PER_PLAYER_MAX } from '@app/contracts/limits';
import { type MessageKey, translate } from '@app/contracts/messages';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import argon2 from 'argon2';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openPglite } from '../../src/db/database.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import type { App } from '../../src/http/types.ts';
import { migrate } from '../../src/migrations.ts';
import { createTokenSigner } from '../../src/modules/auth/tokens.ts';
import { serviceKey } from '../support/money.ts';
import {
  adjust,
  bearer,
  credit,
  newPlayer,
  playerIdOf,
  type TestContext,
  type TestPlayer,
  testApp,
  testConfig,
  uniqueBankNumber,
  uniquePhone,
} from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

/** Apps built with another configuration, closed after the file. */
const extraApps: App[] = [];
afterAll(async () => {
  for (const app of extraApps) await app.close();
});

function registration(overrides: Record<string, unknown> = {}) {
  return {
    agentId: 1,
    fullName: 'Hardening Player',
    bankNumber: uniqueBankNumber(),
    bankCode: 'KBANK',
    phoneNumber: uniquePhone(),
    password: 'password123',
    ...overrides,
  };
}

const register = (app: App, payload: object, options: { remoteAddress?: string; language?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: API_PATHS.register,
    payload,
    remoteAddress: options.remoteAddress,
    headers: options.language ? { 'accept-language': options.language } : {},
  });

const login = (username: string, password: string, remoteAddress = '10.61.0.1') =>
  t.app.inject({ method: 'POST', url: API_PATHS.login, payload: { username, password }, remoteAddress });

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const changePassword = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: API_PATHS.changePassword, headers: bearer(token), payload });

const operatorCredit = (player: TestPlayer, amount: number) =>
  adjust(t.app, player.phoneNumber, 'credit', { amount }, serviceKey);

async function mainBalance(player: TestPlayer): Promise<number> {
  return (await get(API_PATHS.balance, player.token)).json().main.balance;
}

async function historyTotal(player: TestPlayer): Promise<number> {
  return (await get(`${API_PATHS.history}?page=1&limit=100`, player.token)).json().data.total;
}

async function playerExists(phoneNumber: string): Promise<boolean> {
  const row = await t.database.db
    .selectFrom('players')
    .select('id')
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
  return row !== undefined;
}

/** The JSON error shape of every refusal. */
function expectErrorShape(body: unknown, status: number, errorCode: string) {
  expect(body).toMatchObject({ success: false, status, message: expect.any(String), data: { errorCode } });
}

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options'] as const;

function expectSecurityHeaders(headers: Record<string, unknown>) {
  for (const name of SECURITY_HEADERS) expect(headers[name], name).toBeTruthy();
  expect(headers['x-content-type-options']).toBe('nosniff');
}

/** Amounts no request may carry, with the message each gets: fractions of a satang, and numbers beyond the bound. */
const OUT_OF_RANGE_AMOUNTS: [number, MessageKey][] = [
  [0.001, 'amount_invalid'],
  [0.004, 'amount_invalid'],
  [AMOUNT_BAHT_MAX + 0.01, 'amount_over_maximum'],
  [1e16, 'amount_over_maximum'],
  [Number.MAX_SAFE_INTEGER, 'amount_over_maximum'],
  [1e308, 'amount_over_maximum'],
];

describe('deliverable 9: out-of-range numbers answer 4xx, never 5xx', () => {
  for (const agentId of [2147483648, 1e20, -1, '99999999999999999999']) {
    it(`agentId ${JSON.stringify(agentId)} outside the positive 32-bit range → 400 agent_invalid, no player stored`, async () => {
      const payload = registration({ agentId });
      const response = await register(t.app, payload);
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json(), 400, 'VALIDATION_ERROR');
      expect(response.json().message).toBe(translate('agent_invalid', 'en'));
      expect(await playerExists(payload.phoneNumber)).toBe(false);
    });
  }

  it('agentId 2147483647, the largest 32-bit integer, is still accepted', async () => {
    const payload = registration({ agentId: 2147483647 });
    expect((await register(t.app, payload)).statusCode).toBe(200);
    expect(await playerExists(payload.phoneNumber)).toBe(true);
  });

  it('withdraw amounts that round to 0 satang or exceed every bound → 400, nothing moved', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 1000);
    const entriesBefore = await historyTotal(player);
    for (const [amount, messageKey] of OUT_OF_RANGE_AMOUNTS) {
      const response = await t.app.inject({
        method: 'POST',
        url: API_PATHS.withdraw,
        headers: bearer(player.token),
        payload: { amount },
      });
      expect(response.statusCode, String(amount)).toBe(400);
      expectErrorShape(response.json(), 400, 'VALIDATION_ERROR');
      expect(response.json().message, String(amount)).toBe(translate(messageKey, 'en'));
    }
    expect(await mainBalance(player)).toBe(1000);
    expect(await historyTotal(player)).toBe(entriesBefore);
  });

  it('operator credit (manual-deposit) amounts that round to 0 satang or exceed every bound → 400, nothing moved', async () => {
    const player = await newPlayer(t.app);
    for (const [amount, messageKey] of OUT_OF_RANGE_AMOUNTS) {
      const response = await operatorCredit(player, amount);
      expect(response.statusCode, String(amount)).toBe(400);
      expectErrorShape(response.json(), 400, 'VALIDATION_ERROR');
      expect(response.json().message, String(amount)).toBe(translate(messageKey, 'en'));
    }
    expect(await mainBalance(player)).toBe(0);
    expect(await historyTotal(player)).toBe(0);
  });

  it('every amount has an upper bound: an operator credit of exactly AMOUNT_BAHT_MAX is still accepted', async () => {
    const player = await newPlayer(t.app);
    expect((await operatorCredit(player, AMOUNT_BAHT_MAX)).statusCode).toBe(200);
    expect(await mainBalance(player)).toBe(AMOUNT_BAHT_MAX);
  });

  it('history page and limit beyond any range (huge, negative, infinite) → 400', async () => {
    const player = await newPlayer(t.app);
    for (const query of ['page=2147483648', 'page=1e20', 'page=-1', 'page=1e400', 'limit=1e308', 'limit=-5']) {
      const response = await get(`${API_PATHS.history}?${query}`, player.token);
      expect(response.statusCode, query).toBe(400);
      expectErrorShape(response.json(), 400, 'VALIDATION_ERROR');
    }
  });

  it('ids beyond any range in operator decision paths → 4xx, never 5xx', async () => {
    for (const id of ['2147483648', '99999999999999999999', '1e20', '-1']) {
      const response = await t.app.inject({
        method: 'POST',
        url: fillPath(ADMIN_PATHS.withdrawalApprove, { id }),
        headers: serviceKey,
        payload: {},
      });
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('deliverable 9: claims of the wrong form inside a validly signed token → 401, never 500', () => {
  const signer = () => createTokenSigner(t.config.tokenSecret);
  const inAnHour = () => new Date(Date.now() + 3600_000);

  async function expectUnauthorized(token: string) {
    for (const url of [API_PATHS.profile, API_PATHS.balance]) {
      const response = await get(url, token);
      expect(response.statusCode, url).toBe(401);
      expectErrorShape(response.json(), 401, 'UNAUTHORIZED');
    }
  }

  for (const sessionId of ['not-a-uuid', "'; drop table players; --"]) {
    it(`a session id ${JSON.stringify(sessionId)} for a real player → 401 JSON`, async () => {
      const player = await newPlayer(t.app);
      const subjectId = await playerIdOf(t.database.db, player.phoneNumber);
      await expectUnauthorized(await signer().sign({ sessionId, subjectId }, inAnHour()));
      expect(await playerExists(player.phoneNumber)).toBe(true);
    });
  }

  it('a subject that is not a safe positive integer → 401 JSON', async () => {
    for (const subjectId of [2 ** 53 + 2, 1e21, 1.5, 0, -1]) {
      await expectUnauthorized(await signer().sign({ sessionId: randomUUID(), subjectId }, inAnHour()));
    }
    // A subject that is not a number at all, signed with the same key the server uses for players.
    const notANumber = await new SignJWT({ sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('abc')
      .setIssuer('siam-play')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.tokenSecret));
    await expectUnauthorized(notANumber);
  });
});

describe('deliverable 9: framework errors use the JSON error format and carry the security headers', () => {
  for (const url of ['/%zz', '/api/player/%E0%A4%A']) {
    it(`a malformed URL (${url}) → 400 JSON with the security headers`, async () => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectErrorShape(response.json(), 400, 'VALIDATION_ERROR');
      expectSecurityHeaders(response.headers);
    });
  }

  describe('requests that Node’s HTTP parser itself refuses (raw TCP)', () => {
    let port: number;
    beforeAll(async () => {
      const app = await buildApp({ db: t.database.db, config: testConfig(), logger: false });
      extraApps.push(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      port = address.port;
    });

    /** Sends raw bytes and reads the whole answer; the server closes the connection after it. */
    function rawExchange(request: string): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = connect({ port, host: '127.0.0.1' });
        const chunks: Buffer[] = [];
        const answer = () => Buffer.concat(chunks).toString('utf8');
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => resolve(answer()));
        // The server may close while an oversized request is still being written.
        socket.on('error', (error) => (chunks.length > 0 ? resolve(answer()) : reject(error)));
        socket.write(request);
      });
    }

    function parseRaw(raw: string) {
      const split = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = raw.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(raw.slice(split + 4)) };
    }

    const CASES = [
      {
        name: 'headers larger than the parser allows',
        request: `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(32 * 1024)}\r\n\r\n`,
        status: 431,
        errorCode: 'PAYLOAD_TOO_LARGE',
      },
      {
        name: 'a Content-Length that is not a number',
        request: 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
        status: 400,
        errorCode: 'VALIDATION_ERROR',
      },
      { name: 'a garbage request line', request: 'HELLO THERE\r\n\r\n', status: 400, errorCode: 'VALIDATION_ERROR' },
    ];
    for (const rawCase of CASES) {
      it(`${rawCase.name} → ${rawCase.status} JSON in our error shape with the security headers`, async () => {
        const answer = parseRaw(await rawExchange(rawCase.request));
        expect(answer.status).toBe(rawCase.status);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expectErrorShape(answer.body, rawCase.status, rawCase.errorCode);
        expectSecurityHeaders(answer.headers);
      });
    }
  });
});

describe('deliverable 9: a body that is not JSON gets the documented 415', () => {
  const bodies: [string, string][] = [
    ['text/plain', 'username=0812345678&password=x'],
    ['application/xml', '<login><username>0812345678</username></login>'],
    ['application/x-www-form-urlencoded', 'username=0812345678&password=password123'],
  ];
  for (const [contentType, payload] of bodies) {
    it(`POST /login as ${contentType} → 415 UNSUPPORTED_MEDIA_TYPE JSON`, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(415);
      expectErrorShape(response.json(), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(response.json().message).toBe(translate('unsupported_media_type', 'en'));
    });
  }

  it('multipart to a JSON endpoint (POST /login, POST /api/player/withdraw) → 415', async () => {
    const player = await newPlayer(t.app);
    for (const url of [API_PATHS.login, API_PATHS.withdraw]) {
      const form = new FormData();
      form.append('username', player.phoneNumber);
      form.append('password', player.password);
      form.append('amount', '100');
      const response = await t.app.inject({ method: 'POST', url, headers: bearer(player.token), payload: form });
      expect(response.statusCode, url).toBe(415);
      expectErrorShape(response.json(), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });
});

describe('deliverable 9: the login throttle holds under concurrent attempts', () => {
  it('30 simultaneous wrong passwords for one phone check at most 5: five 401s, twenty-five 429s with Retry-After', async () => {
    const player = await newPlayer(t.app);
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => login(player.phoneNumber, 'wrong-password', '10.9.8.7')),
      );
      const refused = answers.filter((answer) => answer.statusCode === 401);
      const throttled = answers.filter((answer) => answer.statusCode === 429);
      expect(refused).toHaveLength(5);
      expect(throttled).toHaveLength(25);
      for (const answer of refused) expectErrorShape(answer.json(), 401, 'INVALID_CREDENTIALS');
      for (const answer of throttled) {
        expectErrorShape(answer.json(), 429, 'TOO_MANY_ATTEMPTS');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The proof that the passwords were checked at most 5 times, not just answered so.
      expect(verify).toHaveBeenCalledTimes(5);
    } finally {
      verify.mockRestore();
    }
  });
});

describe('deliverable 9: registration is throttled per client address (REGISTER_LIMIT_PER_ADDRESS_PER_HOUR)', () => {
  let limited: App;
  beforeAll(async () => {
    limited = await buildApp({
      db: t.database.db,
      config: testConfig({ REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: '3' }),
      logger: false,
    });
    extraApps.push(limited);
  });

  it('with a limit of 3, the 4th registration from one address → 429 in Thai; another address is not affected', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await register(limited, registration(), { remoteAddress: '10.71.0.1' })).statusCode).toBe(200);
    }
    const fourth = registration();
    const refused = await register(limited, fourth, { remoteAddress: '10.71.0.1', language: 'th' });
    expect(refused.statusCode).toBe(429);
    expectErrorShape(refused.json(), 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.json().message).toMatch(/^มีการสมัครสมาชิกจากเครือข่ายของคุณมากเกินไป/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await playerExists(fourth.phoneNumber)).toBe(false);
    expect((await register(limited, registration(), { remoteAddress: '10.71.0.2' })).statusCode).toBe(200);
  });

  it('with a limit of 0 there is no limit (the shared test app): 6 registrations from one address all succeed', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await register(t.app, registration(), { remoteAddress: '10.72.0.1' })).statusCode).toBe(200);
    }
  });
});

describe('deliverable 9: guesses of the old password on change-password are throttled like logins', () => {
  it('after 5 wrong old passwords → 429 TOO_MANY_ATTEMPTS even with the right one; the password is unchanged', async () => {
    const player = await newPlayer(t.app);
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(player.token, { oldPassword: `guess-${i}-wrong`, password: 'brand-new-pass' });
      expect(wrong.statusCode).toBe(400);
      expectErrorShape(wrong.json(), 400, 'WRONG_OLD_PASSWORD');
    }
    const right = await changePassword(player.token, { oldPassword: player.password, password: 'brand-new-pass' });
    expect(right.statusCode).toBe(429);
    expectErrorShape(right.json(), 429, 'TOO_MANY_ATTEMPTS');
    expect(right.json().message).toMatch(/^Too many wrong passwords/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(player.phoneNumber, player.password, '10.62.0.1')).statusCode).toBe(200);
  });

  it('the right old password before the limit (after 4 wrong ones) changes the password', async () => {
    const player = await newPlayer(t.app);
    for (let i = 0; i < 4; i++) {
      expect(
        (await changePassword(player.token, { oldPassword: `guess-${i}`, password: 'x-new-pass-1' })).statusCode,
      ).toBe(400);
    }
    const right = await changePassword(player.token, { oldPassword: player.password, password: 'brand-new-pass' });
    expect(right.statusCode).toBe(200);
    expect((await login(player.phoneNumber, 'brand-new-pass', '10.62.0.2')).statusCode).toBe(200);
  });
});

describe('deliverable 9: answers that carry a token, personal data or balances send Cache-Control: no-store', () => {
  it('login, register, get-profile, balance, history, withdraw, an error answer and an /admin answer', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 500);
    const answers = {
      register: await register(t.app, registration()),
      login: await login(player.phoneNumber, player.password, '10.63.0.1'),
      profile: await get(API_PATHS.profile, player.token),
      balance: await get(API_PATHS.balance, player.token),
      history: await get(API_PATHS.history, player.token),
      withdraw: await t.app.inject({
        method: 'POST',
        url: API_PATHS.withdraw,
        headers: bearer(player.token),
        payload: { amount: 100 },
      }),
      error: await login(player.phoneNumber, 'wrong-password', '10.63.0.2'),
      admin: await t.app.inject({ method: 'GET', url: ADMIN_PATHS.withdrawals, headers: serviceKey }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, name).toBe(name === 'error' ? 401 : 200);
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('static images keep their caching: a bank logo has a max-age', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/images/bank-png/KBANK.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=[1-9]\d*/);
    expect(response.headers['cache-control']).not.toContain('no-store');
  });
});

describe('deliverable 9: a password of only spaces is refused', () => {
  const blank = ' '.repeat(12);

  it('on register: 400 with the password_blank message, no player stored', async () => {
    const payload = registration({ password: blank });
    const response = await register(t.app, payload);
    expect(response.statusCode).toBe(400);
    expectErrorShape(response.json(), 400, 'VALIDATION_ERROR');
    expect(response.json().message).toBe(translate('password_blank', 'en'));
    expect(await playerExists(payload.phoneNumber)).toBe(false);
  });

  it('on change-password: 400 with the password_blank message, the old password still works', async () => {
    const player = await newPlayer(t.app);
    const response = await changePassword(player.token, { oldPassword: player.password, password: blank });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(translate('password_blank', 'en'));
    expect((await login(player.phoneNumber, player.password, '10.64.0.1')).statusCode).toBe(200);
  });

  it('a password with inner spaces is accepted on register and on change-password', async () => {
    const payload = registration({ password: 'my pass phrase' });
    expect((await register(t.app, payload)).statusCode).toBe(200);
    expect((await login(payload.phoneNumber, 'my pass phrase', '10.64.0.2')).statusCode).toBe(200);
    const player = await newPlayer(t.app);
    const changed = await changePassword(player.token, { oldPassword: player.password, password: 'another  pass 1' });
    expect(changed.statusCode).toBe(200);
    expect((await login(player.phoneNumber, 'another  pass 1', '10.64.0.3')).statusCode).toBe(200);
  });
});

describe('deliverable 9: sessions per player are bounded (the oldest is revoked)', () => {
  it(`after ${SESSIONS_PER_PLAYER_MAX + 1} logins the first session's token answers 401 and the newest works`, async () => {
    const player = await newPlayer(t.app); // login 1
    const tokens = [player.token];
    for (let i = 2; i <= SESSIONS_PER_PLAYER_MAX + 1; i++) {
      const response = await login(player.phoneNumber, player.password, '10.65.0.1');
      expect(response.statusCode).toBe(200);
      tokens.push(response.json().data.token);
    }
    const first = await get(API_PATHS.profile, tokens[0] ?? '');
    expect(first.statusCode).toBe(401);
    expectErrorShape(first.json(), 401, 'UNAUTHORIZED');
    for (const token of tokens.slice(1)) expect((await get(API_PATHS.profile, token)).statusCode).toBe(200);
  });
});

describe('deliverable 9: the error handler never leaks internals', () => {
  it('a request that fails because the database is gone → plain 500 INTERNAL_ERROR, no SQL, stack or driver text', async () => {
    const database = await openPglite('memory');
    await migrate(database.db);
    await seedReferenceData(database.db);
    const app = await buildApp({ db: database.db, config: testConfig(), logger: false });
    extraApps.push(app);
    await database.close();
    const response = await app.inject({ method: 'GET', url: API_PATHS.settings });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      status: 500,
      message: translate('internal_error', 'en'),
      data: { errorCode: 'INTERNAL_ERROR' },
      requestId: expect.any(String),
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(response.headers);
  });
});
