import { SATANG_PER_BAHT, satangToBaht } from '@app/contracts/money';
import type { PlayerLimits } from '@app/contracts/settings';

/** The live errors of the amount field (spec §5 withdraw), in the order they are checked. */
export type WithdrawAmountError = 'belowMinimum' | 'insufficient' | 'aboveLimit';

/** Decimals a baht amount may carry: the server takes whole satang only. */
const DECIMALS_MAX = 2;

/** An amount as the field takes it: digits, and at most one decimal point with at most two decimals. */
const AMOUNT_TEXT = /^\d*(\.\d{0,2})?$/;

/**
 * What the player typed, read without changing the number it says: spaces
 * around it go, and leading zeros before another digit ("007" is 7). Anything
 * else that is not digits and one decimal point with at most two decimals
 * ("1e5", "-5", "1,000", "12.345") is kept exactly as typed and marked
 * invalid, so the field shows an error instead of quietly turning it into
 * another number (1e5 is not 15, -5 is not 5).
 */
export function readAmountInput(raw: string): { text: string; valid: boolean } {
  const trimmed = raw.trim();
  if (!AMOUNT_TEXT.test(trimmed)) return { text: raw, valid: false };
  return { text: trimmed.replace(/^0+(?=\d)/, ''), valid: true };
}

/**
 * The amount of a valid input in satang; undefined while there is no
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

/** Made on first use, as formatBaht's (@app/contracts/money says why). */
let wholeBahtFormat: Intl.NumberFormat | undefined;

/**
 * A limit or quick amount in the words of spec §5 and §9 ("100 baht", "50,000"):
 * Thai-locale grouping like every figure of the app, but no ".00" on the whole
 * baht amounts the rules and buttons name. Balances still use formatBaht.
 */
export function formatLimitBaht(amountBaht: number): string {
  wholeBahtFormat ??= new Intl.NumberFormat('th-TH', { maximumFractionDigits: DECIMALS_MAX });
  return wholeBahtFormat.format(amountBaht);
}
