import { type Insertable, type Selectable, sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { RedemptionsTable, RewardsTable } from '../../db/schema.ts';
import { bangkokDayStart } from '../../lib/bangkok-day.ts';

/**
 * The rewards' queries: the rewards (their stock), the redemptions (a
 * player's list among them), the claim a credit reward with turnover starts.
 * When each runs, and the order of the locks, is rewards.ts's rule.
 */
export type RewardRow = Selectable<RewardsTable>;
export type RedemptionRow = Selectable<RedemptionsTable>;

/** An active reward, locked until the transaction ends (its stock), if there is one. */
export function lockActiveReward(trx: Trx, rewardId: number): Promise<RewardRow | undefined> {
  return trx
    .selectFrom('rewards')
    .selectAll()
    .where('id', '=', rewardId)
    .where('active', '=', true)
    .forUpdate()
    .executeTakeFirst();
}

/** How many of the player's redemptions of the reward since midnight in Bangkok were not cancelled. */
export async function redemptionsToday(trx: Trx, playerId: number, rewardId: number): Promise<number> {
  const today = await trx
    .selectFrom('redemptions')
    .select(sql<string>`count(*)`.as('n'))
    .where('reward_id', '=', rewardId)
    .where('player_id', '=', playerId)
    .where('status', '<>', 'CANCELLED')
    .where('created_at', '>=', bangkokDayStart)
    .executeTakeFirstOrThrow();
  return Number(today.n);
}

/** Sets a reward's stock. */
export async function setRewardStock(trx: Trx, rewardId: number, stock: number): Promise<void> {
  await trx.updateTable('rewards').set({ stock }).where('id', '=', rewardId).execute();
}

/** Gives one back to a reward's stock (a reward without stock stays without). */
export async function giveBackStock(trx: Trx, rewardId: number): Promise<void> {
  await trx
    .updateTable('rewards')
    .set({ stock: sql<number>`stock + 1` })
    .where('id', '=', rewardId)
    .where('stock', 'is not', null)
    .execute();
}

/** A reward's name, if there is such a reward. */
export function rewardNameOf(db: Queryable, rewardId: number): Promise<{ name: string } | undefined> {
  return db.selectFrom('rewards').select('name').where('id', '=', rewardId).executeTakeFirst();
}

/** Starts the requirement of a credit reward with turnover: an ACTIVE claim of the reward. Answers its id. */
export async function insertRewardClaim(
  trx: Trx,
  claim: { playerId: number; rewardId: number; bonusSatang: number; turnoverRequired: number; journalId: number },
): Promise<number> {
  const row = await trx
    .insertInto('player_promotions')
    .values({
      player_id: claim.playerId,
      reward_id: claim.rewardId,
      status: 'ACTIVE',
      bonus_satang: claim.bonusSatang,
      turnover_required: claim.turnoverRequired,
      bonus_journal_id: claim.journalId,
      activated_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records a redemption. */
export function insertRedemption(trx: Trx, values: Insertable<RedemptionsTable>): Promise<RedemptionRow> {
  return trx.insertInto('redemptions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A redemption, locked until the transaction ends, if there is one. */
export function lockRedemptionRow(trx: Trx, id: number): Promise<RedemptionRow | undefined> {
  return trx.selectFrom('redemptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The journal that returned a cancelled redemption's points (its REFUND lot), if any. */
export function refundJournalOf(trx: Trx, redemptionId: number): Promise<{ journal_entry_id: number } | undefined> {
  return trx
    .selectFrom('points_lots')
    .select('journal_entry_id')
    .where('source', '=', 'REFUND')
    .where('reference', '=', `redemption:${redemptionId}`)
    .executeTakeFirst();
}

/** Marks a redemption SENT, with the operator's note, by whom and now. */
export function setRedemptionSent(trx: Trx, id: number, note: string, decidedBy: string): Promise<RedemptionRow> {
  return trx
    .updateTable('redemptions')
    .set({ status: 'SENT', note, decided_by: decidedBy, decided_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks a redemption CANCELLED, with the operator's note, by whom, now and the journal that returned its points. */
export function setRedemptionCancelled(
  trx: Trx,
  id: number,
  cancel: { note: string; decidedBy: string; refundJournalId: number | null },
): Promise<RedemptionRow> {
  return trx
    .updateTable('redemptions')
    .set({
      status: 'CANCELLED',
      note: cancel.note,
      decided_by: cancel.decidedBy,
      decided_at: sql<Date>`now()`,
      refund_journal_id: cancel.refundJournalId,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A player's redemptions, newest first, each with its reward's names in the other languages (for the player's view). */
export function listPlayerRedemptions(db: Queryable, playerId: number, limit = 50) {
  return db
    .selectFrom('redemptions')
    .leftJoin('rewards', 'rewards.id', 'redemptions.reward_id')
    .selectAll('redemptions')
    .select('rewards.names as reward_names')
    .where('redemptions.player_id', '=', playerId)
    .orderBy('redemptions.created_at', 'desc')
    .orderBy('redemptions.id', 'desc')
    .limit(limit)
    .execute();
}
