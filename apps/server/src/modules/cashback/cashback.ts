import {
  type AdminCashbackSchedule,
  type CashbackPayout,
  type CashbackReason,
  type CashbackSchedule,
  type CashbackScheduleRequest,
  cashbackNameIn,
} from '@app/contracts/cashback';
import type { Language } from '@app/contracts/languages';
import { type MessageKey, translate } from '@app/contracts/messages';
import { satangToBaht } from '@app/contracts/money';
import type { Db, Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import {
  bonusInPeriod,
  figureSoFar,
  findSchedule,
  insertSchedule,
  isOptedOut,
  lastRun,
  listSchedules,
  type PayoutRow,
  type Period,
  paidTotals,
  payoutsOf,
  periodPlayers,
  periodsOf,
  protectionBlocks,
  recordRun,
  runFinished,
  type ScheduleRow,
  type Settlement,
  settleCashback,
  updateSchedule,
  waitingPayouts,
} from './cashback.repository.ts';

/**
 * Cashback: each ACTIVE schedule gives back rate_bp basis points (floor) of a
 * player's base over a finished period (a Bangkok day, or a week from
 * Monday), at most its maximum, nothing under its minimum, as bonus money
 * with its own turnover and withdrawal cap. What a period pays, and whether,
 * is settle_cashback's rule (sql/cashback.sql); this file decides when:
 *
 * - a period is due 30 minutes after it ends (the time a round may stay
 *   open), and is settled player by player, each in a transaction of its
 *   own; the period is the key of each player's payout, so a rerun, a crash
 *   half-way or two instances at once pay each player once;
 * - the job settles every due period not yet run among the last
 *   CATCH_UP_PERIODS, oldest first, so days when no instance ran are paid
 *   when one runs again; a period that ended before the schedule was created
 *   is not the schedule's (its first is the one it was created in);
 * - once every player of the period is settled, the run is recorded and the
 *   job passes over it;
 * - a payout WAITING for an open promotion to end is tried again on each tick.
 */

const WAITING_PER_TICK = 200;
const CATCH_UP_PERIODS = 7;
const PERIOD_MS = { DAY: 86_400_000, WEEK: 7 * 86_400_000 } as const;

/** The due period and the ones before it, oldest first, that ended after the schedule was created. */
export function periodsToSettle(schedule: Pick<ScheduleRow, 'period' | 'created_at'>, due: Period): Period[] {
  const length = PERIOD_MS[schedule.period];
  const periods: Period[] = [];
  for (let back = CATCH_UP_PERIODS - 1; back >= 0; back -= 1) {
    const period = {
      start: new Date(due.start.getTime() - back * length),
      end: new Date(due.end.getTime() - back * length),
    };
    if (period.end > schedule.created_at) periods.push(period);
  }
  return periods;
}

/** What one run of a schedule's period settled. */
export type RunFigures = { period: Period; players: number } & Record<Settlement, number>;

/** Settles every player of a schedule's finished period, then records the run. */
export async function settlePeriod(db: Db, schedule: ScheduleRow, period: Period): Promise<RunFigures> {
  const players = await periodPlayers(db, schedule.base, period);
  const figures: RunFigures = { period, players: players.length, PAID: 0, SKIPPED: 0, WAITING: 0, SETTLED: 0 };
  for (const playerId of players) {
    const status = await db.transaction().execute((trx) => settleCashback(trx, schedule.id, playerId, period));
    figures[status] += 1;
  }
  await recordRun(db, schedule.id, period.start, players.length);
  return figures;
}

/** One tick of the job: every ACTIVE schedule's due periods not yet run, then the payouts waiting. */
export async function runCashback(db: Db): Promise<void> {
  for (const schedule of await listSchedules(db, 'ACTIVE')) {
    const { due } = await periodsOf(db, schedule.period);
    for (const period of periodsToSettle(schedule, due)) {
      if (!(await runFinished(db, schedule.id, period.start))) await settlePeriod(db, schedule, period);
    }
  }
  for (const payout of await waitingPayouts(db, WAITING_PER_TICK)) {
    await db.transaction().execute((trx) =>
      settleCashback(trx, payout.schedule_id, payout.player_id, {
        start: payout.period_start,
        end: payout.period_end,
      }),
    );
  }
}

/** Runs the job every interval until stopped; a failed tick is logged and the next one tries again. */
export function startCashbackJob(db: Db, log: { error: (details: object, message: string) => void }, ms: number) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runCashback(db)
      .catch((error: unknown) => log.error({ err: error }, 'cashback run failed'))
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/** An operator settles a schedule's last due period now (audited); a period already run pays nobody twice. */
export async function runScheduleNow(db: Db, actor: Actor, scheduleId: number): Promise<RunFigures> {
  const schedule = await findSchedule(db, scheduleId);
  if (!schedule) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
  const { due } = await periodsOf(db, schedule.period);
  const figures = await settlePeriod(db, schedule, due);
  await db.transaction().execute((trx) =>
    appendAudit(trx, actor, {
      action: 'cashback.run',
      targetType: 'cashback_schedule',
      targetId: schedule.id,
      before: null,
      after: { periodStart: due.start.toISOString(), ...figures, period: undefined },
    }),
  );
  return figures;
}

const whyKey = (reason: CashbackReason): MessageKey => `cashback_why_${reason}`;
const baht = (satang: number | null) => (satang === null ? null : satangToBaht(satang));

/** Why the running period would pay nothing if it ended now, or null. */
async function whyNothing(
  db: Queryable,
  playerId: number,
  schedule: ScheduleRow,
  period: Period,
  figure: { baseSatang: number; amountSatang: number },
): Promise<CashbackReason | null> {
  if (await isOptedOut(db, playerId)) return 'opted_out';
  if (await protectionBlocks(db, playerId)) return 'player_protection';
  if (figure.baseSatang <= 0) return 'no_base';
  if (await bonusInPeriod(db, playerId, period)) return 'bonus_in_period';
  if (figure.amountSatang <= 0 || figure.amountSatang < schedule.min_satang) return 'below_minimum';
  return null;
}

function payoutView(row: PayoutRow, schedule: ScheduleRow | undefined, language: Language): CashbackPayout {
  return {
    id: row.id,
    name: schedule ? cashbackNameIn(schedule.names, language) : '',
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    base: satangToBaht(row.base_satang),
    amount: satangToBaht(row.amount_satang),
    turnoverRequired: satangToBaht(row.turnover_required),
    maxWithdraw: baht(row.max_withdraw_satang),
    status: row.status,
    reason: row.reason === null ? null : translate(whyKey(row.reason as CashbackReason), language),
    paidAt: row.paid_at?.toISOString() ?? null,
  };
}

/** What a player sees: each ACTIVE schedule with the running period's figure, their opt-out, their last payouts. */
export async function cashbackForPlayer(db: Queryable, playerId: number, language: Language) {
  const schedules = await listSchedules(db);
  const running: CashbackSchedule[] = [];
  for (const schedule of schedules.filter((row) => row.status === 'ACTIVE')) {
    const { current } = await periodsOf(db, schedule.period);
    const figure = await figureSoFar(db, schedule, playerId, current);
    const why = await whyNothing(db, playerId, schedule, current, figure);
    running.push({
      id: schedule.id,
      name: cashbackNameIn(schedule.names, language),
      period: schedule.period,
      base: schedule.base,
      ratePercent: schedule.rate_bp / 100,
      minAmount: satangToBaht(schedule.min_satang),
      maxAmount: baht(schedule.max_satang),
      turnoverMultiplier: schedule.turnover_multiplier,
      maxWithdraw: baht(schedule.max_withdraw_satang),
      current: {
        periodStart: current.start.toISOString(),
        periodEnd: current.end.toISOString(),
        paysAt: new Date(current.end.getTime() + 30 * 60_000).toISOString(),
        base: satangToBaht(figure.baseSatang),
        estimate: why === null ? satangToBaht(figure.amountSatang) : 0,
        excluded: why === null ? null : translate(whyKey(why), language),
      },
    });
  }
  const byId = new Map(schedules.map((row) => [row.id, row]));
  const payouts = (await payoutsOf(db, playerId)).map((row) => payoutView(row, byId.get(row.schedule_id), language));
  return { optedOut: await isOptedOut(db, playerId), schedules: running, payouts };
}

/** A schedule as operators see it, with what it has paid and its last run. */
export async function adminScheduleView(db: Queryable, row: ScheduleRow): Promise<AdminCashbackSchedule> {
  const [paid, run] = await Promise.all([paidTotals(db, row.id), lastRun(db, row.id)]);
  return {
    id: row.id,
    names: row.names,
    period: row.period,
    base: row.base,
    rateBp: row.rate_bp,
    minSatang: row.min_satang,
    maxSatang: row.max_satang,
    turnoverMultiplier: row.turnover_multiplier,
    maxWithdrawSatang: row.max_withdraw_satang,
    status: row.status,
    paidCount: paid.count,
    paidSatang: paid.satang,
    lastRun: run
      ? { periodStart: run.period_start.toISOString(), players: run.players, finishedAt: run.finished_at.toISOString() }
      : null,
  };
}

/** Creates (id undefined) or changes a schedule, audited. Payouts already computed keep their terms. */
export async function saveSchedule(db: Db, actor: Actor, id: number | undefined, input: CashbackScheduleRequest) {
  return db.transaction().execute(async (trx) => {
    const before = id === undefined ? undefined : await findSchedule(trx, id);
    if (id !== undefined && !before) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
    const values = {
      names: JSON.stringify(input.names),
      period: input.period,
      base: input.base,
      rate_bp: input.rateBp,
      min_satang: input.minSatang,
      max_satang: input.maxSatang,
      turnover_multiplier: input.turnoverMultiplier,
      max_withdraw_satang: input.maxWithdrawSatang,
      status: input.status,
    };
    const saved = id === undefined ? await insertSchedule(trx, values) : await updateSchedule(trx, id, values);
    if (!saved) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
    await appendAudit(trx, actor, {
      action: id === undefined ? 'cashback.create' : 'cashback.update',
      targetType: 'cashback_schedule',
      targetId: saved.id,
      before: before ?? null,
      after: saved,
    });
    return saved;
  });
}
