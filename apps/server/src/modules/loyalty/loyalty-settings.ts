import { LOYALTY_SETTING_DEFAULTS, SETTING_CODES, wholeNumberSetting } from '@app/contracts/settings';
import type { Queryable } from '../../db/database.ts';

export { wholeNumberSetting };

/** Baht with up to 2 decimals, 0 included, up to 1,000,000, as satang; or undefined. */
export function bahtSettingSatang(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /^([0-9]{1,7})(?:\.([0-9]{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const satang = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return satang <= 100_000_000 ? satang : undefined;
}

export type LoyaltySettings = {
  /** Baht deposited per point; 0: none. */
  depositBahtPerPoint: number;
  /** Baht of turnover per point; 0: none. */
  turnoverBahtPerPoint: number;
  /** Days points last; 0: forever. */
  expiryDays: number;
  /** Below this total balance an active promotion's requirement ends; 0: never. */
  balanceFloorSatang: number;
};

/** The loyalty settings in force: each the operator's value, or its default where unset or unreadable. */
export async function readLoyaltySettings(db: Queryable): Promise<LoyaltySettings> {
  const rows = await db
    .selectFrom('settings')
    .select(['code', 'value'])
    .where('code', 'in', [
      SETTING_CODES.pointsDepositBahtPerPoint,
      SETTING_CODES.pointsTurnoverBahtPerPoint,
      SETTING_CODES.pointsExpiryDays,
      SETTING_CODES.promotionBalanceFloor,
    ])
    .execute();
  const value = (code: string) => rows.find((row) => row.code === code)?.value;
  return {
    depositBahtPerPoint:
      wholeNumberSetting(value(SETTING_CODES.pointsDepositBahtPerPoint)) ??
      LOYALTY_SETTING_DEFAULTS.depositBahtPerPoint,
    turnoverBahtPerPoint:
      wholeNumberSetting(value(SETTING_CODES.pointsTurnoverBahtPerPoint)) ??
      LOYALTY_SETTING_DEFAULTS.turnoverBahtPerPoint,
    expiryDays: wholeNumberSetting(value(SETTING_CODES.pointsExpiryDays)) ?? LOYALTY_SETTING_DEFAULTS.expiryDays,
    balanceFloorSatang:
      bahtSettingSatang(value(SETTING_CODES.promotionBalanceFloor)) ?? LOYALTY_SETTING_DEFAULTS.balanceFloorSatang,
  };
}

/** Points a deposit earns: one per full `bahtPerPoint` baht (floor); none when the rate is 0. */
export function pointsForSatang(satang: number, bahtPerPoint: number): number {
  if (bahtPerPoint <= 0 || satang <= 0) return 0;
  return Math.floor(satang / (bahtPerPoint * 100));
}
