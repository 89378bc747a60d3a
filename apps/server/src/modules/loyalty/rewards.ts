import type { Language } from '@app/contracts/languages';
import type { Redemption } from '@app/contracts/loyalty';
import { satangToBaht } from '@app/contracts/money';
import { type RewardNames, rewardNameIn } from '@app/contracts/settings';
import type { Db, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { type IdempotentResult, requestFingerprint, runIdempotent } from '../idempotency/idempotency.service.ts';
import { ACCOUNT_KIND, lockMainBalance, postJournal } from '../ledger/ledger.service.ts';
import { assertProtectionAllows } from '../protection/protection.service.ts';
import { moveBonusMoney } from './bonus-money.ts';
import { readLoyaltySettings } from './loyalty-settings.ts';
import { awardPoints, houseAccountId, lockPointsAccount } from './points.repository.ts';
import { consumeLots } from './points.ts';
import { findPromotion, lockOpenClaim } from './promotions.repository.ts';
import { isRunning, openClaim, promotionNotFound, promotionOpen } from './promotions.ts';
import {
  giveBackStock,
  insertRedemption,
  insertRewardClaim,
  lockActiveReward,
  lockRedemptionRow,
  type RedemptionRow,
  type RewardRow,
  redemptionsToday,
  refundJournalOf,
  setRedemptionCancelled,
  setRedemptionSent,
  setRewardStock,
} from './rewards.repository.ts';

const rewardNotFound = () => new AppError(404, 'REWARD_NOT_FOUND', 'reward_not_found');

/**
 * A player redeems a reward for points, in one transaction (the route runs
 * it under the request's Idempotency-Key). Locks in the one order of every
 * money movement (main account, open claim, points account, then the reward
 * row for its stock). Refusals, in order: no such active reward; out of
 * stock; the reward's daily limit for this player reached; not enough
 * points; for a bonus, or a credit with turnover, a promotion already open.
 *
 * - credit: one journal moves the points (player → house points) and the
 *   credit (house bonus → main wallet); with a turnover multiplier the credit
 *   starts a requirement (a claim of the reward) like a promotion's bonus.
 * - bonus: the points are spent and the reward's promotion is claimed for
 *   the player (a deposit promotion waits for the deposit; a fixed one pays
 *   at once); the claim limit does not apply, the points are the price.
 * - item: the points are spent and the redemption waits (WAITING) in the
 *   operators' fulfilment queue.
 */
export async function redeemReward(
  db: Db,
  request: { playerId: number; rewardId: number; idempotencyKey: string | undefined },
): Promise<IdempotentResult<{ redemption: Redemption; points: number }>> {
  try {
    return await runIdempotent(
      db,
      {
        scope: `player:${request.playerId}:redeem`,
        key: request.idempotencyKey,
        fingerprint: requestFingerprint('POST', 'redeem', { rewardId: request.rewardId }),
      },
      async (trx) => {
        // A self-excluded or timed-out player keeps their points but redeems nothing (a reward is a promotion).
        await assertProtectionAllows(trx, request.playerId, 'CLAIM');
        const row = await redeemIn(trx, request.playerId, request.rewardId);
        const points = await lockPointsAccount(trx, request.playerId);
        return { redemption: redemptionView(row), points: points.balance };
      },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'player_promotions_one_open')) throw promotionOpen();
    throw error;
  }
}

export function redemptionView(row: RedemptionRow): Redemption {
  return {
    id: row.id,
    rewardId: row.reward_id,
    rewardName: row.reward_name,
    kind: row.kind,
    points: row.points,
    creditAmount: row.credit_satang === null ? null : satangToBaht(row.credit_satang),
    status: row.status,
    note: row.note,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at === null ? null : row.decided_at.toISOString(),
  };
}

async function redeemIn(trx: Trx, playerId: number, rewardId: number): Promise<RedemptionRow> {
  await lockMainBalance(trx, playerId);
  const open = await lockOpenClaim(trx, playerId);
  const points = await lockPointsAccount(trx, playerId);
  const reward = await lockActiveReward(trx, rewardId);
  if (!reward) throw rewardNotFound();
  if (reward.stock !== null && reward.stock <= 0) throw new AppError(409, 'REWARD_OUT_OF_STOCK', 'reward_out_of_stock');
  if (reward.daily_limit !== null) {
    const today = await redemptionsToday(trx, playerId, reward.id);
    if (today >= reward.daily_limit) throw new AppError(409, 'REWARD_DAILY_LIMIT', 'reward_daily_limit');
  }
  if (points.balance < reward.price_points) {
    throw new AppError(400, 'POINTS_NOT_ENOUGH', 'points_not_enough', {
      price: reward.price_points,
      points: points.balance,
    });
  }
  const startsClaim = reward.kind === 'bonus' || (reward.kind === 'credit' && reward.turnover_multiplier > 0);
  if (startsClaim && open) throw promotionOpen();

  const pointsPostings =
    reward.price_points > 0
      ? [
          { accountId: points.id, amount: -reward.price_points },
          { accountId: await houseAccountId(trx, ACCOUNT_KIND.housePoints), amount: reward.price_points },
        ]
      : [];
  if (reward.price_points > 0) await consumeLots(trx, playerId, reward.price_points);
  if (reward.stock !== null) {
    await setRewardStock(trx, reward.id, reward.stock - 1);
  }

  let journalEntryId: number | null = null;
  let claimId: number | null = null;
  if (reward.kind === 'credit') {
    assert(reward.credit_satang !== null, 'a credit reward has its amount');
    const moved = await moveBonusMoney(trx, {
      playerId,
      kind: 'REWARD_CREDIT',
      amountSatang: reward.credit_satang,
      reference: `reward:${reward.id}`,
      note: reward.name,
      extra: pointsPostings,
    });
    journalEntryId = moved.journalEntryId;
    if (reward.turnover_multiplier > 0) {
      claimId = await insertRewardClaim(trx, {
        playerId,
        rewardId: reward.id,
        bonusSatang: reward.credit_satang,
        turnoverRequired: reward.turnover_multiplier * reward.credit_satang,
        journalId: moved.journalEntryId,
      });
    }
  } else {
    if (pointsPostings.length > 0) {
      const journal = await postJournal(trx, {
        kind: 'REWARD_REDEEM',
        playerId,
        reference: `reward:${reward.id}`,
        postings: pointsPostings,
      });
      journalEntryId = journal.journalEntryId;
    }
    if (reward.kind === 'bonus') claimId = await claimForReward(trx, playerId, reward);
  }
  return insertRedemption(trx, {
    player_id: playerId,
    reward_id: reward.id,
    reward_name: reward.name,
    kind: reward.kind,
    points: reward.price_points,
    credit_satang: reward.kind === 'credit' ? reward.credit_satang : null,
    status: reward.kind === 'item' ? 'WAITING' : 'CREDITED',
    journal_entry_id: journalEntryId,
    player_promotion_id: claimId,
  });
}

/** A bonus reward claims its promotion (openClaim: a deposit promotion waits, a fixed one pays now). */
async function claimForReward(trx: Trx, playerId: number, reward: RewardRow): Promise<number> {
  assert(reward.promotion_id !== null, 'a bonus reward names its promotion');
  const promotion = await findPromotion(trx, reward.promotion_id);
  if (!promotion || !isRunning(promotion)) throw promotionNotFound();
  return openClaim(trx, playerId, promotion);
}

/**
 * A redemption as its player reads it: the reward's name in their language
 * (rewardNameIn), the Thai name it was redeemed under standing for Thai.
 */
export function playerRedemptionView(
  row: RedemptionRow & { reward_names: RewardNames | null },
  language: Language,
): Redemption {
  return {
    ...redemptionView(row),
    rewardName: rewardNameIn({ name: row.reward_name, names: row.reward_names ?? {} }, language),
  };
}

async function lockRedemption(trx: Trx, id: number): Promise<RedemptionRow> {
  const row = await lockRedemptionRow(trx, id);
  if (!row) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
  if (row.status !== 'WAITING') {
    throw new AppError(409, 'ALREADY_DECIDED', 'already_decided', {
      by: row.decided_by ?? '',
      at: row.decided_at?.toISOString() ?? '',
    });
  }
  return row;
}

/** An operator marks an item reward sent, with a note (tracking number, voucher code), audited. */
export async function markRedemptionSent(db: Db, actor: Actor, id: number, note: string) {
  return db.transaction().execute(async (trx) => {
    const row = await lockRedemption(trx, id);
    const after = await setRedemptionSent(trx, id, note, actor.name);
    await appendAudit(trx, actor, {
      action: 'redemption.send',
      targetType: 'redemption',
      targetId: id,
      before: { status: row.status },
      after: { status: 'SENT', note },
    });
    return after;
  });
}

/**
 * An operator cancels a waiting item reward, with a note: its points return
 * to the player (a POINTS_REFUND journal and a new lot) and its stock is
 * given back, audited.
 */
export async function cancelRedemption(db: Db, actor: Actor, id: number, note: string) {
  return db.transaction().execute(async (trx) => {
    const row = await lockRedemption(trx, id);
    const settings = await readLoyaltySettings(trx);
    await awardPoints(trx, {
      playerId: row.player_id,
      points: row.points,
      source: 'REFUND',
      reference: `redemption:${row.id}`,
      expiryDays: settings.expiryDays,
    });
    // The journal that returned the points, recorded on the redemption (none for a free reward).
    const refund = await refundJournalOf(trx, row.id);
    await giveBackStock(trx, row.reward_id);
    const after = await setRedemptionCancelled(trx, id, {
      note,
      decidedBy: actor.name,
      refundJournalId: refund?.journal_entry_id ?? null,
    });
    await appendAudit(trx, actor, {
      action: 'redemption.cancel',
      targetType: 'redemption',
      targetId: id,
      before: { status: row.status },
      after: { status: 'CANCELLED', note, pointsReturned: row.points },
    });
    return after;
  });
}
