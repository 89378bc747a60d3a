import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { REWARD_KINDS, type RewardKind, rewardSchema } from './settings.ts';

export { REWARD_KINDS, type RewardKind };

/**
 * Loyalty and promotions (issue 19): points, rewards that redeem, promotions
 * with a turnover requirement. Amounts in the API are baht (2 decimals), as
 * everywhere in the player API; points are whole numbers.
 */

export const PROMOTION_KINDS = ['FIRST_DEPOSIT', 'EVERY_DEPOSIT', 'DAILY_FIRST_DEPOSIT', 'FIXED'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const TURNOVER_BASES = ['DEPOSIT_AND_BONUS', 'BONUS'] as const;
export const CLAIM_LIMITS = ['ONCE', 'DAILY'] as const;
export const PLAYER_PROMOTION_STATUSES = [
  'PENDING',
  'ACTIVE',
  'COMPLETED',
  'FORFEITED',
  'ENDED_LOW_BALANCE',
  'CANCELLED',
] as const;
export type PlayerPromotionStatus = (typeof PLAYER_PROMOTION_STATUSES)[number];
export const REDEMPTION_STATUSES = ['CREDITED', 'WAITING', 'SENT', 'CANCELLED'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** A promotion's title and terms in one language. */
export const promotionTextSchema = z.object({
  title: z.string().trim().min(1).max(120),
  terms: z.string().trim().max(4000),
});
/** Texts per language; English is required (the fallback of every other language). */
export const promotionTextsSchema = z
  .partialRecord(z.enum(LANGUAGES), promotionTextSchema)
  .refine((texts) => texts.en !== undefined, { message: 'validation_failed' });
export type PromotionTexts = z.infer<typeof promotionTextsSchema>;

/** A promotion as a player sees it, in the request's language. */
export const promotionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  terms: z.string(),
  imageUrl: z.string().nullable(),
  percent: z.number().int(),
  fixedAmount: z.number().nullable(),
  cap: z.number().nullable(),
  minDeposit: z.number(),
  turnoverMultiplier: z.number().int(),
  turnoverBase: z.enum(TURNOVER_BASES),
  contribution: z.object({ wc: z.number().int(), ufa: z.number().int() }),
  maxWithdraw: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  claimLimit: z.enum(CLAIM_LIMITS),
  /** Whether this player may claim it now; when not, why (a message in the request's language). */
  claimable: z.boolean(),
  notClaimableReason: z.string().nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** One claim of a promotion (or of a credit reward with turnover) by the player. */
export const playerPromotionSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int().nullable(),
  title: z.string(),
  status: z.enum(PLAYER_PROMOTION_STATUSES),
  deposit: z.number(),
  bonus: z.number(),
  turnoverRequired: z.number(),
  turnoverDone: z.number(),
  maxWithdraw: z.number().nullable(),
  claimedAt: z.string(),
  activatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type PlayerPromotion = z.infer<typeof playerPromotionSchema>;

export const promotionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    promotions: z.array(promotionSchema),
    /** The player's open claim (PENDING before its deposit, or ACTIVE), if any. */
    current: playerPromotionSchema.nullable(),
  }),
});
export type PromotionsResponse = z.infer<typeof promotionsResponseSchema>;

export const playerPromotionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: playerPromotionSchema,
});
export type PlayerPromotionResponse = z.infer<typeof playerPromotionResponseSchema>;

export const playerPromotionsHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(playerPromotionSchema),
});

/** A reward as a player sees it (spec §2's id, name, imageUrl, and what it costs): settings.ts, where GET /reward's answer is. */
export const rewardOfferSchema = rewardSchema;

export const redemptionSchema = z.object({
  id: z.number().int(),
  rewardId: z.number().int(),
  rewardName: z.string(),
  kind: z.enum(REWARD_KINDS),
  points: z.number().int(),
  creditAmount: z.number().nullable(),
  status: z.enum(REDEMPTION_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redeemResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ redemption: redemptionSchema, points: z.number().int() }),
});
export type RedeemResponse = z.infer<typeof redeemResponseSchema>;

export const redemptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(redemptionSchema),
});

export const pointsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    points: z.number().int(),
    /** The points that expire next and when (null: none expire). */
    nextExpiry: z.object({ points: z.number().int(), at: z.string() }).nullable(),
  }),
});
export type PointsResponse = z.infer<typeof pointsResponseSchema>;

/** What admins send to create or change a promotion (amounts in satang). */
export const promotionRequestSchema = z
  .object({
    kind: z.enum(PROMOTION_KINDS),
    percent: z.number().int().min(0).max(1000).default(0),
    fixedSatang: z.number().int().positive().max(100_000_000).nullable().default(null),
    capSatang: z.number().int().positive().max(100_000_000).nullable().default(null),
    minDepositSatang: z.number().int().min(0).max(100_000_000).default(0),
    turnoverMultiplier: z.number().int().min(0).max(100).default(0),
    turnoverBase: z.enum(TURNOVER_BASES).default('DEPOSIT_AND_BONUS'),
    contributionWc: z.number().int().min(0).max(100).default(100),
    contributionUfa: z.number().int().min(0).max(100).default(100),
    maxWithdrawSatang: z.number().int().positive().max(100_000_000).nullable().default(null),
    forfeitWinnings: z.boolean().default(false),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    claimLimit: z.enum(CLAIM_LIMITS).default('ONCE'),
    texts: promotionTextsSchema,
    imageUrl: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,100}\.(png|jpg|jpeg)$/)
      .nullable()
      .default(null),
    status: z.enum(['ACTIVE', 'PAUSED']).default('ACTIVE'),
    sortOrder: z.number().int().min(0).max(1000).default(0),
  })
  .refine((p) => p.kind !== 'FIXED' || p.fixedSatang !== null, { message: 'validation_failed', path: ['fixedSatang'] })
  .refine((p) => p.endsAt === null || p.startsAt === null || p.endsAt > p.startsAt, {
    message: 'validation_failed',
    path: ['endsAt'],
  });
export type PromotionRequest = z.infer<typeof promotionRequestSchema>;

/** A promotion as admins see it: every field, the texts in every language. */
export const adminPromotionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PROMOTION_KINDS),
  percent: z.number().int(),
  fixedSatang: z.number().int().nullable(),
  capSatang: z.number().int().nullable(),
  minDepositSatang: z.number().int(),
  turnoverMultiplier: z.number().int(),
  turnoverBase: z.enum(TURNOVER_BASES),
  contributionWc: z.number().int(),
  contributionUfa: z.number().int(),
  maxWithdrawSatang: z.number().int().nullable(),
  forfeitWinnings: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  claimLimit: z.enum(CLAIM_LIMITS),
  texts: z.record(z.string(), promotionTextSchema),
  imageUrl: z.string().nullable(),
  status: z.enum(['ACTIVE', 'PAUSED']),
  sortOrder: z.number().int(),
  claims: z.number().int(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminPromotionSchema),
});
export const adminPromotionResponseSchema = z.object({ success: z.literal(true), data: adminPromotionSchema });

export const adminRedemptionSchema = redemptionSchema.extend({
  playerId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  lineId: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export const adminRedemptionsQuerySchema = z.object({
  status: z.enum(REDEMPTION_STATUSES).default('WAITING'),
});
export const adminRedemptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminRedemptionSchema),
});
export const redemptionDecisionSchema = z.object({ note: z.string().trim().min(1).max(500) });
export const adminRedemptionResponseSchema = z.object({ success: z.literal(true), data: adminRedemptionSchema });

export const adminPlayerLoyaltyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    points: z.number().int(),
    turnover: z.number(),
    promotions: z.array(playerPromotionSchema),
    redemptions: z.array(redemptionSchema),
    pointsLots: z.array(
      z.object({
        id: z.number().int(),
        points: z.number().int(),
        remaining: z.number().int(),
        source: z.string(),
        reference: z.string(),
        earnedAt: z.string(),
        expiresAt: z.string().nullable(),
      }),
    ),
  }),
});

export const loyaltySummaryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    today: z.object({ bonusGiven: z.number(), bonusWagered: z.number(), bonusForfeited: z.number() }),
    /** The house bonus account since the start: what bonuses have cost, net of what came back. */
    bonusExpense: z.number(),
    activePromotions: z.number().int(),
    waitingRedemptions: z.number().int(),
  }),
});
