import { randomUUID } from 'node:crypto';
import type { Summary } from '@app/contracts/admin';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { RISK_RULES_DEFAULT, type RiskRules } from '@app/contracts/payouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPayout } from '../../src/modules/payouts/payout.service.ts';
import { settleStartedPayouts } from '../../src/modules/payouts/payout-worker.ts';
import { depositPlayer, transferFrom } from '../support/deposits.ts';
import { sendBankTransfer, serviceKey, uniqueReference } from '../support/money.ts';
import { type ProviderWorld, providerWorld } from '../support/sandbox.ts';
import { bearer, credit, newPlayer, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The dashboard counts what it says: "Withdrawals today" showed 0
 * while one waited, because today's tiles count approved entries only. They
 * are now named for it: deposits credited and withdrawals paid since midnight
 * in Bangkok; a waiting withdrawal is in the withdrawals to pay.
 */

let t: TestContext;
/** A second server on the same database that pays withdrawals through the sandbox bank (t.app has a cashier). */
let world: ProviderWorld;
beforeAll(async () => {
  t = await testApp();
  world = await providerWorld(t, { payouts: {} });
});
afterAll(async () => {
  await setRules(RISK_RULES_DEFAULT);
  await world.close();
});

async function summary(): Promise<Summary> {
  const response = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.summary, headers: serviceKey });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** What changed between two summaries, in counts and baht. */
function change(before: Summary, after: Summary) {
  const delta = (from: { count: number; amount: number }, to: { count: number; amount: number }) => ({
    count: to.count - from.count,
    // Baht with two decimals: the difference of two large totals is rounded to the satang (floats drift).
    amount: Math.round((to.amount - from.amount) * 100) / 100,
  });
  return {
    waitingWithdrawals: delta(before.waitingWithdrawals, after.waitingWithdrawals),
    paidToday: delta(before.today.withdrawals, after.today.withdrawals),
    creditedToday: delta(before.today.deposits, after.today.deposits),
  };
}

const nothing = { count: 0, amount: 0 };

describe('dashboard summary: today’s tiles count money that moved today', () => {
  it('a waiting withdrawal is counted in the withdrawals to pay and not as paid today; once approved it moves to paid today; a rejected one is in neither', async () => {
    const player = await depositPlayer(t);
    const start = await summary();
    const feed = await sendBankTransfer(t.app, transferFrom(player, 1000));
    expect(feed.json().data.result).toBe('credited');
    const afterDeposit = await summary();
    expect(change(start, afterDeposit)).toEqual({
      waitingWithdrawals: nothing,
      paidToday: nothing,
      creditedToday: { count: 1, amount: 1000 },
    });

    const withdraw = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.withdraw,
        headers: { ...bearer(player.token), 'idempotency-key': uniqueReference('wd') },
        payload: { amount },
      });
    const paid = await withdraw(300);
    const refused = await withdraw(200);
    expect([paid.statusCode, refused.statusCode]).toEqual([200, 200]);
    const waiting = await summary();
    expect(change(afterDeposit, waiting)).toEqual({
      waitingWithdrawals: { count: 2, amount: 500 },
      paidToday: nothing,
      creditedToday: nothing,
    });

    const approve = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.withdrawalApprove, { id: paid.json().data.id }),
      headers: serviceKey,
      payload: {},
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const reject = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.withdrawalReject, { id: refused.json().data.id }),
      headers: serviceKey,
      payload: { reason: 'account name does not match' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(change(waiting, await summary())).toEqual({
      waitingWithdrawals: { count: -2, amount: -500 },
      paidToday: { count: 1, amount: 300 },
      creditedToday: nothing,
    });
  });
});

async function setRules(rules: RiskRules) {
  const answer = await world.server.inject({
    method: 'PUT',
    url: ADMIN_PATHS.riskRules,
    headers: serviceKey,
    payload: rules,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A withdrawal through the bank connector, paid automatically (the rules see a low risk) unless the bank fails. */
async function withdrawThroughBank(amount: number) {
  // A name of its own: players sharing a name with another bank account are flagged for review.
  const player = await newPlayer(world.server, { fullName: `Summary Tester ${randomUUID().slice(0, 8)}` });
  await credit(world.server, player.phoneNumber, amount);
  const answer = await world.server.inject({
    method: 'POST',
    url: API_PATHS.withdraw,
    headers: bearer(player.token),
    payload: { amount },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json().data.status).toBe('APPROVED');
  await settleStartedPayouts();
  return t.database.db
    .selectFrom('payouts')
    .select('id')
    .where('history_id', '=', answer.json().data.id)
    .executeTakeFirstOrThrow();
}

/** The other figures of money paid today: the dashboard's payout row and today's reconciliation. */
async function payoutFigures() {
  const [payouts, report] = await Promise.all([
    world.server.inject({ method: 'GET', url: ADMIN_PATHS.payoutSummary, headers: serviceKey }),
    world.server.inject({ method: 'GET', url: ADMIN_PATHS.payoutReconciliation, headers: serviceKey }),
  ]);
  expect([payouts.statusCode, report.statusCode]).toEqual([200, 200]);
  return {
    payoutRow: { count: payouts.json().data.paidToday, amount: payouts.json().data.paidTodayAmount },
    reconciliation: { count: report.json().data.ledgerPaidCount, amount: report.json().data.ledgerPaidTotal },
  };
}

const round = (baht: number) => Math.round(baht * 100) / 100;

/** Every "paid today" figure on the dashboard and the reconciliation, read at one moment, agree. */
async function expectFiguresAgree() {
  const [{ today }, { payoutRow, reconciliation }] = await Promise.all([summary(), payoutFigures()]);
  const { byBank, byCashier } = today.withdrawals;
  expect(today.withdrawals.count).toBe(byBank.count + byCashier.count);
  expect(today.withdrawals.amount).toBe(round(byBank.amount + byCashier.amount));
  expect(payoutRow).toEqual({ count: byBank.count, amount: byBank.amount });
  expect(reconciliation).toEqual({ count: byBank.count, amount: byBank.amount });
  return today.withdrawals;
}

describe('dashboard summary: one definition of "withdrawals paid today", whose money left', () => {
  it('a cashier’s approval and paid payouts count; an approved withdrawal whose payout is still being sent does not; the payout row and the reconciliation agree', async () => {
    await setRules({ ...RISK_RULES_DEFAULT, firstWithdrawal: { enabled: false } });
    const before = await expectFiguresAgree();

    // Paid by a cashier: t.app has no bank connector, so the approval pays it at once.
    const player = await depositPlayer(t);
    await credit(t.app, player.phoneNumber, 300);
    const request = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: { ...bearer(player.token), 'idempotency-key': uniqueReference('wd') },
      payload: { amount: 300 },
    });
    const approve = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.withdrawalApprove, { id: request.json().data.id }),
      headers: serviceKey,
      payload: {},
    });
    expect(approve.statusCode, approve.body).toBe(200);

    // Paid through the bank: two payouts paid; a third approved whose payout the bank did not answer.
    await withdrawThroughBank(200);
    await withdrawThroughBank(300);
    await world.setFaults([{ operation: 'payout', fault: 'error', times: 1 }]);
    const unanswered = await withdrawThroughBank(100);
    await world.setFaults([]);

    const after = await expectFiguresAgree();
    const delta = (from: { count: number; amount: number }, to: { count: number; amount: number }) => ({
      count: to.count - from.count,
      amount: round(to.amount - from.amount),
    });
    expect({
      total: delta(before, after),
      byBank: delta(before.byBank, after.byBank),
      byCashier: delta(before.byCashier, after.byCashier),
    }).toEqual({
      total: { count: 3, amount: 800 },
      byBank: { count: 2, amount: 500 },
      byCashier: { count: 1, amount: 300 },
    });

    // Once the bank answers for the third, it is paid today too, on every figure. (Asked about by itself: other
    // files' payouts in the shared database, from banks of their own, are not this bank's to answer.)
    expect(await sendPayout(world.payouts, unanswered.id, { force: true })).toBe('PAID');
    expect(delta(after.byBank, (await expectFiguresAgree()).byBank)).toEqual({ count: 1, amount: 100 });
  });
});
