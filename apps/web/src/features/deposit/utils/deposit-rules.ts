import { DEPOSIT_AMOUNT_SATANG_MAX, SLIP_IMAGE_BYTES_MAX } from '@app/contracts/limits';
import { formatBahtWithSymbol, satangToBaht } from '@app/contracts/money';
import { z } from 'zod';

/** "฿1.00": the minimum deposit in force (spec §9's by default), as the notes and the error show it. */
export function depositMinimumText(minSatang: number): string {
  return formatBahtWithSymbol(satangToBaht(minSatang));
}

/** The slip size limit in MB, for the hint and the error ("up to 5 MB"). */
export const SLIP_IMAGE_MB_MAX = SLIP_IMAGE_BYTES_MAX / (1024 * 1024);

/** Spec §5 confirm-deposit: the amount field takes digits only; anything else typed or pasted is dropped. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * The PromptPay amount (beyond the spec): digits and one decimal point with at
 * most two decimals, as the server's query accepts (satang are real money in a
 * PromptPay transfer). Extra points and decimals are dropped as typed.
 */
export function decimalAmountText(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  if (point === -1) return cleaned;
  const whole = cleaned.slice(0, point);
  const decimals = cleaned
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole || '0'}.${decimals}`;
}

/**
 * Spec §5 deposit: an amount greater than 0 ('Enter the amount to deposit,
 * greater than 0'), at least the minimum in force (§9; the server's setting),
 * at most what a slip may carry. Messages are keys: of the app's locales, or
 * of the shared catalogue (`amount_too_large`, the server's own words for the
 * same rule).
 */
function amountSchema(pattern: RegExp, minSatang: number) {
  return z
    .string()
    .trim()
    .refine((text) => pattern.test(text) && Number(text) > 0, { error: 'deposit.amountRequired', abort: true })
    .refine((text) => Math.round(Number(text) * 100) >= minSatang, {
      error: 'deposit.amountBelowMinimum',
      abort: true,
    })
    .refine((text) => Math.round(Number(text) * 100) <= DEPOSIT_AMOUNT_SATANG_MAX, { error: 'amount_too_large' });
}

/** The confirm-deposit amount: whole baht, digits only (spec §2, §5). */
export const slipAmountSchema = (minSatang: number) => amountSchema(/^\d{1,9}$/, minSatang);

/** The PromptPay QR amount: baht with at most two decimals. */
export const promptPayAmountSchema = (minSatang: number) => amountSchema(/^\d{1,9}(\.\d{1,2})?$/, minSatang);

/**
 * Why a chosen file cannot be a slip, or null when it can: a JPG or PNG image
 * (by type, or by extension when the browser gives no type) no larger than the
 * server takes. The server checks the image itself again.
 */
export function slipProblem(file: File): 'deposit.slipType' | 'deposit.slipTooLarge' | null {
  const typeOk = file.type
    ? ['image/jpeg', 'image/jpg', 'image/png'].includes(file.type)
    : /\.(jpe?g|png)$/i.test(file.name);
  if (!typeOk) return 'deposit.slipType';
  if (file.size > SLIP_IMAGE_BYTES_MAX) return 'deposit.slipTooLarge';
  return null;
}
