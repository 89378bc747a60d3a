import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../src/modules/auth/tokens.ts';
import { bearer, newPlayer, playerIdOf, type TestContext, testApp, uniquePhone } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/login', payload: { username, password }, remoteAddress });

const PROTECTED: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/get-profile' },
  { method: 'GET', url: '/api/player/balance' },
  { method: 'GET', url: '/api/player/history?page=1&limit=5' },
  { method: 'GET', url: '/api/player/deposit?page=1&limit=5' },
  { method: 'GET', url: '/api/player/withdraw?page=1&limit=5' },
  { method: 'POST', url: '/api/player/change-password', payload: { oldPassword: 'x', password: 'password999' } },
  { method: 'POST', url: '/logout', payload: {} },
];

async function expectUnauthorizedEverywhere(headers: Record<string, string>) {
  for (const route of PROTECTED) {
    const response = await t.app.inject({ ...route, headers });
    expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'UNAUTHORIZED' } });
  }
}

describe('POST /login (spec §3, §4)', () => {
  it('§3 answers {success, message, data: {token, user}} for the right phone and password', async () => {
    const player = await newPlayer(t.app);
    const response = await login(player.phoneNumber, player.password);
    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json).toMatchObject({ success: true, message: 'Login successful' });
    expect(typeof json.data.token).toBe('string');
    expect(json.data.user).toMatchObject({ phoneNumber: player.phoneNumber, balance: 0, point: 0 });
  });

  it('§8 an unknown phone and a wrong password get the same answer', async () => {
    const player = await newPlayer(t.app);
    const wrongPassword = await login(player.phoneNumber, 'not-the-password', '10.1.0.1');
    const unknownPhone = await login(uniquePhone(), 'not-the-password', '10.1.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownPhone.statusCode).toBe(401);
    // Each answer names its own request (requestId); everything else is the same.
    const { requestId: firstId, ...first } = wrongPassword.json();
    const { requestId: secondId, ...second } = unknownPhone.json();
    expect(first).toEqual(second);
    expect(firstId).not.toBe(secondId);
    expect(wrongPassword.json().message).toBe('Phone number or password is incorrect.');
  });

  it('throttles a phone after 5 failures in 15 minutes: 429 with Retry-After, even with the right password', async () => {
    const player = await newPlayer(t.app);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await login(player.phoneNumber, 'wrong-password', `10.2.0.${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(player.phoneNumber, player.password, '10.2.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, data: { errorCode: 'TOO_MANY_ATTEMPTS' } });
    expect(blocked.json().message).toMatch(/try again in 15 minutes/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);

    // Once the failures are older than the window, the phone may log in again.
    await t.database.db
      .updateTable('login_failures')
      .set({ failed_at: new Date(Date.now() - 16 * 60 * 1000) })
      .where('subject', '=', player.phoneNumber)
      .execute();
    expect((await login(player.phoneNumber, player.password, '10.2.1.2')).statusCode).toBe(200);
  });

  it('throttles a client address after 20 failures across different phones (many players share a carrier NAT address)', async () => {
    const address = '10.3.0.1';
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await login(uniquePhone(), 'wrong-password', address)).statusCode).toBe(401);
    }
    const player = await newPlayer(t.app);
    expect((await login(player.phoneNumber, player.password, address)).statusCode).toBe(429);
    expect((await login(player.phoneNumber, player.password, '10.3.0.2')).statusCode).toBe(200);
  });

  it('a successful login clears the phone failures', async () => {
    const player = await newPlayer(t.app);
    for (let attempt = 0; attempt < 4; attempt++) await login(player.phoneNumber, 'wrong', `10.4.0.${attempt}`);
    expect((await login(player.phoneNumber, player.password, '10.4.1.0')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) await login(player.phoneNumber, 'wrong', `10.4.2.${attempt}`);
    expect((await login(player.phoneNumber, player.password, '10.4.3.0')).statusCode).toBe(200);
  });

  it('the throttle message comes in the request language', async () => {
    const phone = uniquePhone();
    for (let attempt = 0; attempt < 5; attempt++) await login(phone, 'wrong', `10.5.0.${attempt}`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: phone, password: 'whatever' },
      headers: { 'accept-language': 'ko' },
      remoteAddress: '10.5.1.0',
    });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toContain('로그인 실패 횟수가 너무 많습니다');
  });
});

describe('sessions (spec §4)', () => {
  it('a valid token opens every protected call', async () => {
    const player = await newPlayer(t.app);
    for (const route of PROTECTED.filter((r) => r.method === 'GET')) {
      const response = await t.app.inject({ ...route, headers: bearer(player.token) });
      expect(response.statusCode, route.url).toBe(200);
    }
  });

  it('no token, a malformed token and a token signed with another secret get 401 on every protected call', async () => {
    await expectUnauthorizedEverywhere({});
    await expectUnauthorizedEverywhere({ authorization: 'Bearer not-a-token' });
    await expectUnauthorizedEverywhere({ authorization: 'Basic abc' });
    const foreign = createTokenSigner('another-secret-that-is-long-enough-0123456789');
    const player = await newPlayer(t.app);
    const session = await t.database.db
      .selectFrom('sessions')
      .select(['id', 'player_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const forged = await foreign.sign(
      { sessionId: session.id, subjectId: session.player_id },
      new Date(Date.now() + 3_600_000),
    );
    await expectUnauthorizedEverywhere(bearer(forged));
    expect(player.token).not.toBe(forged);
  });

  it('a token verified once is remembered, but only until it expires, and never by another signer', async () => {
    const signer = createTokenSigner(t.config.tokenSecret);
    const claims = { sessionId: randomUUID(), subjectId: 42 };
    const expiresAt = new Date(Date.now() + 2_000);
    const token = await signer.sign(claims, expiresAt);
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
    const foreign = createTokenSigner('another-secret-that-is-long-enough-0123456789');
    expect(await foreign.verify(token)).toBeUndefined();
    // The token's exp is whole seconds: wait until it has passed.
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(expiresAt.getTime() / 1000) * 1000 - Date.now() + 50));
    expect(await signer.verify(token)).toBeUndefined();
    expect(await signer.verify(token)).toBeUndefined();
  });

  it('an expired token and a token naming an unknown session get 401', async () => {
    const signer = createTokenSigner(t.config.tokenSecret);
    const session = await t.database.db
      .selectFrom('sessions')
      .select(['id', 'player_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const expired = await signer.sign(
      { sessionId: session.id, subjectId: session.player_id },
      new Date(Date.now() - 1000),
    );
    await expectUnauthorizedEverywhere(bearer(expired));
    const unknown = await signer.sign(
      { sessionId: randomUUID(), subjectId: session.player_id },
      new Date(Date.now() + 60_000),
    );
    await expectUnauthorizedEverywhere(bearer(unknown));
  });

  it('a session expired on the server gets 401 although its token is still signed as valid', async () => {
    const player = await newPlayer(t.app);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('player_id', '=', await playerIdOf(t.database.db, player.phoneNumber))
      .execute();
    await expectUnauthorizedEverywhere(bearer(player.token));
  });

  it('§4 logout revokes the session: the token gets 401 afterwards', async () => {
    const player = await newPlayer(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(player.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    await expectUnauthorizedEverywhere(bearer(player.token));
  });

  it("logging out one session leaves the player's other sessions working", async () => {
    const player = await newPlayer(t.app);
    const second = (await login(player.phoneNumber, player.password, '10.6.0.1')).json().data.token;
    await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(player.token) });
    expect((await t.app.inject({ method: 'GET', url: '/api/get-profile', headers: bearer(second) })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/player/change-password (spec §5)', () => {
  const change = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/player/change-password', headers: bearer(token), payload: body });

  it('§4 changes the password with the current one; the new one logs in, the old one does not', async () => {
    const player = await newPlayer(t.app);
    const response = await change(player.token, { oldPassword: player.password, password: 'brand-new-pass' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Change password successful' });
    expect((await login(player.phoneNumber, player.password, '10.7.0.1')).statusCode).toBe(401);
    expect((await login(player.phoneNumber, 'brand-new-pass', '10.7.0.2')).statusCode).toBe(200);
  });

  it('requires the right current password', async () => {
    const player = await newPlayer(t.app);
    const wrong = await change(player.token, { oldPassword: 'not-it-at-all', password: 'brand-new-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ data: { errorCode: 'WRONG_OLD_PASSWORD' } });
    const missing = await change(player.token, { password: 'brand-new-pass' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter your current password.');
    expect((await login(player.phoneNumber, player.password, '10.8.0.1')).statusCode).toBe(200);
  });

  it('§5 new password at least 8 characters', async () => {
    const player = await newPlayer(t.app);
    const response = await change(player.token, { oldPassword: player.password, password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at least 8 characters.');
    expect((await login(player.phoneNumber, player.password, '10.9.0.1')).statusCode).toBe(200);
  });

  it("revokes the player's other sessions and keeps the current one", async () => {
    const player = await newPlayer(t.app);
    const other = (await login(player.phoneNumber, player.password, '10.10.0.1')).json().data.token;
    expect((await change(player.token, { oldPassword: player.password, password: 'brand-new-pass' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/get-profile', headers: bearer(other) })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get-profile', headers: bearer(player.token) })).statusCode,
    ).toBe(200);
  });
});
