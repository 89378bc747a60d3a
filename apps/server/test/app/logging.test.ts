import { ADMIN_PATHS, API_PATHS } from '@app/contracts/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/types.ts';
import {
  createEnrolledOperator,
  ensureSystemOperator,
  SYSTEM_OPERATORS,
} from '../../src/modules/operators/operator.service.ts';
import { totpCodeNow } from '../../src/modules/operators/totp.ts';
import { sendBankTransfer, uniqueReference, uploadSlip } from '../support/money.ts';
import { slipImage, slipPayload } from '../support/slips.ts';
import { ADMIN_KEY, newPlayer, type TestContext, testApp, testConfig, WEBHOOK_SECRET } from '../support/test-app.ts';

let t: TestContext;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  t = await testApp();
  app = await buildApp({
    db: t.database.db,
    config: testConfig({ LOG_LEVEL: 'trace' }),
    logger: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('secrets never reach the logs', () => {
  it('at the most verbose level, the logs of sign-ins, a webhook delivery and a slip upload hold no secret, token, TOTP secret or slip bytes', async () => {
    const player = await newPlayer(app);
    const cli = await ensureSystemOperator(t.database.db, SYSTEM_OPERATORS.cli);
    const username = `log-check-${Date.now() % 100_000}`;
    const operator = await createEnrolledOperator(
      t.database.db,
      { operatorId: cli.id, name: cli.username },
      { username, displayName: 'Log check', role: 'admin', password: 'log-check-password' },
    );
    const signIn = await app.inject({
      method: 'POST',
      url: ADMIN_PATHS.login,
      payload: { username, password: 'log-check-password', code: totpCodeNow(operator.totpSecret) },
    });
    const operatorToken: string = signIn.json().data.token;
    await app.inject({
      method: 'GET',
      url: ADMIN_PATHS.withdrawals,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    await app.inject({ method: 'GET', url: ADMIN_PATHS.summary, headers: { 'x-admin-key': ADMIN_KEY } });
    await sendBankTransfer(app, {
      reference: uniqueReference('LOG'),
      fromBankCode: 'KBANK',
      fromAccountNumber: player.bankNumber,
      toAccountNumber: '0381234567',
      amount: 100,
      transferredAt: new Date().toISOString(),
    });
    const image = await slipImage(slipPayload({ sendingBank: '004', reference: uniqueReference('LOGSLIP') }));
    await uploadSlip(app, player.token, { amount: '50', image });
    await app.inject({ method: 'POST', url: API_PATHS.logout, headers: { authorization: `Bearer ${player.token}` } });

    const log = lines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      WEBHOOK_SECRET,
      ADMIN_KEY,
      operator.totpSecret,
      operatorToken,
      player.token,
      player.password,
      'log-check-password',
      image.subarray(0, 48).toString('base64'),
      image.subarray(0, 48).toString('latin1'),
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('npm start at info shows what matters: routine reads at debug, money actions and errors at info', () => {
  it('a static file, the health and readiness probes and a balance poll write nothing at info; a withdrawal and a 404 do; at debug the reads are there', async () => {
    const written: string[] = [];
    const infoApp = await buildApp({
      db: t.database.db,
      config: testConfig({ LOG_LEVEL: 'info' }),
      logger: { write: (line: string) => void written.push(line) },
    });
    const player = await newPlayer(infoApp);
    const auth = { authorization: `Bearer ${player.token}` };
    written.length = 0;
    const reads = [
      await infoApp.inject({ method: 'GET', url: '/images/banner/event-point.png' }),
      await infoApp.inject({ method: 'GET', url: '/health' }),
      await infoApp.inject({ method: 'GET', url: '/ready' }),
      await infoApp.inject({ method: 'GET', url: API_PATHS.balance, headers: auth }),
    ];
    expect(reads.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(written).toEqual([]);

    const withdrawal = await infoApp.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: auth,
      payload: { amount: 100 },
    });
    expect(withdrawal.statusCode).toBe(400);
    await infoApp.inject({ method: 'GET', url: '/images/banner/no-such-file.png' });
    const logged = written.map(
      (line) => JSON.parse(line) as { msg: string; level: number; url?: string; method?: string },
    );
    const requests = logged.filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.method, line.url, line.level])).toEqual([
      ['POST', API_PATHS.withdraw, 30],
      ['GET', '/images/banner/no-such-file.png', 30],
    ]);
    await infoApp.close();

    // The routine reads are still there for whoever asks for debug (the app above, at trace).
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/images/banner/event-point.png' });
    await app.inject({ method: 'GET', url: '/health' });
    const debug = lines.map((line) => JSON.parse(line) as { msg: string; level: number; url?: string });
    expect(debug.filter((line) => line.msg === 'request').map((line) => [line.url, line.level])).toEqual([
      ['/images/*', 20],
      [API_PATHS.health, 20],
    ]);
  });
});
