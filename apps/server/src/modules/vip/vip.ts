import type { Language } from '@app/contracts/languages';
import { type MessageKey, translate } from '@app/contracts/messages';
import { satangToBaht } from '@app/contracts/money';
import { type AdminVipRank, type RakebackReason, rankNameIn, type VipRankRequest } from '@app/contracts/vip';
import type { Db, Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { periodsOf, protectionBlocks } from '../cashback/cashback.repository.ts';
import {
  findRank,
  holdersByRank,
  insertRank,
  listRanks,
  playersToRankUp,
  playersWithNewTurnover,
  type RankRow,
  rakebackPayoutsOf,
  rakebackRunFinished,
  rankUp,
  rankUpsOf,
  recordRakebackRun,
  settleRakeback,
  standingOf,
  updateRank,
} from './vip.repository.ts';

/**
 * VIP ranks and rakeback. What a player reaches and is paid is decided in
 * SQL (vip_rank_up, settle_rakeback: sql/vip.sql); this file decides when:
 *
 * - every minute, players whose lifetime turnover reaches a rank above the
 *   one they hold are raised (at most RANK_UPS_PER_TICK a tick, each in a
 *   transaction of its own; the rank's key makes a second instance's attempt
 *   pay nothing);
 * - once a Bangkok day is due (30 minutes after it ends), every player with
 *   turnover beyond their rakeback mark is settled for it, each in a
 *   transaction of its own; the day is each payout's key, and the run is
 *   recorded once all are settled. A day the job missed needs no catching up:
 *   the next settlement pays the turnover since the mark.
 */

const RANK_UPS_PER_TICK = 500;

export async function runVip(db: Db): Promise<{ rankedUp: number; rakeback: number }> {
  const climbers = await playersToRankUp(db, RANK_UPS_PER_TICK);
  for (const playerId of climbers) await db.transaction().execute((trx) => rankUp(trx, playerId));
  const { due } = await periodsOf(db, 'DAY');
  if (await rakebackRunFinished(db, due.start)) return { rankedUp: climbers.length, rakeback: 0 };
  const players = await playersWithNewTurnover(db);
  for (const playerId of players) await db.transaction().execute((trx) => settleRakeback(trx, playerId, due));
  await recordRakebackRun(db, due.start, players.length);
  return { rankedUp: climbers.length, rakeback: players.length };
}

/** Runs the job every interval until stopped; a failed tick is logged and the next one tries again. */
export function startVipJob(db: Db, log: { error: (details: object, message: string) => void }, ms: number) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runVip(db)
      .catch((error: unknown) => log.error({ err: error }, 'VIP run failed'))
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

const whyKey = (reason: RakebackReason): MessageKey => `rakeback_why_${reason}`;

/** What a player sees: their rank and the next, every rank, the rakeback so far, the last payouts and rank-ups. */
export async function vipForPlayer(db: Queryable, playerId: number, language: Language) {
  const [ranks, standing] = await Promise.all([listRanks(db), standingOf(db, playerId)]);
  // The rank shown is the higher of the one held and the one the turnover has reached: the job raises the
  // player (and pays the reward) within a minute, and a rank held is kept whatever the thresholds are now.
  const stored = ranks.find((rank) => rank.id === standing.rankId);
  // Before a first bet nothing is reached, not even a rank from 0: ranks are for play.
  const reached =
    standing.turnoverSatang > 0 ? ranks.findLast((rank) => rank.turnover_satang <= standing.turnoverSatang) : undefined;
  const held = stored && (!reached || stored.turnover_satang >= reached.turnover_satang) ? stored : reached;
  const heldTurnover = held?.turnover_satang ?? -1;
  const next = ranks.find((rank) => rank.turnover_satang > Math.max(heldTurnover, standing.turnoverSatang));
  const rate = held?.rakeback_bp ?? 0;
  const sinceMark = standing.turnoverSatang - standing.paidThroughSatang;
  const estimate = Math.floor((Math.max(sinceMark, 0) * rate) / 10_000);
  let why: RakebackReason | null = null;
  if (sinceMark <= 0) why = 'no_turnover';
  else if (rate === 0) why = 'no_rate';
  else if (estimate === 0) why = 'below_minimum';
  else if (await protectionBlocks(db, playerId)) why = 'player_protection';
  const { current } = await periodsOf(db, 'DAY');
  const [payouts, rankUps] = await Promise.all([rakebackPayoutsOf(db, playerId), rankUpsOf(db, playerId)]);
  const nameOf = (id: number | null) => {
    const rank = ranks.find((row) => row.id === id);
    return rank ? rankNameIn(rank.names, language) : '';
  };
  return {
    turnover: satangToBaht(standing.turnoverSatang),
    rank: held
      ? {
          id: held.id,
          name: rankNameIn(held.names, language),
          rakebackPercent: held.rakeback_bp / 100,
          reachedAt: held === stored ? (standing.reachedAt?.toISOString() ?? null) : null,
        }
      : null,
    next: next
      ? {
          id: next.id,
          name: rankNameIn(next.names, language),
          turnover: satangToBaht(next.turnover_satang),
          remaining: satangToBaht(Math.max(next.turnover_satang - standing.turnoverSatang, 0)),
        }
      : null,
    ranks: ranks.map((rank) => ({
      id: rank.id,
      name: rankNameIn(rank.names, language),
      turnover: satangToBaht(rank.turnover_satang),
      rakebackPercent: rank.rakeback_bp / 100,
      levelUpReward: satangToBaht(rank.level_up_satang),
      reached: held !== undefined && rank.turnover_satang <= held.turnover_satang,
    })),
    rakeback: {
      turnover: satangToBaht(Math.max(sinceMark, 0)),
      estimate: why === null ? satangToBaht(estimate) : 0,
      paysAt: new Date(current.end.getTime() + 30 * 60_000).toISOString(),
      excluded: why === null ? null : translate(whyKey(why), language),
    },
    payouts: payouts.map((row) => ({
      id: row.id,
      day: row.period_start.toISOString(),
      turnover: satangToBaht(row.turnover_satang),
      ratePercent: row.rate_bp / 100,
      amount: satangToBaht(row.amount_satang),
      status: row.status,
      reason: row.reason === null ? null : translate(whyKey(row.reason as RakebackReason), language),
    })),
    rankUps: rankUps.map((row) => ({
      rankId: row.rank_id,
      name: nameOf(row.rank_id),
      amount: satangToBaht(row.amount_satang),
      status: row.status,
      reachedAt: row.created_at.toISOString(),
    })),
  };
}

export async function adminRanks(db: Queryable): Promise<AdminVipRank[]> {
  const [ranks, holders] = await Promise.all([listRanks(db), holdersByRank(db)]);
  return ranks.map((rank) => adminRankView(rank, holders.get(rank.id) ?? 0));
}

export function adminRankView(rank: RankRow, players: number): AdminVipRank {
  return {
    id: rank.id,
    names: rank.names,
    turnoverSatang: rank.turnover_satang,
    rakebackBp: rank.rakeback_bp,
    levelUpSatang: rank.level_up_satang,
    players,
  };
}

/** Creates (id undefined) or changes a rank, audited. A rank a player reached stays theirs. */
export async function saveRank(db: Db, actor: Actor, id: number | undefined, input: VipRankRequest) {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = id === undefined ? undefined : await findRank(trx, id);
      if (id !== undefined && !before) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
      const values = {
        names: JSON.stringify(input.names),
        turnover_satang: input.turnoverSatang,
        rakeback_bp: input.rakebackBp,
        level_up_satang: input.levelUpSatang,
      };
      const saved = id === undefined ? await insertRank(trx, values) : await updateRank(trx, id, values);
      if (!saved) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
      await appendAudit(trx, actor, {
        action: id === undefined ? 'vip_rank.create' : 'vip_rank.update',
        targetType: 'vip_rank',
        targetId: saved.id,
        before: before ?? null,
        after: saved,
      });
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'vip_ranks_turnover')) {
      throw new AppError(409, 'VALIDATION_ERROR', 'vip_rank_turnover_taken');
    }
    throw error;
  }
}
