import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { PlayerPromotionsTable, PromotionsTable } from '../../db/schema.ts';
import { bangkokDayStart } from '../../lib/bangkok-day.ts';
import { LOYALTY_DEFAULTS_JSON } from './loyalty-settings.ts';

/**
 * The promotions' queries: the promotions, the players' claims, and the SQL
 * functions that end a claim, settle a requirement and count a bet's
 * turnover (sql/promotion_end.sql, sql/count_bet.sql). When each runs is
 * promotions.ts's rule (and turnover.ts's, loyalty.service.ts's).
 */
export type PromotionRow = Selectable<PromotionsTable>;
export type ClaimRow = Selectable<PlayerPromotionsTable>;

/** A promotion, if there is one. */
export async function findPromotion(db: Queryable, id: number): Promise<PromotionRow | undefined> {
  return db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ACTIVE promotions, in the order the player's screen shows them (whether each runs now is isRunning's). */
export function activePromotions(db: Queryable): Promise<PromotionRow[]> {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('status', '=', 'ACTIVE')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Records a new promotion. */
export function insertPromotion(trx: Trx, values: Insertable<PromotionsTable>): Promise<PromotionRow> {
  return trx.insertInto('promotions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a promotion, stamped now. */
export function updatePromotion(trx: Trx, id: number, values: Updateable<PromotionsTable>): Promise<PromotionRow> {
  return trx
    .updateTable('promotions')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The player's open claim (PENDING or ACTIVE), locked until the transaction ends. */
export async function lockOpenClaim(trx: Trx, playerId: number): Promise<ClaimRow | undefined> {
  return trx
    .selectFrom('player_promotions')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('status', 'in', ['PENDING', 'ACTIVE'])
    .forUpdate()
    .executeTakeFirst();
}

/** The player's open claim (PENDING or ACTIVE), unlocked. */
export async function findOpenClaim(db: Queryable, playerId: number): Promise<ClaimRow | undefined> {
  return db
    .selectFrom('player_promotions')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('status', 'in', ['PENDING', 'ACTIVE'])
    .executeTakeFirst();
}

/** A claim, if there is one. */
export function findClaim(db: Queryable, id: number): Promise<ClaimRow | undefined> {
  return db.selectFrom('player_promotions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The player's last 50 claims, newest first. */
export function claimsOf(db: Queryable, playerId: number): Promise<ClaimRow[]> {
  return db
    .selectFrom('player_promotions')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('claimed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/**
 * Whether the player has a claim of the promotion that was not cancelled
 * (for a DAILY limit, one claimed since midnight in Bangkok), other than
 * `exceptClaimId`.
 */
export async function hasEarlierClaim(
  db: Queryable,
  playerId: number,
  promotion: Pick<PromotionRow, 'id' | 'claim_limit'>,
  exceptClaimId: number | undefined,
): Promise<boolean> {
  let earlier = db
    .selectFrom('player_promotions')
    .select('id')
    .where('player_id', '=', playerId)
    .where('promotion_id', '=', promotion.id)
    .where('status', '<>', 'CANCELLED')
    .where('id', '<>', exceptClaimId ?? 0);
  if (promotion.claim_limit === 'DAILY') earlier = earlier.where('claimed_at', '>=', bangkokDayStart);
  return (await earlier.executeTakeFirst()) !== undefined;
}

/** Opens the player's claim of a promotion, PENDING. */
export function insertPendingClaim(trx: Trx, playerId: number, promotionId: number): Promise<ClaimRow> {
  return trx
    .insertInto('player_promotions')
    .values({ player_id: playerId, promotion_id: promotionId, status: 'PENDING' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Makes a claim ACTIVE now, with the terms it starts under and the
 * promotion's terms copied onto it (claims already started keep them);
 * `journalId` credited its bonus.
 */
export function activateClaim(
  trx: Trx,
  claimId: number,
  terms: { depositSatang: number; bonusSatang: number; turnoverRequired: number; historyId: number | null },
  promotion: Pick<PromotionRow, 'contribution_wc' | 'contribution_ufa' | 'max_withdraw_satang' | 'forfeit_winnings'>,
  journalId: number,
): Promise<ClaimRow> {
  return trx
    .updateTable('player_promotions')
    .set({
      status: 'ACTIVE',
      deposit_satang: terms.depositSatang,
      bonus_satang: terms.bonusSatang,
      turnover_required: terms.turnoverRequired,
      contribution_wc: promotion.contribution_wc,
      contribution_ufa: promotion.contribution_ufa,
      max_withdraw_satang: promotion.max_withdraw_satang,
      forfeit_winnings: promotion.forfeit_winnings,
      deposit_history_id: terms.historyId,
      bonus_journal_id: journalId,
      activated_at: sql<Date>`now()`,
    })
    .where('id', '=', claimId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Ends a claim with its status and reason and tells the player (end_claim,
 * sql/promotion_end.sql: how a claim ends has one implementation, which the
 * seamless bet's turnover calls too).
 */
export async function endClaim(trx: Trx, claimId: number, status: ClaimRow['status'], reason: string): Promise<void> {
  await sql`select end_claim(${claimId}, ${status}, ${reason})`.execute(trx);
}

/** Returns bonus money to the house (never more than the main balance) and records it on the claim (return_to_house). */
export async function returnToHouse(trx: Trx, claim: ClaimRow, satang: number, note: string): Promise<void> {
  await sql`select return_to_house(${claim.id}, ${satang}, ${note})`.execute(trx);
}

/**
 * A requirement met: COMPLETED. When the promotion caps what may be
 * withdrawn after it, the main balance above the cap returns to the house
 * (complete_claim, sql/promotion_end.sql).
 */
export async function completeClaim(trx: Trx, claim: ClaimRow): Promise<void> {
  await sql`select complete_claim(${claim.id})`.execute(trx);
}

/**
 * Settles the player's ACTIVE requirement if nothing of it is still being
 * decided (settle_claim: completed when met, ended below the balance floor),
 * in the caller's transaction. Answers the status it ended with, or null.
 */
export async function settleClaim(trx: Trx, playerId: number): Promise<ClaimRow['status'] | null> {
  const { rows } = await sql<{ settled: ClaimRow['status'] | null }>`
    select settle_claim(${playerId}, ${LOYALTY_DEFAULTS_JSON}::jsonb) as settled`.execute(trx);
  return rows[0]?.settled ?? null;
}

/**
 * Whether any of the player's money is away from the main wallet: credit at a
 * provider (current or in game), a transfer on its way, or a bet in a round
 * whose result has not arrived (player_money_away, player_rounds_open).
 */
export async function moneyAway(trx: Trx, playerId: number): Promise<boolean> {
  const { rows } = await sql<{ away: boolean }>`
    select player_money_away(${playerId}) > 0 or player_rounds_open(${playerId}) as away`.execute(trx);
  return rows[0]?.away === true;
}

/** Counts a bet's stake toward the player's requirement and points turnover, once per (provider, reference) (count_bet). */
export async function countBetTurnover(
  trx: Trx,
  bet: { playerId: number; provider: string; reference: string; stakeSatang: number },
): Promise<void> {
  await sql`select count_bet(${bet.playerId}, ${bet.provider}, ${bet.reference}, ${bet.stakeSatang},
    ${LOYALTY_DEFAULTS_JSON}::jsonb)`.execute(trx);
}

/** Takes back what a counted bet added, once (void_bet). */
export async function voidBetTurnover(trx: Trx, bet: { provider: string; reference: string }): Promise<void> {
  await sql`select void_bet(${bet.provider}, ${bet.reference})`.execute(trx);
}
