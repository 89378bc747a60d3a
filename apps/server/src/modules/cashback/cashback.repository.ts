import type { CashbackBase, CashbackPeriod, CashbackStatus } from '@app/contracts/cashback';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { CashbackPayoutsTable, CashbackSchedulesTable } from '../../db/schema.ts';
import { one, present } from '../../lib/assert.ts';

/**
 * Cashback's queries: the schedules, the payouts and runs, the opt-outs, and
 * the call of settle_cashback (sql/cashback.sql), where what a period pays and
 * whether it is paid are decided. When a period is settled is cashback.ts's rule.
 */
export type ScheduleRow = Selectable<CashbackSchedulesTable>;
export type PayoutRow = Selectable<CashbackPayoutsTable>;

/** A period of a schedule: [start, end). */
export type Period = { start: Date; end: Date };

export function findSchedule(db: Queryable, id: number): Promise<ScheduleRow | undefined> {
  return db.selectFrom('cashback_schedules').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSchedules(db: Queryable, status?: ScheduleRow['status']): Promise<ScheduleRow[]> {
  let query = db.selectFrom('cashback_schedules').selectAll();
  if (status) query = query.where('status', '=', status);
  return query.orderBy('id').execute();
}

export function insertSchedule(trx: Trx, values: Insertable<CashbackSchedulesTable>): Promise<ScheduleRow> {
  return trx.insertInto('cashback_schedules').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSchedule(
  trx: Trx,
  id: number,
  values: Updateable<CashbackSchedulesTable>,
): Promise<ScheduleRow | undefined> {
  return trx
    .updateTable('cashback_schedules')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The period of a schedule running at this moment and the last one that is
 * due (ended at least 30 minutes ago, the time a round may stay open), in
 * Bangkok days or weeks from Monday (bangkok_period_start).
 */
export async function periodsOf(db: Queryable, period: CashbackPeriod): Promise<{ current: Period; due: Period }> {
  const length = period === 'DAY' ? sql`interval '1 day'` : sql`interval '7 days'`;
  const { rows } = await sql<{ current_start: Date; due_start: Date }>`
    select bangkok_period_start(${period}, now()) as current_start,
           bangkok_period_start(${period}, now() - interval '30 minutes') - ${length} as due_start`.execute(db);
  const row = one(rows, 'the periods');
  const plus = (start: Date) => new Date(start.getTime() + (period === 'DAY' ? 1 : 7) * 86_400_000);
  return {
    current: { start: row.current_start, end: plus(row.current_start) },
    due: { start: row.due_start, end: plus(row.due_start) },
  };
}

/** Whether every player of the schedule's period has been settled. */
export async function runFinished(db: Queryable, scheduleId: number, start: Date): Promise<boolean> {
  const row = await db
    .selectFrom('cashback_runs')
    .select('schedule_id')
    .where('schedule_id', '=', scheduleId)
    .where('period_start', '=', start)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that every player of the period has been settled (a second record of it is no error). */
export async function recordRun(db: Queryable, scheduleId: number, start: Date, players: number): Promise<void> {
  await db
    .insertInto('cashback_runs')
    .values({ schedule_id: scheduleId, period_start: start, players })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The schedule's last finished run. */
export function lastRun(db: Queryable, scheduleId: number) {
  return db
    .selectFrom('cashback_runs')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .orderBy('period_start', 'desc')
    .executeTakeFirst();
}

/**
 * The players a period may pay, lowest id first: for NET_LOSS those with a
 * game journal in it (a bet, or a transfer-wallet result), for NET_DEPOSIT
 * those with a deposit in it. Anyone else's base is not positive.
 */
export async function periodPlayers(db: Queryable, base: CashbackBase, period: Period): Promise<number[]> {
  const { rows } =
    base === 'NET_LOSS'
      ? await sql<{ player_id: number }>`
          select distinct j.player_id from journal_entries j
           where j.created_at >= ${period.start} and j.created_at < ${period.end}
             and j.kind in ('SEAMLESS_BET', 'GAME_RESULT') and j.player_id is not null
           order by 1`.execute(db)
      : await sql<{ player_id: number }>`
          select distinct h.player_id from history h
           where h.created_at >= ${period.start} and h.created_at < ${period.end}
             and h.type in ('DEPOSIT', 'MANUAL_DEPOSIT') and h.status = 'APPROVED'
           order by 1`.execute(db);
  return rows.map((row) => Number(row.player_id));
}

/** What one settlement did: the payout's status, or SETTLED when an earlier one had paid or skipped it. */
export type Settlement = CashbackStatus | 'SETTLED';

/** Settles one player's cashback of a finished period (settle_cashback). */
export async function settleCashback(
  trx: Trx,
  scheduleId: number,
  playerId: number,
  period: Period,
): Promise<Settlement> {
  const { rows } = await sql<{ status: Settlement }>`
    select settle_cashback(${scheduleId}, ${playerId}, ${period.start}, ${period.end}) as status`.execute(trx);
  return one(rows, 'settle_cashback').status;
}

/** The payouts waiting for an open promotion to end, oldest first, at most `limit`. */
export function waitingPayouts(db: Queryable, limit: number): Promise<PayoutRow[]> {
  return db
    .selectFrom('cashback_payouts')
    .selectAll()
    .where('status', '=', 'WAITING')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The player's base so far in a period that has not ended, and what it would
 * pay under the schedule if the period ended now (cashback_base,
 * cashback_amount: the rules the settlement applies).
 */
export async function figureSoFar(db: Queryable, schedule: ScheduleRow, playerId: number, period: Period) {
  const { rows } = await sql<{ base: string; amount: string }>`
    select b.base::text, cashback_amount(b.base, ${schedule.rate_bp}, ${schedule.max_satang}::bigint)::text as amount
      from cashback_base(${schedule.base}, ${playerId}, ${period.start}, ${period.end}) as b(base)`.execute(db);
  const row = one(rows, 'the running figure');
  return { baseSatang: Number(row.base), amountSatang: Number(row.amount) };
}

/** Whether a promotion's bonus started for the player in the period (no cashback for it then). */
export async function bonusInPeriod(db: Queryable, playerId: number, period: Period): Promise<boolean> {
  const row = await db
    .selectFrom('player_promotions')
    .select('id')
    .where('player_id', '=', playerId)
    .where('promotion_id', 'is not', null)
    .where('bonus_satang', '>', 0)
    .where('activated_at', '>=', period.start)
    .where('activated_at', '<', period.end)
    .executeTakeFirst();
  return row !== undefined;
}

/** The reason the player's protection blocks play now (player_protection_refusal), or null. */
export async function protectionBlocks(db: Queryable, playerId: number): Promise<boolean> {
  const { rows } = await sql<{ refusal: string | null }>`
    select player_protection_refusal(${playerId}, 'PLAY', 0) as refusal`.execute(db);
  return one(rows, 'the protection refusal').refusal !== null;
}

/** The player's last 20 settled periods, newest first. */
export function payoutsOf(db: Queryable, playerId: number): Promise<PayoutRow[]> {
  return db
    .selectFrom('cashback_payouts')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('period_start', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}

/** A page of payouts for operators, newest period first, with the player's username. */
export async function payoutsPage(
  db: Queryable,
  filter: { scheduleId?: number; status?: CashbackStatus },
  page: { page: number; limit: number },
) {
  let query = db.selectFrom('cashback_payouts as c').innerJoin('players as p', 'p.id', 'c.player_id');
  if (filter.scheduleId !== undefined) query = query.where('c.schedule_id', '=', filter.scheduleId);
  if (filter.status !== undefined) query = query.where('c.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll('c')
      .select('p.username')
      .orderBy('c.period_start', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** How many periods a schedule paid, and how much. */
export async function paidTotals(db: Queryable, scheduleId: number) {
  const row = await db
    .selectFrom('cashback_payouts')
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<string>`coalesce(sum(amount_satang), 0)::text`.as('satang')])
    .where('schedule_id', '=', scheduleId)
    .where('status', '=', 'PAID')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), satang: Number(row.satang) };
}

export async function isOptedOut(db: Queryable, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('cashback_opt_outs')
    .select('player_id')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setOptOut(db: Queryable, playerId: number, optOut: boolean): Promise<void> {
  if (optOut) {
    await db
      .insertInto('cashback_opt_outs')
      .values({ player_id: playerId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  } else {
    await db.deleteFrom('cashback_opt_outs').where('player_id', '=', playerId).execute();
  }
}

/** The names of the schedule a payout belongs to (a cashback claim's title). */
export async function scheduleNamesOfPayout(db: Queryable, payoutId: number) {
  const row = await db
    .selectFrom('cashback_payouts as c')
    .innerJoin('cashback_schedules as s', 's.id', 'c.schedule_id')
    .select('s.names')
    .where('c.id', '=', payoutId)
    .executeTakeFirst();
  return present(row, 'the payout a claim names (its foreign key)').names;
}
