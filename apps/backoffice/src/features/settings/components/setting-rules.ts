import type { adminSettingSchema } from '@app/contracts/admin';
import { AMOUNT_BAHT_MAX } from '@app/contracts/limits';
import { SETTING_CODES, settingValue, wholeNumberSetting } from '@app/contracts/settings';
import type { z } from 'zod';

export type Setting = z.infer<typeof adminSettingSchema>;
type Kind = 'url' | 'banner' | 'amount' | 'whole' | 'floor';

/** The settings an admin may change (the server refuses any other code), with how each is typed in. */
export const FIELDS: { code: string; kind: Kind; label: string; hint: string }[] = [
  { code: SETTING_CODES.lineOaUrl, kind: 'url', label: 'settings.lineOaUrl', hint: 'settings.lineOaUrlHint' },
  { code: SETTING_CODES.bannerUrl, kind: 'banner', label: 'settings.bannerUrl', hint: 'settings.bannerUrlHint' },
  {
    code: SETTING_CODES.depositMinAmount,
    kind: 'amount',
    label: 'settings.depositMinAmount',
    hint: 'settings.amountHint',
  },
  {
    code: SETTING_CODES.withdrawMinAmount,
    kind: 'amount',
    label: 'settings.withdrawMinAmount',
    hint: 'settings.withdrawMinHint',
  },
  {
    code: SETTING_CODES.withdrawMaxAmount,
    kind: 'amount',
    label: 'settings.withdrawMaxAmount',
    hint: 'settings.withdrawMaxHint',
  },
  {
    code: SETTING_CODES.withdrawDailyMaxAmount,
    kind: 'amount',
    label: 'settings.withdrawDailyMaxAmount',
    hint: 'settings.withdrawDailyMaxHint',
  },
  {
    code: SETTING_CODES.manualCreditApprovalAbove,
    kind: 'amount',
    label: 'settings.manualCreditApprovalAbove',
    hint: 'settings.manualCreditApprovalAboveHint',
  },
  // Loyalty and promotions: rates as whole numbers (0 turns one off), the floor in baht (0: none).
  {
    code: SETTING_CODES.pointsDepositBahtPerPoint,
    kind: 'whole',
    label: 'settings.pointsDepositBahtPerPoint',
    hint: 'settings.pointsDepositBahtPerPointHint',
  },
  {
    code: SETTING_CODES.pointsTurnoverBahtPerPoint,
    kind: 'whole',
    label: 'settings.pointsTurnoverBahtPerPoint',
    hint: 'settings.pointsTurnoverBahtPerPointHint',
  },
  {
    code: SETTING_CODES.pointsExpiryDays,
    kind: 'whole',
    label: 'settings.pointsExpiryDays',
    hint: 'settings.pointsExpiryDaysHint',
  },
  {
    code: SETTING_CODES.promotionBalanceFloor,
    kind: 'floor',
    label: 'settings.promotionBalanceFloor',
    hint: 'settings.promotionBalanceFloorHint',
  },
];

/** A baht amount of 0 or more (the floor): at most 2 decimals, up to 1,000,000, as the server reads it. */
const FLOOR_FORMAT = /^\d{1,7}(\.\d{1,2})?$/;

const AMOUNT_FORMAT = /^\d{1,9}(\.\d{1,2})?$/;
const BANNER_PATH = /^\/images\/[A-Za-z0-9/._-]+\.(png|jpe?g|webp)$/;

/** An amount of baht as the server takes it: positive, at most 2 decimals, within the overall bound. */
export function amountOf(value: string | undefined): number | undefined {
  if (value === undefined || !AMOUNT_FORMAT.test(value.trim())) return undefined;
  const amount = Number(value);
  return amount > 0 && amount <= AMOUNT_BAHT_MAX ? amount : undefined;
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What is wrong with a value, by the server's own rules (settings.service.ts):
 * https addresses, a banner under /images, positive amounts, and withdrawal
 * limits that cannot cross. Answers a locale key, or undefined when it is fine.
 */
export function settingProblem(code: string, value: string, settings: readonly Setting[]): string | undefined {
  const field = FIELDS.find((candidate) => candidate.code === code);
  if (field?.kind === 'url') return isHttpsUrl(value) ? undefined : 'settings.httpsRequired';
  if (field?.kind === 'banner')
    return isHttpsUrl(value) || BANNER_PATH.test(value) ? undefined : 'settings.bannerInvalid';
  if (field?.kind === 'whole')
    return wholeNumberSetting(value.trim()) === undefined ? 'settings.wholeInvalid' : undefined;
  if (field?.kind === 'floor') {
    return FLOOR_FORMAT.test(value.trim()) && Number(value) <= 1_000_000 ? undefined : 'settings.floorInvalid';
  }
  const amount = amountOf(value);
  if (amount === undefined) return 'settings.amountInvalid';
  if (code === SETTING_CODES.withdrawMinAmount) {
    const max = amountOf(settingValue(settings, SETTING_CODES.withdrawMaxAmount));
    if (max !== undefined && amount >= max) return 'settings.withdrawMinNotBelowMax';
  }
  if (code === SETTING_CODES.withdrawMaxAmount) {
    const min = amountOf(settingValue(settings, SETTING_CODES.withdrawMinAmount));
    if (min !== undefined && amount <= min) return 'settings.withdrawMaxNotAboveMin';
  }
  return undefined;
}
