import {
  LOGIN_FAILURE_WINDOW_MS,
  OPERATOR_FAILURES_PER_ADDRESS_MAX,
  OPERATOR_FAILURES_PER_USERNAME_MAX,
} from '@app/contracts/limits';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCodeNow } from '../../src/modules/operators/totp.ts';
import { call, operatorLogin, uniqueAddress, uniqueUsername, wrongCode } from '../support/admin.ts';
import { serviceKey } from '../support/money.ts';
import { type TestContext, testApp } from '../support/test-app.ts';

/**
 * The second factor's enrolment and the operators' sign-in throttles:
 * a secret per enrolment attempt, enrolment tokens that work once and
 * die with the enrolment, enrolment codes throttled like sign-in, and a
 * throttle per username first with a per-address limit that does not lock a
 * whole office out.
 */

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const PASSWORD = 'operator-password-1';

async function createOperator() {
  const username = uniqueUsername('enr');
  const response = await call(t.app, serviceKey, 'POST', ADMIN_PATHS.operators, {
    username,
    displayName: 'Enrolling operator',
    role: 'operator',
    password: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
  return username;
}

async function enrolment(username: string, address = uniqueAddress()) {
  const response = await operatorLogin(t.app, { username, password: PASSWORD }, address);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().data.status).toBe('ENROL');
  return response.json().data as { enrolToken: string; secret: string };
}

const enrol = (enrolToken: string, code: string, remoteAddress = uniqueAddress()) =>
  t.app.inject({ method: 'POST', url: ADMIN_PATHS.enrol, payload: { enrolToken, code }, remoteAddress });

describe('enrolling the second factor', () => {
  it('each password-only sign-in of an operator not enrolled yet draws a new secret: a password alone never learns the secret that will be used', async () => {
    const username = await createOperator();
    const secrets = new Set<string>();
    for (let attempt = 0; attempt < 3; attempt += 1) secrets.add((await enrolment(username)).secret);
    expect(secrets.size).toBe(3);
  });

  it('an enrolment finishes with its own secret only: the code of another attempt’s secret is refused', async () => {
    const username = await createOperator();
    const first = await enrolment(username);
    const second = await enrolment(username);
    expect((await enrol(second.enrolToken, totpCodeNow(first.secret))).statusCode).toBe(401);
    const finished = await enrol(second.enrolToken, totpCodeNow(second.secret));
    expect(finished.statusCode, finished.body).toBe(200);
    // Enrolled with the second secret: a sign-in takes its codes.
    const signIn = await operatorLogin(t.app, {
      username,
      password: PASSWORD,
      code: totpCodeNow(second.secret, Date.now() + 30_000),
    });
    expect(signIn.json().data.status).toBe('SIGNED_IN');
  });

  it('an enrolment token issued before the operator enrolled finishes nothing afterwards, even with a right code, and gives no session', async () => {
    const username = await createOperator();
    const early = await enrolment(username);
    const late = await enrolment(username);
    expect((await enrol(late.enrolToken, totpCodeNow(late.secret))).statusCode).toBe(200);
    const again = await enrol(early.enrolToken, totpCodeNow(early.secret, Date.now() + 30_000));
    expect(again.statusCode).toBe(401);
    expect(again.json().data.errorCode).toBe('ENROLMENT_INVALID');
    const reused = await enrol(late.enrolToken, totpCodeNow(late.secret, Date.now() + 30_000));
    expect(reused.statusCode).toBe(401);
  });

  it(`enrolment codes are throttled like sign-in: after ${OPERATOR_FAILURES_PER_USERNAME_MAX} wrong codes the operator’s next one is 429, the right code too, from any address`, async () => {
    const username = await createOperator();
    const { enrolToken, secret } = await enrolment(username);
    const answers: number[] = [];
    for (let attempt = 0; attempt < OPERATOR_FAILURES_PER_USERNAME_MAX + 3; attempt += 1) {
      answers.push((await enrol(enrolToken, wrongCode(secret))).statusCode);
    }
    expect(answers.slice(0, OPERATOR_FAILURES_PER_USERNAME_MAX)).toEqual(
      Array(OPERATOR_FAILURES_PER_USERNAME_MAX).fill(401),
    );
    expect(answers.slice(OPERATOR_FAILURES_PER_USERNAME_MAX)).toEqual([429, 429, 429]);
    const right = await enrol(enrolToken, totpCodeNow(secret));
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MS / 1000);
  });
});

describe('operator sign-in throttles: per username first, per address high', () => {
  it(`${OPERATOR_FAILURES_PER_USERNAME_MAX} wrong passwords lock that username (429), not the other operators signing in from the same address`, async () => {
    const office = uniqueAddress();
    const guessed = await createOperator();
    const colleague = await createOperator();
    for (let attempt = 0; attempt < OPERATOR_FAILURES_PER_USERNAME_MAX; attempt += 1) {
      expect((await operatorLogin(t.app, { username: guessed, password: 'wrong-password' }, office)).statusCode).toBe(
        401,
      );
    }
    expect((await operatorLogin(t.app, { username: guessed, password: PASSWORD }, office)).statusCode).toBe(429);
    expect((await operatorLogin(t.app, { username: colleague, password: PASSWORD }, office)).statusCode).toBe(200);
  });

  it(`twenty operators behind one address each mistyping once are not locked out; one address trying many usernames stops at ${OPERATOR_FAILURES_PER_ADDRESS_MAX}`, async () => {
    const office = uniqueAddress();
    for (let operator = 0; operator < 20; operator += 1) {
      const failed = await operatorLogin(t.app, { username: uniqueUsername('x'), password: 'wrong' }, office);
      expect(failed.statusCode).toBe(401);
    }
    const working = await createOperator();
    expect((await operatorLogin(t.app, { username: working, password: PASSWORD }, office)).statusCode).toBe(200);
    // The twenty failures count; the successful sign-in does not. The address has room for the rest of the hundred.
    for (let guess = 20; guess < OPERATOR_FAILURES_PER_ADDRESS_MAX; guess += 1) {
      const failed = await operatorLogin(t.app, { username: uniqueUsername('x'), password: 'wrong' }, office);
      expect(failed.statusCode).toBe(401);
    }
    const sprayed = await operatorLogin(t.app, { username: uniqueUsername('x'), password: 'wrong' }, office);
    expect(sprayed.statusCode).toBe(429);
    expect((await operatorLogin(t.app, { username: working, password: PASSWORD }, office)).statusCode).toBe(429);
    expect((await operatorLogin(t.app, { username: working, password: PASSWORD }, uniqueAddress())).statusCode).toBe(
      200,
    );
  });
});
