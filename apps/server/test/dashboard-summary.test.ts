import type { Summary } from '@app/contracts/admin';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { depositPlayer, transferFrom } from './support/deposits.ts';
import { sendBankTransfer, serviceKey, uniqueReference } from './support/money.ts';
import { bearer, type TestContext, testApp } from './support/test-app.ts';

/**
 * The dashboard counts what it says (issue 17): "Withdrawals today" showed 0
 * while one waited, because today's tiles count approved entries only. They
 * are now named for it: deposits credited and withdrawals paid since midnight
 * in Bangkok; a waiting withdrawal is in the withdrawals to pay.
 */

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
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
