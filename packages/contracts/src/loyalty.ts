import { z } from 'zod/mini';
import { pageLimitSchema, pageNumberSchema } from './common.ts';
import { LANGUAGES } from './languages.ts';
import { REWARD_KINDS } from './settings.ts';

/**
 * Loyalty and promotions: points, rewards that redeem, promotions
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
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  terms: z.string().check(z.trim(), z.maxLength(4000)),
});
/** Texts per language; English is required (the fallback of every other language). */
export const promotionTextsSchema = z
  .partialRecord(z.enum(LANGUAGES), promotionTextSchema)
  .check(z.refine((texts) => texts.en !== undefined, { message: 'validation_failed' }));
export type PromotionTexts = z.infer<typeof promotionTextsSchema>;

/** A promotion as a player sees it, in the request's language. */
export const promotionSchema = z.object({
  id: z.int(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  terms: z.string(),
  imageUrl: z.nullable(z.string()),
  percent: z.int(),
  fixedAmount: z.nullable(z.number()),
  cap: z.nullable(z.number()),
  minDeposit: z.number(),
  turnoverMultiplier: z.int(),
  turnoverBase: z.enum(TURNOVER_BASES),
  contribution: z.object({ wc: z.int(), ufa: z.int() }),
  maxWithdraw: z.nullable(z.number()),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  claimLimit: z.enum(CLAIM_LIMITS),
  /** Whether this player may claim it now; when not, why (a message in the request's language). */
  claimable: z.boolean(),
  notClaimableReason: z.nullable(z.string()),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** One claim of a promotion (or of a credit reward with turnover) by the player. */
export const playerPromotionSchema = z.object({
  id: z.int(),
  promotionId: z.nullable(z.int()),
  title: z.string(),
  status: z.enum(PLAYER_PROMOTION_STATUSES),
  deposit: z.number(),
  bonus: z.number(),
  turnoverRequired: z.number(),
  turnoverDone: z.number(),
  maxWithdraw: z.nullable(z.number()),
  claimedAt: z.string(),
  activatedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  endReason: z.nullable(z.string()),
});
export type PlayerPromotion = z.infer<typeof playerPromotionSchema>;

export const promotionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    promotions: z.array(promotionSchema),
    /** The player's open claim (PENDING before its deposit, or ACTIVE), if any. */
    current: z.nullable(playerPromotionSchema),
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

export const redemptionSchema = z.object({
  id: z.int(),
  rewardId: z.int(),
  rewardName: z.string(),
  kind: z.enum(REWARD_KINDS),
  points: z.int(),
  creditAmount: z.nullable(z.number()),
  status: z.enum(REDEMPTION_STATUSES),
  note: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redeemResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ redemption: redemptionSchema, points: z.int() }),
});
export type RedeemResponse = z.infer<typeof redeemResponseSchema>;

export const redemptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(redemptionSchema),
});

export const pointsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    points: z.int(),
    /** The points that expire next and when (null: none expire). */
    nextExpiry: z.nullable(z.object({ points: z.int(), at: z.string() })),
  }),
});
export type PointsResponse = z.infer<typeof pointsResponseSchema>;

/** The bounds of a promotion's fields: the schema checks them, the back office's form names them in its errors. */
export const PROMOTION_LIMITS = {
  percentMax: 1000,
  /** Every amount of a promotion (bonus, cap, minimum deposit, maximum withdrawal): at most 1 million baht. */
  amountSatangMax: 100_000_000,
  turnoverMultiplierMax: 100,
  contributionMax: 100,
  sortOrderMax: 1000,
  imageNameLengthMax: 100,
} as const;

/** A whole number from `min` to `max`. */
const wholeNumber = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));
/** An amount in satang above 0, at most 1 million baht. */
const satangAmount = z.int().check(z.positive(), z.lte(PROMOTION_LIMITS.amountSatangMax));

/** What admins send to create or change a promotion (amounts in satang). */
export const promotionRequestSchema = z
  .object({
    kind: z.enum(PROMOTION_KINDS),
    percent: z._default(wholeNumber(0, PROMOTION_LIMITS.percentMax), 0),
    fixedSatang: z._default(z.nullable(satangAmount), null),
    capSatang: z._default(z.nullable(satangAmount), null),
    minDepositSatang: z._default(wholeNumber(0, PROMOTION_LIMITS.amountSatangMax), 0),
    turnoverMultiplier: z._default(wholeNumber(0, PROMOTION_LIMITS.turnoverMultiplierMax), 0),
    turnoverBase: z._default(z.enum(TURNOVER_BASES), 'DEPOSIT_AND_BONUS'),
    contributionWc: z._default(wholeNumber(0, PROMOTION_LIMITS.contributionMax), 100),
    contributionUfa: z._default(wholeNumber(0, PROMOTION_LIMITS.contributionMax), 100),
    maxWithdrawSatang: z._default(z.nullable(satangAmount), null),
    forfeitWinnings: z._default(z.boolean(), false),
    startsAt: z._default(z.nullable(z.iso.datetime({ offset: true })), null),
    endsAt: z._default(z.nullable(z.iso.datetime({ offset: true })), null),
    claimLimit: z._default(z.enum(CLAIM_LIMITS), 'ONCE'),
    texts: promotionTextsSchema,
    imageUrl: z._default(z.nullable(z.string().check(z.regex(/^[A-Za-z0-9._-]{1,100}\.(png|jpg|jpeg)$/))), null),
    status: z._default(z.enum(['ACTIVE', 'PAUSED']), 'ACTIVE'),
    sortOrder: z._default(wholeNumber(0, PROMOTION_LIMITS.sortOrderMax), 0),
  })
  .check(
    z.refine((p) => p.kind !== 'FIXED' || p.fixedSatang !== null, {
      message: 'validation_failed',
      path: ['fixedSatang'],
    }),
    z.refine((p) => p.endsAt === null || p.startsAt === null || p.endsAt > p.startsAt, {
      message: 'validation_failed',
      path: ['endsAt'],
    }),
  );
export type PromotionRequest = z.infer<typeof promotionRequestSchema>;

/** A promotion as admins see it: every field, the texts in every language. */
export const adminPromotionSchema = z.object({
  id: z.int(),
  kind: z.enum(PROMOTION_KINDS),
  percent: z.int(),
  fixedSatang: z.nullable(z.int()),
  capSatang: z.nullable(z.int()),
  minDepositSatang: z.int(),
  turnoverMultiplier: z.int(),
  turnoverBase: z.enum(TURNOVER_BASES),
  contributionWc: z.int(),
  contributionUfa: z.int(),
  maxWithdrawSatang: z.nullable(z.int()),
  forfeitWinnings: z.boolean(),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  claimLimit: z.enum(CLAIM_LIMITS),
  texts: z.record(z.string(), promotionTextSchema),
  imageUrl: z.nullable(z.string()),
  status: z.enum(['ACTIVE', 'PAUSED']),
  sortOrder: z.int(),
  claims: z.int(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminPromotionSchema),
});
export const adminPromotionResponseSchema = z.object({ success: z.literal(true), data: adminPromotionSchema });

export const adminRedemptionSchema = z.extend(redemptionSchema, {
  playerId: z.int(),
  username: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  lineId: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
/** A page of redemptions of one status, paged as every back-office list (20 a page, at most 100). */
export const adminRedemptionsQuerySchema = z.object({
  status: z._default(z.enum(REDEMPTION_STATUSES), 'WAITING'),
  page: pageNumberSchema,
  limit: pageLimitSchema(100, 20),
});
export const adminRedemptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    items: z.array(adminRedemptionSchema),
    total: z.int(),
    page: z.int(),
    limit: z.int(),
  }),
});
export const redemptionDecisionSchema = z.object({
  note: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
});
export const adminRedemptionResponseSchema = z.object({ success: z.literal(true), data: adminRedemptionSchema });

export const adminPlayerLoyaltyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    points: z.int(),
    turnover: z.number(),
    promotions: z.array(playerPromotionSchema),
    redemptions: z.array(redemptionSchema),
    pointsLots: z.array(
      z.object({
        id: z.int(),
        points: z.int(),
        remaining: z.int(),
        source: z.string(),
        reference: z.string(),
        earnedAt: z.string(),
        expiresAt: z.nullable(z.string()),
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
    activePromotions: z.int(),
    waitingRedemptions: z.int(),
  }),
});
