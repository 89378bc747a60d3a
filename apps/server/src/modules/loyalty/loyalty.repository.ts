import type { RedemptionStatus } from '@app/contracts/loyalty';
import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { PlayerLoyaltyTable, PointsLotsTable } from '../../db/schema.ts';
import type { PromotionRow } from './promotions.repository.ts';
import type { RedemptionRow } from './rewards.repository.ts';

/** The operators' loyalty screens' queries (loyalty.routes.ts presents what they read). */

/** How many claims of a promotion were not cancelled. */
export async function promotionClaimCount(db: Queryable, promotionId: number): Promise<number> {
  const claims = await db
    .selectFrom('player_promotions')
    .select(sql<string>`count(*)`.as('n'))
    .where('promotion_id', '=', promotionId)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirstOrThrow();
  return Number(claims.n);
}

/** Every promotion, in the order the player's screen shows them. */
export function listPromotions(db: Queryable): Promise<PromotionRow[]> {
  return db.selectFrom('promotions').selectAll().orderBy('sort_order').orderBy('id').execute();
}

/** Who redeemed: the player's name and how to reach them. */
export function redeemingPlayer(db: Queryable, playerId: number) {
  return db
    .selectFrom('players')
    .select(['username', 'full_name', 'phone_number', 'line_id'])
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow();
}

/** A page of the redemptions of a status, with their count: the waiting ones oldest first (the fulfilment queue), others newest first. */
export async function redemptionsByStatus(
  db: Queryable,
  status: RedemptionStatus,
  page: { page: number; limit: number },
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const ofStatus = db.selectFrom('redemptions').where('status', '=', status);
  const [rows, count] = await Promise.all([
    ofStatus
      .selectAll()
      .orderBy('created_at', status === 'WAITING' ? 'asc' : 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    ofStatus.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A player's last 100 points lots, newest first. */
export function pointsLotsOf(db: Queryable, playerId: number): Promise<Selectable<PointsLotsTable>[]> {
  return db
    .selectFrom('points_lots')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('earned_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** A player's loyalty row (the turnover counted), if they have one. */
export function playerLoyaltyOf(db: Queryable, playerId: number): Promise<Selectable<PlayerLoyaltyTable> | undefined> {
  return db.selectFrom('player_loyalty').selectAll().where('player_id', '=', playerId).executeTakeFirst();
}

/** The bonus expense so far (what left the house bonus account), the promotions active and the items waiting. */
export async function loyaltyTotals(
  db: Queryable,
  bonusAccount: number,
): Promise<{ expenseSatang: number; activePromotions: number; waitingRedemptions: number }> {
  const { rows } = await sql<{ expense: string; active: string; waiting: string }>`
    select coalesce((select -sum(amount) from postings where account_id = ${bonusAccount}), 0)::text as expense,
           (select count(*) from player_promotions where status = 'ACTIVE')::text as active,
           (select count(*) from redemptions where status = 'WAITING')::text as waiting`.execute(db);
  const row = rows[0] ?? { expense: '0', active: '0', waiting: '0' };
  return {
    expenseSatang: Number(row.expense),
    activePromotions: Number(row.active),
    waitingRedemptions: Number(row.waiting),
  };
}

/** Bonus given, wagered (turnover counted under promotions) and returned since midnight in Bangkok. */
export async function bonusFiguresToday(db: Queryable) {
  const { rows } = await sql<{ given: string; returned: string; wagered: string }>`
    select
      coalesce((select sum(amount) from history where type in ('BONUS', 'REWARD_CREDIT', 'CASHBACK', 'RAKEBACK', 'RANK_REWARD')
                 and created_at >= bangkok_day_start()), 0)::text as given,
      coalesce((select sum(amount) from history where type = 'BONUS_RETURN'
                 and created_at >= bangkok_day_start()), 0)::text as returned,
      coalesce((select sum(counted_satang) from turnover_bets where player_promotion_id is not null
                 and voided_at is null and created_at >= bangkok_day_start()), 0)::text as wagered`.execute(db);
  const row = rows[0] ?? { given: '0', returned: '0', wagered: '0' };
  return { givenSatang: Number(row.given), forfeitedSatang: Number(row.returned), wageredSatang: Number(row.wagered) };
}
