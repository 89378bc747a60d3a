import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { VipRanksTable } from '../../db/schema.ts';
import { one } from '../../lib/assert.ts';

/**
 * VIP ranks' queries: the ranks, a player's rank, rank-ups and rakeback, and
 * the calls of vip_rank_up and settle_rakeback (sql/vip.sql), where what is
 * reached and paid is decided. When they run is vip.ts's rule.
 */
export type RankRow = Selectable<VipRanksTable>;

export function listRanks(db: Queryable): Promise<RankRow[]> {
  return db.selectFrom('vip_ranks').selectAll().orderBy('turnover_satang').execute();
}

export function findRank(db: Queryable, id: number): Promise<RankRow | undefined> {
  return db.selectFrom('vip_ranks').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertRank(trx: Trx, values: Insertable<VipRanksTable>): Promise<RankRow> {
  return trx.insertInto('vip_ranks').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateRank(trx: Trx, id: number, values: Updateable<VipRanksTable>): Promise<RankRow | undefined> {
  return trx
    .updateTable('vip_ranks')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** How many players hold each rank. */
export async function holdersByRank(db: Queryable): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('player_ranks')
    .select(['rank_id', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('rank_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.rank_id), Number(row.n)]));
}

/** Players whose lifetime turnover reaches a rank above the one they hold, lowest id first, at most `limit`. */
export async function playersToRankUp(db: Queryable, limit: number): Promise<number[]> {
  const { rows } = await sql<{ player_id: number }>`
    select l.player_id from player_loyalty l
      left join player_ranks r on r.player_id = l.player_id
      left join vip_ranks h on h.id = r.rank_id
     where exists (select 1 from vip_ranks k
                    where k.turnover_satang <= l.turnover_satang
                      and (h.id is null or k.turnover_satang > h.turnover_satang))
     order by l.player_id
     limit ${limit}`.execute(db);
  return rows.map((row) => Number(row.player_id));
}

/** Raises the player to every rank reached (vip_rank_up); answers the rank held, or null. */
export async function rankUp(trx: Trx, playerId: number): Promise<number | null> {
  const { rows } = await sql<{ rank: number | null }>`select vip_rank_up(${playerId}) as rank`.execute(trx);
  return one(rows, 'vip_rank_up').rank;
}

/** Players with turnover beyond their rakeback mark: the ones a day's rakeback may pay. */
export async function playersWithNewTurnover(db: Queryable): Promise<number[]> {
  const { rows } = await sql<{ player_id: number }>`
    select l.player_id from player_loyalty l
      left join player_rakeback r on r.player_id = l.player_id
     where l.turnover_satang > coalesce(r.paid_through_satang, 0)
     order by l.player_id`.execute(db);
  return rows.map((row) => Number(row.player_id));
}

/** What one rakeback settlement did: PAID, SKIPPED, or SETTLED when the day had been settled before. */
export type RakebackSettlement = 'PAID' | 'SKIPPED' | 'SETTLED';

export async function settleRakeback(
  trx: Trx,
  playerId: number,
  day: { start: Date; end: Date },
): Promise<RakebackSettlement> {
  const { rows } = await sql<{ status: RakebackSettlement }>`
    select settle_rakeback(${playerId}, ${day.start}, ${day.end}) as status`.execute(trx);
  return one(rows, 'settle_rakeback').status;
}

export async function rakebackRunFinished(db: Queryable, start: Date): Promise<boolean> {
  const row = await db
    .selectFrom('rakeback_runs')
    .select('period_start')
    .where('period_start', '=', start)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordRakebackRun(db: Queryable, start: Date, players: number): Promise<void> {
  await db
    .insertInto('rakeback_runs')
    .values({ period_start: start, players })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** The player's standing: lifetime turnover, the rank held, the rakeback mark. */
export async function standingOf(db: Queryable, playerId: number) {
  const { rows } = await sql<{
    turnover: string;
    rank_id: number | null;
    reached_at: Date | null;
    paid_through: string;
  }>`
    select coalesce((select l.turnover_satang from player_loyalty l where l.player_id = ${playerId}), 0)::text as turnover,
           r.rank_id, r.reached_at,
           coalesce((select k.paid_through_satang from player_rakeback k where k.player_id = ${playerId}), 0)::text
             as paid_through
      from (select 1) one left join player_ranks r on r.player_id = ${playerId}`.execute(db);
  const row = one(rows, 'the standing');
  return {
    turnoverSatang: Number(row.turnover),
    rankId: row.rank_id === null ? null : Number(row.rank_id),
    reachedAt: row.reached_at,
    paidThroughSatang: Number(row.paid_through),
  };
}

export function rakebackPayoutsOf(db: Queryable, playerId: number) {
  return db
    .selectFrom('rakeback_payouts')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('period_start', 'desc')
    .limit(20)
    .execute();
}

export function rankUpsOf(db: Queryable, playerId: number) {
  return db
    .selectFrom('rank_ups')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}
