import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Period, periodsOf } from '../../src/modules/cashback/cashback.repository.ts';
import {
  periodsToSettle,
  runCashback,
  runScheduleNow,
  settlePeriod,
  startCashbackJob,
} from '../../src/modules/cashback/cashback.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { type DepositPlayer, depositPlayer, mainSatang, transferFrom } from '../support/deposits.ts';
import { wcResult, wcRound } from '../support/games.ts';
import { expectJobTicksUntilStopped } from '../support/jobs.ts';
import { sendBankTransfer, serviceKey } from '../support/money.ts';
import { excludableFullName, takeTimeOut } from '../support/protection.ts';
import { bearer, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Cashback: a share of a finished period's base given back once per
 * schedule, player and period. Each test names the rule it holds; the
 * ledger check passes after every one. A test plays now, then moves the
 * player's rows back two days into a period of its own, which then settles.
 */

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

/** The schedules these tests made, paused afterwards: other test files share the database. */
const made: number[] = [];
afterAll(async () => {
  if (made.length > 0) {
    await t.database.db.updateTable('cashback_schedules').set({ status: 'PAUSED' }).where('id', 'in', made).execute();
  }
  const ledger = await checkLedger(t.database.db);
  expect(ledger.problems).toEqual([]);
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;

async function createSchedule(body: Record<string, unknown>) {
  const answer = await t.app.inject({
    method: 'POST',
    url: ADMIN_PATHS.cashbackSchedules,
    headers: serviceKey,
    payload: { names: { th: 'คืนยอดเสีย', en: 'Cashback' }, period: 'DAY', rateBp: 1000, ...body },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const schedule = answer.json().data as { id: number };
  made.push(schedule.id);
  return (await t.database.db
    .selectFrom('cashback_schedules')
    .selectAll()
    .where('id', '=', schedule.id)
    .executeTakeFirstOrThrow()) as Parameters<typeof settlePeriod>[1];
}

async function deposit(player: DepositPlayer, baht: number) {
  const answer = await sendBankTransfer(t.app, transferFrom(player, baht));
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A WC bet of `satang` in a round of its own, won for `win` satang (0: lost); `open` sends no result. Answers the round. */
const bet = async (player: DepositPlayer, satang: number, options: { win?: number; open?: boolean } = {}) =>
  (await wcRound(t, player.id, satang, options)).roundId;
const result = (player: DepositPlayer, roundId: string, win: number) => wcResult(t, player.id, roundId, win);

/** Moves everything the player did so far two days back, into `period` below. */
async function intoThePast(playerId: number) {
  const db = t.database.db;
  const back = sql`interval '2 days'`;
  await sql`update journal_entries set created_at = created_at - ${back} where player_id = ${playerId}`.execute(db);
  await sql`update seamless_transactions set created_at = created_at - ${back} where player_id = ${playerId}`.execute(
    db,
  );
  await sql`update history set created_at = created_at - ${back} where player_id = ${playerId}`.execute(db);
  await sql`update player_promotions set activated_at = activated_at - ${back} where player_id = ${playerId}`.execute(
    db,
  );
}

/** A day that ended a day and a half before this file started: it holds what intoThePast moves (played within 12 hours). */
const periodEnd = new Date(Date.now() - 36 * 3_600_000);
const PERIOD: Period = { start: new Date(periodEnd.getTime() - 86_400_000), end: periodEnd };
const period = () => PERIOD;

const payoutOf = (scheduleId: number, playerId: number) =>
  t.database.db
    .selectFrom('cashback_payouts')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .where('player_id', '=', playerId)
    .execute();

const cashbackEntries = (playerId: number) =>
  t.database.db
    .selectFrom('history')
    .select(['amount', 'type'])
    .where('player_id', '=', playerId)
    .where('type', '=', 'CASHBACK')
    .execute();

const view = async (player: DepositPlayer, language = 'en') =>
  (
    await t.app.inject({
      method: 'GET',
      url: API_PATHS.cashback,
      headers: { ...bearer(player.token), 'accept-language': language },
    })
  ).json().data;

/** A player who deposited 1,000 baht and lost `lost` baht at WC, two days ago. */
async function loser(lost: number, fullName?: string) {
  const player = await depositPlayer(t, { fullName });
  await deposit(player, 1000);
  await bet(player, lost * 100);
  await intoThePast(player.id);
  return player;
}

describe('cashback rules', () => {
  it('pays the rate of the period’s net loss once (a later round is not in it): run again, or twice at once, it pays nothing more', async () => {
    const schedule = await createSchedule({ rateBp: 1000 });
    const player = await loser(300);
    // A round played now, after the period: no loss of it.
    await bet(player, 10_000);
    const before = await mainSatang(t, player.id);
    const runs = await Promise.all([
      settlePeriod(t.database.db, schedule, period()),
      settlePeriod(t.database.db, schedule, period()),
    ]);
    await settlePeriod(t.database.db, schedule, period());
    expect(runs.map((run) => run.players)).toEqual([expect.any(Number), expect.any(Number)]);
    const rows = await payoutOf(schedule.id, player.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'PAID', base_satang: 30_000, amount_satang: 3_000 });
    expect(await cashbackEntries(player.id)).toEqual([{ amount: 3_000, type: 'CASHBACK' }]);
    expect(await mainSatang(t, player.id)).toBe(before + 3_000);
    const seen = await view(player);
    expect(seen.payouts[0]).toMatchObject({ status: 'PAID', amount: 30, base: 300, reason: null });
  });

  it('a round belongs to the period of its first bet: won after the period ended, it is no loss of that period', async () => {
    const schedule = await createSchedule({ rateBp: 1000 });
    const player = await depositPlayer(t);
    await deposit(player, 1000);
    const round = await bet(player, 50_000, { open: true });
    await intoThePast(player.id);
    await result(player, round, 150_000);
    await settlePeriod(t.database.db, schedule, period());
    expect(await payoutOf(schedule.id, player.id)).toMatchObject([
      { status: 'SKIPPED', reason: 'no_base', base_satang: -100_000, amount_satang: 0 },
    ]);
    expect(await cashbackEntries(player.id)).toEqual([]);
  });

  it('a win and a loss in the period net out: the base is bets minus wins', async () => {
    const schedule = await createSchedule({ rateBp: 500 });
    const player = await depositPlayer(t);
    await deposit(player, 1000);
    await bet(player, 40_000);
    await bet(player, 10_000, { win: 25_000 });
    await intoThePast(player.id);
    await settlePeriod(t.database.db, schedule, period());
    expect(await payoutOf(schedule.id, player.id)).toMatchObject([
      { status: 'PAID', base_satang: 25_000, amount_satang: 1_250 },
    ]);
  });

  it('no cashback for a period in which the player took a promotion’s bonus; the player reads why', async () => {
    const schedule = await createSchedule({ rateBp: 1000 });
    const promotion = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.promotions,
      headers: serviceKey,
      payload: {
        kind: 'EVERY_DEPOSIT',
        percent: 10,
        texts: { en: { title: unique('Promo'), terms: 'Terms' }, th: { title: 'โปร', terms: 'เงื่อนไข' } },
      },
    });
    const promotionId = promotion.json().data.id as number;
    const player = await depositPlayer(t);
    const claimed = await t.app.inject({
      method: 'POST',
      url: fillPath(API_PATHS.promotionClaim, { id: String(promotionId) }),
      headers: bearer(player.token),
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    await deposit(player, 1000);
    await bet(player, 30_000);
    await intoThePast(player.id);
    await t.database.db.updateTable('promotions').set({ status: 'PAUSED' }).where('id', '=', promotionId).execute();
    await settlePeriod(t.database.db, schedule, period());
    expect(await payoutOf(schedule.id, player.id)).toMatchObject([
      { status: 'SKIPPED', reason: 'bonus_in_period', amount_satang: 0 },
    ]);
    expect((await view(player, 'th')).payouts[0].reason).toBe('ไม่มียอดคืน: รับโบนัสโปรโมชั่นในรอบนี้แล้ว');
  });

  it('nothing is paid to a player whose protection blocks play, nor to one who opted out', async () => {
    const schedule = await createSchedule({ rateBp: 1000 });
    const [excluded, optedOut] = [await loser(200, excludableFullName('Timeout')), await loser(200)];
    await takeTimeOut(t, excluded.token);
    const off = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.cashbackOptOut,
      headers: bearer(optedOut.token),
      payload: { optOut: true },
    });
    expect(off.json()).toMatchObject({ success: true, data: { optedOut: true } });
    await settlePeriod(t.database.db, schedule, period());
    expect(await payoutOf(schedule.id, excluded.id)).toMatchObject([
      { status: 'SKIPPED', reason: 'player_protection' },
    ]);
    expect(await payoutOf(schedule.id, optedOut.id)).toMatchObject([{ status: 'SKIPPED', reason: 'opted_out' }]);
    expect([...(await cashbackEntries(excluded.id)), ...(await cashbackEntries(optedOut.id))]).toEqual([]);
    expect((await view(optedOut)).optedOut).toBe(true);
  });

  it('below the minimum pays nothing; the maximum caps what is paid', async () => {
    const small = await createSchedule({ rateBp: 1000, minSatang: 5_000 });
    const capped = await createSchedule({ rateBp: 1000, maxSatang: 2_000 });
    const player = await loser(400);
    await settlePeriod(t.database.db, small, period());
    await settlePeriod(t.database.db, capped, period());
    expect(await payoutOf(small.id, player.id)).toMatchObject([{ status: 'SKIPPED', reason: 'below_minimum' }]);
    expect(await payoutOf(capped.id, player.id)).toMatchObject([
      { status: 'PAID', base_satang: 40_000, amount_satang: 2_000 },
    ]);
  });

  it('net deposit: credited deposits minus the withdrawals asked for', async () => {
    const schedule = await createSchedule({ rateBp: 1000, base: 'NET_DEPOSIT' });
    const player = await depositPlayer(t);
    await deposit(player, 1000);
    const asked = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: bearer(player.token),
      payload: { amount: 400 },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await intoThePast(player.id);
    await settlePeriod(t.database.db, schedule, period());
    expect(await payoutOf(schedule.id, player.id)).toMatchObject([
      { status: 'PAID', base_satang: 60_000, amount_satang: 6_000 },
    ]);
  });

  it('with a turnover multiple the cashback is held by its turnover, and waits while a promotion is open', async () => {
    const schedule = await createSchedule({ rateBp: 1000, turnoverMultiplier: 5, maxWithdrawSatang: 1_000_000 });
    const held = await loser(300);
    await settlePeriod(t.database.db, schedule, period());
    const [paid] = await payoutOf(schedule.id, held.id);
    expect(paid).toMatchObject({ status: 'PAID', amount_satang: 3_000, turnover_required: 15_000 });
    const claim = await t.database.db
      .selectFrom('player_promotions')
      .selectAll()
      .where('cashback_payout_id', '=', paid?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(claim).toMatchObject({ status: 'ACTIVE', bonus_satang: 3_000, turnover_required: 15_000 });
    const refused = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: bearer(held.token),
      payload: { amount: 100 },
    });
    expect(refused.json()).toMatchObject({ data: { errorCode: 'PROMOTION_TURNOVER_UNMET' } });
    const current = await t.app.inject({ method: 'GET', url: API_PATHS.promotions, headers: bearer(held.token) });
    expect(current.json().data.current).toMatchObject({ title: 'Cashback', bonus: 30, turnoverRequired: 150 });

    // A second period while that claim is open waits, and is paid once it has ended.
    const next: Period = { start: new Date(period().start.getTime() - 86_400_000), end: period().start };
    for (const table of ['seamless_transactions', 'journal_entries']) {
      await sql`update ${sql.table(table)} set created_at = created_at - interval '1 day'
                 where player_id = ${held.id}`.execute(t.database.db);
    }
    await settlePeriod(t.database.db, schedule, next);
    expect((await payoutOf(schedule.id, held.id)).find((row) => row.status === 'WAITING')).toMatchObject({
      reason: 'promotion_open',
      amount_satang: 3_000,
    });
    const forfeit = await t.app.inject({
      method: 'POST',
      url: API_PATHS.promotionForfeit,
      headers: bearer(held.token),
    });
    expect(forfeit.statusCode, forfeit.body).toBe(200);
    await runCashback(t.database.db);
    const statuses = (await payoutOf(schedule.id, held.id)).map((row) => row.status);
    expect(statuses).toEqual(['PAID', 'PAID']);
    expect(await cashbackEntries(held.id)).toHaveLength(2);
  });

  it('the job pays the due periods it missed (up to 7 back), never one that ended before the schedule existed', async () => {
    const older = await createSchedule({ rateBp: 1000 });
    await sql`update cashback_schedules set created_at = now() - interval '5 days' where id = ${older.id}`.execute(
      t.database.db,
    );
    const newer = await createSchedule({ rateBp: 1000 });
    const player = await loser(100);
    await runCashback(t.database.db);
    await runCashback(t.database.db);
    expect(await payoutOf(older.id, player.id)).toMatchObject([
      { status: 'PAID', base_satang: 10_000, amount_satang: 1_000 },
    ]);
    expect(await payoutOf(newer.id, player.id)).toEqual([]);
    const runs = await t.database.db
      .selectFrom('cashback_runs')
      .select('period_start')
      .where('schedule_id', '=', older.id)
      .execute();
    // Every Bangkok day from the one the schedule was created in to the last that is due: 4 or 5 of them.
    const row = await t.database.db
      .selectFrom('cashback_schedules')
      .selectAll()
      .where('id', '=', older.id)
      .executeTakeFirstOrThrow();
    const { due } = await periodsOf(t.database.db, 'DAY');
    expect(runs.length).toBe(periodsToSettle(row, due).length);
    expect(runs.length).toBeGreaterThanOrEqual(4);
  });

  it('a period is settled only once it has ended 30 minutes ago', async () => {
    const schedule = await createSchedule({ rateBp: 1000 });
    const player = await depositPlayer(t);
    const now = Date.now();
    const unfinished: Period = { start: new Date(now - 86_400_000), end: new Date(now - 10 * 60_000) };
    await expect(
      t.database.db
        .transaction()
        .execute((trx) =>
          sql`select settle_cashback(${schedule.id}, ${player.id}, ${unfinished.start}, ${unfinished.end})`.execute(
            trx,
          ),
        ),
    ).rejects.toThrow(/30 minutes after its period ends/);
  });

  it('the player sees the running period’s figure so far, and what it would pay', async () => {
    const schedule = await createSchedule({ rateBp: 1000, names: { th: 'คืนยอดเสียรายวัน', en: 'Daily cashback' } });
    const player = await depositPlayer(t);
    await deposit(player, 1000);
    await bet(player, 20_000);
    const seen = await view(player);
    const mine = seen.schedules.find((row: { id: number }) => row.id === schedule.id);
    expect(mine).toMatchObject({
      name: 'Daily cashback',
      ratePercent: 10,
      current: { base: 200, estimate: 20, excluded: null },
    });
    expect(Date.parse(mine.current.paysAt) - Date.parse(mine.current.periodEnd)).toBe(30 * 60_000);
    expect((await view(player, 'th')).schedules.find((row: { id: number }) => row.id === schedule.id).name).toBe(
      'คืนยอดเสียรายวัน',
    );
  });
});

describe('cashback in the back office', () => {
  it('a schedule is created and changed by an admin, audited; bad input is refused with nothing changed', async () => {
    const schedule = await createSchedule({ rateBp: 250 });
    const changed = await t.app.inject({
      method: 'PUT',
      url: fillPath(ADMIN_PATHS.cashbackSchedule, { id: String(schedule.id) }),
      headers: serviceKey,
      payload: { names: { th: 'คืนยอด' }, period: 'WEEK', rateBp: 300, status: 'PAUSED' },
    });
    expect(changed.json()).toMatchObject({ data: { rateBp: 300, period: 'WEEK', status: 'PAUSED' } });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'cashback_schedule')
      .where('target_id', '=', String(schedule.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['cashback.create', 'cashback.update']);
    for (const payload of [
      { names: { en: 'No Thai' }, period: 'DAY', rateBp: 100 },
      { names: { th: 'x' }, period: 'DAY', rateBp: 0 },
      { names: { th: 'x' }, period: 'MONTH', rateBp: 100 },
      { names: { th: 'x' }, period: 'DAY', rateBp: 100, maxSatang: 0 },
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: ADMIN_PATHS.cashbackSchedules,
        headers: serviceKey,
        payload,
      });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('an admin’s run settles the last due period and lists its payouts; a second run pays nobody twice', async () => {
    const schedule = await createSchedule({ rateBp: 1000 });
    const url = fillPath(ADMIN_PATHS.cashbackScheduleRun, { id: String(schedule.id) });
    const first = await t.app.inject({ method: 'POST', url, headers: serviceKey });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url, headers: serviceKey });
    expect(again.json().data).toMatchObject({
      periodStart: first.json().data.periodStart,
      paid: 0,
      settledBefore: first.json().data.players,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_PATHS.cashbackPayouts}?scheduleId=${schedule.id}&status=PAID`,
      headers: serviceKey,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.total).toBe(first.json().data.paid);
  });
});

/** Moves everything the player did so far ten days back: a window no other test of this file uses. */
async function tenDaysBack(playerId: number) {
  const db = t.database.db;
  for (const table of ['journal_entries', 'seamless_transactions', 'history']) {
    await sql`update ${sql.table(table)} set created_at = created_at - interval '10 days'
               where player_id = ${playerId}`.execute(db);
  }
}
const tenDaysEnd = new Date(Date.now() - 9 * 86_400_000);
const TEN_DAYS_BACK: Period = { start: new Date(tenDaysEnd.getTime() - 86_400_000), end: tenDaysEnd };

describe('cashback: when it runs, and what players and operators read', () => {
  it('periods to settle: the due one and up to six before it, oldest first, each ending after the schedule was made', () => {
    const due: Period = { start: new Date('2026-12-06T17:00:00Z'), end: new Date('2026-12-07T17:00:00Z') };
    const all = periodsToSettle({ period: 'DAY', created_at: new Date('2026-01-01T00:00:00Z') }, due);
    expect(all).toHaveLength(7);
    expect(all[0]).toEqual({ start: new Date('2026-11-30T17:00:00Z'), end: new Date('2026-12-01T17:00:00Z') });
    expect(all[6]).toEqual(due);
    // Made at the very end of the day before the due one: that day is not its; made a moment before, it is.
    expect(periodsToSettle({ period: 'DAY', created_at: new Date('2026-12-06T17:00:00Z') }, due)).toEqual([due]);
    expect(periodsToSettle({ period: 'DAY', created_at: new Date('2026-12-06T16:59:59.999Z') }, due)).toHaveLength(2);
    const week: Period = { start: new Date('2026-11-29T17:00:00Z'), end: new Date('2026-12-06T17:00:00Z') };
    const weeks = periodsToSettle({ period: 'WEEK', created_at: new Date('2026-11-10T00:00:00Z') }, week);
    expect(weeks.map((period) => period.start.toISOString())).toEqual([
      '2026-11-08T17:00:00.000Z',
      '2026-11-15T17:00:00.000Z',
      '2026-11-22T17:00:00.000Z',
      '2026-11-29T17:00:00.000Z',
    ]);
  });

  it('a run counts what it did for each player; a second run finds them settled', async () => {
    const schedule = await createSchedule({ rateBp: 1000 });
    const [paid, nothing] = [await depositPlayer(t), await depositPlayer(t)];
    await deposit(paid, 1000);
    await bet(paid, 20_000);
    await deposit(nothing, 1000);
    await bet(nothing, 10_000, { win: 30_000 });
    await tenDaysBack(paid.id);
    await tenDaysBack(nothing.id);
    expect(await settlePeriod(t.database.db, schedule, TEN_DAYS_BACK)).toMatchObject({
      players: 2,
      PAID: 1,
      SKIPPED: 1,
      WAITING: 0,
      SETTLED: 0,
    });
    expect(await settlePeriod(t.database.db, schedule, TEN_DAYS_BACK)).toMatchObject({
      players: 2,
      PAID: 0,
      SETTLED: 2,
    });
    const runs = await t.database.db
      .selectFrom('cashback_runs')
      .selectAll()
      .where('schedule_id', '=', schedule.id)
      .execute();
    expect(runs).toMatchObject([{ period_start: TEN_DAYS_BACK.start, players: 2 }]);
    const listed = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.cashbackSchedules, headers: serviceKey });
    expect(listed.json().data.find((row: { id: number }) => row.id === schedule.id)).toMatchObject({
      paidCount: 1,
      paidSatang: 2_000,
      lastRun: { periodStart: TEN_DAYS_BACK.start.toISOString(), players: 2 },
    });
    // The operators' list of payouts: by schedule, by status, a page at a time.
    const page = (query: string) =>
      t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.cashbackPayouts}?${query}`, headers: serviceKey });
    const both = (await page(`scheduleId=${schedule.id}`)).json().data;
    expect(both.total).toBe(2);
    expect((await page(`scheduleId=${schedule.id}&status=SKIPPED`)).json().data.items).toMatchObject([
      { playerId: nothing.id, reason: 'no_base', amountSatang: 0, baseSatang: -20_000 },
    ]);
    const second = (await page(`scheduleId=${schedule.id}&limit=1&page=2`)).json().data;
    expect(second).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(
      (await page(`scheduleId=${schedule.id}&limit=1&page=1`)).json().data.items[0].id,
    );
    const usernames = await t.database.db
      .selectFrom('players')
      .select('username')
      .where('id', 'in', [paid.id, nothing.id])
      .execute();
    expect(both.items.map((item: { username: string }) => item.username).sort()).toEqual(
      usernames.map((row) => row.username).sort(),
    );
    // Without a schedule: every schedule's payouts, a page of two after the first.
    const all = (await page('status=PAID&limit=2&page=1')).json().data;
    const next = await page('status=PAID&limit=2&page=2');
    expect(next.statusCode, next.body).toBe(200);
    expect(all.total).toBeGreaterThan(2);
    expect(next.json().data.items.map((item: { id: number }) => item.id)).not.toContain(all.items[0].id);
  });

  it('a paused schedule is neither run nor shown; its payouts still name it', async () => {
    const schedule = await createSchedule({ rateBp: 1000, names: { th: 'หยุด', en: `Paused ${unique('s')}` } });
    await sql`update cashback_schedules set created_at = now() - interval '5 days' where id = ${schedule.id}`.execute(
      t.database.db,
    );
    const player = await loser(100);
    await settlePeriod(t.database.db, schedule, period());
    await t.database.db
      .updateTable('cashback_schedules')
      .set({ status: 'PAUSED' })
      .where('id', '=', schedule.id)
      .execute();
    await runCashback(t.database.db);
    const runs = await t.database.db
      .selectFrom('cashback_runs')
      .select('period_start')
      .where('schedule_id', '=', schedule.id)
      .execute();
    expect(runs).toHaveLength(1);
    const seen = await view(player);
    expect(seen.schedules.map((row: { id: number }) => row.id)).not.toContain(schedule.id);
    expect(seen.payouts[0]).toMatchObject({ name: expect.stringMatching(/^Paused /), status: 'PAID' });
  });

  it('the running figure says why it would pay nothing: no loss, below the minimum, a bonus, the switch, a break', async () => {
    const schedule = await createSchedule({ rateBp: 1000, minSatang: 5_000 });
    const excludedOf = async (player: DepositPlayer) =>
      (await view(player)).schedules.find((row: { id: number }) => row.id === schedule.id).current;
    const player = await depositPlayer(t);
    await deposit(player, 1000);
    expect(await excludedOf(player)).toMatchObject({
      base: 0,
      estimate: 0,
      excluded: expect.stringMatching(/no net loss/),
    });
    await bet(player, 20_000);
    expect(await excludedOf(player)).toMatchObject({
      base: 200,
      estimate: 0,
      excluded: expect.stringMatching(/minimum/),
    });
    await bet(player, 40_000);
    expect(await excludedOf(player)).toMatchObject({ base: 600, estimate: 60, excluded: null });
    const off = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.cashbackOptOut,
      headers: bearer(player.token),
      payload: { optOut: true },
    });
    expect(off.json().message).toBe('Cashback is off. You can turn it on again at any time.');
    expect(await excludedOf(player)).toMatchObject({
      estimate: 0,
      excluded: expect.stringMatching(/turned cashback off/),
    });
    const on = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.cashbackOptOut,
      headers: bearer(player.token),
      payload: { optOut: false },
    });
    expect(on.json()).toMatchObject({ message: 'Cashback is on.', data: { optedOut: false } });
    expect((await view(player)).optedOut).toBe(false);
    expect(await excludedOf(player)).toMatchObject({ estimate: 60, excluded: null });
    // A promotion's bonus today (a claim of a paused promotion, completed at once).
    const promotion = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.promotions,
      headers: serviceKey,
      payload: { kind: 'FIXED', fixedSatang: 100, status: 'PAUSED', texts: { en: { title: unique('P'), terms: 'T' } } },
    });
    await sql`insert into player_promotions (player_id, promotion_id, status, bonus_satang, activated_at, ended_at)
              values (${player.id}, ${promotion.json().data.id}, 'COMPLETED', 100, now(), now())`.execute(
      t.database.db,
    );
    expect(await excludedOf(player)).toMatchObject({ estimate: 0, excluded: expect.stringMatching(/promotion bonus/) });
  });

  it('an admin’s run is audited with what it did; an unknown schedule is 404', async () => {
    const schedule = await createSchedule({ rateBp: 1000 });
    const figures = await runScheduleNow(t.database.db, { operatorId: null, name: 'test' }, schedule.id);
    const [audit] = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_type', '=', 'cashback_schedule')
      .where('target_id', '=', String(schedule.id))
      .where('action', '=', 'cashback.run')
      .execute();
    expect(audit?.after).toMatchObject({ periodStart: figures.period.start.toISOString(), players: figures.players });
    const missing = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.cashbackScheduleRun, { id: '999999999' }),
      headers: serviceKey,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the job runs on its interval until stopped, and a failed tick is logged', async () => {
    await expectJobTicksUntilStopped(startCashbackJob, t.database.db, 'cashback run failed');
  });
});

describe('cashback: the running figure at its edges, and the periods', () => {
  it('the running figure pays from the minimum itself; an amount that rounds to nothing is below it', async () => {
    const atMinimum = await createSchedule({ rateBp: 1000, minSatang: 2_000 });
    const rounding = await createSchedule({ rateBp: 1000, minSatang: 0 });
    const figureOf = async (player: DepositPlayer, id: number) =>
      (await view(player)).schedules.find((row: { id: number }) => row.id === id).current;
    const player = await depositPlayer(t);
    await deposit(player, 1000);
    await bet(player, 20_000);
    expect(await figureOf(player, atMinimum.id)).toMatchObject({ estimate: 20, excluded: null });
    const tiny = await depositPlayer(t);
    await deposit(tiny, 100);
    await bet(tiny, 5);
    expect(await figureOf(tiny, rounding.id)).toMatchObject({
      base: 0.05,
      estimate: 0,
      excluded: expect.stringMatching(/below the minimum/),
    });
  });

  it('the running figure of a player on a break pays nothing and says why', async () => {
    const schedule = await createSchedule({ rateBp: 1000 });
    const player = await depositPlayer(t, { fullName: excludableFullName('Break') });
    await deposit(player, 1000);
    await bet(player, 20_000);
    await takeTimeOut(t, player.token);
    expect((await view(player)).schedules.find((row: { id: number }) => row.id === schedule.id).current).toMatchObject({
      estimate: 0,
      excluded: 'No cashback while your play is paused by Play safe.',
    });
  });

  it('the running and the due periods: Bangkok days from midnight, weeks from Monday, due 30 minutes after', async () => {
    const now = Date.now();
    const day = await periodsOf(t.database.db, 'DAY');
    expect((day.current.start.getTime() + 7 * 3_600_000) % 86_400_000).toBe(0);
    expect(day.current.end.getTime() - day.current.start.getTime()).toBe(86_400_000);
    expect(day.current.start.getTime()).toBeLessThanOrEqual(now);
    expect(day.current.end.getTime()).toBeGreaterThan(now);
    expect(day.due.end.getTime()).toBeLessThanOrEqual(now - 30 * 60_000);
    expect(day.due.end.getTime()).toBeGreaterThan(now - 30 * 60_000 - 86_400_000);
    const week = await periodsOf(t.database.db, 'WEEK');
    expect(new Date(week.current.start.getTime() + 7 * 3_600_000).getUTCDay()).toBe(1);
    expect(week.current.end.getTime() - week.current.start.getTime()).toBe(7 * 86_400_000);
    expect(week.due.end.getTime() - week.due.start.getTime()).toBe(7 * 86_400_000);
    expect(week.due.end.getTime()).toBeLessThanOrEqual(now - 30 * 60_000);
    expect(week.due.end.getTime()).toBeGreaterThan(now - 30 * 60_000 - 7 * 86_400_000);
  });

  it('changing a schedule that does not exist is 404, and changes nothing', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: fillPath(ADMIN_PATHS.cashbackSchedule, { id: '999999999' }),
      headers: serviceKey,
      payload: { names: { th: 'ไม่มี' }, period: 'DAY', rateBp: 100 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data.errorCode).toBe('ENTRY_NOT_FOUND');
  });
});
