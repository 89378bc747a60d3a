import { randomUUID } from 'node:crypto';
import type { BankPayRequest } from '@app/contracts/payouts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database.ts';
import { decideHistoryEntry, lockHistoryEntry } from '../../src/modules/history/history.service.ts';
import { ensureHouseAccounts } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { claimDuePayouts, createPayout } from '../../src/modules/payouts/payout.repository.ts';
import { markPaidByHand, type PayoutContext, sendPayout, work } from '../../src/modules/payouts/payout.service.ts';
import type { PayOutcome, PayoutBank, PayoutLookup } from '../../src/modules/payouts/payout-bank.ts';
import { rejectWithdrawal, requestWithdrawal } from '../../src/modules/withdrawals/withdrawal.service.ts';
import { endsWithoutWaitingOn, heldOpen, openSession, waitsOn, watched } from '../support/held-open.ts';
import { credit, newPlayer, onPostgres, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Every lock of the payout saga, each with the overlap forced: the first
 * session takes the lock and stays open, the second is seen waiting for it
 * (or passing it by, for SKIP LOCKED), then the first commits and the
 * second's outcome is checked. PostgreSQL only: PGlite is one session.
 * docs/reliability.md, "Every lock and the test that holds it".
 */

/** A bank whose answers the test chooses and whose calls it counts. */
class CountingBank implements PayoutBank {
  pays: BankPayRequest[] = [];
  payAnswers: PayOutcome[] = [];

  async pay(request: BankPayRequest): Promise<PayOutcome> {
    this.pays.push(request);
    return this.payAnswers.shift() ?? { kind: 'paid', bankReference: `BANK-${request.reference}`, paidAt: new Date() };
  }

  async status(): Promise<PayoutLookup> {
    return { kind: 'not_found' };
  }

  async balance(): Promise<number> {
    return 0;
  }

  async statement() {
    return { lines: [], next: 0 };
  }
}

let t: TestContext;
let bank: CountingBank;
let ctx: PayoutContext;
const tester = { operatorId: null, name: 'lock-tester' };
const other = { operatorId: null, name: 'lock-tester-2' };

/** A player with a withdrawal of 100 baht approved, its payout recorded (PENDING) and not yet sent. */
async function approvedPayout() {
  const player = await newPlayer(t.app, { fullName: `Lock Tester ${randomUUID().slice(0, 8)}` });
  await credit(t.app, player.phoneNumber, 1_000);
  const playerId = await playerIdOf(t.database.db, player.phoneNumber);
  const withdrawal = await requestWithdrawal(
    { db: t.database.db, house: ctx.house },
    { playerId, amountSatang: 10_000, idempotencyKey: undefined },
  );
  const payout = await t.database.db.transaction().execute(async (trx) => {
    const entry = await lockHistoryEntry(trx, withdrawal.value.id);
    if (!entry) throw new Error('the entry exists');
    await decideHistoryEntry(trx, entry.id, {
      status: 'APPROVED',
      decidedBy: tester.name,
      reason: null,
      settlementJournalEntryId: null,
    });
    return createPayout(trx, ctx, entry, tester.name);
  });
  return { playerId, historyId: withdrawal.value.id, payout };
}

/** A payout the bank refused: FAILED, its withdrawal back in the operators' queue (WAITING), the money held. */
async function refusedPayout() {
  const approved = await approvedPayout();
  bank.payAnswers.push({ kind: 'refused', code: 'REFUSED', message: 'closed account' });
  expect(await sendPayout(ctx, approved.payout.id)).toBe('FAILED');
  return approved;
}

const settlePaidSql = (db: Queryable, payoutId: number, bankReference: string) =>
  sql<{ status: string }>`select settle_payout_paid(${payoutId}, ${bankReference}, ${ctx.house.withdrawPending},
      ${ctx.house.bankPayouts}) as status`.execute(db);

/** The WITHDRAW_PAYOUT journals of a player: the money that left for the bank. */
const payoutJournals = (playerId: number) =>
  t.database.db
    .selectFrom('journal_entries')
    .select('id')
    .where('kind', '=', 'WITHDRAW_PAYOUT')
    .where('player_id', '=', playerId)
    .execute();

const payoutRow = (id: number) =>
  t.database.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entryRow = (id: number) =>
  t.database.db.selectFrom('history').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe.runIf(onPostgres())('the payout saga’s locks, each overlap forced (PostgreSQL: PGlite is one session)', () => {
  beforeAll(async () => {
    t = await testApp();
    bank = new CountingBank();
    ctx = {
      db: t.database.db,
      house: await ensureHouseAccounts(t.database.db),
      bank,
      timing: { leaseMs: 30_000, debitWaitMs: 60_000 },
    };
  });

  // The overlaps leave the shared database's books as real sessions would: they still check.
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('two settlements of one payout: the second waits for the first and posts nothing (settle_payout_paid locks the payout)', async () => {
    const { payout, playerId, historyId } = await approvedPayout();
    const first = await heldOpen(t.database.db, (trx) => settlePaidSql(trx, payout.id, 'BANK-FIRST'));
    try {
      const second = watched(settlePaidSql(t.database.db, payout.id, 'BANK-SECOND'));
      await waitsOn(t.database.db, first.pid, second);
      first.commit();
      await first.done;
      expect((await second.outcome).rows).toEqual([{ status: 'PAID' }]);
    } finally {
      first.commit();
    }
    expect(await payoutJournals(playerId)).toHaveLength(1);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'PAID', bank_reference: 'BANK-FIRST' });
    expect(await entryRow(historyId)).toMatchObject({ bank_reference: 'BANK-FIRST' });
  });

  it('two sends of one payout: while the first holds its claim, the second passes it by (BUSY) without waiting, and the bank is called once (the claim is FOR UPDATE SKIP LOCKED)', async () => {
    bank.pays = [];
    const { payout, playerId } = await approvedPayout();
    // The first instance's whole send (claim, the bank's call, the settlement) in one transaction held open.
    const first = await heldOpen(t.database.db, (trx) => sendPayout({ ...ctx, db: trx }, payout.id, { force: true }));
    try {
      const second = watched(sendPayout(ctx, payout.id, { force: true }));
      await endsWithoutWaitingOn(t.database.db, first.pid, second);
      expect(await second.outcome).toBe('BUSY');
      first.commit();
      await first.done;
    } finally {
      first.commit();
    }
    expect(bank.pays.map((pay) => pay.reference)).toEqual([payout.reference]);
    expect(await payoutJournals(playerId)).toHaveLength(1);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'PAID', attempts: 1 });
  });

  it('the reconciler’s claim of due payouts passes by a payout another instance is claiming, without waiting (FOR UPDATE SKIP LOCKED)', async () => {
    const { payout } = await approvedPayout();
    // Due: its lease ran out long ago.
    await t.database.db
      .updateTable('payouts')
      .set({ lease_until: new Date('2000-01-01T00:00:00Z') })
      .where('id', '=', payout.id)
      .execute();
    const first = await openSession(t.database.db);
    try {
      // The first instance claims every due payout (other files' may be due too, and come first), this one among them.
      expect((await claimDuePayouts(first.trx, 100, 30_000)).map((row) => row.id)).toContain(payout.id);
      // The second instance's claim, rolled back after: other files' payouts in the shared database stay as they were.
      const second = watched(
        t.database.db
          .transaction()
          .execute(async (trx) => {
            const claimed = await claimDuePayouts(trx, 100, 30_000);
            throw new ClaimedThen(claimed.map((row) => row.id));
          })
          .catch((error: unknown) => (error instanceof ClaimedThen ? error.ids : Promise.reject(error))),
      );
      await endsWithoutWaitingOn(t.database.db, first.pid, second);
      expect(await second.outcome).not.toContain(payout.id);
    } finally {
      await first.rollback();
    }
  });

  it('a refusal and a payment of one payout at once: the refusal waits for the payment, then leaves the payout PAID and the withdrawal approved (settleRefused locks the payout in flight)', async () => {
    const { payout, historyId, playerId } = await approvedPayout();
    const paid = await heldOpen(t.database.db, (trx) => settlePaidSql(trx, payout.id, 'BANK-PAID'));
    try {
      bank.payAnswers = [{ kind: 'refused', code: 'REFUSED', message: 'closed account' }];
      const refusal = watched(work(ctx, payout));
      await waitsOn(t.database.db, paid.pid, refusal);
      paid.commit();
      await paid.done;
      expect(await refusal.outcome).toBe('PAID');
    } finally {
      paid.commit();
    }
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'PAID', last_error: null });
    expect(await entryRow(historyId)).toMatchObject({ status: 'APPROVED' });
    expect(await payoutJournals(playerId)).toHaveLength(1);
  });

  it('a payout marked paid by hand while it is being recorded paid in another session: the marking waits, sees it PAID and is refused, the money leaves once', async () => {
    const { payout, historyId, playerId } = await refusedPayout();
    // Another operator's marking, as markPaidByHand does it (the payout's lock, the entry approved, the payout
    // recorded paid by record_payout_paid), has not committed.
    const recording = await heldOpen(t.database.db, async (trx) => {
      await sql`select id from payouts where id = ${payout.id} for update`.execute(trx);
      const entry = await lockHistoryEntry(trx, historyId);
      if (!entry) throw new Error('the entry exists');
      await decideHistoryEntry(trx, historyId, {
        status: 'APPROVED',
        decidedBy: other.name,
        reason: null,
        settlementJournalEntryId: null,
      });
      await sql`select record_payout_paid(${payout.id}, ${'HAND-FIRST'}, ${other.name}, ${ctx.house.withdrawPending},
          ${ctx.house.bankPayouts})`.execute(trx);
    });
    try {
      const marking = watched(markPaidByHand(ctx, tester, payout.id, { bankReference: 'HAND-SECOND' }));
      await waitsOn(t.database.db, recording.pid, marking);
      recording.commit();
      await recording.done;
      await expect(marking.outcome).rejects.toMatchObject({ statusCode: 409, errorCode: 'PAYOUT_STATE' });
    } finally {
      recording.commit();
    }
    expect(await payoutJournals(playerId)).toHaveLength(1);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'PAID', bank_reference: 'HAND-FIRST' });
    expect(await entryRow(historyId)).toMatchObject({ status: 'APPROVED', decided_by: other.name });
  });

  it('an operator marks a refused payout paid by hand while another rejects its withdrawal: the marking waits for the rejection and is refused, the money is not both refunded and paid (the entry is locked)', async () => {
    const { payout, historyId, playerId } = await refusedPayout();
    const rejection = await heldOpen(t.database.db, (trx) =>
      rejectWithdrawal({ db: trx, house: ctx.house }, other, {
        id: historyId,
        idempotencyKey: undefined,
        reason: 'no',
      }),
    );
    try {
      const marking = watched(markPaidByHand(ctx, tester, payout.id, { bankReference: 'HAND-LATE' }));
      await waitsOn(t.database.db, rejection.pid, marking);
      rejection.commit();
      await rejection.done;
      await expect(marking.outcome).rejects.toMatchObject({ statusCode: 409, errorCode: 'PAYOUT_STATE' });
    } finally {
      rejection.commit();
    }
    expect(await entryRow(historyId)).toMatchObject({ status: 'REJECTED', decided_by: other.name });
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'FAILED', paid_by_hand: null });
    expect(await payoutJournals(playerId)).toHaveLength(0);
  });
});

/** Carries what a claim took out of the transaction that is rolled back. */
class ClaimedThen extends Error {
  constructor(readonly ids: number[]) {
    super('rolled back on purpose');
  }
}
