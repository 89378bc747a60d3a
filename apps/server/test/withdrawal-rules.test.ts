import { beforeAll, describe, expect, it } from 'vitest';
import { AssertionError } from '../src/lib/assert.ts';
import type { Actor } from '../src/modules/audit/audit.service.ts';
import { recordHistory } from '../src/modules/history/history.service.ts';
import { ensureHouseAccounts, readPlayerBalances } from '../src/modules/ledger/ledger.service.ts';
import {
  approveWithdrawal,
  type MoneyContext,
  rejectWithdrawal,
  requestWithdrawal,
} from '../src/modules/withdrawals/withdrawal.service.ts';
import { credit, newPlayer, playerIdOf, type TestContext, testApp } from './support/test-app.ts';

/**
 * Withdrawals and operator decisions on the services themselves, one rule at
 * a time: whose Idempotency-Key a request is, what a decision's key covers,
 * the journals' kinds, and an approval's note.
 */

let t: TestContext;
let ctx: MoneyContext;
beforeAll(async () => {
  t = await testApp();
  ctx = { db: t.database.db, house: await ensureHouseAccounts(t.database.db) };
});

const alice: Actor = { operatorId: null, name: 'alice' };
const bob: Actor = { operatorId: null, name: 'bob' };

async function playerWith(baht: number): Promise<number> {
  const player = await newPlayer(t.app);
  await credit(t.app, player.phoneNumber, baht);
  return playerIdOf(t.database.db, player.phoneNumber);
}

async function hold(playerId: number, amountSatang = 10_000, idempotencyKey?: string): Promise<number> {
  const answer = await requestWithdrawal(ctx, { playerId, amountSatang, idempotencyKey });
  return answer.value.id;
}

async function journalKindsOf(historyId: number): Promise<string[]> {
  const entry = await t.database.db
    .selectFrom('history')
    .select('journal_entry_id')
    .where('id', '=', historyId)
    .executeTakeFirstOrThrow();
  const settled = await t.database.db
    .selectFrom('journal_entries')
    .select('kind')
    .where((eb) => eb.or([eb('id', '=', entry.journal_entry_id ?? -1), eb('reference', '=', `history:${historyId}`)]))
    .orderBy('id')
    .execute();
  return settled.map((row) => row.kind);
}

describe('a player’s withdrawal', () => {
  it('an amount that is not a positive whole number of satang is an assertion that names it', async () => {
    const playerId = await playerWith(500);
    for (const amountSatang of [0, -1, 0.5]) {
      await expect(requestWithdrawal(ctx, { playerId, amountSatang, idempotencyKey: undefined })).rejects.toThrow(
        new AssertionError(`withdrawal amount must be a positive safe integer of satang, got ${amountSatang}`),
      );
    }
    expect((await readPlayerBalances(t.database.db, playerId)).mainSatang).toBe(50_000);
  });

  it('an Idempotency-Key belongs to its player: two players sending the same key and amount each get a hold', async () => {
    const first = await playerWith(300);
    const second = await playerWith(300);
    const a = await requestWithdrawal(ctx, { playerId: first, amountSatang: 10_000, idempotencyKey: 'same-key-00001' });
    const b = await requestWithdrawal(ctx, {
      playerId: second,
      amountSatang: 10_000,
      idempotencyKey: 'same-key-00001',
    });
    expect([a.replayed, b.replayed]).toEqual([false, false]);
    expect(b.value.id).not.toBe(a.value.id);
    expect((await readPlayerBalances(t.database.db, first)).mainSatang).toBe(20_000);
    expect((await readPlayerBalances(t.database.db, second)).mainSatang).toBe(20_000);
  });

  it('the hold is a WITHDRAW_HOLD journal; an approval adds WITHDRAW_PAYOUT, a rejection WITHDRAW_REFUND', async () => {
    const playerId = await playerWith(500);
    const approved = await hold(playerId);
    const rejected = await hold(playerId);
    expect(await journalKindsOf(approved)).toEqual(['WITHDRAW_HOLD']);
    await approveWithdrawal(ctx, alice, { id: approved, idempotencyKey: undefined });
    await rejectWithdrawal(ctx, alice, { id: rejected, idempotencyKey: undefined, reason: 'wrong account' });
    expect(await journalKindsOf(approved)).toEqual(['WITHDRAW_HOLD', 'WITHDRAW_PAYOUT']);
    expect(await journalKindsOf(rejected)).toEqual(['WITHDRAW_HOLD', 'WITHDRAW_REFUND']);
  });
});

describe('an operator’s decision', () => {
  it('an approval’s note is recorded as the entry’s reason and in the audit row; without one both are null', async () => {
    const playerId = await playerWith(500);
    const withNote = await hold(playerId);
    const without = await hold(playerId);
    const noted = await approveWithdrawal(ctx, alice, {
      id: withNote,
      idempotencyKey: undefined,
      note: 'paid from KBANK',
    });
    expect(noted.value).toMatchObject({ id: withNote, status: 'APPROVED', decidedBy: 'alice' });
    const plain = await approveWithdrawal(ctx, alice, { id: without, idempotencyKey: undefined });
    const reasons = await t.database.db
      .selectFrom('history')
      .select(['id', 'reason'])
      .where('id', 'in', [withNote, without])
      .orderBy('id')
      .execute();
    expect(reasons).toEqual([
      { id: withNote, reason: 'paid from KBANK' },
      { id: without, reason: null },
    ]);
    expect(plain.value).toMatchObject({ id: without, status: 'APPROVED' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['target_id', 'reason', 'action'])
      .where('target_type', '=', 'history')
      .where('target_id', 'in', [String(withNote), String(without)])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { target_id: String(withNote), reason: 'paid from KBANK', action: 'withdrawal.approve' },
      { target_id: String(without), reason: null, action: 'withdrawal.approve' },
    ]);
  });

  it('a decision’s key belongs to its operator: two operators may use one key for two entries', async () => {
    const playerId = await playerWith(500);
    const first = await hold(playerId);
    const second = await hold(playerId);
    const a = await approveWithdrawal(ctx, alice, { id: first, idempotencyKey: 'decision-key-01' });
    const b = await approveWithdrawal(ctx, bob, { id: second, idempotencyKey: 'decision-key-01' });
    expect([a.replayed, b.replayed]).toEqual([false, false]);
    expect(b.value).toMatchObject({ id: second, status: 'APPROVED', decidedBy: 'bob' });
  });

  it('one operator’s key names one decision: reused for another entry, or to reject with the approval’s words → 409', async () => {
    const playerId = await playerWith(500);
    const first = await hold(playerId);
    const second = await hold(playerId);
    await approveWithdrawal(ctx, alice, { id: first, idempotencyKey: 'decision-key-02', note: 'checked' });
    await expect(
      approveWithdrawal(ctx, alice, { id: second, idempotencyKey: 'decision-key-02', note: 'checked' }),
    ).rejects.toMatchObject({ statusCode: 409, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(
      rejectWithdrawal(ctx, alice, { id: first, idempotencyKey: 'decision-key-02', reason: 'checked' }),
    ).rejects.toMatchObject({ statusCode: 409, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    const statuses = await t.database.db
      .selectFrom('history')
      .select(['id', 'status'])
      .where('id', 'in', [first, second])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: first, status: 'APPROVED' },
      { id: second, status: 'WAITING' },
    ]);
  });

  it('an entry that left WAITING with no decider on record (the system, or a row older than deciders) → 409 naming "system"', async () => {
    const playerId = await playerWith(100);
    const entry = await t.database.db.transaction().execute((trx) =>
      recordHistory(trx, {
        playerId,
        type: 'WITHDRAW',
        status: 'APPROVED',
        amount: 1_000,
        beforeAmount: 10_000,
        afterAmount: 9_000,
        journalEntryId: null,
        note: null,
        source: 'PLAYER',
      }),
    );
    const attempt = approveWithdrawal(ctx, alice, { id: entry.id, idempotencyKey: undefined });
    await expect(attempt).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'ALREADY_DECIDED',
      params: { by: 'system', at: '' },
    });
    const row = await t.database.db
      .selectFrom('history')
      .select(['status', 'decided_by'])
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'APPROVED', decided_by: null });
  });
});
