import { idParamsSchema } from '@app/contracts/admin';
import {
  type AdminPromotion,
  type AdminRedemption,
  adminPlayerLoyaltyResponseSchema,
  adminPromotionResponseSchema,
  adminPromotionsResponseSchema,
  adminRedemptionResponseSchema,
  adminRedemptionsQuerySchema,
  adminRedemptionsResponseSchema,
  loyaltySummaryResponseSchema,
  playerPromotionResponseSchema,
  playerPromotionsHistoryResponseSchema,
  pointsResponseSchema,
  promotionRequestSchema,
  promotionsResponseSchema,
  redeemResponseSchema,
  redemptionDecisionSchema,
  redemptionsResponseSchema,
} from '@app/contracts/loyalty';
import { translate } from '@app/contracts/messages';
import { satangToBaht } from '@app/contracts/money';
import { ADMIN_PATHS, API_PATHS } from '@app/contracts/paths';
import type { Db, Queryable } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf, sessionOf } from '../../http/principal.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import { ACCOUNT_KIND } from '../ledger/ledger.service.ts';
import {
  bonusFiguresToday,
  listPromotions,
  loyaltyTotals,
  playerLoyaltyOf,
  pointsLotsOf,
  promotionClaimCount,
  redeemingPlayer,
  redemptionsByStatus,
} from './loyalty.repository.ts';
import { claimHistory, claimView, promotionsForPlayer, requireClaim, savePromotion } from './loyalty.service.ts';
import { houseAccountId } from './points.repository.ts';
import { pointsSummary } from './points.ts';
import type { PromotionRow } from './promotions.repository.ts';
import { claimPromotion, forfeitPromotion } from './promotions.ts';
import { listPlayerRedemptions, type RedemptionRow } from './rewards.repository.ts';
import { cancelRedemption, markRedemptionSent, playerRedemptionView, redeemReward, redemptionView } from './rewards.ts';

type LoyaltyRoutesDeps = { db: Db };
const security = [{ bearer: [] }];
const tags = ['loyalty'];

/** Points, rewards and promotions: in the player scope. */
export async function loyaltyRoutes(app: App, deps: LoyaltyRoutesDeps) {
  app.get(
    API_PATHS.promotions,
    {
      schema: {
        tags,
        security,
        summary: 'The promotions running now (in the request language), and the player’s open claim',
        response: { 200: promotionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await promotionsForPlayer(deps.db, sessionOf(request).playerId, request.language),
    }),
  );

  app.post(
    API_PATHS.promotionClaim,
    {
      schema: {
        tags,
        security,
        summary: 'Claim a promotion: a deposit promotion waits for the next deposit; a fixed bonus is credited now',
        params: idParamsSchema,
        response: { 200: playerPromotionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const claimId = await claimPromotion(deps.db, sessionOf(request).playerId, request.params.id);
      const claim = await claimView(deps.db, await requireClaim(deps.db, claimId), request.language);
      const key = claim.status === 'PENDING' ? 'promotion_claimed' : 'promotion_started';
      return { success: true as const, message: translate(key, request.language), data: claim };
    },
  );

  app.post(
    API_PATHS.promotionForfeit,
    {
      schema: {
        tags,
        security,
        summary: 'Give up the open promotion: a pending one is cancelled, an active one forfeited (its bonus returns)',
        response: { 200: playerPromotionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { claimId, forfeited } = await forfeitPromotion(deps.db, sessionOf(request).playerId);
      const claim = await claimView(deps.db, await requireClaim(deps.db, claimId), request.language);
      const key = forfeited ? 'promotion_forfeited' : 'promotion_cancelled';
      return { success: true as const, message: translate(key, request.language), data: claim };
    },
  );

  app.get(
    API_PATHS.promotionHistory,
    {
      schema: {
        tags,
        security,
        summary: 'The player’s promotion claims, newest first (at most 50)',
        response: { 200: playerPromotionsHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await claimHistory(deps.db, sessionOf(request).playerId, request.language),
    }),
  );

  app.post(
    API_PATHS.rewardRedeem,
    {
      schema: {
        tags,
        security,
        summary: 'Redeem a reward for points (optional Idempotency-Key: a repeat answers the first redemption)',
        params: idParamsSchema,
        response: { 200: redeemResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await redeemReward(deps.db, {
        playerId: sessionOf(request).playerId,
        rewardId: request.params.id,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      const { redemption } = result.value;
      const what =
        redemption.kind === 'credit'
          ? translate('reward_credited', request.language, { amount: redemption.creditAmount ?? 0 })
          : translate(redemption.kind === 'item' ? 'reward_waiting' : 'reward_bonus_started', request.language);
      return {
        success: true as const,
        message: translate('reward_redeemed', request.language, { what }),
        data: result.value,
      };
    },
  );

  app.get(
    API_PATHS.redemptions,
    {
      schema: {
        tags,
        security,
        summary: 'The player’s redemptions and their state, newest first (at most 50)',
        response: { 200: redemptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await listPlayerRedemptions(deps.db, sessionOf(request).playerId)).map((row) =>
        playerRedemptionView(row, request.language),
      ),
    }),
  );

  app.get(
    API_PATHS.points,
    {
      schema: {
        tags,
        security,
        summary: 'The points balance and the next points to expire',
        response: { 200: pointsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await pointsSummary(deps.db, sessionOf(request).playerId) }),
  );
}

const adminTags = ['admin: loyalty'];
const admin = { role: 'admin' as const };

async function adminPromotionView(db: Queryable, row: PromotionRow): Promise<AdminPromotion> {
  const claims = await promotionClaimCount(db, row.id);
  return {
    id: row.id,
    kind: row.kind,
    percent: row.percent,
    fixedSatang: row.fixed_satang,
    capSatang: row.cap_satang,
    minDepositSatang: row.min_deposit_satang,
    turnoverMultiplier: row.turnover_multiplier,
    turnoverBase: row.turnover_base,
    contributionWc: row.contribution_wc,
    contributionUfa: row.contribution_ufa,
    maxWithdrawSatang: row.max_withdraw_satang,
    forfeitWinnings: row.forfeit_winnings,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    claimLimit: row.claim_limit,
    texts: row.texts as AdminPromotion['texts'],
    imageUrl: row.image_url,
    status: row.status,
    sortOrder: row.sort_order,
    claims,
  };
}

async function adminRedemptionView(db: Queryable, row: RedemptionRow): Promise<AdminRedemption> {
  const player = await redeemingPlayer(db, row.player_id);
  return {
    ...redemptionView(row),
    playerId: row.player_id,
    username: player.username,
    fullName: player.full_name,
    phoneNumber: player.phone_number,
    lineId: player.line_id,
    decidedBy: row.decided_by,
  };
}

/** Promotions, the fulfilment queue, a player's loyalty and the bonus figures: in the operator scope. */
export async function loyaltyAdminRoutes(app: App, deps: LoyaltyRoutesDeps) {
  app.get(
    ADMIN_PATHS.promotions,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary: 'Every promotion, with its texts in each language and how many players claimed it',
        response: { 200: adminPromotionsResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const rows = await listPromotions(deps.db);
      return { success: true as const, data: await Promise.all(rows.map((row) => adminPromotionView(deps.db, row))) };
    },
  );

  for (const method of ['post', 'put'] as const) {
    app[method](
      method === 'post' ? ADMIN_PATHS.promotions : ADMIN_PATHS.promotion,
      {
        config: admin,
        schema: {
          tags: adminTags,
          security: OPERATOR_SECURITY,
          summary:
            method === 'post'
              ? 'Create a promotion (admin; audited)'
              : 'Change a promotion, or pause it with status PAUSED (admin; audited): claims already started keep their terms',
          ...(method === 'put' ? { params: idParamsSchema } : {}),
          body: promotionRequestSchema,
          response: { 200: adminPromotionResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const id = method === 'put' ? (request.params as { id: number }).id : undefined;
        const saved = await savePromotion(deps.db, actorOf(operatorOf(request)), id, request.body);
        return { success: true as const, data: await adminPromotionView(deps.db, saved) };
      },
    );
  }

  app.get(
    ADMIN_PATHS.redemptions,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary:
          'Redemptions by status, a page at a time: WAITING (the item fulfilment queue, oldest first) by default',
        querystring: adminRedemptionsQuerySchema,
        response: { 200: adminRedemptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const { rows, total } = await redemptionsByStatus(deps.db, status, { page, limit });
      const items = await Promise.all(rows.map((row) => adminRedemptionView(deps.db, row)));
      return { success: true as const, data: { items, total, page, limit } };
    },
  );

  for (const action of ['send', 'cancel'] as const) {
    app.post(
      action === 'send' ? ADMIN_PATHS.redemptionSend : ADMIN_PATHS.redemptionCancel,
      {
        schema: {
          tags: adminTags,
          security: OPERATOR_SECURITY,
          summary:
            action === 'send'
              ? 'Mark a waiting item reward sent, with a note (audited)'
              : 'Cancel a waiting item reward with a note: its points return to the player (audited)',
          params: idParamsSchema,
          body: redemptionDecisionSchema,
          response: { 200: adminRedemptionResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const decide = action === 'send' ? markRedemptionSent : cancelRedemption;
        const row = await decide(deps.db, actorOf(operatorOf(request)), request.params.id, request.body.note);
        return { success: true as const, data: await adminRedemptionView(deps.db, row) };
      },
    );
  }

  app.get(
    ADMIN_PATHS.playerLoyalty,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary: 'A player’s promotions (with turnover), points lots and redemptions',
        params: idParamsSchema,
        response: { 200: adminPlayerLoyaltyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const playerId = request.params.id;
      const [summary, promotions, redemptions, lots, loyalty] = await Promise.all([
        pointsSummary(deps.db, playerId),
        claimHistory(deps.db, playerId, 'th'),
        listPlayerRedemptions(deps.db, playerId),
        pointsLotsOf(deps.db, playerId),
        playerLoyaltyOf(deps.db, playerId),
      ]);
      return {
        success: true as const,
        data: {
          points: summary.points,
          turnover: satangToBaht(loyalty?.turnover_satang ?? 0),
          promotions,
          redemptions: redemptions.map(redemptionView),
          pointsLots: lots.map((lot) => ({
            id: lot.id,
            points: lot.points,
            remaining: lot.remaining,
            source: lot.source,
            reference: lot.reference,
            earnedAt: lot.earned_at.toISOString(),
            expiresAt: lot.expires_at?.toISOString() ?? null,
          })),
        },
      };
    },
  );

  app.get(
    ADMIN_PATHS.loyaltySummary,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary: 'Bonus given, wagered and returned today (Bangkok), the bonus expense so far, open items',
        response: { 200: loyaltySummaryResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const today = await bonusFiguresToday(deps.db);
      const bonusAccount = await houseAccountId(deps.db, ACCOUNT_KIND.houseBonus);
      const totals = await loyaltyTotals(deps.db, bonusAccount);
      return {
        success: true as const,
        data: {
          today: {
            bonusGiven: satangToBaht(today.givenSatang),
            bonusWagered: satangToBaht(today.wageredSatang),
            bonusForfeited: satangToBaht(today.forfeitedSatang),
          },
          bonusExpense: satangToBaht(totals.expenseSatang),
          activePromotions: totals.activePromotions,
          waitingRedemptions: totals.waitingRedemptions,
        },
      };
    },
  );
}
