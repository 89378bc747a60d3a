import { randomUUID } from 'node:crypto';
import { type BankPayRequest, RISK_RULES_DEFAULT } from '@app/contracts/payouts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database.ts';
import { decideHistoryEntry, lockHistoryEntry } from '../../src/modules/history/history.service.ts';
import { ensureHouseAccounts, readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import {
  createPayout,
  listPayouts,
  releasePayoutLeases,
  verdictOf,
} from '../../src/modules/payouts/payout.repository.ts';
import {
  markPaidByHand,
  type PayoutContext,
  retryAfterMs,
  retryPayout,
  sendPayout,
  work,
} from '../../src/modules/payouts/payout.service.ts';
import {
  BankUnavailableError,
  type PayOutcome,
  type PayoutBank,
  type PayoutLookup,
} from '../../src/modules/payouts/payout-bank.ts';
import { matchDebitsOf, readStatement } from '../../src/modules/payouts/payout-statement.ts';
import { assessWithdrawal } from '../../src/modules/payouts/payout-verdict.ts';
import { updateRiskRules } from '../../src/modules/payouts/risk.ts';
import { rejectWithdrawal, requestWithdrawal } from '../../src/modules/withdrawals/withdrawal.service.ts';
import { heldOpen } from '../support/held-open.ts';
import { credit, newPlayer, onPostgres, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The payout saga step by step, against a bank of the test's own
 * whose answers the test chooses and whose calls it counts: each outcome of
 * a pay request and of a status question, what is recorded for each, and the
 * guards of the operators' actions. (payouts.test.ts runs the same saga
 * against the sandbox bank over HTTP, with its faults.)
 */
class ScriptedBank implements PayoutBank {
  pays: BankPayRequest[] = [];
  statuses: string[] = [];
  payAnswers: PayOutcome[] = [];
  statusAnswers: (PayoutLookup | Error)[] = [];

  async pay(request: BankPayRequest): Promise<PayOutcome> {
    this.pays.push(request);
    return this.payAnswers.shift() ?? { kind: 'paid', bankReference: `BANK-${request.reference}`, paidAt: new Date() };
  }

  async status(reference: string): Promise<PayoutLookup> {
    this.statuses.push(reference);
    const answer = this.statusAnswers.shift() ?? { kind: 'not_found' };
    if (answer instanceof Error) throw answer;
    return answer;
  }

  async balance(): Promise<number> {
    return 0;
  }

  async statement() {
    return { lines: [], next: 0 };
  }
}

let t: TestContext;
let bank: ScriptedBank;
let ctx: PayoutContext;
const tester = { operatorId: null, name: 'saga-tester' };

beforeAll(async () => {
  t = await testApp();
  bank = new ScriptedBank();
  ctx = {
    db: t.database.db,
    house: await ensureHouseAccounts(t.database.db),
    bank,
    timing: { leaseMs: 30_000, debitWaitMs: 60_000 },
  };
});

/** A waiting withdrawal of `playerId` (no key), as the player's request writes it. */
const waitingWithdrawal = (playerId: number, amountSatang: number) =>
  requestWithdrawal({ db: t.database.db, house: ctx.house }, { playerId, amountSatang, idempotencyKey: undefined });

/** A player with a withdrawal of `baht` approved by `tester`, its payout recorded (PENDING) and not yet sent. */
async function approvedPayout(baht = 100) {
  const player = await newPlayer(t.app, { fullName: `Saga Tester ${randomUUID().slice(0, 8)}` });
  await credit(t.app, player.phoneNumber, 1_000);
  const playerId = await playerIdOf(t.database.db, player.phoneNumber);
  const withdrawal = await waitingWithdrawal(playerId, baht * 100);
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

const payoutRow = (id: number) =>
  t.database.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entryRow = (id: number) =>
  t.database.db.selectFrom('history').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function resetBank() {
  bank.pays = [];
  bank.statuses = [];
  bank.payAnswers = [];
  bank.statusAnswers = [];
}

describe('reading the payout account’s statement', () => {
  const cursorRow = () =>
    t.database.db.selectFrom('bank_statement_cursor').selectAll().where('id', '=', 1).executeTakeFirst();

  it('without a bank connector nothing is read', async () => {
    expect(await readStatement({ ...ctx, bank: null })).toEqual({ read: 0, settled: 0 });
  });

  it('an empty page reads nothing and leaves the cursor as it was', async () => {
    const before = await cursorRow();
    expect(await readStatement(ctx)).toEqual({ read: 0, settled: 0 });
    expect(await cursorRow()).toEqual(before);
  });
});

describe('retry backoff of a payout in doubt', () => {
  it('2 s after the first attempt, doubling with each, at most 5 minutes', () => {
    expect([1, 2, 3, 4, 8, 9, 20].map(retryAfterMs)).toEqual([2_000, 4_000, 8_000, 16_000, 256_000, 300_000, 300_000]);
  });
});

describe('a payout step by step', () => {
  it('the first attempt pays without asking; paid: the ledger moves the money and the entry gets the bank reference', async () => {
    resetBank();
    const { payout, historyId, playerId } = await approvedPayout(150);
    expect(payout).toMatchObject({ status: 'PENDING', reference: `WD${historyId}-1`, approved_by: tester.name });
    expect(await sendPayout(ctx, payout.id)).toBe('PAID');
    expect(bank.statuses).toEqual([]);
    expect(bank.pays).toEqual([
      {
        reference: payout.reference,
        toBankCode: 'KBANK',
        toAccount: payout.to_account,
        toName: payout.to_name,
        amountMinor: 15_000,
      },
    ]);
    const paid = await payoutRow(payout.id);
    expect(paid).toMatchObject({
      status: 'PAID',
      attempts: 1,
      bank_reference: `BANK-${payout.reference}`,
      lease_until: null,
    });
    expect(paid.paid_at).not.toBeNull();
    const entry = await entryRow(historyId);
    expect(entry).toMatchObject({ status: 'APPROVED', bank_reference: `BANK-${payout.reference}` });
    expect(entry.settlement_journal_entry_id).toBe(paid.journal_entry_id);
    const journal = await t.database.db
      .selectFrom('journal_entries')
      .select(['kind', 'reference', 'player_id'])
      .where('id', '=', paid.journal_entry_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(journal).toEqual({ kind: 'WITHDRAW_PAYOUT', reference: `payout:${payout.id}`, player_id: playerId });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
    // Settled: a second send finds nothing to do.
    expect(await sendPayout(ctx, payout.id, { force: true })).toBe('BUSY');
  });

  it('paid, in one statement: the statement line that came first is matched at once, the player is told, and a second settlement moves nothing', async () => {
    resetBank();
    const { payout, historyId, playerId } = await approvedPayout(120);
    const line = 8_000_000 + payout.id;
    await t.database.db
      .insertInto('bank_debits')
      .values({
        line,
        reference: payout.reference,
        bank_reference: `BANK-${payout.reference}`,
        amount: payout.amount,
        to_bank_code: 'KBANK',
        to_account: payout.to_account,
        debited_at: new Date(),
      })
      .execute();
    // Not paid yet: the line waits for its payout.
    expect(await matchDebitsOf(t.database.db, payout.id)).toBe(0);
    expect(await sendPayout(ctx, payout.id)).toBe('PAID');
    const matched = await t.database.db
      .selectFrom('bank_debits')
      .select('payout_id')
      .where('line', '=', line)
      .executeTakeFirstOrThrow();
    expect(matched.payout_id).toBe(payout.id);
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('player_id', '=', playerId)
      .where('kind', '=', 'WITHDRAW_PAID')
      .execute();
    expect(told).toEqual([
      { kind: 'WITHDRAW_PAID', params: { amount: 120, bankReference: `BANK-${payout.reference}` } },
    ]);
    // The same bank answer settled again (a statement reader and a status question at once): nothing moves.
    const { rows } = await sql<{ status: string }>`select settle_payout_paid(${payout.id}, ${'BANK-OTHER'},
        ${ctx.house.withdrawPending}, ${ctx.house.bankPayouts}) as status`.execute(t.database.db);
    expect(rows).toEqual([{ status: 'PAID' }]);
    const payouts = await t.database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'WITHDRAW_PAYOUT')
      .where('player_id', '=', playerId)
      .execute();
    expect(payouts).toHaveLength(1);
    expect(await entryRow(historyId)).toMatchObject({ bank_reference: `BANK-${payout.reference}` });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('a late “paid” for a payout the bank refused in the meantime is not settled: the answer is FAILED, nothing moves', async () => {
    resetBank();
    const { payout, playerId } = await approvedPayout(150);
    bank.payAnswers.push({ kind: 'refused', code: 'REFUSED', message: 'closed account' });
    expect(await sendPayout(ctx, payout.id)).toBe('FAILED');
    // A second worker that had claimed it as UNKNOWN now hears from the bank that it was paid.
    bank.statusAnswers.push({ kind: 'paid', bankReference: 'BANK-LATE', paidAt: new Date() });
    expect(await work(ctx, { ...payout, status: 'UNKNOWN', attempts: 2 })).toBe('FAILED');
    expect(await payoutRow(payout.id)).toMatchObject({
      status: 'FAILED',
      bank_reference: null,
      journal_entry_id: null,
    });
    const payouts = await t.database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'WITHDRAW_PAYOUT')
      .where('player_id', '=', playerId)
      .execute();
    expect(payouts).toEqual([]);
  });

  it('a late “refused” for a payout already paid changes nothing: the answer is what it is, PAID', async () => {
    resetBank();
    const { payout, historyId } = await approvedPayout(150);
    expect(await sendPayout(ctx, payout.id)).toBe('PAID');
    // A second worker that had claimed it as UNKNOWN now hears from the bank that it was refused.
    bank.statusAnswers.push({ kind: 'refused', code: 'REFUSED', message: 'too late' });
    expect(await work(ctx, { ...payout, status: 'UNKNOWN', attempts: 2 })).toBe('PAID');
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'PAID', last_error: null });
    expect(await entryRow(historyId)).toMatchObject({ status: 'APPROVED' });
  });

  it('no answer: UNKNOWN with the error and a lease as long as the backoff; the next attempt asks first, and NOT_FOUND pays again under the same reference', async () => {
    resetBank();
    const { payout } = await approvedPayout();
    bank.payAnswers.push({ kind: 'unknown', error: 'socket hang up' });
    const before = Date.now();
    expect(await sendPayout(ctx, payout.id)).toBe('UNKNOWN');
    const unknown = await payoutRow(payout.id);
    expect(unknown).toMatchObject({ status: 'UNKNOWN', attempts: 1, last_error: 'socket hang up' });
    const lease = (unknown.lease_until?.getTime() ?? 0) - before;
    expect(lease).toBeGreaterThan(1_000);
    expect(lease).toBeLessThan(3_500);
    // Not due yet: another worker's send finds it leased.
    expect(await sendPayout(ctx, payout.id)).toBe('BUSY');
    bank.statusAnswers.push({ kind: 'not_found' });
    expect(await sendPayout(ctx, payout.id, { force: true })).toBe('PAID');
    expect(bank.statuses).toEqual([payout.reference]);
    expect(bank.pays.map((request) => request.reference)).toEqual([payout.reference, payout.reference]);
    expect((await payoutRow(payout.id)).attempts).toBe(2);
  });

  it('the bank’s words are kept to their first 500 characters, unknown or refused', async () => {
    resetBank();
    const unknown = (await approvedPayout()).payout;
    bank.payAnswers.push({ kind: 'unknown', error: `timeout ${'u'.repeat(600)}` });
    expect(await sendPayout(ctx, unknown.id)).toBe('UNKNOWN');
    expect((await payoutRow(unknown.id)).last_error).toBe(`timeout ${'u'.repeat(492)}`);
    const refused = (await approvedPayout()).payout;
    bank.payAnswers.push({ kind: 'refused', code: 'ACCOUNT_INVALID', message: 'r'.repeat(600) });
    expect(await sendPayout(ctx, refused.id)).toBe('FAILED');
    expect((await payoutRow(refused.id)).last_error).toBe(`ACCOUNT_INVALID: ${'r'.repeat(483)}`);
  });

  it('asked about, the bank says PAID: settled with its reference, never paid again', async () => {
    resetBank();
    const { payout } = await approvedPayout();
    bank.payAnswers.push({ kind: 'unknown', error: 'timeout' });
    await sendPayout(ctx, payout.id);
    bank.statusAnswers.push({ kind: 'paid', bankReference: 'SEEN-1', paidAt: new Date() });
    expect(await sendPayout(ctx, payout.id, { force: true })).toBe('PAID');
    expect(bank.pays).toHaveLength(1);
    expect((await payoutRow(payout.id)).bank_reference).toBe('SEEN-1');
  });

  it('the status question fails: still UNKNOWN, its error recorded, the lease doubled', async () => {
    resetBank();
    const { payout } = await approvedPayout();
    bank.payAnswers.push({ kind: 'unknown', error: 'HTTP 502' });
    await sendPayout(ctx, payout.id);
    bank.statusAnswers.push(new BankUnavailableError('status: HTTP 500'));
    const before = Date.now();
    expect(await sendPayout(ctx, payout.id, { force: true })).toBe('UNKNOWN');
    const row = await payoutRow(payout.id);
    expect(row).toMatchObject({ status: 'UNKNOWN', attempts: 2, last_error: 'status: HTTP 500' });
    const lease = (row.lease_until?.getTime() ?? 0) - before;
    expect(lease).toBeGreaterThan(3_000);
    expect(lease).toBeLessThan(5_500);
    expect(bank.pays).toHaveLength(1);
  });

  it('refused when paying: FAILED with "code: message", the entry back to WAITING with BANK_REFUSED first, the money still held', async () => {
    resetBank();
    const { payout, historyId, playerId } = await approvedPayout(200);
    await t.database.db
      .insertInto('withdrawal_reviews')
      .values({
        history_id: historyId,
        player_id: playerId,
        reasons: JSON.stringify([
          { code: 'BANK_REFUSED', detail: { code: 'OLD', message: 'an earlier refusal' } },
          { code: 'FIRST_WITHDRAWAL', detail: {} },
        ]),
        score: 90,
        route: 'REVIEW',
      })
      .execute();
    const held = (await readPlayerBalances(t.database.db, playerId)).mainSatang;
    bank.payAnswers.push({ kind: 'refused', code: 'ACCOUNT_INVALID', message: 'closed account' });
    expect(await sendPayout(ctx, payout.id)).toBe('FAILED');
    expect(await payoutRow(payout.id)).toMatchObject({
      status: 'FAILED',
      last_error: 'ACCOUNT_INVALID: closed account',
      lease_until: null,
    });
    expect(await entryRow(historyId)).toMatchObject({ status: 'WAITING', decided_by: null, decided_at: null });
    const review = await t.database.db
      .selectFrom('withdrawal_reviews')
      .selectAll()
      .where('history_id', '=', historyId)
      .executeTakeFirstOrThrow();
    expect(review.reasons).toEqual([
      { code: 'BANK_REFUSED', detail: { code: 'ACCOUNT_INVALID', message: 'closed account' } },
      { code: 'FIRST_WITHDRAWAL', detail: {} },
    ]);
    expect(review).toMatchObject({ score: 90, route: 'REVIEW' });
    expect((await readPlayerBalances(t.database.db, playerId)).mainSatang).toBe(held);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('refused when asked about (after no answer): FAILED the same way, with no verdict before it a review is written', async () => {
    resetBank();
    const { payout, historyId } = await approvedPayout();
    bank.payAnswers.push({ kind: 'unknown', error: 'timeout' });
    await sendPayout(ctx, payout.id);
    bank.statusAnswers.push({ kind: 'refused', code: 'INSUFFICIENT_FUNDS', message: 'top up' });
    expect(await sendPayout(ctx, payout.id, { force: true })).toBe('FAILED');
    expect(bank.pays).toHaveLength(1);
    const review = await t.database.db
      .selectFrom('withdrawal_reviews')
      .selectAll()
      .where('history_id', '=', historyId)
      .executeTakeFirstOrThrow();
    expect(review).toMatchObject({ route: 'REVIEW', score: 80 });
    expect(review.reasons).toEqual([
      { code: 'BANK_REFUSED', detail: { code: 'INSUFFICIENT_FUNDS', message: 'top up' } },
    ]);
  });

  it('without a bank connector nothing is sent and nothing changes', async () => {
    resetBank();
    const { payout } = await approvedPayout();
    expect(await sendPayout({ ...ctx, bank: null }, payout.id)).toBe('UNKNOWN');
    expect(bank.pays).toEqual([]);
    expect((await payoutRow(payout.id)).status).toBe('PENDING');
    await sendPayout(ctx, payout.id, { force: true });
  });
});

describe('a worker that stops with payouts claimed', () => {
  it('gives back the leases of the ones it did not work, at once; another payout keeps its lease', async () => {
    resetBank();
    const left = await approvedPayout();
    const other = await approvedPayout();
    const leaseOf = async (id: number) =>
      (await t.database.db.selectFrom('payouts').select('lease_until').where('id', '=', id).executeTakeFirstOrThrow())
        .lease_until;
    expect(await leaseOf(left.payout.id)).not.toBeNull();
    await releasePayoutLeases(t.database.db, [left.payout.id]);
    expect(await leaseOf(left.payout.id)).toBeNull();
    expect(await leaseOf(other.payout.id)).not.toBeNull();
    expect((await payoutRow(left.payout.id)).status).toBe('PENDING');
    // Settled here, so that no later test meets them in flight.
    bank.payAnswers.push({ kind: 'refused', code: 'REFUSED', message: 'no' });
    await sendPayout(ctx, left.payout.id, { force: true });
    bank.payAnswers.push({ kind: 'refused', code: 'REFUSED', message: 'no' });
    await sendPayout(ctx, other.payout.id, { force: true });
  });
});

describe('operators on a payout', () => {
  it('paid by hand: only a FAILED payout of a waiting withdrawal; recorded, approved, settled and audited', async () => {
    resetBank();
    const { payout, historyId } = await approvedPayout(120);
    await expect(markPaidByHand(ctx, tester, payout.id, { bankReference: 'HAND-1' })).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'PAYOUT_STATE',
    });
    await expect(markPaidByHand(ctx, tester, 999_999_999, { bankReference: 'HAND-1' })).rejects.toMatchObject({
      statusCode: 404,
      errorCode: 'PAYOUT_NOT_FOUND',
      // The key of the words the back office shows.
      messageKey: 'payout_not_found',
    });
    bank.payAnswers.push({ kind: 'refused', code: 'REFUSED', message: 'no' });
    await sendPayout(ctx, payout.id);
    const marked = await markPaidByHand(ctx, tester, payout.id, { bankReference: 'HAND-1', note: 'branch transfer' });
    expect(marked).toMatchObject({ status: 'PAID', paid_by_hand: tester.name, bank_reference: 'HAND-1' });
    expect(await entryRow(historyId)).toMatchObject({
      status: 'APPROVED',
      decided_by: tester.name,
      reason: 'branch transfer',
      bank_reference: 'HAND-1',
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'reason', 'before', 'after'])
      .where('action', '=', 'payout.mark_paid')
      .where('target_type', '=', 'payout')
      .where('target_id', '=', String(payout.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      reason: 'branch transfer',
      before: { status: 'FAILED', bankReference: null, reference: payout.reference, amount: 120 },
      after: { status: 'PAID', bankReference: 'HAND-1', paidByHand: tester.name },
    });
    await expect(markPaidByHand(ctx, tester, payout.id, { bankReference: 'HAND-2' })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('paid by hand is refused once the withdrawal was approved again (a live payout) or rejected', async () => {
    resetBank();
    const first = await approvedPayout();
    bank.payAnswers.push({ kind: 'refused', code: 'REFUSED', message: 'no' });
    await sendPayout(ctx, first.payout.id);
    // Approved again: a new payout in flight for the same withdrawal.
    const again = await t.database.db.transaction().execute(async (trx) => {
      const entry = await lockHistoryEntry(trx, first.historyId);
      if (!entry) throw new Error('the entry exists');
      await decideHistoryEntry(trx, entry.id, {
        status: 'APPROVED',
        decidedBy: tester.name,
        reason: null,
        settlementJournalEntryId: null,
      });
      return createPayout(trx, ctx, entry, tester.name);
    });
    expect(again.reference).toBe(`WD${first.historyId}-2`);
    await expect(markPaidByHand(ctx, tester, first.payout.id, { bankReference: 'HAND-3' })).rejects.toMatchObject({
      statusCode: 409,
    });
    await sendPayout(ctx, again.id);
  });

  it('ask the bank now: audited, forced past the lease; refused for a settled payout, 404 for none', async () => {
    resetBank();
    const { payout } = await approvedPayout();
    bank.payAnswers.push({ kind: 'unknown', error: 'timeout' });
    await sendPayout(ctx, payout.id);
    bank.statusAnswers.push({ kind: 'paid', bankReference: 'ASKED-1', paidAt: new Date() });
    expect(await retryPayout(ctx, tester, payout.id)).toBe('PAID');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before'])
      .where('action', '=', 'payout.retry')
      .where('target_type', '=', 'payout')
      .where('target_id', '=', String(payout.id))
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ status: 'UNKNOWN', reference: payout.reference, lastError: 'timeout' });
    await expect(retryPayout(ctx, tester, payout.id)).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'PAYOUT_STATE',
    });
    await expect(retryPayout(ctx, tester, 999_999_999)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('the list filters by status and pages, newest first, with the player and the request time', async () => {
    const paid = await listPayouts(t.database.db, { status: 'PAID', page: 1, limit: 2 });
    expect(paid.items).toHaveLength(2);
    expect(paid.total).toBeGreaterThan(2);
    expect(paid.items.every((item) => item.status === 'PAID')).toBe(true);
    const [newer, older] = paid.items;
    expect(Date.parse(newer?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(older?.createdAt ?? ''));
    expect(newer?.player.fullName).toMatch(/^Saga Tester/);
    expect(Date.parse(newer?.requestedAt ?? '')).toBeLessThanOrEqual(Date.parse(newer?.paidAt ?? ''));
    const second = await listPayouts(t.database.db, { status: 'PAID', page: 2, limit: 2 });
    expect(second.items[0]?.id).not.toBe(newer?.id);
    const failed = await listPayouts(t.database.db, { status: 'FAILED', page: 1, limit: 100 });
    expect(failed.items.every((item) => item.status === 'FAILED')).toBe(true);
  });
});

describe('verdicts', () => {
  it('scoring is for waiting withdrawals only: another type, an unknown id or a decided entry has none; a second scoring keeps the first', async () => {
    const { historyId, playerId } = await approvedPayout();
    expect(await assessWithdrawal(ctx, 999_999_999)).toBeNull();
    expect(await assessWithdrawal(ctx, historyId)).toBeNull();
    expect(await verdictOf(t.database.db, historyId)).toBeNull();
    const manual = await t.database.db
      .selectFrom('history')
      .select('id')
      .where('player_id', '=', playerId)
      .where('type', '=', 'MANUAL_DEPOSIT')
      .executeTakeFirstOrThrow();
    expect(await assessWithdrawal(ctx, manual.id)).toBeNull();
    const fresh = await waitingWithdrawal(playerId, 10_000);
    const first = await assessWithdrawal({ ...ctx, bank: null }, fresh.value.id);
    expect(first).toMatchObject({ route: 'REVIEW', payoutId: null });
    expect(await verdictOf(t.database.db, fresh.value.id)).toBe('REVIEW');
    const second = await assessWithdrawal(ctx, fresh.value.id);
    expect(second).toEqual({ route: 'REVIEW', reasons: first?.reasons, score: first?.score, payoutId: null });
  });
});

/** record_withdrawal_verdict called as it is, without the checks assessWithdrawal makes before it. */
async function recordVerdict(
  historyId: number,
  route: 'AUTO' | 'REVIEW',
  reasons: unknown[] = [],
  score = 0,
  db: Queryable = t.database.db,
) {
  const { rows } = await sql<{
    route: string | null;
    reasons: unknown;
    score: number | null;
    payout_id: string | null;
    known: boolean | null;
  }>`select * from record_withdrawal_verdict(${historyId}, ${JSON.stringify(reasons)}::jsonb, ${score}, ${route},
      'auto', ${ctx.timing.leaseMs})`.execute(db);
  return rows[0];
}

describe('record_withdrawal_verdict', () => {
  /** A player with a withdrawal approved and paid (nothing left in flight for the files after this one). */
  const paidWithdrawal = async () => {
    const done = await approvedPayout();
    expect(await sendPayout(ctx, done.payout.id, { force: true })).toBe('PAID');
    return done;
  };
  const noVerdict = { route: null, reasons: null, score: null, payout_id: null, known: null };

  it('records none for another type, an unknown id or a decided entry; the first verdict stands, answered as known', async () => {
    const { historyId, playerId } = await paidWithdrawal();
    expect(await recordVerdict(999_999_999, 'REVIEW')).toEqual(noVerdict);
    expect(await recordVerdict(historyId, 'AUTO')).toEqual(noVerdict);
    const manual = await t.database.db
      .selectFrom('history')
      .select('id')
      .where('player_id', '=', playerId)
      .where('type', '=', 'MANUAL_DEPOSIT')
      .executeTakeFirstOrThrow();
    expect(await recordVerdict(manual.id, 'REVIEW')).toEqual(noVerdict);
    // A deposit waiting for an operator (written and undone in one transaction): not a withdrawal either.
    const undo = new Error('undo the waiting deposit');
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const deposit = await trx
          .insertInto('history')
          .values({
            player_id: playerId,
            type: 'DEPOSIT',
            status: 'WAITING',
            amount: 10_000,
            before_amount: 0,
            after_amount: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(await recordVerdict(deposit.id, 'REVIEW', [], 0, trx)).toEqual(noVerdict);
        throw undo;
      }),
    ).rejects.toBe(undo);
    expect(await verdictOf(t.database.db, historyId)).toBeNull();
    expect(await verdictOf(t.database.db, manual.id)).toBeNull();
    const fresh = await waitingWithdrawal(playerId, 10_000);
    const reasons = [{ code: 'FIRST_WITHDRAWAL', detail: {} }];
    expect(await recordVerdict(fresh.value.id, 'REVIEW', reasons, 10)).toEqual({
      route: 'REVIEW',
      reasons,
      score: 10,
      payout_id: null,
      known: false,
    });
    expect(await recordVerdict(fresh.value.id, 'AUTO')).toEqual({
      route: 'REVIEW',
      reasons,
      score: 10,
      payout_id: null,
      known: true,
    });
    expect(await entryRow(fresh.value.id)).toMatchObject({ status: 'WAITING', decided_by: null });
    expect(
      await t.database.db.selectFrom('payouts').select('id').where('history_id', '=', fresh.value.id).execute(),
    ).toEqual([]);
  });

  it('AUTO approves the entry by the rules, tells the player and records the payout, leased; REVIEW leaves it waiting', async () => {
    const { playerId } = await paidWithdrawal();
    const request = () => waitingWithdrawal(playerId, 12_345);
    const waiting = await request();
    expect(
      await recordVerdict(waiting.value.id, 'REVIEW', [{ code: 'FIRST_WITHDRAWAL', detail: {} }], 10),
    ).toMatchObject({ route: 'REVIEW', payout_id: null });
    expect(await entryRow(waiting.value.id)).toMatchObject({ status: 'WAITING', decided_by: null });
    const paid = await request();
    const verdict = await recordVerdict(paid.value.id, 'AUTO');
    expect(verdict).toMatchObject({ route: 'AUTO', reasons: [], score: 0, known: false });
    const payout = await payoutRow(Number(verdict?.payout_id));
    expect(payout).toMatchObject({
      history_id: paid.value.id,
      player_id: playerId,
      amount: 12_345,
      status: 'PENDING',
      approved_by: 'auto',
      reference: `WD${paid.value.id}-1`,
    });
    expect(payout.lease_until?.getTime()).toBeGreaterThan(Date.now());
    expect(await sendPayout(ctx, payout.id, { force: true })).toBe('PAID');
    expect(await entryRow(paid.value.id)).toMatchObject({ status: 'APPROVED', decided_by: 'auto', reason: null });
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('player_id', '=', playerId)
      .where('kind', '=', 'WITHDRAW_APPROVED')
      .execute();
    // Once: the withdrawal left for review (the same amount) is not told it was approved.
    expect(told.filter((row) => JSON.stringify(row.params) === '{"amount":123.45}')).toHaveLength(1);
    expect(
      await t.database.db
        .selectFrom('withdrawal_reviews')
        .selectAll()
        .where('history_id', '=', paid.value.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      player_id: playerId,
      route: 'AUTO',
      score: 0,
    });
  });

  it('assessWithdrawal: no rule objecting and a bank, AUTO with its payout; no bank, REVIEW; automatic payouts off, REVIEW with AUTO_PAY_OFF unless a rule objects', async () => {
    const lowRisk = { ...RISK_RULES_DEFAULT, firstWithdrawal: { enabled: false } };
    const { playerId } = await paidWithdrawal();
    const request = () => waitingWithdrawal(playerId, 10_000);
    await updateRiskRules(t.database.db, tester, lowRisk);
    try {
      const paid = await request();
      const auto = await assessWithdrawal(ctx, paid.value.id);
      expect(auto).toMatchObject({ route: 'AUTO', reasons: [], score: 0 });
      expect(await payoutRow(Number(auto?.payoutId))).toMatchObject({ history_id: paid.value.id, status: 'PENDING' });
      expect(await sendPayout(ctx, Number(auto?.payoutId), { force: true })).toBe('PAID');
      const cashier = await request();
      expect(await assessWithdrawal({ ...ctx, bank: null }, cashier.value.id)).toEqual({
        route: 'REVIEW',
        reasons: [],
        score: 0,
        payoutId: null,
      });
      await updateRiskRules(t.database.db, tester, { ...lowRisk, autoPay: false });
      const off = await request();
      expect(await assessWithdrawal(ctx, off.value.id)).toEqual({
        route: 'REVIEW',
        reasons: [{ code: 'AUTO_PAY_OFF', detail: {} }],
        score: 0,
        payoutId: null,
      });
      // Off, with a rule objecting: its reason alone (AUTO_PAY_OFF is only ever the one reason).
      await updateRiskRules(t.database.db, tester, {
        ...lowRisk,
        autoPay: false,
        amountAboveAuto: { enabled: true, limitBaht: 50 },
      });
      const above = await request();
      expect((await assessWithdrawal(ctx, above.value.id))?.reasons).toEqual([
        { code: 'AMOUNT_ABOVE_AUTO', detail: { limit: 50 } },
      ]);
    } finally {
      await t.database.db.deleteFrom('settings').where('code', '=', 'RISK_RULES').execute();
    }
  });

  /** A waiting withdrawal and an operator's rejection of it, written (the entry locked) but not yet committed. */
  async function rejectionInProgress() {
    const { playerId } = await paidWithdrawal();
    const { id } = (await waitingWithdrawal(playerId, 10_000)).value;
    const decision = await heldOpen(t.database.db, (trx) =>
      rejectWithdrawal({ db: trx, house: ctx.house }, tester, {
        id,
        idempotencyKey: undefined,
        reason: 'checked by hand',
      }),
    );
    return { id, decision };
  }

  it.runIf(onPostgres())(
    'assessWithdrawal: an operator’s decision between the read and the verdict leaves no verdict',
    async () => {
      const { id, decision } = await rejectionInProgress();
      // The read sees the entry waiting (the rejection is not committed); the verdict waits for the lock.
      const verdict = assessWithdrawal(ctx, id);
      await new Promise((resolve) => setTimeout(resolve, 400));
      decision.commit();
      await decision.done;
      expect(await verdict).toBeNull();
      expect(await verdictOf(t.database.db, id)).toBeNull();
    },
  );

  it.runIf(onPostgres())(
    'waits for an operator’s decision in progress on the entry (it is locked for update), then records none',
    async () => {
      const { id, decision } = await rejectionInProgress();
      let settled = false;
      const verdict = recordVerdict(id, 'REVIEW').finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(settled).toBe(false);
      decision.commit();
      await decision.done;
      expect(await verdict).toMatchObject({ route: null, known: null });
      expect(await verdictOf(t.database.db, id)).toBeNull();
    },
  );
});

describe('the statement', () => {
  it('a debit without our reference matches the payout paid by hand with its bank reference, once', async () => {
    resetBank();
    const { payout } = await approvedPayout();
    bank.payAnswers.push({ kind: 'refused', code: 'REFUSED', message: 'no' });
    await sendPayout(ctx, payout.id);
    await markPaidByHand(ctx, tester, payout.id, { bankReference: `HANDREF-${payout.id}` });
    const line = 9_000_000 + payout.id;
    for (const offset of [0, 1]) {
      await t.database.db
        .insertInto('bank_debits')
        .values({
          line: line + offset * 100_000,
          reference: null,
          bank_reference: `HANDREF-${payout.id}`,
          amount: payout.amount,
          to_bank_code: 'KBANK',
          to_account: payout.to_account,
          debited_at: new Date(),
        })
        .execute();
    }
    expect(await matchDebitsOf(t.database.db, payout.id)).toBe(1);
    // Matched again (the next statement read): the payout has its line; the second stays unmatched.
    expect(await matchDebitsOf(t.database.db, payout.id)).toBe(0);
    expect(await matchDebitsOf(t.database.db, null)).toBe(0);
    const debits = await t.database.db
      .selectFrom('bank_debits')
      .select(['line', 'payout_id'])
      .where('bank_reference', '=', `HANDREF-${payout.id}`)
      .orderBy('line')
      .execute();
    expect(debits).toEqual([
      { line, payout_id: payout.id },
      { line: line + 100_000, payout_id: null },
    ]);
    // The second debit (the bank paid twice) stays unmatched, for the operators; it is not the ledger's.
    await t.database.db
      .deleteFrom('bank_debits')
      .where('line', '=', line + 100_000)
      .execute();
  });
});

/**
 * Paid by hand on each path, and each query of the saga with a second
 * withdrawal it must leave alone: a payout the bank refused (when paying, or
 * when asked after no answer) whose withdrawal an operator then rejected is
 * never paid by hand as well (the money went back to the player once); a
 * refusal sends its own withdrawal back to the queue, with its own reasons;
 * another withdrawal's payout in flight does not stand in the way of this one
 * being paid by hand. Mutants SP-T21.. in support/source-mutants-scopes.ts.
 */
describe('paid by hand and refusals on each path, each with its own withdrawal', () => {
  /** The payout refused by the bank: when paying, or when asked about after no answer. */
  async function refusedPayout(how: 'paying' | 'asked') {
    const approved = await approvedPayout(150);
    if (how === 'paying') {
      bank.payAnswers.push({ kind: 'refused', code: 'ACCOUNT_INVALID', message: 'closed account' });
      expect(await sendPayout(ctx, approved.payout.id)).toBe('FAILED');
    } else {
      bank.payAnswers.push({ kind: 'unknown', error: 'timeout' });
      expect(await sendPayout(ctx, approved.payout.id)).toBe('UNKNOWN');
      bank.statusAnswers.push({ kind: 'refused', code: 'ACCOUNT_INVALID', message: 'closed account' });
      expect(await sendPayout(ctx, approved.payout.id, { force: true })).toBe('FAILED');
    }
    return approved;
  }

  it('paid by hand is refused once the withdrawal was rejected after the bank refused it: the money goes back once and out never', async () => {
    for (const how of ['paying', 'asked'] as const) {
      resetBank();
      const { payout, historyId, playerId } = await refusedPayout(how);
      const held = (await readPlayerBalances(t.database.db, playerId)).mainSatang;
      await rejectWithdrawal({ db: t.database.db, house: ctx.house, payouts: ctx }, tester, {
        id: historyId,
        reason: 'closed account',
        idempotencyKey: undefined,
      });
      expect((await entryRow(historyId)).status).toBe('REJECTED');
      expect((await readPlayerBalances(t.database.db, playerId)).mainSatang).toBe(held + 15_000);
      await expect(markPaidByHand(ctx, tester, payout.id, { bankReference: `HAND-${how}` })).rejects.toMatchObject({
        statusCode: 409,
        errorCode: 'PAYOUT_STATE',
      });
      expect(await payoutRow(payout.id)).toMatchObject({ status: 'FAILED', paid_by_hand: null });
      expect((await entryRow(historyId)).status).toBe('REJECTED');
      const paidOut = await t.database.db
        .selectFrom('journal_entries')
        .select('id')
        .where('kind', '=', 'WITHDRAW_PAYOUT')
        .where('reference', '=', `payout:${payout.id}`)
        .execute();
      expect(paidOut, how).toEqual([]);
      expect((await readPlayerBalances(t.database.db, playerId)).mainSatang).toBe(held + 15_000);
    }
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('a refusal sends its own withdrawal back to the queue, with its own reasons; another approved withdrawal stays approved', async () => {
    resetBank();
    const other = await approvedPayout(120);
    const otherReasons = [{ code: 'FIRST_WITHDRAWAL', detail: {} }];
    await t.database.db
      .insertInto('withdrawal_reviews')
      .values({
        history_id: other.historyId,
        player_id: other.playerId,
        reasons: JSON.stringify(otherReasons),
        score: 10,
        route: 'REVIEW',
      })
      .execute();
    const refused = await refusedPayout('paying');
    expect((await entryRow(refused.historyId)).status).toBe('WAITING');
    expect((await entryRow(other.historyId)).status).toBe('APPROVED');
    const reviews = await t.database.db
      .selectFrom('withdrawal_reviews')
      .select(['history_id', 'reasons'])
      .where('history_id', 'in', [refused.historyId, other.historyId])
      .orderBy('history_id')
      .execute();
    expect(reviews).toEqual([
      { history_id: other.historyId, reasons: otherReasons },
      {
        history_id: refused.historyId,
        reasons: [{ code: 'BANK_REFUSED', detail: { code: 'ACCOUNT_INVALID', message: 'closed account' } }],
      },
    ]);
    expect(await sendPayout(ctx, other.payout.id)).toBe('PAID');
  });

  it('a paid payout settles its own payout and its own withdrawal’s entry only', async () => {
    resetBank();
    const [paid, other] = [await approvedPayout(130), await approvedPayout(140)];
    expect(await sendPayout(ctx, paid.payout.id)).toBe('PAID');
    expect(await payoutRow(other.payout.id)).toMatchObject({ status: 'PENDING', bank_reference: null });
    expect(await entryRow(other.historyId)).toMatchObject({ bank_reference: null, settlement_journal_entry_id: null });
    expect(await entryRow(paid.historyId)).toMatchObject({ bank_reference: `BANK-${paid.payout.reference}` });
    expect(await sendPayout(ctx, other.payout.id)).toBe('PAID');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('a verdict is its own withdrawal’s: another’s verdict is not answered for it, and AUTO approves it alone', async () => {
    resetBank();
    const { playerId } = await approvedPayout(100);
    const reviewed = await waitingWithdrawal(playerId, 10_000);
    const reasons = [{ code: 'FIRST_WITHDRAWAL', detail: {} }];
    expect(await recordVerdict(reviewed.value.id, 'REVIEW', reasons, 10)).toMatchObject({ route: 'REVIEW' });
    const fresh = await waitingWithdrawal(playerId, 11_000);
    const verdict = await recordVerdict(fresh.value.id, 'AUTO');
    expect(verdict).toMatchObject({ route: 'AUTO', reasons: [], score: 0, known: false });
    expect(await entryRow(fresh.value.id)).toMatchObject({ status: 'APPROVED', decided_by: 'auto' });
    expect(await entryRow(reviewed.value.id)).toMatchObject({ status: 'WAITING', decided_by: null });
    expect(await sendPayout(ctx, Number(verdict?.payout_id))).toBe('PAID');
    await rejectWithdrawal({ db: t.database.db, house: ctx.house }, tester, {
      id: reviewed.value.id,
      reason: 'tidy',
      idempotencyKey: undefined,
    });
  });

  it('paid by hand: another withdrawal’s payout in flight does not stand in the way', async () => {
    resetBank();
    const inFlight = await approvedPayout(110);
    const { payout, historyId } = await refusedPayout('paying');
    const marked = await markPaidByHand(ctx, tester, payout.id, { bankReference: `HAND-${payout.id}` });
    expect(marked).toMatchObject({ status: 'PAID', paid_by_hand: tester.name });
    expect((await entryRow(historyId)).status).toBe('APPROVED');
    expect((await payoutRow(inFlight.payout.id)).status).toBe('PENDING');
    expect(await sendPayout(ctx, inFlight.payout.id)).toBe('PAID');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
