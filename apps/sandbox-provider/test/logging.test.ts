import { BANK_PATHS } from '@app/contracts/payouts';
import { describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app.ts';
import { signed, testConfig, unique } from './support.ts';

/** The sandbox's log lines at a level, as JSON. */
async function sandboxLogging(level: string) {
  const lines: string[] = [];
  const app = await buildSandbox(testConfig({ LOG_LEVEL: level }), {
    logStream: { write: (line: string) => void lines.push(line) },
  });
  const requests = () =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; level: number; method: string; url: string })
      .filter((line) => line.msg === 'request')
      .map((line) => [line.method, line.url, line.level]);
  return { app, lines, requests };
}

describe('npm start at info shows what matters: the sandbox’s routine reads at debug', () => {
  it('the bank statement poll, a balance and the health probe write nothing at info; a payout and a refused request do', async () => {
    const { app, lines, requests } = await sandboxLogging('info');
    const reads = [
      await signed(app, BANK_PATHS.statement, { after: 0 }),
      await signed(app, BANK_PATHS.balance, {}),
      await app.inject({ method: 'GET', url: '/health' }),
    ];
    expect(reads.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(lines).toEqual([]);

    const payout = {
      reference: unique('log'),
      toBankCode: 'KBANK',
      toAccount: '0123456789',
      toName: 'สมชาย ใจดี',
      amountMinor: 100,
    };
    expect((await signed(app, BANK_PATHS.pay, payout)).statusCode).toBe(200);
    expect((await signed(app, BANK_PATHS.statement, { after: 'x' })).statusCode).toBe(400);
    expect(requests()).toEqual([
      ['POST', BANK_PATHS.pay, 30],
      ['POST', BANK_PATHS.statement, 30],
    ]);
    await app.close();
  });

  it('at debug the routine reads are logged, one line each', async () => {
    const { app, requests } = await sandboxLogging('debug');
    await signed(app, BANK_PATHS.statement, { after: 0 });
    await app.inject({ method: 'GET', url: '/health' });
    expect(requests()).toEqual([
      ['POST', BANK_PATHS.statement, 20],
      ['GET', '/health', 20],
    ]);
    await app.close();
  });
});
