import { z } from 'zod/mini';
import { pageLimitSchema, pageNumberSchema } from './common.ts';
import { LANGUAGES, type Language } from './languages.ts';

/**
 * Cashback: a share of a finished period's base (NET_LOSS: what the player
 * lost at games; NET_DEPOSIT: deposits minus withdrawals) given back as bonus
 * money, once per schedule, player and period. Amounts to players in baht;
 * operators' amounts in satang; rates in basis points (500 = 5 %).
 */
export const CASHBACK_PERIODS = ['DAY', 'WEEK'] as const;
export type CashbackPeriod = (typeof CASHBACK_PERIODS)[number];
export const CASHBACK_BASES = ['NET_LOSS', 'NET_DEPOSIT'] as const;
export type CashbackBase = (typeof CASHBACK_BASES)[number];
export const CASHBACK_STATUSES = ['PAID', 'SKIPPED', 'WAITING'] as const;
export type CashbackStatus = (typeof CASHBACK_STATUSES)[number];

/**
 * Why a period paid nothing (SKIPPED), or waits (WAITING: promotion_open);
 * each has a message key `cashback_why_<reason>`.
 */
export const CASHBACK_REASONS = [
  'no_base',
  'bonus_in_period',
  'below_minimum',
  'opted_out',
  'player_protection',
  'promotion_open',
] as const;
export type CashbackReason = (typeof CASHBACK_REASONS)[number];

/** The bounds of a schedule's fields. */
export const CASHBACK_LIMITS = {
  rateBpMax: 10_000,
  amountSatangMax: 100_000_000,
  turnoverMultiplierMax: 100,
  nameLengthMax: 80,
} as const;

/** A schedule's names: Thai required, the other languages optional. */
export const cashbackNamesSchema = z
  .partialRecord(z.enum(LANGUAGES), z.string().check(z.trim(), z.maxLength(CASHBACK_LIMITS.nameLengthMax)))
  .check(z.refine((names) => (names.th ?? '').length > 0, { message: 'validation_failed', path: ['th'] }));
export type CashbackNames = Partial<Record<Language, string>>;

/** A schedule's name for a reader of `language`: theirs, else English, else Thai. */
export function cashbackNameIn(names: CashbackNames, language: Language): string {
  return names[language] || names.en || names.th || '';
}

/** What a player sees of a schedule, with the running period's figure so far. */
export const cashbackScheduleSchema = z.object({
  id: z.int(),
  name: z.string(),
  period: z.enum(CASHBACK_PERIODS),
  base: z.enum(CASHBACK_BASES),
  /** Percent of the base, e.g. 5 or 0.5. */
  ratePercent: z.number(),
  minAmount: z.number(),
  maxAmount: z.nullable(z.number()),
  turnoverMultiplier: z.int(),
  maxWithdraw: z.nullable(z.number()),
  current: z.object({
    periodStart: z.string(),
    periodEnd: z.string(),
    /** When the period is settled and paid: 30 minutes after it ends. */
    paysAt: z.string(),
    /** The base so far, in baht (negative when the player is ahead). */
    base: z.number(),
    /** What it would pay if the period ended now. */
    estimate: z.number(),
    /** Why it would pay nothing (a message in the request's language), or null. */
    excluded: z.nullable(z.string()),
  }),
});
export type CashbackSchedule = z.infer<typeof cashbackScheduleSchema>;

/** One period's cashback as its player sees it. */
export const cashbackPayoutSchema = z.object({
  id: z.int(),
  name: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  base: z.number(),
  amount: z.number(),
  turnoverRequired: z.number(),
  maxWithdraw: z.nullable(z.number()),
  status: z.enum(CASHBACK_STATUSES),
  /** Why it paid nothing or waits, in the request's language; null when paid. */
  reason: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
});
export type CashbackPayout = z.infer<typeof cashbackPayoutSchema>;

export const cashbackResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    optedOut: z.boolean(),
    schedules: z.array(cashbackScheduleSchema),
    /** The last 20 periods settled, newest first. */
    payouts: z.array(cashbackPayoutSchema),
  }),
});
export type CashbackResponse = z.infer<typeof cashbackResponseSchema>;

export const cashbackOptOutRequestSchema = z.object({ optOut: z.boolean() });
export const cashbackOptOutResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ optedOut: z.boolean() }),
});

const wholeNumber = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));
const satangAmount = z.int().check(z.positive(), z.lte(CASHBACK_LIMITS.amountSatangMax));

/** What admins send to create or change a schedule. */
export const cashbackScheduleRequestSchema = z.object({
  names: cashbackNamesSchema,
  period: z.enum(CASHBACK_PERIODS),
  base: z._default(z.enum(CASHBACK_BASES), 'NET_LOSS'),
  rateBp: wholeNumber(1, CASHBACK_LIMITS.rateBpMax),
  minSatang: z._default(wholeNumber(0, CASHBACK_LIMITS.amountSatangMax), 0),
  maxSatang: z._default(z.nullable(satangAmount), null),
  turnoverMultiplier: z._default(wholeNumber(0, CASHBACK_LIMITS.turnoverMultiplierMax), 0),
  maxWithdrawSatang: z._default(z.nullable(satangAmount), null),
  status: z._default(z.enum(['ACTIVE', 'PAUSED']), 'ACTIVE'),
});
export type CashbackScheduleRequest = z.infer<typeof cashbackScheduleRequestSchema>;

/** A schedule as admins see it, with what it has paid. */
export const adminCashbackScheduleSchema = z.object({
  id: z.int(),
  names: z.record(z.string(), z.string()),
  period: z.enum(CASHBACK_PERIODS),
  base: z.enum(CASHBACK_BASES),
  rateBp: z.int(),
  minSatang: z.int(),
  maxSatang: z.nullable(z.int()),
  turnoverMultiplier: z.int(),
  maxWithdrawSatang: z.nullable(z.int()),
  status: z.enum(['ACTIVE', 'PAUSED']),
  paidCount: z.int(),
  paidSatang: z.int(),
  lastRun: z.nullable(z.object({ periodStart: z.string(), players: z.int(), finishedAt: z.string() })),
});
export type AdminCashbackSchedule = z.infer<typeof adminCashbackScheduleSchema>;
export const adminCashbackSchedulesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminCashbackScheduleSchema),
});
export const adminCashbackScheduleResponseSchema = z.object({
  success: z.literal(true),
  data: adminCashbackScheduleSchema,
});

/** What a run settled: the period and how many players ended each way. */
export const cashbackRunResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    periodStart: z.string(),
    periodEnd: z.string(),
    players: z.int(),
    paid: z.int(),
    skipped: z.int(),
    waiting: z.int(),
    /** Players an earlier run had already paid or passed over: nothing was paid to them again. */
    settledBefore: z.int(),
  }),
});

export const adminCashbackPayoutsQuerySchema = z.object({
  scheduleId: z.optional(z.coerce.number().check(z.int(), z.positive())),
  status: z.optional(z.enum(CASHBACK_STATUSES)),
  page: pageNumberSchema,
  limit: pageLimitSchema(100, 20),
});
export const adminCashbackPayoutSchema = z.object({
  id: z.int(),
  scheduleId: z.int(),
  playerId: z.int(),
  username: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  baseSatang: z.int(),
  amountSatang: z.int(),
  turnoverRequiredSatang: z.int(),
  status: z.enum(CASHBACK_STATUSES),
  reason: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
});
export type AdminCashbackPayout = z.infer<typeof adminCashbackPayoutSchema>;
export const adminCashbackPayoutsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(adminCashbackPayoutSchema), total: z.int(), page: z.int(), limit: z.int() }),
});
