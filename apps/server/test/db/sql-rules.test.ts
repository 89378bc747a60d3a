import { randomUUID } from 'node:crypto';
import {
  WITHDRAW_AMOUNT_SATANG_LIMIT,
  WITHDRAW_AMOUNT_SATANG_MIN,
  WITHDRAW_DAILY_SATANG_DEFAULT,
} from '@app/contracts/limits';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../src/db/database.ts';
import type { Actor } from '../../src/modules/audit/audit.service.ts';
import { ensureHouseAccounts, readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import {
  type MoneyContext,
  rejectWithdrawal,
  requestWithdrawal,
} from '../../src/modules/withdrawals/withdrawal.service.ts';
import { heldOpen as heldOpenOn } from '../support/held-open.ts';
import { recordPointsLot } from '../support/money.ts';
import {
  ADMIN_KEY,
  adjust,
  bearer,
  credit,
  newPlayer,
  onPostgres,
  playerIdOf,
  type TestContext,
  testApp,
} from '../support/test-app.ts';

/**
 * The money rules that live in SQL functions (post_journal, the balance
 * trigger, request_withdrawal, player_withdraw), each driven to the statement
 * that holds it, so that a one-line change of the rule fails a test here.
 * `npm run test:sql-mutants` (scripts/sql-mutants.ts) makes those changes,
 * one at a time, and runs the test of this file (or another) named in
 * support/sql-mutants.ts as the one that must fail for each.
 */

let t: TestContext;
let ctx: MoneyContext;
beforeAll(async () => {
  t = await testApp();
  ctx = { db: t.database.db, house: await ensureHouseAccounts(t.database.db) };
});

const system: Actor = { operatorId: null, name: 'sql-rules' };

async function playerWith(baht: number) {
  const player = await newPlayer(t.app);
  if (baht > 0) await credit(t.app, player.phoneNumber, baht);
  return { ...player, id: await playerIdOf(t.database.db, player.phoneNumber) };
}

const mainSatang = async (playerId: number) => (await readPlayerBalances(t.database.db, playerId)).mainSatang;

/** Sets a setting for the length of `run`, then puts the seeded value back. */
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

const withdraw = (
  playerId: number,
  amountSatang: number,
  extra: { idempotencyKey?: string; sessionId?: string } = {},
) => requestWithdrawal(ctx, { playerId, amountSatang, idempotencyKey: extra.idempotencyKey, ...extra });

describe('the balance trigger (journal_balanced, deferred to commit)', () => {
  /** Writes a journal and its postings directly, as a bug or an intruder would, and commits. */
  function writeRaw(
    kind: string,
    legs: { accountId: number; amount: number; currency: 'THB' | 'PTS' }[],
    alongside?: (trx: Trx, journalId: number) => Promise<unknown>,
  ) {
    return t.database.db.transaction().execute(async (trx: Trx) => {
      const journal = await trx
        .insertInto('journal_entries')
        .values({ kind, player_id: null, reference: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (legs.length > 0)
        await trx
          .insertInto('postings')
          .values(
            legs.map((leg) => ({
              journal_entry_id: journal.id,
              account_id: leg.accountId,
              amount: leg.amount,
              currency: leg.currency,
            })),
          )
          .execute();
      await alongside?.(trx, journal.id);
      return journal.id;
    });
  }

  it('a journal that balances overall but not in each currency is refused at commit (THB +100 against PTS −100)', async () => {
    await expect(
      writeRaw('DEPOSIT', [
        { accountId: ctx.house.cash, amount: 100, currency: 'THB' },
        { accountId: ctx.house.points, amount: -100, currency: 'PTS' },
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('every kind of journal is held to it, not only one: an unbalanced two-leg journal of each kind the product writes is refused', async () => {
    for (const kind of [
      'DEPOSIT',
      'BANK_UNMATCHED',
      'WITHDRAW_HOLD',
      'WITHDRAW_PAYOUT',
      'SEAMLESS_WIN',
      'GAME_RESULT',
    ]) {
      await expect(
        writeRaw(kind, [
          { accountId: ctx.house.cash, amount: 100, currency: 'THB' },
          { accountId: ctx.house.bankDeposits, amount: -99, currency: 'THB' },
        ]),
        kind,
      ).rejects.toMatchObject({ code: '23514' });
    }
  });

  it('a negative sum is as unbalanced as a positive one, and one leg is never a journal (a zero posting is refused by its column)', async () => {
    await expect(
      writeRaw('DEPOSIT', [
        { accountId: ctx.house.cash, amount: -100, currency: 'THB' },
        { accountId: ctx.house.bankDeposits, amount: -100, currency: 'THB' },
      ]),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringMatching(/is not balanced in THB \(sum -200/) });
    await expect(
      writeRaw('DEPOSIT', [{ accountId: ctx.house.cash, amount: 100, currency: 'THB' }]),
    ).rejects.toMatchObject({
      code: '23514',
      message: expect.stringMatching(/is not balanced in THB \(sum 100, 1 postings\)/),
    });
    await expect(
      writeRaw('DEPOSIT', [{ accountId: ctx.house.cash, amount: 0, currency: 'THB' }]),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringMatching(/postings_amount_check/) });
  });

  it('a journal with no postings is refused at commit', async () => {
    await expect(writeRaw('DEPOSIT', [])).rejects.toMatchObject({
      code: '23514',
      message: expect.stringMatching(/has no postings/),
    });
  });

  it('a journal balanced in each of two currencies is committed', async () => {
    const player = await playerWith(0);
    const points = await t.database.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('player_id', '=', player.id)
      .where('kind', '=', 'PLAYER_POINTS')
      .executeTakeFirstOrThrow();
    const id = await writeRaw(
      'REWARD',
      [
        { accountId: ctx.house.cash, amount: 100, currency: 'THB' },
        { accountId: ctx.house.bankDeposits, amount: -100, currency: 'THB' },
        { accountId: points.id, amount: 5, currency: 'PTS' },
        { accountId: ctx.house.points, amount: -5, currency: 'PTS' },
      ],
      // The player's stored balance moves with its posting, as post_journal moves it, and the
      // points get their lot, as the loyalty module records them.
      async (trx, journalId) => {
        await sql`update ledger_accounts set balance = balance + 5 where id = ${points.id}`.execute(trx);
        await recordPointsLot(trx, { playerId: player.id, points: 5, journalEntryId: journalId });
      },
    );
    expect(id).toBeGreaterThan(0);
  });
});

describe('player_withdraw: the session is checked in the statement itself', () => {
  it('a logged-out token with a valid body is 401 and holds nothing (the route leaves the revocation to the statement)', async () => {
    const player = await playerWith(500);
    const logout = await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: bearer(player.token) });
    expect(logout.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: { ...bearer(player.token), 'idempotency-key': `revoked-${player.id}-0001` },
      payload: { amount: 100 },
    });
    expect(response.statusCode).toBe(401);
    expect(await mainSatang(player.id)).toBe(50_000);
  });

  it('a revoked, an expired, and another player’s session are each refused 401 before the key is claimed or money moves', async () => {
    const player = await playerWith(500);
    const other = await playerWith(0);
    const sessionOf = async (playerId: number) => {
      const id = randomUUID();
      await t.database.db
        .insertInto('sessions')
        .values({ id, player_id: playerId, expires_at: new Date(Date.now() + 3_600_000) })
        .execute();
      return id;
    };
    const revoked = await sessionOf(player.id);
    await t.database.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', revoked).execute();
    const expired = await sessionOf(player.id);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired)
      .execute();
    const foreign = await sessionOf(other.id);
    for (const sessionId of [revoked, expired, foreign]) {
      await expect(
        withdraw(player.id, 10_000, { sessionId, idempotencyKey: `session-${sessionId}` }),
      ).rejects.toMatchObject({
        statusCode: 401,
      });
    }
    expect(await mainSatang(player.id)).toBe(50_000);
    const keys = await t.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('scope', '=', `player:${player.id}:withdraw`)
      .execute();
    expect(keys).toEqual([]);
    const active = await sessionOf(player.id);
    expect((await withdraw(player.id, 10_000, { sessionId: active })).replayed).toBe(false);
  });

  it('a player who does not exist is 404 PLAYER_NOT_FOUND (WD001)', async () => {
    await expect(withdraw(2_000_000_000, 10_000)).rejects.toMatchObject({
      statusCode: 404,
      errorCode: 'PLAYER_NOT_FOUND',
    });
  });
});

describe('player_withdraw: an Idempotency-Key belongs to its player', () => {
  it('two players share a key and both replay it: each gets their own entry and their own balances back', async () => {
    const first = await playerWith(500);
    const second = await playerWith(300);
    const key = `shared-key-${first.id}-${second.id}`;
    const a = await withdraw(first.id, 10_000, { idempotencyKey: key });
    const b = await withdraw(second.id, 20_000, { idempotencyKey: key });
    const aAgain = await withdraw(first.id, 10_000, { idempotencyKey: key });
    const bAgain = await withdraw(second.id, 20_000, { idempotencyKey: key });
    expect(aAgain).toEqual({ value: a.value, replayed: true, route: null });
    expect(bAgain).toEqual({ value: b.value, replayed: true, route: null });
    expect(a.value).toMatchObject({ amount: 100, beforeAmount: 500, afterAmount: 400 });
    expect(b.value).toMatchObject({ amount: 200, beforeAmount: 300, afterAmount: 100 });
    expect(await mainSatang(first.id)).toBe(40_000);
    expect(await mainSatang(second.id)).toBe(10_000);
  });

  it('the same key of one player with another amount is 409 IDEMPOTENCY_KEY_REUSED (ID001) and moves nothing', async () => {
    const player = await playerWith(500);
    const key = `reused-${player.id}-0001`;
    await withdraw(player.id, 10_000, { idempotencyKey: key });
    await expect(withdraw(player.id, 10_001, { idempotencyKey: key })).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await mainSatang(player.id)).toBe(40_000);
  });
});

describe('request_withdrawal: the limits', () => {
  it('an unreadable WITHDRAW_MAX_AMOUNT means the default limit (50,000 baht, exclusive), never another one', async () => {
    const player = await playerWith(0);
    await credit(t.app, player.phoneNumber, 60_000);
    for (const unusable of ['abc', '0', '1.005', '-5', '']) {
      await withSetting(SETTING_CODES.withdrawMaxAmount, unusable, async () => {
        await expect(withdraw(player.id, WITHDRAW_AMOUNT_SATANG_LIMIT), unusable).rejects.toMatchObject({
          errorCode: 'AMOUNT_ABOVE_MAXIMUM',
          params: { max: WITHDRAW_AMOUNT_SATANG_LIMIT / 100 },
        });
      });
    }
    await withSetting(SETTING_CODES.withdrawMaxAmount, 'abc', async () => {
      expect((await withdraw(player.id, WITHDRAW_AMOUNT_SATANG_LIMIT - 1)).replayed).toBe(false);
    });
  });

  it('the minimum is inclusive: exactly the minimum is held, one satang less is refused', async () => {
    const player = await playerWith(500);
    await expect(withdraw(player.id, WITHDRAW_AMOUNT_SATANG_MIN - 1)).rejects.toMatchObject({
      errorCode: 'AMOUNT_BELOW_MINIMUM',
    });
    expect((await withdraw(player.id, WITHDRAW_AMOUNT_SATANG_MIN)).value.amount).toBe(WITHDRAW_AMOUNT_SATANG_MIN / 100);
  });
});

describe('request_withdrawal: the day’s total (WITHDRAW_DAILY_MAX_AMOUNT)', () => {
  it('waiting and approved withdrawals of the Bangkok day count; one that would pass the total is refused 400 WITHDRAW_DAILY_LIMIT with what is left, and holds nothing', async () => {
    const player = await playerWith(2_000);
    await withSetting(SETTING_CODES.withdrawDailyMaxAmount, '1000', async () => {
      await withdraw(player.id, 40_000);
      await withdraw(player.id, 50_000);
      await expect(withdraw(player.id, 10_001)).rejects.toMatchObject({
        statusCode: 400,
        errorCode: 'WITHDRAW_DAILY_LIMIT',
        params: { left: 100, limit: 1000 },
      });
      expect(await mainSatang(player.id)).toBe(110_000);
      expect((await withdraw(player.id, 10_000)).value.amount).toBe(100);
      await expect(withdraw(player.id, 10_000)).rejects.toMatchObject({
        errorCode: 'WITHDRAW_DAILY_LIMIT',
        params: { left: 0, limit: 1000 },
      });
    });
  });

  it('a rejected withdrawal gives its room back; one made before midnight in Bangkok does not count', async () => {
    const player = await playerWith(2_000);
    await withSetting(SETTING_CODES.withdrawDailyMaxAmount, '500', async () => {
      const rejected = await withdraw(player.id, 50_000);
      await rejectWithdrawal(ctx, system, { id: rejected.value.id, reason: 'sql rules', idempotencyKey: undefined });
      const yesterday = await withdraw(player.id, 50_000);
      const startOfDay = await sql<{ start: Date }>`select bangkok_day_start() as start`.execute(t.database.db);
      const justBefore = new Date((startOfDay.rows[0]?.start ?? new Date()).getTime() - 1000);
      await sql`update history set created_at = ${justBefore} where id = ${yesterday.value.id}`.execute(t.database.db);
      expect((await withdraw(player.id, 50_000)).replayed).toBe(false);
      await expect(withdraw(player.id, 100_00)).rejects.toMatchObject({ errorCode: 'WITHDRAW_DAILY_LIMIT' });
    });
  });

  it('the day starts at midnight in Bangkok (UTC+7), whatever the database’s own time zone', async () => {
    const rows = await sql<{ start: Date; now: Date }>`select bangkok_day_start() as start, now() as now`.execute(
      t.database.db,
    );
    const { start, now } = rows.rows[0] ?? { start: new Date(0), now: new Date(0) };
    const bangkokMidnight = new Date(now.getTime() + 7 * 3_600_000);
    bangkokMidnight.setUTCHours(0, 0, 0, 0);
    expect(start.getTime()).toBe(bangkokMidnight.getTime() - 7 * 3_600_000);
  });

  it('an unreadable setting means the default, 200,000 baht a day, and the day’s total is checked before the balance', async () => {
    // A player with nothing: the refusal names the day's total, the rule the request can never meet today.
    const player = await playerWith(0);
    for (const unusable of ['abc', '0', '1.005', '']) {
      await withSetting(SETTING_CODES.withdrawDailyMaxAmount, unusable, async () => {
        // Above the default total with the limit of one withdrawal lifted: refused by the day's total alone.
        await withSetting(SETTING_CODES.withdrawMaxAmount, '300000', async () => {
          await expect(withdraw(player.id, WITHDRAW_DAILY_SATANG_DEFAULT + 1), unusable).rejects.toMatchObject({
            errorCode: 'WITHDRAW_DAILY_LIMIT',
            params: { left: WITHDRAW_DAILY_SATANG_DEFAULT / 100, limit: WITHDRAW_DAILY_SATANG_DEFAULT / 100 },
          });
        });
      });
    }
  });

  it('the day’s total is each player’s own withdrawals: another player’s, or an operator’s manual debit, leave it whole', async () => {
    const first = await playerWith(1_000);
    const second = await playerWith(1_000);
    await withSetting(SETTING_CODES.withdrawDailyMaxAmount, '500', async () => {
      const debit = await adjust(t.app, first.phoneNumber, 'debit', { amount: 450 });
      expect(debit.statusCode).toBe(200);
      await withdraw(first.id, 40_000);
      expect((await withdraw(second.id, 50_000)).value.amount).toBe(500);
      await expect(withdraw(first.id, 10_001)).rejects.toMatchObject({ params: { left: 100 } });
    });
  });

  it('an admin changes WITHDRAW_DAILY_MAX_AMOUNT in the settings (audited; zero, a third decimal or words refused) and the next withdrawal meets it, in the player’s words', async () => {
    const code = SETTING_CODES.withdrawDailyMaxAmount;
    const put = (value: string) =>
      t.app.inject({
        method: 'PUT',
        url: fillPath(ADMIN_PATHS.setting, { code }),
        headers: { 'x-admin-key': ADMIN_KEY },
        payload: { value },
      });
    const listed = await t.app.inject({
      method: 'GET',
      url: ADMIN_PATHS.settings,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    const seeded = listed.json().data.find((setting: { code: string }) => setting.code === code)?.value;
    expect(seeded).toBe(String(WITHDRAW_DAILY_SATANG_DEFAULT / 100));
    const player = await playerWith(2_000);
    try {
      for (const value of ['0', '0.00', '-5', '1.005', 'abc', '']) {
        const refused = await put(value);
        expect(refused.statusCode, value).toBe(400);
        expect(refused.json().data.errorCode, value).toBe('SETTING_INVALID');
      }
      expect((await put('300.50')).statusCode).toBe(200);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('target_type', '=', 'setting')
        .where('target_id', '=', code)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: 'setting.update', before: { value: seeded }, after: { value: '300.50' } });
      const send = (amount: number) =>
        t.app.inject({ method: 'POST', url: API_PATHS.withdraw, headers: bearer(player.token), payload: { amount } });
      expect((await send(200)).statusCode).toBe(200);
      const refused = await send(100.51);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        success: false,
        message: 'You can withdraw up to 300.5 baht a day. You can still withdraw 100.5 baht today.',
        data: { errorCode: 'WITHDRAW_DAILY_LIMIT' },
      });
      expect(await mainSatang(player.id)).toBe(180_000);
    } finally {
      await t.database.db.updateTable('settings').set({ value: seeded }).where('code', '=', code).execute();
    }
  });
});

describe.runIf(onPostgres())('concurrency that only PostgreSQL has (PGlite is one session)', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const heldOpen = (work: (trx: Trx) => Promise<unknown>) => heldOpenOn(t.database.db, work);

  /** A withdrawal whose outcome (its entry, or its refusal) is kept at once, and whether it has one yet. */
  function watched(playerId: number, amountSatang: number) {
    const state = { settled: false };
    const outcome = withdraw(playerId, amountSatang).then(
      (held) => {
        state.settled = true;
        return held;
      },
      (error: unknown) => {
        state.settled = true;
        return error;
      },
    );
    return { state, outcome };
  }

  it('a withdrawal waits for a freeze in progress (the player row is read for share) and is then refused ACCOUNT_FROZEN', async () => {
    const player = await playerWith(500);
    // The freeze as setPlayerFrozen makes it: the player row locked for update, frozen, committed later.
    const freeze = await heldOpen(async (trx) => {
      await sql`select id from players where id = ${player.id} for update`.execute(trx);
      await sql`update players set frozen_at = now() where id = ${player.id}`.execute(trx);
    });
    const withdrawal = watched(player.id, 10_000);
    await sleep(400);
    expect(withdrawal.state.settled).toBe(false);
    freeze.commit();
    await freeze.done;
    expect(await withdrawal.outcome).toMatchObject({ statusCode: 403, errorCode: 'ACCOUNT_FROZEN' });
    expect(await mainSatang(player.id)).toBe(50_000);
  });

  it('two withdrawals at once that together pass the day’s total: the second waits for the first and is refused by the total, not held', async () => {
    const player = await playerWith(2_000);
    await withSetting(SETTING_CODES.withdrawDailyMaxAmount, '1000', async () => {
      // The first withdrawal's hold and entry are written but not committed while the second is sent.
      const first = await heldOpen((trx) =>
        requestWithdrawal(
          { ...ctx, db: trx },
          { playerId: player.id, amountSatang: 60_000, idempotencyKey: undefined },
        ),
      );
      const second = watched(player.id, 60_000);
      await sleep(400);
      expect(second.state.settled).toBe(false);
      first.commit();
      await first.done;
      expect(await second.outcome).toMatchObject({
        statusCode: 400,
        errorCode: 'WITHDRAW_DAILY_LIMIT',
        params: { left: 400, limit: 1000 },
      });
      expect(await mainSatang(player.id)).toBe(140_000);
    });
  });
});
