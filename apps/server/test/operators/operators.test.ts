import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner, TOKEN_ISSUER } from '../../src/modules/auth/tokens.ts';
import { totpCodeNow } from '../../src/modules/operators/totp.ts';
import { call, nextCode, operatorLogin, uniqueAddress, uniqueUsername, wrongCode } from '../support/admin.ts';
import { newOperator, operatorAuth, serviceKey, type TestOperator } from '../support/money.ts';
import { bearer, newPlayer, playerIdOf, type TestContext, testApp, uniqueBankNumber } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const PASSWORD = 'operator-password-1';

/** Creates an operator through the API as the given admin; the second factor is not enrolled yet. */
async function createOperator(auth: Record<string, string>, role: 'operator' | 'admin' = 'operator') {
  const username = uniqueUsername('op');
  const response = await call(t.app, auth, 'POST', ADMIN_PATHS.operators, {
    username,
    displayName: `Created ${role}`,
    role,
    password: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().data.id as number, username };
}

/** Signs a created operator in for the first time and finishes enrolment; answers the secret and the session token. */
async function enrol(username: string) {
  const first = await operatorLogin(t.app, { username, password: PASSWORD });
  expect(first.statusCode, first.body).toBe(200);
  const { enrolToken, secret } = first.json().data;
  const enrolled = await t.app.inject({
    method: 'POST',
    url: ADMIN_PATHS.enrol,
    payload: { enrolToken, code: totpCodeNow(secret) },
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  return { secret: secret as string, token: enrolled.json().data.token as string };
}

const me = (auth: Record<string, string>) => call(t.app, auth, 'GET', ADMIN_PATHS.me);
const patchOperator = (auth: Record<string, string>, id: number, body: object) =>
  call(t.app, auth, 'PATCH', fillPath(ADMIN_PATHS.operator, { id }), body);

describe('deliverable 6: operator sign-in with a TOTP second factor', () => {
  it('an admin creates an operator; the first sign-in answers ENROL with an otpauth URI naming the secret and the username', async () => {
    const created = await createOperator(serviceKey);
    const response = await operatorLogin(t.app, { username: created.username, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'ENROL', enrolToken: expect.any(String), secret: expect.any(String) });
    expect(data).not.toHaveProperty('token');
    const uri = new URL(data.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toContain(created.username);
    expect(uri.searchParams.get('secret')).toBe(data.secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });

  it('enrolment with a code from the secret answers SIGNED_IN with a token that opens /admin; the operator is listed as enrolled', async () => {
    const created = await createOperator(serviceKey);
    const { token } = await enrol(created.username);
    const whoAmI = await me(bearer(token));
    expect(whoAmI.statusCode).toBe(200);
    expect(whoAmI.json().data).toEqual({
      id: created.id,
      username: created.username,
      displayName: 'Created operator',
      role: 'operator',
    });
    const listed = (await call(t.app, serviceKey, 'GET', ADMIN_PATHS.operators)).json().data;
    expect(listed.find((o: { id: number }) => o.id === created.id)).toMatchObject({ enrolled: true, disabled: false });
  });

  it('a wrong enrolment code → 401 and the operator stays unenrolled; the enrolToken is not a session token (me → 401)', async () => {
    const created = await createOperator(serviceKey);
    const first = (await operatorLogin(t.app, { username: created.username, password: PASSWORD })).json().data;
    expect((await me(bearer(first.enrolToken))).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.enrol,
      payload: { enrolToken: first.enrolToken, code: wrongCode(first.secret) },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, data: { errorCode: 'INVALID_CREDENTIALS' } });
    const again = await operatorLogin(t.app, { username: created.username, password: PASSWORD });
    expect(again.json().data.status).toBe('ENROL');
    // Each enrolment attempt draws its own secret (operator-enrolment.test.ts).
    expect(again.json().data.secret).not.toBe(first.secret);
  });

  it('a session token is not an enrolToken, and an enrolToken works once', async () => {
    const created = await createOperator(serviceKey);
    const first = (await operatorLogin(t.app, { username: created.username, password: PASSWORD })).json().data;
    const enrolled = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.enrol,
      payload: { enrolToken: first.enrolToken, code: totpCodeNow(first.secret) },
    });
    const session = enrolled.json().data.token;
    for (const enrolToken of [session, first.enrolToken]) {
      const response = await t.app.inject({
        method: 'POST',
        url: ADMIN_PATHS.enrol,
        payload: { enrolToken, code: nextCode(first.secret) },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().data.errorCode).toBe('ENROLMENT_INVALID');
    }
  });

  it('after enrolment a sign-in needs the code: missing → 401 TOTP_REQUIRED, wrong → 401, right → SIGNED_IN, the same code again → 401 (replay)', async () => {
    const created = await createOperator(serviceKey);
    const { secret } = await enrol(created.username);
    const address = uniqueAddress();
    const body = { username: created.username, password: PASSWORD };

    const missing = await operatorLogin(t.app, body, address);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ data: { errorCode: 'TOTP_REQUIRED' } });

    const wrong = await operatorLogin(t.app, { ...body, code: wrongCode(secret) }, address);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ data: { errorCode: 'INVALID_CREDENTIALS' } });

    const code = nextCode(secret);
    const right = await operatorLogin(t.app, { ...body, code }, address);
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({
      status: 'SIGNED_IN',
      token: expect.any(String),
      operator: { id: created.id, username: created.username, role: 'operator' },
    });
    expect((await me(bearer(right.json().data.token))).statusCode).toBe(200);

    const replay = await operatorLogin(t.app, { ...body, code }, address);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ data: { errorCode: 'INVALID_CREDENTIALS' } });
  });

  it('a wrong password and an unknown username get the same 401 answer (nothing tells which usernames exist)', async () => {
    const operator = await newOperator(t);
    const wrongPassword = await operatorLogin(t.app, {
      username: operator.username,
      password: 'not-the-password',
      code: nextCode(operator.totpSecret),
    });
    const unknown = await operatorLogin(t.app, {
      username: uniqueUsername('nobody'),
      password: 'not-the-password',
      code: '123456',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // Each answer names its own request (requestId); everything else is the same.
    const { requestId: firstId, ...first } = wrongPassword.json();
    const { requestId: secondId, ...second } = unknown.json();
    expect(first).toEqual(second);
    expect(firstId).not.toBe(secondId);
    expect(wrongPassword.json().data.errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('sign-in is throttled per username: after 5 failures → 429 TOO_MANY_ATTEMPTS with Retry-After, even with the right password and code', async () => {
    const operator = await newOperator(t);
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await operatorLogin(t.app, { username: operator.username, password: 'wrong-password' });
      expect(failed.statusCode).toBe(401);
    }
    const blocked = await operatorLogin(t.app, {
      username: operator.username,
      password: operator.password,
      code: nextCode(operator.totpSecret),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, data: { errorCode: 'TOO_MANY_ATTEMPTS' } });
    expect(blocked.json().message).toMatch(/Try again in 15 minutes/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('GET me answers the signed-in operator; logout ends the session (me → 401 after), other sessions stay', async () => {
    const operator = await newOperator(t);
    const second = await operatorLogin(t.app, {
      username: operator.username,
      password: operator.password,
      code: nextCode(operator.totpSecret),
    });
    const secondToken = second.json().data.token;
    const whoAmI = await me(operatorAuth(operator));
    expect(whoAmI.json()).toEqual({
      success: true,
      data: { id: operator.id, username: operator.username, displayName: 'Test operator', role: 'operator' },
    });
    const logout = await call(t.app, operatorAuth(operator), 'POST', ADMIN_PATHS.logout);
    expect(logout.statusCode).toBe(200);
    expect(logout.json().success).toBe(true);
    expect((await me(operatorAuth(operator))).statusCode).toBe(401);
    expect((await me(bearer(secondToken))).statusCode).toBe(200);
  });
});

describe('deliverable 6: managing operators (admin)', () => {
  it('a disabled operator cannot sign in and their token stops working; enabled again, they sign in', async () => {
    const admin = await newOperator(t, 'admin');
    const operator = await newOperator(t);
    const disabled = await patchOperator(operatorAuth(admin), operator.id, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({ id: operator.id, disabled: true });
    expect((await me(operatorAuth(operator))).statusCode).toBe(401);

    const body = { username: operator.username, password: operator.password, code: nextCode(operator.totpSecret) };
    const refused = await operatorLogin(t.app, body);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().data.errorCode).toBe('INVALID_CREDENTIALS');

    expect((await patchOperator(operatorAuth(admin), operator.id, { disabled: false })).statusCode).toBe(200);
    // The same code now signs in: the refusal was the disabled flag, not the code.
    expect((await operatorLogin(t.app, body)).json().data.status).toBe('SIGNED_IN');
    expect((await me(operatorAuth(operator))).statusCode).toBe(401);
  });

  it('resetSecondFactor ends the sessions and makes the next sign-in an enrolment with a new secret', async () => {
    const operator = await newOperator(t);
    const reset = await patchOperator(serviceKey, operator.id, { resetSecondFactor: true });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ enrolled: false });
    expect((await me(operatorAuth(operator))).statusCode).toBe(401);

    const next = await operatorLogin(t.app, {
      username: operator.username,
      password: operator.password,
      code: nextCode(operator.totpSecret),
    });
    expect(next.statusCode).toBe(200);
    expect(next.json().data.status).toBe('ENROL');
    const secret = next.json().data.secret;
    expect(secret).not.toBe(operator.totpSecret);
    const enrolled = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.enrol,
      payload: { enrolToken: next.json().data.enrolToken, code: totpCodeNow(secret) },
    });
    expect(enrolled.json().data.status).toBe('SIGNED_IN');
  });

  it('a new password ends the sessions; the old password no longer signs in, the new one does', async () => {
    const operator = await newOperator(t);
    const changed = await patchOperator(serviceKey, operator.id, { password: 'brand-new-password-2' });
    expect(changed.statusCode).toBe(200);
    expect((await me(operatorAuth(operator))).statusCode).toBe(401);
    const code = nextCode(operator.totpSecret);
    const old = await operatorLogin(t.app, { username: operator.username, password: operator.password, code });
    expect(old.statusCode).toBe(401);
    const fresh = await operatorLogin(t.app, { username: operator.username, password: 'brand-new-password-2', code });
    expect(fresh.json().data.status).toBe('SIGNED_IN');
  });

  it('an admin cannot disable themselves or change their own role (409 CANNOT_CHANGE_SELF) but may rename themselves', async () => {
    const admin = await newOperator(t, 'admin');
    for (const body of [{ disabled: true }, { role: 'operator' }, { role: 'admin' }]) {
      const response = await patchOperator(operatorAuth(admin), admin.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json().data.errorCode).toBe('CANNOT_CHANGE_SELF');
    }
    expect((await me(operatorAuth(admin))).json().data.role).toBe('admin');
    const renamed = await patchOperator(operatorAuth(admin), admin.id, { displayName: 'Head cashier' });
    expect(renamed.statusCode).toBe(200);
    expect((await me(operatorAuth(admin))).json().data.displayName).toBe('Head cashier');
  });

  it('an admin changes another operator’s role: the operator becomes admin at once', async () => {
    const admin = await newOperator(t, 'admin');
    const operator = await newOperator(t);
    expect((await call(t.app, operatorAuth(operator), 'GET', ADMIN_PATHS.operators)).statusCode).toBe(403);
    const promoted = await patchOperator(operatorAuth(admin), operator.id, { role: 'admin' });
    expect(promoted.json().data).toMatchObject({ id: operator.id, role: 'admin' });
    expect((await call(t.app, operatorAuth(operator), 'GET', ADMIN_PATHS.operators)).statusCode).toBe(200);
  });

  it('a username is taken once, whatever its case → 409 OPERATOR_EXISTS', async () => {
    const created = await createOperator(serviceKey);
    const again = await call(t.app, serviceKey, 'POST', ADMIN_PATHS.operators, {
      username: created.username.toUpperCase(),
      displayName: 'Someone else',
      role: 'admin',
      password: 'another-password-1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.errorCode).toBe('OPERATOR_EXISTS');
  });

  it('bad usernames, short or blank passwords and unknown roles → 400, nothing created', async () => {
    const valid = { username: uniqueUsername('ok'), displayName: 'Valid', role: 'operator', password: PASSWORD };
    const refused = [
      { ...valid, username: 'ab' },
      { ...valid, username: 'has space' },
      { ...valid, username: '-leading-dash' },
      { ...valid, username: `a${'b'.repeat(32)}` },
      { ...valid, username: 'ผู้ดูแล' },
      { ...valid, password: 'short' },
      { ...valid, password: '         ' },
      { ...valid, role: 'superuser' },
      { ...valid, displayName: '' },
    ];
    for (const body of refused) {
      const response = await call(t.app, serviceKey, 'POST', ADMIN_PATHS.operators, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().data.errorCode).toBe('VALIDATION_ERROR');
    }
    const listed = (await call(t.app, serviceKey, 'GET', ADMIN_PATHS.operators)).json().data;
    expect(listed.some((o: { username: string }) => o.username === valid.username)).toBe(false);
  });

  it('the list holds people only: the system operators service and cli never appear and cannot sign in', async () => {
    const listed = (await call(t.app, serviceKey, 'GET', ADMIN_PATHS.operators)).json().data;
    const names = listed.map((o: { username: string }) => o.username);
    expect(names).not.toContain('service');
    expect(names).not.toContain('cli');
    for (const username of ['service', 'cli']) {
      const response = await operatorLogin(t.app, { username, password: 'anything-at-all', code: '123456' });
      expect(response.statusCode).toBe(401);
    }
    const notFound = await patchOperator(serviceKey, (await me(serviceKey)).json().data.id, { displayName: 'x' });
    expect(notFound.statusCode).toBe(404);
  });
});

describe('Done when: operator tokens and player tokens are refused on each other’s endpoints', () => {
  it('an operator token on player endpoints (GET profile, POST withdraw) → 401', async () => {
    const operator = await newOperator(t, 'admin');
    const profile = await call(t.app, operatorAuth(operator), 'GET', API_PATHS.profile);
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toMatchObject({ success: false, data: { errorCode: 'UNAUTHORIZED' } });
    const withdraw = await call(t.app, operatorAuth(operator), 'POST', API_PATHS.withdraw, { amount: 100 });
    expect(withdraw.statusCode).toBe(401);
  });

  it('a player token on /admin endpoints (GET withdrawals, GET me) → 401', async () => {
    const player = await newPlayer(t.app);
    for (const url of [ADMIN_PATHS.withdrawals, ADMIN_PATHS.me]) {
      const response = await call(t.app, bearer(player.token), 'GET', url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'UNAUTHORIZED' } });
    }
  });

  it('a token of the other kind naming a real session is still refused: each kind has its own issuer and key', async () => {
    const operator = await newOperator(t);
    const player = await newPlayer(t.app);
    const operatorSession = await t.database.db
      .selectFrom('operator_sessions')
      .select('id')
      .where('operator_id', '=', operator.id)
      .where('purpose', '=', 'session')
      .executeTakeFirstOrThrow();
    const playerSession = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('player_id', '=', await playerIdOf(t.database.db, player.phoneNumber))
      .executeTakeFirstOrThrow();
    const expiresAt = new Date(Date.now() + 3600_000);
    const playerSigner = createTokenSigner(t.config.tokenSecret, TOKEN_ISSUER.player);
    const operatorSigner = createTokenSigner(t.config.tokenSecret, TOKEN_ISSUER.operator);
    const asPlayerToken = await playerSigner.sign({ sessionId: operatorSession.id, subjectId: operator.id }, expiresAt);
    expect((await me(bearer(asPlayerToken))).statusCode).toBe(401);
    const playerId = await playerIdOf(t.database.db, player.phoneNumber);
    const asOperatorToken = await operatorSigner.sign({ sessionId: playerSession.id, subjectId: playerId }, expiresAt);
    expect((await call(t.app, bearer(asOperatorToken), 'GET', API_PATHS.profile)).statusCode).toBe(401);
    // The genuine tokens still work, so the refusals above are about the kind of token.
    expect((await me(operatorAuth(operator))).statusCode).toBe(200);
    expect((await call(t.app, bearer(player.token), 'GET', API_PATHS.profile)).statusCode).toBe(200);
  });

  it('a wrong x-admin-key → 403 FORBIDDEN, even beside a valid operator token; no credentials → 401', async () => {
    const operator = await newOperator(t);
    const wrongKey = await call(t.app, { 'x-admin-key': 'wrong-key-wrong-key-wrong-key!' }, 'GET', ADMIN_PATHS.me);
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.json().data.errorCode).toBe('FORBIDDEN');
    const both = await call(
      t.app,
      { ...operatorAuth(operator), 'x-admin-key': 'wrong-key-wrong-key-wrong-key!' },
      'GET',
      ADMIN_PATHS.me,
    );
    expect(both.statusCode).toBe(403);
    for (const url of [ADMIN_PATHS.me, ADMIN_PATHS.withdrawals, ADMIN_PATHS.operators, ADMIN_PATHS.auditVerify]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().data.errorCode).toBe('UNAUTHORIZED');
    }
  });

  it('the service key acts as the operator service with admin rights', async () => {
    const response = await me(serviceKey);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ username: 'service', role: 'admin' });
  });
});

describe('deliverable 6: roles', () => {
  let operator: TestOperator;
  beforeAll(async () => {
    operator = await newOperator(t, 'operator');
  });

  it('an operator lists the queues, searches players, credits and freezes', async () => {
    const auth = operatorAuth(operator);
    for (const url of [ADMIN_PATHS.withdrawals, ADMIN_PATHS.deposits, ADMIN_PATHS.bankTransfers, ADMIN_PATHS.summary]) {
      expect((await call(t.app, auth, 'GET', url)).statusCode, url).toBe(200);
    }
    const player = await newPlayer(t.app);
    const found = await call(t.app, auth, 'GET', `${ADMIN_PATHS.players}?q=${player.phoneNumber}`);
    expect(found.statusCode).toBe(200);
    const id = await playerIdOf(t.database.db, player.phoneNumber);
    expect(found.json().data.items.map((p: { id: number }) => p.id)).toEqual([id]);
    const credited = await call(t.app, auth, 'POST', fillPath(ADMIN_PATHS.playerCredit, { id }), {
      amount: 10,
      reason: 'goodwill',
    });
    expect(credited.statusCode).toBe(200);
    const frozen = await call(t.app, auth, 'POST', fillPath(ADMIN_PATHS.playerFreeze, { id }), { reason: 'check' });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().data.frozen).toBe(true);
  });

  it('an operator gets 403 on admin-only routes and changes nothing', async () => {
    const auth = operatorAuth(operator);
    const before = (await call(t.app, serviceKey, 'GET', ADMIN_PATHS.settings)).json().data;
    const houseNumber = uniqueBankNumber();
    const rewardName = `Role test ${uniqueUsername('r')}`;
    const newUsername = uniqueUsername('role');
    const attempts = [
      call(t.app, auth, 'PUT', fillPath(ADMIN_PATHS.setting, { code: 'LINE_OA_URL' }), {
        value: 'https://line.me/R/ti/p/@operator',
      }),
      call(t.app, auth, 'POST', ADMIN_PATHS.houseAccounts, {
        bankCode: 'SCB',
        bankNumber: houseNumber,
        fullName: 'Role Test',
        active: false,
      }),
      call(t.app, auth, 'PATCH', fillPath(ADMIN_PATHS.houseAccount, { id: 1 }), { active: false }),
      call(t.app, auth, 'POST', ADMIN_PATHS.rewards, { name: rewardName, imageUrl: 'x.png', active: false }),
      call(t.app, auth, 'PATCH', fillPath(ADMIN_PATHS.reward, { id: 1 }), { active: false }),
      call(t.app, auth, 'GET', ADMIN_PATHS.operators),
      call(t.app, auth, 'POST', ADMIN_PATHS.operators, {
        username: newUsername,
        displayName: 'x',
        role: 'admin',
        password: PASSWORD,
      }),
      call(t.app, auth, 'PATCH', fillPath(ADMIN_PATHS.operator, { id: operator.id }), { role: 'admin' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        message: 'This needs the admin role.',
        data: { errorCode: 'FORBIDDEN' },
      });
    }
    expect((await call(t.app, serviceKey, 'GET', ADMIN_PATHS.settings)).json().data).toEqual(before);
    const houses = (await call(t.app, serviceKey, 'GET', ADMIN_PATHS.houseAccounts)).json().data;
    expect(houses.some((h: { bankNumber: string }) => h.bankNumber === houseNumber)).toBe(false);
    const rewards = (await call(t.app, serviceKey, 'GET', ADMIN_PATHS.rewards)).json().data;
    expect(rewards.some((r: { name: string }) => r.name === rewardName)).toBe(false);
    const operators = (await call(t.app, serviceKey, 'GET', ADMIN_PATHS.operators)).json().data;
    expect(operators.some((o: { username: string }) => o.username === newUsername)).toBe(false);
    expect((await me(auth)).json().data.role).toBe('operator');
  });

  it('an admin may use the same routes', async () => {
    const admin = operatorAuth(await newOperator(t, 'admin'));
    const line = (await call(t.app, admin, 'GET', ADMIN_PATHS.settings))
      .json()
      .data.find((s: { code: string }) => s.code === 'LINE_OA_URL');
    // The setting is written back with its current value: allowed, and nothing changes for other tests.
    const setting = await call(t.app, admin, 'PUT', fillPath(ADMIN_PATHS.setting, { code: 'LINE_OA_URL' }), {
      value: line.value,
    });
    expect(setting.statusCode).toBe(200);
    const house = await call(t.app, admin, 'POST', ADMIN_PATHS.houseAccounts, {
      bankCode: 'SCB',
      bankNumber: uniqueBankNumber(),
      fullName: 'Admin Role Test',
      active: false,
    });
    expect(house.statusCode).toBe(200);
    const reward = await call(t.app, admin, 'POST', ADMIN_PATHS.rewards, {
      name: `Admin role ${uniqueUsername('r')}`,
      imageUrl: 'x.png',
      active: false,
    });
    expect(reward.statusCode).toBe(200);
    expect((await call(t.app, admin, 'GET', ADMIN_PATHS.operators)).statusCode).toBe(200);
    const created = await call(t.app, admin, 'POST', ADMIN_PATHS.operators, {
      username: uniqueUsername('adm'),
      displayName: 'By an admin',
      role: 'operator',
      password: PASSWORD,
    });
    expect(created.statusCode).toBe(200);
  });
});
