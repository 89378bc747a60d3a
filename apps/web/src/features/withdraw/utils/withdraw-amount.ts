import { SATANG_PER_BAHT, satangToBaht } from '@app/contracts/money';
import type { PlayerLimits } from '@app/contracts/settings';

/** The live errors of the amount field (spec §5 withdraw), in the order they are checked. */
export type WithdrawAmountError = 'belowMinimum' | 'insufficient' | 'aboveLimit';

/** Decimals a baht amount may carry: the server takes whole satang only. */
const DECIMALS_MAX = 2;

/**
 * What the player typed, reduced to digits and one decimal point with at most
 * two decimals: letters, signs, spaces and thousands separators (a pasted
 * "1,000") go, so does every '.' after the first. Leading zeros before another
 * digit go too ("007" → "7"), so the field shows the number it will send.
 */
export function sanitizeAmountInput(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  const whole = (point === -1 ? kept : kept.slice(0, point)).replace(/^0+(?=\d)/, '');
  if (point === -1) return whole;
  const decimals = kept
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, DECIMALS_MAX);
  return `${whole}.${decimals}`;
}

/**
 * The amount of a sanitised input in satang; undefined while there is no
 * number yet ('' or '.'). Rounding is exact for the two decimals the input
 * keeps, and a run of digits too long for exact satang still compares as more
 * than any balance, so the cap replaces it.
 */
export function amountTextToSatang(text: string): number | undefined {
  if (!/\d/.test(text)) return undefined;
  return Math.round(Number(text) * SATANG_PER_BAHT);
}

/** A balance in satang. Balances are whole satang; rounding only absorbs binary noise of the JSON number. */
export function balanceToSatang(balanceBaht: number): number {
  return Math.max(0, Math.round(balanceBaht * SATANG_PER_BAHT));
}

/** An amount of satang as the field shows it: plain digits, a decimal point only when needed ("1234.5"). */
export function satangToAmountText(amountSatang: number): string {
  return String(satangToBaht(amountSatang));
}

/**
 * Spec §5: the input is capped automatically to the balance. A sanitised value
 * above the main balance becomes the balance itself.
 */
export function capAmountText(text: string, balanceSatang: number): string {
  const amountSatang = amountTextToSatang(text);
  return amountSatang !== undefined && amountSatang > balanceSatang ? satangToAmountText(balanceSatang) : text;
}

/** The limits a withdrawal amount is checked against: the server's, as GET /setting answers them. */
export type WithdrawLimits = Pick<PlayerLimits, 'withdrawMinSatang' | 'withdrawLimitSatang'>;

/**
 * The live error of an amount (spec §5): a positive amount below the minimum,
 * more than the balance (the balance may drop after the amount was typed), or
 * not under the limit. Nothing yet, or zero, is no error; the submit button
 * stays disabled for those instead.
 */
export function withdrawAmountError(
  amountSatang: number | undefined,
  balanceSatang: number,
  limits: WithdrawLimits,
): WithdrawAmountError | null {
  if (amountSatang === undefined || amountSatang <= 0) return null;
  if (amountSatang < limits.withdrawMinSatang) return 'belowMinimum';
  if (amountSatang > balanceSatang) return 'insufficient';
  if (amountSatang >= limits.withdrawLimitSatang) return 'aboveLimit';
  return null;
}

const wholeBahtFormat = new Intl.NumberFormat('th-TH', { maximumFractionDigits: DECIMALS_MAX });

/**
 * A limit or quick amount in the words of spec §5 and §9 ("100 baht", "50,000"):
 * Thai-locale grouping like every figure of the app, but no ".00" on the whole
 * baht amounts the rules and buttons name. Balances still use formatBaht.
 */
export function formatLimitBaht(amountBaht: number): string {
  return wholeBahtFormat.format(amountBaht);
}
