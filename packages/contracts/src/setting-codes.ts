// The settings' codes and their reader, without a schema: the player app's first screen reads these, while
// the schemas (settings.ts, and zod with them) load with the first answer (the first load stays small).
import type { Setting } from './settings.ts';

/**
 * The banner seeded for BANNER_URL, and its art without words: the web app
 * shows the default banner as the art with its words written over it in the
 * player's language. A banner an operator uploads is shown as it is.
 */
export const DEFAULT_BANNER_URL = '/images/banner/event-point.png';
export const DEFAULT_BANNER_ART_URL = '/images/banner/event-point-art.webp';

/** Setting codes the app reads (spec §3) and the ones the server also keeps. */
export const SETTING_CODES = {
  lineOaUrl: 'LINE_OA_URL',
  bannerUrl: 'BANNER_URL',
  depositMinAmount: 'DEPOSIT_MIN_AMOUNT',
  withdrawMinAmount: 'WITHDRAW_MIN_AMOUNT',
  withdrawMaxAmount: 'WITHDRAW_MAX_AMOUNT',
  withdrawDailyMaxAmount: 'WITHDRAW_DAILY_MAX_AMOUNT',
  manualCreditApprovalAbove: 'MANUAL_CREDIT_APPROVAL_ABOVE',
  /** Baht deposited per point earned (floor); 0: deposits earn no points. */
  pointsDepositBahtPerPoint: 'POINTS_DEPOSIT_BAHT_PER_POINT',
  /** Baht of bets (turnover) per point earned; 0: play earns no points. */
  pointsTurnoverBahtPerPoint: 'POINTS_TURNOVER_BAHT_PER_POINT',
  /** Days after which earned points expire; 0: never. */
  pointsExpiryDays: 'POINTS_EXPIRY_DAYS',
  /** Baht: a promotion's turnover requirement ends when the player's balance falls below it; 0: never. */
  promotionBalanceFloor: 'PROMOTION_BALANCE_FLOOR',
} as const;

/** Reads one setting's value from the list the API answers with. */
export function settingValue(settings: readonly Setting[] | undefined, code: string): string | undefined {
  return settings?.find((setting) => setting.code === code)?.value;
}
