import { z } from 'zod';

/** Setting codes the app reads (spec §3) and the ones the server also keeps. */
/**
 * The banner seeded for BANNER_URL, and its art without words: the web app
 * shows the default banner as the art with its words written over it in the
 * player's language. A banner an operator uploads is shown as it is.
 */
export const DEFAULT_BANNER_URL = '/images/banner/event-point.png';
export const DEFAULT_BANNER_ART_URL = '/images/banner/event-point-art.png';

export const SETTING_CODES = {
  lineOaUrl: 'LINE_OA_URL',
  bannerUrl: 'BANNER_URL',
  depositMinAmount: 'DEPOSIT_MIN_AMOUNT',
  withdrawMinAmount: 'WITHDRAW_MIN_AMOUNT',
  withdrawMaxAmount: 'WITHDRAW_MAX_AMOUNT',
  withdrawDailyMaxAmount: 'WITHDRAW_DAILY_MAX_AMOUNT',
  manualCreditApprovalAbove: 'MANUAL_CREDIT_APPROVAL_ABOVE',
} as const;

export const settingSchema = z.object({ code: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

export const settingsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(settingSchema),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const rewardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(rewardSchema),
});
export type RewardsResponse = z.infer<typeof rewardsResponseSchema>;

/** Reads one setting's value from the list the API answers with. */
export function settingValue(settings: readonly Setting[] | undefined, code: string): string | undefined {
  return settings?.find((setting) => setting.code === code)?.value;
}
