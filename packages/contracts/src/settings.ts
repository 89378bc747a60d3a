import { z } from 'zod/mini';
import type { Language } from './languages.ts';
import {
  DEPOSIT_AMOUNT_SATANG_MIN,
  WITHDRAW_AMOUNT_SATANG_LIMIT,
  WITHDRAW_AMOUNT_SATANG_MIN,
  WITHDRAW_DAILY_SATANG_DEFAULT,
} from './limits.ts';
import { SETTING_CODES, settingValue } from './setting-codes.ts';

// The codes and the reader without a schema, where they always were for the server's imports.
export { DEFAULT_BANNER_ART_URL, DEFAULT_BANNER_URL, SETTING_CODES, settingValue } from './setting-codes.ts';

/** The loyalty settings' values on a fresh site, and where a stored value cannot be read. */
export const LOYALTY_SETTING_DEFAULTS = {
  depositBahtPerPoint: 100,
  turnoverBahtPerPoint: 1000,
  expiryDays: 365,
  balanceFloorSatang: 500,
} as const;

export const settingSchema = z.object({ code: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

/**
 * The money limits in force, in satang, as the server checks them: each the
 * operator's setting, or its default (limits.ts) where unset. The player app
 * checks amounts live against these, so what the browser says and what the
 * server does agree when an operator changes a limit.
 */
export const playerLimitsSchema = z.object({
  depositMinSatang: z.int().check(z.positive()),
  withdrawMinSatang: z.int().check(z.positive()),
  /** Withdrawals must be below this (exclusive). */
  withdrawLimitSatang: z.int().check(z.positive()),
  /** What one player may withdraw in a Bangkok day. */
  withdrawDailyLimitSatang: z.int().check(z.positive()),
});
export type PlayerLimits = z.infer<typeof playerLimitsSchema>;

/** The limits of spec §9, used until the server's answer arrives (or when it cannot be had). */
export const DEFAULT_PLAYER_LIMITS: PlayerLimits = {
  depositMinSatang: DEPOSIT_AMOUNT_SATANG_MIN,
  withdrawMinSatang: WITHDRAW_AMOUNT_SATANG_MIN,
  withdrawLimitSatang: WITHDRAW_AMOUNT_SATANG_LIMIT,
  withdrawDailyLimitSatang: WITHDRAW_DAILY_SATANG_DEFAULT,
};

/**
 * GET /setting: the spec's list of public code/value pairs, and (an addition)
 * the limits in force, read by the server's own rule.
 */
export const settingsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(settingSchema),
  limits: z.optional(playerLimitsSchema),
  /**
   * Automatic payouts: withdrawals up to `upToSatang` (null: any
   * amount) are usually paid by the bank within a minute when no risk rule
   * objects; null: every withdrawal is checked by an operator first.
   */
  autoPay: z.optional(z.nullable(z.object({ upToSatang: z.nullable(z.int().check(z.positive())) }))),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** What a reward gives: credit to the wallet, a bonus with turnover, or an item sent by the operator. */
export const REWARD_KINDS = ['credit', 'bonus', 'item'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/**
 * The languages a reward's name is given in besides Thai. Thai is the
 * reward's `name`, required (every reward had one before names in other
 * languages existed); each of these is optional.
 */
export const REWARD_NAME_LANGUAGES = ['en', 'cn', 'ls', 'mm', 'ko'] as const satisfies readonly Language[];
export type RewardNameLanguage = (typeof REWARD_NAME_LANGUAGES)[number];
export type RewardNames = Partial<Record<RewardNameLanguage, string>>;

/**
 * A reward's name for a player reading `language`: the name in that language,
 * else the English one (the app's fallback language), else the Thai `name`,
 * which every reward has. A blank translation counts as missing.
 */
export function rewardNameIn(reward: { name: string; names: RewardNames }, language: Language): string {
  const given = (code: RewardNameLanguage) => reward.names[code]?.trim() || undefined;
  if (language === 'th') return reward.name;
  return given(language) ?? given('en') ?? reward.name;
}

/** Spec §2's reward (id, name, imageUrl) and, an addition, what it costs and gives. */
export const rewardSchema = z.object({
  id: z.int(),
  /** In the language of the request (Accept-Language), as rewardNameIn picks it. */
  name: z.string(),
  imageUrl: z.string(),
  // Additions to the spec's reward; defaults for an answer without them.
  kind: z._default(z.enum(REWARD_KINDS), 'item'),
  pricePoints: z._default(z.int(), 0),
  creditAmount: z._default(z.nullable(z.number()), null),
  turnoverMultiplier: z._default(z.int(), 0),
  /** Null: unlimited. */
  stock: z._default(z.nullable(z.int()), null),
  dailyLimit: z._default(z.nullable(z.int()), null),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(rewardSchema),
});
export type RewardsResponse = z.infer<typeof rewardsResponseSchema>;

/** A whole number from 0 to 100,000 (a rate or a number of days), or undefined. */
export function wholeNumberSetting(value: string | undefined): number | undefined {
  if (value === undefined || !/^[0-9]{1,6}$/.test(value)) return undefined;
  const number = Number(value);
  return number <= 100_000 ? number : undefined;
}

/**
 * Points a deposit earns per baht, as the server reads it: the setting's whole
 * number, or the default when unset or unreadable; 0 means deposits earn none.
 */
export function depositBahtPerPoint(settings: readonly Setting[] | undefined): number {
  return (
    wholeNumberSetting(settingValue(settings, SETTING_CODES.pointsDepositBahtPerPoint)) ??
    LOYALTY_SETTING_DEFAULTS.depositBahtPerPoint
  );
}
