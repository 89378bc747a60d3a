import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import type { BankPayRequest } from '@app/contracts/payouts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditContentHash, verifyAuditChain } from '../../src/modules/audit/audit.service.ts';
import { presentAdminHistoryEntry } from '../../src/modules/history/history.presenter.ts';
import { requireHistoryEntry } from '../../src/modules/history/history.service.ts';
import { ensureHouseAccounts, readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { createPayout } from '../../src/modules/payouts/payout.repository.ts';
import type { PayOutcome, PayoutBank } from '../../src/modules/payouts/payout-bank.ts';
import { settleStartedPayouts } from '../../src/modules/payouts/payout-worker.ts';
import { approveWithdrawal } from '../../src/modules/withdrawals/withdrawal.service.ts';
import { auditRowsOf as auditRowsOfTarget } from '../support/admin.ts';
import { newOperator, operatorAuth, type TestOperator } from '../support/money.ts';
import {
  bearer,
  credit,
  newPlayer,
  playerIdOf,
  type TestContext,
  type TestPlayer,
  testApp,
} from '../support/test-app.ts';

/**
 * An operator's decision on a waiting withdrawal as one statement (one
 * round trip): decide_withdrawal answers, audits and notifies what the
 * TypeScript decision path did (presentAdminHistoryEntry, appendAudit,
 * notify), and records the payout through create_payout, which the rules'
 * automatic payouts use too. Who may decide, the 404 and 409, the money and
 * the replays are in withdrawals.test.ts, payouts.test.ts and
 * notifications.test.ts.
 */

let t: TestContext;
let operator: TestOperator;
beforeAll(async () => {
  t = await testApp();
  operator = await newOperator(t, 'operator');
});

/** A player with one WAITING withdrawal of `hold` baht out of `baht`. */
async function waitingWithdrawal(baht: number, hold: number): Promise<{ player: TestPlayer; id: number }> {
  const player = await newPlayer(t.app);
  await credit(t.app, player.phoneNumber, baht);
  const response = await t.app.inject({
    method: 'POST',
    url: API_PATHS.withdraw,
    headers: bearer(player.token),
    payload: { amount: hold },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { player, id: response.json().data.id };
}

const decide = (action: 'approve' | 'reject', id: number, body: object) =>
  t.app.inject({
    method: 'POST',
    url: fillPath(action === 'approve' ? ADMIN_PATHS.withdrawalApprove : ADMIN_PATHS.withdrawalReject, { id }),
    headers: operatorAuth(operator),
    payload: body,
  });

const presented = async (id: number) => presentAdminHistoryEntry(await requireHistoryEntry(t.database.db, id));

const auditRowsOf = (id: number) => auditRowsOfTarget(t.database.db, 'history', id);

async function notificationsOf(player: TestPlayer) {
  const playerId = await playerIdOf(t.database.db, player.phoneNumber);
  return t.database.db
    .selectFrom('notifications')
    .select(['kind', 'params'])
    .where('player_id', '=', playerId)
    .orderBy('id')
    .execute();
}

describe('decide_withdrawal: an operator’s decision in one statement', () => {
  for (const action of ['approve', 'reject'] as const) {
    it(`${action}: answers the entry as TypeScript presents it, audits before and after with the hash the verification computes, tells the player`, async () => {
      const { player, id } = await waitingWithdrawal(300.5, 120.25);
      const waiting = await presented(id);
      const reason = action === 'approve' ? 'paid "by hand" ✓' : 'ชื่อบัญชีไม่ตรง\n"name"';
      const response = await decide(action, id, action === 'approve' ? { note: reason } : { reason });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json().data;
      expect(answer).toEqual(await presented(id));
      expect(answer).toMatchObject({
        status: action === 'approve' ? 'APPROVED' : 'REJECTED',
        decidedBy: operator.username,
        reason,
        amount: 120.25,
      });
      const rows = await auditRowsOf(id);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row).toMatchObject({
        action: `withdrawal.${action}`,
        actor: operator.username,
        operatorId: operator.id,
        reason,
        before: waiting,
        after: answer,
      });
      expect(row?.contentHash).toBe(row && auditContentHash(row));
      expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true, problems: [] });
      expect(await notificationsOf(player)).toContainEqual(
        action === 'approve'
          ? { kind: 'WITHDRAW_APPROVED', params: { amount: 120.25 } }
          : { kind: 'WITHDRAW_REJECTED', params: { amount: 120.25, reason } },
      );
    });
  }

  it('a rejection writes the refund as a REJECT_WITHDRAW entry: its balances, the operator, the reason and the withdrawal it refunds', async () => {
    const { player, id } = await waitingWithdrawal(500, 200);
    const response = await decide('reject', id, { reason: 'not yours' });
    expect(response.statusCode, response.body).toBe(200);
    const playerId = await playerIdOf(t.database.db, player.phoneNumber);
    const refund = await t.database.db
      .selectFrom('history')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('type', '=', 'REJECT_WITHDRAW')
      .executeTakeFirstOrThrow();
    const withdrawal = await requireHistoryEntry(t.database.db, id);
    expect(refund).toMatchObject({
      status: 'APPROVED',
      amount: 20_000,
      before_amount: 30_000,
      after_amount: 50_000,
      source: 'OPERATOR',
      decided_by: operator.username,
      reason: 'not yours',
      note: null,
      related_history_id: id,
      journal_entry_id: withdrawal.settlementJournalEntryId,
      as_deposit: false,
    });
  });

  it('through the bank connector: each approval records its payout to the player’s own account, PENDING, under WD<id>-1, and sends it', async () => {
    const house = await ensureHouseAccounts(t.database.db);
    const sent: BankPayRequest[] = [];
    // A bank that takes the request and answers only when the test is done: until then the payout stays
    // PENDING, as it is right after the approval. (The sends are awaited at the end: test files share the
    // worker's payout calls.)
    const answers: ((outcome: PayOutcome) => void)[] = [];
    const bank = {
      pay: (request: BankPayRequest) => {
        sent.push(request);
        return new Promise<PayOutcome>((resolve) => answers.push(resolve));
      },
    } as unknown as PayoutBank;
    const payouts = { db: t.database.db, house, bank, timing: { leaseMs: 60_000, debitWaitMs: 0 } };
    // Two withdrawals, so that the second one's reference counts only its own attempts.
    for (const _ of [1, 2]) {
      const { player, id } = await waitingWithdrawal(300, 100);
      const approved = await approveWithdrawal(
        { db: t.database.db, house, payouts },
        { operatorId: operator.id, name: operator.username },
        { id, idempotencyKey: undefined, note: null },
      );
      expect(approved.value).toMatchObject({ status: 'APPROVED', decidedBy: operator.username });
      const rows = await t.database.db.selectFrom('payouts').selectAll().where('history_id', '=', id).execute();
      expect(rows).toEqual([
        expect.objectContaining({
          player_id: await playerIdOf(t.database.db, player.phoneNumber),
          reference: `WD${id}-1`,
          amount: 10_000,
          to_bank_code: 'KBANK',
          to_account: player.bankNumber,
          to_name: 'Test Player',
          status: 'PENDING',
          approved_by: operator.username,
        }),
      ]);
      // The held money waits for the bank: the entry has no settlement yet.
      expect((await requireHistoryEntry(t.database.db, id)).settlementJournalEntryId).toBeNull();
      await expect.poll(() => sent.map((request) => request.reference)).toContain(`WD${id}-1`);
    }
    // Refused, so no payout of this file is PAID without a debit on the sandbox bank's statement.
    for (const answer of answers) answer({ kind: 'refused', code: 'REFUSED', message: 'the test is over' });
    await settleStartedPayouts();
  });

  it('an approval through the bank leases its payout to the approving instance for the lease time (should its send never start)', async () => {
    const { id } = await waitingWithdrawal(300, 100);
    const house = await ensureHouseAccounts(t.database.db);
    // The send after the commit finds its database gone (the instance died): nothing re-leases the payout.
    const gone = new Proxy(t.database.db, {
      get: () => {
        throw new Error('the instance is gone');
      },
    });
    const bank = {} as PayoutBank;
    const before = Date.now();
    await approveWithdrawal(
      { db: t.database.db, house, payouts: { db: gone, house, bank, timing: { leaseMs: 60_000, debitWaitMs: 0 } } },
      { operatorId: operator.id, name: operator.username },
      { id, idempotencyKey: undefined, note: null },
    );
    const payout = await t.database.db
      .selectFrom('payouts')
      .select(['status', 'attempts', 'lease_until'])
      .where('history_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(payout.lease_until?.getTime()).toBeGreaterThanOrEqual(before + 55_000);
    expect(payout.lease_until?.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    await settleStartedPayouts();
  });

  it('create_payout leases the new payout to its sender for the lease time', async () => {
    const { id } = await waitingWithdrawal(300, 100);
    const entry = await requireHistoryEntry(t.database.db, id);
    const rolledBack = new Error('rolled back');
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const [{ now }] = (await sql<{ now: Date }>`select now() as now`.execute(trx)).rows as [{ now: Date }];
        const payout = await createPayout(trx, { timing: { leaseMs: 45_000, debitWaitMs: 0 } }, entry, 'x');
        expect(payout.lease_until?.getTime()).toBe(now.getTime() + 45_000);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});

describe('decide_withdrawal’s scope', () => {
  it('a rejection refunds its own player’s main wallet only; another player’s is as it was', async () => {
    const other = await newPlayer(t.app);
    await credit(t.app, other.phoneNumber, 300);
    const { player, id } = await waitingWithdrawal(500, 200);
    expect((await decide('reject', id, { reason: 'not yours' })).statusCode).toBe(200);
    const main = async (who: TestPlayer) =>
      (await readPlayerBalances(t.database.db, await playerIdOf(t.database.db, who.phoneNumber))).mainSatang;
    expect(await main(player)).toBe(50_000);
    expect(await main(other)).toBe(30_000);
  });
});
