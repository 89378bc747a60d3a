import { randomUUID } from 'node:crypto';
import { WITHDRAW_AMOUNT_SATANG_MIN } from '@app/contracts/limits';
import { SETTING_CODES } from '@app/contracts/settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { AssertionError } from '../../src/lib/assert.ts';
import type { Actor } from '../../src/modules/audit/audit.service.ts';
import { recordHistory } from '../../src/modules/history/history.service.ts';
import { requestFingerprint } from '../../src/modules/idempotency/idempotency.service.ts';
import { ensureHouseAccounts, readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import {
  approveWithdrawal,
  type MoneyContext,
  rejectWithdrawal,
  requestWithdrawal,
} from '../../src/modules/withdrawals/withdrawal.service.ts';
import { credit, newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

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

describe('a withdrawal in one statement (player_withdraw)', () => {
  /** Sets a limit setting for the length of `run`, then puts the seeded value back. */
  async function withSetting(code: string, value: string, run: () => Promise<void>) {
    const seeded = await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('settings').set({ value }).where('code', '=', code).execute();
    try {
      await run();
    } finally {
      await t.database.db.updateTable('settings').set({ value: seeded.value }).where('code', '=', code).execute();
    }
  }

  it('the minimum is the setting read as readMoneyLimits reads it: baht with up to 2 decimals; anything else means the default', async () => {
    const playerId = await playerWith(1_000);
    await withSetting(SETTING_CODES.withdrawMinAmount, ' 150.50 ', async () => {
      await expect(
        requestWithdrawal(ctx, { playerId, amountSatang: 15_049, idempotencyKey: undefined }),
      ).rejects.toMatchObject({
        errorCode: 'AMOUNT_BELOW_MINIMUM',
        params: { min: 150.5 },
      });
      expect(
        (await requestWithdrawal(ctx, { playerId, amountSatang: 15_050, idempotencyKey: undefined })).replayed,
      ).toBe(false);
    });
    for (const unusable of ['abc', '0', '1.005', '-5']) {
      await withSetting(SETTING_CODES.withdrawMinAmount, unusable, async () => {
        await expect(
          requestWithdrawal(ctx, { playerId, amountSatang: WITHDRAW_AMOUNT_SATANG_MIN - 1, idempotencyKey: undefined }),
          unusable,
        ).rejects.toMatchObject({
          errorCode: 'AMOUNT_BELOW_MINIMUM',
          params: { min: WITHDRAW_AMOUNT_SATANG_MIN / 100 },
        });
      });
    }
  });

  it('the limit is the setting too: an amount at the limit is refused, one satang below is held', async () => {
    const playerId = await playerWith(1_000);
    await withSetting(SETTING_CODES.withdrawMaxAmount, '500', async () => {
      await expect(
        requestWithdrawal(ctx, { playerId, amountSatang: 50_000, idempotencyKey: undefined }),
      ).rejects.toMatchObject({
        errorCode: 'AMOUNT_ABOVE_MAXIMUM',
        params: { max: 500 },
      });
      expect(
        (await requestWithdrawal(ctx, { playerId, amountSatang: 49_999, idempotencyKey: undefined })).replayed,
      ).toBe(false);
    });
  });

  it('a refusal stores no key: the same key then holds the money once the refusal is gone', async () => {
    const playerId = await playerWith(100);
    const request = { playerId, amountSatang: 20_000, idempotencyKey: 'refused-first-0001' };
    await expect(requestWithdrawal(ctx, request)).rejects.toMatchObject({ errorCode: 'AG_INSUFFICIENT_AMOUNT' });
    await credit(
      t.app,
      (
        await t.database.db
          .selectFrom('players')
          .select('phone_number')
          .where('id', '=', playerId)
          .executeTakeFirstOrThrow()
      ).phone_number,
      100,
    );
    const held = await requestWithdrawal(ctx, request);
    expect(held.replayed).toBe(false);
    expect((await readPlayerBalances(t.database.db, playerId)).mainSatang).toBe(0);
  });

  it('a replay answers exactly the first answer, and a key stored before the function existed replays what it stored', async () => {
    const playerId = await playerWith(500);
    const first = await requestWithdrawal(ctx, { playerId, amountSatang: 10_000, idempotencyKey: 'replay-check-0001' });
    const again = await requestWithdrawal(ctx, { playerId, amountSatang: 10_000, idempotencyKey: 'replay-check-0001' });
    expect(again).toEqual({ value: first.value, replayed: true, route: null });
    const legacy = { ...first.value, id: 999_999 };
    await t.database.db
      .insertInto('idempotency_keys')
      .values({
        scope: `player:${playerId}:withdraw`,
        key: 'legacy-answer-0001',
        fingerprint: requestFingerprint('POST', 'withdraw', { amountSatang: 10_000 }),
        status_code: 200,
        response: JSON.stringify(legacy),
      })
      .execute();
    const replayed = await requestWithdrawal(ctx, {
      playerId,
      amountSatang: 10_000,
      idempotencyKey: 'legacy-answer-0001',
    });
    expect(replayed).toEqual({ value: legacy, replayed: true, route: null });
    expect((await readPlayerBalances(t.database.db, playerId)).mainSatang).toBe(40_000);
  });

  it('a key stored before entries carried `reason` replays with reason null (the contract reads it), never a 5xx', async () => {
    const playerId = await playerWith(500);
    const first = await requestWithdrawal(ctx, { playerId, amountSatang: 10_000, idempotencyKey: 'reason-check-0001' });
    const { reason, ...withoutReason } = first.value;
    expect(reason).toBeNull();
    await t.database.db
      .insertInto('idempotency_keys')
      .values({
        scope: `player:${playerId}:withdraw`,
        key: 'legacy-answer-0002',
        fingerprint: requestFingerprint('POST', 'withdraw', { amountSatang: 10_000 }),
        status_code: 200,
        response: JSON.stringify({ ...withoutReason, id: 999_998 }),
      })
      .execute();
    const replayed = await requestWithdrawal(ctx, {
      playerId,
      amountSatang: 10_000,
      idempotencyKey: 'legacy-answer-0002',
    });
    expect(replayed).toEqual({
      value: { ...first.value, id: 999_998, reason: null },
      replayed: true,
      route: null,
    });
  });

  it('a session that is not active is refused before the key is claimed or money moves; none given means the caller checked it', async () => {
    const playerId = await playerWith(500);
    const request = { playerId, amountSatang: 10_000, idempotencyKey: 'session-check-0001' };
    await expect(requestWithdrawal(ctx, { ...request, sessionId: randomUUID() })).rejects.toMatchObject({
      statusCode: 401,
      errorCode: 'UNAUTHORIZED',
    });
    expect((await readPlayerBalances(t.database.db, playerId)).mainSatang).toBe(50_000);
    expect((await requestWithdrawal(ctx, request)).replayed).toBe(false);
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
        // Rejected, not approved: an approved withdrawal with no settlement is an unpaid payout,
        // which the ledger check rightly names; a rejection moved nothing here either.
        status: 'REJECTED',
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
    expect(row).toEqual({ status: 'REJECTED', decided_by: null });
  });
});
