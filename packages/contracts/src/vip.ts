import { z } from 'zod/mini';
import { type CashbackNames, cashbackNameIn, cashbackNamesSchema } from './cashback.ts';
import type { Language } from './languages.ts';

/**
 * VIP ranks: reached by lifetime turnover, never lost, each with a rakeback
 * (basis points of turnover, paid daily without wagering) and a level-up
 * reward. Amounts to players in baht; operators' in satang.
 */
export const VIP_LIMITS = {
  rakebackBpMax: 1000,
  amountSatangMax: 100_000_000,
  turnoverSatangMax: 100_000_000_000,
} as const;

/** Why a day's rakeback paid nothing; each has a message key `rakeback_why_<reason>`. */
export const RAKEBACK_REASONS = ['no_turnover', 'no_rate', 'below_minimum', 'player_protection'] as const;
export type RakebackReason = (typeof RAKEBACK_REASONS)[number];

/** A rank's name for a reader of `language`: theirs, else English, else Thai. */
export const rankNameIn = (names: CashbackNames, language: Language) => cashbackNameIn(names, language);

const rankSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The lifetime turnover that reaches it, in baht. */
  turnover: z.number(),
  rakebackPercent: z.number(),
  levelUpReward: z.number(),
  reached: z.boolean(),
});
export type VipRank = z.infer<typeof rankSchema>;

export const vipResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Lifetime turnover, in baht. */
    turnover: z.number(),
    /** The rank held, or reached by the turnover and about to be held (reachedAt null until then). */
    rank: z.nullable(
      z.object({ id: z.int(), name: z.string(), rakebackPercent: z.number(), reachedAt: z.nullable(z.string()) }),
    ),
    next: z.nullable(z.object({ id: z.int(), name: z.string(), turnover: z.number(), remaining: z.number() })),
    ranks: z.array(rankSchema),
    /** Turnover since the last rakeback and what it would pay now at the rank held (or why nothing). */
    rakeback: z.object({
      turnover: z.number(),
      estimate: z.number(),
      paysAt: z.string(),
      excluded: z.nullable(z.string()),
    }),
    payouts: z.array(
      z.object({
        id: z.int(),
        day: z.string(),
        turnover: z.number(),
        ratePercent: z.number(),
        amount: z.number(),
        status: z.enum(['PAID', 'SKIPPED']),
        reason: z.nullable(z.string()),
      }),
    ),
    rankUps: z.array(
      z.object({
        rankId: z.int(),
        name: z.string(),
        amount: z.number(),
        status: z.enum(['PAID', 'SKIPPED', 'NO_REWARD']),
        reachedAt: z.string(),
      }),
    ),
  }),
});
export type VipResponse = z.infer<typeof vipResponseSchema>;

const wholeNumber = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));

/** What admins send to create or change a rank. */
export const vipRankRequestSchema = z.object({
  names: cashbackNamesSchema,
  turnoverSatang: wholeNumber(0, VIP_LIMITS.turnoverSatangMax),
  rakebackBp: z._default(wholeNumber(0, VIP_LIMITS.rakebackBpMax), 0),
  levelUpSatang: z._default(wholeNumber(0, VIP_LIMITS.amountSatangMax), 0),
});
export type VipRankRequest = z.infer<typeof vipRankRequestSchema>;

export const adminVipRankSchema = z.object({
  id: z.int(),
  names: z.record(z.string(), z.string()),
  turnoverSatang: z.int(),
  rakebackBp: z.int(),
  levelUpSatang: z.int(),
  /** How many players hold it. */
  players: z.int(),
});
export type AdminVipRank = z.infer<typeof adminVipRankSchema>;
export const adminVipRanksResponseSchema = z.object({ success: z.literal(true), data: z.array(adminVipRankSchema) });
export const adminVipRankResponseSchema = z.object({ success: z.literal(true), data: adminVipRankSchema });
