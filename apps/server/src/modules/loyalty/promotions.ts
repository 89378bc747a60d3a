import type { MessageKey } from '@app/contracts/messages';
import { satangToBaht } from '@app/contracts/money';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { hasApprovedDeposit } from '../history/history.service.ts';
import { lockMainBalance } from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { assertProtectionAllows, protectionRefusal } from '../protection/protection.service.ts';
import { moveBonusMoney } from './bonus-money.ts';
import {
  activateClaim,
  type ClaimRow,
  completeClaim,
  endClaim,
  findPromotion,
  hasEarlierClaim,
  insertPendingClaim,
  lockOpenClaim,
  moneyAway,
  type PromotionRow,
  returnToHouse,
  settleClaim,
} from './promotions.repository.ts';

/**
 * Promotions: a bonus credited with a deposit (or at once, for a fixed
 * amount), then a turnover requirement that must be met before the player
 * may withdraw. A player has at most one open claim (PENDING before its
 * deposit, or ACTIVE); the unique index player_promotions_one_open holds
 * that under any concurrency. The rules, in order of a claim's life:
 *
 * - claim: the promotion is ACTIVE and within its window; its claim limit
 *   (ONCE per player, or once per Bangkok DAY; a cancelled claim does not
 *   count); FIRST_DEPOSIT only before the player's first credited deposit
 *   (a DEPOSIT, or a MANUAL_DEPOSIT an operator marked as a deposit),
 *   DAILY_FIRST_DEPOSIT only before the day's first. FIXED starts at once.
 * - deposit: the next credited deposit of a PENDING claim activates it if the
 *   rules still hold, the player's own protection allows a claim (no time-out
 *   or self-exclusion in force) and the deposit reaches the minimum;
 *   otherwise the claim is CANCELLED (with the reason) and the deposit is
 *   credited as usual. A held deposit an operator releases starts nothing
 *   (the claim keeps waiting). The bonus is percent of the deposit (floor, in
 *   satang), at most the cap. A time-out or self-exclusion starting cancels a
 *   PENDING claim.
 * - turnover: required = multiplier × (deposit + bonus), or × bonus;
 *   counted bets add their stake × the game's contribution % (floor).
 * - end, judged only on settled rounds (settle_claim, sql/promotion_end.sql:
 *   never while a round of the player is open, so the result of every bet
 *   placed under a requirement lands under it): COMPLETED when met (the
 *   balance above the promotion's maximum withdrawal, if it has one, returns
 *   to the house, once no money is away at a provider); ENDED_LOW_BALANCE
 *   when the player's whole balance falls below the floor setting; FORFEITED
 *   by the player (the bonus, at most the main balance, returns; with
 *   forfeit_winnings everything above the deposit), only with all their money
 *   home: none at a provider, on its way, or in an open round.
 *
 * The queries and the calls of the SQL functions are promotions.repository.ts's.
 */

export const promotionNotFound = () => new AppError(404, 'PROMOTION_NOT_FOUND', 'promotion_not_found');
export const promotionOpen = () => new AppError(409, 'PROMOTION_OPEN', 'promotion_open');

/** Whether the promotion runs now: ACTIVE, started, not ended. */
export function isRunning(promotion: PromotionRow, now = new Date()): boolean {
  return (
    promotion.status === 'ACTIVE' &&
    (promotion.starts_at === null || promotion.starts_at <= now) &&
    (promotion.ends_at === null || promotion.ends_at > now)
  );
}

/**
 * Why the player may not claim (or, at its deposit, activate) the promotion
 * now, as a message key; null when they may. `except` leaves out the claim
 * being activated and the deposit being credited.
 */
export async function whyNotClaimable(
  db: Queryable,
  playerId: number,
  promotion: PromotionRow,
  except: { claimId?: number; historyId?: number } = {},
): Promise<MessageKey | null> {
  if (!isRunning(promotion)) return 'promotion_why_window';
  if (await hasEarlierClaim(db, playerId, promotion, except.claimId)) {
    return promotion.claim_limit === 'DAILY' ? 'promotion_why_claimed_today' : 'promotion_why_claimed';
  }
  if (promotion.kind === 'FIRST_DEPOSIT' || promotion.kind === 'DAILY_FIRST_DEPOSIT') {
    const deposited = await hasApprovedDeposit(db, playerId, {
      exceptId: except.historyId ?? null,
      today: promotion.kind === 'DAILY_FIRST_DEPOSIT',
    });
    if (deposited) {
      return promotion.kind === 'FIRST_DEPOSIT' ? 'promotion_why_not_first' : 'promotion_why_not_first_today';
    }
  }
  return null;
}

/** The bonus a deposit earns: percent of it (floor), at most the cap. */
export function bonusFor(promotion: Pick<PromotionRow, 'percent' | 'cap_satang'>, depositSatang: number): number {
  const bonus = Math.floor((depositSatang * promotion.percent) / 100);
  return promotion.cap_satang === null ? bonus : Math.min(bonus, promotion.cap_satang);
}

/** The turnover a bonus requires: the multiplier over deposit + bonus, or over the bonus only. */
export function turnoverRequiredFor(
  promotion: Pick<PromotionRow, 'turnover_multiplier' | 'turnover_base'>,
  depositSatang: number,
  bonusSatang: number,
): number {
  const base = promotion.turnover_base === 'BONUS' ? bonusSatang : depositSatang + bonusSatang;
  return promotion.turnover_multiplier * base;
}

/** Starts a claim with its bonus credited: ACTIVE, or COMPLETED at once when nothing is required. */
async function startClaim(
  trx: Trx,
  claim: ClaimRow,
  terms: { depositSatang: number; bonusSatang: number; turnoverRequired: number; historyId: number | null },
  promotion: PromotionRow,
) {
  const moved = await moveBonusMoney(trx, {
    playerId: claim.player_id,
    kind: 'BONUS',
    amountSatang: terms.bonusSatang,
    reference: `promotion:${claim.id}`,
    note: `promotion ${promotion.id}`,
  });
  const started = await activateClaim(trx, claim.id, terms, promotion, moved.journalEntryId);
  await notify(trx, claim.player_id, 'PROMOTION_STARTED', { bonus: satangToBaht(terms.bonusSatang) });
  if (terms.turnoverRequired === 0) await completeClaim(trx, started);
}

/**
 * Opens the player's claim of a promotion (the caller has checked the rules
 * and locked the main account): PENDING until its deposit, or, for a FIXED
 * promotion, started at once with its amount. Also how a bonus reward
 * claims its promotion.
 */
export async function openClaim(trx: Trx, playerId: number, promotion: PromotionRow): Promise<number> {
  const claim = await insertPendingClaim(trx, playerId, promotion.id);
  if (promotion.kind === 'FIXED' && promotion.fixed_satang !== null) {
    await startClaim(
      trx,
      claim,
      {
        depositSatang: 0,
        bonusSatang: promotion.fixed_satang,
        turnoverRequired: turnoverRequiredFor(promotion, 0, promotion.fixed_satang),
        historyId: null,
      },
      promotion,
    );
  }
  return claim.id;
}

/**
 * A player claims a promotion: a deposit promotion waits (PENDING) for the
 * next credited deposit; a FIXED one credits its amount at once. A
 * requirement already decided (met, or below the floor) ends first, so it
 * does not stand in the way.
 */
export async function claimPromotion(db: Db, playerId: number, promotionId: number): Promise<number> {
  // In a transaction of its own: a requirement that has ended stays ended whatever the claim's answer.
  await db.transaction().execute((trx) => settleClaim(trx, playerId));
  try {
    return await db.transaction().execute(async (trx) => {
      const promotion = await findPromotion(trx, promotionId);
      if (!promotion) throw promotionNotFound();
      await lockMainBalance(trx, playerId);
      await assertProtectionAllows(trx, playerId, 'CLAIM');
      if (await lockOpenClaim(trx, playerId)) throw promotionOpen();
      const why = await whyNotClaimable(trx, playerId, promotion);
      if (why) throw new AppError(409, 'PROMOTION_NOT_CLAIMABLE', why);
      const claimId = await openClaim(trx, playerId, promotion);
      return claimId;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'player_promotions_one_open')) throw promotionOpen();
    throw error;
  }
}

/**
 * A deposit was credited (bank feed, slip, assignment), in its transaction:
 * the player's PENDING claim, if any, is activated with its bonus, or
 * cancelled with the reason when the deposit does not qualify.
 */
export async function activateOnDeposit(
  trx: Trx,
  deposit: { playerId: number; amountSatang: number; historyId: number },
): Promise<void> {
  const claim = await lockOpenClaim(trx, deposit.playerId);
  if (claim?.status !== 'PENDING' || claim.promotion_id === null) return;
  // Nothing is given under a time-out or self-exclusion, whoever credits the deposit.
  if (await protectionRefusal(trx, deposit.playerId, 'CLAIM')) {
    return endClaim(trx, claim.id, 'CANCELLED', 'player_protection');
  }
  const promotion = await findPromotion(trx, claim.promotion_id);
  if (!promotion) return;
  const why = await whyNotClaimable(trx, deposit.playerId, promotion, {
    claimId: claim.id,
    historyId: deposit.historyId,
  });
  if (why) return endClaim(trx, claim.id, 'CANCELLED', why);
  if (deposit.amountSatang < promotion.min_deposit_satang) {
    return endClaim(trx, claim.id, 'CANCELLED', 'deposit_below_minimum');
  }
  const bonus = bonusFor(promotion, deposit.amountSatang);
  if (bonus <= 0) return endClaim(trx, claim.id, 'CANCELLED', 'no_bonus');
  await startClaim(
    trx,
    claim,
    {
      depositSatang: deposit.amountSatang,
      bonusSatang: bonus,
      turnoverRequired: turnoverRequiredFor(promotion, deposit.amountSatang, bonus),
      historyId: deposit.historyId,
    },
    promotion,
  );
}

/**
 * The player gives up their open claim: a PENDING one is cancelled; an
 * ACTIVE one is FORFEITED and the bonus (at most the main balance; with
 * forfeit_winnings, everything above the deposit) returns to the house. The
 * bonus is taken from the main wallet, so all the player's money must be
 * there: with credit at a provider, a transfer on its way or a round open,
 * the forfeit is refused (PROMOTION_CREDIT_AWAY) and the requirement stands.
 */
export async function forfeitPromotion(db: Db, playerId: number): Promise<{ claimId: number; forfeited: boolean }> {
  return db.transaction().execute(async (trx) => {
    const main = await lockMainBalance(trx, playerId);
    const claim = await lockOpenClaim(trx, playerId);
    if (!claim) throw new AppError(404, 'NO_OPEN_PROMOTION', 'no_open_promotion');
    if (claim.status === 'PENDING') {
      await endClaim(trx, claim.id, 'CANCELLED', 'player_cancelled');
      return { claimId: claim.id, forfeited: false };
    }
    if (await moneyAway(trx, playerId)) throw new AppError(409, 'PROMOTION_CREDIT_AWAY', 'promotion_credit_away');
    await endClaim(trx, claim.id, 'FORFEITED', 'player_forfeited');
    const take = claim.forfeit_winnings
      ? main.balance - claim.deposit_satang
      : Math.min(claim.bonus_satang, main.balance);
    await returnToHouse(trx, claim, take, 'forfeited');
    return { claimId: claim.id, forfeited: true };
  });
}
