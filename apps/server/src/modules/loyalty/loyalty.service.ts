import { cashbackNameIn } from '@app/contracts/cashback';
import type { Language } from '@app/contracts/languages';
import type { PlayerPromotion, Promotion, PromotionTexts } from '@app/contracts/loyalty';
import { translate } from '@app/contracts/messages';
import { satangToBaht } from '@app/contracts/money';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { scheduleNamesOfPayout } from '../cashback/cashback.repository.ts';
import { awardDepositPoints } from './points.repository.ts';
import {
  activePromotions,
  type ClaimRow,
  claimsOf,
  findClaim,
  findOpenClaim,
  findPromotion,
  insertPromotion,
  type PromotionRow,
  updatePromotion,
} from './promotions.repository.ts';
import { activateOnDeposit, isRunning, whyNotClaimable } from './promotions.ts';
import { rewardNameOf } from './rewards.repository.ts';

/**
 * A manual credit an operator counted as a deposit, in the transaction that credits it: the player's
 * pending promotion claim starts (or is cancelled), then the deposit earns points, once per deposit (its
 * history entry is the lot's reference), by the rule every credited deposit follows
 * (award_deposit_points, sql/award_points.sql; credit_deposit calls it for the others).
 */
export async function onDepositCredited(
  trx: Trx,
  deposit: { playerId: number; amountSatang: number; historyId: number },
): Promise<void> {
  await activateOnDeposit(trx, deposit);
  await awardDepositPoints(trx, deposit);
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const baht = (satang: number | null) => (satang === null ? null : satangToBaht(satang));

/** A promotion's text in the language, falling back to English. */
export function promotionText(texts: unknown, language: Language) {
  const all = texts as PromotionTexts;
  return all[language] ?? all.en ?? { title: '', terms: '' };
}

function promotionView(row: PromotionRow, language: Language, why: string | null): Promotion {
  const text = promotionText(row.texts, language);
  return {
    id: row.id,
    kind: row.kind,
    title: text.title,
    terms: text.terms,
    imageUrl: row.image_url,
    percent: row.percent,
    fixedAmount: baht(row.fixed_satang),
    cap: baht(row.cap_satang),
    minDeposit: satangToBaht(row.min_deposit_satang),
    turnoverMultiplier: row.turnover_multiplier,
    turnoverBase: row.turnover_base,
    contribution: { wc: row.contribution_wc, ufa: row.contribution_ufa },
    maxWithdraw: baht(row.max_withdraw_satang),
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    claimLimit: row.claim_limit,
    claimable: why === null,
    notClaimableReason: why,
  };
}

/** A claim as its player sees it; the title is the promotion's, the reward's name, or the cashback schedule's. */
export async function claimView(db: Queryable, claim: ClaimRow, language: Language): Promise<PlayerPromotion> {
  let title = '';
  if (claim.promotion_id !== null) {
    const promotion = await findPromotion(db, claim.promotion_id);
    title = promotion ? promotionText(promotion.texts, language).title : '';
  } else if (claim.reward_id !== null) {
    const reward = await rewardNameOf(db, claim.reward_id);
    title = reward?.name ?? '';
  } else if (claim.cashback_payout_id !== null) {
    title = cashbackNameIn((await scheduleNamesOfPayout(db, claim.cashback_payout_id)) ?? {}, language);
  }
  return {
    id: claim.id,
    promotionId: claim.promotion_id,
    title,
    status: claim.status,
    deposit: satangToBaht(claim.deposit_satang),
    bonus: satangToBaht(claim.bonus_satang),
    turnoverRequired: satangToBaht(claim.turnover_required),
    turnoverDone: satangToBaht(Math.min(claim.turnover_done, claim.turnover_required)),
    maxWithdraw: baht(claim.max_withdraw_satang),
    claimedAt: claim.claimed_at.toISOString(),
    activatedAt: iso(claim.activated_at),
    endedAt: iso(claim.ended_at),
    endReason: claim.end_reason,
  };
}

/** The promotions running now, each with whether this player may claim it, and their open claim. */
export async function promotionsForPlayer(db: Queryable, playerId: number, language: Language) {
  const rows = await activePromotions(db);
  const open = await findOpenClaim(db, playerId);
  const promotions: Promotion[] = [];
  for (const row of rows.filter((promotion) => isRunning(promotion))) {
    const why = open ? 'promotion_open' : await whyNotClaimable(db, playerId, row);
    promotions.push(promotionView(row, language, why === null ? null : translate(why, language)));
  }
  return { promotions, current: open ? await claimView(db, open, language) : null };
}

export async function claimHistory(db: Queryable, playerId: number, language: Language) {
  const rows = await claimsOf(db, playerId);
  return Promise.all(rows.map((row) => claimView(db, row, language)));
}

export async function requireClaim(db: Queryable, id: number): Promise<ClaimRow> {
  const row = await findClaim(db, id);
  if (!row) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
  return row;
}

/** What an admin sends to create or change a promotion (amounts in satang). */
export type PromotionInput = {
  kind: PromotionRow['kind'];
  percent: number;
  fixedSatang: number | null;
  capSatang: number | null;
  minDepositSatang: number;
  turnoverMultiplier: number;
  turnoverBase: PromotionRow['turnover_base'];
  contributionWc: number;
  contributionUfa: number;
  maxWithdrawSatang: number | null;
  forfeitWinnings: boolean;
  startsAt: string | null;
  endsAt: string | null;
  claimLimit: PromotionRow['claim_limit'];
  texts: PromotionTexts;
  imageUrl: string | null;
  status: PromotionRow['status'];
  sortOrder: number;
};

function promotionColumns(input: PromotionInput) {
  return {
    kind: input.kind,
    percent: input.percent,
    fixed_satang: input.kind === 'FIXED' ? input.fixedSatang : null,
    cap_satang: input.capSatang,
    min_deposit_satang: input.minDepositSatang,
    turnover_multiplier: input.turnoverMultiplier,
    turnover_base: input.turnoverBase,
    contribution_wc: input.contributionWc,
    contribution_ufa: input.contributionUfa,
    max_withdraw_satang: input.maxWithdrawSatang,
    forfeit_winnings: input.forfeitWinnings,
    starts_at: input.startsAt === null ? null : new Date(input.startsAt),
    ends_at: input.endsAt === null ? null : new Date(input.endsAt),
    claim_limit: input.claimLimit,
    texts: JSON.stringify(input.texts),
    image_url: input.imageUrl,
    status: input.status,
    sort_order: input.sortOrder,
  };
}

/** Creates (id undefined) or changes a promotion, audited. Claims already started keep the terms they started with. */
export async function savePromotion(db: Db, actor: Actor, id: number | undefined, input: PromotionInput) {
  if (input.kind === 'FIXED' && input.fixedSatang === null) {
    throw new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
  }
  return db.transaction().execute(async (trx) => {
    const before = id === undefined ? undefined : await findPromotion(trx, id);
    if (id !== undefined && !before) throw new AppError(404, 'PROMOTION_NOT_FOUND', 'promotion_not_found');
    const values = promotionColumns(input);
    const saved = id === undefined ? await insertPromotion(trx, values) : await updatePromotion(trx, id, values);
    await appendAudit(trx, actor, {
      action: id === undefined ? 'promotion.create' : 'promotion.update',
      targetType: 'promotion',
      targetId: saved.id,
      before: before ?? null,
      after: saved,
    });
    return saved;
  });
}
