import { BANK_PATHS, sandboxBankStateResponseSchema } from '@app/contracts/payouts';
import { PROVIDER_HEADERS, SANDBOX_CONTROL_PATHS } from '@app/contracts/provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app.ts';
import { liveSandbox, signed, tempDir, testConfig, unique } from './support.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandbox(testConfig({ SANDBOX_BANK_BALANCE: '100000' }));
});
afterAll(async () => {
  await app.close();
});

const payout = (reference: string, amountMinor = 50_000) => ({
  reference,
  toBankCode: 'KBANK',
  toAccount: '0123456789',
  toName: 'สมชาย ใจดี',
  amountMinor,
});
const pay = (body: unknown, headers: Record<string, string> = {}) => signed(app, BANK_PATHS.pay, body, headers);
const statusOf = async (reference: string) => (await signed(app, BANK_PATHS.status, { reference })).json();
const bankState = async (target = app) =>
  sandboxBankStateResponseSchema.parse((await signed(target, SANDBOX_CONTROL_PATHS.bankState, {})).json());

describe('the sandbox bank pays once per reference', () => {
  it('a payout is PAID with a bank reference, debits the account and writes one statement line', async () => {
    const before = await bankState();
    const reference = unique('po');
    const answer = await pay(payout(reference));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true, status: 'PAID', reference, amountMinor: 50_000 });
    const after = await bankState();
    expect(after.balanceMinor).toBe(before.balanceMinor - 50_000);
    expect(after.lines).toBe(before.lines + 1);
    const lines = (await signed(app, BANK_PATHS.statement, { after: before.lines })).json();
    expect(lines.lines).toEqual([
      expect.objectContaining({ line: before.lines + 1, reference, direction: 'OUT', amountMinor: 50_000 }),
    ]);
    expect(lines.next).toBe(before.lines + 1);
  });

  it('the same reference again answers the same payout and pays nothing more (pay twice-safe)', async () => {
    const reference = unique('po');
    const first = (await pay(payout(reference))).json();
    const before = await bankState();
    const second = await pay(payout(reference));
    expect(second.json()).toEqual(first);
    const after = await bankState();
    expect(after.balanceMinor).toBe(before.balanceMinor);
    expect(after.lines).toBe(before.lines);
    expect(after.payouts.find((p) => p.reference === reference)?.requests).toBe(2);
  });

  it('the same reference with another amount is refused REFERENCE_MISMATCH and changes nothing', async () => {
    const reference = unique('po');
    await pay(payout(reference));
    const before = await bankState();
    const answer = await pay(payout(reference, 1));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('REFERENCE_MISMATCH');
    expect((await bankState()).balanceMinor).toBe(before.balanceMinor);
  });

  it('more than the account holds is refused INSUFFICIENT_FUNDS, unrecorded', async () => {
    const reference = unique('po');
    const answer = await pay(payout(reference, 1_000_000_000));
    expect(answer.statusCode).toBe(422);
    expect(answer.json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await statusOf(reference)).status).toBe('NOT_FOUND');
  });
});

describe('fault switches on payouts', () => {
  it('refuse: the payout is refused for good, and asking again or paying again still says refused', async () => {
    const reference = unique('po');
    const answer = await pay(payout(reference), { [PROVIDER_HEADERS.fault]: 'refuse' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().code).toBe('ACCOUNT_INVALID');
    expect(await statusOf(reference)).toMatchObject({ status: 'REFUSED', code: 'ACCOUNT_INVALID' });
    expect((await pay(payout(reference))).statusCode).toBe(422);
  });

  it('lost: the bank pays, then drops the answer; status says PAID', async () => {
    const live = await liveSandbox();
    try {
      const reference = unique('po');
      await expect(live.call(BANK_PATHS.pay, payout(reference), { fault: 'lost' })).rejects.toThrow();
      const status = await (await live.call(BANK_PATHS.status, { reference })).json();
      expect(status).toMatchObject({ status: 'PAID', amountMinor: 50_000 });
    } finally {
      await live.app.close();
    }
  });

  it('error: nothing is paid; the reference is NOT_FOUND and a retry with it pays once', async () => {
    const reference = unique('po');
    const answer = await pay(payout(reference), { [PROVIDER_HEADERS.fault]: 'error' });
    expect(answer.statusCode).toBe(500);
    expect((await statusOf(reference)).status).toBe('NOT_FOUND');
    expect((await pay(payout(reference))).json().status).toBe('PAID');
  });

  it('a rule refuses only payouts: the status question is never refused', async () => {
    await signed(app, SANDBOX_CONTROL_PATHS.faults, { rules: [{ operation: 'any', fault: 'refuse', times: 5 }] });
    try {
      const reference = unique('po');
      expect((await statusOf(reference)).status).toBe('NOT_FOUND');
      expect((await pay(payout(reference))).statusCode).toBe(422);
    } finally {
      await signed(app, SANDBOX_CONTROL_PATHS.faults, { rules: [] });
    }
  });
});

describe('the bank books survive a restart', () => {
  it('payouts, balance and statement are read back by a new app on the same data directory', async () => {
    const dataDir = tempDir();
    const first = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir, SANDBOX_BANK_BALANCE: '1000' }));
    const reference = unique('po');
    await signed(first, BANK_PATHS.pay, payout(reference, 25_000));
    const second = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir, SANDBOX_BANK_BALANCE: '1000' }));
    try {
      const books = await bankState(second);
      expect(books.balanceMinor).toBe(75_000);
      expect(books.lines).toBe(1);
      expect((await signed(second, BANK_PATHS.pay, payout(reference, 25_000))).json().status).toBe('PAID');
      expect((await bankState(second)).balanceMinor).toBe(75_000);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
