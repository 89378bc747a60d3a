import { sql } from 'kysely';
import type { Trx } from '../../db/database.ts';
import { assertPositiveSatang } from '../../lib/assert.ts';
import { readLoyaltySettings } from './loyalty-settings.ts';
import { awardPoints } from './points.ts';
import { completeClaim, contributionOf, endBelowFloor } from './promotions.ts';

/**
 * Turnover: every bet counts once, by (provider, reference), a WC bet as its
 * seamless callback is accepted, UFA stakes as the reconciler records the
 * provider's settled bets. A counted bet adds stake × its game's contribution
 * (floor) to the player's ACTIVE requirement, if any, completing it when met,
 * and adds its stake to the turnover that earns points. A rolled-back bet
 * stops counting: exactly what it added is taken back (a requirement already
 * completed stays completed).
 */
export async function countBet(
  trx: Trx,
  bet: { playerId: number; provider: string; reference: string; stakeSatang: number },
): Promise<void> {
  // Stryker disable next-line StringLiteral: an assertion's words are for the log; no caller reads them
  assertPositiveSatang(bet.stakeSatang, 'a counted stake');
  const inserted = await trx
    .insertInto('turnover_bets')
    .values({
      provider: bet.provider,
      reference: bet.reference,
      player_id: bet.playerId,
      stake_satang: bet.stakeSatang,
    })
    .onConflict((oc) => oc.columns(['provider', 'reference']).doNothing())
    .returning('reference')
    .executeTakeFirst();
  if (!inserted) return;
  const settings = await readLoyaltySettings(trx);
  const claim = await trx
    .selectFrom('player_promotions')
    .selectAll()
    .where('player_id', '=', bet.playerId)
    .where('status', '=', 'ACTIVE')
    .forUpdate()
    .executeTakeFirst();
  if (claim) {
    const counted = Math.floor((bet.stakeSatang * contributionOf(claim, bet.provider)) / 100);
    await trx
      .updateTable('turnover_bets')
      .set({ player_promotion_id: claim.id, counted_satang: counted })
      .where('provider', '=', bet.provider)
      .where('reference', '=', bet.reference)
      .execute();
    if (counted > 0) {
      const updated = await trx
        .updateTable('player_promotions')
        .set({ turnover_done: sql<number>`turnover_done + ${counted}` })
        .where('id', '=', claim.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (updated.turnover_done >= updated.turnover_required) await completeClaim(trx, updated);
    }
  }
  await earnTurnoverPoints(trx, bet, settings);
  // Only a requirement still open can end below the floor: without one, no further reads.
  if (claim) await endBelowFloor(trx, bet.playerId, settings.balanceFloorSatang);
}

/** Points for play: one per full `turnoverBahtPerPoint` baht bet, over the player's whole turnover. */
async function earnTurnoverPoints(
  trx: Trx,
  bet: { playerId: number; provider: string; reference: string; stakeSatang: number },
  settings: { turnoverBahtPerPoint: number; expiryDays: number },
) {
  const row = await trx
    .insertInto('player_loyalty')
    .values({ player_id: bet.playerId, turnover_satang: bet.stakeSatang })
    .onConflict((oc) =>
      oc
        .column('player_id')
        .doUpdateSet({ turnover_satang: sql<number>`player_loyalty.turnover_satang + ${bet.stakeSatang}` }),
    )
    .returning(['turnover_satang', 'turnover_points'])
    .executeTakeFirstOrThrow();
  if (settings.turnoverBahtPerPoint <= 0) return;
  const due = Math.floor(row.turnover_satang / (settings.turnoverBahtPerPoint * 100)) - row.turnover_points;
  if (due <= 0) return;
  await trx
    .updateTable('player_loyalty')
    .set({ turnover_points: row.turnover_points + due })
    .where('player_id', '=', bet.playerId)
    .execute();
  await awardPoints(trx, {
    playerId: bet.playerId,
    points: due,
    source: 'TURNOVER',
    reference: `${bet.provider}:${bet.reference}`,
    expiryDays: settings.expiryDays,
  });
}

/** A bet rolled back: it stops counting, once (points it helped earn are kept). */
export async function voidBet(trx: Trx, bet: { provider: string; reference: string }): Promise<void> {
  const voided = await trx
    .updateTable('turnover_bets')
    .set({ voided_at: sql<Date>`now()` })
    .where('provider', '=', bet.provider)
    .where('reference', '=', bet.reference)
    .where('voided_at', 'is', null)
    .returning(['player_id', 'stake_satang', 'player_promotion_id', 'counted_satang'])
    .executeTakeFirst();
  if (!voided) return;
  if (voided.player_promotion_id !== null && voided.counted_satang > 0) {
    await trx
      .updateTable('player_promotions')
      .set({ turnover_done: sql<number>`greatest(turnover_done - ${voided.counted_satang}, 0)` })
      .where('id', '=', voided.player_promotion_id)
      .where('status', '=', 'ACTIVE')
      .execute();
  }
  await trx
    .updateTable('player_loyalty')
    .set({ turnover_satang: sql<number>`greatest(turnover_satang - ${voided.stake_satang}, 0)` })
    .where('player_id', '=', voided.player_id)
    .execute();
}
